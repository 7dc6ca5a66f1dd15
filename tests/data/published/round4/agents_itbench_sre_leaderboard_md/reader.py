#!/usr/bin/env python3
"""Independent reader (standard library only) for agents_itbench_sre_leaderboard_md.

usage: python reader.py SET_DIR

The right outcome for this set is a refusal (see expected_refusal.md): raw/LEADERBOARD_SRE.md holds two
boards ("### Single Trial" and "### Multiple Trials"), the same agent (ITBench-SRE-Agent-GPT-4o) on both
with different numbers, and the file (and leaderboard.py that writes it) says which way only
"% Resolved" points; the time columns and "Duration agent tried for Diagnosis" have no stated direction.
This script writes no expected.csv; it prints the tables it finds and exits non-zero with the reason.
"""
import os
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "LEADERBOARD_SRE.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    tables, section, current = [], None, None
    for line in lines:
        if line.startswith("### "):
            section = line[4:].strip()
            current = None
        elif line.startswith("|"):
            if current is None:
                current = {"section": section, "header": cells(line), "rows": []}
                tables.append(current)
            elif not set(line.replace("|", "").strip()) <= set("-: "):
                current["rows"].append(cells(line))
        else:
            current = None
    for t in tables:
        print("%s: %d rows; agents %s" % (t["section"], len(t["rows"]), [r[0] for r in t["rows"]]))
        for r in t["rows"]:
            print("   ", dict(zip(t["header"][5:11], r[5:11])))
    agents = [r[0] for t in tables for r in t["rows"]]
    dup = sorted({a for a in agents if agents.count(a) > 1})
    sys.exit("refusal: %d boards in one file (%s), agent(s) %s measured on both; directions of the "
             "time/duration columns are not stated" % (len(tables), ", ".join(t["section"] for t in tables), dup))


if __name__ == "__main__":
    main(sys.argv[1])
