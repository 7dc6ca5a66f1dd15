#!/usr/bin/env python3
"""Independent reader (stdlib only) for rl_d3rlpy_atari_runs.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Source: takuseno/d3rlpy-benchmarks atari/: one d3rlpy log directory per training run, named
`<algo>_<game>_<seed>_<timestamp>` (d3rlpy reproductions: experiment_name=f"DiscreteCQL_{args.game}_{args.seed}",
d3rlpy appends the timestamp).  `environment.csv` is the environment evaluator's log, no header,
rows `epoch,step,value` with value = evaluation episode return.  The repository's own summary
(scripts/tables/create_atari_table.py) reports "final return" = mean over runs of the last row's value
(`final_returns = score.scores[:, -1]; final_avg = np.mean(final_returns)`).
Board: model = algo, task = game, score = mean over the seeds present of the final evaluation return,
higher is better.  loss.csv, time_*.csv, learning_rate.csv and params.json are not scores.
"""
import csv
import os
import re
import statistics
import sys

RUN = re.compile(r"^(?P<algo>[A-Za-z0-9+]+)_(?P<game>[a-z_]+?)_(?P<seed>\d+)_(?P<ts>\d{14})$")


def main():
    d = sys.argv[1].rstrip("/")
    base = os.path.join(d, "raw", "atari")
    finals = {}
    for run in sorted(os.listdir(base)):
        m = RUN.match(run)
        if not m:
            raise SystemExit("unexpected run directory %s" % run)
        with open(os.path.join(base, run, "environment.csv"), newline="", encoding="utf-8") as fh:
            rows = [r for r in csv.reader(fh) if r]
        epoch, step, value = rows[-1]
        assert int(epoch) == max(int(r[0]) for r in rows)
        finals.setdefault((m["algo"], m["game"]), []).append(float(value))
    out = []
    for (algo, game), vals in sorted(finals.items()):
        out.append((algo, game, "final return", repr(statistics.mean(vals)), "true"))
    with open(os.path.join(d, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(os.path.basename(d), len(out), "rows", {k: len(v) for k, v in finals.items()} if False else "")


if __name__ == "__main__":
    main()
