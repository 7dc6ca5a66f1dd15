"""How sure is a deviation rating? Bootstrap intervals and task-subset sensitivity.

Every resample is rated in one call: the exact path one game after another
(optionally through any ``concurrent.futures.Executor``), or the JAX batched
path with all resamples in one batch, as the cost model
(:mod:`jaxrate.uncertainty._cost`) picks. The point estimate always comes from
the exact path on all the data. Every function takes one :class:`Resampling`
record of options (its keywords replace the record's fields).

Two questions, kept apart:

* **Sampling uncertainty** (:func:`bootstrap_replicates`, :func:`bootstrap_items`,
  :func:`bootstrap_standard_errors`, :func:`bootstrap_battles`): resample the
  observations underneath the table (the prompts of each task, the battles, or
  draws within each cell's standard error) and re-rate.
* **Sensitivity to the task set** (:func:`task_subsets`): resampling tasks with
  replacement only creates task clones, and deviation ratings ignore clones, so
  it is the same as rating random subsets of the distinct tasks. It says how much
  a rating depends on which tasks were included, not a sampling interval.
"""

from __future__ import annotations

import math
import time
import warnings
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

import numpy as np

from jaxrate import games
from jaxrate.game._defaults import DEFAULTS
from jaxrate.results._intervals import RatingIntervals
from jaxrate.uncertainty._options import Resampling, game_of, resolve
from jaxrate.uncertainty._rating import rate_exact, run_tables, summarise

__all__ = [
    "bootstrap_battles",
    "bootstrap_items",
    "bootstrap_replicates",
    "bootstrap_standard_errors",
    "task_subsets",
]


def task_subsets(
    scores: Any,
    options: Resampling | None = None,
    *,
    gamification: str | None = None,
    resamples: int | None = None,
    seed: int | None = None,
    method: str | None = None,
    confidence: float | None = None,
    tie_tol: float | None = None,
    executor: Executor | None = None,
    workers: int | None = None,
    rating: str | None = None,
    progress: Callable | None = None,
) -> RatingIntervals:
    """Sensitivity of ratings to which tasks are included.

    Each resample draws ``T`` tasks with replacement and rates the distinct tasks drawn (for deviation
    ratings, by clone invariance, the same as rating the draw itself). Resamples are rated in chunks of
    bounded memory.

    Args:
      scores: ``[agents, tasks]`` table (array or DataFrame).
      options: a :class:`Resampling` record (default: ``Resampling()``, the command line's defaults); each
        keyword below that is given replaces its field.
      gamification: ``"3p"`` (agent vs agent vs task) or ``"2p"`` (agent vs task): the record's ``game``.
      resamples: number of subsets.
      seed: random seed.
      method: ``"exact"``, ``"jax"`` (one batch per chunk, tasks masked) or ``"auto"`` (the cost model
        picks): the record's ``solver``.
      confidence: coverage of the percentile bounds: the record's ``level``.
      tie_tol: ratings within ``tie_tol`` times the payoff range of the best count as tied for the top.
      executor: optional ``concurrent.futures.Executor`` for the exact path (e.g. a Dask client's
        ``get_executor()``).
      workers: processes for the exact path when no ``executor`` is given (default 1: this process). Once
        JAX is imported the processes are spawned, so call from under ``if __name__ == "__main__":`` in a
        script.
      rating: ``"deviation"`` or a baseline: ``"uniform"``, ``"elo"`` (task win rates), ``"nash"``
        (``"2p"`` only), ``"alpharank"``, ``"payoff"``.
      progress: called after each chunk with a :class:`jaxrate.uncertainty.ResampleProgress` (done, total,
        seconds).

    Returns:
      A :class:`RatingIntervals` (``kind="task subsets"``); a left-out task's rating is NaN in that
      resample.
    """
    given = {"gamification": gamification, "resamples": resamples, "seed": seed, "method": method}
    options = resolve(options, **given, confidence=confidence, tie_tol=tie_tol, rating=rating)
    table, agents, tasks = games.score_table(scores)
    masks = _task_masks(options.resamples, table.shape[1], options.seed)
    t = table.shape[1]
    distinct = _few(2**t - 1, options.resamples, "task subsets", f"{t} tasks: 2^{t} - 1", stacklevel=3)

    def make(start: int, stop: int) -> np.ndarray:
        return np.broadcast_to(table, (stop - start,) + table.shape)

    samples, failures, info = run_tables(make, options, table, executor, workers, progress, masks, agents)
    point = game_of(options)(table, agents, tasks)
    kinds = {"kind": "task subsets", "interval_kind": "task-subset sensitivity"}
    return summarise(point, samples, options, failures, **kinds, **info, distinct=distinct)


