#!/usr/bin/env python3
"""Independent reader (stdlib only) for sentence-transformers docs/pretrained-models/msmarco-v3.md
(the "## Performance" table of the MSMARCO v3 bi-encoder models).

usage: python reader.py SET_DIR  -> writes SET_DIR/expected.csv

Source rules (quoted in notes.md):
  * the one table of the file, header
    `| Approach | NDCG@10 (TREC DL 19 Reranking) | MRR@10 (MS Marco Dev) | Queries (GPU / CPU) | Docs (GPU / CPU)`;
  * rows whose only text is bold (`| **Models tuned for cosine-similarity** | |`) are group captions, not models;
  * model = the Approach cell, its Markdown link reduced to the link text;
  * tasks: `NDCG@10 (TREC DL 19 Reranking)` and `MRR@10 (MS Marco Dev)`, higher is better; `**x**` is x
    marked as the best of its group;
  * `Queries (GPU / CPU)`, `Docs (GPU / CPU)`: "Encoding speeds are per second" -- not scores.
Rows are ragged (no trailing `|` on most rows, fewer cells on the "Previous approaches" rows).
"""
import csv, os, re, sys

SCORES = ["NDCG@10 (TREC DL 19 Reranking)", "MRR@10 (MS Marco Dev)"]


def cells(line):
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|"):
        line = line[:-1]
    return [c.strip() for c in line.split("|")]


def main(set_dir):
    path = os.path.join(set_dir, "raw", "docs", "pretrained-models", "msmarco-v3.md")
    lines = open(path, encoding="utf-8").read().split("\n")
    h = next(i for i, l in enumerate(lines) if l.startswith("| Approach"))
    header = cells(lines[h])
    out = []
    for l in lines[h + 2:]:
        if not l.startswith("|"):
            break
        row = cells(l)
        name = row[0]
        if re.fullmatch(r"\*\*[^*]+\*\*", name) and all(c == "" for c in row[1:]):
            continue  # group caption
        link = re.fullmatch(r"\[([^\]]+)\]\([^)]*\)", name)
        model = link.group(1) if link else name
        for col, value in zip(header, row):
            if col in SCORES and value:
                out.append((model, col, col.split(" ")[0], repr(float(value.strip("*"))), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
