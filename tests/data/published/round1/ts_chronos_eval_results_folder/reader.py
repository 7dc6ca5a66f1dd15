#!/usr/bin/env python3
"""Independent reader (stdlib only) for ts_chronos_eval_results_folder.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Source: amazon-science/chronos-forecasting, scripts/evaluation/results/.
* `{model}-in-domain.csv` / `{model}-zero-shot.csv` are written by scripts/evaluation/evaluate.py:
  one row per dataset, columns dataset, model, MASE, WQL (gluonts MASE[0.5] and
  mean_weighted_sum_quantile_loss renamed) -- both errors, lower is better.
* `{model}-agg-rel-scores.csv` are written by scripts/evaluation/agg-relative-score.py: the
  geometric mean over datasets of model/seasonal-naive ratios -> aggregates of the numbers
  above, left out.
Board: model = `model` column, task = dataset x metric (42 disjoint datasets: 15 in-domain
+ 27 zero-shot; MASE and WQL each), score as published, lower is better.
"""
import csv
import glob
import os
import sys


def main():
    d = sys.argv[1].rstrip("/")
    res = os.path.join(d, "raw", "scripts", "evaluation", "results")
    rows = []
    for path in sorted(glob.glob(os.path.join(res, "*.csv"))):
        name = os.path.basename(path)
        if name.endswith("-agg-rel-scores.csv"):
            continue  # aggregate of the per-dataset rows (gmean of ratios to seasonal-naive)
        if not (name.endswith("-in-domain.csv") or name.endswith("-zero-shot.csv")):
            raise SystemExit("unexpected file %s" % name)
        with open(path, newline="", encoding="utf-8") as fh:
            for r in csv.DictReader(fh):
                for metric in ("MASE", "WQL"):
                    v = r[metric].strip()
                    if v == "" or float(v) != float(v):
                        continue
                    rows.append((r["model"], "%s/%s" % (r["dataset"], metric), metric, repr(float(v)), "false"))
    keys = [(m, t) for m, t, *_ in rows]
    assert len(keys) == len(set(keys)), "duplicate (model, task)"
    with open(os.path.join(d, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(sorted(rows))
    print(os.path.basename(d), len(rows), "rows")


if __name__ == "__main__":
    main()
