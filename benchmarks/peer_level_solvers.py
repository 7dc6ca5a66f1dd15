"""Peer level solvers (MPAX, qpax) for Algorithm 1, against the JAX path and the exact path.

    python benchmarks/peer_level_solvers.py --batch 32             # random 2P 10 x 10 games, both peers
    python benchmarks/peer_level_solvers.py --batch 32 --peers qpax --precision float64
    python benchmarks/peer_level_solvers.py --batch 256 --precision float32 float64

The same lexicographic loop as the other paths, shared by every peer
(``_loop``): each level LP (minimise t over sigma in the simplex, free rows
A_c sigma <= t, frozen rows A_c sigma <= r_c) is solved for the whole batch by
one jitted call of the peer's level solver (``jax.vmap``; ``jax.lax.map`` for
qpax by default, see ``--qpax-batching``); rows whose dual exceeds ``--dual-tol`` are frozen at
the level value. Every game runs until all of its rows are frozen (the batch
runs as many levels as its slowest game). Payoffs are normalised like the
other paths'. The peers (neither is a dependency of jaxrate):

* ``mpax``: the LP built densely with ``mpax.create_lp`` and solved by
  ``mpax.r2HPDHG`` (restarted Halpern PDHG, first order), ``pip install mpax``.
* ``qpax``: the LP as a QP with Q = 1e-8 I, frozen rows relaxed by 1e-6 (see
  ``_qpax_level``), solved by ``qpax.solve_qp`` (a primal-dual interior-point
  method, Mehrotra predictor-corrector with dense Cholesky KKT solves, 30
  steps per level), ``pip install qpax``.

Reports games/s (excluding the first call's compilation), levels, and the
largest |r_peer - r_exact| against the exact path; the JAX path and the exact
path are timed on the same games at the same batch size in the same run.
"""

from __future__ import annotations

import argparse
import sys
import time
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

PEERS = ("mpax", "qpax")


