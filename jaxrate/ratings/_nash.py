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
from typing import Any

import numpy as np

from jaxrate._game import as_game

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

    def rating_of(self, player: int | str) -> dict[str, float]:
        p = self.players.index(player) if isinstance(player, str) else player
        return dict(zip(self.strategies[p], self.ratings[p].tolist()))


def _value(m: np.ndarray) -> float:
    """Value of the zero-sum game ``m`` to the row (maximising) player."""
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
    return float(res.x[-1])


def _max_entropy_minimiser(m: np.ndarray, value: float, eps: float) -> np.ndarray:
    """Maximum-entropy ``y`` in the simplex with ``m y <= value (+ eps)``."""
    import cvxpy as cp

    y = cp.Variable(m.shape[1])
    problem = cp.Problem(cp.Maximize(cp.sum(cp.entr(y))), [m @ y <= value + eps, cp.sum(y) == 1, y >= 0])
    with warnings.catch_warnings():  # "inaccurate" is judged below, on the solution itself
        warnings.simplefilter("ignore", UserWarning)
        problem.solve(solver=cp.CLARABEL, tol_gap_abs=1e-11, tol_gap_rel=1e-11, tol_feas=1e-11, max_iter=500)
    if y.value is None or problem.status not in ("optimal", "optimal_inaccurate"):
        raise RuntimeError(f"maximum-entropy equilibrium failed: {problem.status}")
    w = np.maximum(np.asarray(y.value), 0.0)
    w /= w.sum()
    worst = float(np.max(m @ w) - value)
    if worst > max(1e3 * eps, 1e-6 * float(np.ptp(m))):
        raise RuntimeError(f"maximum-entropy equilibrium is not an equilibrium (gap {worst:.3g})")
    return w


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
    m = g[0]
    value = _value(m)
    y = _max_entropy_minimiser(m, value, tol * scale)
    x = _max_entropy_minimiser(-m.T, -value, tol * scale)
    return NashAverageResult(
        ratings=(m @ y, g[1].T @ x),
        equilibrium=(x, y),
        value=value,
        players=game.players,
        strategies=game.strategies,
    )
