"""MPAX as a drop-in level solver for Algorithm 1, against the JAX path and the exact path.

    python benchmarks/mpax_loop.py --batch 32             # random 2P 10 x 10 games
    python benchmarks/mpax_loop.py --batch 256 --precision float32 float64

The same lexicographic loop as the other paths: each level LP (minimise t over
sigma in the simplex, free rows A_c sigma <= t, frozen rows A_c sigma <= r_c) is
built densely with ``mpax.create_lp`` and solved by ``mpax.r2HPDHG`` vmapped
over the batch; rows whose dual exceeds ``--dual-tol`` are frozen at the level
value. Every game runs until all of its rows are frozen (the batch runs as many
levels as its slowest game). Payoffs are normalised like the other paths'.
Reports games/s (excluding the first call's compilation), levels, and the
largest |r_mpax - r_exact| against the exact path.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--shape", default="10x10")
    parser.add_argument("--precision", nargs="*", default=["float32", "float64"])
    parser.add_argument("--dual-tol", type=float, default=1e-3)
    parser.add_argument("--iteration-limit", type=int, default=20_000, help="PDHG iterations per level LP")
    args = parser.parse_args()

    import jax

    jax.config.update("jax_enable_x64", True)  # benchmark script, not library code
    import jax.numpy as jnp
    import mpax
    from _env import header

    import jaxrate
    from jaxrate import gains
    from jaxrate.normalise import normalise_payoffs

    header()
    print(f"mpax {getattr(mpax, '__version__', '?')} (package 0.2.4)")
    shape = tuple(int(a) for a in args.shape.split("x"))
    rng = np.random.default_rng(0)
    payoffs = rng.random((args.batch, len(shape)) + shape)
    normed, scales = zip(*(normalise_payoffs(g) for g in payoffs))
    a_all = np.stack([gains.constraint_matrix(g) for g in normed])  # [B, C, |A|]

    t0 = time.perf_counter()
    exact = np.stack([np.concatenate(jaxrate.exact.deviation_ratings(g).ratings) for g in payoffs])
    exact_rate = args.batch / (time.perf_counter() - t0)
    jax_rate = {}
    for precision in args.precision:
        dtype = jnp.float32 if precision == "float32" else jnp.float64
        games = jnp.asarray(payoffs, dtype)
        jaxrate.batched.deviation_ratings(games)  # compile
        t0 = time.perf_counter()
        out = jaxrate.batched.deviation_ratings(games)
        jax.block_until_ready(out.ratings)
        jax_rate[precision] = args.batch / (time.perf_counter() - t0)
    print(
        f"exact path: {exact_rate:.1f} games/s; JAX path: "
        + ", ".join(f"{k} {v:.1f} games/s" for k, v in jax_rate.items())
    )

    for precision in args.precision:
        dtype = jnp.float32 if precision == "float32" else jnp.float64
        eps = 1e-4 if precision == "float32" else 1e-6
        run = _mpax_loop(a_all, dtype, eps, args.dual_tol, args.iteration_limit)
        t0 = time.perf_counter()
        run()
        first = time.perf_counter() - t0
        t0 = time.perf_counter()
        ratings, levels, iterations = run()
        second = time.perf_counter() - t0
        ratings = ratings * np.asarray(scales)[:, None]
        dr = np.abs(ratings - exact)
        rate = args.batch / second
        print(
            f"MPAX {precision} eps {eps:g}: {rate:.2f} games/s ({second:.1f} s for B={args.batch}, "
            f"first call {first:.1f} s), {levels} batch levels, {iterations} max PDHG iterations summed over "
            f"levels, max|dr| {dr.max():.2e}, median |dr| {np.median(dr.max(axis=1)):.2e}; "
            f"JAX path / MPAX = {jax_rate.get(precision, float('nan')) / rate:.1f}x, "
            f"exact / MPAX = {exact_rate / rate:.1f}x",
            flush=True,
        )


def _mpax_loop(a_all, dtype, eps, dual_tol, iteration_limit):
    """Algorithm 1 over a batch with ``mpax.r2HPDHG`` vmapped as the level solver; returns ``run()``."""
    import jax
    import jax.numpy as jnp
    import mpax

    batch, num_c, num_a = a_all.shape
    solver = mpax.r2HPDHG(eps_abs=eps, eps_rel=eps, iteration_limit=iteration_limit)

    def level(a, frozen, bounds):
        # x = [sigma, t]; G x >= h with rows t - A_c sigma >= 0 (free) or -A_c sigma >= -r_c (frozen).
        t_col = jnp.where(frozen, 0.0, 1.0)[:, None]
        g = jnp.concatenate([-a, t_col], axis=1).astype(dtype)
        h = jnp.where(frozen, -bounds, 0.0).astype(dtype)
        c = jnp.zeros(num_a + 1, dtype).at[-1].set(1.0)
        eq = jnp.concatenate([jnp.ones((1, num_a)), jnp.zeros((1, 1))], axis=1).astype(dtype)
        lower = jnp.concatenate([jnp.zeros(num_a), jnp.array([-jnp.inf])]).astype(dtype)
        upper = jnp.full(num_a + 1, jnp.inf, dtype)
        lp = mpax.create_lp(c, eq, jnp.ones(1, dtype), g, h, lower, upper, use_sparse_matrix=False)
        out = solver.optimize(lp)
        return out.primal_solution[-1], out.dual_solution[1:], out.iteration_count

    solve = jax.jit(jax.vmap(level))
    a_dev = jnp.asarray(a_all, dtype)

    def run():
        frozen = np.zeros((batch, num_c), bool)
        ratings = np.zeros((batch, num_c))
        levels = iterations = 0
        while not frozen.all():
            t, dual, its = solve(a_dev, jnp.asarray(frozen), jnp.asarray(ratings, dtype))
            t, dual = np.asarray(t, np.float64), np.abs(np.asarray(dual, np.float64))
            new = (~frozen) & (dual > dual_tol)
            stuck = (~frozen).any(axis=1) & ~new.any(axis=1)  # freeze the largest dual at least
            if stuck.any():
                pick = np.argmax(np.where(frozen, -np.inf, dual), axis=1)
                new[stuck, pick[stuck]] = True
            ratings = np.where(new, t[:, None], ratings)
            frozen |= new
            levels += 1
            iterations += int(np.asarray(its).max())
        return ratings, levels, iterations

    return run


if __name__ == "__main__":
    main()
