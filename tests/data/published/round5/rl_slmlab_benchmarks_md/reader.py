#!/usr/bin/env python3
"""Independent reader (standard library only) for rl_slmlab_benchmarks_md.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected.csv

raw/docs/BENCHMARKS.md (SLM-Lab).  Score = MA, "extract `total_reward_ma` from logs (`trial_metrics`)",
the moving average of the episode return; higher is better ("Target reward MA > 400").
  * Phases 1-3: one table per environment under a heading '#### 1.1 CartPole-v1', header
    '| Algorithm | Status | MA | SPEC_FILE | SPEC_NAME | HF Data |': model = Algorithm, task = the heading's
    environment name, score = MA.  Status (a check/warning mark), SPEC_FILE, SPEC_NAME, HF Data are not scores.
  * Phase 4 (Atari) and 5 (Playground): header '| ENV | MA | SPEC_NAME | HF Data |', ENV written only on a
    game's first row (blank = same game); the algorithm is the SPEC_NAME's family (a2c_gae_atari_arc -> A2C,
    ppo_atari_arc / ppo_atari_lam85_arc / ppo_atari_lam70_arc / ppo_playground_* -> PPO ("table shows best
    result per game"), sac_atari_arc -> SAC, crossq_atari -> CrossQ).
  * Not the board: the settings / progress / spec tables, the image grids, and the collapsed
    'PPO Lambda Comparison' table (per-variant PPO ablation, its best is already the PPO row).
"""
import csv
import os
import re
import sys

FAMILY = {"a2c": "A2C", "ppo": "PPO", "sac": "SAC", "crossq": "CrossQ"}


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(set_dir):
    with open(os.path.join(set_dir, "raw", "docs", "BENCHMARKS.md"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    rows = []
    heading_env = None
    mode = None
    env = None
    for line in lines:
        m = re.match(r"^#### \d+\.\d+ (\S+)\s*$", line)
        if m:
            heading_env = m.group(1)
        if not line.startswith("|"):
            mode = None
            continue
        c = cells(line)
        if c[:3] == ["Algorithm", "Status", "MA"]:
            mode, env = "algo", heading_env
            continue
        if c[:3] == ["ENV", "MA", "SPEC_NAME"]:
            mode, env = "env", None
            continue
        if mode is None or set("".join(c)) <= set("-: "):
            continue
        if mode == "algo":
            model, score = c[0], c[2]
        else:
            if c[0]:
                env = c[0]
            model, score = FAMILY[c[2].split("_")[0]], c[1]
        score = score.strip("*")
        if not score or score == "-":
            continue
        rows.append((model, env, "MA", score, "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


if __name__ == "__main__":
    main(sys.argv[1])
