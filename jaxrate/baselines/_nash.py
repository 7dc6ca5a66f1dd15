r"""Nash averaging (Balduzzi et al. 2018): payoffs against the max-entropy Nash.

For a two-player zero-sum game with row payoffs ``M`` (``G_1 = M``,
``G_2 = -M`` up to a constant), the maximin strategies form polytopes ``X*`` and
``Y*``; Nash averaging picks the maximum-entropy point of each and rates

.. math::

   r_1(a_1) = (M y^*)_{a_1}, \qquad r_2(a_2) = -(x^{*\top} M)_{a_2}.

In generic games (a unique equilibrium) deviation ratings equal Nash averages
minus the game value; in degenerate games the two select different equilibria.
"""

from __future__ import annotations

import dataclasses
import warnings
from typing import TYPE_CHECKING, Any

import numpy as np

from jaxrate.game._game import Game, as_game

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["NashAverageResult", "nash_average"]


@dataclasses.dataclass(frozen=True)
class NashAverageResult:
    """Nash averages of a two-player zero-sum game.

    Attributes:
      ratings: ``(r_1 [A_1], r_2 [A_2])`` in each player's own payoff units.
      equilibrium: ``(x* [A_1], y* [A_2])``, the maximum-entropy maximin strategies.
      value: the row player's value ``x*^T G_1 y*``.
      players, strategies: names from the game.
    """

    ratings: tuple[np.ndarray, np.ndarray]
    equilibrium: tuple[np.ndarray, np.ndarray]
    value: float
    players: tuple[str, ...]
    strategies: tuple[tuple[str, ...], ...]

    def to_frame(self, tie_tol: float = 1e-6) -> pd.DataFrame:
        """A tidy ``pandas.DataFrame``: player, strategy, rating, rank (see ``Ratings.to_frame``)."""
        from jaxrate.results.result import ratings_frame

        return ratings_frame(self.ratings, self.players, self.strategies, tie_tol=tie_tol)

    def rating_of(self, player: int | str) -> dict[str, float]:
        p = self.players.index(player) if isinstance(player, str) else player
        return dict(zip(self.strategies[p], self.ratings[p].tolist()))


def _minimax(m: np.ndarray) -> tuple[np.ndarray, float]:
    """A minimax strategy ``y`` of the column player (a vertex) and the game's value to the row player."""
    from scipy.optimize import linprog

    rows, cols = m.shape
    # min v s.t. m y <= v, y in the simplex.
    res = linprog(
        c=np.r_[np.zeros(cols), 1.0],
        A_ub=np.c_[m, -np.ones(rows)],
        b_ub=np.zeros(rows),
        A_eq=np.r_[np.ones(cols), 0.0][None],
        b_eq=[1.0],
        bounds=[(0, None)] * cols + [(None, None)],
        method="highs",
        options={"primal_feasibility_tolerance": 1e-10, "dual_feasibility_tolerance": 1e-10},
    )
    if res.status != 0:  # pragma: no cover - a finite matrix game always has a value
        raise RuntimeError(f"the game's value LP failed: {res.message}")
    y = np.maximum(res.x[:-1], 0.0)
    return y / y.sum(), float(res.x[-1])


def _max_entropy_minimiser(m: np.ndarray, value: float, eps: float) -> np.ndarray | None:
    """Maximum-entropy ``y`` in the simplex with ``m y <= value (+ eps)``; ``None`` if the solver fails.

    The conic solver can fail outright where the face is a point on the
    simplex's boundary (a pure or near-pure equilibrium: 2 x 10 Gaussian games
    do it); the caller then starts the polish from the LP's vertex.
    """
    import cvxpy as cp

    y = cp.Variable(m.shape[1])
    problem = cp.Problem(cp.Maximize(cp.sum(cp.entr(y))), [m @ y <= value + eps, cp.sum(y) == 1, y >= 0])
    with warnings.catch_warnings():  # "inaccurate" is judged below, on the solution itself
        warnings.simplefilter("ignore", UserWarning)
        try:
            problem.solve(
                solver=cp.CLARABEL, tol_gap_abs=1e-11, tol_gap_rel=1e-11, tol_feas=1e-11, max_iter=500
            )
        except cp.error.SolverError:
            return None
    if y.value is None or problem.status not in ("optimal", "optimal_inaccurate"):
        return None
    w = np.maximum(np.asarray(y.value), 0.0)
    w /= w.sum()
    worst = float(np.max(m @ w) - value)
    if worst > max(1e3 * eps, 1e-6 * float(np.ptp(m))):
        return None
    return w


