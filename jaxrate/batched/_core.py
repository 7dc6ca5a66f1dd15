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

import jax
import jax.numpy as jnp

from jaxrate.batched._clones import merged_clones
from jaxrate.batched._simplex import SimplexConfig, make_solver
from jaxrate.game import gains
from jaxrate.game.normalise import DECIMALS
from jaxrate.game.tolerances import TOLERANCES
from jaxrate.results.certificate import certificate_tolerance
from jaxrate.results.status import Status

# Level multipliers up to this size (|d_k|_1) are checked at the stated accuracy;
# larger ones in proportion to their size (see _level_proofs).
DUAL_SIZE = 1e5
# ... up to this many times ``accuracy`` (float64: 1e-4 of the range), whatever the multipliers.
DUAL_ALLOWANCE_CAP = 100.0
# A row frozen on a multiplier this small (or two levels of one value) makes the
# solution degenerate: its derivative may be one-sided there (jaxrate.sensitivity).
FRAGILE_DUAL = 1e-6

__all__ = [
    "DUAL_SIZE",
    "advance",
    "awaiting",
    "check_unique",
    "degenerate",
    "escalate",
    "finish",
    "init",
    "prepare",
    "recheck",
    "recheck_terms",
    "refactor",
    "run",
    "running",
]


def subnormal(payoffs):
    """Whether a game's payoffs hold a subnormal number that is not negligible: a
    nonzero entry below its dtype's smallest normal while no entry is ``2**40``
    times larger (so flushing it to zero would move a payoff by more than
    ``1e-12`` of the range). Read from the bits: a CPU or GPU that flushes
    subnormals to zero would see them as zeros in any arithmetic test.
    """
    info = jnp.finfo(payoffs.dtype)
    width = {2: jnp.int16, 4: jnp.int32, 8: jnp.int64}[info.bits // 8]
    bits = jax.lax.bitcast_convert_type(payoffs, width)
    exponent = (bits >> info.nmant) & ((1 << info.nexp) - 1)
    mantissa = bits & ((1 << info.nmant) - 1)
    tiny = (exponent == 0) & (mantissa != 0)
    return jnp.any(tiny) & (jnp.max(exponent) <= 40)


def prepare(payoffs, masks, original=None):
    """Masks, validity, scale and normalised payoffs of one game; ``original``:
    the payoffs before a change of dtype (for :func:`subnormal`)."""
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
    # Near-clones made exact clones (jaxrate.batched._clones), within TOLERANCES.clone of the scale
    # or twice the resolution of the payoffs as given (float32: 2.4e-7 of a game in [0, 1]).
    given = payoffs if original is None else original
    resolution = 2 * jnp.finfo(given.dtype).eps * jnp.max(jnp.abs(payoffs)) / safe
    tol = jnp.clip(resolution, TOLERANCES.clone, TOLERANCES.clone_cap).astype(normed.dtype)
    merged = merged_clones(normed, masks, tol)
    return {
        "payoffs": merged,
        # a game whose near-clones were merged is solved at a tie: its derivative may be one-sided
        "merged": jnp.any(merged != normed),
        "joint_mask": joint_mask,
        "row_mask": row_mask,
        "scale": scale,
        "finite": finite,
        "subnormal": subnormal(jnp.where(joint_mask[None], payoffs if original is None else original, 0))
        & finite,
    }


def _solver(prep, config):
    return make_solver(prep["payoffs"], prep["joint_mask"], prep["row_mask"], config)


def init(prep, start, config, attempt=None):
    return _solver(prep, config).init(start, attempt)


def advance(state, prep, config, rounds, warm=None, fresh=None):
    return _solver(prep, config).advance(state, rounds, warm, fresh)


def run(state, prep, config, steps):
    return _solver(prep, config).run(state, steps)


def refactor(state, prep, config):
    return _solver(prep, config).refactor(state)


def escalate(state, prep, config):
    return _solver(prep, config).escalate(state)


def running(state, prep, config):
    return _solver(prep, config).running(state)


def awaiting(state, prep, config):
    return _solver(prep, config).awaiting(state)


def check_unique(state, prep, config):
    return _solver(prep, config).check_unique(state)


def finish(state, prep, config: SimplexConfig, warm: bool = False):
    """Outputs of one game in payoff units, with its status and its proof.

    The proof is :mod:`jaxrate.certificate`'s: ``level_values`` ``[C]`` (NaN
    past the last level), ``frozen_at`` ``[C]`` (each row's level; -1 where
    masked) and ``duals`` ``[C, C]`` (row ``k``: level ``k``'s multipliers).
    Duals carry no units: a proof in normalised units is one in payoff units.
    With ``warm``, also the :class:`jaxrate.batched.WarmStart` for the next solve.
    """
    out = _solver(prep, config).finish(state)
    ratings, dev, levels = out["ratings"], out["gains"], out["levels"]
    row_mask, scale, finite = prep["row_mask"], prep["scale"], prep["finite"]
    residual = jnp.max(jnp.where(row_mask, jnp.abs(dev - ratings), 0.0)) * scale
    max_gain = jnp.max(jnp.where(row_mask, dev, -jnp.inf)) * scale
    ratings = ratings * scale
    # A result whose own certificate is off is not returned as solved.
    accuracy = TOLERANCES.accuracy(jnp.dtype(ratings.dtype).name)
    limit = certificate_tolerance(scale, rel_tol=accuracy)
    gap, min_dual, duals_ok = _level_proofs(out, row_mask, config, accuracy)
    gap = gap * scale
    # Every gain and rating a number: a max over a NaN may come back -inf on CPU (a lane of a
    # 1,000-game near-clone batch passed with residual -inf and a level value of -8.7e5)
    numbers = jnp.all(jnp.where(row_mask, jnp.isfinite(dev) & jnp.isfinite(ratings), True))
    inaccurate = ~(residual <= limit) | ~(max_gain <= limit) | ~duals_ok | ~numbers | ~(residual >= 0)
    solved, failed = out["solved"], out["failed"]
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
    tiny = prep["subnormal"]
    status = jnp.where(tiny, int(Status.SUBNORMAL), status)
    ratings = jnp.where(tiny, jnp.nan, ratings)
    slots = jnp.arange(row_mask.shape[0])
    return {
        "ratings": ratings,
        "joint": out["joint"],
        "levels": levels,
        "status": status.astype(jnp.int32),
        "iterations": out["pivots"],
        "max_gain": jnp.where(finite, max_gain, jnp.nan),
        "residual": jnp.where(finite, residual, jnp.nan),
        "dual_gap": jnp.where(finite, gap, jnp.nan),
        "min_frozen_dual": min_dual,
        "level_values": jnp.where(slots < levels, out["level_values"] * scale, jnp.nan),
        "frozen_at": out["frozen_at"],
        "duals": out["duals"],
        "degenerate": degenerate(min_dual, out["level_values"], levels, config) | prep.get("merged", False),
    } | ({"warm": out["warm"]} if warm else {})


def degenerate(min_dual, values, levels, config: SimplexConfig):
    """Whether a proof is degenerate (its derivative may be one-sided): a row frozen on a
    multiplier of at most :data:`FRAGILE_DUAL`, or two levels of one value (``values``
    normalised): a row of the later one is tight at the earlier one without a multiplier,
    and may join it either way. The simplex's proofs and the exact fallback's alike."""
    slots = jnp.arange(values.shape[0] - 1)
    steps = values[:-1] - values[1:]
    return (min_dual <= FRAGILE_DUAL) | jnp.any((slots + 1 < levels) & (steps <= config.pivot_tol))


def _level_proofs(out: dict, row_mask, config: SimplexConfig, accuracy: float):
    """The solver's own check of each level's dual proof (normalised units).

    As :func:`jaxrate.certificate.verify` checks it, with ``min_a (A^T d_k)(a)``
    taken from the level's last pricing pass (as the exact path takes it from
    HiGHS's): the bound ``floor_k - lambda_k . r`` against ``t_k``, the free
    multipliers non-negative and summing to one, and a positive dual on every
    row frozen at ``k``.

    Each gap is checked against ``accuracy``, times ``|d_k|_1 / DUAL_SIZE``
    where the multipliers are larger than that: a bound made of terms that
    large carries rounding in proportion (an 8 x 8 game whose level duals reach
    2.5e5 had a gap of 1.3e-6 with ratings exact to 1e-17), up to
    ``DUAL_ALLOWANCE_CAP`` times ``accuracy``.

    Returns ``(largest gap t_k - bound_k, smallest frozen dual, proof ok)``.
    """
    duals, levels, at = out["duals"], out["levels"], out["frozen_at"]  # [K, C], [], [C]
    slot = jnp.arange(duals.shape[0])[:, None]  # [K, 1]
    proven = slot[:, 0] < levels  # [K]
    before = row_mask & (at >= 0) & (at < slot)  # [K, C]
    free = row_mask & ((at >= slot) | (at < 0))
    bound = out["floors"] - jnp.sum(jnp.where(before, duals * out["normalised_ratings"], 0.0), axis=1)
    gaps = out["level_values"] - bound
    size = jnp.sum(jnp.where(row_mask, jnp.abs(duals), 0.0), axis=1)
    allowed = accuracy * jnp.clip(size / DUAL_SIZE, 1.0, DUAL_ALLOWANCE_CAP)
    gap = jnp.max(jnp.where(proven, gaps, -jnp.inf))
    total = jnp.sum(jnp.where(free, duals, 0.0), axis=1)
    lowest = jnp.min(jnp.where(free, duals, jnp.inf), axis=1)
    # A level value below its own dual bound by more than rounding is no optimum (the bound is a lower bound)
    sound = (jnp.abs(total - 1.0) <= accuracy) & (lowest >= -accuracy) & (jnp.abs(gaps) <= allowed)
    ok = jnp.all(~proven | sound)
    frozen_dual = jnp.where(row_mask & (at == slot), duals, jnp.inf)  # row c at its own level
    min_dual = jnp.min(frozen_dual)
    ok = ok & (min_dual > config.dual_tol) | (levels == 0)
    return jnp.maximum(gap, 0.0), min_dual, ok


def recheck(prep, out: dict):
    r"""A float32 result's proof, checked again in float64: a bound on its error.

    ``prep`` is the game prepared in float64; ``out`` one game's :func:`finish`
    outputs from a float32 run. Every level's dual bound is recomputed from the
    payoffs (``A^T d_k`` over every joint). A row frozen at level ``k`` is then
    proven tight only to within ``(gap_k + rho) / y_k,c`` (``gap_k``: the level
    value above its bound; ``rho``: how far the joint misses the ratings), and
    an error in the ratings the level's frozen multipliers ``lambda_k`` weigh
    moves its bound by ``|lambda_k|_1`` times that error:

    .. math::

       E = \max_k \frac{(\mathrm{gap}_k + \rho)\,(1 + |\lambda_k|_1)}
                         {\min_{c \text{ frozen at } k} y_{k,c}}.

    Measured on 1,024 3P 6 x 6 x 6 games, every float32 result with ``E <=
    1e-3`` was within 1e-3 of the range of the exact ratings (the looser
    ``(gap_k + rho) / y`` let 0.5% through above it, the level gaps alone
    most of the bad ones: float32 leaves level values ~1e-4 from their bounds,
    and a small frozen dual magnifies that).

    Returns ``E`` in normalised units (fractions of the payoff range).
    """
    gap, rho, lam, smallest, proven = recheck_terms(prep, out)
    level = (gap + rho) * (1.0 + lam) / jnp.maximum(smallest, 1e-30)
    return jnp.max(jnp.where(proven, level, rho))


def recheck_terms(prep, out: dict):
    """The terms of :func:`recheck`, per level ``[K]``: ``gap_k``, ``rho`` (a
    scalar), ``|lambda_k|_1``, the smallest dual frozen at ``k``, and which
    levels exist (benchmarks/float32_accuracy.py compares rules built of them)."""
    payoffs, row_mask, scale = prep["payoffs"], prep["row_mask"], prep["scale"]
    dtype = payoffs.dtype
    safe = jnp.where(scale > 0, scale, 1.0)
    rows = jnp.where(row_mask, out["ratings"].astype(dtype) / safe, 0.0)
    values = out["level_values"].astype(dtype) / safe
    duals, at, levels = out["duals"].astype(dtype), out["frozen_at"], out["levels"]
    joint_gains = gains.deviation_gains(payoffs, out["joint"].astype(dtype))
    rho = jnp.max(jnp.where(row_mask, jnp.abs(joint_gains - rows), 0.0))
    flat_mask = prep["joint_mask"].reshape(-1)
    pricing = jax.vmap(lambda d: gains.transpose_gains(payoffs, jnp.where(row_mask, d, 0.0)).reshape(-1))
    floors = jnp.min(jnp.where(flat_mask, pricing(duals), jnp.inf), axis=1)  # [K]
    slot = jnp.arange(duals.shape[0])[:, None]
    before = row_mask & (at >= 0) & (at < slot)
    free = row_mask & ((at >= slot) | (at < 0))
    # Free multipliers should be >= 0 and sum to one: a negative one costs its
    # size (normalised gains lie in [-1, 1]); the sum rescales the bound.
    weight = jnp.sum(jnp.where(free, jnp.maximum(duals, 0.0), 0.0), axis=1)
    negative = jnp.sum(jnp.where(free, jnp.maximum(-duals, 0.0), 0.0), axis=1)
    frozen_share = jnp.sum(jnp.where(before, duals * rows, 0.0), axis=1)
    bound = (floors - frozen_share - negative) / jnp.maximum(weight, 1e-30)
    gap = jnp.maximum(jnp.nan_to_num(values - bound, nan=jnp.inf), 0.0)
    lam = jnp.sum(jnp.where(before, jnp.abs(duals), 0.0), axis=1)
    smallest = jnp.min(jnp.where(row_mask & (at == slot), duals, jnp.inf), axis=1)
    smallest = jnp.where(jnp.isfinite(smallest), smallest, 1.0)  # a level that froze nothing
    proven = slot[:, 0] < levels
    return jnp.where(proven, gap, 0.0), rho, lam, smallest, proven
