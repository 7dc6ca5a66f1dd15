"""Reader for stephenberry/glaze ordered_map_results.md (written by benchmarks/ordered_map_benchmark.cpp).

Three transposed tables, one per "## <Operation> (MB/s)" heading. Rows = container size n; columns =
the three map implementations (the models) plus "winner" (derived: the column with the largest value,
not a score). Task = "<Operation> n=<n>". Standard library only.
"""
import csv
import os
import re
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "ordered_map_results.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    rows = []
    op = header = None
    for line in lines:
        s = line.strip()
        m = re.match(r"^##\s+(\w+)\s+\(MB/s\)$", s)
        if m:
            op, header = m.group(1), None
            continue
        if not s.startswith("|") or op is None:
            continue
        c = cells(s)
        if header is None:
            header = c
            continue
        if all(re.fullmatch(r":?-+:?", x) for x in c):
            continue
        n = c[0]
        for name, val in zip(header[1:], c[1:]):
            if name == "winner":
                continue
            rows.append((name, f"{op} n={n}", "throughput (MB/s)", val, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
