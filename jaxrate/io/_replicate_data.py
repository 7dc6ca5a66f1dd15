"""Scores with replicates (items, seeds or folds within each task), and their stratified resamples.

Each task's replicates are a matrix ``[M, n_t]`` (paired: every model has the same ones, e.g. a
benchmark's questions) or one vector per model (unpaired: e.g. a different number of seeds). A
resample draws each task's replicates with replacement, independently across tasks, and makes a
``[M, T]`` table by each task's :class:`Aggregate`: the mean, or a harness's own statistic
(``perplexity``, ``bits_per_byte``, ...), each ``sign * f(sum v / sum w)``, ``sign`` ``-1`` where
lower is better, so a resample recomputes the harness's statistic on the drawn items.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any, NamedTuple

import numpy as np

from jaxrate.io._text import as_text

__all__ = ["AGGREGATES", "Aggregate", "Replicates", "replicates_from_frame"]

_LN2 = math.log(2.0)
# f of each aggregate: the statistic as a function of the weighted mean of the values.
_TRANSFORMS = {
    "mean": lambda x: x,
    "perplexity": lambda x: np.exp(-x),  # lm-eval: exp(-mean(log-likelihoods))
    "weighted_perplexity": lambda x: np.exp(-x),  # exp(-sum(ll) / sum(words or bytes))
    "bits_per_byte": lambda x: -x / _LN2,  # -sum(ll) / sum(bytes) / ln 2
}
#: How a harness aggregates a task's item scores into its score (the mean, perplexities, bits per byte).
AGGREGATES = tuple(_TRANSFORMS)
_WEIGHTED = ("weighted_perplexity", "bits_per_byte")


class Aggregate(NamedTuple):
    """How one task's replicates make its score: the statistic ``name`` (:data:`AGGREGATES`: ``mean``,
    ``perplexity`` ``exp(-mean)``, ``weighted_perplexity`` ``exp(-sum v / sum w)``, ``bits_per_byte``
    ``-sum v / sum w / ln 2``; the last two weigh each replicate by its words or bytes) and the
    direction (``higher_is_better``; a lower-is-better statistic is rated negated)."""

    name: str = "mean"
    higher_is_better: bool = True

    @property
    def sign(self) -> float:
        return 1.0 if self.higher_is_better else -1.0

    @property
    def weighted(self) -> bool:
        return self.name in _WEIGHTED

    def rated(self, value: Any) -> Any:
        """The statistic as the harness reports it -> the score jaxrate rates (higher is better)."""
        return self.sign * np.asarray(value, dtype=np.float64)

    def of(self, values: Any, weights: Any = None, axis: int = -1) -> Any:
        """The rated score (sign applied) of replicates ``values`` (and ``weights``) along ``axis``."""
        values = np.asarray(values, dtype=np.float64)
        total = values.shape[axis] if weights is None else np.sum(weights, axis=axis)
        return self.sign * _TRANSFORMS[self.name](np.sum(values, axis=axis) / total)


MEAN = Aggregate()


@dataclasses.dataclass(frozen=True)
class Replicates:
    """Scores per task and replicate: of the ``models`` by ``tasks`` (the table ``[M, T]``), per task
    the ``values`` ``[M, n_t]`` when ``paired`` (one draw serves every model), else ``M`` vectors; the
    replicate ``column``'s name, the ``weights`` in the layout of ``values`` (or ``None``) and each
    task's :class:`Aggregate` (``()``: the mean of every task)."""

    models: tuple[str, ...]
    tasks: tuple[str, ...]
    values: tuple[Any, ...]
    paired: bool
    column: str = "replicate"
    weights: tuple[Any, ...] = ()
    aggregates: tuple[Aggregate, ...] = ()
    ids: tuple[Any, ...] = ()  # each task's replicate ids in the layout of ``values`` (the audit names them)

    def aggregate(self, j: int) -> Aggregate:
        return self.aggregates[j] if self.aggregates else MEAN

    def _weights(self, j: int) -> Any:
        return self.weights[j] if self.weights else None

    def table(self) -> np.ndarray:
        """The score table ``[M, T]``: each task's aggregate of its replicates (the mean, mostly)."""
        out = np.empty((len(self.models), len(self.tasks)))
        for j, values in enumerate(self.values):
            agg, w = self.aggregate(j), self._weights(j)
            if self.paired:
                out[:, j] = agg.of(values, w)
            else:
                out[:, j] = [agg.of(v, None if w is None else w[i]) for i, v in enumerate(values)]
        return out

    def counts(self) -> tuple[int, int]:
        """Fewest and most replicates of any (model, task)."""
        sizes = [v.shape[1] if self.paired else min(len(x) for x in v) for v in self.values]
        most = [v.shape[1] if self.paired else max(len(x) for x in v) for v in self.values]
        return min(sizes), max(most)

    def resampler(self, seed: int):
        """``make(start, stop)`` -> resampled tables ``[stop - start, M, T]``; each task (unpaired: each
        model in it) draws from its own stream in resample order, so chunking changes nothing."""
        m, t = len(self.models), len(self.tasks)
        rng = lambda *key: np.random.default_rng([seed, *key])  # noqa: E731
        streams = [rng(j) if self.paired else [rng(j, i) for i in range(m)] for j in range(t)]

        def make(start: int, stop: int) -> np.ndarray:
            k = stop - start
            out = np.empty((k, m, t))
            for j, values in enumerate(self.values):
                agg, w = self.aggregate(j), self._weights(j)
                if self.paired:
                    n = values.shape[1]
                    pick = streams[j].integers(n, size=(k, n))
                    out[:, :, j] = agg.of(values[:, pick], None if w is None else w[:, pick]).T
                    continue
                for i, v in enumerate(values):
                    pick = streams[j][i].integers(len(v), size=(k, len(v)))
                    out[:, i, j] = agg.of(v[pick], None if w is None else w[i][pick])
            return out

        return make


