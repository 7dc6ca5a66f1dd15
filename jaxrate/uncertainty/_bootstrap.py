"""How sure is a deviation rating? Bootstrap intervals and task-subset sensitivity.

Every resample is rated in one call: the exact path one game after another
(optionally through any ``concurrent.futures.Executor``), or the JAX batched
path with all resamples in one batch. The point estimate always comes from the
exact path on all the data.

Two questions, kept apart:

* **Sampling uncertainty** (:func:`bootstrap_items`,
  :func:`bootstrap_standard_errors`, :func:`bootstrap_battles`): resample the
  observations underneath the table (the prompts of each task, the battles, or
  draws within each cell's standard error) and re-rate.
* **Sensitivity to the task set** (:func:`task_subsets`): resampling tasks with
  replacement only creates task clones, and deviation ratings ignore clones, so
  it is the same as rating random subsets of the distinct tasks. It says how much
  a rating depends on which tasks were included, not a sampling interval.
"""

from __future__ import annotations

import dataclasses
import time
import warnings
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any

import numpy as np

from jaxrate import gains, games
from jaxrate._game import Game, ScoreTableGame
from jaxrate.solvers import Exact
from jaxrate.status import Status
from jaxrate.tolerances import TOLERANCES, payoff_scale

__all__ = [
    "RatingIntervals",
    "bootstrap_battles",
    "bootstrap_items",
    "bootstrap_replicates",
    "bootstrap_standard_errors",
    "task_subsets",
]

_GAMIFICATIONS = {"2p": games.agent_vs_task, "3p": games.agent_vs_agent_vs_task}


@dataclasses.dataclass(frozen=True)
class RatingIntervals:
    """Deviation ratings with resampling intervals.

    Attributes:
      ratings: point estimate from the exact path on all the data, ``[A_p]`` per player.
      lower, upper: percentile bounds of the resampled ratings, ``[A_p]`` per player.
      top_probability: fraction of resamples in which each strategy is in the
        top tied group of its player, ``[A_p]`` per player.
      samples: resampled ratings ``[R, A_p]`` per player; NaN where a strategy
        is absent from a resample (a task left out of a subset).
      confidence: coverage of ``[lower, upper]``.
      kind: ``"bootstrap"`` or ``"task subsets"``.
      method: ``"exact"`` or ``"jax"`` (the path that rated the resamples).
      fallbacks: resamples the JAX path did not solve, re-rated exactly.
      seconds: wall time of rating the resamples.
      players, strategies: names from the game.
      failures: ``(resample, reason)`` for each resample that could not be
        rated; its samples are NaN and it is left out of the intervals and
        ``top_probability``. A run never dies of one resample.
      pairwise: ``[A_0, A_0]``, the fraction of resamples in which the first
        player's strategy ``i`` is rated above ``j`` (by more than the tie
        tolerance), from the same resamples as the intervals.
      slow: ``(first, last, seconds)`` for each resample (``first == last``)
        or chunk of resamples rated together that took at least ten times the
        median.
      interval_kind: what the interval measures, in words:
        ``"sampling (items within task)"`` (or seeds, folds, replicates),
        ``"sampling (standard errors)"``, ``"battles"`` or
        ``"task-subset sensitivity"``.
      rating: the rating method resampled (``"deviation"``, ``"uniform"``, ...).
    """

    ratings: tuple[np.ndarray, ...]
    lower: tuple[np.ndarray, ...]
    upper: tuple[np.ndarray, ...]
    top_probability: tuple[np.ndarray, ...]
    samples: tuple[np.ndarray, ...]
    confidence: float
    kind: str
    method: str
    fallbacks: int
    seconds: float
    players: tuple[str, ...]
    strategies: tuple[tuple[str, ...], ...]
    failures: tuple[tuple[int, str], ...] = ()
    pairwise: np.ndarray | None = None
    slow: tuple[tuple[int, int, float], ...] = ()
    interval_kind: str = ""
    rating: str = "deviation"

    def above(self, a: str, b: str) -> float:
        """Fraction of resamples in which strategy ``a`` of the first player is rated above ``b``."""
        names = self.strategies[0]
        for name in (a, b):
            if name not in names:
                raise ValueError(f"no strategy {name!r}; the first player's are {list(names)}")
        return float(self.pairwise[names.index(a), names.index(b)])

    def table(self, player: int | str = 0) -> list[dict]:
        """One row per strategy of ``player``: name, rating, lower, upper, P(top)."""
        p = self.players.index(player) if isinstance(player, str) else player
        return [
            {
                "strategy": s,
                "rating": float(self.ratings[p][i]),
                "lower": float(self.lower[p][i]),
                "upper": float(self.upper[p][i]),
                "p_top": float(self.top_probability[p][i]),
            }
            for i, s in enumerate(self.strategies[p])
        ]


