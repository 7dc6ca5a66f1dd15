"""Independent reader for README.md of zihangdai/xlnet.

Reading: the three tables of the "## Results" section ("Results on Reading Comprehension",
"Results on Text Classification", "Results on GLUE") are one board split in three: the same models
(BERT-Large, XLNet-Base, XLNet-Large) on different task groups. The text-classification numbers are
error rates ("The above numbers are error rates.") -> lower is better; all others are accuracy / EM /
GLUE dev scores -> higher is better. Empty cells are missing. The batch-size table further down
(section "## Fine-tuning with XLNet") is a memory benchmark, not results.

    python reader.py SET_DIR   ->  SET_DIR/expected.csv
"""

import csv
import os
import re
import sys

SRC = os.path.join("raw", "README.md")
LOWER_IS_BETTER_SECTIONS = {"Results on Text Classification"}


def clean(cell):
    cell = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", cell)
    cell = cell.replace("**", "")
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
    in_results = False
    sub = None
    header = None
    rows = []
    for line in lines:
        if line.startswith("## "):
            in_results = line[3:].strip() == "Results"
            sub, header = None, None
            continue
        if line.startswith("### "):
            sub, header = line[4:].strip(), None
            continue
        if not in_results or "|" not in line:
            header = None if "|" not in line else header
            continue
        cells = split_row(line)
        if header is None:
            header = [clean(c) for c in cells]
            continue
        if set(line.replace("|", "").strip()) <= set("- :"):
            continue
        model = clean(cells[0])
        hib = sub not in LOWER_IS_BETTER_SECTIONS
        metric = "error rate" if not hib else None
        for task, value in zip(header[1:], cells[1:]):
            value = clean(value)
            if not value:
                continue
            m = metric or task
            rows.append((model, task, m, float(value), hib))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for model, task, metric, score, hib in rows:
            w.writerow([model, task, metric, repr(score), "true" if hib else "false"])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
