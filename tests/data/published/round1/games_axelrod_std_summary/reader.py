#!/usr/bin/env python3
"""Independent reader (stdlib only) for games_axelrod_std_summary.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Source: Axelrod-Python/tournament assets/std_summary.csv, written by run_std.py
(`axl.Tournament(players, turns=200, repetitions=100, seed=1)`, `results.write_summary(...)`):
axelrod's ResultSet.summarise(): "summary of performance of each strategy: ordered by rank,
including median normalised score and cooperation rating"; ranking is by median normalised score
(`key=lambda i: -np.nanmedian(self.normalised_scores[i])`).
Board: model = `Name` (the strategy), one task (the standard tournament), score = `Median_score`
(median over repetitions of the payoff per turn per opponent), higher is better.
`Rank` is derived from it; Wins, Cooperation_rating and the *_rate columns describe behaviour.
"""
import csv
import os
import sys


def main():
    d = sys.argv[1].rstrip("/")
    rows = []
    with open(os.path.join(d, "raw", "assets", "std_summary.csv"), newline="", encoding="utf-8") as fh:
        for r in csv.DictReader(fh):
            v = r["Median_score"].strip()
            if v == "" or float(v) != float(v):
                continue
            rows.append((r["Name"], "standard tournament", "Median_score", repr(float(v)), "true"))
    assert len({m for m, *_ in rows}) == len(rows), "duplicate strategy name"
    with open(os.path.join(d, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(sorted(rows))
    print(os.path.basename(d), len(rows), "rows")


if __name__ == "__main__":
    main()
