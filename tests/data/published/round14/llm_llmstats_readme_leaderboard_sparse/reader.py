"""Independent reader for llm_llmstats_readme_leaderboard_sparse.

README.md of JonathanChavezTamales/llm-leaderboard (LLM-Stats.com), section "## Leaderboard": one Markdown
table | Name | Release Date | Input Context | Output Context | GPQA | MMLU | MMLU-Pro | MATH | HumanEval | MMMU |
LiveCodeBench |, 164 rows sorted by MMLU descending, scores as 0-1 fractions, "N/A" where a model has no score.
Board: models = Name; two names occur twice (Claude 3.5 Sonnet, GPT-4o) and are told apart only by the Release
Date column, so those four rows are named "<Name> (<Release Date>)"; tasks = the 7 benchmark columns;
score = the number in the cell; higher is better. Left out: Release Date (a date), Input/Output Context (context
window sizes, all N/A here), N/A cells; rows whose 7 benchmark cells are all N/A add no cells.
"""

import collections
import csv
import os
import sys

TASKS = ["GPQA", "MMLU", "MMLU-Pro", "MATH", "HumanEval", "MMMU", "LiveCodeBench"]


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = lines.index("## Leaderboard")
    table = []
    for line in lines[start + 1:]:
        if line.startswith("|"):
            table.append(cells(line))
        elif table:
            break
    header, rows = table[0], table[2:]
    assert header == ["Name", "Release Date", "Input Context", "Output Context"] + TASKS, header
    counts = collections.Counter(r[0] for r in rows)
    out = []
    for r in rows:
        assert len(r) == len(header), r
        name = r[0] if counts[r[0]] == 1 else f"{r[0]} ({r[1]})"
        for task, value in zip(TASKS, r[4:]):
            if value == "N/A":
                continue
            float(value)
            out.append((name, task, "score (0-1)", value, "true"))
    names = [x[0] for x in out]
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    assert len(set((x[0], x[1]) for x in out)) == len(out)
    print(len(rows), "rows,", len(set(names)), "models with a score,", len({x[1] for x in out}), "tasks,", len(out), "cells")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
