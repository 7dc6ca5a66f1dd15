"""jaxrate: clone-invariant deviation ratings for N-player general-sum games."""

import sys as _sys

from jaxrate.game import gains, jumps, normalise, symmetry, tolerances
from jaxrate.results import certificate, ranking, result, sensitivity, status
from jaxrate.solving import rate, solvers

# The public modules keep the names they had before the concept subpackages
# (``import jaxrate.gains``, ``from jaxrate.certificate import verify``): one
# module object under both names, so monkeypatching and isinstance see one.
for _module in (
    gains,
    jumps,
    normalise,
    symmetry,
    tolerances,
    certificate,
    ranking,
    result,
    sensitivity,
    status,
    rate,
    solvers,
):
    _sys.modules["jaxrate." + _module.__name__.rsplit(".", 1)[1]] = _module
del _module

from jaxrate import baselines, battles, datasets, exact, games, uncertainty  # noqa: E402
from jaxrate._version import __version__  # noqa: E402
from jaxrate.baselines import alpha_rank, elo_ratings, nash_average, online_elo, payoff_ratings  # noqa: E402
from jaxrate.game._game import Game, ScoreTableGame  # noqa: E402
from jaxrate.game._joint import SparseJoint  # noqa: E402
from jaxrate.game.gains import deviation_gains, task_contributions, uniform_ratings  # noqa: E402
from jaxrate.game.tolerances import TOLERANCES, Tolerances, payoff_scale  # noqa: E402
from jaxrate.games import agent_vs_agent_vs_task, agent_vs_task, battle_game  # noqa: E402
from jaxrate.results._saved import SavedResult, read_result  # noqa: E402
from jaxrate.results.certificate import Certificate, Verification, verify  # noqa: E402
from jaxrate.results.result import Ratings, SolvedBy  # noqa: E402
from jaxrate.results.status import Status  # noqa: E402
from jaxrate.robustness import audit  # noqa: E402
from jaxrate.solving.rate import deviation_ratings  # noqa: E402
from jaxrate.solving.solvers import Auto, Exact, Simplex  # noqa: E402
from jaxrate.uncertainty import bootstrap_replicates, task_subsets  # noqa: E402

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
    "SparseJoint",
    "Status",
    "TOLERANCES",
    "Tolerances",
    "Verification",
    "__version__",
    "agent_vs_agent_vs_task",
    "agent_vs_task",
    "alpha_rank",
    "audit",
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
    "sensitivity",
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
