"""Every rating method behind one call, for ``rate --method`` and ``compare``."""

from __future__ import annotations

import dataclasses
import time
from typing import Any

import numpy as np

from jaxrate.cli._inputs import Source
from jaxrate.tolerances import payoff_scale

__all__ = ["METHODS", "Rated", "run_method"]

METHODS = {
    "deviation": "deviation ratings (exact; --fast: JAX path)",
    "uniform": "mean payoff against uniform opponents",
    "elo": "Bradley-Terry / BayesElo fit (scores: task win rates; battles: the records)",
    "nash": "Nash averaging (two-player zero-sum games: --game 2p)",
    "alpharank": "alpha-rank stationary mass",
    "payoff": "payoff rating under the maximum-entropy CCE",
}


@dataclasses.dataclass
class Rated:
    method: str
    ratings: tuple  # one array per player
    players: tuple
    strategies: tuple
    scale: float  # payoff scale, for tie tolerances
    seconds: float
    proven: Any = None  # the jaxrate.Ratings of a deviation rating, with its proof
    info: dict = dataclasses.field(default_factory=dict)

    @property
    def exact(self) -> Any:
        """The deviation rating's :class:`jaxrate.Ratings` (former name of ``proven``)."""
        return self.proven


def run_method(
    source: Source, method: str, *, fast: bool = False, solver: str = "highs", progress=None
) -> Rated:
    import jaxrate
    from jaxrate import ratings as baselines

    game = source.game
    scale = payoff_scale(game) or 1.0
    start = time.perf_counter()
    info: dict = {}
    proven = None
    players, strategies = game.players, game.strategies
    if method == "deviation":
        # --fast: the JAX simplex first, re-rated exactly if it does not solve the game.
        policy = jaxrate.Auto(exact=jaxrate.Exact(backend=solver), single="simplex" if fast else "exact")
        proven = jaxrate.deviation_ratings(game, policy, progress=progress)
        values = proven.ratings
        info["solver"] = proven.solver
        if fast:
            by = proven.solved_by
            info["jax_status"] = "SOLVED" if by.fallback_from is None else by.reason
            info["jax_residual"] = float(proven.residual)
            if by.fallback_from is not None:
                info["fallback"] = by.message
    elif method == "uniform":
        values = jaxrate.uniform_ratings(game)
    elif method == "elo":
        if source.kind == "scores":
            p, names = baselines.win_probabilities(source.table)
            result = baselines.elo_ratings(p, models=names)
        elif source.kind == "battles":  # the counts already made, over all categories
            # The game's models: all of them, or those left by --missing drop-models.
            keep = [source.counts.models.index(name) for name in game.strategies[0]]
            wins = source.counts.scores.sum(axis=0)[np.ix_(keep, keep)]
            games = source.counts.games.sum(axis=0)[np.ix_(keep, keep)]
            p = np.where(games > 0, wins / np.where(games > 0, games, 1.0), 0.5)
            result = baselines.elo_ratings(p, models=game.strategies[0], counts=games)
        else:
            raise ValueError("Elo needs a score table or battle records, not a payoff tensor")
        values, players, strategies = (result.ratings,), ("model",), (result.models,)
        scale = float(np.ptp(result.ratings)) or 1.0
    elif method == "nash":
        if game.num_players != 2:
            raise ValueError("Nash averaging needs a two-player zero-sum game (for score tables: --game 2p)")
        result = baselines.nash_average(game)
        values = result.ratings
        info["value"] = result.value
    elif method == "alpharank":
        result = baselines.alpha_rank(game)
        values = result.ratings
        info["alpha"] = result.alpha
        scale = 1.0
    elif method == "payoff":
        result = baselines.payoff_ratings(game)
        values = result.ratings
        info["cce_gap"] = result.cce_gap
    else:
        raise ValueError(f"unknown method {method!r}; choose from {', '.join(METHODS)}")
    values = tuple(np.asarray(v, dtype=np.float64) for v in values)
    return Rated(
        method, values, tuple(players), tuple(strategies), scale, time.perf_counter() - start, proven, info
    )
