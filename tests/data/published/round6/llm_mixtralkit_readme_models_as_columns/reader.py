#!/usr/bin/env python3
"""Independent reader (standard library only) for README.md of open-compass/MixtralKit at d4da9e0.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Board = the pipe table under "## Comparison with Other Models" ("All data generated from OpenCompass"):
datasets as ROWS, models as COLUMNS (Mistral-7B-v0.1, Mixtral-8x7B(MoE), Llama2-70B, DeepSeek-67B-Base,
Qwen-72B). The "Mode" column (PPL/GEN, OpenCompass's inference mode) is not a score; the "Active Params"
row (7B, 12B, ...) is model size, not a task. Every dataset row is an accuracy / pass@1 / EM-style score
in percent: higher is better. The fenced OpenCompass summary under "## Performance Mixtral-8x7b" (one
model, mixtral-8x7b-32k) is not part of the comparison board.
"""
import csv, os, sys


def main(set_dir):
    lines = open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8").read().split("\n")
    on, table = False, []
    for l in lines:
        if l.startswith("## Comparison with Other Models"):
            on = True
            continue
        if on and l.startswith("#"):
            break
        if on and l.strip().startswith("|"):
            table.append([c.strip() for c in l.strip().strip("|").split("|")])
    header, body = table[0], table[2:]
    models = header[2:]
    rows = []
    for r in body:
        task = r[0]
        if task == "Active Params":
            continue
        for m, v in zip(models, r[2:]):
            if v and v != "-":
                rows.append([m, task, "score", v, "true"])
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{len(rows)} rows, {len({r[0] for r in rows})} models, {len({r[1] for r in rows})} tasks")


if __name__ == "__main__":
    main(sys.argv[1])
