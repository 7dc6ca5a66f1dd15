"""The exact (canonical) path: float64 sequential LPs, certified results.

Users ask through :func:`jaxrate.deviation_ratings` (a :class:`jaxrate.Ratings`
for every solver); this solver's own result type stays inside it.
"""

from jaxrate.exact._many import RateOutcome, rate_many
from jaxrate.exact._result import Certificate, LevelRoute, Progress
from jaxrate.exact._solve import SOLVERS, deviation_ratings
from jaxrate.game._fallback import set_exact_rater
from jaxrate.game.normalise import normalise_payoffs

set_exact_rater(deviation_ratings)  # the JAX path's fallback for a game its simplex leaves unsolved

__all__ = [
    "Certificate",
    "LevelRoute",
    "Progress",
    "RateOutcome",
    "SOLVERS",
    "deviation_ratings",
    "normalise_payoffs",
    "rate_many",
]
