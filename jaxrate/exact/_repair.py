"""Floating point first, exact arithmetic only to confirm and repair.

Each level LP of :mod:`jaxrate.exact._rational` is first solved in HiGHS
(float64, warm-started from the previous level). Its final basis is mapped to
the exact level LP (``t`` -> ``t'``, a basic row -> its slack, a basic joint ->
its column) and refactored in exact rationals: two ``fmpq_mat`` solves,
``B x = b`` and ``B^T pi = c_B``, not an inverse (about 2 ms against 70 ms for
60 rows). The basis is *confirmed* when ``x >= 0`` and every reduced cost is
``>= 0`` exactly (the master's columns exactly, every other joint by the
rigorous float pricing of :meth:`_Level._price_all`). Otherwise it is
*repaired*: the exact simplex of :mod:`jaxrate.exact._rational` pivots from it
when it is primal feasible, else from the previous level's exact basis. Rows
are frozen by the exact duals (DESIGN.md: by duals, never by primal
tightness), at the exact level value, so the ratings are the exact ones of the
rational-from-scratch route; only the work differs.
"""

from __future__ import annotations

import math
import time

import numpy as np

from jaxrate.exact._rational import (
    _DEGENERATE_RUN,
    RationalRun,
    _Level,
    freeze_level,
    rational_run,
    seeded_level,
)
from jaxrate.exact._result import LevelRoute

__all__ = ["ROUTES", "solve_repaired"]

# Routes of a level on this path (``LevelRoute.route``).
CONFIRMED = "highs + exact check"  # HiGHS's basis is exactly optimal: no pivot
REPAIRED = "highs + exact repair"  # exact pivots from HiGHS's (primal feasible) basis
RATIONAL = "rational"  # exact pivots from the previous exact basis (HiGHS's unusable)
ROUTES = (CONFIRMED, REPAIRED, RATIONAL)
# Whether a basis that is exactly infeasible (a slack swapped for its penalty)
# is repaired from there even when the previous level's exact basis exists.
_REPAIR_INFEASIBLE = False
# Joints up to which the HiGHS master holds every joint (as in _solve).
_DENSE_JOINTS = 200


def solve_repaired(
    payoffs: np.ndarray, hint: np.ndarray | None = None, seconds: float | None = None
) -> RationalRun:
    """Exact lexicographic min-max of integer ``payoffs``, each level solved in HiGHS first.

    Args:
      payoffs: integer payoffs ``[N, A_1, ..., A_N]`` (see
        :func:`jaxrate.exact._rational.integer_payoffs`).
      hint: flat joint indices to seed the exact master with.
      seconds: a time budget for the exact pivots; past it ``TimeoutError``.

    Returns:
      The exact run, as :func:`solve_rational` returns it, with one
      :class:`LevelRoute` per level in ``routes``.
    """
    from jaxrate.exact._highs import HighsLevelSolver

    level, start = seeded_level(payoffs, hint)
    if seconds is not None:
        level.deadline = time.monotonic() + seconds
    lp = HighsLevelSolver(payoffs / level.biggest, all_columns=level.num_joints <= _DENSE_JOINTS)
    frozen_at = np.full(level.num_c, -1, dtype=np.int64)
    values, duals, routes = [], [], []
    batch = max(2 * level.m, 64)
    x, new = None, []
    while not level.frozen.all():
        began, pivots = time.perf_counter(), level.pivots
        route, x, pi, floated, repair = _exact_level(level, lp, start, batch, new)
        new, start = freeze_level(level, x, pi, values, duals, frozen_at)
        lp.freeze(np.asarray(new, dtype=np.int64), np.full(len(new), float(values[-1]) / level.biggest))
        seconds = time.perf_counter() - began
        routes.append(LevelRoute(len(values) - 1, route, level.pivots - pivots, seconds, floated, repair))
    return rational_run(level, x, values, duals, frozen_at)._replace(routes=tuple(routes))


def _exact_level(level: _Level, lp, start_joint: int, batch: int, new: list[int]) -> tuple:
    """One level: HiGHS, then its basis confirmed or repaired exactly.

    Returns ``(route, x, pi, float seconds, repair seconds)``.
    """
    began = time.perf_counter()
    solved = lp.solve() is not None
    floated = time.perf_counter()
    basis = _mapped_basis(level, lp) if solved else None
    start = None if basis is None else _primal_start(level, basis)
    if start is not None and start[1] is None and level.basis is not None and not _REPAIR_INFEASIBLE:
        # Exactly infeasible (slacks swapped for penalties): driving the
        # penalties out took 101 pivots on a hard sub-leaderboard where the
        # previous level's exact basis needed one.
        start = None
    if start is not None:
        pivots = level.pivots
        x, pi, repair = _primal_simplex(level, start[0], start[1], start[2], batch)
        return (CONFIRMED if level.pivots == pivots else REPAIRED), x, pi, floated - began, repair
    checked = time.perf_counter()
    start = _previous_start(level, new)
    if start is not None:
        x, pi, _ = _primal_simplex(level, *start, batch)
    else:
        x, pi = level.solve(start_joint, batch, new)
    return RATIONAL, x, pi, floated - began, time.perf_counter() - checked


