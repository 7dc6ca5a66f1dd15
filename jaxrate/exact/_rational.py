"""Algorithm 1 in exact rational arithmetic: the last step of the exact path's ladder.

Payoffs as the exact path solves them (normalised and quantized to ``decimals``)
are integers in units of ``10**-decimals``, so every level LP has an exact
rational optimum and exact optimal duals. This module finds them with a revised
primal simplex over ``python-flint`` rationals, so a level that floating point
declares infeasible, or whose duals freeze a row too early, is solved here with
no tolerance at all.

Each level LP, with ``t' = t + S`` (``S`` large enough that ``t' > 0``):

.. math::

   \\min\\; t' + M \\sum_{c \\in F} v_c \\quad \\text{s.t.}\\quad
   A_c \\sigma - t' + s_c = -S \\;(c \\notin F),\\quad
   A_c \\sigma - v_c + s_c = r_c \\;(c \\in F),\\quad
   \\textstyle\\sum \\sigma = 1,

all variables non-negative. The penalty ``v`` makes a feasible start trivial
(one pure joint); ``M`` grows until ``v = 0`` (exact penalty), and the duals of
the optimal basis are the level's certificate. Joints enter by column
generation: a float ``A^T y`` pricing pass with a rigorous error margin, and the
joints within the margin priced exactly, so no column with a negative reduced
cost is ever missed. Dantzig's rule, switching to Bland's after a run of
degenerate pivots, so it cannot cycle.
"""

from __future__ import annotations

import time
from fractions import Fraction
from typing import NamedTuple

import numpy as np

from jaxrate.exact._result import LevelRoute
from jaxrate.game import gains

__all__ = ["RationalRun", "decimal_places", "integer_payoffs", "solve_rational"]

_DEGENERATE_RUN = 50  # degenerate pivots in a row before Bland's rule


def _flint():
    try:
        import flint
    except ImportError as err:  # pragma: no cover - python-flint is a dependency
        raise ImportError("exact rational solves need python-flint (pip install python-flint)") from err
    return flint


class RationalRun(NamedTuple):
    """An exact lexicographic solve, in integer payoff units (see :func:`integer_payoffs`)."""

    values: list  # t_k of each level, exact rationals
    frozen_at: np.ndarray  # level of each constraint, [C]
    ratings: list  # r_c, exact rationals, [C]
    joints: np.ndarray  # flat indices of the final joint's support, [K]
    weights: list  # sigma on them, exact rationals, [K]
    duals: list  # per level, the [C] proof vector (y free, lambda frozen), exact (fmpq)
    pivots: int
    pricing_rounds: int
    routes: tuple = ()  # one LevelRoute per level


_MAX_DIGITS = 9  # decimal places tried for payoffs given as decimals


def integer_payoffs(payoffs: np.ndarray, normalised: np.ndarray, scale: float, decimals: int):
    """Integer payoffs ``K`` and their unit, in the normalised units of the float path.

    Scores are usually decimals with a few places (LiveBench and Atari have
    three): then ``K = payoffs * 10**d`` exactly, with the fewest places ``d``
    that represent every payoff, and the LP's rationals stay short (a 3-place
    12 x 12 x 10 game solves about 3x faster than on the 1e-12 grid). Otherwise
    ``K`` is the quantized normalised game the float path solves, in units of
    ``10**-decimals``. Deviation gains ignore per-player offsets, so both are
    the same game up to the float path's own quantization.

    Returns:
      ``(K [N, A..] int64, unit)`` with normalised payoffs ``~= K * unit`` (up
      to a per-player offset).
    """
    d = decimal_places(payoffs)
    if d is not None:
        return np.rint(payoffs * 10.0**d).astype(np.int64), 10.0**-d / scale
    return np.rint(normalised * 10.0**decimals).astype(np.int64), 10.0**-decimals


def decimal_places(payoffs: np.ndarray) -> int | None:
    """The fewest decimal places (up to 9) that write every payoff exactly, or ``None``.

    ``None`` also where the payoffs times ``10**d`` reach ``2**50`` (int64 differences).
    """
    biggest = float(np.abs(payoffs).max(initial=0.0))
    for d in range(_MAX_DIGITS + 1):
        if biggest * 10.0**d >= 2**50:
            return None
        scaled = payoffs * 10.0**d
        if np.abs(scaled - np.rint(scaled)).max(initial=0.0) <= 1e-6:
            return d
    return None


