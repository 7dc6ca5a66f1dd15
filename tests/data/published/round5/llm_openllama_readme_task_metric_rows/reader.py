#!/usr/bin/env python3
"""Independent reader (standard library only) for README.md of openlm-research/open_llama at 6e7f73e.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

The README's only pipe table: header `**Task/Metric** | <8 model names>`; each body row is `task/metric`
then one score per model; the `Average` row (mean of the 21 rows) is left out. All scores higher is
better (accuracy, EM, F1, TruthfulQA mc1/mc2). Task = the whole `task/metric` cell (the source averages
every row, acc and acc_norm alike); metric = the part after `/`.
"""
import csv, os, sys


def main(set_dir):
    lines = open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8").read().splitlines()
    table = [l for l in lines if l.strip().startswith("|")]
    cells = [[c.strip() for c in l.strip().strip("|").split("|")] for l in table]
    header, body = cells[0], [r for r in cells[2:]]
    models = header[1:]
    rows = []
    for r in body:
        if r[0] == "Average":
            continue
        task, metric = r[0], r[0].split("/", 1)[1]
        for m, v in zip(models, r[1:]):
            if v:
                rows.append([m, task, metric, v, "true"])
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{len(rows)} rows, {len({r[0] for r in rows})} models, {len({r[1] for r in rows})} tasks")


if __name__ == "__main__":
    main(sys.argv[1])
