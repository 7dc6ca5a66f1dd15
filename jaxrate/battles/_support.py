"""How much of each model's rating rests on battles it played: the data behind a win-rate game.

A deviation rating of a win-rate game is set by a model's results against the
models that carry the equilibrium (its support). Where a model never met them,
its rating rests on imputed win rates. :func:`battle_support` counts, per
model, what the rating stands on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from jaxrate.battles._records import BattleCounts

__all__ = ["BattleSupport", "battle_support"]


class BattleSupport(NamedTuple):
    """Per model (``[M]``, in ``models`` order), the data behind its rating.

    Attributes:
      models: ``[M]`` names.
      battles: ``[M]`` battles the model played (every category).
      opponents: ``[M]`` distinct models it met.
      against_support: ``[M]`` battles against the models that carry the
        equilibrium (positive mass in ``support``); a model's battles among
        them against itself are not counted.
      imputed_share: ``[M]`` share of the model's pairs (per category) whose
        win rate was imputed, not observed.
      support: names of the models that carry the equilibrium.
    """

    models: tuple[str, ...]
    battles: np.ndarray
    opponents: np.ndarray
    against_support: np.ndarray
    imputed_share: np.ndarray
    support: tuple[str, ...]


def battle_support(
    counts: BattleCounts, imputed: np.ndarray, models: Sequence[str], mass: np.ndarray, tol: float = 1e-9
) -> BattleSupport:
    """Battles, distinct opponents, battles against the equilibrium's support and imputed share.

    Args:
      counts: the :class:`jaxrate.battles.BattleCounts` of the battle records
        (its models may be more than the game's: ``missing="drop-models"``).
      imputed: ``[K, M, M]`` bool, the game's imputed pairs
        (:attr:`WinRateGame.imputed`).
      models: ``[M]`` the game's models.
      mass: ``[M]`` the equilibrium's probability of each model as the
        opponent (a marginal of the rating joint).
      tol: mass above this puts a model in the support.

    Returns:
      A :class:`BattleSupport`.

    >>> from jaxrate.battles import battle_counts
    >>> counts = battle_counts([("a", "b", "model_a"), ("a", "c", "tie"), ("b", "a", "model_b")])
    >>> imputed = np.zeros((1, 3, 3), dtype=bool)
    >>> imputed[0, 1, 2] = imputed[0, 2, 1] = True
    >>> s = battle_support(counts, imputed, ["a", "b", "c"], np.array([1.0, 0.0, 0.0]))
    >>> s.battles.tolist(), s.opponents.tolist(), s.against_support.tolist(), s.imputed_share.tolist()
    ([3, 2, 1], [2, 1, 1], [0, 2, 1], [0.0, 0.5, 0.5])
    """
    models = tuple(str(m) for m in models)
    index = {name: i for i, name in enumerate(counts.models)}
    rows = np.array([index[m] for m in models], dtype=np.int64)
    games = counts.games.sum(axis=0)[np.ix_(rows, rows)]  # [M, M] over every category
    if len(counts.models) > len(models):  # dropped models' battles still count as played
        played = counts.games.sum(axis=(0, 2))[rows]
        met = (counts.games.sum(axis=0)[rows] > 0).sum(axis=1)
    else:
        played, met = games.sum(axis=1), (games > 0).sum(axis=1)
    inside = np.asarray(mass) > tol
    against = (games * inside[None, :]).sum(axis=1)
    k, m, _ = imputed.shape
    share = imputed.sum(axis=(0, 2)) / max(k * (m - 1), 1)
    return BattleSupport(
        models,
        played.astype(np.int64),
        met.astype(np.int64),
        against.astype(np.int64),
        share.astype(np.float64),
        tuple(mm for mm, s in zip(models, inside) if s),
    )
