#!/usr/bin/env python3
"""Independent reader (standard library only) for graph_benchmarkinggnns_leaderboard_md.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/docs/07_leaderboards.md (benchmarking-gnns leaderboards).  Sections '## 1. PATTERN - Node Classification'
.. '## 7. OGBL-COLLAB - ...'; under each, one or two tables, each introduced by a bold line
'**Models with configs having 100k trainable parameters**' (or 500k, 40k, '500k ... for 3WLGNN and RingGNN'),
header '|Rank|Model | #Params | Test Acc  &plusmn; s.d. | Links |'.
Each table is one task: '<DATASET> (<budget>)', e.g. 'MNIST (100k)', 'MNIST (500k)'  (the dataset is the
heading's name, the budget the bold line's number), so that one architecture run under two budgets is not
two scores for one task.  model = 'Model'; metric = the 4th header with '&plusmn; s.d.' removed ('Test Acc',
'Test MAE', 'Test F1', 'Test Hits@50'); score = the mean before '&plusmn;'.  Directions: Acc, F1, Hits@50 higher
is better; MAE (ZINC graph regression) lower is better.  Not scores: Rank, #Params (also 'NA(k=2)', '-'), Links.
"""
import csv
import os
import re
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "docs", "07_leaderboards.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    rows = []
    dataset = budget = header = None
    for line in lines:
        m = re.match(r"^## \d+\. (\S+) - ", line)
        if m:
            dataset, budget, header = m.group(1), None, None
            continue
        m = re.match(r"^\*\*Models with configs having (\d+k) trainable parameters", line)
        if m:
            budget, header = m.group(1), None
            continue
        if dataset is None or budget is None or not line.startswith("|"):
            continue
        c = cells(line)
        if header is None:
            header = c
            continue
        if set("".join(c)) <= set("-: "):
            continue
        metric = header[3].replace("&plusmn;", "").replace("s.d.", "").strip()
        score = c[3].split("&plusmn;")[0].strip()
        hib = "false" if "MAE" in metric else "true"
        rows.append((c[1], "%s (%s)" % (dataset, budget), metric, score, hib))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])
