"""Validation of ``[agents, tasks]`` score tables, the input of the gamifications and the baselines."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

__all__ = ["score_table"]


def score_table(
    scores: Any,
    agents: Sequence[Any] | None = None,
    tasks: Sequence[Any] | None = None,
) -> tuple[np.ndarray, tuple[str, ...], tuple[str, ...]]:
    """Validate a ``[agents, tasks]`` score table; return ``(T, agents, tasks)``.

    ``scores`` may be an array-like or a pandas DataFrame (index = agents,
    columns = tasks). Raises ``ValueError`` naming the first missing,
    non-numeric or non-finite cell.
    """
    if hasattr(scores, "to_numpy") and hasattr(scores, "columns"):
        frame = scores
        agents = list(frame.index) if agents is None else agents
        tasks = list(frame.columns) if tasks is None else tasks
        values = frame.to_numpy()
    else:
        values = scores
    try:
        table = np.asarray(values, dtype=np.float64)
    except (ValueError, TypeError):
        table = np.asarray(values, dtype=object)
        if table.ndim == 2:
            for (i, j), cell in np.ndenumerate(table):
                try:
                    float(cell)
                except (ValueError, TypeError):
                    who = f"agent {agents[i]!r}" if agents is not None else f"row {i}"
                    what = f"task {tasks[j]!r}" if tasks is not None else f"column {j}"
                    raise ValueError(f"score of {who} on {what} is not a number: {cell!r}") from None
        raise ValueError("scores must be a rectangular 2-D table [agents, tasks] of numbers") from None
    if table.ndim != 2:
        raise ValueError(f"scores must be a 2-D table [agents, tasks]; got shape {table.shape}")
    if table.shape[0] == 0 or table.shape[1] == 0:
        raise ValueError(f"scores must have at least one agent and one task; got shape {table.shape}")
    bad = np.argwhere(~np.isfinite(table))
    if len(bad):
        i, j = bad[0]
        who = f"agent {agents[i]!r}" if agents is not None else f"row {i}"
        what = f"task {tasks[j]!r}" if tasks is not None else f"column {j}"
        kind = "missing" if np.isnan(table[i, j]) else "not finite"
        raise ValueError(f"score of {who} on {what} is {kind} ({table[i, j]})")
    agents = tuple(str(a) for a in (agents if agents is not None else range(table.shape[0])))
    tasks = tuple(str(t) for t in (tasks if tasks is not None else range(table.shape[1])))
    return table, agents, tasks
