#!/usr/bin/env python3
"""Independent reader (standard library only) for agents_teval_scores_csv.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/docs/scores.csv is the data of T-Eval's GitHub Pages leaderboard (docs/leaderboard.html, sorted by
`overall` descending). Columns: Model, overall, instruct, plan, reason, retrieve, understand, review,
opensourced, link. teval/utils/convert_results.py: the six ability scores (x100), overall = their mean.
  model = Model; tasks = the six abilities; higher is better;
  overall (aggregate), opensourced (flag), link (URL) are left out.
"""
import csv
import os
import sys

TASKS = ["instruct", "plan", "reason", "retrieve", "understand", "review"]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "docs", "scores.csv"), encoding="utf-8", newline="") as f:
        table = list(csv.DictReader(f))
    rows = []
    for r in table:
        for t in TASKS:
            v = (r.get(t) or "").strip()
            if v:
                rows.append((r["Model"].strip(), t, "score", v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])
