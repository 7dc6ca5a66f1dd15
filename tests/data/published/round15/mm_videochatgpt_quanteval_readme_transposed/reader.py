"""Independent reader for mbzuai-oryx/Video-ChatGPT quantitative_evaluation/README.md.

Main board: the first table, 'Video-based Generative Performance Benchmarking' (assessment 1 of
the framework), transposed: rows are evaluation aspects (tasks), columns are models
(Video Chat, LLaMA Adapter, Video LLaMA, Video-ChatGPT). Scores are GPT-3.5-judged ratings on
a 0-5 scale; higher is better. **bold** removed. The second table (Zero-Shot QA) is a separate
board with another model set and is left out.
"""
import csv
import os
import sys


def cells(line):
    return [c.strip().replace("**", "").strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    path = os.path.join(set_dir, "raw", "quantitative_evaluation", "README.md")
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith("| **Evaluation Aspect**"))
    models = cells(lines[start])[1:]
    out = []
    for l in lines[start + 2:]:
        if not l.startswith("|"):
            break
        c = cells(l)
        for m, v in zip(models, c[1:]):
            float(v)
            out.append((m, c[0], v))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for m, t, s in out:
            w.writerow([m, t, "GPT-judged score (0-5)", s, "true"])
    print(len(out), "cells", len({o[0] for o in out}), "models", len({o[1] for o in out}), "tasks")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
