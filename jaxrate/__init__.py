"""jaxrate: clone-invariant deviation ratings for N-player general-sum games."""

from jaxrate import battles, certificate, datasets, exact, gains, games, ratings, uncertainty
from jaxrate._game import Game
from jaxrate._version import __version__
from jaxrate.certificate import Certificate, Verification, verify
from jaxrate.gains import deviation_gains, task_contributions, uniform_ratings
from jaxrate.games import agent_vs_agent_vs_task, agent_vs_task, battle_game
from jaxrate.ratings import alpha_rank, elo_ratings, nash_average, online_elo, payoff_ratings
from jaxrate.uncertainty import task_subsets

__all__ = [
    "Certificate",
    "Game",
    "Verification",
    "__version__",
    "agent_vs_agent_vs_task",
    "agent_vs_task",
    "alpha_rank",
    "batched",
    "battles",
    "battle_game",
    "datasets",
    "deviation_gains",
    "deviation_ratings",
    "elo_ratings",
    "exact",
    "gains",
    "games",
    "nash_average",
    "online_elo",
    "payoff_ratings",
    "ratings",
    "task_contributions",
    "task_subsets",
    "uncertainty",
    "uniform_ratings",
    "verify",
    "certificate",
]


def __getattr__(name: str):
    # The JAX path is imported on first use, so that the exact path and the
    # command line start without importing JAX.
    if name in ("batched", "deviation_ratings"):
        import importlib

        batched = importlib.import_module("jaxrate.batched")
        return batched if name == "batched" else batched.deviation_ratings
    raise AttributeError(f"module 'jaxrate' has no attribute {name!r}")
