"""Ratings of the real games and the property suites' games, saved to compare two checkouts.

    git archive main | tar -x -C /tmp/main_tree
    (cd /tmp/main_tree && PYTHONPATH=. python /path/to/benchmarks/ratings_snapshot.py /tmp/before.npz)
    PYTHONPATH=. python benchmarks/ratings_snapshot.py /tmp/after.npz
    python benchmarks/ratings_snapshot.py --compare /tmp/before.npz /tmp/after.npz

Run from the checkout's root (it reads ``tests/conftest.py``'s seeded games and
the shared LiveBench table). Saves the ratings of Atari (2P, and 3P on 8 agents
x 20 tasks), LiveBench 2P and the biased Shapley game by the default solver and
by the JAX simplex, 180 seeded games of the property suites (three seeds of
``random_games``, one at a time) and one simplex batch per seed. ``--compare``
prints the largest difference per group. Used for issue 22 (results unchanged).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

LIVEBENCH = Path(__file__).resolve().parents[2] / "shared" / "data" / "livebench_2024_08_17.csv"


def _real_games() -> dict:
    import pandas as pd

    import jaxrate
    from jaxrate import games
    from jaxrate.studies.shapley import biased_shapley

    atari = jaxrate.datasets.load("atari").to_numpy()
    livebench = np.nan_to_num(pd.read_csv(LIVEBENCH, index_col=0).select_dtypes("number").to_numpy() / 100.0)
    return {
        "atari": games.agent_vs_task(atari),
        "livebench": games.agent_vs_task(livebench),
        "atari3": games.agent_vs_agent_vs_task(atari[:8, :20]),
        "shapley": jaxrate.Game(biased_shapley()),
    }


def snapshot(path: str) -> None:
    sys.path.insert(0, "tests")
    from conftest import random_games

    import jaxrate

    out = {}
    for name, game in _real_games().items():
        out[name] = np.concatenate(jaxrate.deviation_ratings(game).ratings)
        out[name + "_simplex"] = np.concatenate(jaxrate.deviation_ratings(game, "simplex").ratings)
    for seed in (1, 2, 3):
        payoffs = random_games(seed, 60)
        for i, g in enumerate(payoffs):
            out[f"prop{seed}_{i}"] = np.concatenate(jaxrate.deviation_ratings(jaxrate.Game(g)).ratings)
        same = [jaxrate.Game(g) for g in payoffs if g.shape == payoffs[0].shape]
        if len(same) > 1 and len(same) != same[0].num_players + 1:  # main misreads [N + 1, N, ..] batches
            out[f"batch{seed}"] = np.concatenate(jaxrate.deviation_ratings(same, "simplex").ratings, axis=1)
    np.savez(path, **out)
    print(f"{len(out)} entries from {jaxrate.__file__}")


def compare(before: str, after: str) -> None:
    a, b = np.load(before), np.load(after)
    worst: dict = {}
    for key in a.files:
        x, y = a[key], b[key]
        assert np.array_equal(np.isnan(x), np.isnan(y)), key
        group = key.split("_")[0].rstrip("0123456789") + ("_simplex" if key.endswith("_simplex") else "")
        worst[group] = max(worst.get(group, 0.0), float(np.nanmax(np.abs(x - y), initial=0.0)))
    print(f"{len(a.files)} entries compared")
    for group, diff in sorted(worst.items()):
        print(f"{group:<18} max |before - after| = {diff:.3g}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--compare", action="store_true")
    args = parser.parse_args()
    if args.compare:
        compare(*args.paths)
    else:
        snapshot(args.paths[0])


if __name__ == "__main__":
    main()
