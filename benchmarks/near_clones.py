"""Populations whose members converge: near-clone games in ``jit`` against the exact path (issue 52).

    python benchmarks/near_clones.py                       # 1,000 games an eps, both families
    python benchmarks/near_clones.py --games 200 --eps 1e-6,1e-7 --family 2p
    python benchmarks/near_clones.py --no-retry            # the first pass alone (RETRY_RUNGS = ())
    python benchmarks/near_clones.py --no-fallback         # no exact path called back for an unsolved game

Each game is uniform in [0, 1]; one strategy of each player is a copy of another plus ``eps``
times uniform [-1, 1] noise in every player's payoffs (2P 10 x 10, 3P 6 x 6 x 6); ``trained``: the
meta-games ``[2, 8, 8]`` of populations trained until their members converge (:func:`trained`),
rated at several steps of training. For each
``eps`` and payoff dtype: the statuses of ``jax.jit(jax.vmap(rate_game))``, how many games the
exact path (``jaxrate.exact``, the game as given, widened exactly) solves that ``jit`` does not,
how many SOLVED games are more than ``1e-6`` of the range from the exact ratings, the largest
such error, and the seconds of the jitted call (compiled beforehand).
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent

FAMILIES = {"2p": (2, 10, 10), "3p": (3, 6, 6, 6)}
EPS = (1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10, 1e-11, 1e-12, 0.0)


def near_clones(rng, count: int, shape: tuple, eps: float) -> np.ndarray:
    """``count`` games of ``shape``, strategy 1 of each player ``eps`` from its strategy 0."""
    games = rng.uniform(size=(count,) + shape)
    n = len(shape) - 1
    for p in range(n):
        src = [slice(None)] * (n + 2)
        dst = list(src)
        src[2 + p], dst[2 + p] = 0, 1
        games[tuple(dst)] = games[tuple(src)] + eps * rng.uniform(-1, 1, size=games[tuple(dst)].shape)
    return games


# Training steps at which a trained population's meta-game is rated (its members converge as it trains).
STEPS = (30, 100, 200, 300, 500, 1000, 3000)


def trained(rng, count: int, steps: int, members: int = 8, actions: int = 10, lr: float = 0.5) -> np.ndarray:
    """``count`` meta-games ``[2, K, K]`` of populations trained ``steps`` steps: each player's ``K``
    softmax policies over the actions of a random ``A x A`` game, every member's logits moved by
    ``lr`` times its payoffs against the other population's mean policy. The members' logits differ
    by what they started with, so their policies converge as the shared push saturates the softmax:
    the meta-game's strategies become near-clones at every scale, as a population's do in training."""
    games = rng.uniform(size=(count, 2, actions, actions))
    logits = rng.normal(size=(count, 2, members, actions))
    for _ in range(steps):
        policy = _softmax(logits)
        mean = policy.mean(axis=2)
        logits[:, 0] += lr * np.einsum("cij,cj->ci", games[:, 0], mean[:, 1])[:, None]
        logits[:, 1] += lr * np.einsum("cij,ci->cj", games[:, 1], mean[:, 0])[:, None]
    policy = _softmax(logits)
    return np.einsum("cki,cxij,clj->cxkl", policy[:, 0], games, policy[:, 1])


def _softmax(logits: np.ndarray) -> np.ndarray:
    e = np.exp(logits - logits.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def closest(games: np.ndarray) -> np.ndarray:
    """Per game, how near its two closest strategies of player 0 are (every player's payoffs), as a
    fraction of the range."""
    rows = np.moveaxis(games, 2, 1).reshape(len(games), games.shape[2], -1)  # [G, K, 2 K]
    gaps = np.abs(rows[:, :, None] - rows[:, None]).max(axis=-1)
    gaps[:, np.arange(gaps.shape[1]), np.arange(gaps.shape[1])] = np.inf
    return gaps.min(axis=(1, 2)) / np.ptp(games.reshape(len(games), -1), axis=1)


def _exact(game: np.ndarray):
    import jaxrate

    try:
        return np.concatenate(jaxrate.exact.deviation_ratings(game).ratings)
    except (RuntimeError, ValueError, TimeoutError):
        return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--eps", default=",".join(f"{e:g}" for e in EPS))
    parser.add_argument("--family", default="2p,3p,trained")
    parser.add_argument("--dtypes", default="float64,float32")
    parser.add_argument("--no-retry", action="store_true", help="without the in-jit retry rungs")
    parser.add_argument("--no-fallback", action="store_true", help="SimplexConfig(fallback=False)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    import jax

    jax.config.update("jax_enable_x64", True)
    sys.path.insert(0, str(HERE))  # in main only: tests import this file
    from _env import header

    from jaxrate import Status
    from jaxrate.batched import _pure, rate_game

    if args.no_retry:
        _pure.RETRY_RUNGS = ()
    header()
    print(f"{args.games} games an eps; retry rungs {_pure.RETRY_RUNGS}")
    rate = jax.jit(jax.vmap(rate_game))
    if args.no_fallback:
        import functools

        from jaxrate.game._simplex_config import simplex_config

        compiled = {}

        def rate(games):
            num_c = sum(games.shape[2:])
            if num_c not in compiled:
                config = simplex_config(num_c, "float64")._replace(fallback=False)
                compiled[num_c] = jax.jit(jax.vmap(functools.partial(rate_game, config=config)))
            return compiled[num_c](games)

    print(
        "| family | eps | payoffs | statuses | exact solves, jit does not | SOLVED off > 1e-6 (degenerate) "
        "| worst | by the exact fallback | s |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for family in args.family.split(","):
        if family == "trained":
            cases = [(f"step {n}", trained(np.random.default_rng(args.seed), args.games, n)) for n in STEPS]
        else:
            cases = [
                (f"{eps:g}", near_clones(np.random.default_rng(args.seed), args.games, FAMILIES[family], eps))
                for eps in (float(e) for e in args.eps.split(","))
            ]
        for label, games in cases:
            if family == "trained":
                label += f" (closest {np.median(closest(games)):.0e})"
            for dtype in args.dtypes.split(","):
                _row(rate, games, dtype, f"| {family} | {label} | {dtype} |", Status)


def _row(rate, games, dtype, lead: str, Status) -> None:
    import jax
    import jax.numpy as jnp

    given = jnp.asarray(games.astype(dtype))
    jax.block_until_ready(rate(given))
    started = time.perf_counter()
    out = jax.block_until_ready(rate(given))
    seconds = time.perf_counter() - started
    status = np.asarray(out["status"])
    ratings = np.asarray(out["ratings"], np.float64)
    wide = np.asarray(given, np.float64)
    missed = off = off_degenerate = 0
    degenerate = np.asarray(out["degenerate"])
    fallback = int(np.sum(np.asarray(out.get("fallback", np.zeros(1, bool)))))
    worst = 0.0
    for i in range(len(games)):
        want = _exact(wide[i])
        if want is None:
            continue
        if status[i] != int(Status.SOLVED):
            missed += 1
            continue
        err = float(np.max(np.abs(ratings[i] - want)) / max(np.ptp(wide[i]), 1e-300))
        worst = max(worst, err)
        off += err > 1e-6
        off_degenerate += (err > 1e-6) & bool(degenerate[i])
    names, counts = np.unique(status, return_counts=True)
    shown = ", ".join(f"{Status(int(k)).name} {int(v)}" for k, v in zip(names, counts))
    print(
        f"{lead} {shown} | {missed} | {off} ({off_degenerate}) | {worst:.1e} | {fallback} | {seconds:.2f} |",
        flush=True,
    )


if __name__ == "__main__":
    main()
