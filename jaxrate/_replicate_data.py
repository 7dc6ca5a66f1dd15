"""Scores with replicates (items, seeds or folds within each task), and their stratified resamples.

A long table with one row per ``(model, task, replicate)`` is held per task as
a matrix ``[M, n_t]`` (paired: every model has the same replicates, e.g. the
questions of a benchmark) or as one vector per model (unpaired: e.g. a
different number of seeds per model). A resample draws each task's
replicates with replacement, independently across tasks (stratified within
task), and averages them into a ``[M, T]`` score table.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

__all__ = ["Replicates", "replicates_from_frame"]


@dataclasses.dataclass(frozen=True)
class Replicates:
    """Scores per task and replicate.

    Attributes:
      models, tasks: names, in the order of the score table ``[M, T]``.
      values: per task, ``[M, n_t]`` when paired, else a tuple of ``M`` vectors.
      paired: whether one draw of replicates serves every model.
      column: the name of the replicate column (``item``, ``seed``, ...).
    """

    models: tuple[str, ...]
    tasks: tuple[str, ...]
    values: tuple[Any, ...]
    paired: bool
    column: str = "replicate"

    def table(self) -> np.ndarray:
        """The mean score table ``[M, T]``."""
        if self.paired:
            return np.stack([v.mean(axis=1) for v in self.values], axis=1)
        return np.array([[v[m].mean() for v in self.values] for m in range(len(self.models))])

    def counts(self) -> tuple[int, int]:
        """Fewest and most replicates of any (model, task)."""
        sizes = [v.shape[1] if self.paired else min(len(x) for x in v) for v in self.values]
        most = [v.shape[1] if self.paired else max(len(x) for x in v) for v in self.values]
        return min(sizes), max(most)

    def resampler(self, seed: int):
        """``make(start, stop)`` -> resampled tables ``[stop - start, M, T]``.

        Each task (and, unpaired, each model within it) draws from its own
        random stream, taken in order of the resample index, so a resample
        does not depend on how the run is chunked.
        """
        m, t = len(self.models), len(self.tasks)
        streams = [
            np.random.default_rng([seed, j])
            if self.paired
            else [np.random.default_rng([seed, j, i]) for i in range(m)]
            for j in range(t)
        ]

        def make(start: int, stop: int) -> np.ndarray:
            k = stop - start
            out = np.empty((k, m, t))
            for j, values in enumerate(self.values):
                if self.paired:
                    n = values.shape[1]
                    pick = streams[j].integers(n, size=(k, n))
                    out[:, :, j] = values[:, pick].mean(axis=-1).T
                    continue
                for i, v in enumerate(values):
                    out[:, i, j] = v[streams[j][i].integers(len(v), size=(k, len(v)))].mean(axis=-1)
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
) -> Replicates:
    """A long DataFrame ``(model, task, replicate, score)`` as :class:`Replicates`.

    ``paired=None`` pairs a task's replicates across models when every model
    has the same replicate ids in it (items, shared seeds); ``True`` requires
    it; ``False`` resamples each model's replicates on their own.

    Raises:
      ValueError: on missing columns, non-numeric or missing scores, a
        repeated ``(model, task, replicate)``, a model without any score on a
        task, or (paired) a model without a score on some replicate.
    """
    _check_columns(frame, (model, task, replicate, score))
    values = _scores(frame, score)
    keys = frame[[model, task, replicate]].astype(str)
    dup = keys.duplicated()
    if dup.any():
        raise ValueError(f"row {int(np.argmax(dup.to_numpy()))} repeats a (model, task, {replicate}) triple")
    models = tuple(dict.fromkeys(keys[model]))
    tasks = tuple(dict.fromkeys(keys[task]))
    grids = {}
    for t in tasks:
        rows = (keys[task] == t).to_numpy()
        part = keys[rows].assign(_value=values[rows])
        grid = part.pivot(index=model, columns=replicate, values="_value").reindex(models)
        absent = grid.isna().all(axis=1)
        if absent.any():
            raise ValueError(
                f"model {grid.index[int(np.argmax(absent.to_numpy()))]!r} has no score on task {t!r}"
            )
        grids[t] = grid
    complete = all(not g.isna().any().any() for g in grids.values())
    if paired and not complete:
        t, g = next((t, g) for t, g in grids.items() if g.isna().any().any())
        i, j = np.argwhere(g.isna().to_numpy())[0]
        raise ValueError(f"model {g.index[i]!r} has no score on {replicate} {g.columns[j]!r} of task {t!r}")
    pair = complete if paired is None else bool(paired)
    if pair:
        cubes = tuple(grids[t].to_numpy() for t in tasks)
    else:
        cubes = tuple(tuple(row[~np.isnan(row)] for row in grids[t].to_numpy()) for t in tasks)
    return Replicates(models, tasks, cubes, pair, replicate)
