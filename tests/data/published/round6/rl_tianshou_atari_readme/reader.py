#!/usr/bin/env python3
"""Independent reader (standard library only) for rl_tianshou_atari_readme.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/examples/atari/README.md (Tianshou Atari examples).  One section per algorithm, '# DQN (single run)',
'# C51 (single run)', ... each with a table '| task | best reward | reward curve | parameters | [time cost] |'.
model = the algorithm in the '#' heading (text before ' (single run)'), task = the 'task' cell (Atari game id),
metric = 'best reward' (score as printed), higher is better (it is a game reward; "best").
Not scores: 'reward curve' (an image link), 'parameters' (a command line), 'time cost' (DQN only: '~30 min').
"""
import csv
import os
import re
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "examples", "atari", "README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    rows = []
    algo = None
    header = None
    for line in lines:
        m = re.match(r"^# (.+?) \(single run\)\s*$", line)
        if m:
            algo, header = m.group(1), None
            continue
        if line.startswith("# "):
            algo, header = None, None
            continue
        if algo is None or not line.startswith("|"):
            continue
        c = cells(line)
        if header is None:
            header = c
            continue
        if set("".join(c)) <= set("-: "):
            continue
        r = dict(zip(header, c))
        if r.get("best reward"):
            rows.append((algo, r["task"], "best reward", r["best reward"], "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])
