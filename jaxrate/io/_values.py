"""A table's values: normalisation per task, and the checks that warn of a units mistake
(:func:`far_outliers`, :func:`scale_mismatch`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from jaxrate.io._options import NORMALISE

if TYPE_CHECKING:
    import pandas as pd
    from numpy.typing import ArrayLike

__all__ = ["OUTLIER_FACTOR", "SCALE_RATIO", "far_outliers", "normalise_scores", "normalise_values",
           "scale_mismatch"]  # fmt: skip


def normalise_values(values: np.ndarray, errors, how: str) -> tuple[np.ndarray, np.ndarray | None, list[str]]:
    """``(values, errors, notes)`` normalised per task as ``how`` says (errors scaled, or dropped by rank)."""
    if how == "none":
        return values, errors, []
    import pandas as pd

    table = normalise_scores(pd.DataFrame(values), how).to_numpy(dtype=np.float64)
    if errors is None:
        return table, None, []
    if how == "rank":
        return table, None, ["standard errors left out: ranks (--normalise rank) have none"]
    span = np.nanmax(values, axis=0) - np.nanmin(values, axis=0)
    return table, errors / np.where(span > 0, span, 1.0), []


def normalise_scores(table: pd.DataFrame, how: str = "none") -> pd.DataFrame:
    """Per-task normalisation of a score DataFrame: ``none``, ``minmax`` (each task to [0, 1], a
    constant one to 0) or ``rank`` (average ranks within the task, scaled to [0, 1])."""
    if how == "none":
        return table
    if how == "minmax":
        lo, hi = table.min(axis=0), table.max(axis=0)
        span = (hi - lo).where(hi > lo, 1.0)
        return (table - lo) / span
    if how == "rank":
        ranks = table.rank(axis=0, method="average") - 1
        return ranks / max(len(table) - 1, 1)
    raise ValueError(f"normalise must be one of {', '.join(NORMALISE)}; got {how!r}")


#: A score this many times the spread of its task's other scores away is warned of.
OUTLIER_FACTOR = 1000.0  # a score this many times the spread of its task's other scores away is warned


def far_outliers(
    values: ArrayLike, agents: Sequence[str], tasks: Sequence[str], factor: float = OUTLIER_FACTOR
) -> list[str]:
    """Scores far outside the rest of their task's range (a units mistake: ``1e12`` among 0-1 scores).

    A task's highest or lowest score is named when it lies more than ``factor`` times the size of
    the others (their range, or largest magnitude if larger) from their median: it is rated, with
    this warning, and may decide the whole board on its own.

    Args:
      values: ``[agents, tasks]`` scores (NaN for missing cells).
      agents, tasks: the names of the rows and columns.

    Returns:
      One line per such score, worst first.

    >>> far_outliers([[1e12, 0.0], [0.2, 1.0], [0.5, 0.5]], ["a", "b", "c"], ["t1", "t2"])
    ["score of 'a' on 't1' is 1e+12, far outside the other scores of 't1' (0.2 to 0.5): a units mistake?"]
    """
    x = np.asarray(values, dtype=np.float64)
    if x.ndim != 2 or not x.size:
        return []
    finite = np.isfinite(x)
    n = finite.sum(axis=0)
    cols = np.flatnonzero(n >= 3)
    if not len(cols):
        return []
    x, finite, n = x[:, cols], finite[:, cols], n[cols]
    ordered = np.sort(np.where(finite, x, np.inf), axis=0)  # each column's finite scores first, ascending
    at = np.arange(len(cols))
    found = []
    # the highest score against the others (the lowest n-1), then the lowest against the highest n-1
    for which, first, value in ((0, 0, ordered[n - 1, at]), (1, 1, ordered[0])):
        m = n - 1
        low, high = ordered[first, at], ordered[first + m - 1, at]
        median = (ordered[first + (m - 1) // 2, at] + ordered[first + m // 2, at]) / 2
        size = np.maximum(high - low, np.maximum(abs(low), abs(high)))
        distance = abs(value - median)
        with np.errstate(invalid="ignore"):
            hits = np.flatnonzero((size > 0) & (distance > factor * size))
        for h in hits:
            j, column = int(cols[h]), np.where(finite[:, h], x[:, h], -np.inf if which == 0 else np.inf)
            row = int(np.argmax(column) if which == 0 else np.argmin(column))
            text = (
                f"score of {agents[row]!r} on {tasks[j]!r} is {value[h]:.6g}, far outside the other "
                f"scores of {tasks[j]!r} ({low[h]:.6g} to {high[h]:.6g}): a units mistake?"
            )
            found.append((-distance[h] / size[h], j, which, text))
    return [text for *_, text in sorted(found)]


#: Score columns whose largest magnitudes differ more than this are warned of.
SCALE_RATIO = 10.0  # score columns whose largest magnitudes differ more than this are warned of


def scale_mismatch(values: np.ndarray, tasks: Sequence[str], ratio: float = SCALE_RATIO) -> str | None:
    """Why a ``[agents, tasks]`` table's columns look like different units, or ``None``.

    The columns' largest magnitudes are compared: more than ``ratio`` apart (``avg_length`` in the
    thousands beside win rates), the larger columns weigh that much more in the ratings. A table
    with a far outlier (:func:`far_outliers`) is left to that warning.

    >>> scale_mismatch([[0.5, 1500.0], [0.75, 900.0], [0.25, 1200.0]], ["accuracy", "avg_length"])[:64]
    "the score columns differ in scale by 2000x ('avg_length' reaches"
    """
    values = np.asarray(values, dtype=np.float64)
    if values.ndim != 2 or values.shape[1] < 2:
        return None
    if far_outliers(values, [str(i) for i in range(values.shape[0])], [str(t) for t in tasks]):
        return None
    with np.errstate(all="ignore"):
        size = np.array([np.nanmax(np.abs(c)) if np.isfinite(c).any() else 0.0 for c in values.T])
    live = np.flatnonzero(size > 0)
    if len(live) < 2 or np.nanmax(np.abs(values)) <= 1.0:  # fractions all: one unit, whatever their sizes
        return None
    big, small = live[np.argmax(size[live])], live[np.argmin(size[live])]
    if size[big] <= ratio * size[small]:
        return None
    return (
        f"the score columns differ in scale by {size[big] / size[small]:.0f}x ({tasks[big]!r} reaches "
        f"{size[big]:.4g}, {tasks[small]!r} only {size[small]:.4g}): larger columns weigh more; "
        "if some are not scores (counts, lengths), pick the scores with --tasks, or put tasks on one "
        "scale with --normalise minmax"
    )
