#!/usr/bin/env python3
"""Independent reader (standard library only) for rec_bars_matching_leaderboard_csvs.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/docs/Matching/leaderboard/<dataset>.csv: one BARS-Matching leaderboard per dataset (file stem:
amazonbooks_m1, gowalla_m1, yelp18_m1).  Columns: Year, Publication, Model, Paper URL, Recall@20,
Recall@50, NDCG@20, NDCG@50, HitRate@20, HitRate@50, Running Steps, Contributor.
The leaderboard the site shows (docs/Matching/leaderboard/plots.py, show_table):
    df = pd.read_csv(csv_path).fillna("")
    del df["Paper URL"], df["Recall@50"], df["NDCG@50"], df["HitRate@50"]
    df = df.sort_values(by=["Recall@20"], ascending=False)
so the board's scores are Recall@20, NDCG@20 and HitRate@20 (higher is better: the ranking sorts
Recall@20 descending; recall, NDCG and hit rate are shares of relevant items retrieved); the @50
columns are deleted from the displayed leaderboard.  Empty cells (not reported) write no row.
"""
import csv
import glob
import os
import sys

METRICS = ("Recall@20", "NDCG@20", "HitRate@20")


def main(set_dir):
    rows = []
    for path in sorted(glob.glob(os.path.join(set_dir, "raw", "docs", "Matching", "leaderboard", "*.csv"))):
        task = os.path.basename(path)[:-4]
        with open(path, newline="", encoding="utf-8") as f:
            for r in csv.DictReader(f):
                for m in METRICS:
                    v = (r.get(m) or "").strip()
                    if v:
                        rows.append((r["Model"], f"{task}/{m}", m, v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])
