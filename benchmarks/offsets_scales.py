"""Payoffs far from zero and of any scale, on every path (issue 52).

    python benchmarks/offsets_scales.py                  # 1,000 games a cell, as in RESULTS.md
    python benchmarks/offsets_scales.py --games 100      # a quick look

A rating depends on payoff differences only, so ``scale * (offset + u)`` (``u``
uniform in [-1, 1], 2P 6 x 6 and 3P 4 x 4 x 4 games, half each) has the ratings
of ``u`` times ``scale``, up to the rounding of ``offset + u`` (``spacing(offset)``).
For every cell: how many games the exact path (``jaxrate.exact``) fails and
how many it rates wrong (more than ``1e-6`` of the range plus that rounding
from ``u``'s ratings); and for ``jit(vmap(rate_game))`` on float64 and on
float32 payoffs, and the host API ``jaxrate.deviation_ratings`` on float32
payoffs, the statuses it returns and how many SOLVED games are more than
``1e-6`` of the range from the exact ratings of the game as given (the float32
payoffs, widened exactly). Scales run from 1e-300 to 1e300; ``1e-40`` is
subnormal in float32 and ``1e-310`` in float64 (status ``SUBNORMAL`` in ``jit``).
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent

CELLS = [(1.0, 1.0), (1e3, 1.0), (1e6, 1.0), (1e7, 1.0), (1e8, 1.0), (1e9, 1.0), (1e6, 1e-3)] + [
    (0.0, s) for s in (1e-310, 1e-300, 1e-100, 1e-40, 1e-20, 1e20, 1e100, 1e300)
]


def _exact(game: np.ndarray):
    import jaxrate

    try:
        return np.concatenate(jaxrate.exact.deviation_ratings(game).ratings)
    except (RuntimeError, ValueError, TimeoutError):
        return None


def _jax_column(rate, games: list, dtype, reference: list) -> str:
    """Statuses and wrong SOLVED games of ``rate`` on ``games`` cast to ``dtype``."""
    import jax.numpy as jnp

    from jaxrate import Status

    counts: dict[str, int] = {}
    wrong = 0
    for shape in sorted({g.shape for g in games}):
        pick = [i for i, g in enumerate(games) if g.shape == shape]
        batch = np.stack([games[i] for i in pick]).astype(dtype)
        out = rate(jnp.asarray(batch))
        status, ratings = np.asarray(out["status"]), np.asarray(out["ratings"], np.float64)
        for k, i in enumerate(pick):
            name = Status(int(status[k])).name
            counts[name] = counts.get(name, 0) + 1
            want, given = reference[i](dtype), np.asarray(batch[k], np.float64)
            if name == "SOLVED" and want is not None:
                span = np.ptp(given)
                wrong += (
                    bool(np.max(np.abs(ratings[k] - want)) > 1e-6 * span) if span else bool(ratings[k].any())
                )
    shown = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
    return f"{shown}; wrong SOLVED {wrong}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games a cell (half 2P, half 3P)")
    parser.add_argument("--seed", type=int, default=52)
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    import jax

    jax.config.update("jax_enable_x64", True)
    sys.path.insert(0, str(HERE))  # in main only: tests import this file
    from _env import header

    import jaxrate
    from jaxrate.batched import rate_game

    header()
    rng = np.random.default_rng(args.seed)
    half = args.games // 2
    units = [rng.uniform(-1, 1, (2, 6, 6)) for _ in range(half)]
    units += [rng.uniform(-1, 1, (3, 4, 4, 4)) for _ in range(args.games - half)]
    base = [_exact(u) for u in units]
    rate = jax.jit(jax.vmap(rate_game))
    print(f"{args.games} games a cell; exact ratings of u: {sum(b is None for b in base)} failed")
    print(
        "| offset / range | scale | exact path: failed, wrong | jit float64 payoffs | jit float32 payoffs "
        "| host API, float32 payoffs | s |"
    )
    print("|---|---|---|---|---|---|---|")
    for offset, scale in CELLS:
        started = time.perf_counter()
        with np.errstate(all="ignore"):
            games = [scale * (offset + u) for u in units]
        failed = wrong = 0
        cache: dict = {}
        for i, (g, b) in enumerate(zip(games, base)):
            if not np.all(np.isfinite(g)):
                continue
            got = _exact(g)
            cache[(i, np.float64)] = got
            if got is None:
                failed += 1
                continue
            ulp = float(np.spacing(offset)) if offset else 0.0
            wrong += bool(np.max(np.abs(got / scale - b)) > 2e-6 + 4 * ulp)

        def reference(i, cache=cache, games=games):
            def of(dtype):
                if (i, dtype) not in cache:
                    given = np.asarray(games[i].astype(dtype), np.float64)
                    cache[(i, dtype)] = _exact(given) if np.all(np.isfinite(given)) else None
                return cache[(i, dtype)]

            return of

        refs = [reference(i) for i in range(len(games))]
        wide = _jax_column(rate, games, np.float64, refs)
        narrow = _jax_column(rate, games, np.float32, refs)
        host_counts, host_wrong = {}, 0
        for shape in sorted({g.shape for g in games}):
            pick = [i for i, g in enumerate(games) if g.shape == shape]
            batch = np.stack([games[i] for i in pick]).astype(np.float32)
            out = jaxrate.deviation_ratings(batch, throw=False)
            ratings = np.concatenate([np.asarray(r, np.float64) for r in out.ratings], axis=-1)
            for k, i in enumerate(pick):
                name = jaxrate.Status(int(out.status[k])).name
                host_counts[name] = host_counts.get(name, 0) + 1
                want = refs[i](np.float32)
                span = np.ptp(np.asarray(batch[k], np.float64))
                if name == "SOLVED" and want is not None:
                    off = np.max(np.abs(ratings[k] - want))
                    host_wrong += bool(off > 1e-6 * span) if span else bool(np.any(ratings[k]))
        host = ", ".join(f"{k} {v}" for k, v in sorted(host_counts.items())) + f"; wrong SOLVED {host_wrong}"
        seconds = time.perf_counter() - started
        print(
            f"| {offset:g} | {scale:g} | {failed}, {wrong} | {wide} | {narrow} | {host} | {seconds:.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