class _Level:
    """State of the revised simplex for one level (and warm-started into the next)."""

    def __init__(self, payoffs: np.ndarray, hint: np.ndarray) -> None:
        self.flint = _flint()
        self.payoffs = payoffs
        self.floats = payoffs.astype(np.float64)
        self.shape = tuple(payoffs.shape[1:])
        self.num_c = int(sum(self.shape))
        self.m = self.num_c + 1
        self.num_joints = int(np.prod(self.shape))
        biggest = int(np.abs(payoffs).max(initial=1))
        self.biggest = max(biggest, 1)
        self.shift = 4 * self.biggest + 1  # |gains| <= 2 * biggest, so t' = t + shift > 0
        self.frozen = np.zeros(self.num_c, dtype=bool)
        self.bounds = [Fraction(0)] * self.num_c
        self.penalty = 10**4
        self.columns: dict[int, list[int]] = {}  # joint -> its A column as Python ints, plus the 1
        self.master: list[int] = []
        self._master_matrix = None  # [m, len(master)] fmpq_mat, rebuilt when joints enter
        self.basis: list[int] | None = None
        self.pivots = 0
        self.pricing_rounds = 0
        self.deadline: float | None = None
        self._add_joints(np.unique(np.asarray(hint, dtype=np.int64)))

    # ------------------------------------------------------------ columns
    # Column ids: 0 is t'; 1 + c the slack of row c; 1 + C + c the penalty of
    # frozen row c; 1 + 2C + a the joint a. Bland's rule orders by these ids.

    def _add_joints(self, joints: np.ndarray) -> None:
        joints = [int(j) for j in joints if int(j) not in self.columns]
        if not joints:
            return
        multi = np.stack(np.unravel_index(np.asarray(joints), self.shape), axis=1)
        block = gains.constraint_columns(self.payoffs, multi)  # [C, K] int64: differences of integers
        for k, j in enumerate(joints):
            self.columns[j] = [int(v) for v in block[:, k]] + [1]
            self.master.append(j)
        self._master_matrix = None

    def _column(self, cid: int) -> list:
        c = self.num_c
        if cid == 0:
            return [0 if self.frozen[r] else -1 for r in range(c)] + [0]
        if cid <= c:
            col = [0] * self.m
            col[cid - 1] = 1
            return col
        if cid <= 2 * c:
            col = [0] * self.m
            col[cid - 1 - c] = -1
            return col
        return self.columns[cid - 1 - 2 * c]

    def _cost(self, cid: int) -> int:
        if cid == 0:
            return 1
        if self.num_c < cid <= 2 * self.num_c:
            return self.penalty
        return 0

    def _rhs(self):
        flint = self.flint
        values = [
            flint.fmpq(b.numerator, b.denominator) if f else flint.fmpq(-self.shift)
            for f, b in zip(self.frozen, self.bounds)
        ]
        return flint.fmpq_mat(self.m, 1, values + [1])

    def _basis_matrix(self, basis: list[int]):
        # Entries are differences of int64 payoffs (|K| < 2**50), 0 and +-1: int64 is exact.
        cols = np.array([self._column(cid) for cid in basis], dtype=np.int64)
        return self.flint.fmpq_mat(self.m, self.m, cols.T.ravel().tolist())

    # ------------------------------------------------------------ starts

    def _crash(self, joint: int) -> list[int]:
        """A feasible basis at one pure joint: t' on its largest free gain, penalties where violated."""
        self._add_joints(np.array([joint]))
        col = self.columns[joint]
        free = np.flatnonzero(~self.frozen)
        top = int(free[np.argmax([col[r] for r in free])])
        basis = [1 + 2 * self.num_c + joint, 0]
        for r in range(self.num_c):
            if r == top:
                continue
            if self.frozen[r] and col[r] > self.bounds[r]:
                basis.append(1 + self.num_c + r)
            else:
                basis.append(1 + r)
        return basis

    def _try(self, basis: list[int]):
        """The inverse of ``basis`` if it is non-singular and primal feasible, else ``None``."""
        try:
            inverse = self._basis_matrix(basis).inv()
        except ZeroDivisionError:
            return None
        x = inverse * self._rhs()
        return inverse if all(x[i, 0] >= 0 for i in range(self.m)) else None

    def _feasible_start(self, joint: int, newly_frozen: list[int]):
        """Warm start from the last level's optimal basis, else a crash basis.

        Freezing rows drops their ``t'`` coefficients; when every row left free
        has a basic slack, ``t'`` is then undetermined (singular basis). The
        same point stays feasible: ``t'`` moves down to the largest free gain,
        whose slack leaves the basis, and the slack of a newly frozen (tight)
        row enters at zero.
        """
        if self.basis is not None:
            inverse = self._try(self.basis)
            if inverse is not None:
                return inverse
            free_slacks = [cid for cid in self.basis if 1 <= cid <= self.num_c and not self.frozen[cid - 1]]
            if free_slacks:
                sigma = self._point_gains()
                top = max(free_slacks, key=lambda cid: (sigma[cid - 1], -cid))
                for r in newly_frozen:
                    for enter in (1 + r, 1 + self.num_c + r):
                        if enter in self.basis:
                            continue
                        basis = [enter if cid == top else cid for cid in self.basis]
                        inverse = self._try(basis)
                        if inverse is not None:
                            self.basis = basis
                            return inverse
        self.basis = self._crash(joint)
        return self._basis_matrix(self.basis).inv()

    def _point_gains(self) -> list:
        """``A_c sigma`` of the last basic solution, exact, ``[C]``."""
        gains_ = [0] * self.num_c  # exact: ints plus Fractions or fmpq values
        for cid, value in zip(self.basis, self._last_x):
            if cid > 2 * self.num_c and value:
                col = self.columns[cid - 1 - 2 * self.num_c]
                for r in range(self.num_c):
                    gains_[r] += value * col[r]
        return gains_

    # ------------------------------------------------------------ simplex

    def _reduced_costs(self, pi) -> dict[int, object]:
        """Reduced cost of every non-basic column of the master, ``{id: value}``."""
        c = self.num_c
        basic = set(self.basis)
        out = {}
        p = [pi[0, i] for i in range(self.m)]
        if 0 not in basic:
            out[0] = 1 + sum(p[r] for r in range(c) if not self.frozen[r])
        for r in range(c):
            if 1 + r not in basic:
                out[1 + r] = -p[r]
            if self.frozen[r] and 1 + c + r not in basic:
                out[1 + c + r] = self.penalty + p[r]
        if self._master_matrix is None:
            cols = [self.columns[j] for j in self.master]
            self._master_matrix = self.flint.fmpq_mat(
                self.m, len(cols), [col[i] for i in range(self.m) for col in cols]
            )
        prices = pi * self._master_matrix
        for k, j in enumerate(self.master):
            if 1 + 2 * c + j not in basic:
                out[1 + 2 * c + j] = -prices[0, k]
        return out

    def _optimise_master(self, inverse) -> tuple:
        """Primal simplex on the master from a feasible basis; returns ``(inverse, x_B, pi)``.

        ``x_B`` and the duals ``pi`` are updated by each pivot (exact, so
        nothing drifts) rather than recomputed from the inverse.
        """
        flint = self.flint
        degenerate = 0
        x = inverse * self._rhs()
        pi = flint.fmpq_mat(1, self.m, [self._cost(cid) for cid in self.basis]) * inverse
        while True:
            reduced = self._reduced_costs(pi)
            negative = [(cid, d) for cid, d in reduced.items() if d < 0]
            if not negative:
                return inverse, x, pi
            if degenerate >= _DEGENERATE_RUN:
                enter = min(cid for cid, _ in negative)
            else:
                enter = min(negative, key=lambda item: (item[1], item[0]))[0]
            direction = inverse * flint.fmpq_mat(self.m, 1, self._column(enter))
            u = [direction[i, 0] for i in range(self.m)]
            values = [x[i, 0] for i in range(self.m)]
            best, leave = None, None
            for i in range(self.m):
                if u[i] > 0:
                    ratio = values[i] / u[i]
                    if best is None or ratio < best or (ratio == best and self.basis[i] < self.basis[leave]):
                        best, leave = ratio, i
            if leave is None:  # pragma: no cover - the level LP is bounded below by construction
                raise RuntimeError("rational simplex: level LP unbounded")
            degenerate = degenerate + 1 if best == 0 else 0
            self.basis[leave] = enter
            self.pivots += 1
            if self.deadline is not None and time.monotonic() > self.deadline:
                raise TimeoutError(f"exact arithmetic: over its time budget after {self.pivots} pivots")
            pivot = u[leave]
            row = flint.fmpq_mat(1, self.m, [inverse[leave, j] for j in range(self.m)])
            # x' = x - theta u with x'_leave = theta; pi' = pi + (d_enter / u_leave) (row leave of B^-1).
            values = [v - best * w for v, w in zip(values, u)]
            values[leave] = best
            x = flint.fmpq_mat(self.m, 1, values)
            pi = pi + row * (reduced[enter] / pivot)
            # Product-form update of the inverse, exact: B'^-1 = B^-1 - (u - e_r) / u_r (row r of B^-1).
            w = [ui / pivot for ui in u]
            w[leave] = (pivot - 1) / pivot
            inverse = inverse - flint.fmpq_mat(self.m, 1, w) * row

    def _price_all(self, pi) -> np.ndarray:
        """Joints outside the master whose exact reduced cost is negative (most negative first)."""
        c = self.num_c
        y = [-pi[0, r] for r in range(c)]
        mu = pi[0, c]
        yf = np.array([float(v) for v in y])
        muf = float(mu)
        price = gains.transpose_gains(self.floats, yf).reshape(-1) - muf  # reduced costs, float
        # Rigorous margin for float64 rounding in a sum of N * max(A_p) + N products.
        terms = len(self.shape) * (max(self.shape) + 1)
        margin = 1e-13 * terms * (self.biggest * (np.abs(yf).sum() + 1.0) + abs(muf) + 1.0)
        near = np.flatnonzero(price < margin)
        in_master = np.zeros(self.num_joints, dtype=bool)
        in_master[self.master] = True
        near = near[~in_master[near]]
        if len(near) == 0:
            return near
        multi = np.stack(np.unravel_index(near, self.shape), axis=1)
        block = gains.constraint_columns(self.payoffs, multi)  # [C, K]
        flint = self.flint
        yrow = flint.fmpq_mat(1, c, y)
        mat = flint.fmpq_mat(c, len(near), [int(v) for v in block.reshape(-1)])
        exact = yrow * mat
        reduced = [exact[0, k] - mu for k in range(len(near))]
        negative = [k for k in range(len(near)) if reduced[k] < 0]
        negative.sort(key=lambda k: reduced[k])
        return near[np.asarray(negative, dtype=np.int64)]

    def idle_penalties(self, x) -> list[int]:
        """Basis positions of penalty columns ``v_r`` basic at zero.

        At an optimum such a column is feasible but holds row ``r``'s dual at
        ``-M``: the level's proof then carries a multiplier of ``M`` (1e8 and
        more), exact but beyond a float check's reach (a 3-decimal 40 x 40 x 10
        board with one column 5e5 times the others: every level's dual bound off
        by 5e-5 of the range). Swapping ``v_r`` for its slack ``s_r`` (the same
        column negated, so the basis stays regular and ``x`` unchanged) sets
        that dual to zero, and the simplex goes on from there.
        """
        c = self.num_c
        return [i for i, cid in enumerate(self.basis) if c < cid <= 2 * c and x[i, 0] == 0]

    def solve(self, start_joint: int, batch: int, newly_frozen: list[int]):
        """Optimal basis of the current level over all joints; returns ``(x_B, pi)``."""
        inverse = self._feasible_start(start_joint, newly_frozen)
        cleanups = 0
        while True:
            inverse, x, pi = self._optimise_master(inverse)
            violated = [
                i for i, cid in enumerate(self.basis) if self.num_c < cid <= 2 * self.num_c and x[i, 0] > 0
            ]
            if violated:  # exact penalty not yet large enough: raise it, same (feasible) basis
                self.penalty *= 10**4
                continue
            idle = self.idle_penalties(x)
            if idle and cleanups < self.num_c:
                cleanups += 1
                for i in idle:  # column -e_r for +e_r: row i of the inverse changes sign
                    self.basis[i] -= self.num_c
                    inverse = self.flint.fmpq_mat(self.m, self.m, _sign_flip(self.m, i)) * inverse
                continue
            entering = self._price_all(pi)
            if len(entering) == 0:
                self._last_x = [Fraction(int(x[i, 0].p), int(x[i, 0].q)) for i in range(self.m)]
                return x, pi
            self.pricing_rounds += 1
            self._add_joints(entering[:batch])


