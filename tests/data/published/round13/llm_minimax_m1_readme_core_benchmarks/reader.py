"""Independent reader for llm_minimax_m1_readme_core_benchmarks.

MiniMax-M1 README.md, section "## 2. Evaluation": one transposed Markdown table
    | **Category** | **Task** | **MiniMax-M1-80K** | ... | **OpenAI-o3** |
Models = the column headers after Category and Task (bold removed).
Tasks  = the Task column (markdown emphasis removed: "LiveCodeBench *(24/8~25/5)*" -> "LiveCodeBench (24/8~25/5)").
Left out: the Category column (group labels such as ***Mathematics***, blank on continuation rows) and the
row "*Extended Thinking*" (thinking budget per model, e.g. *80K* - a setting, not a score).
Cells: "--" = not reported (no cell); a trailing "\\*" footnote marker is dropped ("8.4\\*" -> 8.4).
All tasks: higher is better.
"""

import csv
import os
import re
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def plain(s):
    return re.sub(r"\s+", " ", s.replace("*", "")).strip()


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith("| **Category** | **Task** |"))
    header = cells(lines[start])
    models = [plain(h) for h in header[2:]]
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        c = cells(line)
        task = plain(c[1])
        if task == "Extended Thinking":
            continue
        for model, val in zip(models, c[2:]):
            if val == "--":
                continue
            val = val.replace("\\*", "").strip()
            float(val)
            rows.append((model, task, "score (%)", val, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(len({r[0] for r in rows}), "models,", len({r[1] for r in rows}), "tasks,", len(rows), "cells")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