def _few(distinct: int | None, resamples: int, noun: str, why: str, stacklevel: int = 3) -> int | None:
    """``distinct`` where the data admit fewer distinct resamples than the ``resamples`` asked for (with a
    ``UserWarning`` that says so: the resamples repeat one another), else ``None``."""
    if distinct is None or distinct >= resamples:
        return None
    warnings.warn(
        f"{resamples:,} {noun} asked for, but only {distinct:,} distinct {noun} exist ({why}): they "
        f"repeat one another, so the intervals rest on {distinct:,} distinct ratings at most",
        UserWarning,
        stacklevel=stacklevel,
    )
    return distinct


def distinct_draws(sizes: list[int], cap: int) -> int | None:
    """How many distinct bootstrap resamples there are when each of ``sizes`` is drawn from, ``n``
    draws with replacement from ``n`` (``C(2n - 1, n)`` multisets each, independently); ``None``
    once the count passes ``cap`` (it is then never fewer than asked for)."""
    count = 1
    for n in sizes:
        count *= math.comb(2 * n - 1, n) if n > 0 else 1
        if count > cap:
            return None
    return count


def _task_masks(resamples: int, t: int, seed: int) -> np.ndarray:
    """``[resamples, t]``: the tasks each resample draws (``t`` draws with replacement, in order)."""
    rng = np.random.default_rng(seed)
    masks = np.zeros((resamples, t), dtype=bool)
    for i in range(resamples):
        masks[i, rng.integers(t, size=t)] = True
    return masks


def _bootstrap_tables(
    options: Resampling, run: tuple, make, point_table, agents, tasks, interval_kind: str, distinct=None
):
    """Intervals from resampled tables ``make(start, stop)``; ``run`` is ``(executor, workers, progress)``;
    ``distinct``: the distinct resamples, where fewer than asked for."""
    samples, failures, info = run_tables(make, options, point_table, *run, models=agents)
    point = game_of(options)(point_table, agents, tasks)
    kinds = {"kind": "bootstrap", "interval_kind": interval_kind, "distinct": distinct}
    return summarise(point, samples, options, failures, **kinds, **info)


_KINDS = {"item": "items", "doc_id": "items", "seed": "seeds", "fold": "folds"}


