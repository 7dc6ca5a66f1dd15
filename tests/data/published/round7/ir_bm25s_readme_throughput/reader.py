"""Independent reader for ir_bm25s_readme_throughput (standard library only).

Board = the table under "### Throughput (Queries per second)" in README.md. It is transposed:
rows are BEIR datasets (tasks), columns BM25S / Elastic / BM25-PT / Rank-BM25 are the
implementations (models). Values are queries per second (higher is better); "**x**" bold marks
values above 60 q/s; "OOM" ("the implementation ran out of memory during the benchmark") is no
measurement, so that cell is absent.
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
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    i = next(k for k, l in enumerate(lines) if l.strip() == "### Throughput (Queries per second)")
    while not lines[i].lstrip().startswith("|"):
        i += 1
    header = cells(lines[i])
    models = header[1:]
    i += 1
    out = {m: [] for m in models}
    while i < len(lines) and lines[i].lstrip().startswith("|"):
        c = cells(lines[i])
        i += 1
        if all(re.fullmatch(r":?-+:?", x) for x in c if x):
            continue
        task = c[0]
        for m, v in zip(models, c[1:]):
            v = v.replace("**", "").strip()
            if v == "OOM":
                continue
            float(v)
            out[m].append((task, v))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for m in models:
            for task, v in out[m]:
                w.writerow([m, task, "QPS", v, "true"])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
