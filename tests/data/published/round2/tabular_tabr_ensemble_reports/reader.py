#!/usr/bin/env python3
"""Independent reader (stdlib only) for tabular_tabr_ensemble_reports.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Source: yandex-research/tabular-dl-tabr exp/<algorithm>/<dataset>/<tag>-ensemble-5/<i>/report.json
(bin/ensemble.py output: three disjoint ensembles of five single models each), aggregated as in
notebooks/results.ipynb (N_ENSEMBLES = 3): per (algorithm, dataset) the mean over the ensembles of
report["metrics"]["test"]["score"]; lib/data.py sets score = +metric if it is maximised
(accuracy for classification) and -metric otherwise (-rmse for regression), so higher is better
everywhere; the notebook ranks with `sort_values(['test_mean', ...], ascending=[False, ...])`.
Board: model = the algorithm directory (xgboost_, lightgbm_, catboost_, tabr), task = the dataset
of report["data"] (":data/california" -> california), score = mean test score over the reports
(only reports with a DONE marker next to them count, as in the notebook).
"""
import csv
import json
import os
import statistics
import sys


def main():
    d = sys.argv[1].rstrip("/")
    root = os.path.join(d, "raw", "exp")
    cells = {}
    for dirpath, _dirs, files in os.walk(root):
        if "report.json" not in files or "DONE" not in files:
            continue
        with open(os.path.join(dirpath, "report.json"), encoding="utf-8") as fh:
            rep = json.load(fh)
        assert rep["function"] == "bin.ensemble.main"
        rel = os.path.relpath(dirpath, root).split(os.sep)  # alg, dataset, <tag>-ensemble-5, i
        model = rel[0]
        task = rep["data"].split("/")[-1]
        assert task == rel[1], (task, rel)
        cells.setdefault((model, task), []).append(float(rep["metrics"]["test"]["score"]))
    rows = []
    for (model, task), vals in sorted(cells.items()):
        assert len(vals) == 3, (model, task, vals)
        rows.append((model, task, "test score", repr(statistics.mean(vals)), "true"))
    with open(os.path.join(d, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(os.path.basename(d), len(rows), "rows")


if __name__ == "__main__":
    main()
