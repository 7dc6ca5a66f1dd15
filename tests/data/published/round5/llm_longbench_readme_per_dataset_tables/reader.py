#!/usr/bin/env python3
"""Independent reader (standard library only) for LongBench/README.md of THUDM/LongBench at 2e00731.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Board = the six tables under '## 📊 Evaluation Result on Each Dataset' (one per task category, same 8
models in the first column, 2-4 dataset columns each): 8 models x 21 datasets, % scores, all higher is
better (F1 / Rouge-L / accuracy / edit similarity, LongBench/task.md). The task-count table and the two
Leaderboard tables (category averages) are not read.
"""
import csv, os, sys


def tables(lines):
    cur = []
    for l in lines:
        if l.strip().startswith("|"):
            cur.append([c.strip() for c in l.strip().strip("|").split("|")])
        elif cur:
            yield cur
            cur = []
    if cur:
        yield cur


def main(set_dir):
    lines = open(os.path.join(set_dir, "raw", "LongBench", "README.md"), encoding="utf-8").read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith("## ") and "Evaluation Result on Each Dataset" in l)
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("## "))
    rows = []
    for t in tables(lines[start:end]):
        header, body = t[0], t[2:]
        for r in body:
            for task, v in zip(header[1:], r[1:]):
                if v:
                    rows.append([r[0], task, "score", v, "true"])
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{len(rows)} rows, {len({r[0] for r in rows})} models, {len({r[1] for r in rows})} tasks")


if __name__ == "__main__":
    main(sys.argv[1])
