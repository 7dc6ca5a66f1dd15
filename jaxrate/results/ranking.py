"""Tie-aware rankings of ratings."""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["tied_ranks", "tie_groups"]


def tie_groups(ratings: Any, tol: float) -> list[list[int]]:
    """Indices grouped into ties, best group first.

    Sorted descending; a strategy joins the current group when it is within
    ``tol`` of the group's best rating (so a group never spans more than ``tol``).
    """
    r = np.asarray(ratings, dtype=np.float64)
    order = np.argsort(-r, kind="stable")
    groups: list[list[int]] = []
    for i in order.tolist():
        if groups and r[groups[-1][0]] - r[i] <= tol:
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups


def tied_ranks(ratings: Any, tol: float) -> np.ndarray:
    """Competition ranks (1, 1, 1, 4, ...) with ties within ``tol``, ``[A]`` int.

    Example:
      >>> tied_ranks([0.0, -1.0, 0.0, -0.5], tol=1e-9).tolist()
      [1, 4, 1, 3]
    """
    r = np.asarray(ratings, dtype=np.float64)
    ranks = np.zeros(len(r), dtype=np.int64)
    position = 1
    for group in tie_groups(r, tol):
        ranks[group] = position
        position += len(group)
    return ranks
