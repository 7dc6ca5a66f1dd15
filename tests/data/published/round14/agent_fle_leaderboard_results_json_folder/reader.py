"""Independent reader for JackHopkins/factorio-learning-environment docs/leaderboard/results/.

One JSON object per file, one file per model (the Factorio Learning Environment leaderboard).
Model: the "name" field (not the file name). Tasks: the four numeric fields productionScore,
milestones, automationMilestones, labTasksSuccessRate (all higher is better). Left out:
mostComplexItem (a string), submittedBy, submissionDate (metadata).
"""
import csv
import json
import os
import sys

TASKS = ["productionScore", "milestones", "automationMilestones", "labTasksSuccessRate"]


def main(set_dir):
    folder = os.path.join(set_dir, "raw", "docs", "leaderboard", "results")
    rows = []
    for fn in sorted(os.listdir(folder)):
        if not fn.endswith(".json"):
            continue
        with open(os.path.join(folder, fn), encoding="utf-8") as f:
            d = json.load(f)
        name = d["name"].strip()
        for t in TASKS:
            v = d[t]
            assert isinstance(v, (int, float)) and not isinstance(v, bool), (fn, t, v)
            rows.append((name, t, repr(v)))
    assert len({r[0] for r in rows}) * len(TASKS) == len(rows)
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for m, t, v in rows:
            metric = "percent" if t == "labTasksSuccessRate" else ("points" if t == "productionScore" else "count")
            w.writerow([m, t, metric, v, "true"])
    print(len(rows), "rows", len({r[0] for r in rows}), "models")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
