"""One rating method as a function of a score table, for resampling every method the same way.

:func:`table_rater` turns a method name into ``rate(table [M, T]) -> ratings [C]``
(flat over the players it rates) together with the point estimate on the
data and the scale that tie tolerances are measured in. The baselines are the
library's own functions (:func:`jaxrate.uniform_ratings`,
:func:`jaxrate.elo_ratings` on task win rates, :func:`jaxrate.nash_average`,
:func:`jaxrate.alpha_rank`, :func:`jaxrate.payoff_ratings`).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np

from jaxrate.game._defaults import DEFAULTS
from jaxrate.game._game import Game

__all__ = ["RATINGS", "TableRater", "table_rater"]

RATINGS = ("deviation", "uniform", "elo", "nash", "alpharank", "payoff")


class TableRater(NamedTuple):
    """``rate(table) -> [C]``; ``point`` ratings per player on the data; ``scale`` for ties."""

    rate: Callable[[np.ndarray], np.ndarray]
    point: tuple[np.ndarray, ...]
    scale: float


def _elo(table: np.ndarray, models, prior: float | str) -> Any:
    """The :class:`jaxrate.baselines.EloResult` of a table's task win rates."""
    from jaxrate.baselines import elo_ratings, win_probabilities

    p, _ = win_probabilities(table)
    return elo_ratings(p, models=models, prior=prior)


def _elo_resample(table: np.ndarray, models, prior: float) -> np.ndarray:
    """Elo of a resample, with the prior the data's fit chose (said, with any warning, once for the data)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        return np.asarray(_elo(table, models, prior).ratings, dtype=np.float64)


def table_rater(
    name: str, gamify: Callable[..., Game], point_table: np.ndarray, models: Sequence[str] | None = None
) -> TableRater:
    """The method ``name`` (one of :data:`RATINGS` but ``"deviation"``) as a :class:`TableRater`.

    ``models`` names the table's rows in messages (Elo's errors name models).

    Raises:
      ValueError: for an unknown method, or Nash averaging of a 3-player game.
    """
    from jaxrate import baselines
    from jaxrate.game import gains
    from jaxrate.game.tolerances import payoff_scale

    game = gamify(point_table)
    scale = payoff_scale(game) or 1.0
    if name == "uniform":
        rate = lambda t: np.concatenate(gains.uniform_ratings(gamify(t)))  # noqa: E731
    elif name == "elo":
        names = list(models) if models is not None else None
        fit = _elo(point_table, names, DEFAULTS.elo_prior)  # "auto" on the data; its prior for every resample
        point = np.asarray(fit.ratings, dtype=np.float64)
        return TableRater(lambda t: _elo_resample(t, names, fit.prior), (point,), float(np.ptp(point)) or 1.0)
    elif name == "nash":
        if game.num_players != 2:
            raise ValueError("Nash averaging needs a two-player zero-sum game (gamification '2p')")
        rate = lambda t: np.concatenate(baselines.nash_average(gamify(t)).ratings)  # noqa: E731
    elif name == "alpharank":
        alpha = baselines.alpha_rank(game).alpha  # the data's selection intensity, kept for every resample
        rate = lambda t: np.concatenate(baselines.alpha_rank(gamify(t), alpha=alpha).ratings)  # noqa: E731
        scale = 1.0
    elif name == "payoff":
        rate = lambda t: np.concatenate(baselines.payoff_ratings(gamify(t)).ratings)  # noqa: E731
    else:
        raise ValueError(f"rating must be one of {', '.join(RATINGS)}; got {name!r}")
    flat = rate(point_table)
    point = tuple(np.split(flat, np.cumsum(game.num_strategies)[:-1]))
    return TableRater(rate, point, scale)
