#!/usr/bin/env python3
"""Independent reader (standard library only) for agents_ljoukov_llm_agent_bench_latest_results_md.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/benchmarks/agent/LATEST_RESULTS.md is written by benchmarks/agent/run.ts. Its
"## Per-Task Across Runs (Best + Average)" table has one row per (model, task):
  | `model` | `task` | runs | PASS/FAIL (run i) | passCount/runs (pct%) | schema ... | tool ... | grader ... | latencies | costs | tool calls |
  * model = the `Model` cell (backticks stripped), task = the `Task` cell (backticks stripped);
  * score = "Overall pass rate": passCount/runs where a case passes when
    `success = !agentError && schemaPass && toolTrace.pass && graderPass` (run.ts), written
    "k/n (pct%)"; the percent as printed is kept (higher is better);
  * Schema/Tool/Grader pass rates are the components of the overall pass (left out); latency, cost,
    tool-call counts and "Best result" are not scores; the "## Outcome" table is the per-model
    aggregate over the tasks (left out).
"""
import csv
import os
import re
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "benchmarks", "agent", "LATEST_RESULTS.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = lines.index("## Per-Task Across Runs (Best + Average)")
    header, rows = None, []
    for line in lines[start + 1:]:
        if line.startswith("## "):
            break
        if not line.startswith("|"):
            continue
        c = cells(line)
        if header is None:
            header = c
            continue
        if set("".join(c)) <= set("-:"):
            continue
        r = dict(zip(header, c))
        m = re.fullmatch(r"(\d+)/(\d+) \(([\d.]+)%\)", r["Overall pass rate"])
        rows.append((r["Model"].strip("`"), r["Task"].strip("`"), "overall_pass_rate_pct", m.group(3), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])
