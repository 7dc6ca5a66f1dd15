#!/usr/bin/env python3
"""Independent reader (standard library only) for tab_catboost_quality_logloss_md.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/quality_benchmarks/README.md (catboost/benchmarks), section '## Comparison results': a Markdown table
without outer pipes, header '| | Default CatBoost | Tuned CatBoost | ... | Tuned H2O', rows
'[Adult](https://...) | 0.272978 (±0.0004) (+1.20%) | _**0.269741**_ (±0.0001) | ...'.
model = column header (8 library x default/tuned configurations); task = the dataset (link text);
metric = Logloss; score = the first number of the cell (emphasis markers removed); lower is better:
"Metric: Logloss (lower is better). In the first brackets - std, in the second - the percentage difference
from the tuned CatBoost."  The bracketed std and percentage are not scores.
"""
import csv
import os
import re
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "quality_benchmarks", "README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    rows = []
    header = None
    in_section = False
    for line in lines:
        if line.startswith("## "):
            in_section = line.strip() == "## Comparison results"
            continue
        if not in_section or "|" not in line:
            continue
        c = cells(line)
        if header is None:
            header = c
            continue
        if set("".join(c)) <= set("-: "):
            continue
        m = re.match(r"\[([^\]]+)\]", c[0])
        task = m.group(1) if m else c[0]
        for model, cell in zip(header[1:], c[1:]):
            v = re.match(r"[_*]*([0-9.]+)", cell)
            if v:
                rows.append((model, task, "Logloss", v.group(1), "false"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])
