r"""alpha-rank (Omidshafiei et al. 2019), multi-population form, for N players.

The states are pure joint profiles ``s``. Player ``k`` switches from ``s_k`` to
``s'_k`` with probability ``eta * rho`` where ``eta = 1 / sum_k (A_k - 1)`` and
the fixation probability of a mutant in a population of ``m`` is

.. math::

   \rho = \frac{1 - e^{-\alpha \Delta}}{1 - e^{-m \alpha \Delta}}, \quad
   \Delta = G_k(s'_k, s_{-k}) - G_k(s), \qquad \rho = 1/m \text{ when } \Delta = 0.

A strategy's rating is its marginal mass in the chain's stationary distribution.
For finite ``alpha`` the chain is irreducible; for very large ``alpha`` some
``rho`` underflow to 0 and several stationary distributions may exist, which is
an error here (lower ``alpha``).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from jaxrate._game import as_game

__all__ = ["AlphaRankResult", "alpha_rank"]

# Default alpha times the game's payoff range: a payoff difference of one range
# makes a losing switch e^-(m-1)*10 ~ 1e-213 as likely as a neutral one at m = 50
# (close to the infinite-alpha ranking while keeping the chain irreducible).
_ALPHA_TIMES_RANGE = 10.0


@dataclasses.dataclass(frozen=True)
class AlphaRankResult:
    """alpha-rank of an N-player game.

    Attributes:
      ratings: one array ``[A_p]`` per player: the marginal stationary mass.
      stationary: stationary distribution over pure profiles ``[A_1, ..., A_N]``.
      alpha, population_size: the parameters used.
      players, strategies: names from the game.
    """

    ratings: tuple[np.ndarray, ...]
    stationary: np.ndarray
    alpha: float
    population_size: int
    players: tuple[str, ...]
    strategies: tuple[tuple[str, ...], ...]

    def rating_of(self, player: int | str) -> dict[str, float]:
        p = self.players.index(player) if isinstance(player, str) else player
        return dict(zip(self.strategies[p], self.ratings[p].tolist()))


def fixation_probability(delta: np.ndarray, alpha: float, m: int) -> np.ndarray:
    """``rho(alpha * delta)`` for a population of ``m``, stable for any sign and size."""
    x = alpha * np.asarray(delta, dtype=np.float64)
    out = np.full(x.shape, 1.0 / m)
    pos, neg = x > 0, x < 0
    out[pos] = np.expm1(-x[pos]) / np.expm1(-m * x[pos])
    xn = x[neg]
    out[neg] = np.exp((m - 1) * xn) * np.expm1(xn) / np.expm1(m * xn)
    return out


def _transitions(payoffs: np.ndarray, alpha: float, m: int):
    """Off-diagonal transition probabilities over profiles (flat index), sparse, and leaving rates."""
    from scipy import sparse

    shape = payoffs.shape[1:]
    size = int(np.prod(shape))
    eta = 1.0 / sum(a - 1 for a in shape)
    flat = np.arange(size).reshape(shape)
    rows, cols, vals = [], [], []
    for k, a_k in enumerate(shape):
        g = payoffs[k]
        for shift in range(1, a_k):
            target = np.roll(flat, -shift, axis=k)  # profile with s_k -> s_k + shift (mod A_k)
            delta = np.roll(g, -shift, axis=k) - g
            rows.append(flat.reshape(-1))
            cols.append(target.reshape(-1))
            vals.append(eta * fixation_probability(delta.reshape(-1), alpha, m))
    rows, cols, vals = np.concatenate(rows), np.concatenate(cols), np.concatenate(vals)
    # Leaving rates, kept apart from 1 - leaving: at large alpha they are
    # ~1e-22 and would round away in the self-transition probability.
    leave = np.bincount(rows, weights=vals, minlength=size)
    c = sparse.csr_matrix((vals, (rows, cols)), shape=(size, size))
    return c, leave


def _stationary(c, leave: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    from scipy import sparse
    from scipy.sparse.csgraph import connected_components
    from scipy.sparse.linalg import spsolve

    size = len(leave)
    graph = c.copy()
    graph.data = (graph.data > 0).astype(np.int8)
    graph.eliminate_zeros()
    n, labels = connected_components(graph, directed=True, connection="strong")
    # Closed classes: strongly connected components with no edge leaving them.
    coo = graph.tocoo()
    leaves = np.zeros(n, dtype=bool)
    leaving = labels[coo.row] != labels[coo.col]
    leaves[np.unique(labels[coo.row[leaving]])] = True
    closed = np.nonzero(~leaves)[0]
    if len(closed) > 1:
        examples = [np.unravel_index(int(np.nonzero(labels == c_)[0][0]), shape) for c_ in closed[:3]]
        raise ValueError(
            f"alpha-rank's Markov chain has {len(closed)} stationary distributions (closed classes "
            f"around profiles {[tuple(int(i) for i in e) for e in examples]}); lower alpha"
        )
    members = np.nonzero(labels == closed[0])[0]
    pi = np.zeros(size)
    if len(members) == 1:
        pi[members] = 1.0
        return pi
    sub = c[members][:, members]
    # pi (C - I) = 0 restricted to the closed class; replace one equation by sum(pi) = 1.
    generator = (sub - sparse.diags(leave[members])).T.tolil()
    generator[0, :] = 1.0
    rhs = np.zeros(len(members))
    rhs[0] = 1.0
    x = spsolve(generator.tocsc(), rhs)
    x = np.maximum(x, 0.0)
    pi[members] = x / x.sum()
    return pi


def alpha_rank(
    game_or_payoffs: Any, *, alpha: float | None = None, population_size: int = 50
) -> AlphaRankResult:
    """alpha-rank ratings (stationary mass per strategy), multi-population.

    Args:
      game_or_payoffs: a :class:`jaxrate.Game` or payoffs ``[N, A_1, ..., A_N]``.
      alpha: selection intensity; default ``10 / (payoff range)``.
      population_size: ``m``.

    Returns:
      An :class:`AlphaRankResult`.

    Raises:
      ValueError: on invalid arguments, or when the chain has several
        stationary distributions at this ``alpha``.

    Example:
      >>> mp = [[[1, -1], [-1, 1]], [[-1, 1], [1, -1]]]  # matching pennies
      >>> alpha_rank(mp).ratings[0].round(6).tolist()
      [0.5, 0.5]
    """
    game = as_game(game_or_payoffs)
    if population_size < 2:
        raise ValueError(f"population_size must be >= 2; got {population_size}")
    g = game.payoffs
    spread = float(np.ptp(g))
    if alpha is None:
        alpha = _ALPHA_TIMES_RANGE / spread if spread > 0 else 1.0
    if not (np.isfinite(alpha) and alpha > 0):
        raise ValueError(f"alpha must be a positive number; got {alpha}")
    shape = game.num_strategies
    if sum(a - 1 for a in shape) == 0:
        pi = np.ones(shape)
    else:
        c, leave = _transitions(g, float(alpha), population_size)
        pi = _stationary(c, leave, shape).reshape(shape)
    axes = range(game.num_players)
    ratings = tuple(pi.sum(axis=tuple(q for q in axes if q != p)) for p in axes)
    return AlphaRankResult(ratings, pi, float(alpha), population_size, game.players, game.strategies)
