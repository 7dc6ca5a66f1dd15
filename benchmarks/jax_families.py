"""The JAX simplex against the exact path, family by family, through the one entry point.

    python benchmarks/jax_families.py                         # every family (~15 min)
    python benchmarks/jax_families.py --families 2p-10x10 3p-8x8x8 --batch 256
    python benchmarks/jax_families.py --real                  # LiveBench, Atari, Chatbot Arena

For each seeded family of ``tests/game_families.py``: games/s of
``jaxrate.deviation_ratings(batch, Simplex())`` (float64, steady state: the
best of two calls after the first; the first call's extra time is its
compilation) and of ``jaxrate.deviation_ratings(batch, "highs")`` on the same
games in the same run, their ratio, the share the simplex solved on its own,
its largest pivot count, and the largest rating difference on solved games
(relative to each game's payoff range). ``Auto``'s thresholds rest on this.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))

from game_families import FAMILIES, family  # noqa: E402


def _timed(fn, repeat: int):
    best, out = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - start)
    return best, out


def _row(name, games, simplex, repeat):
    import jaxrate

    start = time.perf_counter()
    jaxrate.deviation_ratings(games, simplex)
    first = time.perf_counter() - start
    jax_s, fast = _timed(lambda: jaxrate.deviation_ratings(games, simplex), repeat)
    exact_s, exact = _timed(lambda: jaxrate.deviation_ratings(games, "highs"), 1)
    status = np.atleast_1d(fast.status)
    solved = status == jaxrate.Status.SOLVED
    span = np.ptp(games.reshape(len(games), -1), axis=1)[:, None]
    ours = np.concatenate([np.atleast_2d(r) for r in fast.ratings], 1)
    theirs = np.concatenate([np.atleast_2d(r) for r in exact.ratings], 1)
    diff = np.abs(ours - theirs) / span
    worst = float(np.nanmax(diff[solved])) if solved.any() else float("nan")
    pivots = int(np.max(fast.iterations))
    batch = len(status)
    print(
        f"{name:<13}{batch:>6}{batch / jax_s:>10.1f}{batch / exact_s:>11.1f}{exact_s / jax_s:>8.2f}x"
        f"{first - jax_s:>10.1f}{solved.mean():>8.1%}{pivots:>8}{worst:>15.1e}",
        flush=True,
    )


def _real_games():
    import json

    import pandas as pd

    import jaxrate
    from jaxrate import datasets
    from jaxrate.battles import battles_from_counts
    from jaxrate.games import win_rate_game

    atari = datasets.load("atari")
    livebench = (
        pd.read_csv(HERE.parent.parent / "shared" / "data" / "livebench_2024_08_17.csv", index_col=0) / 100
    )
    arena = json.loads((HERE.parent / "tests" / "data" / "chatbotarena_20240814.json").read_text())
    return {
        "atari-2p": jaxrate.agent_vs_task(atari),
        "atari-3p": jaxrate.agent_vs_agent_vs_task(atari),
        "livebench-2p": jaxrate.agent_vs_task(livebench),
        "livebench-3p": jaxrate.agent_vs_agent_vs_task(livebench),
        "arena-129": win_rate_game(battles_from_counts(arena["models"], arena["X"], arena["Y"])).game,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--families", nargs="*", default=list(FAMILIES))
    parser.add_argument("--batch", type=int, default=None, help="games per family (default: the family's)")
    parser.add_argument("--repeat", type=int, default=2, help="timed JAX calls after the first (best kept)")
    parser.add_argument("--precision", default="float64", choices=["float64", "float32"])
    parser.add_argument("--real", action="store_true", help="the real games, one at a time, instead")
    args = parser.parse_args()
    from _env import header

    import jaxrate

    header()
    simplex = jaxrate.solvers.Simplex(precision=args.precision)
    print(
        f"{'family':<13}{'B':>6}{'jax g/s':>10}{'exact g/s':>11}{'ratio':>9}"
        f"{'compile s':>10}{'solved':>8}{'pivots':>8}{'max|dr|/range':>15}"
    )
    if args.real:
        for name, game in _real_games().items():
            _row(name, np.asarray(game.payoffs)[None], simplex, args.repeat)
        return
    for name in args.families:
        _row(name, family(name, args.batch), simplex, args.repeat)


if __name__ == "__main__":
    main()
