"""Ratings that jump (issue 52): the exact path at jump points, and the jump flag's set and clear rates.

    python benchmarks/jumps.py                          # seed 7, 20 paths a shape
    python benchmarks/jumps.py --seed 8 --paths 40

Jump points are found, not assumed: on a random straight path ``G(t) = G0 + t D``
(``G0`` uniform in [-1, 1], ``D`` uniform in [-1/4, 1/4], ``t`` on a grid of 101)
the exact ratings are computed at every grid point; a step that moves a rating
more than 20 times the path's median step (and by more than 1e-3) is bisected
until the two ends are less than 2e-13 apart in ``t`` (payoffs less than 5e-14
apart). A pair whose exact ratings differ by more than 1e-6 of the range is a
jump: both of its games count (each is a 5e-14 change from the other).

It prints: the exact path's games not SOLVED among every game it rated (grid
and bisection), the jump sizes, and the jump flag (``jumps=True``) on the jump
games and on random games (points of the same paths at random ``t``, and
uniform 2P 10 x 10 / 3P 6 x 6 x 6 games) for the exact path and for
``jax.jit(jax.vmap(rate_game(..., jumps=True)))`` (float64 and float32 payoffs).
Against an older checkout (``PYTHONPATH=...``) without ``jumps=`` it prints the
exact path's counts only.
"""

from __future__ import annotations

import argparse
import inspect
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent

SHAPES = ((2, 3, 3), (2, 4, 4), (3, 3, 3, 3))


def _rated(game, counts):
    import jaxrate

    out = jaxrate.deviation_ratings(game, throw=False)
    counts["rated"] += 1
    if int(out.status) != 0:
        counts["failed"] += 1
        return None
    return np.concatenate(out.ratings)


def jump_pairs(rng, shape, paths, counts):
    """``[(lo, hi, size, scale)]``: games either side of each jump found on ``paths`` random paths."""
    pairs = []
    for _ in range(paths):
        g0 = rng.uniform(-1, 1, size=shape)
        d = rng.uniform(-1, 1, size=shape) / 4
        ts = np.linspace(0.0, 1.0, 101)
        rows = [_rated(g0 + t * d, counts) for t in ts]
        if any(r is None for r in rows):
            rows = [r if r is not None else np.full(sum(shape[1:]), np.nan) for r in rows]
        rows = np.array(rows)
        steps = np.nanmax(np.abs(np.diff(rows, axis=0)), axis=1)
        median = np.nanmedian(steps)
        for k in np.flatnonzero(steps > 20 * median + 1e-3):
            lo, hi, r_lo, r_hi = ts[k], ts[k + 1], rows[k], rows[k + 1]
            if np.isnan(r_lo).any() or np.isnan(r_hi).any():
                continue
            while hi - lo > 2e-13:
                mid = (lo + hi) / 2
                r_mid = _rated(g0 + mid * d, counts)
                if r_mid is None:
                    break
                if np.abs(r_mid - r_lo).max() <= np.abs(r_mid - r_hi).max():
                    lo, r_lo = mid, r_mid
                else:
                    hi, r_hi = mid, r_mid
            else:
                lo_game, hi_game = g0 + lo * d, g0 + hi * d
                scale = float(np.max(np.ptp(lo_game.reshape(shape[0], -1), axis=1)))
                size = float(np.abs(r_hi - r_lo).max())
                if size > 1e-6 * scale:
                    pairs.append((lo_game, hi_game, size, scale))
    return pairs


def _host_flags(games):
    import jaxrate

    flags, failed = [], 0
    for g in games:
        out = jaxrate.deviation_ratings(g, jumps=True, throw=False)
        failed += int(out.status) != 0
        flags.append(bool(out.jump))
    return np.array(flags), failed


def _jit_flags(games, dtype):
    import jax
    import jax.numpy as jnp

    from jaxrate.batched import rate_game

    batch = jnp.asarray(np.stack(games), dtype)
    out = jax.jit(jax.vmap(lambda g: rate_game(g, jumps=True)))(batch)
    return np.asarray(out["jump"]), int(np.sum(np.asarray(out["status"]) != 0))


def main() -> None:
    sys.path.insert(0, str(HERE))
    from _env import header

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--paths", type=int, default=20)
    parser.add_argument("--random", type=int, default=200, help="uniform games per shape for the clear rate")
    args = parser.parse_args()
    header()
    import jax

    jax.config.update("jax_enable_x64", True)
    import jaxrate

    has_jumps = "jumps" in inspect.signature(jaxrate.deviation_ratings).parameters
    rng = np.random.default_rng(args.seed)
    print(f"seed {args.seed}, {args.paths} paths a shape")
    print(
        "| shape | exact path: games rated, not SOLVED | jumps found | jump size / range (median, max) "
        "| flag set on jump games: exact path, jit f64, jit f32 payoffs | s |"
    )
    print("|---|---|---|---|---|---|")
    path_points = []
    for shape in SHAPES:
        began = time.perf_counter()
        counts = {"rated": 0, "failed": 0}
        pairs = jump_pairs(rng, shape, args.paths, counts)
        sizes = np.array([s / sc for *_, s, sc in pairs]) if pairs else np.zeros(0)
        games = [g for lo, hi, *_ in pairs for g in (lo, hi)]
        flags = "-"
        if has_jumps and games:
            host, host_failed = _host_flags(games)
            f64, _ = _jit_flags(games, jnp_dtype("float64"))
            f32, _ = _jit_flags(games, jnp_dtype("float32"))
            n = len(games)
            flags = f"{host.sum()} / {n} ({host_failed} not SOLVED), {f64.sum()} / {n}, {f32.sum()} / {n}"
        size_text = f"{np.median(sizes):.3g}, {sizes.max():.3g}" if sizes.size else "-"
        print(
            f"| {shape} | {counts['rated']}, {counts['failed']} | {len(pairs)} | {size_text} | {flags} "
            f"| {time.perf_counter() - began:.0f} |"
        )
        for _ in range(args.paths):  # random points of random paths, for the clear rate
            path_points.append(rng.uniform(-1, 1, size=shape))
    if not has_jumps:
        return
    print()
    print(
        "Clear rate: the flag on random games (a flag here is a false alarm unless the game is near a jump)"
    )
    print("| games | count | flagged: exact path | jit f64 payoffs | jit f32 payoffs | s |")
    print("|---|---|---|---|---|---|")
    families = {f"uniform {s}": [p for p in path_points if p.shape == s] for s in SHAPES}
    families["uniform 2P 10 x 10"] = list(rng.uniform(-1, 1, size=(args.random, 2, 10, 10)))
    families["uniform 3P 6 x 6 x 6"] = list(rng.uniform(-1, 1, size=(args.random, 3, 6, 6, 6)))
    for name, games in families.items():
        began = time.perf_counter()
        host, host_failed = _host_flags(games)
        f64, _ = _jit_flags(games, jnp_dtype("float64"))
        f32, _ = _jit_flags(games, jnp_dtype("float32"))
        print(
            f"| {name} | {len(games)} | {host.sum()} ({host_failed} not SOLVED) | {f64.sum()} | {f32.sum()} "
            f"| {time.perf_counter() - began:.0f} |"
        )


def jnp_dtype(name):
    import jax.numpy as jnp

    return getattr(jnp, name)


if __name__ == "__main__":
    main()
