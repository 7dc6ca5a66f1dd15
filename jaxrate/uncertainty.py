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
from jaxrate._game import Game
from jaxrate.status import Status
from jaxrate.tolerances import TOLERANCES, payoff_scale

__all__ = [
    "RatingIntervals",
    "bootstrap_battles",
    "bootstrap_items",
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

        outcomes = rate_many(payoffs, executor=executor, workers=workers)
        return [(o.result.ratings if o.ok else None, o.error) for o in outcomes]
    from jaxrate.rate import deviation_ratings

    out = []
    for g in payoffs:
        # A game that cannot be rated gets a status, not an exception; one game: batched=False.
        one = deviation_ratings(g, "highs", batched=False, throw=False)
        out.append((one.ratings, None) if one.ok else (None, one.messages))
    return out


def _summarise(
    point: Game, samples: np.ndarray, confidence: float, tie_tol: float, failures=(), **info
) -> RatingIntervals:
    """Intervals and P(top) from resampled ratings ``[R, C]`` (NaN = absent).

    Bounds are widened, if need be, to contain the point estimate (percentiles
    can miss it by rounding, e.g. ``-0.30000000000000004`` against ``-0.3``).
    Failed resamples (all NaN) are left out of both.
    """
    from jaxrate.rate import deviation_ratings

    exact = deviation_ratings(point, "highs")
    shape = point.num_strategies
    scale = payoff_scale(point) or 1.0
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
        point_p = exact.ratings[p]
        lo = np.where(np.isnan(lo), lo, np.minimum(lo, point_p))
        hi = np.where(np.isnan(hi), hi, np.maximum(hi, point_p))
        best = np.max(np.where(present, s, -np.inf), axis=1, keepdims=True)
        in_top = present & (s >= best - tie_tol * scale)
        lower.append(lo)
        upper.append(hi)
        top.append(in_top[rated].mean(axis=0) if rated.any() else np.full(s.shape[1], np.nan))
    return RatingIntervals(
        ratings=exact.ratings,
        lower=tuple(lower),
        upper=tuple(upper),
        top_probability=tuple(top),
        samples=per_player,
        confidence=confidence,
        players=point.players,
        strategies=point.strategies,
        failures=tuple(failures),
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
    from jaxrate.solvers import Auto, Exact

    r, m, t = tables.shape
    sample = gamify(tables[0])
    keep = np.ones((r, t), dtype=bool) if masks is None else masks
    payoffs = np.stack([gamify(x).payoffs for x in tables])
    player_masks = tuple(np.ones((r, a), bool) for a in sample.num_strategies[:-1]) + (keep,)
    if method == "auto":
        method = "jax" if Auto().sends_to_simplex(sample.num_joints, batched=True) else "exact"
    if method == "exact" and (executor is not None or (workers or 1) > 1):
        return _rate_tables_in_pool(payoffs, keep, gamify, tables, executor, workers)
    solver = Exact() if method == "exact" else Auto(max_jax_joints=sample.num_joints)
    out = deviation_ratings(payoffs, solver, masks=player_masks, batched=True)
    ratings = np.concatenate(out.ratings, axis=1)
    failures = [(i, out.messages[i]) for i in np.flatnonzero(out.status != Status.SOLVED).tolist()]
    fallbacks = sum(by.fallback_from is not None for by in out.solved_by)
    return ratings, method, fallbacks, failures


def _rate_tables_in_pool(payoffs, keep, gamify, tables, executor, workers):
    """The exact path over an executor or a process pool (:func:`jaxrate.exact.rate_many`)."""
    r, _, t = tables.shape
    num_c = sum(payoffs.shape[2:])
    out = np.full((r, num_c), np.nan)
    subgames = [gamify(tables[i][:, keep[i]]).payoffs for i in range(r)]
    failures = []
    for i, (ratings, error) in enumerate(_rate_exact(subgames, executor, workers)):
        if ratings is None:
            failures.append((i, error))
            continue
        flat = np.concatenate(ratings)
        out[i, : num_c - t] = flat[: num_c - t]
        out[i, num_c - t :][keep[i]] = flat[num_c - t :]
    return out, "exact", 0, failures


def task_subsets(
    scores: Any,
    *,
    gamification: str = "2p",
    resamples: int = 1000,
    seed: int = 0,
    method: str = "auto",
    confidence: float = 0.95,
    tie_tol: float = TOLERANCES.ties,
    executor: Executor | None = None,
    workers: int | None = None,
) -> RatingIntervals:
    """Sensitivity of deviation ratings to which tasks are included.

    Each resample draws ``T`` tasks with replacement and rates the distinct
    tasks drawn (by clone invariance, the same as rating the draw itself).

    Args:
      scores: ``[agents, tasks]`` table (array or DataFrame).
      gamification: ``"2p"`` (agent vs task) or ``"3p"`` (agent vs agent vs task).
      resamples: number of subsets.
      seed: random seed.
      method: ``"exact"``, ``"jax"`` (one batch, tasks masked) or ``"auto"``.
      confidence: coverage of the percentile bounds.
      tie_tol: ratings within ``tie_tol`` times the payoff range of the best
        count as tied for the top.
      executor: optional ``concurrent.futures.Executor`` for the exact path
        (e.g. a Dask client's ``get_executor()``).
      workers: processes for the exact path when no ``executor`` is given
        (default 1: this process). Once JAX is imported the processes are
        spawned, so call from under ``if __name__ == "__main__":`` in a script.

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
    start = time.perf_counter()
    tables = np.broadcast_to(table, (resamples,) + table.shape)
    samples, used, fallbacks, failures = _rate_tables(tables, gamify, method, executor, workers, masks)
    return _summarise(
        gamify(table, agents, tasks),
        samples,
        confidence,
        tie_tol,
        failures,
        kind="task subsets",
        method=used,
        fallbacks=fallbacks,
        seconds=time.perf_counter() - start,
    )


def _bootstrap_tables(
    tables, point_table, agents, tasks, gamification, method, confidence, tie_tol, executor, workers
):
    gamify = _gamify(gamification)
    start = time.perf_counter()
    samples, used, fallbacks, failures = _rate_tables(tables, gamify, method, executor, workers)
    return _summarise(
        gamify(point_table, agents, tasks),
        samples,
        confidence,
        tie_tol,
        failures,
        kind="bootstrap",
        method=used,
        fallbacks=fallbacks,
        seconds=time.perf_counter() - start,
    )


def bootstrap_items(
    observations: Any,
    *,
    model: str = "model",
    task: str = "task",
    item: str = "item",
    score: str = "score",
    gamification: str = "2p",
    resamples: int = 200,
    seed: int = 0,
    method: str = "auto",
    confidence: float = 0.95,
    tie_tol: float = TOLERANCES.ties,
    executor: Executor | None = None,
    workers: int | None = None,
) -> RatingIntervals:
    """Bootstrap over the items (prompts, questions) of each task.

    Each resample draws every task's items with replacement, the same draw
    for every model (a paired bootstrap), averages each model's scores on the
    drawn items into a ``[models, tasks]`` table and rates it.

    Args:
      observations: long DataFrame with one row per (model, task, item) and a score.
      model, task, item, score: column names.
      gamification, resamples, seed, method, confidence, tie_tol, executor, workers:
        as in :func:`task_subsets`.

    Raises:
      ValueError: on missing columns, non-numeric or missing scores, or a model
        without a score on some item of a task.
    """
    _check_common(resamples, confidence, method)
    frame = observations
    missing = [c for c in (model, task, item, score) if c not in getattr(frame, "columns", ())]
    if missing:
        raise ValueError(f"observations need columns {[model, task, item, score]}; missing {missing}")
    values = frame[score].to_numpy()
    try:
        values = values.astype(np.float64)
    except (TypeError, ValueError):
        raise ValueError(f"column {score!r} has a non-numeric score") from None
    if not np.all(np.isfinite(values)):
        k = int(np.argmax(~np.isfinite(values)))
        raise ValueError(f"row {k} has a missing or non-finite score")
    models = tuple(sorted({str(m) for m in frame[model]}))
    tasks = tuple(sorted({str(t) for t in frame[task]}))
    cube = {}  # task -> [models, items]
    keys = frame[[model, task, item]].astype(str)
    dup = keys.duplicated()
    if dup.any():
        raise ValueError(f"row {int(np.argmax(dup.to_numpy()))} repeats a (model, task, item) triple")
    for t in tasks:
        part = frame[keys[task] == t]
        grid = part.assign(**{score: values[(keys[task] == t).to_numpy()]}).pivot(
            index=model, columns=item, values=score
        )
        grid.index = grid.index.astype(str)
        grid = grid.reindex(models)
        if grid.isna().any().any():
            i, j = np.argwhere(grid.isna().to_numpy())[0]
            raise ValueError(
                f"model {grid.index[i]!r} has no score on item {grid.columns[j]!r} of task {t!r}"
            )
        cube[t] = grid.to_numpy()
    point = np.stack([cube[t].mean(axis=1) for t in tasks], axis=1)
    rng = np.random.default_rng(seed)
    tables = np.empty((resamples, len(models), len(tasks)))
    for i in range(resamples):
        for j, t in enumerate(tasks):
            n = cube[t].shape[1]
            tables[i, :, j] = cube[t][:, rng.integers(n, size=n)].mean(axis=1)
    return _bootstrap_tables(
        tables, point, models, tasks, gamification, method, confidence, tie_tol, executor, workers
    )


def bootstrap_standard_errors(
    scores: Any,
    standard_errors: Any,
    *,
    gamification: str = "2p",
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
    tables = table + se * rng.standard_normal((resamples,) + table.shape)
    return _bootstrap_tables(
        tables, table, agents, tasks, gamification, method, confidence, tie_tol, executor, workers
    )


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
        method="exact",
        fallbacks=0,
        seconds=time.perf_counter() - start,
    )
