"""Independent reader for llm_openr1_readme_reproduction_tables.

open-r1 README, section "## Reproducing Deepseek's evaluation results": four tables (one per
benchmark, under ### AIME 2024 / ### MATH-500 / ### GPQA Diamond / ### LiveCodeBench), each
"Model | <bench> (🤗 LightEval) | <bench> (DeepSeek Reported)" for the same six models.
They are one board split in four parts; the reader joins them on the model name.
Tasks = the column headers as written (8 columns). The "Number of responses per query" table in
the same section is a configuration table (no Model column) and is skipped.
"""

import csv
import os
import sys


def cells(line):
    line = line.strip().strip("|")
    return [c.strip() for c in line.split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    start = next(i for i, l in enumerate(lines) if l.strip() == "## Reproducing Deepseek's evaluation results")
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    out = []
    in_code = False
    i = start
    while i < end:
        l = lines[i]
        if l.strip().startswith("```"):
            in_code = not in_code
        elif not in_code and l.startswith("|") and cells(l)[0] == "Model":
            header = cells(l)
            i += 2
            while i < end and lines[i].startswith("|"):
                row = cells(lines[i])
                for col, val in zip(header[1:], row[1:]):
                    out.append((row[0], col, "pass@1", val, "true"))
                i += 1
            continue
        i += 1
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len({r[0] for r in out}), "models,", len({r[1] for r in out}), "tasks,", len(out), "cells")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
