r"""alpha-rank (Omidshafiei et al. 2019): multi-population (N players) and single-population.

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
from typing import TYPE_CHECKING, Any

import numpy as np

from jaxrate.baselines import _alpharank_operator as _operator
from jaxrate.baselines._alpharank_operator import fixation_probability
from jaxrate.game._game import Game, as_game

if TYPE_CHECKING:
    import pandas as pd

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

    def to_frame(self, tie_tol: float = 1e-6) -> pd.DataFrame:
        """A tidy ``pandas.DataFrame``: player, strategy, rating, rank (see ``Ratings.to_frame``)."""
        from jaxrate.results.result import ratings_frame

        return ratings_frame(self.ratings, self.players, self.strategies, tie_tol=tie_tol)


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


def _stationary(c, leave: np.ndarray, shape: tuple[int, ...], method: str = "sparse") -> np.ndarray:
    from scipy import sparse
    from scipy.sparse.csgraph import connected_components

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
    # pi Q = 0 with Q = C - diag(leave), on the closed class. Fix pi = 1 at the
    # stickiest state k (least likely to leave: the most mass, the best pivot)
    # and solve for the rest: no dense normalisation row, so the system stays
    # as sparse as the chain.
    q = (sub - sparse.diags(leave[members])).T.tocsr()  # [S, S], columns sum to 0
    k = int(np.argmin(leave[members]))
    rest = np.r_[0:k, k + 1 : len(members)]
    a = q[rest][:, rest].tocsc()
    b = -q[rest][:, [k]].toarray().ravel()
    x = _solve(a, b, method)
    x = np.maximum(np.insert(x, k, 1.0), 0.0)
    pi[members] = x / x.sum()
    return pi


# Chains up to this many states are solved by sparse LU; larger ones (whose LU
# fills in: a 129 x 129 game's 16,641 profiles each have 256 neighbours) by
# Jacobi-preconditioned BiCGSTAB, with LU as the fallback.
_DIRECT_STATES = 4096


def _solve(a, b: np.ndarray, method: str) -> np.ndarray:
    from scipy.sparse.linalg import LinearOperator, bicgstab, gmres, spsolve

    if method == "dense":
        return np.linalg.solve(a.toarray(), b)
    if a.shape[0] > _DIRECT_STATES:
        diagonal = a.diagonal()
        jacobi = LinearOperator(a.shape, matvec=lambda v: v / diagonal, dtype=np.float64)
        for attempt in (bicgstab, gmres):
            options = {"restart": 200, "maxiter": 50} if attempt is gmres else {"maxiter": 20 * a.shape[0]}
            x, info = attempt(a, b, M=jacobi, rtol=1e-14, atol=0.0, **options)
            if info == 0 and np.linalg.norm(a @ x - b) <= 1e-12 * np.linalg.norm(b):
                return x
    return spsolve(a, b)


def _single_population_transitions(m_payoff: np.ndarray, alpha: float, m: int):
    """Transitions between monomorphic populations of a symmetric two-player game (Moran process).

    A mutant ``r`` in a population of ``s`` fixes with probability
    ``1 / (1 + sum_l prod_{k <= l} exp(-alpha (f_r(k) - f_s(k))))`` where, with
    ``k`` mutants among ``m``, ``f_r(k) = ((k-1) M[r,r] + (m-k) M[r,s]) / (m-1)``
    and ``f_s(k) = ((m-k-1) M[s,s] + k M[s,r]) / (m-1)`` (OpenSpiel's
    ``use_local_selection_model=False``), summed in log space.
    """
    from scipy import sparse
    from scipy.special import logsumexp

    a = len(m_payoff)
    diag = np.diag(m_payoff)
    k = np.arange(1, m)  # mutants
    r_r, r_s = diag[None, :, None], m_payoff.T[:, :, None]  # [s, r, 1]: M[r, r], M[r, s]
    s_s, s_r = diag[:, None, None], m_payoff[:, :, None]  # M[s, s], M[s, r]
    diff = ((k - 1) * r_r + (m - k) * r_s - (m - k - 1) * s_s - k * s_r) / (m - 1)  # [s, r, m-1]
    log_terms = np.cumsum(-alpha * diff, axis=-1)
    rho = np.exp(-np.logaddexp(0.0, logsumexp(log_terms, axis=-1)))  # [s, r]
    np.fill_diagonal(rho, 0.0)
    c = sparse.csr_matrix(rho / (a - 1))
    return c, np.asarray(c.sum(axis=1)).ravel()


def alpha_rank(
    game_or_payoffs: Any,
    *,
    alpha: float | None = None,
    population_size: int = 50,
    populations: str = "multi",
    method: str = "sparse",
) -> AlphaRankResult:
    """alpha-rank ratings (stationary mass per strategy).

    Multi-population (default): one population per player, states are pure
    joint profiles ``[A_1, ..., A_N]``, each with ``sum_p (A_p - 1)``
    neighbours. Single-population (``populations="single"``, symmetric
    two-player games such as a win-rate game): one population, states are
    its ``A`` monomorphic strategies, fixation by the Moran process with
    fitness against the population (OpenSpiel's single-population alpha-rank
    with ``use_local_selection_model=False``).

    Args:
      game_or_payoffs: a :class:`jaxrate.Game` or payoffs ``[N, A_1, ..., A_N]``.
      alpha: selection intensity; default ``10 / (payoff range)``.
      population_size: ``m``.
      populations: ``"multi"`` or ``"single"``.
      method: ``"sparse"`` (sparse transitions and LU up to 4,096 states;
        above, multi-population chains are solved by Jacobi BiCGSTAB on
        per-player blocks, never assembling the matrix: 82 x 82 x 57 profiles
        in under 1 GB) or ``"dense"`` (a dense solve, for cross-checks).

    Returns:
      An :class:`AlphaRankResult`; single-population results carry the same
      ``[A]`` distribution as both players' ratings and as ``stationary``.

    Raises:
      ValueError: on invalid arguments, a game that is not symmetric for
        ``populations="single"``, or when the chain has several stationary
        distributions at this ``alpha``.

    Example:
      >>> mp = [[[1, -1], [-1, 1]], [[-1, 1], [1, -1]]]  # matching pennies
      >>> alpha_rank(mp).ratings[0].round(6).tolist()
      [0.5, 0.5]
      >>> rps = [[[0, -1, 1], [1, 0, -1], [-1, 1, 0]], [[0, 1, -1], [-1, 0, 1], [1, -1, 0]]]
      >>> alpha_rank(rps, populations="single").ratings[0].round(6).tolist()
      [0.333333, 0.333333, 0.333333]
    """
    game = as_game(game_or_payoffs)
    alpha = _checked_alpha(game, alpha, population_size, populations, method)
    if populations == "single":
        pi = _single_population_stationary(game, alpha, population_size, method)
        return AlphaRankResult((pi, pi), pi, alpha, population_size, game.players, game.strategies)
    pi = _multi_population_stationary(game, alpha, population_size, method)
    axes = range(game.num_players)
    ratings = tuple(pi.sum(axis=tuple(q for q in axes if q != p)) for p in axes)
    return AlphaRankResult(ratings, pi, alpha, population_size, game.players, game.strategies)


def _checked_alpha(game: Game, alpha: float | None, m: int, populations: str, method: str) -> float:
    """Validate :func:`alpha_rank`'s options; the selection intensity to use (default ``10 / range``)."""
    if m < 2:
        raise ValueError(f"population_size must be >= 2; got {m}")
    if populations not in ("multi", "single"):
        raise ValueError(f"populations must be 'multi' or 'single'; got {populations!r}")
    if method not in ("sparse", "dense"):
        raise ValueError(f"method must be 'sparse' or 'dense'; got {method!r}")
    spread = float(np.ptp(game.payoffs))
    if alpha is None:
        alpha = _ALPHA_TIMES_RANGE / spread if spread > 0 else 1.0
    if not (np.isfinite(alpha) and alpha > 0):
        raise ValueError(f"alpha must be a positive number; got {alpha}")
    return float(alpha)


