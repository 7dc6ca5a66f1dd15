"""Independent reader for README.md of modelscope/3D-Speaker.

Reading: the main board is the first table under "## Benchmark" (speaker-verification EER of the
toolkit's models on VoxCeleb1-O, CNCeleb and 3D-Speaker). EER is an error rate: lower is better.
"Params" is a model size, not a score. The second table (diarization DER, transposed: test sets as
rows, toolkits as columns) is a separate board and is not read.

    python reader.py SET_DIR   ->  SET_DIR/expected.csv
"""

import csv
import os
import re
import sys

SRC = os.path.join("raw", "README.md")
NOT_SCORES = {"Params"}


def clean(cell):
    cell = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", cell)
    return cell.replace("**", "").strip()


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
    section = None
    header = None
    tables_seen = 0
    rows = []
    for line in lines:
        if line.startswith("#"):
            section = line.lstrip("#").strip()
            header = None
            continue
        if section != "Benchmark":
            continue
        if not line.strip().startswith("|"):
            if header is not None:
                tables_seen += 1
            header = None
            continue
        if tables_seen >= 1:
            break  # only the first table of the section (EER); the DER table follows
        cells = split_row(line)
        if header is None:
            header = [clean(c) for c in cells]
            continue
        if set(line.replace("|", "").strip()) <= set("- :"):
            continue
        model = clean(cells[0])
        for task, value in zip(header[1:], cells[1:]):
            if task in NOT_SCORES:
                continue
            value = clean(value)
            if value:
                rows.append((model, task, "EER (%)", float(value.rstrip("%")), False))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for model, task, metric, score, hib in rows:
            w.writerow([model, task, metric, repr(score), "true" if hib else "false"])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
