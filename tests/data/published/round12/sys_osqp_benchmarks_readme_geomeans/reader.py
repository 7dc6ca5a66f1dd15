"""Independent reader for osqp/osqp_benchmarks README.md.

Three "### Results" sub-sections, each under a "## <benchmark>" heading, each holding a
transposed one-row table: solver names as column headers, one row of shifted geometric means
of solve time normalised by the best solver (1.0 = best; lower is better). Models = solvers,
tasks = the "## " heading above each Results table. Solvers not run on a benchmark have no cell.
"""
import csv
import os
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "README.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    rows = []
    section = None
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("## "):
            section = line[3:].strip()
        if line.startswith("|") and i + 2 < len(lines) and set(lines[i + 1].replace("|", "").strip()) <= set("-: "):
            header = cells(line)
            values = cells(lines[i + 2])
            assert len(header) == len(values), (header, values)
            for solver, value in zip(header, values):
                float(value)
                rows.append((solver, section, value))
            i += 3
            continue
        i += 1
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for solver, task, value in rows:
            w.writerow([solver, task, "shifted_geometric_mean_normalized", value, "false"])
    print(len(rows), "rows")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
