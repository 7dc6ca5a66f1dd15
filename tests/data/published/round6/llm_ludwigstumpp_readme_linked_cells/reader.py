#!/usr/bin/env python3
"""Independent reader (standard library only) for README.md of LudwigStumpp/llm-leaderboard at 1c71762.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Board = the pipe table under "## Leaderboard" (the project's own streamlit_app.py reads exactly that
table, strips markdown links keeping the display text, and treats "Open?" and "Publisher" as
NON_BENCHMARK_COLS). Model = display text of the "Model Name" link. Every other column is a
benchmark; a cell is "[value](source link)" -> value; an empty cell is missing. All columns
(Chatbot Arena Elo, accuracies, pass@1) are higher is better. The "## Benchmarks" table is a
description table, not results.
"""
import csv, os, re, sys

LINK = re.compile(r"\[([^\]]+)\]\(([^)]+)\)")
NON_BENCHMARK = {"Open?", "Publisher"}


def main(set_dir):
    lines = open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8").read().split("\n")
    table, on = [], False
    for l in lines:
        if l.startswith("## Leaderboard"):
            on = True
        elif l.startswith("#"):
            on = False
        elif on and l.strip().startswith("|"):
            table.append(l)
    cells = [[LINK.sub(lambda m: m.group(1), c).strip() for c in l.strip().strip("|").split("|")] for l in table]
    header, body = cells[0], cells[2:]
    rows = []
    for r in body:
        model = r[0]
        for col, v in zip(header[1:], r[1:]):
            if col in NON_BENCHMARK or not v:
                continue
            rows.append([model, col, "score", v, "true"])
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{len(rows)} rows, {len({r[0] for r in rows})} models, {len({r[1] for r in rows})} tasks")


if __name__ == "__main__":
    main(sys.argv[1])
