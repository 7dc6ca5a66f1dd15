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

from jaxrate.game import gains

__all__ = ["HighsLevelSolver", "LevelSolution", "basis_vertex"]


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


# The smallest feasibility tolerance HiGHS accepts: it refuses a smaller one
# (``kError``) and keeps its default, 1e-7.
HIGHS_MIN_TOL = 1e-10


def _new_highs(highspy, tol: float):
    """An empty HiGHS model with this solver's options.

    Every option is checked: HiGHS answers a value it refuses with ``kError``
    and keeps its default. Until 2026-11-24 the 1e-11 feasibility tolerance
    asked for here was refused that way, so HiGHS ran at 1e-7 and returned
    "optimal" levels that broke earlier frozen rows by up to 1e-5 on 12-digit
    payoffs (bbtcomp resample 18), which then went to a whole-game GLOP
    re-solve.
    """
    h = highspy.Highs()
    tol = max(tol, HIGHS_MIN_TOL)
    options = {
        "output_flag": False,
        "primal_feasibility_tolerance": tol,
        "dual_feasibility_tolerance": tol,
        # Freezing a tight row and adding priced columns keep the basis primal
        # feasible, so primal simplex re-solves from it (measured 2.7x faster
        # than dual simplex on Atari 3P); HiGHS scaling of these O(1) payoffs
        # only cost time.
        "presolve": "off",
        "simplex_strategy": 4,
        "simplex_scale_strategy": 0,
    }
    set_options(highspy, h, options)
    return h


def set_options(highspy, h, options: dict) -> None:
    """Set HiGHS ``options``; ``RuntimeError`` naming the first one it refuses."""
    for name, value in options.items():
        if h.setOptionValue(name, value) != highspy.HighsStatus.kOk:
            raise RuntimeError(f"HiGHS refused option {name}={value!r}")


def basis_vertex(x: np.ndarray, a: np.ndarray, upper: np.ndarray, at_bound, joints, tol: float) -> np.ndarray:
    """A level LP's vertex solved from its basis: ``[1 + K]`` (``t``, then the LP's columns).

    ``a`` ``[rows, 1 + len(joints)]`` holds the ``t`` column and the basic
    columns on every LP row; the rows ``at_bound`` (slack non-basic) make the
    square system ``a[at_bound] z = upper[at_bound]``, solved in float64 with
    one round of iterative refinement (the residual in extended precision).
    HiGHS's point ``x`` is returned where the basis is not square, singular, or
    its vertex not feasible within ``tol``: HiGHS's basis holds within its
    feasibility tolerance, so exactly a degenerate basic weight may come out at
    -3e-11 or a basic row 3e-11 over its bound; the vertex is kept within that
    tolerance (no worse than HiGHS's own point, off by up to 1.2e-9), the
    weights clipped at 0.
    """
    m, b = a[at_bound], upper[at_bound]
    if m.shape[0] != m.shape[1]:
        return x
    try:
        # numpy's LAPACK: scipy.linalg's getrf/getrs are 10-15 us faster a
        # level, but importing it costs 0.09 s inside a process's first solve.
        z = np.linalg.solve(m, b)
        residual = b.astype(np.longdouble) - m.astype(np.longdouble) @ z.astype(np.longdouble)
        z += np.linalg.solve(m, residual.astype(np.float64))
    except np.linalg.LinAlgError:  # singular
        return x
    if not (np.isfinite(z).all() and z[1:].min(initial=0.0) >= -tol):
        return x
    if (a[~at_bound] @ z > upper[~at_bound] + tol).any():
        return x
    out = np.zeros_like(x)
    out[0] = z[0]
    out[1 + joints] = np.maximum(z[1:], 0.0)
    return out


