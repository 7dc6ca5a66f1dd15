"""Independent reader for llm_ceval_readme_leaderboard.

C-Eval README, section "## Leaderboard": two tables under the sub-headings "#### Zero-shot" and
"#### Five-shot", same columns (Model | STEM | Social Science | Humanities | Other | Average).
They are one board in two parts: task = "<setting> / <category>", e.g. "Zero-shot / STEM".
"Average" is an aggregate and is left out. The later sections (C-Eval Hard, validation split)
are separate boards and are not read.
Model names are kept exactly as each table spells them (the two tables spell two models
differently, see notes.md), so those appear as separate rows with holes.
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
    start = next(i for i, l in enumerate(lines) if l.strip() == "## Leaderboard")
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("## "))
    out = []
    setting = None
    i = start
    while i < end:
        l = lines[i]
        if l.startswith("#### "):
            setting = l[5:].strip()
        elif l.startswith("| Model") and setting:
            header = cells(l)
            i += 2
            while i < end and lines[i].startswith("|"):
                row = cells(lines[i])
                model = row[0]
                for col, val in zip(header[1:], row[1:]):
                    if col == "Average":
                        continue
                    out.append((model, f"{setting} / {col}", "accuracy", val, "true"))
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
