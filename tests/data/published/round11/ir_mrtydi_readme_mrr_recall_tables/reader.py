"""Independent reader for README.md of castorini/mr.tydi.

Reading: the "## Results" section holds two tables, "### MRR@100" and "### Recall@100", with the
same four retrieval systems (rows, names right-aligned with leading spaces, empty header cell) and
the same eleven language columns. They are one board split by metric: tasks are
(metric, language), 22 in all. "avg" is the mean over the languages -> left out. Both metrics:
higher is better.

    python reader.py SET_DIR   ->  SET_DIR/expected.csv
"""

import csv
import os
import sys

SRC = os.path.join("raw", "README.md")
AGGREGATES = {"avg"}


def split_row(line):
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|"):
        line = line[:-1]
    return [c.strip() for c in line.split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, SRC), encoding="utf-8") as f:
        lines = f.read().splitlines()
    in_results = False
    metric = None
    header = None
    rows = []
    for line in lines:
        if line.startswith("## "):
            in_results = line[3:].strip() == "Results"
            metric, header = None, None
            continue
        if line.startswith("### "):
            metric, header = line[4:].strip(), None
            continue
        if not in_results or metric is None or not line.strip().startswith("|"):
            continue
        cells = split_row(line)
        if header is None:
            header = cells
            continue
        if set(line.replace("|", "").strip()) <= set("- :"):
            continue
        model = cells[0]
        for lang, value in zip(header[1:], cells[1:]):
            if lang in AGGREGATES or not value:
                continue
            rows.append((model, f"{metric} {lang}", metric, float(value), True))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for model, task, metric, score, hib in rows:
            w.writerow([model, task, metric, repr(score), "true" if hib else "false"])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
