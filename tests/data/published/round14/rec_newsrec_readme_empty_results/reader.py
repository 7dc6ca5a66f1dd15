#!/usr/bin/env python3
"""Reader for rec_newsrec_readme_empty_results (stdlib only).

The README's only results table, under "## Results", has the header
Model | AUC | MRR | nDCG@5 | nDCG@10 | Remark and one row per model, but every
score cell is blank (the authors emptied the table when the old numbers went
out of date; checkpoints link is "id=TODO").  The two other tables list model
names with full names / paper links or descriptions, no scores.  So there is
no number to rate: this reader checks that and writes no expected.csv (see
expected_refusal.md).
"""
import os
import re
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def tables(lines):
    cur = []
    for l in lines + [""]:
        if l.strip().startswith("|"):
            cur.append(cells(l))
        elif cur:
            yield cur
            cur = []


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    found = list(tables(lines))
    numeric = 0
    for t in found:
        header, body = t[0], [r for r in t[1:] if not all(re.fullmatch(r":?-+:?", c) for c in r)]
        print(header, len(body), "rows")
        if header[:2] == ["Model", "AUC"]:
            scores = [c for r in body for c in r[1:5]]
            assert all(c == "" for c in scores), scores
            print("  results table: all", len(scores), "score cells blank")
        else:
            numeric += sum(1 for r in body for c in r[1:] if re.fullmatch(r"-?\d+(\.\d+)?%?", c))
    assert numeric == 0
    print("no score in the file -> refusal; expected.csv not written")
    out = os.path.join(set_dir, "expected.csv")
    if os.path.exists(out):
        os.remove(out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
