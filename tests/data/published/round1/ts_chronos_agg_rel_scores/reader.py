#!/usr/bin/env python3
"""Independent reader (stdlib only) for ts_chronos_agg_rel_scores.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Source: amazon-science/chronos-forecasting scripts/evaluation/agg-relative-score.py:
`main(model_name, baseline_name="seasonal-naive", ...)` writes
`{results_dir}/{model_name}-agg-rel-scores.csv`, a long table `benchmark,metric,value`:
for each benchmark (in-domain, zero-shot) and metric (MASE, WQL) the geometric mean over the
benchmark's datasets of model score / seasonal-naive score. Lower is better (both are errors;
1.0 = as good as seasonal naive).
Board: model = file name minus `-agg-rel-scores.csv`; task = `<benchmark>/<metric>`.
"""
import csv
import glob
import os
import sys

SUFFIX = "-agg-rel-scores.csv"


def main():
    d = sys.argv[1].rstrip("/")
    rows = []
    for path in sorted(glob.glob(os.path.join(d, "raw", "scripts", "evaluation", "results", "*" + SUFFIX))):
        model = os.path.basename(path)[: -len(SUFFIX)]
        with open(path, newline="", encoding="utf-8") as fh:
            for r in csv.DictReader(fh):
                v = r["value"].strip()
                if v == "" or float(v) != float(v):
                    continue
                rows.append((model, "%s/%s" % (r["benchmark"], r["metric"]),
                             "agg. relative " + r["metric"], repr(float(v)), "false"))
    with open(os.path.join(d, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(sorted(rows))
    print(os.path.basename(d), len(rows), "rows")


if __name__ == "__main__":
    main()
