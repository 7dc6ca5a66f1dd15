#!/usr/bin/env python3
"""Independent reader (standard library only) for agents_agentgym_l1_detailed_md.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/docs/benchmarks/L1-detailed-results.md (written by AgentGym's scripts/build_leaderboard_from_runs.py):
  "## Model: `m`" sections; inside, a summary table, "### Per-repo metrics" (aggregates, left out) and
  "### Repo: `r` (per-task)" tables with header
  task_id | success | score | commands | cmd_valid_rate | safety | hallucination | first_failure
  model = heading, task = task_id, score = `score` (0..100, higher is better). Other columns left out.
"""
import csv
import os
import re
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    path = os.path.join(set_dir, "raw", "docs", "benchmarks", "L1-detailed-results.md")
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    rows, model, in_task_table, header = [], None, False, None
    for line in lines:
        m = re.match(r"^## Model: `(.+)`\s*$", line)
        if m:
            model, in_task_table = m.group(1), False
            continue
        if line.startswith("### "):
            in_task_table = bool(re.match(r"^### Repo: `.+` \(per-task\)", line))
            header = None
            continue
        if not in_task_table or not line.startswith("|"):
            continue
        c = cells(line)
        if header is None:
            header = c
            continue
        if set("".join(c)) <= set("-:"):
            continue
        r = dict(zip(header, c))
        if r["score"]:
            rows.append((model, r["task_id"].strip("`"), "score", r["score"], "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])
