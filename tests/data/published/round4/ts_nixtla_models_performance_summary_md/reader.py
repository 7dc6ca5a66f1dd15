#!/usr/bin/env python3
"""Independent reader (stdlib only) for ts_nixtla_models_performance_summary_md.

usage: python reader.py SET_DIR  -> writes SET_DIR/expected.csv

Source: Nixtla/nixtla action_files/models_performance/summary.md, written by
action_files/models_performance/main.py summary_performance():
    f.write(f"## Experiment {exp_number}: {experiment_name}\n\n")
    f.write("### Description:\n")      # variable | experiment  (h, season_length, freq, level, n_windows)
    f.write("### Results:\n")          # metric | timegpt-1 | timegpt-1-long-horizon | SeasonalNaive | Naive
Metrics: `metrics = [mae, mse, mape]` from utilsforecast.losses (errors: lower is better), plus a
"total_time" row (seconds, not a score).  One experiment = experiment_name x h (x freq, level, n_windows),
so the task is "<experiment_name> h=<h>" x metric.
"""
import csv
import os
import re
import sys

ERRORS = ("mae", "mape", "mse")


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main():
    d = sys.argv[1].rstrip("/")
    path = os.path.join(d, "raw", "action_files", "models_performance", "summary.md")
    rows, name, desc, section, header = [], None, {}, None, None
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.rstrip("\n")
            m = re.match(r"^## Experiment (\d+): (.+)$", line)
            if m:
                name, desc, section, header = m.group(2).strip(), {}, None, None
                continue
            if line.startswith("### "):
                section, header = line[4:].strip().rstrip(":"), None
                continue
            if not line.startswith("|"):
                continue
            c = cells(line)
            if set("".join(c)) <= set(":-"):
                continue  # separator row
            if header is None:
                header = c
                continue
            if section == "Description":
                desc[c[0]] = c[1]
            elif section == "Results" and c[0] in ERRORS:
                task = f"{name} h={desc['h']}/{c[0]}"
                for model, val in zip(header[1:], c[1:]):
                    if val:
                        rows.append((model, task, c[0], val, "false"))
    keys = [(r[0], r[1]) for r in rows]
    assert len(keys) == len(set(keys)), "duplicate model x task"
    with open(os.path.join(d, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(os.path.basename(d), len(rows), "rows,", len({r[0] for r in rows}), "models,", len({r[1] for r in rows}), "tasks")


if __name__ == "__main__":
    main()
