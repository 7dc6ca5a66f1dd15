#!/usr/bin/env python3
"""Independent reader (stdlib only) for automl_skopt_benchmarks_readme.

usage: python reader.py SET_DIR  -> writes SET_DIR/expected.csv

Source: scikit-optimize benchmarks/README.md: one `## <problem>` section per benchmark problem, each a table
| Method | Minimum | Best minimum | Mean f_calls to min | Std f_calls to min | Fastest f_calls to min
whose Minimum cell is "mean +/- std" over 10 runs of the best value found (bench_*.py: np.mean(optimal_values)).
Board: model = Method, task = section heading, score = mean part of Minimum, lower is better (minimisation).
"""
import csv
import os
import sys


def main():
    d = sys.argv[1].rstrip("/")
    rows, task, header = [], None, None
    with open(os.path.join(d, "raw", "benchmarks", "README.md"), encoding="utf-8") as fh:
        for line in fh:
            s = line.strip()
            if s.startswith("## "):
                task, header = s[3:].strip(), None
            elif s.startswith("|") and task is not None:
                cells = [c.strip() for c in s.strip("|").split("|")]
                if header is None:
                    header = cells
                    continue
                r = dict(zip(header, cells))
                mean = r["Minimum"].split("+/-")[0].strip()
                rows.append((r["Method"], task, "Minimum", repr(float(mean)), "false"))
    keys = [(m, t) for m, t, *_ in rows]
    assert len(keys) == len(set(keys))
    with open(os.path.join(d, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(os.path.basename(d), len(rows), "rows")


if __name__ == "__main__":
    main()
