"""Independent reader for ir_bigann_neurips23_azure_qps_md (Python standard library only).

neurips23/Azure_D8lds_v5_table.md of big-ann-benchmarks: one long-format pipe table
`dataset | algorithm | qps` (CRLF line endings). A block of rows belongs to one dataset (track):
the dataset is written on the block's first row only; the second row's dataset cell holds the
track name in parentheses ("(filter track)") and the rest are blank - neither starts a new
dataset. Footnote markers " [1]" / " [2]" after an algorithm name point to notes below the table
and are not part of the name. Score = qps (highest QPS with recall@10 >= 0.9), higher is better.
Writes SET_DIR/expected.csv: model,task,metric,score,higher_is_better.
"""
import csv
import os
import re
import sys


def cells(line):
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|"):
        line = line[:-1]
    return [c.strip() for c in line.split("|")]


def main(set_dir):
    path = os.path.join(set_dir, "raw", "neurips23", "Azure_D8lds_v5_table.md")
    with open(path, encoding="utf-8", newline="") as f:
        lines = f.read().splitlines()
    rows = [cells(l) for l in lines if l.strip().startswith("|")]
    assert rows[0] == ["dataset", "algorithm", "qps"], rows[0]
    out, dataset = [], None
    for r in rows[1:]:
        if all(re.fullmatch(r":?-+:?", x) for x in r):
            continue
        d, algo, qps = r
        if d and not (d.startswith("(") and d.endswith(")")):
            dataset = d                                  # a new block
        algo = re.sub(r"\s*\[\d+\]$", "", algo).strip()  # footnote marker
        float(qps)
        out.append((algo, dataset, "qps", qps))
    seen = set()
    for a, d, _, _ in out:
        assert (a, d) not in seen, (a, d)
        seen.add((a, d))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for row in out:
            w.writerow(list(row) + ["true"])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
