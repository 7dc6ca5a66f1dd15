"""Independent reader for rl_dreamerv3_scores_dmc_proprio_gz (stdlib only).

Reading: raw/scores/dmc_proprio-<method>.json.gz, one gzipped JSON file per
method (d4pg, ddpg, dmpo, dreamerv3, mpo, ppo_fixhp).  Each file is a list of
runs {"task", "method", "seed", "xs", "ys"}: one learning curve per
(task, seed), xs = environment steps (ascending), ys = episode return at
that step (DMControl returns, 0..1000, higher is better).
Model = "method", task = "task" (dmc_*).  Score, our reduction (the source
states none): each run's final value (ys at its largest xs), then the mean
over that method's seeds on the task.  All runs end at 490k-500k steps.
"""
import csv
import glob
import gzip
import json
import os
import sys
from collections import defaultdict


def main(set_dir):
    finals = defaultdict(list)
    order = []
    for path in sorted(glob.glob(os.path.join(set_dir, "raw", "scores", "*.json.gz"))):
        with gzip.open(path, "rt", encoding="utf-8") as f:
            runs = json.load(f)
        for run in runs:
            xs, ys = run["xs"], run["ys"]
            i = max(range(len(xs)), key=lambda k: xs[k])
            assert ys[i] is not None
            key = (run["method"], run["task"])
            if key not in finals:
                order.append(key)
            finals[key].append(float(ys[i]))
    rows = []
    for method, task in sorted(order):
        vals = finals[(method, task)]
        rows.append((method, task, "final episode return (mean over seeds)", repr(sum(vals) / len(vals)), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"{len(rows)} rows, {len(set(r[0] for r in rows))} models, {len(set(r[1] for r in rows))} tasks")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