class HighsLevelSolver:
    """Incremental HiGHS master LP over a growing set of joint columns.

    Args:
      payoffs: normalised payoffs ``[N, A_1, ..., A_N]`` (float64).
      all_columns: start with every joint (dense master) instead of pricing.
      swap: interchangeable players ``(p, q)``: restrict to swap-symmetric
        joints, drop ``q``'s rows (they repeat ``p``'s) and give each joint
        and its swap one column.
      price_batch: at most this many columns enter per pricing round.
      tol: the pricing threshold on reduced costs, and HiGHS's primal/dual
        feasibility tolerance unless ``feasibility`` is given (at least 1e-10,
        the smallest HiGHS accepts).
      feasibility: HiGHS's primal/dual feasibility tolerance, when it should
        differ from ``tol`` (see :mod:`jaxrate.exact._solve`: 1e-7 above two
        million joints).
      refine: solve each level's vertex again from HiGHS's final basis
        (:meth:`_refined`; 8-13% of a small game's float solve, so the exact
        path asks for it only when a result is looser than 1e-12 of the scale).
    """

    def __init__(
        self,
        payoffs: np.ndarray,
        *,
        all_columns: bool,
        swap: tuple[int, int] | None = None,
        price_batch: int | None = None,
        tol: float = 1e-11,
        refine: bool = False,
        feasibility: float | None = None,
    ) -> None:
        highspy = _import_highspy()
        self._highspy = highspy
        self.payoffs = payoffs
        self.shape = tuple(payoffs.shape[1:])
        self.num_joints = int(np.prod(self.shape))
        self.num_constraints = int(sum(self.shape))
        self._set_settings(tol, feasibility, refine, price_batch)
        self.frozen = np.zeros(self.num_constraints, dtype=bool)
        self.bounds = np.zeros(self.num_constraints)
        self.slack = 0.0
        self.pricing_rounds = 0
        self.swap = swap
        self._set_rows(swap)
        self._build_master(highspy)
        self._seed_columns(all_columns)

    def _set_settings(
        self, tol: float, feasibility: float | None, refine: bool, price_batch: int | None
    ) -> None:
        """Tolerances, refinement, pricing batch and purge threshold (see the class's Args)."""
        # The pricing threshold; HiGHS's feasibility tolerances are this or
        # HIGHS_MIN_TOL (1e-10), the smallest it accepts. Loose tolerances let
        # each level's joint violate earlier frozen rows, which piles up until
        # later levels are infeasible without a slack (a 4M-joint random game
        # at 1e-9: certificate residual 1e-5).
        self.tol = tol
        self.feasibility = max(tol if feasibility is None else feasibility, HIGHS_MIN_TOL)
        self.refine = refine
        # 200 measured best on a 100 x 100 x 50 random game (8.5 s vs 18.4 s at 2C = 500).
        self.price_batch = price_batch or min(max(2 * self.num_constraints, 64), 200)
        # Master size above which non-basic columns are purged after a level.
        self.purge_above = max(20 * self.num_constraints, 2_000)

    def _build_master(self, highspy) -> None:
        """The HiGHS model with column ``t`` and the LP rows, before any joint column."""
        rows = int(self.kept.sum())
        self.num_rows = rows
        # Each LP row's upper bound (0 while free, its rating + slack once
        # frozen, 1 for the sum row) and t's column (-1 on free rows, else 0).
        self._upper = np.append(np.zeros(rows), 1.0)
        self._t_column = np.append(np.full(rows, -1.0), 0.0)

        self.h = h = _new_highs(highspy, self.feasibility)
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
        # The LP entries of those columns, [K, rows + 1] (grown by doubling),
        # kept for solving each level's vertex again from its basis.
        self._entries = np.zeros((0, rows + 1))
        # Kept only for small LPs, where the refinement's per-level cost
        # matters; a large master (up to purge_above columns) would hold
        # hundreds of MB of them, and there the basic columns are rebuilt.
        self._keep_entries = rows < 256
        self._in_master = np.zeros(self.num_joints, dtype=bool)

    def _seed_columns(self, all_columns: bool) -> None:
        """The master's first columns: every joint (dense), or the first pricing batch."""
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
        block = self._block(joints)
        k = len(joints)
        nz = block != 0.0
        starts = np.concatenate([[0], np.cumsum(nz.sum(axis=0))[:-1]]).astype(np.int32)
        index = np.nonzero(nz.T)[1].astype(np.int32)
        values = block.T[nz.T]
        self.h.addCols(
            k, np.zeros(k), np.zeros(k), np.full(k, self._inf), int(values.size), starts, index, values
        )
        if self._keep_entries:
            n = len(self.columns)
            if n + k > len(self._entries):
                grown = np.zeros((max(2 * len(self._entries), n + k), self.num_rows + 1))
                grown[:n] = self._entries[:n]
                self._entries = grown
            self._entries[n : n + k] = block.T
        self.columns = np.concatenate([self.columns, joints])

    def _block(self, joints: np.ndarray) -> np.ndarray:
        """The LP columns of ``joints``: ``[rows + 1, K]``, the sum-to-one row last."""
        multi = np.stack(np.unravel_index(joints, self.shape), axis=1)
        block = gains.constraint_columns(self.payoffs, multi)  # [C, K]
        if self.swap is not None:
            block = 0.5 * (block + gains.constraint_columns(self.payoffs, self._swapped(joints)))
        return np.vstack([block[self.kept], np.ones((1, len(joints)))])

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
        kept = np.flatnonzero(~drop)
        if self._keep_entries:
            self._entries[: len(kept)] = self._entries[kept]
        self.columns = self.columns[kept]

    def _refined(self, x: np.ndarray) -> np.ndarray:
        """The vertex of HiGHS's final basis, solved again from the basis: ``[1 + K]``.

        HiGHS stops within its feasibility tolerance (1e-10 at best), and its
        point may break a frozen row or sit off the level value by more than
        that (1.2e-9 on a hard LiveBench sub-leaderboard); the next level then
        starts from a bound that is off, and the errors add up (ratings 6e-10
        of the range from the exact ones there; 8e-12 of frozen-row violation
        and 2e-11 of the range with this; and seven of 5,000 real
        sub-leaderboards fail a level without it). The basis itself is almost
        always exactly optimal, so its vertex is recomputed: the basic columns
        on the rows whose activity sits at a bound (a basic row only takes up
        its slack), ``M x_B = b``, solved in float64 with a round of iterative
        refinement (the residual in extended precision), about 60 us a level. HiGHS reports a row at
        its bound exactly, so its own ``row_value`` cannot tell whether its point
        is the vertex: recomputed, those rows are off by up to 1e-14, and the
        weights by that times the basis's condition. HiGHS's point is kept when
        the basis is singular or its vertex is not feasible within the tolerance.
        """
        status, basic = self.h.getBasicVariables()  # column j, or row i as -1 - i
        if status != self._highspy.HighsStatus.kOk or 0 not in basic:  # t non-basic: not a level vertex
            return x
        joints = basic[basic > 0] - 1  # LP column 1 + i is self.columns[i]
        at_bound = np.ones(self.num_rows + 1, dtype=bool)
        at_bound[-1 - basic[basic < 0]] = False
        upper = self._upper
        a = np.empty((self.num_rows + 1, 1 + len(joints)))
        a[:, 0] = self._t_column
        a[:, 1:] = self._entries[joints].T if self._keep_entries else self._block(self.columns[joints])
        return basis_vertex(x, a, upper, at_bound, joints, self.feasibility)

    def basic_variables(self) -> tuple[bool, np.ndarray, np.ndarray] | None:
        """The final basis: ``(t basic, basic constraint rows [R], basic joints [K])``.

        ``None`` when the basis cannot be mapped to the full level LP (a swap
        merges rows, or the sum-to-one row is basic).
        """
        if self.swap is not None:
            return None
        found = self._basic()
        if found is None:
            return None
        t_basic, rows, joints = found
        if self.num_rows in rows:
            return None
        return t_basic, rows, self.columns[joints]

    def _basic(self) -> tuple[bool, np.ndarray, np.ndarray] | None:
        """HiGHS's basic variables: ``(t basic, basic LP rows, basic joint columns as master positions)``."""
        status, basic = self.h.getBasicVariables()  # column j, or row i as -1 - i
        if status != self._highspy.HighsStatus.kOk:
            return None
        basic = np.asarray(basic)
        return bool((basic == 0).any()), np.sort(-1 - basic[basic < 0]), np.sort(basic[basic > 0] - 1)

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
            self._upper[lp_row] = value + self.slack
            self._t_column[lp_row] = 0.0
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
            self._upper[self.lp_row[row]] = self.bounds[row] + slack
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
        if self.refine:
            x = self._refined(x)
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
