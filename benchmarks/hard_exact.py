"""The 16 hard real sub-leaderboards: float-first exact route vs plain float and exact-from-scratch.

    python benchmarks/hard_exact.py                 # all 16, exact reference in the same run
    python benchmarks/hard_exact.py --games game00 game05 --no-old
    python benchmarks/hard_exact.py --bbtcomp       # adds bbtcomp resample 18 (minutes)

Per game, side by side in one process: the plain HiGHS float solve (every
level warm-started in HiGHS, HiGHS's own points without the vertex
refinement, a slack where a level fails, no GLOP, no exact arithmetic, no
verification: the floor), the new route (``deviation_ratings``
as shipped: float first, each level's vertex refined from HiGHS's basis; a
failed float solve, or a proven one whose residuals exceed 5e-13 of the scale
on short-integer payoffs, rated level by level with HiGHS's basis confirmed or
repaired in exact arithmetic), their ratio (best of
``--repeat`` runs each), the route summary, ``jaxrate.verify(..., rational=True)``
and ``max |new - old| / range`` with ``old`` the exact ratings (the exact simplex
from scratch, ``solver="rational"``; for bbtcomp resample 18, whose 12-digit
payoffs take hours that way, the float-first exact route forced), timed once in
the same run, and ``range`` the payoff range. Then a profile table: the first float
attempt and the final check (``other``), and summed over levels the HiGHS
solves, the exact checks and the exact repair pivots.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
SHARED = HERE.parents[1] / "shared" / "data"
sys.path.insert(0, str(HERE))
from _env import header  # noqa: E402
from _float_floor import float_floor  # noqa: E402

import jaxrate  # noqa: E402


def plain_float(game: jaxrate.Game) -> None:
    """The plain HiGHS float solve: no GLOP retry, no exact arithmetic, no verification."""
    float_floor(game, check=False)


def _best(fn, repeat: int) -> tuple[float, object]:
    best, out = np.inf, None
    for _ in range(repeat):
        began = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - began)
    return best, out


def _games(names: list[str] | None, bbtcomp: bool) -> list[tuple[str, jaxrate.Game]]:
    data = np.load(SHARED / "hard_subleaderboards.npz")
    games = [(k, jaxrate.Game(data[k])) for k in sorted(data) if names is None or k in names]
    if bbtcomp:  # as `jaxrate rate bbtcomp_resample18.csv` builds it (wide table, 3P)
        from jaxrate import io

        read = io.read(str(SHARED / "bbtcomp_resample18.csv"), io.ReadOptions(sep=","))
        parsed = (read.scores, read.models, read.tasks)
        games.append(("bbtcomp18", jaxrate.agent_vs_agent_vs_task(*parsed)))
    return games


def _exact_reference(game: jaxrate.Game, name: str) -> np.ndarray:
    """The exact ratings: the exact simplex from scratch, or for bbtcomp resample 18
    (12-digit payoffs, hours from scratch) the float-first exact route forced."""
    if name != "bbtcomp18":
        return np.concatenate(jaxrate.exact.deviation_ratings(game, solver="rational").ratings)
    from jaxrate.normalise import DECIMALS, normalise_payoffs

    from jaxrate.exact import _solve

    payoffs, scale = normalise_payoffs(game.payoffs, DECIMALS)
    check_args = (game, scale, "highs", 1e-7, 1e-9, DECIMALS)
    result, check = _solve._rational_result(
        game, payoffs, scale, DECIMALS, [], None, check_args, "reference", True
    )
    assert check.ok
    return np.concatenate(result.ratings)


def _profile(total: float, result) -> tuple[float, float, float, float]:
    """(other, float solves, exact checks, repair pivots) in seconds."""
    floated = sum(r.float_seconds for r in result.routes)
    repair = sum(r.repair_seconds for r in result.routes)
    check = sum(r.seconds for r in result.routes) - floated - repair
    return total - floated - check - repair, floated, check, repair


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", nargs="*")
    parser.add_argument("--bbtcomp", action="store_true")
    parser.add_argument("--no-old", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    header()
    rows, profiles = [], []
    for name, game in _games(args.games, args.bbtcomp):
        repeat = 1 if name == "bbtcomp18" else args.repeat
        plain, _ = _best(lambda g=game: plain_float(g), repeat)
        new_s, new = _best(lambda g=game: jaxrate.exact.deviation_ratings(g), repeat)
        verified = jaxrate.verify(game, new, rational=game.num_joints <= 20_000).ok
        span = float(np.ptp(game.payoffs))
        diff, old_s = "-", "-"
        if not args.no_old:
            began = time.perf_counter()
            old = _exact_reference(game, name)
            old_s = f"{time.perf_counter() - began:.2f}"
            diff = f"{np.abs(np.concatenate(new.ratings) - old).max() / span:.1e}"
        shape = "x".join(str(a) for a in game.num_strategies)
        rows.append(
            f"| {name} | {shape} | {plain:.3f} | {new_s:.3f} | {new_s / plain:.1f} | {old_s} | "
            f"{new.route_summary} | {verified} | {diff} |"
        )
        other, floated, check, repair = _profile(new_s, new)
        pivots = sum(r.exact_pivots for r in new.routes)
        profiles.append(
            f"| {name} | {new.levels} | {other:.3f} | {floated:.3f} | {check:.3f} | {repair:.3f} | {pivots} |"
        )
        print(rows[-1], flush=True)
    print()
    print("| game | shape | plain float s | new s | ratio | exact s | route | verified | diff / range |")
    print("|---|---|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    print()
    print("| game | levels | float try + check s | HiGHS s | exact check s | repair s | pivots |")
    print("|---|---|---|---|---|---|---|")
    print("\n".join(profiles))


if __name__ == "__main__":
    main()
