#!/usr/bin/env python3
"""Independent reader (standard library only) for code_codexglue_code_to_text_readme.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/Code-Text/code-to-text/README.md (microsoft/CodeXGLUE): the table under "## Result":
  | Model | Ruby | Javascript | Go | Python | Java | PHP | Overall |
  model = Model (link text of [name](url)), tasks = the six languages, score = smoothed BLEU-4
  ("evaluted by smoothed bleu-4 score"), higher is better; ** bold ** stripped; Overall (mean) left out.
  The "### Data Statistic" table (example counts) is not a results table.
"""
import csv
import os
import re
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "Code-Text", "code-to-text", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = lines.index("## Result")
    header, rows = None, []
    for line in lines[start + 1:]:
        if line.startswith("## "):
            break
        if not line.startswith("|"):
            continue
        c = cells(line)
        if header is None:
            header = c
            continue
        if set("".join(c)) <= set("-: "):
            continue
        model = re.sub(r"^\[([^\]]+)\]\([^)]*\)$", r"\1", c[0])
        for h, v in zip(header[1:], c[1:]):
            v = v.replace("**", "").strip()
            if h != "Overall" and v:
                rows.append((model, h, "smoothed_bleu4", v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])