def _polish(
    m: np.ndarray, y: np.ndarray, x: np.ndarray, value: float, gap: float = 1e-6
) -> tuple[np.ndarray, float] | None:
    """Maximum-entropy point of the face ``{y : M y <= v}``, and ``v``, to machine precision.

    The interior-point ``y`` and ``x`` (the other player's) are accurate to
    ~1e-6 only, but they name the face: every column in some optimal ``y`` is a
    best reply to every optimal ``x`` (the support ``S``), and the rows tight
    at ``y`` (``T``) are tight at the maximum-entropy point. On
    ``{M[T, S] y_S = v, sum(y_S) = 1}`` Newton maximises the entropy (a single
    point in generic games); a row this pushes above ``v`` joins ``T`` and the
    solve is repeated. A point that is feasible for the face and maximal on a
    set containing the true maximiser is that maximiser. Returns ``None`` (keep
    ``y``) when no such point is found.

    ``gap`` (times the payoff range) tells tight from slack: the interior
    point's own slack on a tight row is ~1e-9 in well-conditioned games but
    reaches 1e-5 in ill-conditioned ones (Gaussian 50 x 31), so
    :func:`_certified_polish` retries with larger gaps.
    """
    scale = max(float(np.ptp(m)), 1e-300)
    gap = gap * scale
    tol = 1e-12 * max(scale, 1.0)
    support = np.nonzero(x @ m <= value + gap)[0]
    tight = m @ y >= value - gap
    for _ in range(len(m)):
        found = _max_entropy_on(m[np.ix_(np.nonzero(tight)[0], support)], y[support], value)
        if found is None:
            return None
        full = np.zeros_like(y)
        full[support], v = found
        over = (m @ full > v + tol) & ~tight
        if not over.any():
            if abs(full.sum() - 1) > 1e-12 or abs(v - value) > 1e-6 * scale or np.max(m @ full) > v + tol:
                return None
            return full, v
        tight |= over
    return None


def _certified_polish(m: np.ndarray, y: np.ndarray, x: np.ndarray, value: float):
    """Polished ``((y, v), (x, -v))`` of the game ``m`` (payoff range 1), or ``None``.

    Accepted only with a duality certificate: ``M y <= v_y`` and ``x^T M >= -v_x``
    hold (to 1e-12) and ``v_y + v_x`` is within 1e-12 of 0, so both are optimal.
    Faces are tried from the tightest gap up; the first certified pair wins.
    """
    found_y, found_x = [], []
    for gap in (1e-6, 1e-5, 1e-4, 1e-3):
        for found, args in ((found_y, (m, y, x, value)), (found_x, (-m.T, x, y, -value))):
            polished = _polish(*args, gap=gap)
            if polished is not None:
                found.append(polished)
        for py in found_y:
            for px in found_x:
                if abs(py[1] + px[1]) <= 1e-12:
                    return py, px
    return None


def _max_entropy_on(a: np.ndarray, start: np.ndarray, value: float) -> tuple[np.ndarray, float] | None:
    """Maximise the entropy of ``y >= 0`` with ``a y = v`` and ``sum(y) = 1``; ``v`` too when determined."""
    s = len(start)
    system = np.zeros((len(a) + 1, s + 1))
    system[:-1, :s], system[:-1, s] = a, -1.0
    system[-1, :s] = 1.0
    rhs = np.zeros(len(a) + 1)
    rhs[-1] = 1.0
    _, sing, vt = np.linalg.svd(system)
    rank = int(np.sum(sing > 1e-10 * max(sing[0], 1.0)))
    null = vt[rank:].T  # [S + 1, F] directions within the face
    if null.size and np.max(np.abs(null[s])) > 1e-9:
        # v is not determined by this face: hold it at the LP's value.
        system = np.vstack([system, np.r_[np.zeros(s), 1.0]])
        rhs = np.r_[rhs, value]
        _, sing, vt = np.linalg.svd(system)
        rank = int(np.sum(sing > 1e-10 * max(sing[0], 1.0)))
        null = vt[rank:].T
    z = np.linalg.lstsq(system, rhs, rcond=None)[0]
    if null.size:
        z = z + null @ (null.T @ (np.r_[np.maximum(start, 1e-12), value] - z))
    # Coordinates the face pins (often at 0: a best reply no optimal strategy uses) stay put.
    free = np.nonzero(np.max(np.abs(null[:s]), axis=1, initial=0.0) > 1e-12)[0]
    for _ in range(100 if null.size else 0):  # Newton on the entropy of y over the face
        ys, basis = z[free], null[free]
        if np.any(ys <= 0):
            return None
        grad = basis.T @ -(np.log(ys) + 1.0)
        hess = -(basis.T * (1.0 / ys)) @ basis
        try:
            step = null @ np.linalg.solve(hess, -grad)
        except np.linalg.LinAlgError:
            return None
        t = 1.0
        while np.any(z[free] + t * step[free] <= 0):
            t /= 2
        z = z + t * step
        if np.max(np.abs(t * step)) < 1e-15:
            break
    if np.any(z[:s] < -1e-12) or np.max(np.abs(system @ z - rhs)) > 1e-12:
        return None
    return np.maximum(z[:s], 0.0), float(z[s])  # a column of S held at 0 by the face is not in it


