"""The outcome of rating one game, shared by every solver."""

from __future__ import annotations

import enum

__all__ = ["Status"]


class Status(enum.IntEnum):
    """Per-game outcome; ``Status(code).message`` explains it."""

    SOLVED = 0
    MAX_ITERATIONS = 1
    NONFINITE = 2
    FAILED = 3

    @property
    def message(self) -> str:
        return {
            Status.SOLVED: "every constraint frozen within tolerance (exact results: verified)",
            Status.MAX_ITERATIONS: "pivot cap reached before every constraint was frozen; "
            "ratings of unfrozen constraints are the current gains",
            Status.NONFINITE: "payoffs contain NaN or inf; ratings are NaN",
            Status.FAILED: "numerical failure (no pivot found, or the joint's residual exceeds the "
            "certificate tolerance, typically float32 on a degenerate game); use float64 or an exact solver",
        }[self]
