"""The rating step of a population loop: one meta-game at a time, as in training.

    python benchmarks/population_rating.py [--games 40] [--rounds 3]

Rates the meta-games of random populations of 8 stochastic policies per player
in 3-player Kuhn poker (8 x 8 x 8) and Sheriff (8 x 8) -- the paper's
model-improvement study -- with the pure ``jaxrate.batched.rate_game`` under
``jax.jit``, one game per call, in float64, and compares solver settings side
by side in one process (rounds interleaved, so machine noise hits all alike):

* ``bland_after``: consecutive degenerate pivots before the entering rule
  switches from Dantzig's to Bland's (1 was the old behaviour);
* ``largest_pivot``: ratio-test ties broken by the largest pivot element (the
  JAX path's retry pass) instead of Bland's smallest index (the default).

(Pricing from a dense copy of the constraint matrix was a setting here until
the JAX path's issue 15 removed it: slower at every size measured then.)

Prints, per game and setting: compile seconds, median and p90 milliseconds per
rating, median/max pivots, games that did not solve within the pivot budget,
and max |r - r_exact|. Then a growing population (PSRO-style: a 2-player
meta-game from 3 x 3 to 24 x 24 members, one more per player each step) rated
by ``population``'s rater, whose populations are padded to size buckets,
against ``jax.jit(rate_game)`` on the exact shapes: compilations and total
seconds. Needs OpenSpiel.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

SETTINGS = {  # name: SimplexConfig fields that differ from the default
    "old (bland 1)": {"bland_after": 1},
    "default": {},
    "largest-pivot ties": {"largest_pivot": True},
}


def meta_games(game: str, count: int) -> list[np.ndarray]:
    from jaxrate.openspiel import game_tables, load_game, meta_game, random_policy
    from jaxrate.studies.improvement import STUDY_GAMES

    name, params = STUDY_GAMES[game]
    tables = game_tables(load_game(name, **params))
    rng = np.random.default_rng(0)
    return [
        meta_game(
            tables,
            [np.stack([random_policy(tables, p, rng) for _ in range(8)]) for p in range(tables.num_players)],
        )
        for _ in range(count)
    ]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    import jax

    jax.config.update("jax_enable_x64", True)  # benchmark script, not library code
    from _env import header
    from jaxrate.solvers import Simplex

    import jaxrate
    from jaxrate.batched import rate_game

    header()
    for game in ("kuhn_poker_3p", "sheriff"):
        games = meta_games(game, args.games)
        exact = [np.concatenate(jaxrate.exact.deviation_ratings(g).ratings) for g in games]
        shape = games[0].shape[1:]
        compiled, stats = {}, {}
        for name, changes in SETTINGS.items():
            config = Simplex().config(sum(shape))._replace(**changes)
            start = time.perf_counter()
            compiled[name] = (
                jax.jit(lambda g, config=config: rate_game(g, config=config)).lower(games[0]).compile()
            )
            stats[name] = {
                "compile": time.perf_counter() - start,
                "ms": [],
                "pivots": [],
                "unsolved": 0,
                "err": 0.0,
            }
        for _ in range(args.rounds):
            for name, fn in compiled.items():
                s = stats[name]
                for g, ref in zip(games, exact):
                    t0 = time.perf_counter()
                    out = jax.device_get(fn(g))
                    s["ms"].append(1e3 * (time.perf_counter() - t0))
                    s["pivots"].append(int(out["iterations"]))
                    if int(out["status"]) == 0:
                        s["err"] = max(s["err"], float(np.max(np.abs(out["ratings"] - ref))))
                    else:
                        s["unsolved"] += 1
        print(f"\n{game} {games[0].shape}, {args.games} meta-games x {args.rounds} rounds, float64")
        print(
            f"{'setting':<24}{'compile s':>10}{'median ms':>11}{'p90 ms':>9}{'pivots med/max':>16}"
            f"{'unsolved':>10}{'max|dr| solved':>16}"
        )
        for name, s in stats.items():
            ms = np.asarray(s["ms"])
            print(
                f"{name:<24}{s['compile']:>10.2f}{np.median(ms):>11.2f}{np.percentile(ms, 90):>9.2f}"
                f"{int(np.median(s['pivots'])):>9d}/{max(s['pivots']):<6d}"
                f"{s['unsolved'] // args.rounds:>10d}{s['err']:>16.1e}"
            )
    growth()


def growth(top: int = 24) -> None:
    import jax

    from jaxrate.batched import rate_game
    from jaxrate.population import _DeviationRater

    rng = np.random.default_rng(1)
    full = rng.random((top, top))
    full = np.stack([full - full.T, full.T - full])  # zero-sum
    exact_shape = jax.jit(lambda g: rate_game(g))
    rater = _DeviationRater()
    timings = {"exact shapes": 0.0, "buckets": 0.0}
    for k in range(3, top + 1):
        game = full[:, :k, :k]
        start = time.perf_counter()
        jax.device_get(exact_shape(game))
        timings["exact shapes"] += time.perf_counter() - start
        start = time.perf_counter()
        rater(game)
        timings["buckets"] += time.perf_counter() - start
    print(f"\ngrowing 2P population 3 x 3 -> {top} x {top} ({top - 2} meta-games), float64")
    print(f"exact shapes: {exact_shape._cache_size()} compilations, {timings['exact shapes']:.1f} s")
    print(f"buckets:      {_DeviationRater._jitted._cache_size()} compilations, {timings['buckets']:.1f} s")


if __name__ == "__main__":
    main()
