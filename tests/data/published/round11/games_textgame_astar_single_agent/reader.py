#!/usr/bin/env python3
"""Reader for microsoft/textgame_baseline_agents README.md.

The only results table is under "## AStar Results": one agent (A* search) on 57
Jericho text games, columns Mean / Std / MAX / Completion %. MAX is the game's
maximum attainable score and Completion % = Mean / MAX; Std is a spread. None of
the columns is a second agent, so there is no board to rate: this reader checks
that reading and writes no expected.csv (see expected_refusal.md).
"""
import os
import re
import sys


def cells(line):
    s = line.strip().strip("|")
    return [c.strip() for c in s.split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw/README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    agents = [l[3:].strip() for l in lines if re.match(r"^## .*Results\s*$", l)]
    header = None
    games = []
    for l in lines:
        if l.strip().startswith("|"):
            cs = cells(l)
            if header is None:
                header = cs
            elif not all(set(c) <= set("-: ") for c in cs):
                games.append(cs)
    assert header == ["Game", "Mean", "Std", "MAX", "Completion %"], header
    # Completion % is Mean / MAX, i.e. MAX is the game's maximum score, not an agent
    bad = [g for g in games if abs(100 * float(g[1]) / float(g[3]) - float(g[4])) > 0.15]
    print("result sections:", agents)
    print("games:", len(games), "columns:", header[1:], "Completion%!=Mean/MAX:", [g[0] for g in bad])
    print("one agent only -> refusal; expected.csv not written")
    out = os.path.join(set_dir, "expected.csv")
    if os.path.exists(out):
        os.remove(out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
