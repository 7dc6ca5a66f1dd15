"""Result types of the exact path."""

from __future__ import annotations

import dataclasses
from typing import Any, NamedTuple

import numpy as np

from jaxrate.results.certificate import Certificate, LevelRoute

__all__ = ["Certificate", "ExactResult", "LevelRoute", "Progress", "route_summary"]


class Progress(NamedTuple):
    """Progress of a lexicographic solve, passed to a ``progress`` callback."""

    level: int  # levels solved so far
    frozen: int  # constraints frozen so far
    total: int  # constraints in all
    phase: str = ""  # the route, where it says (e.g. "table route", "general path after the table route")


def route_summary(routes: tuple[LevelRoute, ...], solver: str = "highs") -> str:
    """One line saying what rated the levels, e.g. ``"highs + exact repair at 3 levels"``.

    Example:
      >>> check = LevelRoute(0, "highs + exact check", 0, 0.01)
      >>> route_summary((check, LevelRoute(1, "highs + exact repair", 2, 0.1)))
      'highs + exact repair at 1 level'
      >>> route_summary((check, check))
      'highs + exact check'
      >>> route_summary((LevelRoute(0, "warm", 0, 0.01),))
      'highs'
    """
    names = [r.route for r in routes]
    repaired = sum(n == "highs + exact repair" for n in names)
    rational = sum(n == "rational" for n in names)
    if rational == len(names) and names:
        return "rational"
    parts = [f"exact repair at {_levels(repaired)}"] if repaired else []
    parts += [f"rational at {_levels(rational)}"] if rational else []
    if parts:
        return " + ".join(["highs", *parts])
    return "highs + exact check" if "highs + exact check" in names else solver


def _levels(count: int) -> str:
    return f"{count} level" + ("" if count == 1 else "s")


@dataclasses.dataclass(frozen=True)
class ExactResult:
    """Deviation ratings from the exact (sequential LP) path.

    Attributes:
      ratings: one float64 array ``[A_p]`` per player.
      joint: sigma*, a joint distribution ``[A_1, ..., A_N]`` under which every
        deviation gain equals its rating; a :class:`jaxrate.SparseJoint` (its
        support) for a game of more than ``2**22`` joints rated through its table.
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
      routes: what rated each level, one :class:`LevelRoute` per level
        (route, exact pivots, seconds); ``route_summary`` says it in a line.
      table: the ``[M, T]`` scores of a :class:`jaxrate.ScoreTableGame` the
        result rates (what a board that grows is re-proved against), else ``None``.
    """

    ratings: tuple[np.ndarray, ...]
    joint: Any  # np.ndarray or SparseJoint
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
    routes: tuple[LevelRoute, ...] = ()
    table: np.ndarray | None = None

    @property
    def route_summary(self) -> str:
        """What rated the levels in one line, e.g. ``"highs + exact check, exact repair at 3 levels"``."""
        return route_summary(self.routes, self.solver)

    def rating_of(self, player: int | str) -> dict[str, float]:
        """``{strategy name: rating}`` for one player (index or name)."""
        p = self.players.index(player) if isinstance(player, str) else player
        return dict(zip(self.strategies[p], self.ratings[p].tolist()))
