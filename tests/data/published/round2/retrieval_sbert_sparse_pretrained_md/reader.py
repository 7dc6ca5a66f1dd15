#!/usr/bin/env python3
"""Independent reader (stdlib only) for sentence-transformers docs/sparse_encoder/pretrained_models.md
(the two tables "## Core SPLADE Models" and "## Inference-Free SPLADE Models").

usage: python reader.py SET_DIR  -> writes SET_DIR/expected.csv

Source rules (quoted in notes.md):
  * model = the `Model Name` cell: a Markdown link whose text is the Hugging Face model id, or plain text
    (`BM25 (Baseline)`);
  * tasks: `MS MARCO MRR@10` (first table only) and `BEIR-13 avg nDCG@10` (both tables: "The avg nDCG@10
    scores represent the average performance across all 13 datasets"), x 100, higher is better;
  * `**52.8**` is 52.8 (bold marks the column's best); `NA` is not available: missing, no row;
  * `Parameters` (`67M`, `NA`) is model size: not a score.
The two tables report the same two benchmarks; their models are disjoint: one board of 21 models.
"""
import csv, os, re, sys

SCORES = {"MS MARCO MRR@10": "MRR@10", "BEIR-13 avg nDCG@10": "nDCG@10"}


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    path = os.path.join(set_dir, "raw", "docs", "sparse_encoder", "pretrained_models.md")
    lines = open(path, encoding="utf-8").read().split("\n")
    out, header = [], None
    for i, l in enumerate(lines):
        if not l.startswith("|"):
            header = None
            continue
        row = cells(l)
        if row[0] == "Model Name":
            header = row
            continue
        if header is None or set(row[0]) <= set("-:"):
            continue
        link = re.fullmatch(r"\[([^\]]+)\]\([^)]*\)", row[0])
        model = link.group(1) if link else row[0]
        for col, value in zip(header, row):
            if col in SCORES and value != "NA":
                out.append((model, col, SCORES[col], repr(float(value.strip("*"))), "true"))
    seen = set()
    for r in out:
        assert (r[0], r[1]) not in seen, r
        seen.add((r[0], r[1]))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