def _single_population_stationary(game: Game, alpha: float, m: int, method: str) -> np.ndarray:
    """``[A]`` stationary distribution over the monomorphic populations of a symmetric two-player game."""
    g, shape = game.payoffs, game.num_strategies
    if game.num_players != 2 or shape[0] != shape[1] or not np.allclose(g[1], g[0].T, rtol=0, atol=1e-12):
        raise ValueError(
            "single-population alpha-rank needs a symmetric two-player game (G_2 = G_1^T); "
            f"got {game.num_players} players, shape {tuple(shape)}"
        )
    if shape[0] == 1:
        return np.ones(1)
    c, leave = _single_population_transitions(g[0], alpha, m)
    return _stationary(c, leave, shape[:1], method)


def _multi_population_stationary(game: Game, alpha: float, m: int, method: str) -> np.ndarray:
    """``[A_1, ..., A_N]`` stationary distribution over pure profiles (per-player blocks when large).

    Large sparse chains are first solved without assembling the matrix; where that solver declines (a chain
    that may be reducible) the assembled chain is solved instead.
    """
    g, shape = game.payoffs, game.num_strategies
    if sum(a - 1 for a in shape) == 0:
        return np.ones(shape)
    if method == "sparse" and int(np.prod(shape)) > _DIRECT_STATES:  # no assembled matrix
        pi = _operator.stationary(_operator.transition_blocks(g, alpha, m))
        if pi is not None:
            return pi
    c, leave = _transitions(g, alpha, m)  # small chains, dense cross-checks, and the operator's fallback
    return _stationary(c, leave, shape, method).reshape(shape)
