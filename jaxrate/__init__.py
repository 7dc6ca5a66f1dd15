"""jaxrate: clone-invariant deviation ratings for N-player general-sum games."""

from jaxrate import baselines, battles, certificate, datasets, exact, gains, games, solvers, uncertainty
from jaxrate._game import Game, ScoreTableGame
from jaxrate._saved import SavedResult, read_result
from jaxrate._version import __version__
from jaxrate.baselines import alpha_rank, elo_ratings, nash_average, online_elo, payoff_ratings
from jaxrate.certificate import Certificate, Verification, verify
from jaxrate.gains import deviation_gains, task_contributions, uniform_ratings
from jaxrate.games import agent_vs_agent_vs_task, agent_vs_task, battle_game
from jaxrate.rate import deviation_ratings
from jaxrate.result import Ratings, SolvedBy
from jaxrate.solvers import Auto, Exact, Simplex
from jaxrate.status import Status
from jaxrate.tolerances import TOLERANCES, Tolerances, payoff_scale
from jaxrate.uncertainty import bootstrap_replicates, task_subsets

__all__ = [
    "Auto",
    "Certificate",
    "Exact",
    "Game",
    "ScoreTableGame",
    "Ratings",
    "SavedResult",
    "Simplex",
    "SolvedBy",
    "Status",
    "TOLERANCES",
    "Tolerances",
    "Verification",
    "__version__",
    "agent_vs_agent_vs_task",
    "agent_vs_task",
    "alpha_rank",
    "baselines",
    "batched",
    "battles",
    "battle_game",
    "bootstrap_replicates",
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
    "payoff_scale",
    "read_result",
    "solvers",
    "task_contributions",
    "task_subsets",
    "uncertainty",
    "uniform_ratings",
    "verify",
    "certificate",
]


def __getattr__(name: str):
    # The JAX solver's namespace is imported on first use, so that the exact
    # path and the command line start without importing JAX.
    if name == "batched":
        import importlib

        return importlib.import_module("jaxrate.batched")
    raise AttributeError(f"module 'jaxrate' has no attribute {name!r}")
