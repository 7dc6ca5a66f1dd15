#!/usr/bin/env python3
"""Independent reader (standard library only) for README_EN.md of baichuan-inc/Baichuan2 at ed1cf0f.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Board = the eight pipe tables under "# Benchmark Results" (General Domain, Law and Medicine, Mathematics
and Code, Multilingual Translation; a 7B and a 13B table each), up to "# Inference and Deployment".
Each table: first header cell empty, benchmark names in bold; a second body row whose first cell is
empty gives the shot setting ("5-shot") and is not a model; model names in bold in the first column.
"-" is missing. "Average" (translation tables) is the mean of the seven CN-xx columns: an aggregate,
left out. GPT-4 / GPT-3.5 Turbo appear in both the 7B and 13B tables with identical numbers: one model
each. All benchmarks are accuracies / pass@1 / BLEU (Flores): higher is better. The later
"Quantization Effect" tables (GPU memory; C-Eval on the val set for chat models) are not this board.
"""
import csv, os, sys


def cells(l):
    return [c.strip().replace("**", "").strip() for c in l.strip().strip("|").split("|")]


def main(set_dir):
    lines = open(os.path.join(set_dir, "raw", "README_EN.md"), encoding="utf-8").read().split("\n")
    on, tables, cur = False, [], None
    for l in lines:
        if l.startswith("# Benchmark Results"):
            on = True
            continue
        if on and l.startswith("# ") and not l.startswith("# Benchmark"):
            break
        if not on:
            continue
        if l.strip().startswith("|"):
            if cur is None:
                cur = []
                tables.append(cur)
            cur.append(cells(l))
        else:
            cur = None
    seen = {}
    rows = []
    for t in tables:
        header, body = t[0], t[2:]
        for r in body:
            if not r[0]:
                continue  # the shot-setting row
            for task, v in zip(header[1:], r[1:]):
                if task == "Average" or v in ("", "-"):
                    continue
                key = (r[0], task)
                if key in seen:
                    if float(seen[key]) != float(v):
                        raise SystemExit(f"conflict {key}: {seen[key]} vs {v}")
                    continue
                seen[key] = v
                rows.append([r[0], task, "score", v, "true"])
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{len(tables)} tables, {len(rows)} rows, {len({r[0] for r in rows})} models, {len({r[1] for r in rows})} tasks")


if __name__ == "__main__":
    main(sys.argv[1])
