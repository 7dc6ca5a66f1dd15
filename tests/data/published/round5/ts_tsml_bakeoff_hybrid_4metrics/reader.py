#!/usr/bin/env python3
"""Independent reader (standard library only) for ts_tsml_bakeoff_hybrid_4metrics.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/tsml_eval/publications/y2023/tsc_bakeoff/results/hybrid/<estimator>_<statistic>.csv: one file per
classifier x statistic (accuracy, auroc, balacc, logloss); first line 'Resamples:,0,...,29', then one
row per UCR dataset: name, then the statistic on each of the 30 resamples.  This is the layout tsml-eval's
_create_directory_for_statistic writes, whose per-dataset figure is np.mean over resamples.
Directions (tsml_eval/evaluation/storage/classifier_results.py, "(display_name, higher is better, is timing)"):
Accuracy True, BalAcc True, AUROC True, LogLoss False.
"""
import csv
import glob
import os
import statistics
import sys

HIGHER = {"accuracy": True, "balacc": True, "auroc": True, "logloss": False}


def main(set_dir):
    rows = []
    pat = os.path.join(set_dir, "raw", "tsml_eval", "publications", "y2023", "tsc_bakeoff",
                       "results", "hybrid", "*_*.csv")
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
            rows.append((model, f"{rec[0]}/{stat}", stat, repr(statistics.mean(vals)),
                         "true" if HIGHER[stat] else "false"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])
