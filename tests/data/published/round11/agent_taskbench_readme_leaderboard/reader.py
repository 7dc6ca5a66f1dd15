"""Reader for TaskBench README leaderboard (microsoft/JARVIS taskbench/README.md).

Joins the three per-domain tables under "## Leaderboard" into one board:
task = "<domain heading> / <metric>", model = LLM cell. Standard library only.
"""
import csv
import os
import re
import sys

DIRECTION = True  # every metric (ROUGE-1/2, BERTScore F1, node/edge/type/value F1) is higher-is-better


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    path = os.path.join(set_dir, "raw", "taskbench", "README.md")
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.strip() == "## Leaderboard")
    rows = []
    domain = None
    header = None
    for line in lines[start + 1:]:
        s = line.strip()
        if s.startswith("## "):
            break  # next level-2 section (Citation) ends the leaderboard
        m = re.match(r"^###\s+(.*)$", s)
        if m:
            domain = m.group(1).strip()
            header = None
            continue
        if not s.startswith("|"):
            header = None if not s else header
            continue
        c = cells(s)
        if header is None:
            header = c
            continue
        if all(re.fullmatch(r":?-+:?", x) for x in c):
            continue
        model = c[0]
        for name, val in zip(header[1:], c[1:]):
            rows.append((model, f"{domain} / {name}", name, val, "true" if DIRECTION else "false"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
