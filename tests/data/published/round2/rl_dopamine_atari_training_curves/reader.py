#!/usr/bin/env python3
"""Independent reader (stdlib only) for rl_dopamine_atari_training_curves.

usage: python reader.py SET_DIR   -> writes SET_DIR/expected_refusal.md

Source: google/dopamine baselines/atari/data/<game>.json, the data behind the baseline plots
(baselines/atari/plots.html, one Vega-Lite spec <game>.vg.json per game): a list of records
{"Iteration": i, "Value": return, "Agent": name}, several runs per (Agent, Iteration) with no run id,
the game only in the file name.  The plots draw, per agent, the mean of Value over the runs with a
95% CI band against Iteration ("Return (95% CIs)").  The source defines training curves, not a score
per (agent, game): it never says which iteration (the last, the best, the area under the curve) is
the result, so there is no single board; the reader checks the shape and writes the refusal.
"""
import collections
import json
import os
import sys


def main():
    d = sys.argv[1].rstrip("/")
    folder = os.path.join(d, "raw", "baselines", "atari", "data")
    games = {}
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".json") or name.endswith(".vg.json"):
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as fh:
            recs = json.load(fh)
        assert all(set(r) == {"Iteration", "Value", "Agent"} for r in recs)
        runs = collections.Counter((r["Agent"], r["Iteration"]) for r in recs)
        agents = sorted({a for a, _ in runs})
        iters = sorted({i for _, i in runs})
        games[name[:-5]] = (agents, iters[0], iters[-1], sorted(set(runs.values())), len(recs))
    lines = ["# Expected outcome: refusal", "",
             "Each file is a training curve per agent, not a score: records `{Iteration, Value, Agent}` with "
             "several unlabelled runs per (agent, iteration); the game is only in the file name. The source "
             "(baselines/atari/README.md, plots.html, <game>.vg.json) plots the mean return over runs with a "
             "95% CI against the iteration and never says which iteration (or summary of the curve) is an "
             "agent's result on a game, so there is no single board to rate. A user has to choose one, e.g. "
             "the last iteration (`Iteration` = the largest value) averaged over the runs, and say that the "
             "task is the file's game.", ""]
    for g, (agents, lo, hi, nruns, n) in games.items():
        lines.append("- `%s.json`: %d records, agents %s, iterations %s..%s, runs per (agent, iteration): %s"
                     % (g, n, ", ".join(agents), lo, hi, nruns))
    with open(os.path.join(d, "expected_refusal.md"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
    print(os.path.basename(d), "refusal;", len(games), "games")


if __name__ == "__main__":
    main()
