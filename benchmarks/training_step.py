"""Deviation ratings as the fitness of a jitted training step (issue 45).

    python benchmarks/training_step.py                      # 256 populations x 8 candidates, 10 x 10 games
    python benchmarks/training_step.py --pops 64 --gens 10  # a quicker look
    python benchmarks/training_step.py --dtype-ab           # the rating alone: float32 vs float64 payoffs

The loop of ``docs/howto/training-loops.md``: per population, each player's
search distribution is OpenAI-ES's (evosax 0.3.2 ``OpenES``: antithetic
samples, centred-rank fitness shaping, plain SGD on the mean); a candidate is
``softmax(mean + std z)`` over the actions of the population's random
general-sum ``A x A`` game, the meta-game ``[2, K, K]`` holds the candidates'
expected payoffs against each other, and each candidate's fitness is its
deviation rating from ``jaxrate.batched.rate_game``, all inside one
``jax.jit``-ed, ``jax.vmap``-ed step.

For each mode (payoff dtype; ``precision``; cold, or warm from the previous
step's ``out["warm"]``) it prints: the games not SOLVED, the SOLVED games whose
ratings are off the exact path's (of the same, rounded, payoffs) by more than
1e-4 of the range and the largest such error (on the first ``--check`` games of
every step), the mean pivots, the step's time, the rating's time alone (same
games, same warm state) and its share of the step, and games/s of the rating.

A second loop replaces the two lowest-rated of a population's ``K`` fixed
members per player every step (population-based training): warm against cold
pivots when only a few rows and columns change; then random 8 x 8 games whose
payoffs move a little (1e-3 to 1e-1), re-rated cold and warm.

It also runs against an older checkout (``PYTHONPATH=/path/to/old python
benchmarks/training_step.py``): the modes its ``rate_game`` lacks are skipped.
"""

from __future__ import annotations

import argparse
import functools
import inspect
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