def bootstrap_replicates(
    observations: Any,
    *,
    model: str = "model",
    task: str = "task",
    replicate: str = "replicate",
    score: str = "score",
    paired: bool | None = None,
    rating: str | None = None,
    gamification: str | None = None,
    resamples: int | None = None,
    seed: int | None = None,
    method: str | None = None,
    confidence: float | None = None,
    tie_tol: float | None = None,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: Callable | None = None,
    options: Resampling | None = None,
) -> RatingIntervals:
    """Sampling intervals: a bootstrap stratified within each task over its replicates.

    Each resample draws every task's replicates (items, seeds or folds) with replacement, independently across
    tasks, averages the draws into a ``[models, tasks]`` table and rates it. The point estimate rates the mean
    table of all the data; ``pairwise`` and ``top_probability`` come from the same resamples as the bounds.

    .. math::

       \\tilde s_{m,t} = \\frac{1}{n_t} \\sum_{k=1}^{n_t} s_{m,t,I_{t,k}}, \\qquad
       I_{t,k} \\sim \\mathrm{Uniform}\\{1, \\dots, n_t\\}

    Args:
      observations: long DataFrame, one row per (model, task, replicate) with a score, or the
        :class:`jaxrate.io.ScoreReplicates` of a reader (:func:`jaxrate.io.read_harness`,
        :func:`jaxrate.io.read_replicates`), whose point ratings are then the harness's own aggregates.
      model, task, replicate, score: column names (of a DataFrame).
      paired, rating, resamples, seed, tie_tol: the :class:`Resampling` field of the same name.
      gamification, method, confidence, executor, workers, progress, options: as in :func:`task_subsets`.

    Returns:
      A :class:`RatingIntervals` with ``kind="bootstrap"`` and ``interval_kind``
      ``"sampling (items within task)"`` (or seeds, folds, replicates, after the replicate column's name).

    Raises:
      ValueError: on missing columns, non-numeric or missing scores, a repeated triple, or a model with
        no score on a task (or, paired, on an item).

    Example:
      >>> import pandas as pd, jaxrate
      >>> rows = [(m, t, k, float((k + len(m) + len(t)) % 3 > 0)) for m in ("a", "bb")
      ...         for t in ("x", "yy") for k in range(4)]
      >>> obs = pd.DataFrame(rows, columns=["model", "task", "replicate", "score"])
      >>> out = jaxrate.bootstrap_replicates(obs, resamples=20, method="exact")
      >>> out.interval_kind, out.samples[0].shape
      ('sampling (replicates within task)', (20, 2))
    """
    given = {"paired": paired, "rating": rating, "gamification": gamification, "resamples": resamples}
    options = resolve(options, **given, seed=seed, method=method, confidence=confidence, tie_tol=tie_tol)
    read = _read_replicates(observations, options, model, task, replicate, score)
    return _bootstrap_tables(options, (executor, workers, progress), *read)


def _read_replicates(
    observations: Any, options: Resampling, model: str, task: str, replicate: str, score: str
) -> tuple:
    """``(make, point, models, tasks, interval_kind, distinct)``: the observations of
    :func:`bootstrap_replicates` as its resampled tables ``make(start, stop)`` (``options.seed``,
    ``options.paired``), the point table ``[models, tasks]``, its labels, the interval kind, named for
    the replicate column, and the distinct resamples where fewer than asked for (else ``None``)."""
    from jaxrate.io import ScoreReplicates
    from jaxrate.io._replicate_data import replicates_from_frame

    paired = options.paired
    if isinstance(observations, ScoreReplicates):
        data = observations.replicates(paired)
        point = observations.table().to_numpy(dtype=np.float64)
        replicate = data.column
    else:
        data = replicates_from_frame(
            observations, model=model, task=task, replicate=replicate, score=score, paired=paired
        )
        point = data.table()
    what = _KINDS.get(replicate.lower(), "replicates")
    kind = f"sampling ({what} within task)"
    distinct = _few_replicates(data, what, options.resamples)
    return data.resampler(options.seed), point, data.models, data.tasks, kind, distinct


def _few_replicates(data: Any, what: str, resamples: int) -> int | None:
    """The distinct resamples of a replicate bootstrap, where fewer than ``resamples`` (warned of)."""
    if data.paired:
        sizes, per = [v.shape[1] for v in data.values], "task"
    else:
        sizes, per = [len(x) for v in data.values for x in v], "model and task"
    distinct = distinct_draws(sizes, resamples)
    if distinct is None:
        return None
    lo, hi = min(sizes), max(sizes)
    many = f"{lo}" if lo == hi else f"{lo}-{hi}"
    why = f"{many} {what} per {per}, C(2n - 1, n) draws of n each"
    return _few(distinct, resamples, "resamples", why, stacklevel=5)