def solve_rational(
    payoffs: np.ndarray, hint: np.ndarray | None = None, seconds: float | None = None
) -> RationalRun:
    """Exact lexicographic min-max of the deviation gains of integer ``payoffs``.

    Args:
      payoffs: integer payoffs ``[N, A_1, ..., A_N]`` (see :func:`integer_payoffs`).
      hint: flat joint indices to seed the master with (e.g. a float run's supports).
      seconds: a time budget; past it (checked between pivots) ``TimeoutError``.

    Returns:
      A :class:`RationalRun` with exact level values, ratings, joint and duals.
    """
    level, start = seeded_level(payoffs, hint)
    if seconds is not None:
        level.deadline = time.monotonic() + seconds
    frozen_at = np.full(level.num_c, -1, dtype=np.int64)
    values, duals = [], []
    batch = max(2 * level.m, 64)
    x = None
    new: list[int] = []
    routes = []
    while not level.frozen.all():
        began, pivots = time.perf_counter(), level.pivots
        x, pi = level.solve(start, batch, new)
        new, start = freeze_level(level, x, pi, values, duals, frozen_at)
        routes.append(
            LevelRoute(len(values) - 1, "rational", level.pivots - pivots, time.perf_counter() - began)
        )
    return rational_run(level, x, values, duals, frozen_at)._replace(routes=tuple(routes))


