#!/usr/bin/env python3
"""Independent reader (standard library only) for opt_qpbenchmark_maros_meszaros_md.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/results/maros_meszaros.md (qpsolvers_benchmark report, Maros-Meszaros test set).
Board = the three tables of section "## Results by settings" (### Default / ### High accuracy /
### Low accuracy): model = solver (first, unnamed column), task = the settings (default,
high_accuracy, low_accuracy), metric = each column's link text (Success rate, Runtime, Primal residual,
Dual residual, Duality gap, Cost error), score as printed.
Directions: Success rate is "percentage of problems a solver is able to solve" -> higher is better;
the five (shm) columns are shifted geometric means "(1.0 is the best)", "Lower is better" -> lower.
Not the board: Solvers/Settings/tolerance tables, and the "Results by metric" section (the same numbers
per metric, success rate rounded, plus the "solved return codes are correct" diagnostic table, not one of
the README's metrics).
"""
import csv
import os
import re
import sys

SETTINGS = {"Default": "default", "High accuracy": "high_accuracy", "Low accuracy": "low_accuracy"}


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "results", "maros_meszaros.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    rows = []
    section = None
    task = None
    header = None
    for line in lines:
        if line.startswith("## "):
            section = line[3:].strip()
            task = None
            continue
        if line.startswith("### ") and section == "Results by settings":
            task = SETTINGS[line[4:].strip()]
            header = None
            continue
        if task is None:
            continue
        if not line.startswith("|"):
            header = None if not line.strip() == "" else header
            continue
        c = cells(line)
        if header is None:
            header = []
            for h in c[1:]:
                m = re.match(r"\[([^\]]+)\]", h)
                header.append(m.group(1))
            continue
        if set("".join(c)) <= set("-: "):
            continue
        for name, val in zip(header, c[1:]):
            hib = "true" if name == "Success rate" else "false"
            rows.append((c[0], f"{task}/{name}", name, val, hib))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])