def _version(package: str) -> str:
    try:
        return version(package)
    except PackageNotFoundError:
        return "not installed"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--shape", default="10x10")
    parser.add_argument("--precision", nargs="*", default=["float32", "float64"])
    parser.add_argument("--peers", nargs="*", choices=PEERS, default=list(PEERS))
    parser.add_argument("--dual-tol", type=float, default=1e-3)
    parser.add_argument(
        "--iteration-limit", type=int, default=20_000, help="MPAX: PDHG iterations per level LP"
    )
    parser.add_argument(
        "--qpax-max-iter", type=int, default=30, help="qpax: interior-point iterations per level LP"
    )
    parser.add_argument(
        "--qpax-tol",
        type=float,
        default=None,
        help="qpax: KKT residual tolerance (default 1e-12, i.e. run --qpax-max-iter steps; "
        "qpax floors s and z at sqrt(machine eps) every step, so its KKT residual stalls "
        "near (rows) * sqrt(eps) ~ 1e-7 in float64 while the iterate itself keeps "
        "converging; a tol above that stall stops lanes early and inaccurate)",
    )
    parser.add_argument(
        "--qpax-reg",
        type=float,
        default=1e-8,
        help="qpax: Q = reg * I; the KKT matrix Q + G' diag(z/s) G is positive definite with "
        "reg = 0 too, but reg = 1e-8 kept the duals of the relaxed frozen rows finite "
        "where reg = 0 ran into NaN",
    )
    parser.add_argument(
        "--qpax-relax",
        type=float,
        default=1e-6,
        help="qpax: frozen rows as A_c sigma <= r_c + relax, the level value corrected back by"
        " relax * (sum of the frozen rows' duals); a frozen row is tight on the whole "
        "later feasible set, so without relax the level LP has no interior point and the "
        "interior-point duals diverge to NaN",
    )
    parser.add_argument(
        "--qpax-batching",
        choices=["map", "vmap"],
        default="map",
        help="qpax: jax.lax.map over the batch (default) or jax.vmap; with vmap, jaxlib "
        "0.10.2's batched LAPACK kernels (trsm via ParallelBatchMap) deadlocked on this "
        "2-core machine at B = 32 (all threads parked)",
    )
    args = parser.parse_args()

    import jax

    jax.config.update("jax_enable_x64", True)  # benchmark script, not library code
    import jax.numpy as jnp
    from _env import header
    from jaxrate.normalise import normalise_payoffs

    import jaxrate
    from jaxrate import gains

    header()
    print(", ".join(f"{peer} {_version(peer)}" for peer in args.peers))
    shape = tuple(int(a) for a in args.shape.split("x"))
    rng = np.random.default_rng(0)
    payoffs = rng.random((args.batch, len(shape)) + shape)
    normed, scales = zip(*(normalise_payoffs(g) for g in payoffs))
    a_all = np.stack([gains.constraint_matrix(g) for g in normed])  # [B, C, |A|]

    t0 = time.perf_counter()
    exact = np.stack([np.concatenate(jaxrate.exact.deviation_ratings(g).ratings) for g in payoffs])
    exact_rate = args.batch / (time.perf_counter() - t0)
    jax_rate = {}
    jax_err = {}
    for precision in args.precision:
        dtype = jnp.float32 if precision == "float32" else jnp.float64
        games = jnp.asarray(payoffs, dtype)
        jaxrate.batched.deviation_ratings(games)  # compile
        t0 = time.perf_counter()
        out = jaxrate.batched.deviation_ratings(games)
        jax.block_until_ready(out.ratings)
        jax_rate[precision] = args.batch / (time.perf_counter() - t0)
        got = np.concatenate([np.asarray(r) for r in out.ratings], axis=-1)
        jax_err[precision] = float(np.abs(got - exact).max())
    print(f"B={args.batch}, shape {args.shape}; exact path: {exact_rate:.1f} games/s")
    print(
        "JAX path: "
        + ", ".join(f"{k} {v:.1f} games/s (max|dr| {jax_err[k]:.2e})" for k, v in jax_rate.items())
    )

    for precision in args.precision:
        dtype = jnp.float32 if precision == "float32" else jnp.float64
        for peer in args.peers:
            if peer == "mpax":
                eps = 1e-4 if precision == "float32" else 1e-6
                level_fn = _mpax_level(dtype, eps, args.iteration_limit)
                label = f"MPAX {precision} eps {eps:g}"
                its_name = "PDHG"
            else:
                tol = args.qpax_tol if args.qpax_tol is not None else 1e-12
                level_fn = _qpax_level(dtype, tol, args.qpax_max_iter, args.qpax_reg, args.qpax_relax)
                label = (
                    f"qpax {precision} tol {tol:g} reg {args.qpax_reg:g} relax {args.qpax_relax:g} "
                    f"{args.qpax_batching}"
                )
                its_name = "IPM"
            batching = "vmap" if peer == "mpax" else args.qpax_batching
            run = _loop(level_fn, a_all, dtype, args.dual_tol, batching)
            t0 = time.perf_counter()
            run()
            first = time.perf_counter() - t0
            t0 = time.perf_counter()
            ratings, levels, iterations = run()
            second = time.perf_counter() - t0
            ratings = ratings * np.asarray(scales)[:, None]
            dr = np.abs(ratings - exact)
            rate = args.batch / second
            name = "MPAX" if peer == "mpax" else "qpax"
            print(
                f"{label}: {rate:.2f} games/s ({second:.2f} s for B={args.batch}, "
                f"first call {first:.1f} s), {levels} batch levels, {iterations} max {its_name} "
                f"iterations summed over levels, max|dr| {dr.max():.2e}, "
                f"median |dr| {np.median(dr.max(axis=1)):.2e}; "
                f"JAX path / {name} = {jax_rate.get(precision, float('nan')) / rate:.1f}x, "
                f"exact / {name} = {exact_rate / rate:.1f}x",
                flush=True,
            )


def _mpax_level(dtype, eps, iteration_limit):
    """One level LP by ``mpax.r2HPDHG``: ``(a, frozen, bounds) -> (t, row duals, iterations)``."""
    import jax.numpy as jnp
    import mpax

    solver = mpax.r2HPDHG(eps_abs=eps, eps_rel=eps, iteration_limit=iteration_limit)

    def level(a, frozen, bounds):
        num_a = a.shape[1]
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

    return level


