#!/usr/bin/env python3
"""Independent reader (stdlib only) for games_lmgame_model_perf_rank_json.

usage: python reader.py SET_DIR  -> writes SET_DIR/expected.csv

Source: lmgame-org/GamingAgent eval/perf/model_perf_rank.json: {model: {"harness_true"|"harness_false":
{game: [score per run, ...]}}}.  eval/notebook_utils.py load_and_average_benchmark_rank_data():
    numeric_scores = [s for s in scores_list if isinstance(s, (int, float))]
    if numeric_scores: avg_score = sum(numeric_scores) / len(numeric_scores)
and _get_ranks_for_game(): raw_ranks = _scores_to_ranks(scores, higher_is_better=True).
Board: model x (harness mode, game), score = mean over runs, higher is better; an empty list is a missing cell.
"""
import csv
import json
import os
import sys


def main():
    d = sys.argv[1].rstrip("/")
    with open(os.path.join(d, "raw", "eval", "perf", "model_perf_rank.json"), encoding="utf-8") as fh:
        data = json.load(fh)
    rows = []
    for model, modes in data.items():
        for mode, games in modes.items():
            for game, runs in games.items():
                nums = [s for s in runs if isinstance(s, (int, float)) and not isinstance(s, bool)]
                if nums:
                    rows.append((model, f"{mode}/{game}", "mean game score over runs", repr(sum(nums) / len(nums)), "true"))
    keys = [(r[0], r[1]) for r in rows]
    assert len(keys) == len(set(keys)), "duplicate model x task"
    with open(os.path.join(d, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(os.path.basename(d), len(rows), "rows,", len({r[0] for r in rows}), "models,", len({r[1] for r in rows}), "tasks")


if __name__ == "__main__":
    main()