def _check_columns(frame: Any, columns: tuple[str, ...]) -> None:
    missing = [c for c in columns if c not in getattr(frame, "columns", ())]
    if missing:
        raise ValueError(f"observations need columns {list(columns)}; missing {missing}")


def _scores(frame: Any, score: str) -> np.ndarray:
    try:
        values = frame[score].to_numpy().astype(np.float64)
    except (TypeError, ValueError):
        raise ValueError(f"column {score!r} has a non-numeric score") from None
    if not np.all(np.isfinite(values)):
        k = int(np.argmax(~np.isfinite(values)))
        raise ValueError(f"row {k} has a missing or non-finite score")
    return values


def replicates_from_frame(
    frame: Any,
    *,
    model: str = "model",
    task: str = "task",
    replicate: str = "replicate",
    score: str = "score",
    paired: bool | None = None,
    weight: str | None = None,
    aggregates: Any = None,
) -> Replicates:
    """A long DataFrame ``(model, task, replicate, score)`` as :class:`Replicates`.

    ``paired``: ``None`` pairs a task's replicates when every model has the same ids, ``True``
    requires it, ``False`` resamples each model's alone; ``weight``: a column of weights;
    ``aggregates``: ``{task: Aggregate}``.

    Raises:
      ValueError: on missing columns, non-numeric or missing scores, a repeated ``(model, task,
        replicate)``, a model without any score on a task, or (paired) on some replicate.
    """
    _check_columns(frame, (model, task, replicate, score) + ((weight,) if weight else ()))
    values = _scores(frame, score)
    keys = as_text(frame[[model, task, replicate]])
    dup = keys.duplicated()
    if dup.any():
        raise ValueError(f"row {int(np.argmax(dup.to_numpy()))} repeats a (model, task, {replicate}) triple")
    models = tuple(dict.fromkeys(keys[model]))
    tasks = tuple(dict.fromkeys(keys[task]))
    cells = {}
    w_all = _scores(frame, weight) if weight else None
    task_codes, model_codes, rep_codes = (keys[c].to_numpy() for c in (task, model, replicate))
    for t in tasks:
        rows = np.flatnonzero(task_codes == t)
        for m in models:
            mine = rows[model_codes[rows] == m]
            if len(mine) == 0:
                raise ValueError(f"model {m!r} has no score on task {t!r}")
            cells[m, t] = (rep_codes[mine], values[mine], None if w_all is None else w_all[mine])
    return replicates_from_cells(models, tasks, cells, column=replicate, paired=paired, aggregates=aggregates)


def replicates_from_cells(
    models: Any,
    tasks: Any,
    cells: dict,
    *,
    column: str = "replicate",
    paired: bool | None = None,
    aggregates: Any = None,
) -> Replicates:
    """:class:`Replicates` from ``cells[(model, task)] = (ids [n], values [n], weights [n] or None)``, one
    per (model, task); ``paired`` as in :func:`replicates_from_frame`."""
    models, tasks = tuple(models), tuple(tasks)
    aggs = tuple((aggregates or {}).get(t, MEAN) for t in tasks)
    vals, wts, names, complete = [], [], [], True
    for t in tasks:
        first = np.asarray(cells[models[0], t][0])
        same = all(np.array_equal(np.asarray(cells[m, t][0]), first) for m in models[1:])
        if not same:
            same = all(
                len(cells[m, t][0]) == len(first) and set(map(str, cells[m, t][0])) == set(map(str, first))
                for m in models[1:]
            )
            if same and len(set(map(str, first))) != len(first):
                raise ValueError(f"task {t!r}: a {column} id repeats; each {column} must be named once")
            if same:  # the same replicates in another order: align on the first model's
                cells = dict(cells)
                where = {str(k): i for i, k in enumerate(first)}
                for m in models[1:]:
                    ids, v, w = cells[m, t]
                    order = np.empty(len(first), dtype=np.int64)
                    order[[where[str(k)] for k in ids]] = np.arange(len(ids))
                    cells[m, t] = (first, np.asarray(v)[order], None if w is None else np.asarray(w)[order])
        complete &= same
        vals.append([np.asarray(cells[m, t][1], dtype=np.float64) for m in models])
        names.append([np.asarray(cells[m, t][0]) for m in models])
        wts.append(
            [None if cells[m, t][2] is None else np.asarray(cells[m, t][2], np.float64) for m in models]
        )
    if paired and not complete:
        for t in tasks:
            ids = {m: set(map(str, cells[m, t][0])) for m in models}
            union = set().union(*ids.values())
            for m in models:
                if ids[m] != union:
                    k = sorted(union - ids[m]) or sorted(ids[m] - ids[models[0]])
                    raise ValueError(f"model {m!r} has no score on {column} {k[0]!r} of task {t!r}")
    pair = complete if paired is None else bool(paired)
    weighted = any(agg.weighted for agg in aggs)
    for j, t in enumerate(tasks):
        if aggs[j].weighted and any(w is None for w in wts[j]):
            raise ValueError(f"task {t!r}: its aggregate {aggs[j].name!r} needs a weight per {column}")
    stack = np.stack if pair else tuple
    values = tuple(stack(v) for v in vals)
    weights = tuple(None if w[0] is None else stack(w) for w in wts) if weighted else ()
    ids = tuple(n[0] if pair else tuple(n) for n in names)
    return Replicates(models, tasks, values, pair, column, weights, aggs if aggregates else (), ids)
