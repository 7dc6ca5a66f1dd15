"""One game on the JAX simplex, unbatched: normalise, solve, assemble the outputs.

The pure core that :mod:`jaxrate.batched._api` (the host driver: lanes,
padding, sharding) vmaps, and that :func:`jaxrate.batched.rate_game` calls for
use inside ``jit``. Payoffs are normalised and (in float64) quantized exactly as
on the exact path (:mod:`jaxrate.normalise`), and a result is checked against
:func:`jaxrate.certificate.certificate_tolerance` at the precision's stated
accuracy (:data:`jaxrate.solvers.SIMPLEX_ACCURACY`).
"""

from __future__ import annotations

import functools

import jax.numpy as jnp

from jaxrate import gains
from jaxrate.batched._simplex import SimplexConfig, make_solver
from jaxrate.certificate import certificate_tolerance
from jaxrate.normalise import DECIMALS
from jaxrate.solvers import SIMPLEX_ACCURACY
from jaxrate.status import Status

__all__ = ["advance", "escalate", "finish", "init", "prepare", "refactor", "run", "running"]


def prepare(payoffs, masks):
    """Masks, validity, scale and normalised payoffs of one game."""
    n = payoffs.shape[0]
    shape = payoffs.shape[1:]
    joint_mask = functools.reduce(
        jnp.logical_and,
        [jnp.expand_dims(m, [q for q in range(n) if q != p]) for p, m in enumerate(masks)],
    )
    row_mask = jnp.concatenate(masks)
    payoffs = jnp.where(joint_mask[None], payoffs, 0.0)
    finite = jnp.all(jnp.isfinite(payoffs))
    payoffs = jnp.where(finite, payoffs, 0.0)
    flat = jnp.where(joint_mask[None], payoffs, jnp.nan).reshape(n, -1)
    lo, hi = jnp.nanmin(flat, axis=1), jnp.nanmax(flat, axis=1)
    scale = jnp.max(hi - lo)
    safe = jnp.where(scale > 0, scale, 1.0)
    mid = ((hi + lo) / 2).reshape((n,) + (1,) * len(shape))
    normed = jnp.where(joint_mask[None], (payoffs - mid) / safe, 0.0)
    if normed.dtype == jnp.float64:  # the game every solver rates (jaxrate.normalise)
        normed = jnp.round(normed, DECIMALS)
    return {
        "payoffs": normed,
        "joint_mask": joint_mask,
        "row_mask": row_mask,
        "scale": scale,
        "finite": finite,
    }


def _solver(prep, config):
    return make_solver(prep["payoffs"], prep["joint_mask"], prep["row_mask"], config)


def init(prep, start, config, attempt=None):
    return _solver(prep, config).init(start, attempt)


def advance(state, prep, config, rounds):
    return _solver(prep, config).advance(state, rounds)


def run(state, prep, config, steps):
    return _solver(prep, config).run(state, steps)


def refactor(state, prep, config):
    return _solver(prep, config).refactor(state)


def escalate(state, prep, config):
    return _solver(prep, config).escalate(state)


def running(state, prep, config):
    return _solver(prep, config).running(state)


def finish(state, prep, config: SimplexConfig):
    """Outputs of one game in payoff units, with its status."""
    ratings, sigma, levels, pivots, solved, failed = _solver(prep, config).finish(state)
    row_mask, scale, finite = prep["row_mask"], prep["scale"], prep["finite"]
    dev = gains.deviation_gains(prep["payoffs"], sigma)
    residual = jnp.max(jnp.where(row_mask, jnp.abs(dev - ratings), 0.0)) * scale
    max_gain = jnp.max(jnp.where(row_mask, dev, -jnp.inf)) * scale
    ratings = ratings * scale
    # A result whose own certificate is off is not returned as solved.
    limit = certificate_tolerance(scale, rel_tol=SIMPLEX_ACCURACY[jnp.dtype(ratings.dtype).name])
    inaccurate = ~(residual <= limit) | ~(max_gain <= limit)
    status = jnp.where(
        ~finite,
        int(Status.NONFINITE),
        jnp.where(
            failed | (solved & inaccurate),
            int(Status.FAILED),
            jnp.where(solved, int(Status.SOLVED), int(Status.MAX_ITERATIONS)),
        ),
    )
    constant = scale <= 0
    ratings = jnp.where(constant, 0.0, ratings)
    ratings = jnp.where(finite & row_mask, ratings, jnp.nan)
    status = jnp.where(constant & finite, int(Status.SOLVED), status)
    return {
        "ratings": ratings,
        "joint": sigma,
        "levels": levels,
        "status": status.astype(jnp.int32),
        "iterations": pivots,
        "max_gain": jnp.where(finite, max_gain, jnp.nan),
        "residual": jnp.where(finite, residual, jnp.nan),
    }
