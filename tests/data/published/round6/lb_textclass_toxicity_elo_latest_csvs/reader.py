#!/usr/bin/env python3
"""Independent reader (standard library only) for lb_textclass_toxicity_elo_latest_csvs.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/results/elo_ratings/toxicity_<LANG>_cycle_<n>.csv (TextClass-Benchmark, code/Elo_rating_update.ipynb):
  Model,Accuracy,Precision,Recall,F1-Score,Elo-Score,Benchmark,Status
  model = Model, task = <LANG> from the file name, score = F1-Score (higher is better; the Elo update
  decides wins on F1). Accuracy/Precision/Recall, Elo-Score (derived rating), Benchmark, Status are left out.
"""
import csv
import glob
import os
import re
import sys


def main(set_dir):
    rows = []
    for path in sorted(glob.glob(os.path.join(set_dir, "raw", "results", "elo_ratings", "toxicity_*_cycle_*.csv"))):
        lang = re.match(r"toxicity_([A-Z]+)_cycle_\d+\.csv$", os.path.basename(path)).group(1)
        with open(path, encoding="utf-8", newline="") as f:
            for r in csv.DictReader(f):
                v = (r.get("F1-Score") or "").strip()
                if v:
                    rows.append((r["Model"].strip(), lang, "F1-Score", v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])
