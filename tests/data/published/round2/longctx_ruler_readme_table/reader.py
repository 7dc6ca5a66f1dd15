#!/usr/bin/env python3
"""Independent reader (standard library only) for longctx_ruler_readme_table.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/README.md is NVIDIA/RULER's README; its first table is the RULER main-results table:
    |Models|Claimed Length|Effective Length|4K|8K|16K|32K|64K|128K|Avg.|wAvg. (inc)|wAvg. (dec)|
One row per model (GFM rows, most of them WITHOUT a leading pipe).  Each length column is the
model's RULER score at that sequence length (percent; the mean of 13 task scores, each
string-match accuracy x 100 as in scripts/eval/synthetic/constants.py), higher is better.
"The performance exceeding the threshold is <ins>underlined</ins>": <ins> is markup, not data.

Reading: model = the rendered text of the `Models` cell (markdown link replaced by its text,
the size suffix kept: "Llama3.1 (70B)" and "Llama3.1 (8B)" are two models); tasks = the six
length columns 4K..128K; score as published; higher is better.  `Claimed Length` and
`Effective Length` are context sizes (metadata), `Avg.` is the mean of the six length columns
and `wAvg. (inc)` / `wAvg. (dec)` weighted means with a rank in bold ("95.7 **(1st)**", "TBD"):
aggregates, left out.  Empty cells and "-" are missing (no row): the Llama2 (7B) row has only
its 4K score (the threshold baseline), EXAONE-4.0-1.2B* has no 128K score.
"""
import csv
import os
import re
import sys

LINK = re.compile(r"\[([^\]]*)\]\((?:[^()]|\([^()]*\))*\)")
TAGS = re.compile(r"</?ins>")
TASKS = ["4K", "8K", "16K", "32K", "64K", "128K"]


def cells(line):
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|"):
        line = line[:-1]
    return [c.strip() for c in line.split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    start = next(i for i, l in enumerate(lines) if l.startswith("|Models|Claimed Length|"))
    header = cells(lines[start])
    rows = []
    for line in lines[start + 2:]:
        if not line.strip():
            break
        rows.append(cells(line))
    out, seen = [], set()
    for r in rows:
        model = " ".join(LINK.sub(r"\1", r[0]).split())
        if model in seen:
            raise SystemExit("duplicate model %r" % model)
        seen.add(model)
        rec = dict(zip(header, r))
        for t in TASKS:
            v = TAGS.sub("", rec.get(t, "")).strip()
            if v in ("", "-"):
                continue
            out.append((model, t, "score", repr(float(v)), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print("wrote %d rows, %d models" % (len(out), len(seen)))


if __name__ == "__main__":
    main(sys.argv[1])
