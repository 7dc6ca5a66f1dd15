"""Payoff symmetries: interchangeable players (paper appendix "Symmetries").

Players ``p`` and ``q`` are interchangeable when swapping them (their strategy
axes and their payoff tensors) leaves the game unchanged, as for the two model
players of agent-vs-agent-vs-task. Ratings are then equal for ``p`` and ``q``,
and the level LPs may be restricted to swap-symmetric joints: ``q``'s
constraints repeat ``p``'s, and a joint and its swap share one column. The
exact path uses this to halve its LPs.
"""

from __future__ import annotations

import numpy as np

__all__ = ["swap_players", "interchangeable_players", "find_interchangeable_pair"]


def swap_players(payoffs: np.ndarray, p: int, q: int) -> np.ndarray:
    """The game with players ``p`` and ``q`` relabelled, ``[N, A..]``."""
    order = list(range(payoffs.shape[0]))
    order[p], order[q] = q, p
    return np.swapaxes(payoffs[order], 1 + p, 1 + q)


def interchangeable_players(payoffs: np.ndarray, p: int, q: int, atol: float = 0.0) -> bool:
    """Whether swapping players ``p`` and ``q`` leaves ``payoffs`` unchanged."""
    if p == q or payoffs.shape[1 + p] != payoffs.shape[1 + q]:
        return False
    return bool(np.allclose(swap_players(payoffs, p, q), payoffs, rtol=0.0, atol=atol))


def find_interchangeable_pair(payoffs: np.ndarray, atol: float = 0.0) -> tuple[int, int] | None:
    """The first pair ``(p, q)``, ``p < q``, of interchangeable players, or ``None``."""
    n = payoffs.shape[0]
    for p in range(n):
        for q in range(p + 1, n):
            if interchangeable_players(payoffs, p, q, atol):
                return (p, q)
    return None
