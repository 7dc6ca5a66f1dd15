#!/usr/bin/env python3
"""Reader for games_tdoku_solver_best_results_txt.

benchmarks/results_Oracle-Optimized3/best_results.txt is the fixed-width table
written by benchmarks/best.py: a title line, dashed rules, a header line of
dataset keys (puzzles0..puzzles8, the first 8 characters of each data file name),
then one line per solver: name followed by puzzles/sec for each dataset
(best over compiler configurations). Higher puzzles/sec is better.
"""
import csv, os, re, sys

PATH = os.path.join("raw", "benchmarks", "results_Oracle-Optimized3", "best_results.txt")


def main(setdir):
    with open(os.path.join(setdir, PATH), encoding="utf-8") as fh:
        lines = [l.rstrip("\n") for l in fh]
    header = None
    out = []
    for l in lines:
        s = l.strip()
        if not s or set(s) == {"-"} or s.startswith("Performance"):
            continue
        toks = s.split()
        if header is None:
            if all(re.fullmatch(r"puzzles\d+", t) for t in toks):
                header = toks
            continue
        solver, vals = toks[0], toks[1:]
        assert len(vals) == len(header), l
        for task, v in zip(header, vals):
            out.append((solver, task, "puzzles/sec", v, "true"))
    with open(os.path.join(setdir, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
