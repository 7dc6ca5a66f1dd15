#!/usr/bin/env python3
"""Independent reader (standard library only) for evaluation/more_results.md of deepseek-ai/DeepSeek-LLM
at 6712a86.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Board = the first pipe table (under '# More Evaluation Results'): models in the first column, one column per
benchmark. Rows whose cells are all empty are separators; '/' is missing. Pile-test and Pile-test-BPB
(language-modelling loss / bits per byte) are lower is better, every other column higher is better.
The later tables (math settings of one model; one-row exam tables with models as columns) are not read.
"""
import csv, os, sys

LOWER = {"Pile-test", "Pile-test-BPB"}


def main(set_dir):
    lines = open(os.path.join(set_dir, "raw", "evaluation", "more_results.md"), encoding="utf-8").read().splitlines()
    table, started = [], False
    for l in lines:
        if l.strip().startswith("|"):
            table.append(l)
            started = True
        elif started:
            break
    cells = [[c.strip() for c in l.strip().strip("|").split("|")] for l in table]
    header, body = cells[0], cells[2:]
    rows = []
    for r in body:
        if not any(r):
            continue
        model = r[0]
        for t, v in zip(header[1:], r[1:]):
            if v and v != "/":
                rows.append([model, t, "score", v, "false" if t in LOWER else "true"])
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{len(rows)} rows, {len({r[0] for r in rows})} models, {len({r[1] for r in rows})} tasks")


if __name__ == "__main__":
    main(sys.argv[1])
