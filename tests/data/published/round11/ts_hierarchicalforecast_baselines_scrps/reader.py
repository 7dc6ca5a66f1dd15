#!/usr/bin/env python3
"""Reader for Nixtla/hierarchicalforecast experiments/hierarchical_baselines/README.md.

Main board: the sCRPS table under "## Probabilistic Coherent Forecast Accuracy".
Its header row carries the probabilistic method (BOOTSTRAP / NORMALITY / PERMBU),
each spanning three columns via the MultiMarkdown "|||" colspan syntax; the first
body row ("**Dataset**") carries the reconciler (BottomUp / TopDown / MinTrace).
Model = "<METHOD>/<reconciler>", task = dataset, "-" = not run (omitted).
sCRPS is a loss: lower is better. The second table (relMSE) is a separate board
and is not read.
"""
import csv
import os
import re
import sys


def cells(line):
    s = line.strip()
    if s.startswith("|"):
        s = s[1:]
    if s.endswith("|"):
        s = s[:-1]
    return [c.strip() for c in s.split("|")]


def unbold(c):
    return re.sub(r"\*\*(.*?)\*\*", r"\1", c).strip()


def main(set_dir):
    path = os.path.join(set_dir, "raw/experiments/hierarchical_baselines/README.md")
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = next(i for i, l in enumerate(lines)
                 if l.strip() == "## Probabilistic Coherent Forecast Accuracy")
    end = next(i for i, l in enumerate(lines)
               if l.strip() == "## Hierarchically Coherent Forecast Accuracy")
    tbl = [l for l in lines[start:end] if l.strip().startswith("|")]
    top = [unbold(c) for c in cells(tbl[0])]
    groups = []
    cur = ""
    for c in top:
        if c:
            cur = c
        groups.append(cur)
    body = [cells(l) for l in tbl[1:] if not all(set(c) <= set("-: ") for c in cells(l))]
    sub = [unbold(c) for c in body[0]]
    assert sub[0] == "Dataset", sub
    models = [g + "/" + s for g, s in zip(groups[1:], sub[1:])]
    rows = []
    for cs in body[1:]:
        task = unbold(cs[0])
        for model, v in zip(models, cs[1:]):
            v = v.strip()
            if v in ("-", ""):
                continue
            float(v)
            rows.append((model, task, "sCRPS", v, "false"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
