#!/usr/bin/env python3
"""Independent reader (standard library only) for agent_agbench_nightly_full_run_0829.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/reports/<agent>/<timestamp>_full_run/report.json: one agbenchmark report per agent (the 2023-08-29
nightly run).  The reading is the repository's own (reports/match_records.py, get_reports()):
  * agent = the folder name under reports/ (match_records.py stores `agent_name.lower()`; we keep the
    folder name as written -- same agents, only the case differs);
  * for each entry of report["tests"]:
      - a plain test: challenge = the test name, success = 100.0 if metrics.success else 0;
      - a suite (has "tests") WITH a "category" ("this means it's a same task test"): challenge = the
        suite name, success = suite metrics.percentage;
      - a suite WITHOUT "category" ("separate tasks in 1 suite"): one challenge per inner test,
        success = 100.0 if inner metrics.success else 0.
  * higher is better (success rate).  `success_%` is NOT this run's score: it is
    calculate_success_percentage() over the last 10 runs of the test (agbenchmark/utils/utils.py).
    cost, run_time, difficulty, highest_difficulty, attempted, is_regression are not scores.
"""
import csv
import json
import os
import sys


def main(set_dir):
    root = os.path.join(set_dir, "raw", "reports")
    rows = []
    for agent in sorted(os.listdir(root)):
        for run in sorted(os.listdir(os.path.join(root, agent))):
            path = os.path.join(root, agent, run, "report.json")
            if not os.path.isfile(path):
                continue
            with open(path, encoding="utf-8") as f:
                report = json.load(f)
            for name, test in report["tests"].items():
                if "tests" in test:
                    if test.get("category"):
                        rows.append((agent, name, "success", repr(float(test["metrics"]["percentage"])), "true"))
                    else:
                        for inner, t in test["tests"].items():
                            rows.append((agent, inner, "success", "100.0" if t["metrics"]["success"] else "0.0", "true"))
                else:
                    rows.append((agent, name, "success", "100.0" if test["metrics"]["success"] else "0.0", "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])
