"""The outcome of rating one game, shared by every solver."""

from __future__ import annotations

import enum
from typing import Any

__all__ = ["SOLVER_FAILURES", "Status", "raise_first_failure"]

# The failures a solver declares for one game (a level LP that fails at every
# step of the exact ladder: RuntimeError; a game the exact path refuses:
# ValueError; exact arithmetic over its time budget: TimeoutError). Rating a
# batch turns these into the game's FAILED status; any other exception is a
# bug and propagates.
SOLVER_FAILURES = (RuntimeError, ValueError, TimeoutError)


class Status(enum.IntEnum):
    """Per-game outcome; ``Status(code).message`` explains it."""

    SOLVED = 0
    MAX_ITERATIONS = 1
    NONFINITE = 2
    FAILED = 3
    SUBNORMAL = 4

    @property
    def message(self) -> str:
        return {
            Status.SOLVED: "every constraint frozen within tolerance (exact results: verified)",
            Status.MAX_ITERATIONS: "pivot cap reached before every constraint was frozen; "
            "ratings of unfrozen constraints are the current gains",
            Status.NONFINITE: "payoffs contain NaN or inf; ratings are NaN",
            Status.FAILED: "numerical failure (no pivot found, or the joint's residual exceeds the "
            "certificate tolerance, typically float32 on a degenerate game); use float64 or an exact solver",
            Status.SUBNORMAL: "payoffs below the smallest normal number of their dtype (subnormal: float32 "
            "under 1.2e-38, float64 under 2.2e-308), which the arithmetic may flush to zero; multiply them "
            "by a power of two (ratings scale with the payoffs) or rate them on the exact path",
        }[self]


def raise_first_failure(status: Any, messages: Any = None) -> None:
    """Raise ``RuntimeError`` naming the first game whose status is not ``SOLVED``.

    ``status`` is a code or ``[B]`` codes; ``messages`` (one per game, or one)
    say why, defaulting to each status's own message.
    """
    import numpy as np

    batched = np.ndim(status) == 1
    codes = np.atleast_1d(np.asarray(status))
    bad = np.flatnonzero(codes != Status.SOLVED)
    if not len(bad):
        return
    code = Status(int(codes[bad[0]]))
    message = messages[bad[0]] if batched and messages is not None else messages
    where = f"game {int(bad[0])} of {len(codes)}: " if batched else ""
    raise RuntimeError(f"{where}{code.name}: {message or code.message}")
