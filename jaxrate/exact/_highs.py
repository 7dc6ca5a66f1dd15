"""Level LPs solved incrementally in HiGHS, with column generation.

One HiGHS model lives for the whole lexicographic solve:

* column 0 is the level value ``t`` (free); the others are ``sigma`` over a
  *restricted* set of joints (all joints for small games);
* row ``c < C`` is ``A_c sigma - t <= 0`` while ``c`` is free and
  ``A_c sigma <= r_c (+ slack)`` once frozen (its ``t`` coefficient is zeroed);
* row ``C`` is ``sum sigma = 1``.

Freezing only changes one coefficient and one bound, so each level re-solves
from the previous basis. Columns are priced with the ``A^T y`` contraction of
:mod:`jaxrate.gains`, so the ``[C, |A|]`` matrix is never formed: the master
holds ``C + 1`` rows and only the joints that have been priced in.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from jaxrate import gains

__all__ = ["HighsLevelSolver", "LevelSolution"]


class LevelSolution(NamedTuple):
    value: float  # t_k, the level value (normalised units)
    joints: np.ndarray  # flat indices of the joints with sigma > 0, [K]
    weights: np.ndarray  # sigma on those joints, [K]
    duals: np.ndarray  # |dual| of each constraint row, [C]; 0 for frozen rows


def _import_highspy():
    try:
        import highspy
    except ImportError as err:  # pragma: no cover - highspy is a dependency
        raise ImportError("the 'highs' solver needs highspy (pip install highspy)") from err
    return highspy


class HighsLevelSolver:
    """Incremental HiGHS master LP over a growing set of joint columns.

    Args:
      payoffs: normalised payoffs ``[N, A_1, ..., A_N]`` (float64).
      all_columns: start with every joint (dense master) instead of pricing.
      price_batch: at most this many columns enter per pricing round.
      tol: primal/dual feasibility tolerance handed to HiGHS, and the pricing
        threshold on reduced costs.
    """

    def __init__(
        self,
        payoffs: np.ndarray,
        *,
        all_columns: bool,
        price_batch: int | None = None,
        tol: float = 1e-9,
    ) -> None:
        highspy = _import_highspy()
        self._highspy = highspy
        self.payoffs = payoffs
        self.shape = tuple(payoffs.shape[1:])
        self.num_joints = int(np.prod(self.shape))
        self.num_constraints = int(sum(self.shape))
        self.tol = tol
        self.price_batch = price_batch or max(2 * self.num_constraints, 64)
        self.frozen = np.zeros(self.num_constraints, dtype=bool)
        self.bounds = np.zeros(self.num_constraints)
        self.slack = 0.0
        self.pricing_rounds = 0

        h = highspy.Highs()
        h.setOptionValue("output_flag", False)
        h.setOptionValue("primal_feasibility_tolerance", tol)
        h.setOptionValue("dual_feasibility_tolerance", tol)
        self.h = h
        inf = highspy.kHighsInf
        self._inf = inf
        c = self.num_constraints
        # Column t: cost 1, free, coefficient -1 in every constraint row.
        h.addVars(1, np.array([-inf]), np.array([inf]))
        h.changeColCost(0, 1.0)
        lower = np.concatenate([np.full(c, -inf), [1.0]])
        upper = np.concatenate([np.zeros(c), [1.0]])
        h.addRows(c + 1, lower, upper, 0, np.array([0]), np.array([], dtype=np.int32), np.array([]))
        h.changeColsCost(1, np.array([0], dtype=np.int32), np.array([1.0]))
        for row in range(c):
            h.changeCoeff(row, 0, -1.0)
        self.columns = np.zeros(0, dtype=np.int64)  # flat joint index of LP column 1 + i
        self._in_master = np.zeros(self.num_joints, dtype=bool) if not all_columns else None
        if all_columns:
            self._add_columns(np.arange(self.num_joints))
        else:
            # Seed with the joints whose average deviation gain is lowest.
            y = np.full(c, 1.0 / c)
            score = gains.transpose_gains(payoffs, y).reshape(-1)
            k = min(self.price_batch, self.num_joints)
            self._add_columns(np.argpartition(score, k - 1)[:k])

    # ----------------------------------------------------------------- columns

    def _add_columns(self, joints: np.ndarray) -> None:
        joints = np.asarray(joints, dtype=np.int64)
        if self._in_master is not None:
            joints = joints[~self._in_master[joints]]
            self._in_master[joints] = True
        if len(joints) == 0:
            return
        multi = np.stack(np.unravel_index(joints, self.shape), axis=1)
        block = gains.constraint_columns(self.payoffs, multi)  # [C, K]
        block = np.vstack([block, np.ones((1, len(joints)))])  # sum-to-one row
        k = len(joints)
        rows = block.shape[0]
        nz = block != 0.0
        counts = nz.sum(axis=0)
        starts = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int32)
        index = np.nonzero(nz.T)[1].astype(np.int32)
        values = block.T[nz.T]
        self.h.addCols(
            k,
            np.zeros(k),
            np.zeros(k),
            np.full(k, self._inf),
            int(values.size),
            starts,
            index,
            values,
        )
        del rows
        self.columns = np.concatenate([self.columns, joints])

    # ----------------------------------------------------------------- freezing

    def freeze(self, rows: np.ndarray, values: np.ndarray) -> None:
        """Freeze constraint ``rows`` at ``values``: ``A_c sigma <= r_c + slack``."""
        for row, value in zip(np.asarray(rows).tolist(), np.asarray(values).tolist()):
            self.h.changeCoeff(row, 0, 0.0)
            self.h.changeRowBounds(row, -self._inf, value + self.slack)
        self.frozen[rows] = True
        self.bounds[rows] = values

    def set_slack(self, slack: float) -> None:
        """Loosen every frozen row to ``r_c + slack`` and drop the basis."""
        self.slack = slack
        for row in np.nonzero(self.frozen)[0].tolist():
            self.h.changeRowBounds(row, -self._inf, self.bounds[row] + slack)
        self.h.clearSolver()

    def reset_basis(self) -> None:
        self.h.clearSolver()

    # ----------------------------------------------------------------- solving

    def solve(self) -> LevelSolution | None:
        """Solve the current level to optimality over all joints, or ``None``."""
        h = self.h
        optimal = self._highspy.HighsModelStatus.kOptimal
        while True:
            h.run()
            if h.getModelStatus() != optimal:
                return None
            sol = h.getSolution()
            duals = np.asarray(sol.row_dual)
            if self._in_master is None:
                break
            # Pricing: reduced cost of joint a is -(A^T y)(a) - y_sum (HiGHS signs).
            reduced = -gains.transpose_gains(self.payoffs, duals[:-1]).reshape(-1) - duals[-1]
            reduced[self._in_master] = np.inf
            k = min(self.price_batch, self.num_joints)
            candidates = np.argpartition(reduced, k - 1)[:k]
            candidates = candidates[reduced[candidates] < -self.tol]
            if len(candidates) == 0:
                break
            self.pricing_rounds += 1
            self._add_columns(candidates)
        x = np.asarray(sol.col_value)
        weights = x[1:]
        support = weights > 0
        return LevelSolution(
            value=float(x[0]),
            joints=self.columns[support],
            weights=weights[support],
            duals=np.where(self.frozen, 0.0, np.abs(duals[:-1])),
        )
