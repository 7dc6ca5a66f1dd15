#!/usr/bin/env python3
"""Independent reader (stdlib only) for recsys_surprise_readme_benchmarks.

usage: python reader.py SET_DIR  -> writes SET_DIR/expected.csv

Source: NicolasHug/Surprise README.md "Benchmarks" tables, written by examples/benchmark.py
(tabulate pipe tables: header [LINK[dataset], "RMSE", "MAE", "Time"], rows [LINK[algo], mean_rmse, mean_mae, cv_time]).
Board: model = link text of the first cell; task = dataset (link text of the first header cell) x metric;
RMSE and MAE are errors (lower is better); Time is not a score.
"""
import csv
import os
import re
import sys

LINK = re.compile(r"^\[([^\]]+)\]\([^)]*\)$")


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main():
    d = sys.argv[1].rstrip("/")
    with open(os.path.join(d, "raw", "README.md"), encoding="utf-8") as fh:
        lines = fh.read().split("\n")
    rows = []
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        if line.startswith("|") and i + 1 < len(lines) and re.match(r"^\|[\s:|-]+\|$", lines[i + 1].strip()):
            head = cells(line)
            if head[1:] == ["RMSE", "MAE", "Time"]:
                dataset = LINK.match(head[0]).group(1)
                i += 2
                while i < len(lines) and lines[i].strip().startswith("|"):
                    c = cells(lines[i])
                    model = LINK.match(c[0]).group(1)
                    for metric, v in (("RMSE", c[1]), ("MAE", c[2])):
                        rows.append((model, f"{dataset}/{metric}", metric, repr(float(v)), "false"))
                    i += 1
                continue
        i += 1
    keys = [(m, t) for m, t, *_ in rows]
    assert len(keys) == len(set(keys))
    with open(os.path.join(d, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(os.path.basename(d), len(rows), "rows")


if __name__ == "__main__":
    main()