def _qpax_level(dtype, tol, max_iter, reg, relax):
    """One level LP by ``qpax.solve_qp``: ``(a, frozen, bounds) -> (t, row duals, iterations)``.

    qpax solves min 1/2 x'Qx + q'x s.t. Ax = b, Gx <= h by a primal-dual
    interior-point method. Regularisation: Q = reg * I with reg = 1e-8 by
    default (``--qpax-reg``), not Q = 0. qpax factors H = Q + G' diag(z/s) G
    (and G'G at its start) by Cholesky; with the sigma >= 0 rows (-I) and at
    least one free row (its -1 in the t column) G has full column rank, so H is
    positive definite even at Q = 0, but at Q = 0 one game of the 32 in the
    10 x 10 measurement still ran into NaN (see ``relax``). ``_loop`` swaps
    finished games (no free row, t unbounded) for a dummy level.

    Frozen rows: a row frozen with a positive dual is tight at every later
    feasible point, so a later level LP has no interior point, and an
    interior-point method's duals then diverge (here to NaN within 30 steps).
    Frozen rows are therefore passed as A_c sigma <= r_c + relax (relax = 1e-6,
    ``--qpax-relax``) and the level value is corrected back by
    relax * sum(frozen duals), the first-order sensitivity of the LP value.

    Iterations: qpax floors s and z at sqrt(machine eps) every step, so its KKT
    residual stalls near 1e-7 in float64 while the iterate keeps converging; a
    tolerance above that stops lanes early with t off by 1e-5..1e-3, so the
    default tolerance (1e-12) is never met and every level runs
    ``--qpax-max-iter`` (30, qpax's default) steps.

    Duals: qpax's ``z`` of the first C rows of G, z >= 0, the multipliers of
    the A_c sigma <= t / r_c rows, what freezing needs: on the free rows they
    sum to 1 (stationarity in t), the same scale as MPAX's duals. An
    interior-point method ends near the analytic centre of the optimal face,
    so a row with a positive dual in some optimal solution gets one here.
    """
    import jax.numpy as jnp
    import qpax

    def level(a, frozen, bounds):
        num_c, num_a = a.shape
        # x = [sigma, t]; G x <= h with rows A_c sigma - t <= 0 (free) or A_c sigma <= r_c
        # (frozen), then -sigma <= 0.
        t_col = jnp.where(frozen, 0.0, -1.0)[:, None]
        g = jnp.concatenate(
            [
                jnp.concatenate([a, t_col], axis=1),
                jnp.concatenate([-jnp.eye(num_a), jnp.zeros((num_a, 1))], axis=1),
            ]
        ).astype(dtype)
        h = jnp.concatenate([jnp.where(frozen, bounds + relax, 0.0), jnp.zeros(num_a)]).astype(dtype)
        q = jnp.zeros(num_a + 1, dtype).at[-1].set(1.0)
        quad = reg * jnp.eye(num_a + 1, dtype=dtype)
        eq = jnp.concatenate([jnp.ones((1, num_a)), jnp.zeros((1, 1))], axis=1).astype(dtype)
        x, _s, z, _y, _converged, iters = qpax.solve_qp(
            quad, q, eq, jnp.ones(1, dtype), g, h, solver_tol=tol, max_iter=max_iter
        )
        z = z[:num_c]
        # The relaxed level value is below the true one by relax * (sum of the frozen rows' duals) to
        # first order (d value / d h_c = -z_c; exact while the relaxation stays on one linear piece).
        return x[-1] + relax * jnp.sum(jnp.where(frozen, z, 0.0)), z, iters

    return level


def _loop(level_fn, a_all, dtype, dual_tol, batching="vmap"):
    """Algorithm 1 over a batch with ``level_fn`` as the level solver; returns ``run()``.

    ``level_fn(a [C, |A|], frozen [C] bool, bounds [C]) -> (t, duals [C], iterations)``,
    batched by ``jax.vmap`` (``batching="vmap"``) or ``jax.lax.map`` (``"map"``, one game
    after the other inside one jitted call).
    """
    import jax
    import jax.numpy as jnp

    batch, num_c, _ = a_all.shape
    if batching == "vmap":
        solve = jax.jit(jax.vmap(level_fn))
    else:
        solve = jax.jit(lambda a, frozen, bounds: jax.lax.map(lambda x: level_fn(*x), (a, frozen, bounds)))
    a_dev = jnp.asarray(a_all, dtype)

    def run():
        frozen = np.zeros((batch, num_c), bool)
        ratings = np.zeros((batch, num_c))
        levels = iterations = 0
        while not frozen.all():
            # A finished game (every row frozen) has an unbounded level LP; give it the
            # first level (nothing frozen) instead, whose result is ignored, so that its
            # lane does not hold up the vmapped solver's loop.
            done = frozen.all(axis=1, keepdims=True)
            t, dual, its = solve(
                a_dev, jnp.asarray(frozen & ~done), jnp.asarray(np.where(done, 0.0, ratings), dtype)
            )
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
