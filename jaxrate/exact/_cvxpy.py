"""Level LPs through CVXPY + GLOP, the solver the paper used.

A fresh problem is built and solved for every level, as in the paper. With
``equalities=True`` frozen rows are ``delta_c == r_c`` (exactly the paper's
method, the ``naive`` baseline); otherwise ``delta_c <= r_c``, which is the
same problem mathematically and always feasible in exact arithmetic.
"""

from __future__ import annotations

import numpy as np

from jaxrate.exact._highs import LevelSolution
from jaxrate.game import gains

__all__ = ["CvxpyLevelSolver"]


class CvxpyLevelSolver:
    """Fresh CVXPY problem per level over the dense constraint matrix."""

    def __init__(self, payoffs: np.ndarray, *, equalities: bool = False, solver: str = "GLOP") -> None:
        import cvxpy  # lazily: the exact path's default back end is HiGHS

        self._cp = cvxpy
        self.matrix = np.asarray(gains.constraint_matrix(payoffs))  # [C, |A|]
        self.equalities = equalities
        self.solver = solver
        c = self.matrix.shape[0]
        self.frozen = np.zeros(c, dtype=bool)
        self.bounds = np.zeros(c)
        self.slack = 0.0

    def freeze(self, rows: np.ndarray, values: np.ndarray) -> None:
        self.frozen[rows] = True
        self.bounds[rows] = values

    def set_slack(self, slack: float) -> None:
        self.slack = slack

    def reset_basis(self) -> None:
        """Nothing to reset: every level is a fresh solve."""

    def solve(self) -> LevelSolution | None:
        cp = self._cp
        a = self.matrix
        free = ~self.frozen
        sigma = cp.Variable(a.shape[1], nonneg=True)
        t = cp.Variable()
        gain_free = a[free] @ sigma <= t
        constraints = [cp.sum(sigma) == 1, gain_free]
        frozen_con = None
        if self.frozen.any():
            frozen_rows = a[self.frozen] @ sigma
            if self.equalities and self.slack == 0.0:
                frozen_con = frozen_rows == self.bounds[self.frozen]
            elif self.equalities:
                frozen_con = cp.abs(frozen_rows - self.bounds[self.frozen]) <= self.slack
            else:
                frozen_con = frozen_rows <= self.bounds[self.frozen] + self.slack
            constraints.append(frozen_con)
        problem = cp.Problem(cp.Minimize(t), constraints)
        try:
            problem.solve(solver=getattr(cp, self.solver))
        except cp.error.SolverError:
            return None
        if problem.status != cp.OPTIMAL:
            return None
        x = np.asarray(sigma.value, dtype=np.float64)
        duals = np.zeros(a.shape[0])
        duals[free] = np.abs(np.asarray(gain_free.dual_value, dtype=np.float64))
        multipliers = duals.copy()
        if frozen_con is not None:
            # The proof needs lambda >= 0: the inequality form's duals. An
            # equality row's dual may be negative; it is kept as found, and the
            # certificate check then sends the result down the ladder.
            lam = np.asarray(frozen_con.dual_value, dtype=np.float64).reshape(-1)
            multipliers[self.frozen] = lam if lam.size == int(self.frozen.sum()) else 0.0
        support = np.nonzero(x > 0)[0]
        return LevelSolution(
            value=float(t.value), joints=support, weights=x[support], duals=duals, multipliers=multipliers
        )
