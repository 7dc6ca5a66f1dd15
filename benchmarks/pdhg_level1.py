"""A batched, restarted PDHG for LEVEL 1 of the deviation rating, against the JAX simplex.

    python benchmarks/pdhg_level1.py                                  # all shapes, both precisions
    python benchmarks/pdhg_level1.py --shapes 10x10 --prox euclid entropy --precision float64

Level 1 of the lexicographic min-max is the matrix game

    min_{sigma in simplex(J)} max_{y in simplex(C)} y^T A sigma,

A ``[C, J]`` the deviation-gain matrix. This script gives the design card's
primal-dual first-order method (PDHG, Chambolle-Pock) a fair chance on exactly
that game, where it is at its best (compact domains on both sides, so the true
duality gap is finite and certifies accuracy; no frozen rows, no optimal-face
feasible sets as at level 2 and later):

* matrix-free: ``A sigma`` and ``A^T y`` by :func:`jaxrate.gains.deviation_gains`
  and :func:`jaxrate.gains.transpose_gains`, O(N |A|) per product instead of
  O(C |A|) for the dense matrix, vmapped over the batch;
* prox ``euclid`` (default): exact Euclidean projections onto both simplices
  (Michelot's finite algorithm; ``--projection sort`` for the sort-based one,
  same iterates, ~9x slower per iteration on this CPU), steps
  ``tau = 0.95 / (omega ||A||_2)``, ``sigma = 0.95 omega / ||A||_2``, ``||A||_2`` by
  64 power iterations per game, primal weight ``omega`` adapted at restarts
  as in PDLP (``--adapt``, 0.2: the only setting that brought every 10 x 10
  game to 1e-6 within 20,000 iterations); prox ``entropy``: the same iteration
  with the entropy as Bregman distance on both sides (multiplicative updates
  in the log domain), steps ``0.95 / max|A_ij|`` (the l1 -> l_inf norm of A).
  Euclidean won on 10 x 10, 8x8x8 and 64 x 64 (entropy's tail is longer: 3/16
  64 x 64 games missed 1e-4 in 30,000 iterations) and lost on 32 x 32 (10.8 s
  vs 15.3 s to 1e-4): entropy iterations are cheaper, but it cannot set a
  weight exactly to zero, so it needs more of them;
* restarted averaging: every ``--check`` iterations the duality gap of the
  current iterate and of the running average is computed; the better one
  becomes the restart point when its gap is at most half the gap at the last
  restart or when ``--restart-every`` iterations have passed since it;
* certificate: for any pair (sigma, y), ``upper = max_c (A sigma)_c`` and
  ``lower = min_j (A^T y)_j`` bracket the level-1 value; the best upper and best
  lower seen are kept and a game stops when ``upper - lower <= tol`` (relative
  to the payoff range: payoffs are normalised to range 1 first).

Reports per shape and precision: PDHG iterations to a 1e-4 and 1e-6 bracket
(median, max over the batch, in multiples of ``--check``), the steady-state
wall time of the batch to each (after compiling), the JAX simplex's steady-state
time for the WHOLE rating (all levels) of the same batch, and |PDHG upper -
level-1 value of the exact path| (scaled back to the payoffs' units).
``--crash`` also times the simplex warm-started from PDHG's sigma (the
library's ``warm_start``: the basis starts from sigma's heaviest joint).

The whole default run takes ~8 minutes on a 2-core CPU; run a shape and a
precision at a time (``--shapes 32x32 --precision float64``) to stay short.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))


def _proj_simplex(v):
    """Exact Euclidean projection of ``v`` ``[n]`` onto the probability simplex.

    Michelot's algorithm: ``theta <- (sum_{v_i > theta} v_i - 1) / #{v_i > theta}``
    from ``theta = (sum v - 1) / n`` increases monotonically and stops, exactly,
    at the projection's threshold after at most n (in practice 2-6) passes; each
    pass is one masked sum, much cheaper than a sort in XLA on CPU (measured:
    the sort-based projection made an iteration ~9x slower at 10 x 10).
    """
    import jax.numpy as jnp
    from jax import lax

    n = v.shape[-1]
    theta0 = (jnp.sum(v) - 1.0) / n

    def step(c):
        theta, _, k = c
        mask = v > theta
        new = (jnp.sum(jnp.where(mask, v, 0.0)) - 1.0) / jnp.maximum(jnp.sum(mask), 1).astype(v.dtype)
        return new, theta, k + 1

    def cond(c):
        theta, prev, k = c
        return (theta > prev) & (k < n)

    theta, _, _ = lax.while_loop(cond, step, step((theta0, theta0 - 1.0, 0)))
    return jnp.maximum(v - theta, 0.0)


def _proj_simplex_sort(v):
    """The sort-based exact projection (Duchi et al. 2008), kept for ``--projection sort``."""
    import jax.numpy as jnp

    n = v.shape[-1]
    u = jnp.sort(v)[::-1]
    css = jnp.cumsum(u) - 1.0
    ind = jnp.arange(1, n + 1, dtype=v.dtype)
    rho = jnp.sum(u - css / ind > 0)  # >= 1 always
    theta = css[rho - 1] / rho.astype(v.dtype)
    return jnp.maximum(v - theta, 0.0)


def make_solver(shape, prox, omega, check, restart_every, max_iter, projection="michelot", adapt=0.0):
    """``solve(payoffs [B, N, *shape], tol) -> dict`` jitted, batched over games."""
    import jax
    import jax.numpy as jnp
    from jax import lax

    from jaxrate import gains

    num_j = int(np.prod(shape))
    num_c = int(sum(shape))

    def a_op(g, x):  # x [J] -> [C]
        return gains.deviation_gains(g, x.reshape(shape))

    def at_op(g, y):  # y [C] -> [J]
        return gains.transpose_gains(g, y).reshape(-1)

    def norm_a(g):
        if prox == "entropy":  # ||A||_{1->inf} = max |A_ij| <= the largest per-player payoff range
            axes = tuple(range(1, g.ndim))
            return jnp.max(jnp.max(g, axis=axes) - jnp.min(g, axis=axes))
        v = jnp.ones(num_j, g.dtype) + 1e-3 * jnp.sin(jnp.arange(num_j, dtype=g.dtype))

        def body(_, v):
            w = at_op(g, a_op(g, v))
            return w / jnp.maximum(jnp.linalg.norm(w), 1e-30)

        v = lax.fori_loop(0, 64, body, v / jnp.linalg.norm(v))
        return jnp.sqrt(jnp.linalg.norm(at_op(g, a_op(g, v)))) * 1.01  # small safety margin

    if prox == "euclid":
        proj = _proj_simplex if projection == "michelot" else _proj_simplex_sort

        def x_step(x, grad, tau):
            return proj(x - tau * grad)

        y_step = lambda y, grad, s: proj(y + s * grad)  # noqa: E731
    else:

        def x_step(x, grad, tau):
            logits = jnp.log(jnp.maximum(x, 1e-300)) - tau * (grad - jnp.min(grad))
            return jax.nn.softmax(logits)

        def y_step(y, grad, s):
            logits = jnp.log(jnp.maximum(y, 1e-300)) + s * (grad - jnp.max(grad))
            return jax.nn.softmax(logits)

    def gap_of(g, x, y):
        return jnp.max(a_op(g, x)), jnp.min(at_op(g, y))

    def per_game_init(g):
        dtype = g.dtype
        lip = norm_a(g).astype(dtype)
        lip = jnp.where(lip > 0, lip, 1.0)
        eta = 0.95 / lip
        tau = eta / omega
        sig = eta * omega
        x = jnp.full(num_j, 1.0 / num_j, dtype)
        y = jnp.full(num_c, 1.0 / num_c, dtype)
        up, lo = gap_of(g, x, y)
        return dict(
            x=x,
            y=y,
            xs=jnp.zeros_like(x),
            ys=jnp.zeros_like(y),
            n=jnp.zeros((), dtype),
            tau=tau,
            sig=sig,
            eta=eta,
            omega=jnp.asarray(omega, dtype),
            rx=x,
            ry=y,
            up=up,
            lo=lo,
            best_x=x,
            restart_gap=up - lo,
            since=jnp.zeros((), jnp.int32),
            done=jnp.zeros((), bool),
            iters=jnp.zeros((), jnp.int32),
        )

    def pdhg_step(g, s):
        x, y = s["x"], s["y"]
        x_new = x_step(x, at_op(g, y), s["tau"])
        y_new = y_step(y, a_op(g, 2.0 * x_new - x), s["sig"])
        return x_new, y_new

    def per_game_chunk(g, s, t, tol):
        def body(_, carry):
            x, y, xs, ys = carry
            x, y = pdhg_step(g, dict(s, x=x, y=y))
            return x, y, xs + x, ys + y

        x, y, xs, ys = lax.fori_loop(0, check, body, (s["x"], s["y"], s["xs"], s["ys"]))
        n = s["n"] + check
        xa, ya = xs / n, ys / n
        up_c, lo_c = gap_of(g, x, y)
        up_a, lo_a = gap_of(g, xa, ya)
        use_avg = (up_a - lo_a) <= (up_c - lo_c)
        cand_x = jnp.where(use_avg, xa, x)
        cand_y = jnp.where(use_avg, ya, y)
        cand_gap = jnp.minimum(up_a - lo_a, up_c - lo_c)
        since = s["since"] + check
        restart = (cand_gap <= 0.5 * s["restart_gap"]) | (since >= restart_every)
        # Best certified bracket over every pair seen.
        up_best = jnp.minimum(s["up"], jnp.minimum(up_c, up_a))
        lo_best = jnp.maximum(s["lo"], jnp.maximum(lo_c, lo_a))
        best_x = jnp.where(up_best < s["up"], jnp.where(up_a <= up_c, xa, x), s["best_x"])
        # PDLP's primal weight update at a restart: omega <- (dy/dx)^adapt omega^(1 - adapt).
        dx = jnp.linalg.norm(cand_x - s["rx"])
        dy = jnp.linalg.norm(cand_y - s["ry"])
        ok = restart & (dx > 1e-10) & (dy > 1e-10) & (adapt > 0)
        log_ratio = jnp.log(jnp.maximum(dy, 1e-30) / jnp.maximum(dx, 1e-30))
        omega_new = jnp.where(ok, jnp.exp(adapt * log_ratio + (1 - adapt) * jnp.log(s["omega"])), s["omega"])
        new = dict(
            s,
            omega=omega_new,
            tau=s["eta"] / omega_new,
            sig=s["eta"] * omega_new,
            rx=jnp.where(restart, cand_x, s["rx"]),
            ry=jnp.where(restart, cand_y, s["ry"]),
            x=jnp.where(restart, cand_x, x),
            y=jnp.where(restart, cand_y, y),
            xs=jnp.where(restart, 0.0, xs),
            ys=jnp.where(restart, 0.0, ys),
            n=jnp.where(restart, 0.0, n),
            since=jnp.where(restart, 0, since),
            restart_gap=jnp.where(restart, cand_gap, s["restart_gap"]),
            up=up_best,
            lo=lo_best,
            best_x=best_x,
            iters=t + check,
        )
        new["done"] = (up_best - lo_best) <= tol
        # A game already done keeps its state (its iteration count is the first check under tol).
        return jax.tree.map(lambda a, b: jnp.where(s["done"], a, b), s, new)

    init = jax.vmap(per_game_init)
    chunk = jax.vmap(per_game_chunk, in_axes=(0, 0, None, None))

    @jax.jit
    def solve(payoffs, tol):
        s = init(payoffs)
        s["done"] = (s["up"] - s["lo"]) <= tol

        def cond(c):
            t, s = c
            return (t < max_iter) & ~jnp.all(s["done"])

        def body(c):
            t, s = c
            return t + check, chunk(payoffs, s, t, tol)

        t, s = lax.while_loop(cond, body, (jnp.zeros((), jnp.int32), s))
        return dict(iters=jnp.where(s["done"], s["iters"], -1), up=s["up"], lo=s["lo"], x=s["best_x"], t=t)

    return solve


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--shapes", nargs="*", default=["10x10", "32x32", "64x64", "8x8x8"])
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--batch-64", type=int, default=16, help="batch for shapes with >= 4096 joints")
    parser.add_argument("--precision", nargs="*", default=["float64", "float32"])
    parser.add_argument("--prox", nargs="*", default=["euclid"], choices=["euclid", "entropy"])
    parser.add_argument("--projection", default="michelot", choices=["michelot", "sort"])
    parser.add_argument(
        "--omega", type=float, default=1.0, help="primal weight: tau = eta / omega, sigma = eta * omega"
    )
    parser.add_argument(
        "--adapt", type=float, default=0.2, help="PDLP primal-weight smoothing at restarts (0: fixed omega)"
    )
    parser.add_argument(
        "--check", type=int, default=64, help="iterations between gap checks / restart decisions"
    )
    parser.add_argument("--restart-every", type=int, default=4096, help="artificial restart period")
    parser.add_argument("--max-iter", type=int, default=40_000)
    parser.add_argument("--tols", nargs="*", type=float, default=[1e-4, 1e-6])
    parser.add_argument(
        "--exact-games", type=int, default=16, help="games per shape checked against the exact path"
    )
    parser.add_argument("--no-simplex", action="store_true")
    parser.add_argument(
        "--crash", action="store_true", help="also time the simplex warm-started from PDHG's sigma"
    )
    args = parser.parse_args()

    import jax

    jax.config.update("jax_enable_x64", True)  # benchmark script, not library code
    import jax.numpy as jnp
    from _env import header
    from jaxrate.normalise import normalise_payoffs

    import jaxrate

    header()
    print(
        f"prox {args.prox}, projection {args.projection}, omega {args.omega}, adapt {args.adapt}, "
        f"check {args.check}, restart-every {args.restart_every}, max-iter {args.max_iter}",
        flush=True,
    )
    rows = []
    for shape_s in args.shapes:
        shape = tuple(int(a) for a in shape_s.split("x"))
        batch = args.batch_64 if np.prod(shape) >= 4096 else args.batch
        rng = np.random.default_rng(0)
        payoffs = rng.random((batch, len(shape)) + shape)
        normed, scales = zip(*(normalise_payoffs(g) for g in payoffs))
        normed = np.stack(normed)
        scales = np.asarray(scales)

        t0 = time.perf_counter()
        k = min(args.exact_games, batch)
        level1 = np.array(
            [np.max(np.concatenate(jaxrate.exact.deviation_ratings(g).ratings)) for g in payoffs[:k]]
        )
        exact_s = time.perf_counter() - t0

        simplex_s = {}
        cold_pivots = {}
        for precision in args.precision if not args.no_simplex else []:
            dtype = jnp.float32 if precision == "float32" else jnp.float64
            games = jnp.asarray(payoffs, dtype)
            out = jaxrate.batched.deviation_ratings(games)  # compile
            jax.block_until_ready(out.ratings)
            t0 = time.perf_counter()
            out = jaxrate.batched.deviation_ratings(games)
            jax.block_until_ready(out.ratings)
            simplex_s[precision] = time.perf_counter() - t0
            cold_pivots[precision] = np.asarray(out.iterations)
            simplex_ratings = np.concatenate([np.asarray(r) for r in out.ratings], axis=1)
            print(
                f"{shape_s} B={batch} simplex {precision}: {simplex_s[precision]:.3f} s all levels, "
                f"level1 |max r - exact| {np.nanmax(np.abs(simplex_ratings[:k].max(axis=1) - level1)):.1e}, "
                f"status counts {np.bincount(np.asarray(out.status).ravel(), minlength=4).tolist()}",
                flush=True,
            )

        for prox in args.prox:
            solve = make_solver(
                shape,
                prox,
                args.omega,
                args.check,
                args.restart_every,
                args.max_iter,
                args.projection,
                args.adapt,
            )
            for precision in args.precision:
                dtype = jnp.float32 if precision == "float32" else jnp.float64
                games = jnp.asarray(normed, dtype)
                res = {}
                t0 = time.perf_counter()
                jax.block_until_ready(solve(games, max(args.tols)))  # compile (tol is traced: one compile)
                first = time.perf_counter() - t0
                for tol in args.tols:
                    t0 = time.perf_counter()
                    out = solve(games, tol)
                    jax.block_until_ready(out)
                    wall = time.perf_counter() - t0
                    iters = np.asarray(out["iters"])
                    ok = iters >= 0
                    up = np.asarray(out["up"], np.float64) * scales
                    err = np.abs(up[:k] - level1)
                    res[tol] = (iters, ok, wall, err)
                    if args.crash and precision in simplex_s:
                        # The library's own warm start: the simplex starts from the basis holding
                        # the joint PDHG's sigma weights most (argmax), i.e. a one-column crash.
                        games_raw = jnp.asarray(payoffs, dtype)
                        warm = jaxrate.batched.deviation_ratings(games_raw, warm_start=np.asarray(out["x"]))
                        jax.block_until_ready(warm.ratings)
                        t0 = time.perf_counter()
                        warm = jaxrate.batched.deviation_ratings(games_raw, warm_start=np.asarray(out["x"]))
                        jax.block_until_ready(warm.ratings)
                        warm_s = time.perf_counter() - t0
                        wr = np.concatenate([np.asarray(r) for r in warm.ratings], axis=1)
                        print(
                            f"    crash from PDHG sigma at tol {tol:g}: simplex {warm_s:.3f} s (cold "
                            f"{simplex_s[precision]:.3f} s), pivots mean {np.mean(warm.iterations):.1f} "
                            f"(cold {np.mean(cold_pivots[precision]):.1f}), status counts "
                            f"{np.bincount(np.asarray(warm.status).ravel(), minlength=4).tolist()}, "
                            f"level1 |max r - exact| {np.nanmax(np.abs(wr[:k].max(axis=1) - level1)):.1e}",
                            flush=True,
                        )
                    print(
                        f"{shape_s} B={batch} {prox} {precision} tol {tol:g}: reached {ok.sum()}/{batch}, "
                        f"iters median {np.median(np.where(ok, iters, np.inf)):.0f} max "
                        f"{(iters.max() if ok.all() else float('inf')):.0f} (loop ran {int(out['t'])}), "
                        f"{wall:.3f} s (compiling call at tol {max(args.tols):g}: {first:.1f} s), "
                        f"|upper - exact level 1| max {err.max():.1e} over {k}",
                        flush=True,
                    )
                rows.append((shape_s, batch, prox, precision, res, simplex_s.get(precision, float("nan"))))
        print(f"  (exact path: {exact_s:.1f} s for {k} games)", flush=True)

    print()
    print(
        "shape    B  prox    prec     it1e-4 med/max    it1e-6 med/max    s 1e-4   s 1e-6  simplex s"
        "  |up-v1| at tightest tol"
    )
    for shape_s, batch, prox, precision, res, simplex in rows:
        cells = []
        for tol in args.tols[:2]:
            iters, ok, _, _ = res[tol]
            med = np.median(np.where(ok, iters, np.inf))
            mx = iters.max() if ok.all() else np.inf
            cells.append(f"{med:>7.0f}/{mx:<7.0f}" + ("" if ok.all() else f"({(~ok).sum()} miss)"))
        secs = [f"{res[tol][2]:7.3f}" for tol in args.tols[:2]]
        cells, secs = (cells * 2)[:2], (secs * 2)[:2]  # a single --tols value fills both columns
        err = res[args.tols[:2][-1]][3].max()  # at the tightest tolerance
        print(
            f"{shape_s:7s} {batch:3d}  {prox:7s} {precision:8s} {cells[0]:>17s} {cells[1]:>17s} "
            f"{secs[0]} {secs[1]}  {simplex:9.3f}  {err:.1e}"
        )


if __name__ == "__main__":
    main()
