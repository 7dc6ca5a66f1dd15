"""The JAX simplex's static settings: one record, and the one rule that sizes it.

Below :mod:`jaxrate.solvers` (whose :class:`jaxrate.Simplex` value hands
:func:`simplex_config` to the solver) and :mod:`jaxrate.batched` (which runs
with it), so that neither imports the other's configuration. No JAX here.
"""

from __future__ import annotations

from typing import NamedTuple

from jaxrate.game.tolerances import TOLERANCES

__all__ = ["STALL_AFTER", "SimplexConfig", "simplex_config"]

# Degenerate pivots in a row, per (C + 1), after which a game is stalled and
# changes its ratio-test ties (see jaxrate.batched._simplex, issue 15).
#: Degenerate pivots in a row, per (C + 1), after which a game is stalled and changes its ratio-test ties.
STALL_AFTER = 2

# Harris's primal tolerance in float32 (normalised units). The textbook ratio test
# with exact ties pivoted on rounding noise in float32 (a basis of condition 1e17
# after 48 pivots of a 2P 10 x 10 game); with Harris's test the share of float32
# games left unsolved fell from 38% to 2% (2P 10 x 10) and from 14% to 3% (3P 6 x 6 x 6).
# Float64 keeps the textbook test (benchmarks/float32_accuracy.py, issue 45).
HARRIS_FLOAT32 = 1e-6


class SimplexConfig(NamedTuple):
    """Static, hashable settings (normalised payoff units)."""

    dual_tol: float = 1e-9  # freeze a free row whose dual exceeds this
    cost_tol: float = 1e-9  # a column enters when its reduced cost is below -cost_tol
    pivot_tol: float = 1e-9  # smallest usable pivot element
    max_pivots: int = 10_000  # per game, all levels together
    refactor_every: int = 50  # pivots between recomputing the basis inverse
    bland_after: int = 30  # consecutive degenerate pivots before Bland's rule (anti-cycling)
    largest_pivot: bool = False  # start with largest-pivot ratio-test ties (else Bland's)
    perturb: float = 0.0  # start with right-hand sides lowered by 1-2x this (anti-cycling)
    stall_after: int = 1_000  # degenerate pivots in a row before a game escalates its tie rule
    harris: float = 0.0  # > 0: Harris's ratio test with this primal tolerance (the float32 default)
    retry_rules: bool = False  # compile Harris's test beside the textbook one, for rate_game's retry rungs
    # rate_game only: a game its simplex leaves FAILED is rated again by the exact
    # path, called back on the host from inside jit (jaxrate.batched._fallback); False compiles no
    # host callback (jax.export, a backend without host callbacks)
    fallback: bool = True
    unique_margin: float = 1e-6  # level 1's optimum is unique when every other joint prices above this


def simplex_config(
    num_constraints: int,
    precision: str,
    tol: float | None = None,
    max_pivots: int | None = None,
    refactor_every: int | None = None,
) -> SimplexConfig:
    """The static settings for games with ``C`` constraints in ``precision``.

    ``None`` takes the default: :data:`jaxrate.TOLERANCES`'s simplex tolerance,
    uniqueness margin and refactorisation period of the precision, and a pivot
    budget of ``25 (C + 1)``. A ``tol`` sets the dual, pivot and pricing tolerances
    to it, and the uniqueness margin to a thousand times it.
    """
    eps = float(TOLERANCES.simplex(precision) if tol is None else tol)
    return SimplexConfig(
        harris=HARRIS_FLOAT32 if precision == "float32" else 0.0,
        dual_tol=eps,
        cost_tol=eps,
        unique_margin=TOLERANCES.unique(precision) if tol is None else 1000.0 * eps,
        pivot_tol=eps,
        max_pivots=int(25 * (num_constraints + 1) if max_pivots is None else max_pivots),
        stall_after=int(STALL_AFTER * (num_constraints + 1)),
        refactor_every=int(
            TOLERANCES.refactor_every(precision) if refactor_every is None else refactor_every
        ),
    )
