#!/usr/bin/env python3
"""Independent reader (standard library only) for README.md of VILA-Lab/Open-LLM-Leaderboard at b22c4b6.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Board = the two pipe tables under "## Leaderboards" ("Large-Scale LLMs leaderboard" and "Small-Scale
LLMS leaderboard"), same columns: Model | Overall | MMLU | ARC | WG | PIQA | CSQA | Race | MedMCQA | OBQA.
Model = first cell; the eight dataset columns are open-style-question accuracies (% judged correct by
GPT-4), higher is better. Overall is the mean of the eight (an aggregate), left out.
"""
import csv, os, sys


def main(set_dir):
    lines = open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8").read().split("\n")
    on, tables, cur = False, [], None
    for l in lines:
        if l.startswith("## "):
            on = l.startswith("## Leaderboards")
            cur = None
            continue
        if not on:
            continue
        if l.strip().startswith("|"):
            if cur is None:
                cur = []
                tables.append(cur)
            cur.append([c.strip() for c in l.strip().strip("|").split("|")])
        else:
            cur = None
    rows = []
    for t in tables:
        header = t[0]
        for r in t[2:]:
            for task, v in zip(header[1:], r[1:]):
                if task == "Overall" or not v:
                    continue
                rows.append([r[0], task, "score", v, "true"])
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{len(tables)} tables, {len(rows)} rows, {len({r[0] for r in rows})} models, {len({r[1] for r in rows})} tasks")


if __name__ == "__main__":
    main(sys.argv[1])
