"""The batched JAX path: many games rated in parallel (revised simplex in JAX).

Users ask through :func:`jaxrate.deviation_ratings` with ``solver="simplex"`` (a
:class:`jaxrate.Ratings` for every solver); this solver's own result type stays inside it.

Importing it turns JAX's persistent compilation cache on where the user has not
set one (:mod:`jaxrate.game._xla_cache`: ``JAXRATE_CACHE_DIR``, empty for none).
"""

from jaxrate.batched._api import deviation_ratings
from jaxrate.batched._pure import WarmStart, no_warm_start, rate_game
from jaxrate.batched._result import Status, raise_for_status
from jaxrate.batched._simplex import SimplexConfig
from jaxrate.game._xla_cache import compilation_cache as _compilation_cache

_compilation_cache()  # compiled once per shape, kept between processes (where the user has not chosen)

__all__ = [
    "SimplexConfig",
    "Status",
    "WarmStart",
    "deviation_ratings",
    "no_warm_start",
    "raise_for_status",
    "rate_game",
]
