"""Result types of the exact path."""

from __future__ import annotations

import dataclasses
from typing import NamedTuple

import numpy as np

__all__ = ["Certificate", "ExactResult", "Progress"]


class Certificate(NamedTuple):
    """Checked facts about an exact result, in the user's payoff units.

    Attributes:
      max_gain: largest deviation gain ``max_c delta_c(joint)`` under the
        returned joint (``<= 0`` up to ``tolerance``: the joint is a CCE).
      max_rating_residual: ``max_c |delta_c(joint) - r_c|``.
      max_simplex_residual: ``|sum(joint) - 1|`` plus the most negative entry.
      slack: the largest slack added to a frozen row in a level retry, in
        payoff units (0 when no level needed one).
      tolerance: the bound both residuals were checked against.
      scale: the payoff scale the solver normalised by.
    """

    max_gain: float
    max_rating_residual: float
    max_simplex_residual: float
    slack: float
    tolerance: float
    scale: float

    def as_dict(self) -> dict:
        return {k: float(v) for k, v in self._asdict().items()}


class Progress(NamedTuple):
    """Progress of a lexicographic solve, passed to a ``progress`` callback."""

    level: int  # levels solved so far
    frozen: int  # constraints frozen so far
    total: int  # constraints in all


@dataclasses.dataclass(frozen=True)
class ExactResult:
    """Deviation ratings from the exact (sequential LP) path.

    Attributes:
      ratings: one float64 array ``[A_p]`` per player.
      joint: sigma*, a joint distribution ``[A_1, ..., A_N]`` under which every
        deviation gain equals its rating.
      levels: number of LP levels solved.
      level_values: the value ``t_k`` of each level, ``[levels]``.
      frozen_at: the level (0-based) at which each constraint was frozen,
        stacked by player, ``[C]``.
      certificate: checked residuals, see :class:`Certificate`.
      players, strategies: names from the game.
      solver: the LP back end that produced the result.
      precision: always ``"float64"`` on the exact path.
    """

    ratings: tuple[np.ndarray, ...]
    joint: np.ndarray
    levels: int
    level_values: np.ndarray
    frozen_at: np.ndarray
    certificate: Certificate
    players: tuple[str, ...]
    strategies: tuple[tuple[str, ...], ...]
    solver: str
    precision: str = "float64"

    def rating_of(self, player: int | str) -> dict[str, float]:
        """``{strategy name: rating}`` for one player (index or name)."""
        p = self.players.index(player) if isinstance(player, str) else player
        return dict(zip(self.strategies[p], self.ratings[p].tolist()))
