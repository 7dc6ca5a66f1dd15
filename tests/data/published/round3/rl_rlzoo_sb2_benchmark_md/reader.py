#!/usr/bin/env python3
"""Independent reader (stdlib only) for rl_rlzoo_sb2_benchmark_md.

usage: python reader.py SET_DIR  -> writes SET_DIR/expected.csv

Source: araffin/rl-baselines-zoo benchmark.md, written by utils/benchmark.py
(pytablewriter MarkdownTableWriter from a DataFrame with columns algo, env_id, mean_reward = np.mean(y),
std_reward = np.std(y), n_timesteps = x[-1], n_episodes = len(y)).
Board: model = algo, task = env_id, score = mean_reward (mean episode reward, higher is better).
"""
import csv
import os
import sys


def main():
    d = sys.argv[1].rstrip("/")
    with open(os.path.join(d, "raw", "benchmark.md"), encoding="utf-8") as fh:
        lines = [l.strip() for l in fh if l.strip().startswith("|")]
    header = [c.strip() for c in lines[0].strip("|").split("|")]
    rows, seen = [], set()
    for line in lines[2:]:
        cells = dict(zip(header, (c.strip() for c in line.strip("|").split("|"))))
        key = (cells["algo"], cells["env_id"])
        assert key not in seen, key
        seen.add(key)
        rows.append((cells["algo"], cells["env_id"], "mean_reward", repr(float(cells["mean_reward"])), "true"))
    with open(os.path.join(d, "expected.csv"), "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(sorted(rows))
    print(os.path.basename(d), len(rows), "rows")


if __name__ == "__main__":
    main()
