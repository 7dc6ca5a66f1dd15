"""Long score tables with replicates: one row per model, task and seed, fold or item.

A long table (``model``, ``task``, ``score``) with one more column naming the
replicate (``replicate``, ``item``, ``seed``, ``fold``, ``doc_id`` or ``run``)
holds several scores per (model, task). jaxrate rates their means and
resamples them, within each task, for sampling intervals.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from jaxrate.io._scores import _MODEL_NAMES, _column, _numbers
from jaxrate.io._tables import read_frame

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["REPLICATE_COLUMNS", "ScoreReplicates", "read_replicates", "replicate_column"]

REPLICATE_COLUMNS = ("replicate", "item", "seed", "fold", "doc_id", "run")
_TASK_NAMES = ("task", "benchmark", "category", "game")
_SCORE_NAMES = ("score", "value", "result", "accuracy")


class ScoreReplicates(NamedTuple):
    """Scores with replicates: ``frame`` has columns ``model``, ``task``, ``column`` and ``score``."""

    frame: Any  # pandas DataFrame, one row per (model, task, replicate)
    column: str  # the replicate column: "item", "seed", "fold", "replicate", ...
    notes: list

    def table(self) -> pd.DataFrame:
        """The mean score table, a DataFrame ``[models, tasks]`` in order of first appearance."""
        wide = self.frame.pivot_table(index="model", columns="task", values="score", aggfunc="mean")
        models = list(dict.fromkeys(self.frame["model"]))
        tasks = list(dict.fromkeys(self.frame["task"]))
        return wide.reindex(index=models, columns=tasks).rename_axis(index=None, columns=None)


def replicate_column(columns: Iterable[object]) -> str | None:
    """The replicate column of a long table's header (``None`` without one, or without model/task/score)."""
    lower = {str(c).strip().lower(): str(c) for c in columns}
    if not (lower.keys() & set(_MODEL_NAMES) and "task" in lower and lower.keys() & set(_SCORE_NAMES)):
        return None
    return next((lower[name] for name in REPLICATE_COLUMNS if name in lower), None)


def read_replicates(path: str, sep: str | None = None, decimal: str = ".") -> ScoreReplicates:
    """A long table with a replicate column (see :data:`REPLICATE_COLUMNS`).

    Raises:
      ValueError: naming the file and row for an empty name, a score that is
        not a number or is missing, or a repeated (model, task, replicate).
    """
    import pandas as pd

    frame = read_frame(path, sep)
    rep = replicate_column(frame.columns)
    if rep is None:
        raise ValueError(f"{path}: no replicate column (one of {list(REPLICATE_COLUMNS)})")
    m = _column(path, frame, None, _MODEL_NAMES, "model")
    t = _column(path, frame, None, _TASK_NAMES, "task")
    s = _column(path, frame, None, _SCORE_NAMES, "score")
    names = {c: frame[c].astype(str).str.strip() for c in (m, t, rep)}
    for k, row in enumerate(zip(*names.values())):
        if "" in row:
            raise ValueError(f"{path}: row {k + 1} has an empty {(m, t, rep)[row.index('')]}")

    def where(k: int) -> str:
        return f"row {k + 1} ({names[m].iloc[k]!r}, {names[t].iloc[k]!r}, {rep} {names[rep].iloc[k]!r})"

    scores = _numbers(path, frame[s].tolist(), where, decimal)
    if np.isnan(scores).any():
        raise ValueError(f"{path}: {where(int(np.argmax(np.isnan(scores))))} has no score")
    long = pd.DataFrame({"model": names[m], "task": names[t], rep: names[rep], "score": scores})
    dup = long.duplicated(["model", "task", rep])
    if dup.any():
        raise ValueError(f"{path}: {where(int(np.argmax(dup.to_numpy())))} repeats an earlier row")
    return ScoreReplicates(long, rep, [])
