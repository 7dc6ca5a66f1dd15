"""The resampling options record (:class:`Resampling`, defined with the results) as the functions read it."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from jaxrate import games
from jaxrate.game._game import Game
from jaxrate.results._intervals import Resampling

__all__ = ["Resampling", "game_of", "resolve"]

_GAMIFICATIONS = {"2p": games.agent_vs_task, "3p": games.agent_vs_agent_vs_task}


def game_of(options: Resampling) -> Callable[..., Game]:
    """The game of a ``[M, T]`` table: :func:`jaxrate.agent_vs_agent_vs_task` (``"3p"``) or
    :func:`jaxrate.agent_vs_task` (``"2p"``)."""
    return _GAMIFICATIONS[options.game]


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
