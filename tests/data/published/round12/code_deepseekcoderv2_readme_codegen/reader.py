"""Independent reader for deepseek-ai/DeepSeek-Coder-V2 README.md.

The README's "## 3. Evaluation Results" holds several independent tables (3.1 Code Generation,
3.2 Code Completion, 3.3 Code Fixing, 3.4 Mathematical Reasoning, 3.5 General Natural Language
(transposed)). The board read here is the first one, "### 3.1 Code Generation" - the headline
result of a code model. Models = first column with **bold** removed; group rows
("**Closed-Source Models**", "**Open-Source Models**", empty elsewhere) are not models.
Tasks = HumanEval, MBPP+, LiveCodeBench, USACO (higher is better); #TP / #AP (total / active
parameters) are sizes and are left out.
"""
import csv
import os
import re
import sys

SECTION = "### 3.1 Code Generation"
SIZE_COLUMNS = {"#TP", "#AP"}


def clean(cell):
    return re.sub(r"\*\*(.*?)\*\*", r"\1", cell.strip()).strip()


def split(line):
    return [c for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = lines.index(SECTION)
    while not lines[i].startswith("|"):
        i += 1
    header = [clean(c) for c in split(lines[i])]
    tasks = [(j, h) for j, h in enumerate(header) if j > 0 and h not in SIZE_COLUMNS]
    rows = []
    models = []
    for line in lines[i + 2:]:
        if not line.startswith("|"):
            break
        cells = [clean(c) for c in split(line)]
        if all(c == "" for c in cells[1:]):  # group heading row
            continue
        name = cells[0]
        assert name not in models, name
        models.append(name)
        for j, task in tasks:
            v = cells[j]
            if v in ("", "-"):
                continue
            float(v)
            rows.append((name, task, v))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for name, task, v in rows:
            w.writerow([name, task, "score", v, "true"])
    print(len(rows), "rows", len(models), "models", [t for _, t in tasks])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
