"""Result types of the exact path."""

from __future__ import annotations

import dataclasses
from typing import NamedTuple

import numpy as np

from jaxrate.certificate import Certificate

__all__ = ["Certificate", "ExactResult", "Progress"]


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
      steps: how each level was solved, ``[levels]``: ``"warm"`` (re-solved
        from the last basis), ``"cold"``, ``"glop"`` / ``"highs"`` (the other
        back end, fresh), ``"rational"`` (exact arithmetic) or ``"slack"``.
      rescue: why the floating-point solve was not returned as is (a failed
        level or a failed check), or ``None``.
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
    steps: tuple[str, ...] = ()
    rescue: str | None = None

    def rating_of(self, player: int | str) -> dict[str, float]:
        """``{strategy name: rating}`` for one player (index or name)."""
        p = self.players.index(player) if isinstance(player, str) else player
        return dict(zip(self.strategies[p], self.ratings[p].tolist()))
