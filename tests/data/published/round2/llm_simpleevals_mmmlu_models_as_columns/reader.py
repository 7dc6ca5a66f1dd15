#!/usr/bin/env python3
"""Independent reader (standard library only) for simple-evals' multilingual_mmlu_benchmark_results.md.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Rules (quoted in notes.md):
* One Markdown table under "## Results": first column "Language" (the task: MMLU translated into
  that language), one column per model (the header cell is the model / sampler name).
* Cells are accuracies in [0, 1] as published; "**0.904**" is bold only to mark the row's best
  (the bold is formatting, the number is the score).
* The "Average" row is the mean over the 14 languages: an aggregate, not a task.
* MMLU accuracy: higher is better.
"""
import csv, os, re, sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    lines = open(os.path.join(set_dir, "raw", "multilingual_mmlu_benchmark_results.md"), encoding="utf-8").read().splitlines()
    i = next(k for k, l in enumerate(lines) if l.lstrip().startswith("| Language"))
    models = cells(lines[i])[1:]
    i += 2
    rows = []
    while i < len(lines) and lines[i].lstrip().startswith("|"):
        c = cells(lines[i])
        i += 1
        task = c[0]
        if task == "Average":
            continue
        for model, v in zip(models, c[1:]):
            v = v.strip("*")
            if re.fullmatch(r"[0-9]+(\.[0-9]+)?", v):
                rows.append([model, task, "accuracy", v, "true"])
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{len(rows)} rows, {len({r[0] for r in rows})} models, {len({r[1] for r in rows})} tasks")


if __name__ == "__main__":
    main(sys.argv[1])
