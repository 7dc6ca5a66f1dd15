#!/usr/bin/env python3
"""Independent reader (standard library only) for agents_toolbench_tooleval_leaderboard_dfsdt_csv.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/.../leaderboard###default_evalset###tooleval_gpt-3.5-turbo_normalized###ChatGPT-DFSDT.csv
(ToolBench's ToolEval leaderboard; the layout is eval_and_update_leaderboard.py's):
  * model = `Method` (method = model + search strategy, e.g. GPT4-DFSDT, ChatGPT-ReACT);
  * tasks = the six test groups, columns `<group>_WinRate` (G1_instruction, G1_tool, G1_category,
            G2_instruction, G2_category, G3_instruction); percent, higher is better.  Their values
            equal the README's "Pass Rate" table row for row (GPT4-DFSDT 60/71.5/67/79.5/77.5/71),
            so they are pass rates despite the column name; either way higher is better;
  * `WinRate` = the overall figure (the script: `WinRate = np.mean(total_pref)` over all six groups;
            here the README's "Average" win rate vs ChatGPT-ReACT) -- an aggregate, left out.
"""
import csv
import glob
import os
import sys

GROUPS = ["G1_instruction", "G1_tool", "G1_category", "G2_instruction", "G2_category", "G3_instruction"]


def main(set_dir):
    [path] = glob.glob(os.path.join(set_dir, "raw", "toolbench", "tooleval", "results", "leaderboard*.csv"))
    with open(path, encoding="utf-8", newline="") as f:
        table = list(csv.DictReader(f))
    rows = []
    for r in table:
        for g in GROUPS:
            v = r[g + "_WinRate"].strip()
            if v:
                rows.append((r["Method"].strip(), g, "pass_rate", v, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])
