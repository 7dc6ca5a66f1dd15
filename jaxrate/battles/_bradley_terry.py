r"""The Bradley-Terry fit shared by Elo ratings and the win-rate game's imputation.

Ratings ``r`` of ``M`` models maximise the likelihood of ``W`` (``W_ij``: the
wins of ``i`` over ``j``, possibly fractional; a tie is half a win for each):

.. math::

   \min_r \sum_{i \ne j} W_{ij} \log\bigl(1 + e^{-k (r_i - r_j)}\bigr),

with ``k = ln(base) / scale`` (``k = 1``: natural units). The minimum is finite
iff the graph "``i`` beat ``j`` at least partly" is strongly connected
(:func:`check_estimable`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from jaxrate.battles._records import check_connected

__all__ = ["check_estimable", "fit", "nll", "solve_laplacian"]


def check_estimable(
    wins: np.ndarray, models: Sequence[str], hint: str = "pass prior > 0 (virtual draws) or more games"
) -> None:
    """The Bradley-Terry MLE is finite iff "beat at least partly" is strongly connected.

    A comparison graph that is not even connected is named as such first: no
    amount of games between the models already met can place its groups.
    """
    from scipy.sparse.csgraph import connected_components

    check_connected(wins + wins.T, models)
    n, labels = connected_components(wins > 0, directed=True, connection="strong")
    if n > 1:
        # A strongly connected component no one outside it ever beats.
        beaten = wins > 0
        for c in range(n):
            inside = labels == c
            if not beaten[np.ix_(~inside, inside)].any():
                top = [models[i] for i in np.nonzero(inside)[0][:5]]
                raise ValueError(
                    f"the Bradley-Terry fit has no finite solution: {top} never lose to the "
                    f"other models (or never meet them); {hint}"
                )


def nll(wins: np.ndarray, r: np.ndarray, k: float) -> float:
    d = k * (r[:, None] - r[None, :])
    return float((wins * np.logaddexp(0.0, -d)).sum())


def solve_laplacian(weights: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Solve ``(L + 11^T / m) x = b`` for the Laplacian ``L`` of ``weights [M, M]`` (zero diagonal).

    Jacobi-preconditioned conjugate gradients with element-wise products only:
    a dense LAPACK solve of this size spends its time in BLAS threads, which
    on a busy machine made a bootstrap of the 129 Arena models 100x slower.
    """
    m = len(b)
    degree = weights.sum(axis=1)

    def apply(v):
        return degree * v - (weights * v[None, :]).sum(axis=1) + v.mean()

    inverse = 1.0 / (degree + 1.0 / m)
    x = np.zeros(m)
    r = b.copy()
    z = inverse * r
    d = z.copy()
    rz = r @ z
    stop = (1e-15 * np.linalg.norm(b)) ** 2
    for _ in range(10 * m):
        if r @ r <= stop:
            break
        q = apply(d)
        step = rz / (d @ q)
        x += step * d
        r -= step * q
        z = inverse * r
        rz, previous = r @ z, rz
        d = z + (rz / previous) * d
    return x


def fit(wins: np.ndarray, k: float) -> np.ndarray:
    """Damped Newton on the (convex) negative log-likelihood; ratings sum to 0."""
    m = len(wins)
    games = wins + wins.T
    r = np.zeros(m)
    loss = nll(wins, r, k)
    for _ in range(200):
        d = k * (r[:, None] - r[None, :])
        s = 0.5 * (1.0 + np.tanh(0.5 * d))  # predicted P(i beats j), stable
        grad = -k * (wins * (1.0 - s) - wins.T * s).sum(axis=1)
        weights = (k * k) * games * s * (1.0 - s)  # the Hessian is this graph's Laplacian
        np.fill_diagonal(weights, 0.0)
        step = solve_laplacian(weights, -grad)
        step -= step.mean()
        t = 1.0
        while t > 1e-6:  # backtracking: Newton on logistic losses can overshoot
            trial = nll(wins, r + t * step, k)
            if trial <= loss + 1e-12 * abs(loss):
                break
            t /= 2
        r = r + t * step
        loss = min(loss, trial)
        if np.max(np.abs(t * step)) * k < 1e-13:
            break
    return r
