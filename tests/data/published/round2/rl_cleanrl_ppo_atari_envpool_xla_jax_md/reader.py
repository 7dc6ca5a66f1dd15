#!/usr/bin/env python3
"""Independent reader (stdlib only) for rl_cleanrl_ppo_atari_envpool_xla_jax_md.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

Source: vwxyzjn/cleanrl docs/benchmark/ppo_atari_envpool_xla_jax.md, written by
`python -m openrlbenchmark.rlops ... --output-filename benchmark/cleanrl/ppo_atari_envpool_xla_jax`
(benchmark/ppo_plot.sh): `result_table.to_markdown(...)` with the env ids as rows and one column
per compared run set; each cell `f"{mean:.2f} ± {std:.2f}"` over runs (seeds) of each run's mean
episodic return over its last 100 episodes.  Board: model = column header, task = env id, score =
the mean (the number before ±), higher is better (episodic return).  The std is not a score.
"""
import csv
import os
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main():
    d = sys.argv[1].rstrip("/")
    path = os.path.join(d, "raw", "docs", "benchmark", "ppo_atari_envpool_xla_jax.md")
    with open(path, encoding="utf-8") as fh:
        lines = [l for l in fh.read().splitlines() if l.strip().startswith("|")]
    header = cells(lines[0])
    rows = []
    for line in lines[2:]:
        c = cells(line)
        env = c[0]
        for model, cell in zip(header[1:], c[1:]):
            mean = cell.split("±")[0].strip()
            if mean == "" or mean.lower() == "nan":
                continue
            rows.append((model, env, "episodic_return", repr(float(mean)), "true"))
    keys = [(m, t) for m, t, *_ in rows]
    assert len(keys) == len(set(keys))
    with open(os.path.join(d, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(os.path.basename(d), len(rows), "rows")


if __name__ == "__main__":
    main()
