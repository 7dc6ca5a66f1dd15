"""Columns (and rows) that are the mean or the sum of others, found by their values.

A leaderboard's "Avg. Win Rate" beside "Character" and "Scene", a group's "Avg." before its languages,
an "Average" row under the categories: aggregates whose names say so, but not clearly enough for the
vocabulary alone. A column so named (:data:`SUMMARY_NAME`) is an aggregate where, in every row that
has it and its parts (at least five in which the parts differ), it equals the parts' mean (or sum) to
its printed digits: the parts are all the other score columns, or a run of at least two beside it.
Such a column is left out and said; ``--tasks`` naming it rates it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

__all__ = ["BY_VALUE", "SUMMARY_NAME", "aggregate_of", "aggregate_rows", "decimals", "summary_rows"]

#: How a column found by its values is said (the start of its reason).
BY_VALUE = "in every row the "
_MOST = 60  # columns past which only "all the others" is tried (runs cost columns squared)
# Rows of evidence needed, each with parts that differ: a column of two decimals lies within the
# rounding of a run of two others' mean in 7% of rows by chance (ToolBench's G3 beside G1 and G2, at
# three rows), and the runs tried are many. A row named as a summary needs three columns.
_ROWS = 5
_NAMED_ROWS = 3


def decimals(cells: Sequence[object]) -> int:
    """The most digits after the point in a column's first 50 cells as written (a float's shortest
    repr): a column's precision is its format's (a 5,000-row column read whole cost 20 ms)."""
    most = 0
    for cell in cells[:50]:
        number = isinstance(cell, (float, np.floating))
        text = cell if isinstance(cell, str) else repr(float(cell)) if number else ""
        found = _DECIMALS.search(text)
        if found:
            most = max(most, len(found.group(1)))
    return min(most, 12)


_DECIMALS = re.compile(r"\d\.(\d+)(?![\d.eE])")


def aggregate_of(
    names: Sequence[str],
    values: np.ndarray,
    places: Sequence[int],
    only: Sequence[int] | None = None,
    least: int = _ROWS,
    runs: bool = True,
) -> dict[str, str]:
    """``{name: reason}`` of the columns of ``values`` ``[rows, columns]`` (NaN: missing) that are the mean
    or the sum of other columns in every row (``places``: each column's printed decimals); ``only``: the
    columns to try (default: every one); ``runs``: whether runs of columns beside one are tried as its
    parts, not only all the others; ``least``: the rows of evidence needed."""
    values = np.asarray(values, dtype=np.float64)
    count = values.shape[1] if values.ndim == 2 else 0
    if count < 3 or values.shape[0] < least:
        return {}
    unit = 0.5 * 10.0 ** -np.asarray(places, dtype=np.float64)
    complete = np.flatnonzero(np.all(np.isfinite(values), axis=1))[:8]
    head = values[complete] if complete.size == 8 else None  # first complete rows: most windows fail there
    found: dict[str, str] = {}
    for a in range(count) if only is None else only:
        for window in _windows(a, count, runs):
            if head is not None and _test(head[:, a], head[:, window], unit[a], unit[window], least) is None:
                continue
            how = _made_of(values, a, window, unit, least)
            if how:
                parts = ", ".join(repr(str(names[w])) for w in window[:4]) + (
                    f" and {len(window) - 4} more" if len(window) > 4 else ""
                )
                found[str(names[a])] = f"{BY_VALUE}{how} of {parts} (to its printed digits)"
                break
    return found


def _windows(a: int, count: int, runs: bool = True):
    """The candidate parts of column ``a``: every other column, then the runs of two or more beside it."""
    yield [j for j in range(count) if j != a]
    if count > _MOST or not runs:
        return
    for length in range(2, a + 1):
        yield list(range(a - length, a))
    for length in range(2, count - a):
        yield list(range(a + 1, a + 1 + length))


def _made_of(values: np.ndarray, a: int, window: list[int], unit: np.ndarray, least: int) -> str | None:
    """``"mean"`` or ``"sum"`` where column ``a`` is that of the ``window``'s columns in every row that
    has them all (five or more in which they differ), else ``None``; tried on the first such rows first
    (most windows fail there)."""
    parts = values[:, window]
    rows = np.flatnonzero(np.isfinite(values[:, a]) & np.all(np.isfinite(parts), axis=1))
    if rows.size < least:
        return None
    first = _test(values[rows[:8], a], parts[rows[:8]], unit[a], unit[window], min(least, 8))
    if first is None or rows.size <= 8:
        return first
    return _test(values[rows, a], parts[rows], unit[a], unit[window], least)


def _test(x: np.ndarray, parts: np.ndarray, unit_a: float, units: np.ndarray, least: int) -> str | None:
    if np.sum(np.ptp(parts, axis=1) > 2 * units.max()) < least:
        return None  # parts equal (a reference model's 0.5 everywhere): such a row says nothing
    slack = 1.0 + 1e-9
    mean_tol = (unit_a + units.max()) * slack
    # the column varies by much more than its rounding: three rows within it by chance say nothing
    if np.ptp(x) > 10 * mean_tol and np.all(np.abs(x - parts.mean(axis=1)) <= mean_tol):
        return "mean"
    sum_tol = (unit_a + units.sum()) * slack
    if np.ptp(x) > 10 * sum_tol and np.all(np.abs(x - parts.sum(axis=1)) <= sum_tol):
        return "sum"
    return None


# Row names that may be a summary of the other rows ("Average", "Avg.", "Mean", "Overall", "Total").
_ROW_FIRST = frozenset("aAmMoOtTsS")  # a name's first letter, looked at before the pattern (1.2 ms a 5,000)
_ROW_NAME = re.compile(r"^\W*(?:(?:avg|average|mean|overall|total|all|sum)\b\W*)+$", re.I)
# A column tried as a summary: one whose name has a summary's word ("Avg. Win Rate", "Latin / Avg.",
# "Total(ms)", "Average"); the values decide (a column "mean_reward" is a task's own, and is kept).
SUMMARY_NAME = re.compile(
    r"(?:^|[^a-z])(?:avg|average|mean|overall|total|all|sum|aggregated?|combined)(?:$|[^a-z])", re.I
)


def summary_rows(rows: Sequence[str]) -> list[int]:
    """The rows named as summaries of the others: ``Average``, ``Avg.``, ``Mean``, ``Overall``, ``Total``."""
    return [k for k, r in enumerate(rows) if str(r)[:1] in _ROW_FIRST and _ROW_NAME.match(str(r))]


def aggregate_rows(rows: Sequence[str], values: np.ndarray, places: int) -> dict[str, str]:
    """``{row: reason}`` of the rows named as summaries (:func:`summary_rows`) that are, in every column of
    ``values`` ``[rows, columns]``, the mean or the sum of the other rows (``places``: the table's
    printed decimals)."""
    only = summary_rows(rows)
    if not only:
        return {}
    matrix = np.asarray(values, dtype=np.float64).T
    found = aggregate_of(rows, matrix, [places] * len(rows), only=only, least=_NAMED_ROWS, runs=False)
    return {r: why.replace("in every row", "in every column", 1) for r, why in found.items()}
