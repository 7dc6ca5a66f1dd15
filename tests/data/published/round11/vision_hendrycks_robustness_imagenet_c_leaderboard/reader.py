"""Independent reader for README.md of hendrycks/robustness.

Reading: the main board is the table under "## ImageNet-C Leaderboard": methods x {mCE, Clean Error},
both error rates (lower is better). "Reference" (paper links) and "Standalone?" (a Yes/No/N/A flag)
are not scores. The ImageNet-P leaderboard further down is a separate board (other benchmark, other
metrics, other method list) and is not read.

    python reader.py SET_DIR   ->  SET_DIR/expected.csv
"""

import csv
import os
import re
import sys

SRC = os.path.join("raw", "README.md")
SECTION = "ImageNet-C Leaderboard"
SCORES = {"mCE": False, "Clean Error": False}  # column -> higher_is_better


def clean(cell):
    cell = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", cell)
    return cell.strip()


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
    section, header, rows = None, None, []
    for line in lines:
        if line.startswith("#"):
            section = line.lstrip("#").strip()
            header = None
            continue
        if section != SECTION or not line.strip().startswith("|"):
            continue
        cells = split_row(line)
        if header is None:
            header = cells
            continue
        if set(line.replace("|", "").strip()) <= set("- :"):
            continue
        model = clean(cells[0])
        for col, value in zip(header[1:], cells[1:]):
            if col in SCORES and value.strip():
                rows.append((model, col, col, float(value.strip().rstrip("%")), SCORES[col]))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for model, task, metric, score, hib in rows:
            w.writerow([model, task, metric, repr(score), "true" if hib else "false"])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
