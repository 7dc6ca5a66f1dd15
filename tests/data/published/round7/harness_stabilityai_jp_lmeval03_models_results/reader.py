"""Independent reader: Stability-AI JP lm-evaluation-harness (jp-stable, lm-eval 0.3 style) models/ folder.

Each models/<org>/<model_id>/result.json is lm-eval 0.3 output: {"results": {task_key: {metric: value}},
"versions": ..., "config": ...}. The repo's scripts/make_leaderboard.py defines the board:
  * model = basename of the file's directory (model_id);
  * task  = result key split at the first "-" (drops "-<task version>-<prompt version>");
  * score = "acc" if present, else "exact_match", else "rouge2" (acc is a 0-1 fraction, exact_match and
    rouge2 are 0-100; make_leaderboard multiplies acc by 100 for display -- expected.csv keeps the
    number as written in the file);
  * only files with exactly 8 tasks, outside experiments/ and community/, are on the leaderboard (the
    raw/ folder here holds exactly those files).
All metrics are higher-is-better.
"""
import csv
import json
import os
import sys


def main(set_dir):
    root = os.path.join(set_dir, "raw", "models")
    files = []
    for dirpath, _dirs, names in os.walk(root):
        for n in names:
            if n.endswith(".json"):
                files.append(os.path.join(dirpath, n))
    files.sort()
    rows = []
    for path in files:
        rel = os.path.relpath(path, root)
        if "experiments" in rel or "community" in rel:
            continue
        with open(path, encoding="utf-8") as f:
            info = json.load(f)
        results = info["results"]
        if len(results) != 8:
            continue
        model = os.path.basename(os.path.dirname(path))
        for key, metrics in results.items():
            task = key.split("-")[0]
            for metric in ("acc", "exact_match", "rouge2"):
                if metric in metrics:
                    rows.append([model, task, metric, repr(float(metrics[metric])), "true"])
                    break
            else:
                raise SystemExit(f"no main metric in {path} {key}")
    seen = set()
    for r in rows:
        k = (r[0], r[1])
        if k in seen:
            raise SystemExit(f"duplicate cell {k}")
        seen.add(k)
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
