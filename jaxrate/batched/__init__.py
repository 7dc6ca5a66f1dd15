"""The batched JAX path: many games rated in parallel (revised simplex in JAX)."""

from jaxrate.batched._api import deviation_ratings
from jaxrate.batched._pure import rate_game
from jaxrate.batched._result import BatchResult, Status, raise_for_status
from jaxrate.batched._simplex import SimplexConfig

__all__ = [
    "BatchResult",
    "SimplexConfig",
    "Status",
    "deviation_ratings",
    "raise_for_status",
    "rate_game",
]
