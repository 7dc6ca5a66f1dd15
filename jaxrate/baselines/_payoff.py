r"""Payoff ratings under the maximum-entropy CCE (Marris et al. 2022).

The maximum-entropy coarse correlated equilibrium

.. math::

   \sigma^{ME} = \arg\max_{\sigma \in \Delta} H(\sigma)
   \quad \text{s.t.} \quad \delta_c(\sigma) \le 0 \;\; \forall c,

is found through its dual, ``min_{lambda >= 0} log sum_a exp(-(A^T lambda)(a))``
(``sigma(lambda)`` proportional to ``exp(-A^T lambda)``, gradient ``-A sigma``),
so only the ``A sigma`` / ``A^T y`` contractions of :mod:`jaxrate.gains` are
needed. A strategy's payoff rating is its payoff against the others' marginal,

.. math::

   r_p(a') = \sum_a \sigma^{ME}(a) \, G_p(a', a_{-p})
           = \delta_p(a') + \mathbb{E}_{\sigma^{ME}}[G_p].

Unlike deviation ratings these are not clone invariant (the entropy spreads
mass over clones).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import numpy as np

from jaxrate.game import gains
from jaxrate.game._game import as_game

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["PayoffRatingResult", "payoff_ratings"]


@dataclasses.dataclass(frozen=True)
class PayoffRatingResult:
    """Payoff ratings under the maximum-entropy CCE.

    Attributes:
      ratings: one array ``[A_p]`` per player, in payoff units.
      joint: the maximum-entropy CCE ``[A_1, ..., A_N]``.
      cce_gap: its largest deviation gain (``<= tol`` times the payoff scale).
      iterations: dual iterations used.
      players, strategies: names from the game.
    """

    ratings: tuple[np.ndarray, ...]
    joint: np.ndarray
    cce_gap: float
    iterations: int
    players: tuple[str, ...]
    strategies: tuple[tuple[str, ...], ...]

    def to_frame(self, tie_tol: float = 1e-6) -> pd.DataFrame:
        """A tidy ``pandas.DataFrame``: player, strategy, rating, rank (see ``Ratings.to_frame``)."""
        from jaxrate.results.result import ratings_frame

        return ratings_frame(self.ratings, self.players, self.strategies, tie_tol=tie_tol)

    def rating_of(self, player: int | str) -> dict[str, float]:
        p = self.players.index(player) if isinstance(player, str) else player
        return dict(zip(self.strategies[p], self.ratings[p].tolist()))


# Joints up to which a stalled dual falls back to the primal problem (dense constraint matrix).
_PRIMAL_JOINTS = 20_000


def _primal_max_entropy_cce(payoffs: np.ndarray) -> np.ndarray:
    import warnings

    import cvxpy as cp

    a = gains.constraint_matrix(payoffs)
    x = cp.Variable(a.shape[1])
    problem = cp.Problem(cp.Maximize(cp.sum(cp.entr(x))), [a @ x <= 0, cp.sum(x) == 1, x >= 0])
    with warnings.catch_warnings():  # accuracy is checked by the caller on the returned joint
        warnings.simplefilter("ignore", UserWarning)
        problem.solve(solver=cp.CLARABEL, tol_gap_abs=1e-11, tol_gap_rel=1e-11, tol_feas=1e-11, max_iter=500)
    if x.value is None:
        raise RuntimeError(f"maximum-entropy CCE: the primal solve failed ({problem.status})")
    sigma = np.maximum(np.asarray(x.value), 0.0)
    return (sigma / sigma.sum()).reshape(payoffs.shape[1:])


def max_entropy_cce(
    payoffs: np.ndarray, *, tol: float = 1e-9, max_iterations: int = 20_000
) -> tuple[np.ndarray, int]:
    """Maximum-entropy CCE of normalised payoffs by L-BFGS-B on the dual; ``(sigma, iterations)``."""
    from scipy.optimize import minimize
    from scipy.special import logsumexp

    shape = payoffs.shape[1:]
    num_c = int(sum(shape))

    def joint(lam):
        logits = -gains.transpose_gains(payoffs, lam).reshape(-1)
        return logits, logsumexp(logits)

    def fun(lam):
        logits, log_z = joint(lam)
        sigma = np.exp(logits - log_z).reshape(shape)
        return log_z, -gains.deviation_gains(payoffs, sigma)

    lam, iterations = np.zeros(num_c), 0
    # L-BFGS-B can stop early when its line search fails on an ill-conditioned
    # dual (a CCE polytope without interior): restart it from where it stopped.
    for _ in range(20):
        res = minimize(
            fun,
            lam,
            jac=True,
            method="L-BFGS-B",
            bounds=[(0.0, None)] * num_c,
            options={
                "maxiter": max_iterations - iterations,
                "maxfun": 2 * max_iterations,
                "ftol": 0.0,
                "gtol": tol,
                "maxcor": 30,
            },
        )
        lam, iterations = res.x, iterations + int(res.nit)
        if np.max(res.jac * -1.0) <= tol or iterations >= max_iterations or res.nit == 0:
            break
    logits, log_z = joint(lam)
    return np.exp(logits - log_z).reshape(shape), iterations


def payoff_ratings(
    game_or_payoffs: Any, *, tol: float = 1e-9, max_iterations: int = 20_000
) -> PayoffRatingResult:
    """Payoff ratings under the maximum-entropy coarse correlated equilibrium.

    Args:
      game_or_payoffs: a :class:`jaxrate.Game` or payoffs ``[N, A_1, ..., A_N]``.
      tol: target largest deviation gain, relative to the payoff range.
      max_iterations: L-BFGS-B iteration cap.

    Returns:
      A :class:`PayoffRatingResult`.

    Raises:
      RuntimeError: if the dual does not reach a CCE within ``100 tol``.

    Example:
      >>> mp = [[[1, -1], [-1, 1]], [[-1, 1], [1, -1]]]  # matching pennies
      >>> [round(float(r), 6) + 0.0 for r in payoff_ratings(mp).ratings[0]]
      [0.0, 0.0]
    """
    from jaxrate.game.normalise import normalise_payoffs

    game = as_game(game_or_payoffs)
    normalised, scale = normalise_payoffs(game.payoffs)
    if scale == 0.0:
        sigma, iterations = np.full(game.num_strategies, 1.0 / game.num_joints), 0
    else:
        sigma, iterations = max_entropy_cce(normalised, tol=tol, max_iterations=max_iterations)
    dev = gains.deviation_gains_per_player(game.payoffs, sigma)
    gap = float(max(d.max() for d in dev))
    if scale > 0 and gap > 100 * tol * scale and game.num_joints <= _PRIMAL_JOINTS:
        # The dual stalls in floating point on some faces without interior;
        # small games are then solved in the primal (interior point).
        sigma = _primal_max_entropy_cce(normalised)
        dev = gains.deviation_gains_per_player(game.payoffs, sigma)
        gap = float(max(d.max() for d in dev))
    if scale > 0 and gap > 100 * tol * scale:
        raise RuntimeError(
            f"maximum-entropy CCE not reached: largest deviation gain {gap:.3g} after {iterations} iterations"
        )
    value = [float((sigma * game.payoffs[p]).sum()) for p in range(game.num_players)]
    ratings = tuple(np.asarray(d + v) for d, v in zip(dev, value))
    return PayoffRatingResult(ratings, sigma, gap, iterations, game.players, game.strategies)
