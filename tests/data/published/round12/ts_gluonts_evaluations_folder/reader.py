#!/usr/bin/env python3
"""Reader for ts_gluonts_evaluations_folder.

raw/evaluations/<dataset>/<Estimator>.json each hold one estimator x dataset
evaluation with three persisted metrics. The main board is mean_wQuantileLoss
(first metric in metrics_persisted and the first table of evaluations/README.md).
Lower is better (it is a weighted quantile loss).
"""
import csv, glob, json, os, sys

METRIC = "mean_wQuantileLoss"

def main(setdir):
    rows = []
    for path in sorted(glob.glob(os.path.join(setdir, "raw", "evaluations", "*", "*.json"))):
        with open(path, encoding="utf-8") as fh:
            # keep numbers exactly as written in the file
            d = json.load(fh, parse_float=str, parse_int=str, parse_constant=str)
        score = d.get(METRIC)
        if score is None or score in ("NaN", "Infinity", "-Infinity"):
            continue
        rows.append((d["estimator"].strip(), d["dataset"].strip(), METRIC, score, "false"))
    rows.sort()
    with open(os.path.join(setdir, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(len(rows), "rows")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
