"""Independent reader for llm_wanda_readme_llama2_pruning_ppl.

The only table of locuslab/wanda README.md ("LLaMA-2 results"):
    |sparsity| ppl | llama2-7b | llama2-13b | llama2-70b |
Rows are pruning configurations, keyed by TWO columns: the sparsity cell and the method cell (the
column headed "ppl" holds method names: dense / magnitude / sparsegpt / wanda; each method name
repeats for three sparsity patterns). Model = "<sparsity> / <method>" (the dense row keeps its "-").
Tasks = the three LLaMA-2 models; score = WikiText-2 perplexity, lower is better. **bold** removed.
"""

import csv
import os
import re
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith("|sparsity|"))
    header = cells(lines[start])
    tasks = header[2:]
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        c = cells(line)
        model = f"{c[0]} / {c[1]}"
        for task, val in zip(tasks, c[2:]):
            val = re.sub(r"\*\*(.*?)\*\*", r"\1", val).strip()
            float(val)
            rows.append((model, task, "WikiText-2 perplexity", val, "false"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(len({r[0] for r in rows}), "models,", len({r[1] for r in rows}), "tasks,", len(rows), "cells")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
