"""Independent reader for games_dreamerv2_scores_baselines_json (stdlib only).

Reading: raw/scores/baselines.json is a nested JSON object
    {task: {method: score, ...}, ...}
Outer keys are Atari games (tasks, e.g. "atari_alien"), inner keys are
methods (models, e.g. "rainbow_sticky_2e8", "human_gamer", "random").
Each value is the game score (episode return) of that method on that game;
higher is better.  Every method/game pair present is one cell; absent pairs
are holes (the board is sparse).  Nothing is dropped.
"""
import csv
import json
import os
import sys


def main(set_dir):
    path = os.path.join(set_dir, "raw", "scores", "baselines.json")
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    rows = []
    for task, methods in data.items():
        for model, score in methods.items():
            rows.append((model.strip(), task.strip(), "Atari game score", repr(score) if isinstance(score, float) else str(score), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{len(rows)} rows, {len(set(r[0] for r in rows))} models, {len(set(r[1] for r in rows))} tasks")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