def _previous_start(level: _Level, newly_frozen: list[int]) -> tuple | None:
    """The previous level's exact basis made feasible for this one, ``(basis, pi, x)``, or ``None``.

    The starts of :meth:`_Level._feasible_start` (the basis as it is, then the
    slack of the largest free gain swapped for a newly frozen row's slack or
    penalty), each checked by :func:`_basic_solution` instead of an exact
    inverse (about 1.5 ms for 45 rows), for the solve-based simplex of
    :func:`_primal_simplex`.
    """
    if level.basis is None:
        return None
    for basis in _previous_bases(level, newly_frozen):
        try:
            x, pi = _basic_solution(level, basis)
        except ZeroDivisionError:
            continue
        if all(v >= 0 for v in x.entries()):
            return basis, pi, x
    return None


def _previous_bases(level: _Level, newly_frozen: list[int]):
    """Candidate starts from the previous level's exact basis, lazily (as in ``_feasible_start``)."""
    yield list(level.basis)
    c = level.num_c
    free_slacks = [cid for cid in level.basis if 1 <= cid <= c and not level.frozen[cid - 1]]
    if not free_slacks:
        return
    sigma = level._point_gains()
    top = max(free_slacks, key=lambda cid: (sigma[cid - 1], -cid))
    for r in newly_frozen:
        for enter in (1 + r, 1 + c + r):
            if enter not in level.basis:
                yield [enter if cid == top else cid for cid in level.basis]


def _mapped_basis(level: _Level, lp) -> list[int] | None:
    """HiGHS's final basis as column ids of the exact level LP, or ``None``."""
    found = lp.basic_variables()
    if found is None:
        return None
    t_basic, rows, joints = found
    basis = ([0] if t_basic else []) + [1 + int(r) for r in rows]
    basis += [1 + 2 * level.num_c + int(j) for j in joints]
    if len(basis) != level.m:
        return None
    level._add_joints(np.asarray(joints, dtype=np.int64))
    return basis


def _primal_start(level: _Level, basis: list[int]) -> tuple | None:
    """``basis`` made primal feasible in exact arithmetic, or ``None`` (singular, or a negative joint).

    Returns ``(basis, pi, x)``, the last two ``None`` when a column was swapped.

    HiGHS's vertex is feasible to its tolerance; exactly, a degenerate basic
    slack may come out slightly negative (``-1e-13`` of the payoff scale on
    12-digit payoffs). Such a slack ``s_r`` (column ``e_r``) is swapped for the
    penalty column ``-e_r`` of the same row, which takes the value ``-s_r > 0``
    at cost ``M``: the basis stays non-singular, the point is unchanged and the
    exact simplex drives the penalty out.
    """
    try:
        x, pi = _basic_solution(level, basis)
    except ZeroDivisionError:
        return None
    negative = [i for i, v in enumerate(x.entries()) if v < 0]
    if not negative:
        return basis, pi, x
    fixed = list(basis)
    for i in negative:
        if not 1 <= basis[i] <= level.num_c:
            return None
        fixed[i] = basis[i] + level.num_c
    return fixed, None, None


def _primal_simplex(level: _Level, basis: list[int], pi, x, batch: int):
    """Exact primal simplex from the feasible ``basis``, refactored at each pivot; ``(x, pi)``.

    Each pivot takes three exact solves (``x`` and ``pi`` on the basis with its
    basic slacks eliminated, :func:`_basic_solution`; the entering direction on
    the full basis) instead of an exact inverse and its updates: from a basis a
    few pivots from optimal that is the cheaper way. Dantzig's rule, Bland's after
    a run of degenerate pivots; the penalty ``M`` grows while a penalty stays
    basic and positive at the optimum.
    """
    flint = level.flint
    degenerate = cleanups = 0
    repair_from = None  # the end of the first pass (the exact check): repair starts
    while True:
        if x is None:
            x, pi = _basic_solution(level, basis)
        level.basis = basis
        negative = [(cid, d) for cid, d in level._reduced_costs(pi).items() if d < 0]
        repair_from = repair_from or (time.perf_counter() if negative else None)
        if not negative:
            if any(level.num_c < cid <= 2 * level.num_c and x[i, 0] > 0 for i, cid in enumerate(basis)):
                repair_from = repair_from or time.perf_counter()
                level.penalty *= 10**4
                x = None  # pi depends on the penalty: re-solve
                continue
            idle = level.idle_penalties(x)
            if idle and cleanups < level.num_c:  # their duals at -M: see _Level.idle_penalties
                cleanups += 1
                basis = [cid - level.num_c if i in idle else cid for i, cid in enumerate(basis)]
                x = None
                continue
            entering = level._price_all(pi)
            if len(entering) == 0:
                level._last_x = x.entries()
                return x, pi, (0.0 if repair_from is None else time.perf_counter() - repair_from)
            repair_from = repair_from or time.perf_counter()
            level.pricing_rounds += 1
            level._add_joints(entering[:batch])
            continue
        if degenerate >= _DEGENERATE_RUN:
            enter = min(cid for cid, _ in negative)
        else:
            enter = min(negative, key=lambda item: (item[1], item[0]))[0]
        u = _integer_basis(level, basis).solve(flint.fmpz_mat(level.m, 1, level._column(enter)))
        leave, best = _ratio_test(basis, x, u)
        degenerate = degenerate + 1 if best == 0 else 0
        basis = list(basis)
        basis[leave] = enter
        x = None
        level.pivots += 1
        if level.deadline is not None and time.monotonic() > level.deadline:
            raise TimeoutError(f"exact arithmetic: over its time budget after {level.pivots} pivots")


