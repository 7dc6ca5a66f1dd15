"""The exact path's one-game rater, for the JAX path's in-``jit`` fallback.

:mod:`jaxrate.batched` and :mod:`jaxrate.exact` sit side by side (neither imports
the other, so that the exact path and the command line start without JAX). The
exact path puts its rater here when it is imported (the package's ``__init__``
imports it), and :func:`jaxrate.batched.rate_game` calls it back, from inside
``jit``, for a game its simplex leaves unsolved. No JAX here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["exact_rater", "set_exact_rater"]

_RATER: list[Callable[[Any], Any]] = []


def set_exact_rater(rate: Callable[[Any], Any]) -> None:
    """``rate(payoffs) -> ExactResult``: what :func:`exact_rater` returns from now on."""
    _RATER[:] = [rate]


def exact_rater() -> Callable[[Any], Any] | None:
    """The exact path's rater, or ``None`` where :mod:`jaxrate.exact` was never imported."""
    return _RATER[0] if _RATER else None
