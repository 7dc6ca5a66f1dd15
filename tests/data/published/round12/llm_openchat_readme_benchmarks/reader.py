"""Independent reader for llm_openchat_readme_benchmarks.

OpenChat README, section "# 🏷️ Benchmarks - OpenChat 3.5", first table:
Model | # Params | Average | MT-Bench | HumanEval | BBH MC | AGIEval | TruthfulQA | MMLU | GSM8K | BBH CoT

- bold markup (**x**) removed from names and numbers;
- footnote markers at the end of model names (*, ^, **) removed (explained under the table);
- the empty separator row and the row with an empty Model cell (which names, per column, the
  model behind the "Open-source SOTA" numbers) are not results and are skipped;
- "-" = no result (hole);
- "# Params" (size) and "Average" (aggregate) are left out.
"""

import csv
import os
import re
import sys

SKIP = {"# Params", "Average"}


def cells(line):
    line = line.strip().strip("|")
    return [c.strip() for c in line.split("|")]


def unbold(s):
    return re.sub(r"\*\*(.*?)\*\*", r"\1", s).strip()


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    start = next(i for i, l in enumerate(lines) if l.startswith("# ") and "Benchmarks - OpenChat 3.5" in l)
    hdr = next(i for i in range(start, len(lines)) if lines[i].startswith("| Model"))
    header = cells(lines[hdr])
    out = []
    i = hdr + 2
    while i < len(lines) and lines[i].startswith("|"):
        row = cells(lines[i])
        i += 1
        name = unbold(row[0])
        if not name:  # blank separator row / per-column source-model row
            continue
        name = re.sub(r"[*^]+$", "", name).strip()  # footnote markers
        for col, val in zip(header[1:], row[1:]):
            if col in SKIP:
                continue
            val = unbold(val)
            if val in ("-", ""):
                continue
            metric = {"MT-Bench": "MT-Bench score (GPT-4 judge, 1-10)", "HumanEval": "pass@1"}.get(col, "accuracy")
            out.append((name, col, metric, val, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len({r[0] for r in out}), "models,", len({r[1] for r in out}), "tasks,", len(out), "cells")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
