r"""alpha-rank's multi-population chain without its matrix: per-player blocks and a Krylov solve.

Player ``k``'s moves change ``s_k`` only, so its transitions are one
``[A_k, A_k]`` block per profile of the others,

.. math::

   R_k[s_{-k}](i, j) = \eta \, \rho\bigl(G_k(j, s_{-k}) - G_k(i, s_{-k})\bigr), \quad i \ne j,

stored as ``[A_-k..., A_k, A_k]``; an axis of ``s_-k`` that no difference
depends on (in the agent-vs-agent-vs-task game, the other agent's choice for
an agent player) is kept at length 1 and broadcast. The stationary equation
``pi Q = 0`` is solved by Jacobi-preconditioned BiCGSTAB (scipy's GMRES as
the fallback), ``pi^T Q`` applied block by block as batched ``[1, A_k] @ [A_k,
A_k]`` products. Memory: the blocks, ``sum_k size * A_k / (reduced axes)``
numbers, instead of the assembled matrix's ``size * sum_k (A_k - 1)`` entries
with two indices each (82 x 82 x 57: 6 GB assembled).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

__all__ = ["Blocks", "stationary", "transition_blocks"]

# Payoff-difference variation (relative to the payoff range) below which an
# axis is treated as one that the differences do not depend on.
_SEPARABLE_RTOL = 1e-13
# Rows of a block computed at a time (bounds the temporaries of rho).
_CHUNK = 1 << 20


def fixation_probability(delta: np.ndarray, alpha: float, m: int) -> np.ndarray:
    """``rho(alpha * delta)`` for a population of ``m``, stable for any sign and size."""
    x = alpha * np.asarray(delta, dtype=np.float64)
    out = np.full(x.shape, 1.0 / m)
    pos, neg = x > 0, x < 0
    out[pos] = np.expm1(-x[pos]) / np.expm1(-m * x[pos])
    xn = x[neg]
    out[neg] = np.exp((m - 1) * xn) * np.expm1(xn) / np.expm1(m * xn)
    return out


class Blocks(NamedTuple):
    """Transitions of the chain, player by player.

    Attributes:
      blocks: per player ``k``, ``[A_-k..., A_k, A_k]`` (axes of ``s_-k`` in
        player order; reduced ones of length 1) with ``eta * rho`` off the
        block diagonal and 0 on it.
      leave: ``[A_1, ..., A_N]`` total probability of leaving each profile.
      shape: ``(A_1, ..., A_N)``.
      positive: whether every single-player move has a positive probability
        (no ``rho`` underflowed), which makes the chain irreducible.
    """

    blocks: tuple[np.ndarray, ...]
    leave: np.ndarray
    shape: tuple[int, ...]
    positive: bool


def _differences(g_k: np.ndarray, k: int, scale: float) -> np.ndarray:
    """``[A_-k..., A_k]``: ``G_k(j, s_-k) - G_k(0, s_-k)``, reduced on the axes it does not depend on."""
    h = np.moveaxis(g_k, k, -1)
    h = h - h[..., :1]
    for axis in range(h.ndim - 1):
        if h.shape[axis] > 1 and np.ptp(h, axis=axis).max(initial=0.0) <= _SEPARABLE_RTOL * scale:
            h = h.take([0], axis=axis)
    return h


def transition_blocks(payoffs: np.ndarray, alpha: float, m: int) -> Blocks:
    """The chain of ``payoffs [N, A_1, ..., A_N]`` at selection ``alpha``, population ``m``."""
    shape = payoffs.shape[1:]
    eta = 1.0 / sum(a - 1 for a in shape)
    scale = float(np.ptp(payoffs)) or 1.0
    blocks = []
    leave = np.zeros(shape)
    positive = True
    for k, a_k in enumerate(shape):
        h = _differences(payoffs[k], k, scale)  # [A_-k..., A_k]
        flat = h.reshape(-1, a_k)
        block = np.empty((flat.shape[0], a_k, a_k))
        for start in range(0, flat.shape[0], max(1, _CHUNK // (a_k * a_k))):
            rows = flat[start : start + max(1, _CHUNK // (a_k * a_k))]
            delta = rows[:, None, :] - rows[:, :, None]  # [., from, to]
            block[start : start + len(rows)] = eta * fixation_probability(delta, alpha, m)
        positive = positive and bool(block.min() > 0)  # the diagonal, 1/m, is replaced next
        block[:, np.arange(a_k), np.arange(a_k)] = 0.0
        block = block.reshape(*h.shape, a_k)
        blocks.append(block)
        out = np.broadcast_to(block.sum(axis=-1), (*shape[:k], *shape[k + 1 :], a_k))
        leave += np.moveaxis(out, -1, k)
    return Blocks(tuple(blocks), leave, tuple(shape), positive)


def _apply(chain: Blocks, x: np.ndarray) -> np.ndarray:
    """``[A_1, ..., A_N]``: ``(x^T Q)``, the probability flowing into each profile minus that leaving."""
    y = -chain.leave * x
    for k, block in enumerate(chain.blocks):
        moved = np.moveaxis(x, k, -1)[..., None, :]  # [A_-k..., 1, A_k]
        y += np.moveaxis((moved @ block)[..., 0, :], -1, k)
    return y


def stationary(chain: Blocks) -> np.ndarray | None:
    """``[A_1, ..., A_N]`` stationary distribution, or ``None`` if the chain may be reducible.

    Every single-player move having a positive probability makes the chain
    irreducible (the profiles are connected by such moves); otherwise (rho
    underflowed at a very large alpha) ``None`` asks for the assembled path,
    which finds the closed classes. ``pi Q = 0`` is solved with ``pi = 1`` at
    the stickiest profile (the most mass, the best pivot) and normalised after.
    """
    from scipy.sparse.linalg import LinearOperator, gmres

    if not chain.positive:
        return None
    shape, size = chain.shape, chain.leave.size
    pin = int(np.argmin(chain.leave))

    def matvec(v):  # the system without the pinned profile's row and column (identity there)
        v = np.ravel(v)
        kept = v[pin]
        v[pin] = 0.0
        y = _apply(chain, v.reshape(shape)).reshape(-1)
        v[pin] = y[pin] = kept
        return y

    unit = np.zeros(size)
    unit[pin] = 1.0
    b = -_apply(chain, unit.reshape(shape)).reshape(-1)  # pi = 1 at the pin, moved to the right
    b[pin] = 0.0
    diagonal = -chain.leave.reshape(-1).copy()
    diagonal[pin] = 1.0
    x, converged = _bicgstab(matvec, b, 1.0 / diagonal, rtol=1e-14, maxiter=20 * size)
    if not converged:
        a = LinearOperator((size, size), matvec=matvec, dtype=np.float64)
        jacobi = LinearOperator(a.shape, matvec=lambda v: np.ravel(v) / diagonal, dtype=np.float64)
        x, info = gmres(a, b, x0=x, M=jacobi, rtol=1e-14, atol=0.0, restart=200, maxiter=50)
        if info != 0 and np.linalg.norm(matvec(x) - b) > 1e-12 * np.linalg.norm(b):
            raise ValueError("alpha-rank's stationary distribution did not converge (lower alpha)")
    pi = np.maximum(x, 0.0)
    pi[pin] = 1.0
    return (pi / pi.sum()).reshape(shape)


def _dot(a: np.ndarray, b: np.ndarray) -> float:
    # einsum, not BLAS: a BLAS dot of this length spends its time starting threads (8 ms vs 0.2 ms).
    return float(np.einsum("i,i->", a, b))


def _bicgstab(matvec, b: np.ndarray, inverse: np.ndarray, *, rtol: float, maxiter: int):
    """Jacobi-preconditioned BiCGSTAB (van der Vorst): ``(x, converged)`` with ``|A x - b| <= rtol |b|``."""
    x = np.zeros_like(b)
    r, p, v = b.copy(), np.zeros_like(b), np.zeros_like(b)
    r_hat = b.copy()
    rho = alpha = omega = 1.0
    stop = (rtol**2) * _dot(b, b)
    for _ in range(maxiter):
        rho_next = _dot(r_hat, r)
        if rho_next == 0.0 or omega == 0.0:
            return x, False  # breakdown
        p = r + (rho_next / rho) * (alpha / omega) * (p - omega * v)
        rho = rho_next
        p_hat = inverse * p
        v = matvec(p_hat)
        alpha = rho / _dot(r_hat, v)
        x += alpha * p_hat
        s = r - alpha * v
        if _dot(s, s) <= stop:
            return x, True
        s_hat = inverse * s
        t = matvec(s_hat)
        omega = _dot(t, s) / _dot(t, t)
        x += omega * s_hat
        r = s - omega * t
        if _dot(r, r) <= stop:
            return x, True
    return x, False
