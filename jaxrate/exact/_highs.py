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
    # The level's proof: y on the free rows (sum 1), lambda on the frozen ones, [C].
    multipliers: np.ndarray | None = None
    # min_a (A^T multipliers)(a) over every joint, from the final pricing pass
    # (column generation only; None when no pass priced every joint).
    lowest: float | None = None


def _import_highspy():
    try:
        import highspy
    except ImportError as err:  # pragma: no cover - highspy is a dependency
        raise ImportError("the 'highs' solver needs highspy (pip install highspy)") from err
    return highspy


def _new_highs(highspy, tol: float):
    """An empty HiGHS model with this solver's options."""
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("primal_feasibility_tolerance", tol)
    h.setOptionValue("dual_feasibility_tolerance", tol)
    # Freezing a tight row and adding priced columns keep the basis primal
    # feasible, so primal simplex re-solves from it (measured 2.7x faster
    # than dual simplex on Atari 3P); HiGHS scaling of these O(1) payoffs
    # only cost time.
    h.setOptionValue("presolve", "off")
    h.setOptionValue("simplex_strategy", 4)
    h.setOptionValue("simplex_scale_strategy", 0)
    return h


class HighsLevelSolver:
    """Incremental HiGHS master LP over a growing set of joint columns.

    Args:
      payoffs: normalised payoffs ``[N, A_1, ..., A_N]`` (float64).
      all_columns: start with every joint (dense master) instead of pricing.
      swap: interchangeable players ``(p, q)``: restrict to swap-symmetric
        joints, drop ``q``'s rows (they repeat ``p``'s) and give each joint
        and its swap one column.
      price_batch: at most this many columns enter per pricing round.
      tol: primal/dual feasibility tolerance handed to HiGHS, and the pricing
        threshold on reduced costs.
    """

    def __init__(
        self,
        payoffs: np.ndarray,
        *,
        all_columns: bool,
        swap: tuple[int, int] | None = None,
        price_batch: int | None = None,
        tol: float = 1e-11,
    ) -> None:
        highspy = _import_highspy()
        self._highspy = highspy
        self.payoffs = payoffs
        self.shape = tuple(payoffs.shape[1:])
        self.num_joints = int(np.prod(self.shape))
        self.num_constraints = int(sum(self.shape))
        # 1e-11, not HiGHS's 1e-7 or our former 1e-9: on a 4M-joint random game
        # a 1e-9 tolerance let each level's joint violate earlier frozen rows by
        # ~1e-9, which piled up until later levels were infeasible without a
        # slack (certificate residual 1e-5); at 1e-11 no slack is needed
        # (residual 1.5e-9) and smaller games are as fast (benchmarks/RESULTS.md).
        self.tol = tol
        # 200 measured best on a 100 x 100 x 50 random game (8.5 s vs 18.4 s at 2C = 500).
        self.price_batch = price_batch or min(max(2 * self.num_constraints, 64), 200)
        # Master size above which non-basic columns are purged after a level.
        self.purge_above = max(20 * self.num_constraints, 2_000)
        self.frozen = np.zeros(self.num_constraints, dtype=bool)
        self.bounds = np.zeros(self.num_constraints)
        self.slack = 0.0
        self.pricing_rounds = 0
        self.swap = swap
        self._set_rows(swap)
        rows = int(self.kept.sum())
        self.num_rows = rows

        self.h = h = _new_highs(highspy, tol)
        inf = highspy.kHighsInf
        self._inf = inf
        # Column t: cost 1, free, coefficient -1 in every constraint row.
        h.addVars(1, np.array([-inf]), np.array([inf]))
        h.changeColCost(0, 1.0)
        lower = np.concatenate([np.full(rows, -inf), [1.0]])
        upper = np.concatenate([np.zeros(rows), [1.0]])
        h.addRows(rows + 1, lower, upper, 0, np.array([0]), np.array([], dtype=np.int32), np.array([]))
        for row in range(rows):
            h.changeCoeff(row, 0, -1.0)
        self.columns = np.zeros(0, dtype=np.int64)  # flat joint index of LP column 1 + i
        self._in_master = np.zeros(self.num_joints, dtype=bool)
        if all_columns:
            everything = np.arange(self.num_joints)
            if self.representative is not None:
                everything = everything[self.representative]
            self._add_columns(everything)
            self._in_master = None
        else:
            # Seed with the joints whose average deviation gain is lowest.
            score = self._price(np.full(self.num_constraints, 1.0 / self.num_constraints), 0.0)
            score = np.where(np.isfinite(score), score, np.inf)
            k = min(self.price_batch, self.num_joints)
            self._add_columns(np.argpartition(score, k - 1)[:k])

    # ----------------------------------------------------------------- columns

    def _set_rows(self, swap: tuple[int, int] | None) -> None:
        """The LP row of each constraint: under a swap ``(p, q)``, ``q``'s constraints
        share ``p``'s rows and a joint represents its class ``{a, swap(a)}`` when ``a_p <= a_q``."""
        offsets = gains.constraint_offsets(self.shape)
        self.kept = np.ones(self.num_constraints, dtype=bool)
        self.lp_row = np.arange(self.num_constraints)
        self.representative = None
        if swap is None:
            return
        p, q = swap
        self.kept[offsets[q] : offsets[q + 1]] = False
        kept_index = np.cumsum(self.kept) - 1
        self.lp_row = kept_index.copy()
        self.lp_row[offsets[q] : offsets[q + 1]] = kept_index[offsets[p] : offsets[p + 1]]
        grid = np.indices((self.shape[p], self.shape[q]), sparse=True)
        rep = grid[0] <= grid[1]
        expand = [1] * len(self.shape)
        expand[p], expand[q] = self.shape[p], self.shape[q]
        self.representative = np.broadcast_to(rep.reshape(expand), self.shape).reshape(-1)

    def _swapped(self, joints: np.ndarray) -> np.ndarray:
        """Multi-indices ``[K, N]`` of ``joints`` with players ``p`` and ``q`` swapped."""
        p, q = self.swap
        multi = np.stack(np.unravel_index(joints, self.shape), axis=1)
        multi[:, [p, q]] = multi[:, [q, p]]
        return multi

    def _add_columns(self, joints: np.ndarray) -> None:
        joints = np.asarray(joints, dtype=np.int64)
        if self._in_master is not None:
            joints = joints[~self._in_master[joints]]
            self._in_master[joints] = True
        if len(joints) == 0:
            return
        multi = np.stack(np.unravel_index(joints, self.shape), axis=1)
        block = gains.constraint_columns(self.payoffs, multi)  # [C, K]
        if self.swap is not None:
            block = 0.5 * (block + gains.constraint_columns(self.payoffs, self._swapped(joints)))
        block = np.vstack([block[self.kept], np.ones((1, len(joints)))])  # sum-to-one row
        k = len(joints)
        nz = block != 0.0
        starts = np.concatenate([[0], np.cumsum(nz.sum(axis=0))[:-1]]).astype(np.int32)
        index = np.nonzero(nz.T)[1].astype(np.int32)
        values = block.T[nz.T]
        self.h.addCols(
            k, np.zeros(k), np.zeros(k), np.full(k, self._inf), int(values.size), starts, index, values
        )
        self.columns = np.concatenate([self.columns, joints])

    def _price(self, y: np.ndarray, mu: float) -> np.ndarray:
        """Minus the reduced cost of every joint column, ``(A^T y)(a) + mu``, ``[|A|]``.

        ``y`` is ``[C]`` (zero on the rows the LP does not hold). Joints that
        are not class representatives get ``-inf``.
        """
        value = gains.transpose_gains(self.payoffs, y)
        if self.swap is not None:
            p, q = self.swap
            value = np.add(value, np.swapaxes(value, p, q))  # contiguous
            value *= 0.5
        value = value.reshape(-1)
        value += mu
        if self.representative is not None:
            np.copyto(value, -np.inf, where=~self.representative)
        return value

    def _purge(self, col_dual: np.ndarray) -> None:
        """Drop non-basic columns with a clearly positive reduced cost.

        Column generation only ever adds columns; on large games the master
        grows to tens of thousands of them and each re-solve slows down.
        Dropping non-basic ones keeps the basis (and the optimum) and they are
        priced back in if a later level needs them.
        """
        basic = self._highspy.HighsBasisStatus.kBasic
        status = self.h.getBasis().col_status
        is_basic = np.array([st == basic for st in status[1:]], dtype=bool)
        drop = (~is_basic) & (col_dual[1:] > 1e3 * self.tol)
        if drop.sum() < len(self.columns) // 4:
            return
        index = (np.nonzero(drop)[0] + 1).astype(np.int32)  # LP column 0 is t
        self.h.deleteCols(len(index), index)
        self._in_master[self.columns[drop]] = False
        self.columns = self.columns[~drop]

    def basic_variables(self) -> tuple[bool, np.ndarray, np.ndarray] | None:
        """The final basis: ``(t basic, basic constraint rows [R], basic joints [K])``.

        ``None`` when the basis cannot be mapped to the full level LP (a swap
        merges rows, or the sum-to-one row is basic).
        """
        if self.swap is not None:
            return None
        basis = self.h.getBasis()
        basic = self._highspy.HighsBasisStatus.kBasic
        cols = np.array([st == basic for st in basis.col_status], dtype=bool)
        rows = np.array([st == basic for st in basis.row_status], dtype=bool)
        if len(rows) != self.num_rows + 1 or rows[-1]:
            return None
        return bool(cols[0]), np.flatnonzero(rows[:-1]), self.columns[cols[1:]]

    # ----------------------------------------------------------------- freezing

    def freeze(self, rows: np.ndarray, values: np.ndarray) -> None:
        """Freeze constraint ``rows`` at ``values``: ``A_c sigma <= r_c + slack``."""
        rows = np.asarray(rows)
        values = np.asarray(values)
        if self.swap is not None:  # q's rows live in p's LP rows
            rows, values = np.concatenate([rows, self._partner(rows)]), np.concatenate([values, values])
        new = {}
        for row, value in zip(rows.tolist(), values.tolist()):
            if not self.frozen[row]:
                new[int(self.lp_row[row])] = value
        for lp_row, value in new.items():
            self.h.changeCoeff(lp_row, 0, 0.0)
            self.h.changeRowBounds(lp_row, -self._inf, value + self.slack)
        self.frozen[rows] = True
        self.bounds[rows] = values

    def _partner(self, rows: np.ndarray) -> np.ndarray:
        """The constraint of the swapped player with the same strategy."""
        p, q = self.swap
        offsets = gains.constraint_offsets(self.shape)
        out = rows.copy()
        in_p = (rows >= offsets[p]) & (rows < offsets[p + 1])
        in_q = (rows >= offsets[q]) & (rows < offsets[q + 1])
        out[in_p] = rows[in_p] - offsets[p] + offsets[q]
        out[in_q] = rows[in_q] - offsets[q] + offsets[p]
        return out

    def set_slack(self, slack: float) -> None:
        """Loosen every frozen row to ``r_c + slack`` and drop the basis."""
        self.slack = slack
        for row in np.nonzero(self.frozen & self.kept)[0].tolist():
            self.h.changeRowBounds(int(self.lp_row[row]), -self._inf, self.bounds[row] + slack)
        self.h.clearSolver()

    def reset_basis(self) -> None:
        self.h.clearSolver()

    # ----------------------------------------------------------------- solving

    def solve(self) -> LevelSolution | None:
        """Solve the current level to optimality over all joints, or ``None``."""
        h = self.h
        optimal = self._highspy.HighsModelStatus.kOptimal
        lowest = None
        while True:
            h.run()
            if h.getModelStatus() != optimal:
                return None
            sol = h.getSolution()
            duals = np.asarray(sol.row_dual)
            if self._in_master is None:
                break
            # Pricing: the reduced cost of joint a is -(A^T y)(a) - y_sum (HiGHS signs).
            y = np.zeros(self.num_constraints)
            y[self.kept] = duals[:-1]
            price = self._price(y, duals[-1])  # minus the reduced costs
            candidates = np.flatnonzero(price > self.tol)
            candidates = candidates[~self._in_master[candidates]]
            if len(candidates) == 0:
                # This pass priced every joint with the final duals (HiGHS signs:
                # y <= 0), so it also gives the certificate's min_a (A^T |y|)(a).
                if np.all(duals[:-1] <= 0.0):
                    lowest = -(float(price.max()) - duals[-1])
                break
            if len(candidates) > self.price_batch:
                best = np.argpartition(-price[candidates], self.price_batch - 1)
                candidates = candidates[best[: self.price_batch]]
            self.pricing_rounds += 1
            self._add_columns(candidates)
        x = np.asarray(sol.col_value)
        col_dual = np.asarray(sol.col_dual)
        weights = x[1:]
        support = weights > 0
        joints, weights = self.columns[support], weights[support]
        if self.swap is not None:  # spread each class's mass over a and swap(a)
            swapped = np.ravel_multi_index(self._swapped(joints).T, self.shape)
            pair = swapped != joints
            weights = np.where(pair, weights / 2, weights)
            joints = np.concatenate([joints, swapped[pair]])
            weights = np.concatenate([weights, weights[pair]])
        row_dual = np.abs(duals[:-1])[self.lp_row]
        multipliers = row_dual.copy()
        if self.swap is not None:  # a shared row's dual splits evenly between p's and q's constraints
            offsets = gains.constraint_offsets(self.shape)
            for player in self.swap:
                multipliers[offsets[player] : offsets[player + 1]] *= 0.5
        if self._in_master is not None and len(self.columns) > self.purge_above:
            self._purge(col_dual)
        return LevelSolution(
            value=float(x[0]),
            joints=joints,
            weights=weights,
            duals=np.where(self.frozen, 0.0, row_dual),
            multipliers=multipliers,
            lowest=lowest,
        )
