"""The two JAX routes on the same games: the host batched path against ``jit(vmap(rate_game))`` (issue 55).

    python benchmarks/jax_routes.py                                  # 2P 10 x 10 and 3P 6 x 6 x 6, B = 1,024
    python benchmarks/jax_routes.py --families winloss-24 lb-100x20  # the host path alone on other families
    PYTHONPATH=<other checkout> python benchmarks/jax_routes.py      # the same games on other code
    python benchmarks/jax_routes.py --shapes 3p-6x6x6 --lanes 128    # the host path with 128 lanes

For each shape and payoff dtype (uniform [0, 1], seed 5): the host path as a user calls it,
``jaxrate.deviation_ratings(games, solver="simplex")`` (lanes, retries, the proof of every game, a
``Ratings``), and ``jax.jit(jax.vmap(rate_game))`` on the same array, compiled beforehand and
alternated ``--repeat`` times in one process; medians, the host route's time as a ratio of the
``jit`` route's (<= 1: the host path is at least as fast), the mean pivots of each, the largest rating
difference (fraction of the range) and the statuses. ``--families``: the host path's seconds and mean
pivots on families of ``tests/game_families.py`` (their default batch), the best of three calls.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent

SHAPES = {"2p-10x10": (2, 10, 10), "3p-6x6x6": (3, 6, 6, 6)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=1024)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--shapes", nargs="*", default=list(SHAPES))
    parser.add_argument("--dtypes", nargs="*", default=["float32", "float64"])
    parser.add_argument("--families", nargs="*", default=[])
    parser.add_argument("--lanes", type=int, default=None, help="the host path's lanes (else default_lanes)")
    args = parser.parse_args()
    import jax

    jax.config.update("jax_enable_x64", True)  # float64 payoffs stay float64 (benchmark script)
    sys.path.insert(0, str(HERE))
    from _env import header

    header()
    if args.shapes:
        print(
            "| games | payoffs | host path s | jit(vmap(rate_game)) s | host / jit | games/s host, jit "
            "| mean pivots host, jit | largest difference | statuses host, jit |"
        )
        print("|---|---|---|---|---|---|---|---|---|")
    for name in args.shapes:
        for dtype in args.dtypes:
            _pair(name, dtype, args.batch, args.repeat, args.lanes)
    for name in args.families:
        _family(name)


def _pair(name: str, dtype: str, batch: int, repeat: int, lanes: int | None = None) -> None:
    import jax
    import jax.numpy as jnp

    import jaxrate
    from jaxrate.batched import rate_game

    games = np.random.default_rng(5).uniform(size=(batch,) + SHAPES[name]).astype(dtype)
    given = jnp.asarray(games)
    jitted = jax.jit(jax.vmap(rate_game))
    out = jax.block_until_ready(jitted(given))  # compiles
    solver = jaxrate.Simplex(lanes=lanes)
    result = jaxrate.deviation_ratings(games, solver=solver)  # compiles
    host_s, jit_s = [], []
    for _ in range(repeat):
        start = time.perf_counter()
        result = jaxrate.deviation_ratings(games, solver=solver)
        host_s.append(time.perf_counter() - start)
        start = time.perf_counter()
        out = jax.block_until_ready(jitted(given))
        jit_s.append(time.perf_counter() - start)
    host, fast = float(np.median(host_s)), float(np.median(jit_s))
    ours = np.concatenate([np.asarray(r, np.float64) for r in result.ratings], axis=1)
    theirs = np.asarray(out["ratings"], np.float64)
    span = np.ptp(games.reshape(batch, -1).astype(np.float64), axis=1)[:, None]
    diff = float(np.nanmax(np.abs(ours - theirs) / span))
    counts = [np.bincount(np.asarray(s, np.int64), minlength=1) for s in (result.status, out["status"])]
    shown = " / ".join(",".join(str(int(c)) for c in k) for k in counts)
    print(
        f"| {name} x {batch}{'' if lanes is None else f', {lanes} lanes'} | {dtype} | {host:.3f} | "
        f"{fast:.3f} | {host / fast:.2f} | "
        f"{batch / host:,.0f}, {batch / fast:,.0f} | {np.mean(result.iterations):.1f}, "
        f"{np.mean(np.asarray(out['iterations'])):.1f} | {diff:.1e} | {shown} |",
        flush=True,
    )


def _family(name: str) -> None:
    sys.path.insert(0, str(HERE.parent / "tests"))
    from game_families import family

    import jaxrate

    games = family(name)
    jaxrate.deviation_ratings(games, solver="simplex")
    seconds = []
    for _ in range(3):
        start = time.perf_counter()
        result = jaxrate.deviation_ratings(games, solver="simplex")
        seconds.append(time.perf_counter() - start)
    solved = int(np.sum(np.asarray(result.status) == int(jaxrate.Status.SOLVED)))
    print(
        f"family {name} x {len(games)}: host path {min(seconds):.3f} s, mean pivots "
        f"{np.mean(result.iterations):.1f}, SOLVED {solved}",
        flush=True,
    )


if __name__ == "__main__":
    main()
