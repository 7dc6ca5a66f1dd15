#!/usr/bin/env python3
"""Reader for pfrl examples/atari/reproduction/dqn/README.md (Results section).

Board: the "| Game | PFRL Score | Original Reported Scores |" table.
Models = the two score columns; tasks = Atari games; N/A cells omitted;
bold markers (**x**) stripped. The "Results Summary" table (counts) and the
"Training times" table are not results and are skipped.
"""
import csv
import os
import re
import sys


def cells(line):
    s = line.strip()
    if s.startswith("|"):
        s = s[1:]
    if s.endswith("|"):
        s = s[:-1]
    return [c.strip() for c in s.split("|")]


def clean(c):
    c = c.strip()
    c = re.sub(r"\*\*(.*?)\*\*", r"\1", c)
    return c.strip()


def main(set_dir):
    path = os.path.join(set_dir, "raw/examples/atari/reproduction/dqn/README.md")
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    rows = []
    header = None
    for i, line in enumerate(lines):
        if header is None:
            if line.strip().startswith("|") and cells(line)[0] == "Game":
                header = [clean(c) for c in cells(line)]
            continue
        if not line.strip().startswith("|"):
            break
        cs = cells(line)
        if set(cs[0]) <= set("-: "):
            continue  # separator
        game = clean(cs[0])
        for model, raw in zip(header[1:], cs[1:]):
            v = clean(raw)
            if v in ("N/A", ""):
                continue
            rows.append((model, game, "score", v, "true"))
    out = os.path.join(set_dir, "expected.csv")
    with open(out, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
