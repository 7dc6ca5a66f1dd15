"""jaxrate: clone-invariant deviation ratings for N-player general-sum games."""

from jaxrate import batched, datasets, exact, gains, games
from jaxrate._game import Game
from jaxrate._version import __version__
from jaxrate.batched import deviation_ratings
from jaxrate.gains import deviation_gains, uniform_ratings
from jaxrate.games import agent_vs_agent_vs_task, agent_vs_task

__all__ = [
    "Game",
    "__version__",
    "agent_vs_agent_vs_task",
    "agent_vs_task",
    "batched",
    "datasets",
    "deviation_ratings",
    "deviation_gains",
    "exact",
    "gains",
    "games",
    "uniform_ratings",
]
