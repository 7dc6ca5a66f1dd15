"""The exact (canonical) path: float64 sequential LPs, certified results."""

from jaxrate.exact._many import RateOutcome, rate_many
from jaxrate.exact._result import Certificate, ExactResult, LevelRoute, Progress
from jaxrate.exact._solve import SOLVERS, deviation_ratings
from jaxrate.normalise import normalise_payoffs

__all__ = [
    "Certificate",
    "ExactResult",
    "LevelRoute",
    "Progress",
    "RateOutcome",
    "SOLVERS",
    "deviation_ratings",
    "normalise_payoffs",
    "rate_many",
]
