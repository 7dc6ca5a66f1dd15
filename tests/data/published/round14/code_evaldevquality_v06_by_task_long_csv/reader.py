"""Independent reader for symflower/eval-dev-quality docs/reports/v0.6/evaluation-by-task.csv.

Long-format CSV written by scripts/evaluation/stats.sh (csvsql, GROUP BY model_id, task):
model_id, task, score, then 10 further sums (coverage, files_executed,
files_executed_maximum_reachable, generate_tests_for_file_character_count, processing_time,
response_character_count, response_no_error, response_no_excess, response_with_code,
tests_passing). Models: model_id. Tasks: task (write-tests, transpile, code-repair).
Score: `score` (summed reward points; "the more points - the better"). The other columns are
components/diagnostics of the same runs (counts, characters, milliseconds) and are left out.
A (model, task) pair with no row was not evaluated and has no cell.
"""
import csv
import os
import sys


def main(set_dir):
    path = os.path.join(set_dir, "raw", "docs", "reports", "v0.6", "evaluation-by-task.csv")
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0].keys())[:3] == ["model_id", "task", "score"], rows[0].keys()
    seen = set()
    out = []
    for r in rows:
        key = (r["model_id"].strip(), r["task"].strip())
        assert key not in seen, key
        seen.add(key)
        float(r["score"])
        out.append((key[0], key[1], r["score"].strip()))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for m, t, s in out:
            w.writerow([m, t, "score (reward points)", s, "true"])
    print(len(out), "rows", len({o[0] for o in out}), "models", len({o[1] for o in out}), "tasks")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
