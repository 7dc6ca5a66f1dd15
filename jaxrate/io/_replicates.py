"""Long score tables with replicates: one row per model, task and seed, fold or item.

A long table (``model``, ``task``, ``score``) with one more column naming the
replicate (``replicate``, ``item``, ``seed``, ``fold``, ``doc_id`` or ``run``)
holds several scores per (model, task). jaxrate rates their means and
resamples them, within each task, for sampling intervals.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import numpy as np

from jaxrate.io._long import REPLICATE_COLUMNS, long_columns, unused_note
from jaxrate.io._scores import _numbers
from jaxrate.io._tables import read_frame

if TYPE_CHECKING:
    import pandas as pd

    from jaxrate.io._replicate_data import Replicates

__all__ = ["REPLICATE_COLUMNS", "ScoreReplicates", "read_replicates", "replicate_column"]


@dataclasses.dataclass(frozen=True, eq=False)
class ScoreReplicates:
    """Scores with replicates, as read from a long table or an evaluation harness's output.

    Attributes:
      frame: DataFrame with one row per (model, task, replicate): columns
        ``model``, ``task``, ``column``, ``score`` (as the harness wrote it,
        before any sign) and, for weighted aggregates, ``weight``.
      column: the replicate column (``"item"``, ``"seed"``, ...), or ``None``
        when there is nothing to resample (harness output without per-item
        samples).
      notes: what was read, in words (one line each).
      aggregates: per task, its :class:`jaxrate.io.Aggregate` (the mean, higher
        better, where absent).
      reported: the scores as rated, a DataFrame ``[models, tasks]``: the
        harness's own aggregates with the sign applied (lower-is-better
        metrics negated); ``None`` for plain long tables (their means).
      without_items: ``(model, task, why)`` for each score rated from the
        harness's aggregate alone (nothing to resample for it).
      runs: DataFrame, one row per (model, task) rated: the harness, metric,
        filter, direction, the file it came from and what it superseded.
    """

    frame: Any
    column: str | None
    notes: list
    aggregates: dict = dataclasses.field(default_factory=dict)
    reported: Any = None
    without_items: tuple = ()
    runs: Any = None
    data: Any = dataclasses.field(default=None, repr=False)  # the Replicates, when the reader built them

    def table(self) -> pd.DataFrame:
        """The score table, a DataFrame ``[models, tasks]`` in order of first appearance.

        The harness's own aggregates (sign applied) where the reader had them,
        else each task's aggregate of its replicates (the mean).
        """
        if self.reported is not None:
            return self.reported.copy()
        if self.data is not None:
            import pandas as pd

            return pd.DataFrame(
                self.data.table(), index=list(self.data.models), columns=list(self.data.tasks)
            )
        wide = self.frame.pivot_table(
            index="model", columns="task", values="score", aggfunc="mean", observed=True
        )
        models = list(dict.fromkeys(self.frame["model"]))
        tasks = list(dict.fromkeys(self.frame["task"]))
        return wide.reindex(index=models, columns=tasks).rename_axis(index=None, columns=None)

    def replicates(self, paired: bool | None = None) -> Replicates:
        """The replicates as the resampler holds them (:class:`jaxrate.io._replicate_data.Replicates`).

        Raises:
          ValueError: naming the model and task of a score that has no
            replicates to resample (a harness run without per-item samples).
        """
        from jaxrate.io._replicate_data import replicates_from_frame

        if self.without_items:
            m, t, why = self.without_items[0]
            more = f" (and {len(self.without_items) - 1} more)" if len(self.without_items) > 1 else ""
            raise ValueError(f"model {m!r}, task {t!r}: no per-item scores to resample: {why}{more}")
        if self.column is None:
            raise ValueError("no replicates to resample: one score per model and task")
        if self.data is not None and paired in (None, self.data.paired):
            return self.data
        return replicates_from_frame(
            self.frame,
            replicate=self.column,
            paired=paired,
            weight="weight" if "weight" in self.frame.columns else None,
            aggregates=self.aggregates,
        )


def replicate_column(columns: Iterable[object], layout: str = "auto", **given) -> str | None:
    """The replicate column of a long table's header (``None`` without one, or without model/task/score).

    ``layout`` and ``given`` (the columns named: ``model=``, ``task=``, ``score=``, ``replicate=``)
    as :func:`jaxrate.io._long.long_columns` takes them (``layout="wide"``: ``None``).
    """
    found = long_columns(columns, layout, **given)
    return None if found is None else found.replicate


def read_replicates(
    path: str,
    sep: str | None = None,
    decimal: str = ".",
    *,
    model: str | None = None,
    task: str | None = None,
    score: str | None = None,
    replicate: str | None = None,
) -> ScoreReplicates:
    """A long table with a replicate column (one of :data:`REPLICATE_COLUMNS` by name, or ``replicate``).

    ``model``, ``task``, ``score`` and ``replicate`` name the columns when their names are not
    the common ones (:mod:`jaxrate.io._long`).

    Raises:
      ValueError: naming the file and row for an empty name, a score that is
        not a number or is missing, or a repeated (model, task, replicate).
    """
    import pandas as pd

    frame = read_frame(path, sep)
    try:
        found = long_columns(frame.columns, "long", model=model, task=task, score=score, replicate=replicate)
    except ValueError as err:
        raise ValueError(f"{path}: {err}") from None
    m, t, s, rep = found[:4]
    if rep is None:
        raise ValueError(
            f"{path}: no replicate column (one of {list(REPLICATE_COLUMNS)}; name it with --replicate-col)"
        )
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
    return ScoreReplicates(long, rep, unused_note(frame.columns, found))
