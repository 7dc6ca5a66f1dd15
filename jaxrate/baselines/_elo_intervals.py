r"""Elo intervals: bootstrap resamples of the battles, and the sandwich estimator of the public boards.

A bootstrap resample redraws the observed battles, either per pair (each
pair's battles from its own wins, losses and ties, so the comparison graph
is kept) or all at once (battles drawn with replacement, as Chatbot Arena's
notebooks and LMArena's ``arena-rank`` do).

The sandwich estimator (``arena-rank``'s default intervals) needs no
resampling. In natural units (``d_ij = k (r_i - r_j)``, ``p_ij = sigma(d_ij)``),

.. math::

   H = \sum_{i<j} n_{ij} p_{ij} (1 - p_{ij}) L_{ij} + \lambda N I, \qquad
   G = \sum_{i<j} \bigl(w_{ij} (1 - p_{ij})^2 + l_{ij} p_{ij}^2
       + t_{ij} (\tfrac12 - p_{ij})^2\bigr) L_{ij},

with ``L_ij = (e_i - e_j)(e_i - e_j)^T``, ``w, l, t`` a pair's wins, losses
and ties, ``N`` all battles and ``lambda = 1e-5``; the covariance of the
ratings is ``H^-1 G H^-1`` and an interval is ``r +- z sigma / k``.
"""

from __future__ import annotations

from statistics import NormalDist
from typing import Any

import numpy as np

__all__ = ["resample", "sandwich_halfwidth"]

# arena-rank's ridge on the Hessian's diagonal, per battle (``hessian_reg``).
HESSIAN_RIDGE = 1e-5


def _redraw(rng: np.random.Generator, outcomes: np.ndarray) -> np.ndarray:
    """Multinomial redraw of each pair's battles: ``[P, 3]`` counts, same total per pair."""
    total = outcomes.sum(axis=1)
    share = outcomes / np.maximum(total, 1)[:, None]
    share[total == 0] = (1.0, 0.0, 0.0)
    return rng.multinomial(total, share)


def _scores_matrix(outcomes: np.ndarray, upper: np.ndarray) -> np.ndarray:
    """``[M, M]`` wins (ties as halves) from per-pair outcome counts ``[P, 3]`` over ``upper``."""
    w = np.zeros(upper.shape)
    w[upper] = outcomes[:, 0] + 0.5 * outcomes[:, 2]
    w.T[upper] = outcomes[:, 1] + 0.5 * outcomes[:, 2]
    return w


def resample(rng: np.random.Generator, observed: Any, how: str = "pairs") -> np.ndarray:
    """``[M, M]`` wins of one bootstrap resample of ``observed`` (an ``_Observed``).

    ``how="pairs"``: each pair's battles redrawn from its own outcomes;
    ``"battles"``: all ``N`` battles drawn with replacement (a multinomial
    over every pair's wins, losses and ties).
    """
    outcomes = observed.outcomes
    if how == "battles":
        flat = outcomes.ravel()
        total = int(flat.sum())
        drawn = rng.multinomial(total, flat / total).reshape(outcomes.shape)
        return _scores_matrix(drawn, observed.upper)
    if observed.share is not None:
        total = outcomes[:, :2].sum(axis=1)
        won = rng.binomial(total, observed.share)
        return _scores_matrix(np.stack([won, total - won, np.zeros_like(won)], axis=1), observed.upper)
    return _scores_matrix(_redraw(rng, outcomes), observed.upper)


def sandwich_halfwidth(observed: Any, ratings: np.ndarray, k: float, confidence: float) -> np.ndarray:
    """``[M]`` half-widths ``z sigma`` (Elo points) of the sandwich intervals at ``ratings``."""
    outcomes = observed.outcomes.astype(np.float64)
    i, j = np.nonzero(observed.upper)
    p = 0.5 * (1.0 + np.tanh(0.5 * k * (ratings[i] - ratings[j])))  # P(i beats j)
    won, lost, tied = outcomes.T
    hess = (won + lost + tied) * p * (1.0 - p)
    score = won * (1.0 - p) ** 2 + lost * p**2 + tied * (0.5 - p) ** 2
    m = len(ratings)
    h = _laplacian(hess, i, j, m) + HESSIAN_RIDGE * outcomes.sum() * np.eye(m)
    g = _laplacian(score, i, j, m)
    h_inv = np.linalg.inv(h)
    variance = np.einsum("ab,bc,ac->a", h_inv, g, h_inv)
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    return z * np.sqrt(np.maximum(variance, 0.0)) / k


def _laplacian(weights: np.ndarray, i: np.ndarray, j: np.ndarray, m: int) -> np.ndarray:
    """``sum_p weights_p (e_i - e_j)(e_i - e_j)^T`` over pairs ``(i_p, j_p)``: ``[M, M]``."""
    out = np.zeros((m, m))
    np.add.at(out, (i, j), -weights)
    out += out.T
    np.fill_diagonal(out, -out.sum(axis=1))
    return out