def nash_average(game_or_payoffs: Any, *, tol: float = 1e-9) -> NashAverageResult:
    """Nash averaging of a two-player zero-sum (or constant-sum) game.

    Args:
      game_or_payoffs: a :class:`jaxrate.Game` or payoffs ``[2, A_1, A_2]``, or
        one matrix ``M [A_1, A_2]`` of row payoffs read as the zero-sum game
        ``(M, -M)``: agent-vs-agent when ``M`` is antisymmetric (e.g. win rate
        minus one half), agent-vs-task when rows are agents and columns tasks.
      tol: relative tolerance of the equilibrium face (times the payoff range).

    Returns:
      A :class:`NashAverageResult`.

    Raises:
      ValueError: if the game does not have two players or is not zero-sum.

    Example:
      >>> rps = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
      >>> [round(float(r), 6) + 0.0 for r in nash_average(rps).ratings[0]]
      [0.0, 0.0, 0.0]
    """
    game, scale = _zero_sum_game(game_or_payoffs)
    g = game.payoffs
    m = g[0]
    # Solve in units of the payoff range: the conic solver and the polish's
    # tolerances are for payoffs of order one, whatever the game's units.
    x, y, value = _max_entropy_equilibrium(m / scale, tol)
    value *= scale
    return NashAverageResult(
        ratings=(m @ y, g[1].T @ x),
        equilibrium=(x, y),
        value=value,
        players=game.players,
        strategies=game.strategies,
    )


def _zero_sum_game(game_or_payoffs: Any) -> tuple[Game, float]:
    """The game (a matrix ``M`` read as ``(M, -M)``), checked two-player zero-sum, and its payoff range."""
    arr = np.asarray(game_or_payoffs.payoffs if hasattr(game_or_payoffs, "payoffs") else game_or_payoffs)
    if arr.ndim == 2:
        m = np.asarray(arr, dtype=np.float64)
        game = as_game(np.stack([m, -m]))
    else:
        game = as_game(game_or_payoffs)
    if game.num_players != 2:
        raise ValueError(
            f"Nash averaging needs a two-player zero-sum game; this game has {game.num_players} players"
        )
    g = game.payoffs
    total = g[0] + g[1]
    spread = float(total.max() - total.min())
    scale = float(max(np.ptp(g[0]), np.ptp(g[1]), 1e-300))
    if spread > 1e-9 * scale:
        raise ValueError(
            f"Nash averaging needs a two-player zero-sum game; G_0 + G_1 varies by {spread:.3g} "
            "(use deviation ratings for general-sum games)"
        )
    return game, scale


def _max_entropy_equilibrium(unit: np.ndarray, tol: float) -> tuple[np.ndarray, np.ndarray, float]:
    """``(x*, y*, value)`` of the zero-sum game with row payoffs ``unit``: maximum entropy, polished."""
    y_vertex, value = _minimax(unit)
    x_vertex, _ = _minimax(-unit.T)
    y = _max_entropy_minimiser(unit, value, tol)
    x = _max_entropy_minimiser(-unit.T, -value, tol)
    if y is None or x is None:
        # The maximum-entropy solve failed: polish from the LP's vertices. In
        # a game with one equilibrium that is the answer; on a face with more
        # points the polish still certifies an equilibrium, maybe not the
        # maximum-entropy one.
        y = y_vertex if y is None else y
        x = x_vertex if x is None else x
    polished = _certified_polish(unit, y, x, value)
    if polished is not None:
        (y, value), (x, _) = polished
    return x, y, value