def _es_step(rate, std, lr, cands):
    """One OpenAI-ES generation for every population: sample, rate, update the means."""
    import jax
    import jax.numpy as jnp

    def step(key, mean, base, warm):
        pops, _, actions = mean.shape
        half = jax.random.normal(key, (pops, 2, cands // 2, actions), mean.dtype)
        z = jnp.concatenate([half, -half], axis=2)  # antithetic
        mixed = jax.nn.softmax(mean[:, :, None, :] + std * z, axis=-1)  # [P, 2, K, A]
        games = jnp.einsum("zia,zpab,zjb->zpij", mixed[:, 0], base, mixed[:, 1])  # [P, 2, K, K]
        out = rate(games, warm)
        fitness = jnp.nan_to_num(out["ratings"]).reshape(pops, 2, cands)
        ranks = jnp.argsort(jnp.argsort(fitness, axis=-1), axis=-1) / (cands - 1) - 0.5  # centred ranks
        grad = jnp.einsum("zpk,zpka->zpa", ranks, z) / (cands * std)
        return mean + lr * grad, games, out

    return jax.jit(step)


def _rater(precision, warm):
    """``(games [P, 2, K, K], warm) -> outputs``: rate_game under vmap, cold or warm."""
    import jax

    from jaxrate.batched import rate_game

    options = {} if precision is None else {"precision": precision}
    one = functools.partial(rate_game, **options)
    if warm:
        return jax.vmap(lambda g, w: one(g, warm=w))
    return lambda games, _: jax.vmap(one)(games)


def _exact_errors(games, out, check):
    """On the first ``check`` games: the SOLVED ones off by more than 1e-4 of the range, the largest error."""
    import jaxrate

    worst, wrong = 0.0, 0
    for game, ratings, status in zip(games[:check], out["ratings"][:check], out["status"][:check]):
        if status != 0:
            continue
        game = np.asarray(game, np.float64)
        exact = np.concatenate(jaxrate.exact.deviation_ratings(game).ratings)
        err = float(np.abs(np.asarray(ratings, np.float64) - exact).max() / np.ptp(game))
        worst, wrong = max(worst, err), wrong + (err > 1e-4)
    return wrong, worst


def _es_mode(args, dtype, precision, warm):
    import jax
    import jax.numpy as jnp

    rng = np.random.default_rng(args.seed)
    base = jnp.asarray(rng.random((args.pops, 2, args.actions, args.actions)), dtype)
    mean = jnp.zeros((args.pops, 2, args.actions), dtype)
    rate = _rater(precision, warm)
    step = _es_step(rate, args.std, args.lr, args.cands)
    rate_alone = jax.jit(rate)
    state = None
    key = jax.random.PRNGKey(args.seed)
    times, rate_times, unsolved, wrong, worst, pivots, total = [], [], 0, 0, 0.0, [], 0
    for gen in range(args.gens + 1):
        key, sub = jax.random.split(key)
        start = time.perf_counter()
        mean, games, out = step(sub, mean, base, state)
        jax.block_until_ready(out)
        elapsed = time.perf_counter() - start
        if gen == 0:  # compilation
            state = out["warm"] if warm else None
            continue
        start = time.perf_counter()
        jax.block_until_ready(rate_alone(games, state))
        rate_times.append(time.perf_counter() - start)
        times.append(elapsed)
        out = jax.device_get(out)
        unsolved += int((out["status"] != 0).sum())
        total += len(out["status"])
        w, e = _exact_errors(np.asarray(games), out, args.check)
        wrong, worst = wrong + w, max(worst, e)
        pivots.append(float(np.mean(out["iterations"])))
        state = out["warm"] if warm else None
    step_s, rate_s = float(np.median(times)), float(np.median(rate_times))
    return {
        "unsolved": f"{unsolved}/{total}",
        "wrong": f"{wrong}/{args.check * args.gens}",
        "worst": worst,
        "pivots": float(np.mean(pivots)),
        "step_ms": 1e3 * step_s,
        "rate_ms": 1e3 * rate_s,
        "share": rate_s / step_s,
        "games_s": args.pops / rate_s,
    }


def _pbt_pivots(args, warm):
    """Mean pivots when the two lowest-rated members per player are replaced every step."""
    import jax
    import jax.numpy as jnp

    with jax.enable_x64(True):
        rng = np.random.default_rng(args.seed + 1)
        base = rng.random((args.pops, 2, args.actions, args.actions))
        members = rng.dirichlet(np.ones(args.actions), size=(args.pops, 2, args.cands))
        rate = jax.jit(_rater(None, warm))
        state, pivots = None, []
        for gen in range(args.gens + 1):
            games = np.einsum("zia,zpab,zjb->zpij", members[:, 0], base, members[:, 1])
            out = jax.device_get(rate(jnp.asarray(games), state))
            if gen:
                pivots.append(float(np.mean(out["iterations"])))
            state = out["warm"] if warm else None
            ratings = np.asarray(out["ratings"]).reshape(args.pops, 2, args.cands)
            worst = np.argsort(ratings, axis=-1)[..., :2]  # [P, 2, 2]
            fresh = rng.dirichlet(np.ones(args.actions), size=worst.shape)
            np.put_along_axis(members, worst[..., None], fresh, axis=2)
    return float(np.mean(pivots))


def _moved_pivots(args, eps):
    """Mean pivots (cold, warm) re-rating random 8 x 8 games after their payoffs move by ``eps`` (normal)."""
    import jax

    from jaxrate.batched import rate_game

    with jax.enable_x64(True):
        rng = np.random.default_rng(args.seed + 2)
        games = rng.random((args.pops, 2, 8, 8))
        moved = games + eps * rng.normal(size=games.shape)
        first = jax.jit(jax.vmap(rate_game))(games)
        cold = jax.jit(jax.vmap(rate_game))(moved)
        warm = jax.jit(jax.vmap(lambda g, w: rate_game(g, warm=w)))(moved, first["warm"])
        same = float(np.abs(np.asarray(cold["ratings"]) - np.asarray(warm["ratings"])).max())
        return float(np.mean(cold["iterations"])), float(np.mean(warm["iterations"])), same


def _dtype_ab(args) -> None:
    """``rate_game`` alone on one step's meta-games, float32 against float64 payoffs, calls interleaved."""
    import jax
    import jax.numpy as jnp

    sys.path.insert(0, str(HERE.parent / "tests"))
    from game_families import es_game

    from jaxrate.batched import rate_game

    rng = np.random.default_rng(args.seed)
    games = np.stack([es_game(rng, args.cands, args.actions) for _ in range(args.pops)])
    rate = jax.jit(jax.vmap(rate_game))
    g32 = jnp.asarray(games, jnp.float32)
    jax.block_until_ready(rate(g32))
    with jax.enable_x64(True):
        g64 = jnp.asarray(games)
        jax.block_until_ready(rate(g64))
        times = {"float32": [], "float64": []}
        for _ in range(40):
            for name, batch in (("float32", g32), ("float64", g64)):
                start = time.perf_counter()
                jax.block_until_ready(rate(batch))
                times[name].append(time.perf_counter() - start)
    for name, t in times.items():
        print(
            f"rate_game alone, {name} payoffs, 40 calls interleaved: median {np.median(t) * 1e3:.2f} ms "
            f"({args.pops / np.median(t):,.0f} games/s), best {min(t) * 1e3:.2f} ms"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pops", type=int, default=256)
    parser.add_argument("--cands", type=int, default=8)
    parser.add_argument("--actions", type=int, default=10)
    parser.add_argument("--gens", type=int, default=20)
    parser.add_argument("--std", type=float, default=1.0)
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--check", type=int, default=16, help="games per step checked against the exact path")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--dtype-ab", action="store_true", help="only the float32/float64 A/B of the rating")
    args = parser.parse_args()

    import jax
    from _env import header

    from jaxrate.batched import rate_game

    header()
    if args.dtype_ab:
        _dtype_ab(args)
        return
    has = set(inspect.signature(rate_game).parameters)
    print(
        f"{args.pops} populations x {args.cands} candidates per player, "
        f"{args.actions} x {args.actions} games, "
        f"{args.gens} steps after the first (compilation)"
    )
    modes = [
        ("float32", None, False),
        ("float32", None, True),
        ("float32", "float32", False),
        ("float32", "float32", True),
        ("float64", None, False),
        ("float64", None, True),
    ]
    print(
        f"{'payoffs':<9}{'precision':<11}{'start':<6}{'unsolved':>10}{'off>1e-4':>10}{'max err':>10}"
        f"{'pivots':>8}{'step ms':>9}{'rate ms':>9}{'share':>7}{'games/s':>9}"
    )
    for dtype, precision, warm in modes:
        if (precision is not None and "precision" not in has) or (warm and "warm" not in has):
            continue
        with jax.enable_x64(dtype == "float64"):
            row = _es_mode(args, dtype, precision, warm)
        print(
            f"{dtype:<9}{precision or 'default':<11}{'warm' if warm else 'cold':<6}{row['unsolved']:>10}"
            f"{row['wrong']:>10}{row['worst']:>10.1e}{row['pivots']:>8.1f}{row['step_ms']:>9.1f}"
            f"{row['rate_ms']:>9.1f}{row['share']:>7.0%}{row['games_s']:>9.0f}",
            flush=True,
        )
    if "warm" in has:
        cold, warm = _pbt_pivots(args, False), _pbt_pivots(args, True)
        print(
            f"population-based training (2 of {args.cands} members per player replaced each step, float64): "
            f"pivots cold {cold:.1f}, warm {warm:.1f} ({cold / max(warm, 1e-9):.2f}x fewer)"
        )
        for eps in (1e-3, 1e-2, 1e-1):
            cold, warm, same = _moved_pivots(args, eps)
            print(
                f"random 8 x 8 games moved by {eps:g}: pivots cold {cold:.1f}, warm {warm:.1f} "
                f"({cold / max(warm, 1e-9):.1f}x fewer; ratings differ by {same:.0e})"
            )


if __name__ == "__main__":
    main()
