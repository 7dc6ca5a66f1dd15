#!/usr/bin/env python3
"""Reader for rl_tdmpc2_results_per_seed_curves.

raw/results/<method>/<task>.csv are long-format learning curves with header
`step,reward,seed` (DMControl) or `step,success,seed` (Meta-World, ManiSkill2,
MyoSuite). Each row is one evaluation of one seed at one environment step.

Reduction (our convention; the repository does not state one): for every
(method, task, seed) take the value logged at that seed's largest step
(its final evaluation), then average over the seeds present.
The metric is the CSV's value column name (reward or success); both are
higher-is-better.
"""
import csv, glob, os, sys


def fmt(x):
    s = ("%.10f" % x).rstrip("0").rstrip(".")
    return s if s not in ("", "-0") else "0"


def main(setdir):
    rows = []
    for path in sorted(glob.glob(os.path.join(setdir, "raw", "results", "*", "*.csv"))):
        method = os.path.basename(os.path.dirname(path))
        task = os.path.basename(path)[:-len(".csv")]
        with open(path, newline="", encoding="utf-8") as fh:
            rd = csv.DictReader(fh)
            metric = [c for c in rd.fieldnames if c not in ("step", "seed")][0]
            last = {}
            for r in rd:
                step = float(r["step"])
                seed = r["seed"]
                if seed not in last or step >= last[seed][0]:
                    last[seed] = (step, float(r[metric]))
        if not last:
            continue
        score = sum(v for _, v in last.values()) / len(last)
        rows.append((method, task, metric, fmt(score), "true"))
    with open(os.path.join(setdir, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(len(rows), "rows")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
