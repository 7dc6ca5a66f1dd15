"""How ratings are resampled, as one record shared by every resampling function and the command line."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from jaxrate import games
from jaxrate._game import Game
from jaxrate.tolerances import TOLERANCES

__all__ = ["Resampling", "resolve"]

_GAMIFICATIONS = {"2p": games.agent_vs_task, "3p": games.agent_vs_agent_vs_task}
_SOLVERS = ("auto", "exact", "jax")


@dataclasses.dataclass(frozen=True)
class Resampling:
    """How a resampling run draws and rates its resamples (the same defaults in Python and the CLI).

    Attributes:
      resamples: number of resamples ``R`` (``--bootstrap N``, ``--task-subsets N``).
      seed: the random seed (``--seed``); the same seed gives the same draws
        however the resamples are chunked or spread over processes.
      level: coverage of the percentile interval ``[lower, upper]``.
      game: the game made of each resampled table: ``"3p"`` (agent vs agent vs
        task, as on the command line) or ``"2p"`` (agent vs task).
      rating: the rating resampled: ``"deviation"`` or a baseline
        (``"uniform"``, ``"elo"``, ``"nash"``, ``"alpharank"``, ``"payoff"``).
      solver: the path that rates the resamples: ``"exact"``, ``"jax"`` or
        ``"auto"`` (the cost model of :mod:`jaxrate.uncertainty._cost` picks).
      paired: stratification of a replicate bootstrap (draws are always within
        each task): ``None`` pairs a task's replicates when every model has the
        same ones, ``True`` requires it, ``False`` draws each model's own.
      tie_tol: ratings within this fraction of the payoff scale share the top.
    """

    resamples: int = 200
    seed: int = 0
    level: float = 0.95
    game: str = "3p"
    rating: str = "deviation"
    solver: str = "auto"
    paired: bool | None = None
    tie_tol: float = TOLERANCES.ties

    def __post_init__(self) -> None:
        if isinstance(self.resamples, bool) or int(self.resamples) != self.resamples or self.resamples < 1:
            raise ValueError(f"resamples must be an integer >= 1; got {self.resamples!r}")
        if not 0 < self.level < 1:
            raise ValueError(f"level (confidence) must be in (0, 1); got {self.level}")
        if self.solver not in _SOLVERS:
            raise ValueError(f"method must be 'auto', 'exact' or 'jax'; got {self.solver!r}")
        if self.game not in _GAMIFICATIONS:
            raise ValueError(f"gamification must be '2p' or '3p'; got {self.game!r}")
        if not self.tie_tol >= 0:
            raise ValueError(f"tie_tol must be >= 0; got {self.tie_tol}")

    @property
    def gamify(self) -> Callable[..., Game]:
        """The game of a ``[M, T]`` table: :func:`jaxrate.agent_vs_agent_vs_task` or ``agent_vs_task``."""
        return _GAMIFICATIONS[self.game]

    def as_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


# The functions' keyword names for the record's fields (kept as they were before the record).
_KEYWORDS = {"confidence": "level", "gamification": "game", "method": "solver"}


def resolve(options: Resampling | None, **given: Any) -> Resampling:
    """The record a resampling function runs with: ``options`` (default :class:`Resampling()`)
    with every keyword the caller gave (not ``None``) in its place.

    Raises:
      ValueError: an option out of range, or ``options`` that is not a :class:`Resampling`.
    """
    if options is not None and not isinstance(options, Resampling):
        raise ValueError(f"options must be a jaxrate.uncertainty.Resampling; got {type(options).__name__}")
    changes = {_KEYWORDS.get(k, k): v for k, v in given.items() if v is not None}
    return dataclasses.replace(options or Resampling(), **changes)
