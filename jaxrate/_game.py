"""The normal-form game type shared by every path."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

__all__ = ["Game", "as_game", "player_masks"]


def _check_names(kind: str, names: Sequence[Any], expected: int) -> tuple[str, ...]:
    names = tuple(str(n) for n in names)
    if len(names) != expected:
        raise ValueError(f"{kind}: expected {expected} names, got {len(names)}: {list(names)!r}")
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        if name in seen:
            raise ValueError(f"{kind}: duplicate name {name!r} at positions {seen[name]} and {i}")
        seen[name] = i
    return names


def _as_payoff_array(payoffs: Any) -> np.ndarray:
    try:
        array = np.asarray(payoffs, dtype=np.float64)
    except (ValueError, TypeError) as err:
        raise ValueError(f"payoffs must be a rectangular numeric array [N, A_1, ..., A_N]: {err}") from None
    return array


class Game:
    """An N-player normal-form game with named players and strategies.

    Payoffs are one float64 tensor ``[N, A_1, ..., A_N]`` (players first):
    ``payoffs[p, a_1, ..., a_N]`` is player ``p``'s payoff at the joint strategy
    ``(a_1, ..., a_N)``.

    Args:
      payoffs: array-like ``[N, A_1, ..., A_N]`` of finite numbers.
      players: ``N`` unique player names (default ``"player0"``, ...).
      strategies: one sequence of unique names per player, ``len == A_p``
        (default ``"0"``, ``"1"``, ...).

    Raises:
      ValueError: if the payoffs are ragged, empty, non-finite, or their
        leading axis does not match the number of strategy axes; or if names are
        missing, of the wrong length, or repeated.

    Example:
      >>> import jaxrate
      >>> g = jaxrate.Game([[[1, 0], [0, 1]], [[1, 0], [0, 1]]], players=["row", "col"])
      >>> g.num_players, g.num_strategies
      (2, (2, 2))
    """

    __slots__ = ("_payoffs", "_players", "_strategies")

    def __init__(
        self,
        payoffs: Any,
        players: Sequence[Any] | None = None,
        strategies: Sequence[Sequence[Any]] | None = None,
    ) -> None:
        array = _as_payoff_array(payoffs)
        if array.ndim < 2:
            raise ValueError(
                f"payoffs must have shape [N, A_1, ..., A_N] with N >= 1 strategy axes; "
                f"got shape {array.shape}"
            )
        n = array.shape[0]
        if array.ndim - 1 != n:
            raise ValueError(
                f"payoffs of shape {array.shape} describe {n} players on the leading axis "
                f"but have {array.ndim - 1} strategy axes; expected shape [N, A_1, ..., A_N] "
                f"with N = {array.ndim - 1}"
            )
        if any(a == 0 for a in array.shape[1:]):
            raise ValueError(f"every player needs at least one strategy; got payoffs of shape {array.shape}")
        if not np.all(np.isfinite(array)):
            bad = np.argwhere(~np.isfinite(array))[0]
            raise ValueError(
                f"payoffs must be finite; found {array[tuple(bad)]} at index {tuple(int(i) for i in bad)}"
            )
        array = array.copy()
        array.setflags(write=False)
        self._payoffs = array
        if players is None:
            players = [f"player{p}" for p in range(n)]
        self._players = _check_names("players", players, n)
        if strategies is None:
            strategies = [[str(i) for i in range(a)] for a in array.shape[1:]]
        if len(strategies) != n:
            raise ValueError(f"strategies: expected {n} name lists (one per player), got {len(strategies)}")
        self._strategies = tuple(
            _check_names(f"strategies of player {self._players[p]!r}", s, array.shape[1 + p])
            for p, s in enumerate(strategies)
        )

    @property
    def payoffs(self) -> np.ndarray:
        """Read-only float64 payoffs ``[N, A_1, ..., A_N]``."""
        return self._payoffs

    @property
    def players(self) -> tuple[str, ...]:
        return self._players

    @property
    def strategies(self) -> tuple[tuple[str, ...], ...]:
        return self._strategies

    @property
    def num_players(self) -> int:
        return self._payoffs.shape[0]

    @property
    def num_strategies(self) -> tuple[int, ...]:
        return tuple(self._payoffs.shape[1:])

    @property
    def num_joints(self) -> int:
        return int(np.prod(self.num_strategies))

    def __repr__(self) -> str:
        shape = "x".join(str(a) for a in self.num_strategies)
        return f"Game({self.num_players} players {list(self.players)}, {shape} strategies)"


def as_game(game_or_payoffs: Any) -> Game:
    """Return ``game_or_payoffs`` as a :class:`Game` (validating raw payoffs)."""
    if isinstance(game_or_payoffs, Game):
        return game_or_payoffs
    return Game(game_or_payoffs)


def player_masks(masks: Any, shape: tuple[int, ...], batch: int) -> tuple[np.ndarray, ...] | None:
    """Per-player strategy masks as bool arrays ``[B, A_p]`` (``None`` stays ``None``).

    Each mask may be ``[A_p]`` (the same for every game) or ``[B, A_p]``.

    Raises:
      ValueError: for a wrong number of masks or a mask of the wrong shape.
    """
    if masks is None:
        return None
    if len(masks) != len(shape):
        raise ValueError(f"masks: expected one mask per player ({len(shape)}), got {len(masks)}")
    out = []
    for p, (m, a) in enumerate(zip(masks, shape)):
        m = np.asarray(m, dtype=bool)
        if m.ndim == 1:
            m = np.broadcast_to(m, (batch, a))
        if m.shape != (batch, a):
            raise ValueError(f"masks[{p}]: expected shape ({batch}, {a}) or ({a},), got {m.shape}")
        out.append(m)
    return tuple(out)
