#!/usr/bin/env python3
"""Independent reader (stdlib only) for rl_corl_offline_to_online_md.

usage: python reader.py SET_DIR  -> writes SET_DIR/expected.csv

Source: corl-team/CORL docs/benchmarks/offline-to-online.md, printed by results/get_finetune_tables_and_plots.py:
    get_table(last_offline_scores, last_offline_stds, scores2=last_online_scores, stds2=last_online_stds,
              scores_delim=" -> ", ...)          # cell "offline mean ± std →  online mean ± std"
    get_table(regrets, regrets_std, "±", ...)     # regret = np.mean(1 - np.array(train_successes))
    plot_bars(last_online_scores, "last_online")
Board: algorithm (column) x D4RL dataset (row), two tasks per dataset: the normalized score after online
fine-tuning (right of the arrow; higher is better) and the regret (1 - success rate during fine-tuning;
lower is better).  "**average**" rows are aggregates and are skipped.
"""
import csv
import os
import re
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main():
    d = sys.argv[1].rstrip("/")
    path = os.path.join(d, "raw", "docs", "benchmarks", "offline-to-online.md")
    rows, section, header = [], None, None
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.rstrip("\n")
            if line.startswith("## "):
                section, header = line[3:].strip(), None
                continue
            if line.startswith("### "):
                header = None
                continue
            if not line.startswith("|"):
                continue
            c = cells(line)
            if set("".join(c)) <= set(":-"):
                continue
            if header is None:
                header = c
                continue
            if "average" in c[0]:
                continue
            dataset = c[0]
            for algo, cell in zip(header[1:], c[1:]):
                if section == "Scores":
                    online = cell.split("→")[1]
                    mean = online.split("±")[0].strip()
                    rows.append((algo, f"{dataset}/score", "normalized score after fine-tuning", mean, "true"))
                elif section == "Regrets":
                    mean = cell.split("±")[0].strip()
                    rows.append((algo, f"{dataset}/regret", "regret", mean, "false"))
    keys = [(r[0], r[1]) for r in rows]
    assert len(keys) == len(set(keys)), "duplicate model x task"
    with open(os.path.join(d, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(os.path.basename(d), len(rows), "rows,", len({r[0] for r in rows}), "models,", len({r[1] for r in rows}), "tasks")


if __name__ == "__main__":
    main()
