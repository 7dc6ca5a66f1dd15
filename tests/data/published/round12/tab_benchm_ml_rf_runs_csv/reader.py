#!/usr/bin/env python3
"""Reader for tab_benchm_ml_rf_runs_csv (szilard/benchm-ml 2-rf/x-run.csv).

Columns: Tool (model), n (training-set size in millions of rows = task),
Time (training seconds, cost), RAM (GB, cost), AUC (test AUC in percent, the score).
Rows whose AUC cell is empty (the run crashed / did not finish) are not results.
"""
import csv, os, sys


def main(setdir):
    out = []
    with open(os.path.join(setdir, "raw", "2-rf", "x-run.csv"), newline="", encoding="utf-8") as fh:
        for r in csv.DictReader(fh):
            auc = (r["AUC"] or "").strip()
            if auc == "" or auc.upper() == "NA":
                continue
            out.append((r["Tool"].strip(), r["n"].strip(), "AUC", auc, "true"))
    with open(os.path.join(setdir, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
