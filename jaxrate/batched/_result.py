"""Result and status types of the batched JAX path."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from jaxrate.results.status import Status, raise_first_failure

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
      level_values: each level's value ``[B, C]`` in payoff units (NaN past
        the last level).
      frozen_at: the level at which each constraint froze, ``[B, C]`` (-1 where masked).
      duals: each level's dual proof ``[B, C, C]`` (row ``k``: level ``k``'s
        multipliers; rows past the last level are zero). With ``ratings``,
        ``joint``, ``level_values`` and ``frozen_at`` this is the certificate
        :func:`jaxrate.verify` checks, as for the exact path.
      dual_gap: ``max_k (t_k - bound_k)``, payoff units ``[B]``: how far the
        solver's own check found the dual bounds below the level values.
      min_frozen_dual: the smallest dual on a row frozen at its level, ``[B]``.
    """

    ratings: tuple
    joint: np.ndarray
    levels: np.ndarray
    status: np.ndarray
    iterations: np.ndarray
    max_gain: np.ndarray
    residual: np.ndarray
    precision: str
    level_values: np.ndarray | None = None
    frozen_at: np.ndarray | None = None
    duals: np.ndarray | None = None
    dual_gap: np.ndarray | None = None
    min_frozen_dual: np.ndarray | None = None


def raise_for_status(result: BatchResult) -> BatchResult:
    """Raise ``RuntimeError`` naming the first game whose status is not SOLVED."""
    raise_first_failure(result.status)
    return result
