#!/usr/bin/env python3
"""Independent reader (standard library only) for docs/problem_solving_leaderboard.csv of
declare-lab/instruct-eval at 49bbd2c (the InstructEval leaderboard, Problem Solving tab).

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Model = the Model cell as written (Markdown link; the link text alone is not unique); empty lines skipped
(index.html filters rows whose every value is ""). Tasks MMLU, BBH, DROP, CRASS, HumanEval (exact match /
accuracy / pass@1, percent, higher is better). Foundation, Parameters (B), Average are not scores.
"""
import csv, os, sys

TASKS = ["MMLU", "BBH", "DROP", "CRASS", "HumanEval"]


def main(set_dir):
    path = os.path.join(set_dir, "raw", "docs", "problem_solving_leaderboard.csv")
    rows = []
    with open(path, encoding="utf-8", newline="") as f:
        for r in csv.DictReader(f):
            if not any(v for v in r.values()):
                continue
            for t in TASKS:
                v = r[t].strip()
                if v:
                    rows.append([r["Model"], t, "score", v, "true"])
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{len(rows)} rows, {len({r[0] for r in rows})} models, {len({r[1] for r in rows})} tasks")


if __name__ == "__main__":
    main(sys.argv[1])