def bootstrap_items(
    observations: Any,
    *,
    model: str = "model",
    task: str = "task",
    item: str = "item",
    score: str = "score",
    gamification: str | None = None,
    resamples: int | None = None,
    seed: int | None = None,
    method: str | None = None,
    confidence: float | None = None,
    tie_tol: float | None = None,
    executor: Executor | None = None,
    workers: int | None = None,
    options: Resampling | None = None,
) -> RatingIntervals:
    """Bootstrap over the items (prompts, questions) of each task, paired across models.

    :func:`bootstrap_replicates` with ``replicate=item`` and ``paired=True``:
    each resample draws every task's items with replacement, the same draw
    for every model, averages each model's scores on the drawn items into a
    ``[models, tasks]`` table and rates it.

    Args:
      observations: long DataFrame with one row per (model, task, item) and a score.
      model, task, item, score: column names.
      gamification, resamples, seed, method, confidence, tie_tol, executor, workers, options:
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
        options=options,
    )


def bootstrap_standard_errors(
    scores: Any,
    standard_errors: Any,
    *,
    gamification: str | None = None,
    resamples: int | None = None,
    seed: int | None = None,
    method: str | None = None,
    confidence: float | None = None,
    tie_tol: float | None = None,
    executor: Executor | None = None,
    workers: int | None = None,
    options: Resampling | None = None,
) -> RatingIntervals:
    """Parametric bootstrap: each cell drawn from ``Normal(score, standard_error)``.

    Args:
      scores: ``[agents, tasks]`` table.
      standard_errors: table of the same shape (non-negative).
      gamification, resamples, seed, method, confidence, tie_tol, executor, workers, options:
        as in :func:`task_subsets` (deviation ratings only).
    """
    given = {"gamification": gamification, "resamples": resamples, "seed": seed, "method": method}
    options = resolve(options, **given, confidence=confidence, tie_tol=tie_tol)
    if options.rating != "deviation":
        raise ValueError(f"the standard-error bootstrap resamples deviation ratings; got {options.rating!r}")
    table, agents, tasks = games.score_table(scores)
    se, _, _ = games.score_table(standard_errors)
    if se.shape != table.shape:
        raise ValueError(f"standard errors have shape {se.shape}; the scores {table.shape}")
    if np.any(se < 0):
        i, j = np.argwhere(se < 0)[0]
        raise ValueError(f"standard error of agent {agents[i]!r} on task {tasks[j]!r} is negative")
    rng = np.random.default_rng(options.seed)

    def make(start: int, stop: int) -> np.ndarray:  # drawn in order: the same for any chunking
        return table + se * rng.standard_normal((stop - start,) + table.shape)

    run = (executor, workers, None)
    return _bootstrap_tables(options, run, make, table, agents, tasks, "sampling (standard errors)")


def bootstrap_battles(
    battles: Any,
    *,
    by: str | None = None,
    missing: str = DEFAULTS.battle_missing,
    resamples: int | None = None,
    seed: int | None = None,
    confidence: float | None = None,
    tie_tol: float | None = None,
    executor: Executor | None = None,
    workers: int | None = None,
    options: Resampling | None = None,
) -> RatingIntervals:
    """Bootstrap over battle records, rating :func:`jaxrate.games.battle_game` each time.

    Args:
      battles: battle records (see :func:`jaxrate.games.battle_game`).
      by: optional category column (model vs model vs category game).
      missing: how pairs that never met are treated, in the data and in each
        resample: ``"model"`` (default, the Bradley-Terry fill), ``"even"``,
        ``"drop-models"`` or ``"error"``, as for :func:`jaxrate.games.battle_game`.
      resamples, seed, confidence, tie_tol, executor, workers, options: as in
        :func:`task_subsets` (the games are rated by the exact path).

    A resample whose battles make no game (e.g. no Bradley-Terry fill) or lose a model or category
    that the data have is a failed member: its samples are NaN, ``(resample, reason)`` is in
    ``failures`` (e.g. ``"lost model 'x' (no battles drawn)"``), and it is left out of the bounds,
    P(top) and the pairwise orders.

    Raises:
      ValueError: as :func:`jaxrate.games.battle_game` for the data, or when every resample failed
        (naming the first failure and the fix).
    """
    given = {"resamples": resamples, "seed": seed, "confidence": confidence, "tie_tol": tie_tol}
    options = resolve(options, **given, method="exact", rating="deviation")  # what this bootstrap runs
    point = games.battle_game(battles, by=by, missing=missing)
    n = len(battles)
    why = f"{n} battles, C(2n - 1, n) draws of n"
    distinct = _few(distinct_draws([n], options.resamples), options.resamples, "resamples", why, stacklevel=3)
    payoffs, failures = _battle_resamples(battles, point, by, missing, options)
    start = time.perf_counter()
    rows = np.full((options.resamples, sum(point.num_strategies)), np.nan)
    drawn = [i for i, g in enumerate(payoffs) if g is not None]
    rated = rate_exact([payoffs[i] for i in drawn], executor, workers) if drawn else []
    for i, (ratings, error) in zip(drawn, rated):
        if ratings is None:
            failures.append((i, error))
        else:
            rows[i] = np.concatenate(ratings)
    failures.sort()  # those rated after those drawn: in resample order
    _check_rated(failures, options.resamples, missing)
    seconds = time.perf_counter() - start
    info = {"method": "exact", "fallbacks": 0, "seconds": seconds}
    kinds = {"kind": "bootstrap", "interval_kind": "battles", "distinct": distinct}
    return summarise(point, rows, options, failures, **kinds, **info)


def _check_rated(failures: list[tuple[int, str]], resamples: int, missing: str) -> None:
    """Raise ``ValueError`` (naming the first failure and the fix) when no battle resample was rated."""
    if len(failures) < resamples:
        return
    from jaxrate.battles._win_rate import HINT, IMPUTE_FAILED, IMPUTE_HINT

    first, why = failures[0]
    fix = "use more battles (each model in several)"
    if missing == "error" and any("never met" in reason for _, reason in failures):
        fix += f", or {HINT}"
    elif any(reason.startswith(IMPUTE_FAILED) for _, reason in failures):
        fix += f", or {IMPUTE_HINT}"
    raise ValueError(
        f"none of the {resamples:,} bootstrap resamples of the battles could be rated (first: #{first}: "
        f"{why}): too few battles to resample; {fix}"
    )


def _battle_resamples(
    battles: Any, point: Any, by: str | None, missing: str, options: Resampling
) -> tuple[list, list[tuple[int, str]]]:
    """``(payoffs, failures)``: the payoffs of each resample's battle game (all battles drawn with
    replacement), ``None`` for a resample whose battles make no game or lose a model or category of
    ``point``, and ``(resample, reason)`` for each of those."""
    frame = battles if hasattr(battles, "iloc") else None
    rows = None if frame is not None else list(battles)
    n = len(frame) if frame is not None else len(rows)
    rng = np.random.default_rng(options.seed)
    payoffs, failures = [], []
    for i in range(options.resamples):
        pick = rng.integers(n, size=n)
        sample = frame.iloc[pick] if frame is not None else [rows[k] for k in pick]
        game, why = _resample_game(sample, point, by, missing)
        payoffs.append(game)
        if why is not None:
            failures.append((i, why))
    return payoffs, failures


def _resample_game(sample: Any, point: Any, by: str | None, missing: str) -> tuple[Any, str | None]:
    """``(payoffs, None)`` of one resample's battle game, or ``(None, reason)`` where it has none or
    lost a model or category of the data's game ``point``."""
    from jaxrate.battles._win_rate import HINT, IMPUTE_HINT

    try:
        with warnings.catch_warnings():  # the share imputed was warned of once, for the data
            warnings.simplefilter("ignore", UserWarning)
            made = games.win_rate_game(sample, by=by, missing=missing)
    except ValueError as err:
        why = str(err).replace("the Bradley-Terry fit has no finite solution: ", "")
        for hint in (HINT, IMPUTE_HINT, "rate each group on its own"):
            why = why.removesuffix(f"; {hint}")
        return None, why
    game = made.game
    if game.strategies == point.strategies:
        return game.payoffs, None
    for player, (kept, wanted) in enumerate(zip(game.strategies, point.strategies)):
        lost = [s for s in wanted if s not in kept]
        if lost:
            noun = "model" if player < 2 else "category"
            how = "dropped so that every pair met" if lost[0] in made.dropped else "no battles drawn"
            more = f" and {len(lost) - 1} more" if len(lost) > 1 else ""
            return None, f"lost {noun} {lost[0]!r}{more} ({how})"
    extra = [s for s in game.strategies[0] if s not in point.strategies[0]]
    return None, f"kept model {extra[0]!r}, which the data's game drops"
