"""The game every solver rates: payoffs normalised by their scale and quantized.

Deviation gains are invariant to a per-player constant and scale linearly, so
each player's payoffs are centred, divided by the largest range and rounded to
``DECIMALS`` places of that scale: payoffs that differ only by floating-point
noise become equal (ties stay ties), and ratings of the result times the scale
are the ratings of the payoffs. Solvers rate this game and :func:`jaxrate.verify`
checks proofs against it, so both mean the same problem.
"""

from __future__ import annotations

import numpy as np

from jaxrate.game.tolerances import TOLERANCES, payoff_scale

__all__ = ["DECIMALS", "normalise_payoffs", "quantized_payoffs"]

#: Decimals payoffs are rounded to before they are normalised (``TOLERANCES.decimals``).
DECIMALS = TOLERANCES.decimals


def normalise_payoffs(payoffs: np.ndarray, decimals: int = DECIMALS) -> tuple[np.ndarray, float]:
    """Centre each player's payoffs, divide by the largest range, quantize.

    Deviation gains are invariant to a per-player constant and scale linearly,
    so ratings of the returned payoffs times ``scale`` are the ratings of
    ``payoffs``. Rounding to ``decimals`` (relative to the scale, not absolute as
    in the paper) makes payoffs that differ only by floating-point noise equal.

    Returns:
      ``(normalised [N, A..], scale)``; ``scale == 0`` for a constant game.
    """
    n = payoffs.shape[0]
    flat = payoffs.reshape(n, -1)
    lo, hi = flat.min(axis=1), flat.max(axis=1)
    scale = payoff_scale(payoffs)
    if scale == 0.0:
        return np.zeros_like(payoffs), 0.0
    mid = (hi + lo) / 2
    centred = (payoffs - mid.reshape((n,) + (1,) * (payoffs.ndim - 1))) / scale
    return np.round(centred, decimals), scale


def quantized_payoffs(payoffs: np.ndarray, decimals: int = DECIMALS, centred: bool = False) -> np.ndarray:
    """``payoffs`` as the solvers see them, back in the user's units, ``[N, A..]``.

    The quantized normalised game times the scale, plus each player's centre:
    within ``0.5 * 10**-decimals`` of the scale of ``payoffs``.

    ``centred``: without each player's centre. Deviation gains, the constraint
    matrix and so every check of a proof are the same for both, but a centre far
    from zero (``1e7`` times the range) costs the sum its low digits: a proof
    is checked on the centred payoffs, whose rounding is relative to the range.
    """
    normalised, scale = normalise_payoffs(payoffs, decimals)
    if scale == 0.0:
        return np.zeros_like(payoffs, dtype=np.float64) if centred else np.array(payoffs, dtype=np.float64)
    if centred:
        return normalised * scale
    n = payoffs.shape[0]
    flat = payoffs.reshape(n, -1)
    mid = ((flat.max(axis=1) + flat.min(axis=1)) / 2).reshape((n,) + (1,) * (payoffs.ndim - 1))
    return normalised * scale + mid
