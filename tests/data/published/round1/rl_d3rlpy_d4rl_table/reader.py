#!/usr/bin/env python3
"""Independent reader (stdlib only) for rl_d3rlpy_d4rl_table.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Source: takuseno/d3rlpy-benchmarks d4rl_table.csv, written by scripts/tables/create_d4rl_table.py:
one row per (algo, env, dataset) with mean/std over seeds of the final and best evaluation
return, raw and D4RL-normalised.  Board: model = `algo`, task = `env` + `dataset`
(`hopper-medium-v0`, the D4RL task id), score = `final normalized return` (mean over seeds of
the normalised return of the last evaluation; 100 * (score - random) / (expert - random),
higher is better).  Algorithms without a row for a task have no score there (no row written).
"""
import csv
import os
import sys


def main():
    d = sys.argv[1].rstrip("/")
    rows = []
    with open(os.path.join(d, "raw", "d4rl_table.csv"), newline="", encoding="utf-8") as fh:
        for r in csv.DictReader(fh):
            v = r["final normalized return"].strip()
            if v == "" or float(v) != float(v):
                continue
            rows.append((r["algo"], "%s-%s" % (r["env"], r["dataset"]), "final normalized return",
                         repr(float(v)), "true"))
    keys = [(m, t) for m, t, *_ in rows]
    assert len(keys) == len(set(keys)), "duplicate (algo, task)"
    with open(os.path.join(d, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(sorted(rows))
    print(os.path.basename(d), len(rows), "rows")


if __name__ == "__main__":
    main()
