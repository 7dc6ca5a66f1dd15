"""Independent reader for llm_mimo_readme_evaluation_results.

XiaomiMiMo/MiMo README.md, section "## III. Evaluation Results", first table:
    | Benchmark | GPT-4o-0513 | Claude-3.5-Sonnet-1022 | OpenAI o1-mini | QwQ-32B-Preview | R1-Distill-Qwen-14B | R1-Distill-Qwen-7B | MiMo-7B-RL |
Transposed: models are the column headers, tasks are the Benchmark rows. Rows whose value cells are all
empty (**General**, **Mathematics**, **Code**) are group headings, not tasks. Task names: "<br/>" replaced
by a space ("GPQA Diamond<br/>(Pass@1)" -> "GPQA Diamond (Pass@1)"). All higher is better.
Not this board: the HTML <table> at the top (MiMo-7B-RL vs MiMo-7B-RL-0530 update), the model download
table, and the second table of section III ("MiMo-7B series").
"""

import csv
import os
import re
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def plain(s):
    s = s.replace("<br/>", " ").replace("**", "")
    return re.sub(r"\s+", " ", s).strip()


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    sec = next(i for i, l in enumerate(lines) if l.strip() == "## III. Evaluation Results")
    start = next(i for i in range(sec, len(lines)) if lines[i].startswith("|"))
    header = cells(lines[start])
    assert header[0] == "Benchmark", header
    models = [plain(h) for h in header[1:]]
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        c = cells(line)
        vals = c[1:]
        if all(v == "" for v in vals):
            continue  # group heading row
        task = plain(c[0])
        for model, val in zip(models, vals):
            float(val)
            rows.append((model, task, "score (%)", val, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(len({r[0] for r in rows}), "models,", len({r[1] for r in rows}), "tasks,", len(rows), "cells")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
