"""Every tolerance of jaxrate in one record, and the one scale they are relative to.

A game is rated as one problem whatever the solver (:mod:`jaxrate.normalise`):
its payoffs divided by :func:`payoff_scale`, the largest range of one player's
payoffs. Every relative tolerance below is a fraction of that scale, so the
freeze rule, the certificate, the tie rule and :attr:`jaxrate.Ratings.scale`
mean the same thing whichever solver rated the game. The older module
constants (``jaxrate.certificate.CERTIFICATE_TOL``, ``jaxrate.solvers.SIMPLEX_TOL``
...) are read from :data:`TOLERANCES`.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

__all__ = ["TOLERANCES", "Tolerances", "payoff_scale", "payoff_scales"]


@dataclasses.dataclass(frozen=True)
class Tolerances:
    """The tolerances every solver, checker and ranking uses (relative to the payoff scale).

    Attributes:
      freeze_dual: a free row is frozen when its optimal dual exceeds this
        (the freeze rule; an absolute dual, the duals sum to one).
      certificate: residuals of a proof are checked against this times the scale
        (the accuracy every exact result is verified to).
      simplex_sum: ``|sum(joint) - 1|`` plus the most negative entry may not exceed this.
      ties: ratings within this times the scale share a rank. Equal to
        ``certificate``: ratings are proven only to that accuracy, so two ratings
        closer than it cannot be told apart (library and command line alike).
      decimals: normalised payoffs are rounded to this many places of the scale.
      simplex_float64, simplex_float32: the JAX simplex's reduced-cost, pivot and
        dual tolerance in each precision.
      unique_float64, unique_float32: level 1's optimum counts as unique, and
        the JAX simplex finishes the game from it by arithmetic (exact for a
        unique optimum), when every joint outside its basis prices at least
        this above zero. In float64 1e-12: at 1e-6 (a thousand times the
        simplex's tolerance, as float32 keeps) near-clone games, whose clone's
        joints price at about the clones' distance, were pivoted level by
        level and closed levels on the wrong clone, up to 3e-5 of the range off
        (issue 52, ``benchmarks/near_clones.py``).
      accuracy_float64, accuracy_float32: the relative accuracy the JAX simplex
        states for a SOLVED game in each precision (its proof is checked to it).
      refactor_float64, refactor_float32: JAX simplex pivots between
        refactorisations of the basis inverse, by precision.
      polish_residual, polish_gap: a proven floating-point solve of the exact
        path (up to 50,000 joints, payoffs that make short rationals) is
        confirmed and repaired in exact arithmetic when its rating residual
        ``max_c |delta_c(joint) - r_c|`` exceeds ``polish_residual`` times the
        scale or its dual gap exceeds ``polish_gap`` times the scale: the
        ratings may then be off the exact ones by more than 1e-12 of the range
        (the residual tracks that error within a factor of about 2 on the hard
        real sub-leaderboards, hence half of it). HiGHS's own duals leave gaps
        up to 7e-12 on results exact to 1e-14, hence the looser gap.
      jump_probe_float64, jump_probe_float32: the jump check (:mod:`jaxrate.jumps`)
        rates the game again with its payoffs moved by this times the scale,
        both ways along one fixed direction, in each working precision.
      jump_float64, jump_float32: a rating that moves by more than this times the
        scale under that probe is not pinned by the data: the game is flagged.
      clone, clone_cap: the JAX path (:func:`jaxrate.batched.rate_game`) makes a
        player's strategies exact clones where their payoffs (every player's)
        are within ``clone`` of the scale of each other, or within twice the
        payoffs' own resolution (their dtype's epsilon times their largest
        magnitude) up to ``clone_cap``: the simplex's pricing cannot tell
        strategies that close apart, and closed levels on the wrong one (issue
        52, ``benchmarks/near_clones.py``); the exact path's ratings of such a game
        and of its merged copy differ by about the distance.
    """

    freeze_dual: float = 1e-9
    certificate: float = 1e-7
    simplex_sum: float = 1e-9
    ties: float = 1e-7
    decimals: int = 12
    simplex_float64: float = 1e-9
    simplex_float32: float = 2e-5
    unique_float64: float = 1e-12
    unique_float32: float = 2e-2
    accuracy_float64: float = 1e-6
    accuracy_float32: float = 1e-3
    refactor_float64: int = 50
    refactor_float32: int = 10
    polish_residual: float = 5e-13
    polish_gap: float = 1e-10
    jump_probe_float64: float = 1e-8
    jump_probe_float32: float = 1e-5
    jump_float64: float = 1e-6
    jump_float32: float = 5e-2
    clone: float = 1e-7
    clone_cap: float = 4e-7

    def simplex(self, precision: str) -> float:
        """The JAX simplex's tolerance in ``precision`` (``"float64"`` or ``"float32"``)."""
        return float(getattr(self, f"simplex_{_precision(precision)}"))

    def unique(self, precision: str) -> float:
        """The margin above zero at which level 1's optimum counts as unique, in ``precision``."""
        return float(getattr(self, f"unique_{_precision(precision)}"))

    def accuracy(self, precision: str) -> float:
        """The JAX simplex's stated relative accuracy in ``precision``."""
        return float(getattr(self, f"accuracy_{_precision(precision)}"))

    def jump_probe(self, precision: str) -> float:
        """The jump check's payoff move (relative) in ``precision``."""
        return float(getattr(self, f"jump_probe_{_precision(precision)}"))

    def jump(self, precision: str) -> float:
        """The rating move (relative) above which the jump check flags a game, in ``precision``."""
        return float(getattr(self, f"jump_{_precision(precision)}"))

    def refactor_every(self, precision: str) -> int:
        """The JAX simplex's pivots between refactorisations in ``precision``."""
        return int(getattr(self, f"refactor_{_precision(precision)}"))


def _precision(precision: str) -> str:
    if precision not in ("float64", "float32"):
        raise ValueError(f"precision must be 'float64' or 'float32'; got {precision!r}")
    return precision


#: Every tolerance of the package in one :class:`Tolerances` (ties, freezing, certificates,
#: the JAX simplex, jumps).
TOLERANCES = Tolerances()


def payoff_scales(payoffs: Any) -> np.ndarray:
    """The scale of each game of a batch ``[B, N, A_1, ..., A_N]``: ``[B]``.

    The largest range of one player's payoffs (non-finite entries read as 0), the
    number every solver divides the game by; 0 for a constant game.
    """
    array = np.asarray(payoffs, dtype=np.float64)
    flat = np.where(np.isfinite(array), array, 0.0).reshape(array.shape[0], array.shape[1], -1)
    return (flat.max(axis=2) - flat.min(axis=2)).max(axis=1)


def payoff_scale(payoffs: Any) -> float:
    """The scale of one game: the largest range of one player's payoffs.

    ``payoffs`` is ``[N, A_1, ..., A_N]`` or a :class:`jaxrate.Game`. Every
    solver rates the game divided by it; ties, certificates and
    :attr:`jaxrate.Ratings.scale` are relative to it.

    Example:
      >>> payoff_scale([[[0.0, 1.0], [0.5, 0.2]], [[2.0, 2.0], [2.0, 2.1]]])
      1.0
    """
    if hasattr(payoffs, "table") and hasattr(payoffs, "scale"):  # a score table's game, from its table
        return float(payoffs.scale)
    array = getattr(payoffs, "payoffs", payoffs)
    return float(payoff_scales(np.asarray(array, dtype=np.float64)[None])[0])
