"""Rating the resamples: the exact path game by game, or the JAX path a chunk at a time."""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable, Sequence
from concurrent.futures import Executor

import numpy as np

from jaxrate.game import gains
from jaxrate.game._game import Game, ScoreTableGame
from jaxrate.game.tolerances import payoff_scale
from jaxrate.results._intervals import RatingIntervals
from jaxrate.results.status import Status
from jaxrate.solving.solvers import Exact
from jaxrate.uncertainty._options import Resampling, game_of

__all__ = ["rate_exact", "run_tables", "summarise"]


# Resamples are rated by the exact path as proven (to the certificate's 1e-7 of
# the scale), not tightened to 1e-12: percentile bounds need no more, and the
# tightening cost 8% of LiveBench's --bootstrap 1000 (benchmarks/RESULTS.md).
_RESAMPLE_EXACT = Exact(tighten=False)


def rate_exact(
    payoffs: Sequence[np.ndarray], executor: Executor | None, workers: int | None = None
) -> list[tuple[tuple[np.ndarray, ...] | None, str | None]]:
    """Exact ratings (or the reason there are none) of each game, in input order.

    Through ``executor`` or a pool of ``workers`` processes (both by
    :func:`jaxrate.exact.rate_many`, where process pools live), or by default
    one after another in this process through :func:`jaxrate.deviation_ratings`.
    """
    if executor is not None or (workers or 1) > 1 and len(payoffs) >= 2 * (workers or 1):
        from jaxrate.exact import rate_many

        outcomes = rate_many(payoffs, executor=executor, workers=workers, tighten=False, _light=True)
        return [(o.result.ratings if o.ok else None, o.error) for o in outcomes]
    from jaxrate.solving.rate import deviation_ratings

    out = []
    for g in payoffs:
        # A game that cannot be rated gets a status, not an exception; one game: batched=False.
        one = deviation_ratings(g, _RESAMPLE_EXACT, batched=False, throw=False)
        out.append((one.ratings, None) if one.ok else (None, one.messages))
    return out


def _pairwise(s: np.ndarray, rated: np.ndarray, tol: float) -> np.ndarray:
    """``[A, A]``: share of rated resamples with ``s[:, i] > s[:, j] + tol`` (both present)."""
    s = s[rated]
    if len(s) == 0:
        return np.full((s.shape[1], s.shape[1]), np.nan)
    both = ~np.isnan(s)[:, :, None] & ~np.isnan(s)[:, None, :]
    with np.errstate(invalid="ignore"):
        wins = (s[:, :, None] > s[:, None, :] + tol) & both
        return wins.sum(axis=0) / np.maximum(both.sum(axis=0), 1)


