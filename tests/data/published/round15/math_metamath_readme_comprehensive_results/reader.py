"""Independent reader for meta-math/MetaMath README.MD, table under 'Comparing MetaMath with the LLM models.'
('🔥 Comprehensive Results'): | Model | GSM8k Pass@1 | MATH Pass@1 |.

Models: first column with the '🔥 ' highlight marker and **bold** removed. Tasks: 'GSM8k Pass@1',
'MATH Pass@1'. '--' = not reported (no cell). Pass@1 accuracy (%), higher is better.
The earlier model-card table (Checkpoint/Paper/License links) repeats the MetaMath rows under
other names (MetaMath-7B-V1.0 ...) and is not the comparison board.
"""
import csv
import os
import sys


def clean(s):
    s = s.strip().replace("**", "")
    if s.startswith("🔥"):
        s = s[len("🔥"):]
    return s.strip()


def main(set_dir):
    path = os.path.join(set_dir, "raw", "README.MD")
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = next(i for i, l in enumerate(lines)
                 if l.startswith("| Model") and "GSM8k Pass@1" in l and "MATH Pass@1" in l)
    header = [c.strip() for c in lines[start].strip().strip("|").split("|")]
    tasks = header[1:]
    out = []
    for l in lines[start + 2:]:
        if not l.startswith("|"):
            break
        cells = [c for c in l.strip().strip("|").split("|")]
        model = clean(cells[0])
        for t, v in zip(tasks, cells[1:]):
            v = clean(v)
            if v == "--":
                continue
            float(v)
            out.append((model, t, v))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for m, t, s in out:
            w.writerow([m, t, "pass@1 (%)", s, "true"])
    print(len(out), "cells", len({o[0] for o in out}), "models", len({o[1] for o in out}), "tasks")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
