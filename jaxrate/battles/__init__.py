"""Battle records (Chatbot Arena's format): reading, counts, the comparison graph, the win-rate game.

A battle is ``(model_a, model_b, winner)`` with ``winner`` one of ``model_a``,
``model_b``, ``tie`` or ``tie (bothbad)``; a tie (of either kind) is half a win
for each model. Everything downstream (Elo, the win-rate game, bootstraps) works
on the ``[K, M, M]`` counts of :func:`battle_counts`.
"""

from jaxrate.battles._read import read_battles
from jaxrate.battles._records import (
    TIES,
    BattleCounts,
    battle_counts,
    battle_wins,
    battles_from_counts,
    check_connected,
    comparison_components,
)
from jaxrate.battles._support import BattleSupport, battle_support
from jaxrate.battles._win_rate import WinRateGame, battle_game, win_rate_game

__all__ = [
    "TIES",
    "BattleCounts",
    "BattleSupport",
    "WinRateGame",
    "battle_counts",
    "battle_game",
    "battle_support",
    "battle_wins",
    "battles_from_counts",
    "check_connected",
    "comparison_components",
    "read_battles",
    "win_rate_game",
]