def _sign_flip(m: int, i: int) -> list[int]:
    """The ``m x m`` identity with entry ``(i, i)`` negated, row-major."""
    return [(-1 if r == i else 1) if r == col else 0 for r in range(m) for col in range(m)]


def seeded_level(payoffs: np.ndarray, hint: np.ndarray | None) -> tuple[_Level, int]:
    """A :class:`_Level` seeded with ``hint`` and the joints of lowest average gain, and a start joint."""
    num_c = int(sum(payoffs.shape[1:]))
    floats = payoffs.astype(np.float64)
    # Seed: the hint plus the joints with the lowest average gain (as the HiGHS master does).
    score = gains.transpose_gains(floats, np.full(num_c, 1.0 / num_c)).reshape(-1)
    k = min(2 * (num_c + 1), score.size)
    seed = np.argpartition(score, k - 1)[:k]
    hint = seed if hint is None else np.concatenate([np.asarray(hint, dtype=np.int64), seed])
    return _Level(payoffs, hint), int(seed[np.argmin(score[seed])])


def freeze_level(
    level: _Level, x, pi, values: list, duals: list, frozen_at: np.ndarray
) -> tuple[list[int], int]:
    """Freeze the free rows with a positive exact dual at the level's exact value.

    Appends the value and the proof vector to ``values`` and ``duals``; returns
    the rows frozen and the joint of largest weight (the next crash start).
    """
    num_c = level.num_c
    t = Fraction(int(x[level.basis.index(0), 0].p), int(x[level.basis.index(0), 0].q)) - level.shift
    mult = [-pi[0, r] for r in range(num_c)]  # exact (fmpq)
    new = [r for r in range(num_c) if not level.frozen[r] and mult[r] > 0]
    for r in new:
        level.frozen[r] = True
        level.bounds[r] = t
        frozen_at[r] = len(values)
    values.append(t)
    duals.append(mult)
    support = [(cid - 1 - 2 * num_c, i) for i, cid in enumerate(level.basis) if cid > 2 * num_c]
    return new, max(support, key=lambda item: x[item[1], 0])[0]


def rational_run(level: _Level, x, values: list, duals: list, frozen_at: np.ndarray) -> RationalRun:
    """The :class:`RationalRun` of a finished solve whose last basic solution is ``x``."""
    num_c = level.num_c
    joints, weights = [], []
    for i, cid in enumerate(level.basis):
        if cid > 2 * num_c and x[i, 0] > 0:
            joints.append(cid - 1 - 2 * num_c)
            weights.append(Fraction(int(x[i, 0].p), int(x[i, 0].q)))
    return RationalRun(
        values=values,
        frozen_at=frozen_at,
        ratings=list(level.bounds),
        joints=np.asarray(joints, dtype=np.int64),
        weights=weights,
        duals=duals,
        pivots=level.pivots,
        pricing_rounds=level.pricing_rounds,
    )
