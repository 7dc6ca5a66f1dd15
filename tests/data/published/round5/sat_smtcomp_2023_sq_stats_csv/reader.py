#!/usr/bin/env python3
"""Independent reader (standard library only) for sat_smtcomp_2023_sq_stats_csv.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/archive/2023/sq.csv: SMT-COMP 2023 single-query statistics, one row per
(division, logic, result, time bucket, competitive, solver) with nb = number of benchmarks and the summed
cpu_time / wallclock_time.  The page that reads it (archive/2023/stats.html, "Informations about prover
results for all the divisions in sequential query") opens with the pivot view `show(predefined.only_answer)`:
    only_answer: {rows:["solver"], cols:["division"], vals:["nb"], aggregatorName:"Integer Sum",
                  inclusions : { result : ["sat","unsat"] } }
i.e. per solver x division, the number of benchmarks answered sat or unsat (summed over logics, time
buckets and the competitive flag).  More answers is better (solved instances).  'starexec-unknown' rows
(no answer: timeouts, memouts, unknown) are excluded by the view; cpu_time / wallclock_time are not the board.
"""
import csv
import os
import sys


def main(set_dir):
    tot = {}
    with open(os.path.join(set_dir, "raw", "archive", "2023", "sq.csv"), newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            if r["result"] not in ("sat", "unsat"):
                continue
            key = (r["solver"], r["division"])
            tot[key] = tot.get(key, 0) + int(r["nb"])
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for (s, d), n in sorted(tot.items()):
            w.writerow([s, d, "answers_sat_unsat", n, "true"])
    print("wrote %d rows" % len(tot))


if __name__ == "__main__":
    main(sys.argv[1])
