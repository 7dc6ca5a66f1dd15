#!/usr/bin/env python3
"""Independent reader (standard library only) for agents_agentgym_l1_leaderboard_md.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/docs/benchmarks/L1-leaderboard.md (AgentGym scripts/build_leaderboard_from_runs.py): one table
  Model | Avg Score (overall) | Avg Success Rate (overall) | Avg Score (internlm) | Avg Score (mmengine) |
  Avg Score (opencompass) | Safety / task (total)
  model = the backticked id in Model (annotation " (closed-source reference)" dropped),
  tasks = the repos of the "Avg Score (<repo>)" columns other than "overall", higher is better ("-" = missing).
"""
import csv
import os
import re
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "docs", "benchmarks", "L1-leaderboard.md"), encoding="utf-8") as f:
        lines = [l for l in f.read().splitlines() if l.startswith("|")]
    header = cells(lines[0])
    rows = []
    for line in lines[1:]:
        c = cells(line)
        if set("".join(c)) <= set("-:"):
            continue
        r = dict(zip(header, c))
        model = re.match(r"^`([^`]+)`", r["Model"]).group(1)
        for h in header:
            m = re.fullmatch(r"Avg Score \((.+)\)", h)
            if m and m.group(1) != "overall" and r[h] not in ("", "-"):
                rows.append((model, m.group(1), "avg_score", r[h], "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])