def summarise(
    point: Game,
    samples: np.ndarray,
    options: Resampling,
    failures=(),
    *,
    point_ratings: tuple[np.ndarray, ...] | None = None,
    scale: float | None = None,
    **info,
) -> RatingIntervals:
    """Intervals, P(top) and pairwise orders from resampled ratings ``[R, C]`` (NaN = absent).

    ``point_ratings`` (default: the exact deviation ratings of ``point``) and
    ``scale`` (default: the payoff range) for another rating method. Bounds
    are widened, if need be, to contain the point estimate (percentiles can
    miss it by rounding, e.g. ``-0.30000000000000004`` against ``-0.3``).
    Failed resamples (all NaN) are left out of all three.
    """
    if point_ratings is None:
        from jaxrate.solving.rate import deviation_ratings

        point_ratings = deviation_ratings(point, "highs").ratings
    shape = tuple(len(r) for r in point_ratings)
    scale = scale if scale is not None else payoff_scale(point) or 1.0
    confidence, tie_tol, tail = options.level, options.tie_tol, 50 * (1 - options.level)
    rated = np.ones(samples.shape[0], dtype=bool)
    rated[[i for i, _ in failures]] = False
    per_player = gains.split_players(samples, shape)
    lower, upper, top = [], [], []
    for p, s in enumerate(per_player):
        present = ~np.isnan(s)
        with warnings.catch_warnings():  # a task left out of every subset: NaN bounds
            warnings.simplefilter("ignore", RuntimeWarning)
            lo = np.nanpercentile(s, tail, axis=0)
            hi = np.nanpercentile(s, 100 - tail, axis=0)
        point_p = point_ratings[p]
        lo = np.where(np.isnan(lo), lo, np.minimum(lo, point_p))
        hi = np.where(np.isnan(hi), hi, np.maximum(hi, point_p))
        best = np.max(np.where(present, s, -np.inf), axis=1, keepdims=True)
        in_top = present & (s >= best - tie_tol * scale)
        lower.append(lo)
        upper.append(hi)
        top.append(in_top[rated].mean(axis=0) if rated.any() else np.full(s.shape[1], np.nan))
    players = point.players if len(shape) == point.num_players else ("model",)
    strategies = point.strategies if len(shape) == point.num_players else (point.strategies[0],)
    return RatingIntervals(
        ratings=tuple(point_ratings),
        lower=tuple(lower),
        upper=tuple(upper),
        top_probability=tuple(top),
        samples=per_player,
        confidence=confidence,
        players=players,
        strategies=strategies,
        failures=tuple(failures),
        pairwise=_pairwise(per_player[0], rated, tie_tol * scale),
        options=options,
        scale=float(scale),
        **info,
    )


def _rate_tables(
    tables: np.ndarray,
    gamify: Callable[..., Game],
    method: str,
    executor: Executor | None,
    workers: int | None,
    masks: np.ndarray | None = None,
) -> tuple[np.ndarray, str, int, list]:
    """Rate one game per ``[M, T]`` table (tasks masked by ``masks [R, T]``).

    Returns ``(ratings [R, C], path, fallbacks, failures)``; a failed resample's
    row is NaN. ``method`` picks the solver (``"exact"``, ``"jax"`` or
    ``"auto"``); the JAX path's unsolved games are re-rated exactly by
    :func:`jaxrate.deviation_ratings` itself.
    """
    from jaxrate.solving.rate import deviation_ratings
    from jaxrate.solving.solvers import Auto

    r, m, t = tables.shape
    sample = gamify(tables[0])
    keep = np.ones((r, t), dtype=bool) if masks is None else masks
    # A score table's game goes whole (rated through its table, payoffs never built).
    if method == "exact" and (
        executor is not None or (workers or 1) > 1 or isinstance(sample, ScoreTableGame)
    ):
        return _rate_tables_in_pool(sum(sample.num_strategies), keep, gamify, tables, executor, workers)
    payoffs = np.stack([gamify(x).payoffs for x in tables])
    player_masks = tuple(np.ones((r, a), bool) for a in sample.num_strategies[:-1]) + (keep,)
    solver = (
        _RESAMPLE_EXACT
        if method == "exact"
        else Auto(exact=_RESAMPLE_EXACT, max_jax_joints=sample.num_joints)
    )
    out = deviation_ratings(payoffs, solver, masks=player_masks, batched=True)
    ratings = np.concatenate(out.ratings, axis=1)
    failures = [(i, out.messages[i]) for i in np.flatnonzero(out.status != Status.SOLVED).tolist()]
    fallbacks = sum(by.fallback_from is not None for by in out.solved_by)
    return ratings, method, fallbacks, failures


def _rate_tables_in_pool(num_c, keep, gamify, tables, executor, workers):
    """The exact path game by game: over an executor or a process pool
    (:func:`jaxrate.exact.rate_many`), or one after another here."""
    r, _, t = tables.shape
    out = np.full((r, num_c), np.nan)
    subgames = [gamify(tables[i][:, keep[i]]) for i in range(r)]
    failures = []
    for i, (ratings, error) in enumerate(rate_exact(subgames, executor, workers)):
        if ratings is None:
            failures.append((i, error))
            continue
        flat = np.concatenate(ratings)
        out[i, : num_c - t] = flat[: num_c - t]
        out[i, num_c - t :][keep[i]] = flat[num_c - t :]
    return out, "exact", 0, failures