def _check_common(resamples: int, confidence: float, method: str) -> None:
    if int(resamples) < 1:
        raise ValueError(f"resamples must be >= 1; got {resamples}")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be in (0, 1); got {confidence}")
    if method not in ("auto", "exact", "jax"):
        raise ValueError(f"method must be 'auto', 'exact' or 'jax'; got {method!r}")


def _gamify(gamification: str) -> Callable[..., Game]:
    try:
        return _GAMIFICATIONS[gamification]
    except KeyError:
        raise ValueError(f"gamification must be '2p' or '3p'; got {gamification!r}") from None


# Resamples are rated by the exact path as proven (to the certificate's 1e-7 of
# the scale), not tightened to 1e-12: percentile bounds need no more, and the
# tightening cost 8% of LiveBench's --bootstrap 1000 (benchmarks/RESULTS.md).
_RESAMPLE_EXACT = Exact(tighten=False)


def _rate_exact(
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
    from jaxrate.rate import deviation_ratings

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


def _summarise(
    point: Game,
    samples: np.ndarray,
    confidence: float,
    tie_tol: float,
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
        from jaxrate.rate import deviation_ratings

        point_ratings = deviation_ratings(point, "highs").ratings
    shape = tuple(len(r) for r in point_ratings)
    scale = scale if scale is not None else payoff_scale(point) or 1.0
    tail = 100 * (1 - confidence) / 2
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
    from jaxrate.rate import deviation_ratings
    from jaxrate.solvers import Auto

    r, m, t = tables.shape
    sample = gamify(tables[0])
    keep = np.ones((r, t), dtype=bool) if masks is None else masks
    if method == "auto":
        method = "jax" if Auto().sends_to_simplex(sample.num_joints, batched=True) else "exact"
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
    for i, (ratings, error) in enumerate(_rate_exact(subgames, executor, workers)):
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


def _deviation_runner(shape, gamify, method, executor, workers, masks=None) -> tuple[int, Callable, str]:
    """``(chunk, rate, path)`` for deviation ratings of ``[M, T]`` tables, chunk by chunk.

    The JAX path rates ``JAX_CHUNK`` resamples per batch (the last chunk
    padded to the same shape, so one compilation serves all); the exact path
    rates one resample per chunk (each timed alone) or ``POOL_CHUNK`` per
    hand-over to a pool.
    """
    from jaxrate.solvers import Auto

    sample = gamify(np.zeros(shape))
    jax = method == "jax" or (method == "auto" and sample.num_joints <= Auto().max_jax_joints)
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


def _run_tables(
    make, total, point_table, gamify, rating, method, executor, workers, progress, masks=None, models=None
):
    """Rate ``total`` resampled tables (``make(start, stop)``) by ``rating``; returns summary fields."""
    from jaxrate._resampling import rate_each, run_chunks
    from jaxrate._table_raters import table_rater

    shape = point_table.shape
    if rating == "deviation":
        chunk, rate, path = _deviation_runner(shape, gamify, method, executor, workers, masks)
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


def task_subsets(
    scores: Any,
    *,
    gamification: str = "3p",
    resamples: int = 1000,
    seed: int = 0,
    method: str = "auto",
    confidence: float = 0.95,
    tie_tol: float = TOLERANCES.ties,
    executor: Executor | None = None,
    workers: int | None = None,
    rating: str = "deviation",
    progress: Callable | None = None,
) -> RatingIntervals:
    """Sensitivity of ratings to which tasks are included.

    Each resample draws ``T`` tasks with replacement and rates the distinct
    tasks drawn (for deviation ratings, by clone invariance, the same as
    rating the draw itself). Resamples are rated in chunks of bounded memory.

    Args:
      scores: ``[agents, tasks]`` table (array or DataFrame).
      gamification: ``"3p"`` (default, as on the command line: agent vs agent
        vs task) or ``"2p"`` (agent vs task).
      resamples: number of subsets.
      seed: random seed.
      method: ``"exact"``, ``"jax"`` (one batch per chunk, tasks masked) or ``"auto"``.
      confidence: coverage of the percentile bounds.
      tie_tol: ratings within ``tie_tol`` times the payoff range of the best
        count as tied for the top.
      executor: optional ``concurrent.futures.Executor`` for the exact path
        (e.g. a Dask client's ``get_executor()``).
      workers: processes for the exact path when no ``executor`` is given
        (default 1: this process). Once JAX is imported the processes are
        spawned, so call from under ``if __name__ == "__main__":`` in a script.
      rating: ``"deviation"`` or a baseline: ``"uniform"``, ``"elo"``,
        ``"nash"``, ``"alpharank"``, ``"payoff"``.
      progress: called after each chunk with a
        :class:`jaxrate._resampling.ResampleProgress` (done, total, seconds).

    Returns:
      A :class:`RatingIntervals` (``kind="task subsets"``); a left-out task's
      rating is NaN in that resample.
    """
    _check_common(resamples, confidence, method)
    gamify = _gamify(gamification)
    table, agents, tasks = games.score_table(scores)
    rng = np.random.default_rng(seed)
    t = table.shape[1]
    masks = np.zeros((resamples, t), dtype=bool)
    for i in range(resamples):
        masks[i, rng.integers(t, size=t)] = True

    def make(start: int, stop: int) -> np.ndarray:
        return np.broadcast_to(table, (stop - start,) + table.shape)

    samples, failures, info = _run_tables(
        make, resamples, table, gamify, rating, method, executor, workers, progress, masks, agents
    )
    point = gamify(table, agents, tasks)
    return _summarise(
        point,
        samples,
        confidence,
        tie_tol,
        failures,
        kind="task subsets",
        interval_kind="task-subset sensitivity",
        **info,
    )


def _bootstrap_tables(make, resamples, point_table, agents, tasks, options: dict, interval_kind: str):
    """Intervals from resampled tables ``make(start, stop)``, options as :func:`bootstrap_replicates`."""
    gamify = _gamify(options["gamification"])
    samples, failures, info = _run_tables(
        make,
        resamples,
        point_table,
        gamify,
        options["rating"],
        options["method"],
        options["executor"],
        options["workers"],
        options["progress"],
        models=agents,
    )
    point = gamify(point_table, agents, tasks)
    return _summarise(
        point,
        samples,
        options["confidence"],
        options["tie_tol"],
        failures,
        kind="bootstrap",
        interval_kind=interval_kind,
        **info,
    )


_KINDS = {"item": "items", "doc_id": "items", "seed": "seeds", "fold": "folds"}


def bootstrap_replicates(
    observations: Any,
    *,
    model: str = "model",
    task: str = "task",
    replicate: str = "replicate",
    score: str = "score",
    paired: bool | None = None,
    rating: str = "deviation",
    gamification: str = "3p",
    resamples: int = 200,
    seed: int = 0,
    method: str = "auto",
    confidence: float = 0.95,
    tie_tol: float = TOLERANCES.ties,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: Callable | None = None,
) -> RatingIntervals:
    """Sampling intervals: a bootstrap stratified within each task over its replicates.

    Each resample draws every task's replicates (items, seeds or folds) with
    replacement, independently across tasks; paired replicates (the same
    items for every model) are drawn once for all models. The draws are
    averaged into a ``[models, tasks]`` table and rated by ``rating``. The
    point estimate rates the mean table of all the data; ``pairwise`` and
    ``top_probability`` come from the same resamples as the bounds.

    .. math::

       \\tilde s_{m,t} = \\frac{1}{n_t} \\sum_{k=1}^{n_t} s_{m,t,I_{t,k}}, \\qquad
       I_{t,k} \\sim \\mathrm{Uniform}\\{1, \\dots, n_t\\}

    Args:
      observations: long DataFrame with one row per (model, task, replicate)
        and a score, or a :class:`jaxrate.io.ScoreReplicates` as a reader
        returns it (:func:`jaxrate.io.read_harness`, :func:`jaxrate.io.read_replicates`):
        its columns, each task's aggregate (the mean, or a harness's own
        statistic such as ``exp(-mean)`` for perplexity) and its score table,
        whose point ratings are then the harness's own aggregates.
      model, task, replicate, score: column names (of a DataFrame).
      paired: ``None`` (default) pairs a task's replicates when every model
        has the same ones; ``True`` requires it; ``False`` resamples each
        model's own (e.g. seeds run separately per model).
      rating: ``"deviation"`` or a baseline: ``"uniform"``, ``"elo"`` (task
        win rates), ``"nash"`` (``"2p"`` only), ``"alpharank"``, ``"payoff"``.
      gamification, resamples, seed, method, confidence, tie_tol, executor, workers, progress: as
        in :func:`task_subsets`.

    Returns:
      A :class:`RatingIntervals` with ``kind="bootstrap"`` and
      ``interval_kind`` ``"sampling (items within task)"`` (or seeds, folds,
      replicates, after the replicate column's name).

    Raises:
      ValueError: on missing columns, non-numeric or missing scores, a
        repeated triple, or a model with no score on a task (or, paired, on an item).

    Example:
      >>> import pandas as pd, jaxrate
      >>> rows = [(m, t, k, float((k + len(m) + len(t)) % 3 > 0)) for m in ("a", "bb")
      ...         for t in ("x", "yy") for k in range(4)]
      >>> obs = pd.DataFrame(rows, columns=["model", "task", "replicate", "score"])
      >>> out = jaxrate.bootstrap_replicates(obs, resamples=20, method="exact")
      >>> out.interval_kind, out.samples[0].shape
      ('sampling (replicates within task)', (20, 2))
    """
    from jaxrate._replicate_data import replicates_from_frame
    from jaxrate.io import ScoreReplicates

    _check_common(resamples, confidence, method)
    if isinstance(observations, ScoreReplicates):
        data = observations.replicates(paired)
        point = observations.table().to_numpy(dtype=np.float64)
        replicate = data.column
    else:
        data = replicates_from_frame(
            observations, model=model, task=task, replicate=replicate, score=score, paired=paired
        )
        point = data.table()
    options = {
        "gamification": gamification,
        "rating": rating,
        "method": method,
        "confidence": confidence,
        "tie_tol": tie_tol,
        "executor": executor,
        "workers": workers,
        "progress": progress,
    }
    kind = f"sampling ({_KINDS.get(replicate.lower(), 'replicates')} within task)"
    return _bootstrap_tables(data.resampler(seed), resamples, point, data.models, data.tasks, options, kind)


def bootstrap_items(
    observations: Any,
    *,
    model: str = "model",
    task: str = "task",
    item: str = "item",
    score: str = "score",
    gamification: str = "3p",
    resamples: int = 200,
    seed: int = 0,
    method: str = "auto",
    confidence: float = 0.95,
    tie_tol: float = TOLERANCES.ties,
    executor: Executor | None = None,
    workers: int | None = None,
) -> RatingIntervals:
    """Bootstrap over the items (prompts, questions) of each task, paired across models.

    :func:`bootstrap_replicates` with ``replicate=item`` and ``paired=True``:
    each resample draws every task's items with replacement, the same draw
    for every model, averages each model's scores on the drawn items into a
    ``[models, tasks]`` table and rates it.

    Args:
      observations: long DataFrame with one row per (model, task, item) and a score.
      model, task, item, score: column names.
      gamification, resamples, seed, method, confidence, tie_tol, executor, workers:
        as in :func:`task_subsets`.

    Raises:
      ValueError: on missing columns, non-numeric or missing scores, or a model
        without a score on some item of a task.
    """
    return bootstrap_replicates(
        observations,
        model=model,
        task=task,
        replicate=item,
        score=score,
        paired=True,
        gamification=gamification,
        resamples=resamples,
        seed=seed,
        method=method,
        confidence=confidence,
        tie_tol=tie_tol,
        executor=executor,
        workers=workers,
    )


def bootstrap_standard_errors(
    scores: Any,
    standard_errors: Any,
    *,
    gamification: str = "3p",
    resamples: int = 200,
    seed: int = 0,
    method: str = "auto",
    confidence: float = 0.95,
    tie_tol: float = TOLERANCES.ties,
    executor: Executor | None = None,
    workers: int | None = None,
) -> RatingIntervals:
    """Parametric bootstrap: each cell drawn from ``Normal(score, standard_error)``.

    Args:
      scores: ``[agents, tasks]`` table.
      standard_errors: table of the same shape (non-negative).
      gamification, resamples, seed, method, confidence, tie_tol, executor, workers:
        as in :func:`task_subsets`.
    """
    _check_common(resamples, confidence, method)
    table, agents, tasks = games.score_table(scores)
    se, _, _ = games.score_table(standard_errors)
    if se.shape != table.shape:
        raise ValueError(f"standard errors have shape {se.shape}; the scores {table.shape}")
    if np.any(se < 0):
        i, j = np.argwhere(se < 0)[0]
        raise ValueError(f"standard error of agent {agents[i]!r} on task {tasks[j]!r} is negative")
    rng = np.random.default_rng(seed)

    def make(start: int, stop: int) -> np.ndarray:  # drawn in order: the same for any chunking
        return table + se * rng.standard_normal((stop - start,) + table.shape)

    options = {
        "gamification": gamification,
        "rating": "deviation",
        "method": method,
        "confidence": confidence,
        "tie_tol": tie_tol,
        "executor": executor,
        "workers": workers,
        "progress": None,
    }
    return _bootstrap_tables(make, resamples, table, agents, tasks, options, "sampling (standard errors)")


def bootstrap_battles(
    battles: Any,
    *,
    by: str | None = None,
    missing: str = "model",
    resamples: int = 200,
    seed: int = 0,
    confidence: float = 0.95,
    tie_tol: float = TOLERANCES.ties,
    executor: Executor | None = None,
    workers: int | None = None,
) -> RatingIntervals:
    """Bootstrap over battle records, rating :func:`jaxrate.games.battle_game` each time.

    Args:
      battles: battle records (see :func:`jaxrate.games.battle_game`).
      by: optional category column (model vs model vs category game).
      missing: how pairs that never met are treated, in the data and in each
        resample: ``"model"`` (default, the Bradley-Terry fill), ``"even"``,
        ``"drop-models"`` or ``"error"``, as for :func:`jaxrate.games.battle_game`.
      resamples, seed, confidence, tie_tol, executor, workers: as in :func:`task_subsets`.

    Raises:
      ValueError: as :func:`jaxrate.games.battle_game`, naming the resample.
    """
    _check_common(resamples, confidence, "exact")
    point = games.battle_game(battles, by=by, missing=missing)
    frame = battles if hasattr(battles, "iloc") else None
    rows = None if frame is not None else list(battles)
    n = len(frame) if frame is not None else len(rows)
    rng = np.random.default_rng(seed)
    payoffs = []
    for i in range(resamples):
        pick = rng.integers(n, size=n)
        sample = frame.iloc[pick] if frame is not None else [rows[k] for k in pick]
        try:
            with warnings.catch_warnings():  # the share imputed was warned of once, for the data
                warnings.simplefilter("ignore", UserWarning)
                g = games.battle_game(sample, by=by, missing=missing)
        except ValueError as err:
            raise ValueError(f"bootstrap resample {i}: {err}") from None
        if g.num_strategies != point.num_strategies:
            raise ValueError(f"bootstrap resample {i} lost a model or category; use more battles")
        payoffs.append(g.payoffs)
    start = time.perf_counter()
    num_c = sum(point.num_strategies)
    rows, failures = [], []
    for i, (ratings, error) in enumerate(_rate_exact(payoffs, executor, workers)):
        rows.append(np.full(num_c, np.nan) if ratings is None else np.concatenate(ratings))
        if ratings is None:
            failures.append((i, error))
    samples = np.stack(rows)
    return _summarise(
        point,
        samples,
        confidence,
        tie_tol,
        failures,
        kind="bootstrap",
        interval_kind="battles",
        method="exact",
        fallbacks=0,
        seconds=time.perf_counter() - start,
    )
