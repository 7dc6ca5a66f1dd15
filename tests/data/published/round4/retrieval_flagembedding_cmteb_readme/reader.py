#!/usr/bin/env python3
"""Independent reader (standard library only) for retrieval_flagembedding_cmteb_readme.

usage: python reader.py SET_DIR   -> prints the facts behind expected_refusal.md and writes
SET_DIR/sections.csv (every score cell of the `## Leaderboard` tables, with its section)

raw/research/C_MTEB/README.md: `## Leaderboard` holds two leaderboards: `### 1. Reranker` (one table,
rerankers and embedding models scored on reranking datasets) and `### 2. Embedding` (a table of category
averages, `| Model | Embedding dimension | Avg | Retrieval | STS | ... |`, then `### 2.1.`..`### 2.6.` with one
per-dataset table per category).  Model cells are plain names, Markdown links (`[BAAI/bge-base-zh](url)`) or
bold links (`[**bge-large-zh**](url)`); the link text is the name.  `Avg` columns are row means and
`Embedding dimension` is a size.  This reader lists the (model, dataset) pairs scored in two sections with
different values, which is why no single board exists.
"""
import csv
import os
import re
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def name(cell):
    m = re.fullmatch(r"\[(.*)\]\(.*\)", cell)
    text = m.group(1) if m else cell
    return text.replace("**", "").strip()


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "research", "C_MTEB", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    out, section, header, on = [], None, None, False
    for line in lines:
        if line.startswith("## "):
            on = line.strip() == "## Leaderboard"
            continue
        if not on:
            continue
        if line.startswith("### "):
            section, header = line[4:].strip(), None
            continue
        if not line.startswith("|"):
            header = None
            continue
        c = cells(line)
        if header is None:
            header = c
            continue
        if set(c[0]) <= set(":-"):
            continue
        for col, value in zip(header[1:], c[1:]):
            if col in ("Avg", "Embedding dimension") or section.startswith("2. "):
                continue  # aggregates / size; section 2's table holds only category averages
            out.append((section, name(c[0]), col.replace("\\*", ""), value.replace("*", "")))
    with open(os.path.join(set_dir, "sections.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["section", "model", "task", "score"])
        w.writerows(out)
    seen = {}
    for s, m, t, v in out:
        seen.setdefault((m, t.lower()), []).append((s, v))
    for (m, t), vs in sorted(seen.items()):
        if len(vs) > 1 and len({v for _, v in vs}) > 1:
            print("conflict: %s / %s: %s" % (m, t, vs))
    for s in dict.fromkeys(x[0] for x in out):
        ms = {x[1] for x in out if x[0] == s}
        ts = {x[2] for x in out if x[0] == s}
        print("%s: %d models x %d tasks" % (s, len(ms), len(ts)))


if __name__ == "__main__":
    main(sys.argv[1])
