"""Result and status types of the batched JAX path."""

from __future__ import annotations

import enum
from typing import NamedTuple

import numpy as np

__all__ = ["Status", "BatchResult", "raise_for_status"]


class Status(enum.IntEnum):
    """Per-game outcome of the batched solver; ``Status(code).message`` explains it."""

    SOLVED = 0
    MAX_ITERATIONS = 1
    NONFINITE = 2
    FAILED = 3

    @property
    def message(self) -> str:
        return {
            Status.SOLVED: "every constraint frozen within tolerance",
            Status.MAX_ITERATIONS: "pivot cap reached before every constraint was frozen; "
            "ratings of unfrozen constraints are the current gains",
            Status.NONFINITE: "payoffs contain NaN or inf; ratings are NaN",
            Status.FAILED: "numerical failure (no pivot found, or the joint's residual exceeds "
            "1000x the tolerance, typically float32 on a degenerate game); use float64 or jaxrate.exact",
        }[self]


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
    status = np.atleast_1d(np.asarray(result.status))
    bad = np.nonzero(status != Status.SOLVED)[0]
    if len(bad):
        code = Status(int(status[bad[0]]))
        raise RuntimeError(f"game {int(bad[0])} of {len(status)}: {code.name}: {code.message}")
    return result
