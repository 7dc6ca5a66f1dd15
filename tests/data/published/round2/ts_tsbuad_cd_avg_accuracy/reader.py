#!/usr/bin/env python3
"""Independent reader (stdlib only) for ts_tsbuad_cd_avg_accuracy.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Source: TheDatumOrg/TSB-UAD result/statistical_test_table/all_avg_acc_eval.csv, the input of
result/statistical_test/main.py (critical-difference diagrams): long table
`classifier_name,dataset_name,accuracy`, one row per (anomaly detector, dataset).  Board:
model = classifier_name (12 detectors), task = dataset_name (18 TSB-UAD datasets), score =
accuracy (the detector's AUC-ROC averaged over the dataset's time series; README "Overall
Results"), higher is better (main.py ranks `df_ranks.rank(ascending=False)`).
"""
import csv
import os
import sys


def main():
    d = sys.argv[1].rstrip("/")
    rows = []
    with open(os.path.join(d, "raw", "result", "statistical_test_table", "all_avg_acc_eval.csv"),
              newline="", encoding="utf-8") as fh:
        for r in csv.DictReader(fh):
            v = r["accuracy"].strip()
            if v == "":
                continue
            rows.append((r["classifier_name"], r["dataset_name"], "accuracy", repr(float(v)), "true"))
    keys = [(m, t) for m, t, *_ in rows]
    assert len(keys) == len(set(keys)), "duplicate (classifier, dataset)"
    with open(os.path.join(d, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(os.path.basename(d), len(rows), "rows")


if __name__ == "__main__":
    main()
