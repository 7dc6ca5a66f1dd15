#!/usr/bin/env python3
"""Independent reader (standard library only) for rec_bars_ctr_leaderboard_csvs.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/docs/CTR/leaderboard/<split>.csv: one BARS-CTR leaderboard per dataset split (the file stem, e.g.
frappe_x1, avazu_x4_001).  Columns: Year, Publication, Model, Paper URL, [gAUC,] AUC, Logloss,
Running Steps, Contributor.  The site (docs/CTR/leaderboard/plots.py show_table / show_table_gauc) shows
Model with its Paper URL, formats the score columns ['gAUC', 'AUC', 'Logloss'] and ranks by AUC (or gAUC)
descending.  Directions: FuxiCTR configs `monitor: {AUC: 1, logloss: -1}`, `monitor_mode: max`
(AUC and gAUC higher is better, Logloss lower is better).
model = Model; task = file stem; metrics = gAUC (where present), AUC, Logloss.
Year, Publication, Paper URL, Running Steps and Contributor are not scores.
"""
import csv
import glob
import os
import sys

HIGHER = {"gAUC": True, "AUC": True, "Logloss": False}


def main(set_dir):
    rows = []
    for path in sorted(glob.glob(os.path.join(set_dir, "raw", "docs", "CTR", "leaderboard", "*.csv"))):
        task = os.path.basename(path)[:-4]
        with open(path, newline="", encoding="utf-8") as f:
            for r in csv.DictReader(f):
                for m in ("gAUC", "AUC", "Logloss"):
                    v = (r.get(m) or "").strip()
                    if v:
                        rows.append((r["Model"], f"{task}/{m}", m, v, "true" if HIGHER[m] else "false"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])
