"""Gamifications (score tables to games) and game transforms.

The gamifications turn a ``[agents, tasks]`` score table ``T`` into a game:

* :func:`agent_vs_task`: two-player zero-sum, ``G_agent = T``, ``G_task = -T``.
* :func:`agent_vs_agent_vs_task`: three players, ``G_A(a, b, t) = T(a,t) - T(b,t)``,
  ``G_B = -G_A``, ``G_T = |G_A|``.

The transforms (clone, mixture, offset, permutation) are the operations under
which the paper proves deviation ratings invariant or equivariant; the property
tests use them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

# WinRateGame and win_rate_game: still importable from here; their home is jaxrate.battles.
from jaxrate.battles import WinRateGame, battle_game, win_rate_game  # noqa: F401
from jaxrate.game._game import Game, ScoreTableGame, as_game
from jaxrate.game._score_table import score_table

__all__ = [
    "Game",
    "agent_vs_task",
    "agent_vs_agent_vs_task",
    "score_table",
    "clone_strategy",
    "add_mixture",
    "add_offset",
    "battle_game",
    "permute_strategies",
    "permute_players",
]


def agent_vs_task(
    scores: Any, agents: Sequence[Any] | None = None, tasks: Sequence[Any] | None = None
) -> Game:
    """Two-player zero-sum agent-vs-task game: agent maximises score, task minimises.

    Args:
      scores: ``[agents, tasks]`` array or DataFrame (index = agents).
      agents, tasks: names (default: the DataFrame's labels or indices).

    Returns:
      A :class:`Game` with payoffs ``[2, agents, tasks]`` and players
      ``("agent", "task")``.
    """
    table, agents, tasks = score_table(scores, agents, tasks)
    return Game(np.stack([table, -table]), players=("agent", "task"), strategies=(agents, tasks))


def agent_vs_agent_vs_task(
    scores: Any, agents: Sequence[Any] | None = None, tasks: Sequence[Any] | None = None
) -> Game:
    """Three-player agent-vs-agent-vs-task game of the paper.

    ``G_A(a, b, t) = T(a, t) - T(b, t)``, ``G_B = -G_A``, ``G_T = |G_A|``: the two
    agent players are interchangeable, and the task player favours tasks that
    separate them.

    Returns:
      A :class:`jaxrate.ScoreTableGame` (a :class:`Game` with payoffs ``[3,
      agents, agents, tasks]``, built only when read, and players ``("agent_a",
      "agent_b", "task")``): the exact path rates it through its table.
    """
    table, agents, tasks = score_table(scores, agents, tasks)
    return ScoreTableGame(table, agents, tasks)


# --------------------------------------------------------------------------- transforms


def _with(game: Game, payoffs: np.ndarray, strategies=None, players=None) -> Game:
    return Game(
        payoffs,
        players=game.players if players is None else players,
        strategies=game.strategies if strategies is None else strategies,
    )


def clone_strategy(game: Any, player: int, strategy: int, name: str | None = None) -> Game:
    """Append an exact copy of ``strategy`` to ``player``'s strategies."""
    game = as_game(game)
    weights = np.eye(game.num_strategies[player])[strategy]
    name = name or f"{game.strategies[player][strategy]}#clone{game.num_strategies[player]}"
    return add_mixture(game, player, weights, name=name)


def add_mixture(game: Any, player: int, weights: Any, name: str | None = None) -> Game:
    """Append a strategy for ``player`` that plays the mixture ``weights`` ``[A_p]``.

    Every player's payoff at a joint containing the new strategy is the
    ``weights``-average of their payoffs at the pure strategies it mixes.
    """
    game = as_game(game)
    w = np.asarray(weights, dtype=np.float64)
    if w.shape != (game.num_strategies[player],) or np.any(w < 0) or not np.isclose(w.sum(), 1):
        raise ValueError(f"weights must be a distribution over {game.num_strategies[player]} strategies")
    g = game.payoffs
    new = np.tensordot(w, g, axes=([0], [1 + player]))  # [N, A_-p]
    new = np.expand_dims(new, 1 + player)
    payoffs = np.concatenate([g, new], axis=1 + player)
    strategies = list(game.strategies)
    base = name or f"mix{len(strategies[player])}"
    strategies[player] = strategies[player] + (base,)
    return _with(game, payoffs, strategies=strategies)


def add_offset(game: Any, player: int, offset: Any) -> Game:
    """Add ``offset(a_-p)`` to ``player``'s payoffs; ``offset`` has shape ``[A_-p]``."""
    game = as_game(game)
    g = game.payoffs.copy()
    b = np.asarray(offset, dtype=np.float64)
    g[player] = g[player] + np.expand_dims(b, player)
    return _with(game, g)


def permute_strategies(game: Any, player: int, perm: Sequence[int]) -> Game:
    """Reorder ``player``'s strategies: new strategy ``i`` is old ``perm[i]``."""
    game = as_game(game)
    perm = np.asarray(perm)
    g = np.take(game.payoffs, perm, axis=1 + player)
    strategies = list(game.strategies)
    strategies[player] = tuple(strategies[player][i] for i in perm)
    return _with(game, g, strategies=strategies)


def permute_players(game: Any, perm: Sequence[int]) -> Game:
    """Reorder players: new player ``q`` is old player ``perm[q]``."""
    game = as_game(game)
    perm = list(perm)
    g = game.payoffs[perm]  # payoff of new player q is old perm[q]
    g = np.transpose(g, [0] + [1 + i for i in perm])
    return Game(
        g,
        players=[game.players[i] for i in perm],
        strategies=[game.strategies[i] for i in perm],
    )
