#!/usr/bin/env python3
"""Independent reader (standard library only) for ts_tsml_rist_regression_rmse.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/tsml_eval/publications/y2023/rist_pipeline/results/regression/<estimator>_rmse.csv: one file per
regressor, first line 'folds:,0,1,2,3,4', then one row per dataset: name, then the RMSE of each resample.
tsml-eval's own summary (evaluation/multiple_estimator_evaluation.py, _create_directory_for_statistic)
writes exactly this layout ('<estimator>_<statistic>.csv', datasets as rows, resamples as columns) and
averages it per dataset: `average_stats[n, i] = np.mean(est_stats[n, :])`.  RMSE: "root_mean_squared_error":
("RMSE", False, False) -> higher is better = False.
model = file name before the last '_'; task = dataset; score = mean of the 5 resamples; lower is better.
"""
import csv
import glob
import os
import statistics
import sys


def main(set_dir):
    rows = []
    pat = os.path.join(set_dir, "raw", "tsml_eval", "publications", "y2023", "rist_pipeline",
                       "results", "regression", "*_rmse.csv")
    for path in sorted(glob.glob(pat)):
        model, stat = os.path.basename(path)[:-4].rsplit("_", 1)
        with open(path, newline="", encoding="utf-8") as f:
            lines = list(csv.reader(f))
        assert lines[0][0] in ("folds:", "Resamples:"), lines[0][:2]
        for rec in lines[1:]:
            if not rec:
                continue
            vals = [float(v) for v in rec[1:] if v.strip() not in ("", "nan", "NaN")]
            if not vals:
                continue
            rows.append((model, rec[0], stat, repr(statistics.mean(vals)), "false"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])
