#!/usr/bin/env python3
"""Independent reader (standard library only) for docs/alignment_leaderboard.csv of declare-lab/instruct-eval
at 49bbd2c (InstructEval leaderboard, Alignment tab: HHH accuracy per portion).

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Cells and header names are stripped (the file has spaces after some commas). Model = Model + size
('Llama (7B)'; 'ChatGPT' has no size): Llama and Alpaca each appear with two sizes. Tasks Harmless,
Helpful, Honest, Others (hhh.py accuracy per portion, higher is better); Parameters(B) and Avg are not
scores.
"""
import csv, os, sys

TASKS = ["Harmless", "Helpful", "Honest", "Others"]


def main(set_dir):
    path = os.path.join(set_dir, "raw", "docs", "alignment_leaderboard.csv")
    rows = []
    with open(path, encoding="utf-8", newline="") as f:
        rd = csv.reader(f)
        header = [h.strip() for h in next(rd)]
        for r in rd:
            d = dict(zip(header, (c.strip() for c in r)))
            if not any(d.values()):
                continue
            size = d["Parameters(B)"]
            model = f"{d['Model']} ({size}B)" if size else d["Model"]
            for t in TASKS:
                if d[t]:
                    rows.append([model, t, "accuracy", d[t], "true"])
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{len(rows)} rows, {len({r[0] for r in rows})} models, {len({r[1] for r in rows})} tasks")


if __name__ == "__main__":
    main(sys.argv[1])
