#!/usr/bin/env python3
"""Independent reader (standard library only) for tab_catboost_ranking_ndcg_md.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/ranking/Readme.md (catboost/benchmarks ranking benchmark), section '## 4. Results': four tables, each with
an empty first (header) row, a separator, a row '| **MQ2008** | | | | **NDCG** |' naming the dataset and the
metric, a row '| | learning_rate | max_bin | max_depth | best_score |' naming the columns, then one row per
method (library + objective, e.g. 'cat-yeti-rank', 'xgb-lambdamart-ndcg', 'lgb-pairwise'; the best in bold).
model = method (bold markers removed); task = dataset (MQ2008, MSRank, Yahoo, Yandex); metric = NDCG
(the 'best_score' column: "We compare methods by the mean NDCG metric ... k=top=10"); higher is better.
learning_rate, max_bin, max_depth are the chosen hyper-parameters, not scores. '--' = not run: no row.
The '### Parameters' grid table (section 2) is not a result.
"""
import csv
import os
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "ranking", "Readme.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    rows = []
    in_results = False
    dataset = None
    cols = None
    for line in lines:
        if line.startswith("## ") or line.startswith("### "):
            in_results = line.strip() == "## 4. Results"
            continue
        if not in_results:
            continue
        if not line.strip().startswith("|"):
            dataset, cols = None, None
            continue
        c = [x.replace("*", "").strip() for x in cells(line)]
        if set("".join(c)) <= set("-: "):
            continue
        if c[0] and dataset is None:
            dataset = c[0]
            continue
        if not c[0] and c[1] == "learning_rate":
            cols = c
            continue
        if dataset and cols:
            r = dict(zip(cols[1:], c[1:]))
            v = r.get("best_score", "")
            if v and v != "--":
                rows.append((c[0], dataset, "NDCG", v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])