def _integer_basis(level: _Level, basis: list[int]):
    """The basis matrix as an ``fmpz_mat`` (its entries are integers; solves are faster)."""
    # Differences of int64 payoffs (|K| < 2**50), 0 and +-1: int64 holds them exactly.
    cols = np.array([level._column(cid) for cid in basis], dtype=np.int64)
    return level.flint.fmpz_mat(level.m, level.m, cols.T.ravel().tolist())


def _basic_solution(level: _Level, basis: list[int]) -> tuple:
    """``x_B = B^-1 b`` and ``pi = c_B^T B^-1`` exactly, from the basis with its basic slacks eliminated.

    A basic slack ``s_r`` (column ``e_r``) has cost 0, so ``pi_r = 0``, and it
    only absorbs row ``r``: the other basic columns solve the ``k x k`` system
    of the rows whose slack is non-basic (``det B = +-det B'``), and
    ``s_r = b_r - A_r x``. At a level's optimum about half the rows have a
    basic slack, so the two ``fmpz_mat`` solves are about ``(m/k)^3`` cheaper
    and the matrix is a quarter of the size to build. ``b``'s denominators (the
    frozen levels' values) are cleared first. Raises ``ZeroDivisionError`` if
    ``basis`` is singular.
    """
    flint, c, m = level.flint, level.num_c, level.m
    slack_rows = [cid - 1 for cid in basis if 1 <= cid <= c]
    rows = np.setdiff1d(np.arange(m), slack_rows)
    pos = [i for i, cid in enumerate(basis) if not 1 <= cid <= c]
    cols = np.array([level._column(basis[i]) for i in pos], dtype=np.int64).reshape(len(pos), m)
    if len(rows) != len(pos):  # a slack twice in the basis
        raise ZeroDivisionError("singular basis")
    sub = flint.fmpz_mat(len(pos), len(pos), cols[:, rows].T.ravel().tolist())
    frozen = [b for f, b in zip(level.frozen, level.bounds) if f]
    den = math.lcm(*(b.denominator for b in frozen)) if frozen else 1
    rhs = [
        b.numerator * (den // b.denominator) if f else -level.shift * den
        for f, b in zip(level.frozen, level.bounds)
    ] + [den]
    xs = sub.solve(flint.fmpz_mat(len(pos), 1, [rhs[r] for r in rows]))
    ys = sub.transpose().solve(flint.fmpz_mat(len(pos), 1, [level._cost(basis[i]) for i in pos]))
    values = [None] * m
    for k, i in enumerate(pos):
        values[i] = xs[k, 0]
    if slack_rows:
        taken = cols[:, slack_rows].T.ravel().tolist()
        absorbed = flint.fmpq_mat(flint.fmpz_mat(len(slack_rows), len(pos), taken)) * xs
        at = {r: k for k, r in enumerate(slack_rows)}
        for i, cid in enumerate(basis):
            if 1 <= cid <= c:
                values[i] = rhs[cid - 1] - absorbed[at[cid - 1], 0]
    x = flint.fmpq_mat(m, 1, values)
    pi = [0] * m
    for k, r in enumerate(rows):
        pi[r] = ys[k, 0]
    return (x if den == 1 else x * flint.fmpq(1, den)), flint.fmpq_mat(1, m, pi)


def _ratio_test(basis: list[int], x, u) -> tuple[int, object]:
    """Leaving position of the ratio test (ties to the smallest column id) and its ratio."""
    best, leave = None, None
    for i in range(len(basis)):
        if u[i, 0] > 0:
            ratio = x[i, 0] / u[i, 0]
            if best is None or ratio < best or (ratio == best and basis[i] < basis[leave]):
                best, leave = ratio, i
    if leave is None:  # pragma: no cover - the level LP is bounded below by construction
        raise RuntimeError("exact repair: level LP unbounded")
    return leave, best
