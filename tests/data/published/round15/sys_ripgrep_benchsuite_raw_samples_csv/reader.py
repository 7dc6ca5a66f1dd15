"""Independent reader for BurntSushi/ripgrep benchsuite/runs/2020-10-14-archlinux-frink/raw.csv.

Rows are raw timing samples written by benchsuite (`--raw`): benchmark, warmup_iter, iter, name,
command, duration (seconds), lines (output line count), env. Models: `name` (the command's
human-readable name, e.g. 'rg', 'rg (mmap)', 'git grep (ASCII)'). Tasks: `benchmark`.
Score: mean of the `duration` samples of that (benchmark, name), exactly as benchsuite's
Result.distribution_for computes it (statistics.mean over the samples with that name).
Lower is better (time). `lines`, `iter`, `warmup_iter`, `command`, `env` are not scores.
"""
import csv
import os
import statistics
import sys


def main(set_dir):
    path = os.path.join(set_dir, "raw", "benchsuite", "runs", "2020-10-14-archlinux-frink", "raw.csv")
    samples = {}
    with open(path, newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            key = (r["name"].strip(), r["benchmark"].strip())
            samples.setdefault(key, []).append(float(r["duration"]))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        for (m, t), v in samples.items():
            assert len(v) == 5, (m, t, len(v))
            w.writerow([m, t, "mean duration (s)", repr(statistics.mean(v)), "false"])
    print(len(samples), "cells", len({k[0] for k in samples}), "models", len({k[1] for k in samples}), "tasks")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
