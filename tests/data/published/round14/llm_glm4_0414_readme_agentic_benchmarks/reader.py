"""Independent reader for llm_glm4_0414_readme_agentic_benchmarks.

THUDM/GLM-4 README.md. Markdown tables in order: two model-download tables (Model | Type | Seq Length* |
Download, links and <br>, no scores); under "## Evaluation Results" / "### GLM-4-0414 Series" the comparison
table | Model | IFEval | BFCL-v3 (Overall) | BFCL-v3 (MultiTurn) | TAU-Bench (Retail) | TAU-Bench (Airline) |
SimpleQA | HotpotQA | (5 models) <- the board; then a SWE-bench table for GLM-4-32B-0414 alone under three
agent frameworks. Board: models = Model column; tasks = the 7 benchmark columns; score = the number
(percent); higher is better. BFCL-v3 (Overall) is BFCL's own headline score (over all BFCL categories, most of
which are not columns here), so it is kept as a task.
"""

import csv
import os
import sys

TASKS = ["IFEval", "BFCL-v3 (Overall)", "BFCL-v3 (MultiTurn)", "TAU-Bench (Retail)", "TAU-Bench (Airline)",
         "SimpleQA", "HotpotQA"]


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    tables, cur = [], []
    for line in lines:
        if line.startswith("|"):
            cur.append(cells(line))
        elif cur:
            tables.append(cur)
            cur = []
    assert len(tables) == 4, len(tables)
    board = tables[2]
    assert board[0] == ["Model"] + TASKS, board[0]
    rows = []
    for r in board[2:]:
        assert len(r) == 8, r
        for task, value in zip(TASKS, r[1:]):
            float(value)
            rows.append((r[0], task, "score (%)", value, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(len(board) - 2, "models,", len(TASKS), "tasks,", len(rows), "cells")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
