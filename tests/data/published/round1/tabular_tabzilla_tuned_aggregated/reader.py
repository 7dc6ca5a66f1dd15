#!/usr/bin/env python3
"""Independent reader (stdlib only) for tabular_tabzilla_tuned_aggregated.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Source: naszilla/tabzilla tabzilla_analysis/final-selected18-algs/1-aggregate-results.ipynb writes
cleaned_results/tuned_aggregated_results.csv with `DataFrame.to_csv(...)` (pandas index kept as an
unnamed first column): "performance of each tuned algorithm on each dataset, where performance is
averaged over all 10 folds".  The raw test metric kept per (alg, dataset) is Accuracy only
(`result_col = test_metric_col + "_mean"  # define the target metric column, we will use this
value for all plots`); F1 and Log Loss are merged in only as normalised values, ranks and per-dataset
min/max.  analysis_utils.is_max_metric: "Accuracy": True.
Board: model = alg_name, task = dataset_name, score = Accuracy__test_mean, higher is better.
"""
import csv
import glob
import os
import sys


def main():
    d = sys.argv[1].rstrip("/")
    path = glob.glob(os.path.join(d, "raw", "**", "tuned_aggregated_results.csv"), recursive=True)[0]
    rows = []
    with open(path, newline="", encoding="utf-8") as fh:
        for r in csv.DictReader(fh):
            v = r["Accuracy__test_mean"].strip()
            if v == "" or float(v) != float(v):
                continue
            rows.append((r["alg_name"], r["dataset_name"], "Accuracy__test_mean", repr(float(v)), "true"))
    keys = [(m, t) for m, t, *_ in rows]
    assert len(keys) == len(set(keys)), "duplicate (alg, dataset)"
    with open(os.path.join(d, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(sorted(rows))
    print(os.path.basename(d), len(rows), "rows")


if __name__ == "__main__":
    main()
