"""Result and status types of the batched JAX path."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from jaxrate.status import Status, raise_first_failure

__all__ = ["Status", "BatchResult", "raise_for_status"]


class BatchResult(NamedTuple):
    """Deviation ratings of a batch of games from the JAX path.

    Shapes carry the batch axis ``B`` in front (absent when a single game
    ``[N, A..]`` was passed).

    Attributes:
      ratings: one array ``[B, A_p]`` per player; NaN for masked strategies.
      joint: sigma, ``[B, A_1, ..., A_N]``.
      levels: levels solved, ``[B]`` int.
      status: :class:`Status` codes, ``[B]`` int.
      iterations: simplex pivots used, ``[B]`` int.
      max_gain: largest deviation gain under ``joint``, ``[B]`` (<= 0: a CCE).
      residual: ``max_c |delta_c(joint) - r_c|`` over unmasked constraints, in
        payoff units, ``[B]``: the accuracy actually achieved.
      precision: ``"float32"`` or ``"float64"``.
    """

    ratings: tuple
    joint: np.ndarray
    levels: np.ndarray
    status: np.ndarray
    iterations: np.ndarray
    max_gain: np.ndarray
    residual: np.ndarray
    precision: str


def raise_for_status(result: BatchResult) -> BatchResult:
    """Raise ``RuntimeError`` naming the first game whose status is not SOLVED."""
    raise_first_failure(result.status)
    return result