JAX_CHUNK = 256  # resamples per JAX batch: one compilation, memory bounded by the chunk
POOL_CHUNK = 256  # resamples per hand-over to a process pool or executor
BASELINE_CHUNK = 64  # resampled tables built at once for a baseline (rated one by one)


def _deviation_runner(shape, gamify, method, executor, workers, masks=None, resamples=1):
    """``(chunk, rate, path)`` for deviation ratings of ``[M, T]`` tables, chunk by chunk.

    The JAX path rates ``JAX_CHUNK`` resamples per batch (the last chunk
    padded to the same shape, so one compilation serves all); the exact path
    rates one resample per chunk (each timed alone) or ``POOL_CHUNK`` per
    hand-over to a pool.
    """
    from jaxrate.uncertainty._cost import jax_pays

    sample = gamify(np.zeros(shape))
    jax = method == "jax" or (method == "auto" and jax_pays(sample, resamples))
    pooled = not jax and (executor is not None or (workers or 1) > 1)
    chunk = JAX_CHUNK if jax else (POOL_CHUNK if pooled else 1)
    path = "jax" if jax else "exact"

    def rate(tables: np.ndarray, start: int):
        k = len(tables)
        keep = None if masks is None else masks[start : start + k]
        if jax and k < chunk and start > 0:  # pad: the first chunk's compilation serves
            pad = chunk - k
            tables = np.concatenate([tables, np.repeat(tables[:1], pad, axis=0)])
            keep = None if keep is None else np.concatenate([keep, np.repeat(keep[:1], pad, axis=0)])
        began = time.perf_counter()
        ratings, _, fallbacks, failures = _rate_tables(tables, gamify, path, executor, workers, keep)
        seconds = [time.perf_counter() - began] if chunk == 1 else None  # one member: its own time
        return ratings[:k], [(start + i, why) for i, why in failures if i < k], fallbacks, seconds

    return chunk, rate, path


def run_tables(make, options: Resampling, point_table, executor, workers, progress, masks=None, models=None):
    """Rate ``options.resamples`` resampled tables (``make(start, stop)``); returns summary fields."""
    from jaxrate.uncertainty._chunks import rate_each, run_chunks
    from jaxrate.uncertainty._raters import table_rater

    shape, total, rating, gamify = point_table.shape, options.resamples, options.rating, game_of(options)
    if rating == "deviation":
        chunk, rate, path = _deviation_runner(shape, gamify, options.solver, executor, workers, masks, total)
        point, scale = None, None
    else:
        rater = table_rater(rating, gamify, point_table, models)
        point, scale, path, chunk = rater.point, rater.scale, "baseline", BASELINE_CHUNK

        def rate_one(table, member):
            keep = None if masks is None else masks[member]
            row = rater.rate(table if keep is None else table[:, keep])
            if len(row) == width:
                return row
            full, kept = np.full(width, np.nan), int(keep.sum())  # tasks left out of a subset: NaN
            full[: width - shape[1]] = row[: len(row) - kept]
            full[width - shape[1] :][keep] = row[len(row) - kept :]
            return full

        def rate(tables, start):
            return rate_each(tables, start, width, rate_one)

    width = sum(len(p) for p in point) if point is not None else sum(gamify(np.zeros(shape)).num_strategies)
    out = run_chunks(total, chunk, width, make, rate, progress)
    info = {
        "method": path,
        "fallbacks": out.extra,
        "seconds": out.seconds,
        "slow": out.slow,
        "rating": rating,
    }
    return out.samples, out.failures, {"point_ratings": point, "scale": scale, **info}
