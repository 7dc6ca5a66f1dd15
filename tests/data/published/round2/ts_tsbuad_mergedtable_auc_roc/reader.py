#!/usr/bin/env python3
"""Independent reader (stdlib only) for ts_tsbuad_mergedtable_auc_roc.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Source: TheDatumOrg/TSB-UAD result/accuracy_table/mergedTable_AUC_ROC.csv ("the accuracy tables
for each time series and each accuracy measure", README): one row per time series (`filename`),
one column per anomaly detector holding its AUC-ROC on that series, then descriptive columns of
the series (dataset, period_length, ratio, nb_anomaly, ..., type_an).  Board: model = the 12
detector columns, task = filename, score = AUC-ROC, higher is better.  The descriptive columns
are not scores.  An empty cell (NORMA on 28 NASA series) writes no row.
"""
import csv
import os
import sys

DETECTORS = ["IFOREST", "LOF", "MP", "NORMA", "IFOREST1", "HBOS", "OCSVM", "PCA", "AE", "CNN", "LSTM", "POLY"]


def main():
    d = sys.argv[1].rstrip("/")
    rows = []
    with open(os.path.join(d, "raw", "result", "accuracy_table", "mergedTable_AUC_ROC.csv"),
              newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        assert reader.fieldnames[1:13] == DETECTORS, reader.fieldnames
        for r in reader:
            for m in DETECTORS:
                v = r[m].strip()
                if v == "" or v.lower() == "nan":
                    continue
                rows.append((m, r["filename"], "AUC_ROC", repr(float(v)), "true"))
    keys = [(m, t) for m, t, *_ in rows]
    assert len(keys) == len(set(keys)), "duplicate (detector, series)"
    with open(os.path.join(d, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(os.path.basename(d), len(rows), "rows")


if __name__ == "__main__":
    main()
