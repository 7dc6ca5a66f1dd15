"""Independent reader for llm_rpbench_auto_leaderboard_display_csv.

RPBench-Auto results/leaderboard_for_display.csv: Rank, Model, Character, Scene, Avg. Win Rate.
Model = the Model column (display names). Tasks = Character, Scene (the two RPBench subsets); score =
judge win rate against the baseline gpt-4o, written as a percent string ("68.25%" -> 68.25); higher is
better. Left out: Rank (position), Avg. Win Rate (mean of the two task columns).
The baseline GPT-4o row (50.00% by construction) is a row of the source's leaderboard and is kept.
"""

import csv
import os
import sys

TASKS = ["Character", "Scene"]


def main(set_dir):
    path = os.path.join(set_dir, "raw", "results", "leaderboard_for_display.csv")
    with open(path, encoding="utf-8", newline="") as f:
        data = list(csv.DictReader(f))
    rows = []
    for r in data:
        model = r["Model"].strip()
        for t in TASKS:
            v = r[t].strip()
            assert v.endswith("%"), v
            rows.append((model, t, "win rate vs gpt-4o (%)", v[:-1], "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(len({r[0] for r in rows}), "models,", len({r[1] for r in rows}), "tasks,", len(rows), "cells")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
