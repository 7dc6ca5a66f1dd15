#!/usr/bin/env python3
"""Independent reader (standard library only) for nlp_flair_readme_ner_vs_best_published.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/README.md (flairNLP/flair), "## State-of-the-Art Models": one pipe table
`| Language | Dataset | Flair | Best published | Model card & demo`.  A task is Language + Dataset
(the dataset name alone repeats: Conll-03 (4-class) in four languages).  The contestants are the two
score columns, Flair and Best published; cells are NER F1 scores, bold (**94.09**) or italic with a
citation link (*94.3 [(Yamada et al., 2020)](...)*).  The last column holds links, not scores.
Higher is better (F1).
"""
import csv
import os
import re
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    i = next(k for k, l in enumerate(lines) if l.startswith("| Language | Dataset | Flair | Best published"))
    header = cells(lines[i])
    out = []
    for line in lines[i + 2:]:
        if not line.startswith("|"):
            break
        c = cells(line)
        task = "%s %s" % (c[0], re.sub(r"\s+", " ", c[1]))
        for j in (2, 3):
            v = re.match(r"[*\s]*([0-9.]+)", c[j]).group(1)
            out.append((header[j], task, "F1", v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print("wrote %d rows, %d models, %d tasks" % (len(out), len({o[0] for o in out}), len({o[1] for o in out})))


if __name__ == "__main__":
    main(sys.argv[1])
