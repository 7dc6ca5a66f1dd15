"""Independent reader for llm_lveval_readme_leaderboard_length_levels.

LV-Eval README.md, section "## Leaderboard" -> "#### Overall Result": the table
    | Model Name | $16k$ | $32k$ | $64k$ | $128k$ | $256k$ |
("Here is the average scores (%) over all tasks on 5 length levels.").
Models = the Model Name column; tasks = the 5 length levels ("$16k$" -> "16k", LaTeX $ removed);
score = average keyword-recall-based score (%), higher is better.
Other tables (dataset statistics, the list of evaluated LLMs, per-dataset detail tables) are not this board.
"""

import csv
import os
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    sec = next(i for i, l in enumerate(lines) if l.strip() == "#### Overall Result")
    start = next(i for i in range(sec, len(lines)) if lines[i].lstrip().startswith("|"))
    header = cells(lines[start])
    assert header[0] == "Model Name", header
    tasks = [h.strip("$") for h in header[1:]]
    rows = []
    for line in lines[start + 2:]:
        if not line.lstrip().startswith("|"):
            break
        c = cells(line)
        for task, val in zip(tasks, c[1:]):
            float(val)
            rows.append((c[0], task, "average score over all tasks (%)", val, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(len({r[0] for r in rows}), "models,", len({r[1] for r in rows}), "tasks,", len(rows), "cells")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
