"""Algorithm 1 on the game of a score table, through the table (leaderboards of thousands of models).

The agent-vs-agent-vs-task game of an ``[M, T]`` table has ``2M + T`` rows and
``M^2 T`` joints; the general path (:mod:`jaxrate.exact._solve`) holds every
row in its LP and prices every joint at every level with the dense payoffs,
``O(M^3 T)`` over the ``~M`` levels. Here the same lexicographic solve runs

* **symmetric**: the two agent players are interchangeable, so joints come in
  classes ``{(a, b, t), (b, a, t)}`` and one row serves agent ``a'`` of both
  players (:mod:`jaxrate.symmetry`'s reduction, as in the general path);
* **with row generation**: a level's LP holds only the rows that can bind (the
  free rows with the largest gains, the tasks, and the frozen rows a dual or a
  violation asked for); every row is checked against the LP's joint in
  ``O(M T)`` and a violated one enters, so the LP's optimum is the level's;
* **with column generation priced through the table**
  (:class:`jaxrate._table_gains.TableGains`: branch and bound over blocks of
  models, exact where a block's bound says a joint may price in).

Rows left out of a level's LP have a zero dual, so each level's dual is a
certificate of the whole game's level, checked by :func:`jaxrate.verify` like
any other (through the table as well).
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

from jaxrate import gains
from jaxrate._table_gains import TableDuals, TableGains
from jaxrate.certificate import rows_to_freeze
from jaxrate.exact._highs import _import_highspy, _new_highs, set_options
from jaxrate.exact._result import Certificate, ExactResult, LevelRoute, Progress

__all__ = ["board_ratings"]

# Reduced cost below which a joint prices in, and HiGHS's tolerances (normalised units).
_TOL = 1e-10
# Free rows with the largest gains kept in each level's LP.
_FREE_ROWS = 12
# Most rows / columns that enter per round.
_ROWS_PER_ROUND = 16
_COLUMNS_PER_ROUND = 64
# Rounds of one level before it is declared failed (the general path takes over).
_MAX_ROUNDS = 500
# LP rows past which the master is rebuilt from the rows that still matter.
_REBUILD_ROWS = 160
# HiGHS options tried, in turn, on a fresh model of a level HiGHS calls infeasible
# (degenerate frozen rows at their bounds; the previous level's joint is feasible).
_RETRIES = ({}, {"simplex_strategy": 1}, {"simplex_scale_strategy": 2}, {"presolve": "on"})


class BoardFailed(RuntimeError):
    """A level that did not converge; the caller rates the game on the general path."""


class _Master:
    """One level's LP over working rows (merged ids) and joint classes, in HiGHS."""

    def __init__(self, tg: TableGains, rows: np.ndarray, frozen: np.ndarray, bounds: np.ndarray,
                 columns: np.ndarray, options: dict | None = None) -> None:
        highspy = _import_highspy()
        self._hs = highspy
        self.tg = tg
        self.h = h = _new_highs(highspy, _TOL)
        set_options(highspy, h, options or {})
        self.inf = highspy.kHighsInf
        self.frozen, self.bounds = frozen, bounds
        h.addVars(1, np.array([-self.inf]), np.array([self.inf]))
        h.changeColCost(0, 1.0)
        # LP row 0: sum sigma = 1.
        h.addRows(1, np.array([1.0]), np.array([1.0]), 0, np.array([0]), np.array([], dtype=np.int32), np.array([]))
        self.rows = np.zeros(0, dtype=np.int64)
        self.columns = np.zeros(0, dtype=np.int64)
        self.add_columns(columns)
        self.add_rows(rows)

    def entries(self, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        """Class-column entries ``[len(rows), len(columns)]`` of merged rows."""
        tg = self.tg
        m = tg.models
        a, b, t = tg.joints(columns)
        game_rows = np.where(rows < m, rows, rows + m)  # task t' is game row 2M + t'
        out = tg.columns(game_rows, a, b, t)
        agent = rows < m
        if agent.any():
            out[agent] = 0.5 * (out[agent] + tg.columns(game_rows[agent], b, a, t))
        return out

    def add_columns(self, columns: np.ndarray) -> None:
        columns = np.setdiff1d(columns, self.columns)
        if len(columns) == 0:
            return
        block = np.vstack([np.ones((1, len(columns))), self.entries(self.rows, columns)])
        self._add_cols(block)
        self.columns = np.concatenate([self.columns, columns])

    def _add_cols(self, block: np.ndarray) -> None:
        k = block.shape[1]
        nz = block != 0.0
        starts = np.concatenate([[0], np.cumsum(nz.sum(axis=0))[:-1]]).astype(np.int32)
        index = np.nonzero(nz.T)[1].astype(np.int32)
        values = block.T[nz.T]
        self.h.addCols(k, np.zeros(k), np.zeros(k), np.full(k, self.inf), int(values.size), starts, index, values)

    def add_rows(self, rows: np.ndarray) -> None:
        rows = np.setdiff1d(rows, self.rows)
        if len(rows) == 0:
            return
        entries = self.entries(rows, self.columns)  # [R, K]
        free = ~self.frozen[rows]
        block = np.hstack([np.where(free, -1.0, 0.0)[:, None], entries])
        upper = np.where(free, 0.0, self.bounds[rows])
        nz = block != 0.0
        starts = np.concatenate([[0], np.cumsum(nz.sum(axis=1))[:-1]]).astype(np.int32)
        index = np.nonzero(nz)[1].astype(np.int32)
        self.h.addRows(len(rows), np.full(len(rows), -self.inf), upper, int(nz.sum()), starts, index, block[nz])
        self.rows = np.concatenate([self.rows, rows])

    def freeze(self, rows: np.ndarray, value: float) -> None:
        where = {int(r): i for i, r in enumerate(self.rows)}
        for r in rows.tolist():
            if r in where:
                self.h.changeCoeff(1 + where[r], 0, 0.0)
                self.h.changeRowBounds(1 + where[r], -self.inf, value)

    def solve(self):
        """``(t, class weights [K], multipliers of the LP rows [R], mu)`` or ``None``."""
        h = self.h
        h.run()
        self.status = h.modelStatusToString(h.getModelStatus())
        if h.getModelStatus() != self._hs.HighsModelStatus.kOptimal:
            return None
        sol = h.getSolution()
        x = self._refined(np.asarray(sol.col_value))
        duals = np.asarray(sol.row_dual)
        return float(x[0]), np.maximum(x[1:], 0.0), np.maximum(-duals[1:], 0.0), float(duals[0])

    def _refined(self, x: np.ndarray) -> np.ndarray:
        """The vertex of HiGHS's final basis solved again from the basis (``[1 + K]``).

        HiGHS stops within its feasibility tolerance, and over hundreds of
        levels the frozen rows' errors add up until a rebuilt level is
        infeasible (a 400-model board at level 201, 1.2e-10 over); as in
        :meth:`jaxrate.exact._highs.HighsLevelSolver._refined`, the basic
        columns on the rows at their bounds are solved in float64 with one
        round of iterative refinement. HiGHS's point is kept when the basis is
        singular or its vertex is not feasible within the tolerance.
        """
        status, basic = self.h.getBasicVariables()
        basic = np.asarray(basic)
        if status != self._hs.HighsStatus.kOk or 0 not in basic:
            return x
        cols = basic[basic > 0] - 1
        n_lp = 1 + len(self.rows)
        at_bound = np.ones(n_lp, dtype=bool)
        at_bound[-1 - basic[basic < 0]] = False
        free = ~self.frozen[self.rows]
        a = np.empty((n_lp, 1 + len(cols)))
        a[0, 0], a[1:, 0] = 0.0, np.where(free, -1.0, 0.0)
        a[0, 1:] = 1.0
        a[1:, 1:] = self.entries(self.rows, self.columns[cols])
        upper = np.concatenate([[1.0], np.where(free, 0.0, self.bounds[self.rows])])
        square, b = a[at_bound], upper[at_bound]
        if square.shape[0] != square.shape[1]:
            return x
        try:
            z = np.linalg.solve(square, b)
            residual = b.astype(np.longdouble) - square.astype(np.longdouble) @ z.astype(np.longdouble)
            z += np.linalg.solve(square, residual.astype(np.float64))
        except np.linalg.LinAlgError:
            return x
        if not (np.isfinite(z).all() and z[1:].min(initial=0.0) >= -_TOL):
            return x
        if (a[~at_bound] @ z > upper[~at_bound] + _TOL).any():
            return x
        out = np.zeros_like(x)
        out[0] = z[0]
        out[1 + cols] = np.maximum(z[1:], 0.0)
        return out


def _expand(tg: TableGains, columns: np.ndarray, weights: np.ndarray):
    """The symmetric joint of class weights: ``(a, b, t, w)`` over both orders."""
    keep = weights > 0
    a, b, t = tg.joints(columns[keep])
    w = weights[keep]
    off = a != b
    return (
        np.concatenate([a, b[off]]),
        np.concatenate([b, a[off]]),
        np.concatenate([t, t[off]]),
        np.concatenate([np.where(off, w / 2, w), w[off] / 2]),
    )


def _merged_gains(tg: TableGains, columns, weights) -> np.ndarray:
    """Gains of the merged rows ``[M + T]`` (agent rows of player A, then tasks)."""
    full = tg.gains(*_expand(tg, columns, weights))
    return np.concatenate([full[: tg.models], full[2 * tg.models :]])


def _seed_columns(tg: TableGains) -> np.ndarray:
    """Start columns: each task's best models against themselves and each other."""
    x = tg.table
    top = np.argsort(-x, axis=0, kind="stable")[: min(4, tg.models)]  # [4, T]
    a, b, t = [], [], []
    for task in range(tg.tasks):
        for i in top[:, task]:
            for j in top[:, task]:
                if i <= j:
                    a.append(i), b.append(j), t.append(task)
    return np.unique(tg.flat(np.array(a), np.array(b), np.array(t)))


def _class(tg: TableGains, flat: np.ndarray) -> np.ndarray:
    a, b, t = tg.joints(flat)
    return tg.flat(np.minimum(a, b), np.maximum(a, b), t)


def _full_duals(tg: TableGains, merged: np.ndarray) -> np.ndarray:
    """A merged row's multiplier split evenly between the two agent players: ``[2M + T]``."""
    m = tg.models
    return np.concatenate([merged[:m] / 2, merged[:m] / 2, merged[m:]])


def solve_board(table: np.ndarray, *, dual_tol: float, progress: Callable[[Progress], None] | None = None):
    """Algorithm 1 on the normalised table's game. Returns the run's parts (normalised units).

    Raises:
      BoardFailed: where a level does not converge (the caller falls back).
    """
    tg = TableGains(table)
    m, tt = tg.models, tg.tasks
    n_rows = m + tt
    frozen = np.zeros(n_rows, dtype=bool)
    bounds = np.zeros(n_rows)
    frozen_at = np.full(n_rows, -1, dtype=np.int64)
    columns = _seed_columns(tg)
    weights = np.full(len(columns), 1.0 / len(columns))
    values, duals, routes = [], [], []
    needed = np.zeros(0, dtype=np.int64)  # frozen rows whose multiplier proved a later level
    recent = np.zeros(0, dtype=np.int64)  # rows frozen at the last level
    master = None
    while not frozen.all():
        began = time.perf_counter()
        g = _merged_gains(tg, columns, weights)
        free = np.flatnonzero(~frozen)
        top = free[np.argpartition(-g[free], min(_FREE_ROWS, len(free)) - 1)[:_FREE_ROWS]]
        tasks = np.arange(m, n_rows)
        rows = np.unique(np.concatenate([top, tasks, needed, recent]))
        if master is None or len(master.rows) > _REBUILD_ROWS:
            master = _Master(tg, rows, frozen, bounds, columns)
        else:
            master.add_rows(rows)
        for _ in range(_MAX_ROUNDS):
            got = master.solve()
            for options in _RETRIES if got is None else ():  # fresh models from the same rows and columns
                master = _Master(tg, master.rows, frozen, bounds, master.columns, options)
                got = master.solve()
                if got is not None:
                    break
            if got is None:
                raise BoardFailed(f"level {len(values) + 1}: HiGHS did not solve the restricted LP "
                                  f"({master.status})")
            t, w, mult, mu = got
            g = _merged_gains(tg, master.columns, w)
            over = np.where(frozen, g - bounds, g - t)
            lp = np.zeros(n_rows, dtype=bool)
            lp[master.rows] = True
            bad = np.flatnonzero((over > _TOL) & ~lp)
            if len(bad):
                master.add_rows(bad[np.argsort(-over[bad])[:_ROWS_PER_ROUND]])
                continue
            merged = np.zeros(n_rows)
            merged[master.rows] = mult
            priced, _ = tg.below(TableDuals.from_flat(_full_duals(tg, merged)[None], m), mu - _TOL,
                                 4 * _COLUMNS_PER_ROUND)
            priced = np.setdiff1d(np.unique(_class(tg, priced)), master.columns)[:_COLUMNS_PER_ROUND]
            if len(priced):
                master.add_columns(priced)
                continue
            break
        else:
            raise BoardFailed(f"level {len(values) + 1} did not converge in {_MAX_ROUNDS} rounds")
        columns = master.columns
        weights = w
        # Frozen rows whose multiplier carries this level's proof stay in later LPs.
        needed = np.union1d(needed, np.flatnonzero(frozen & (merged > dual_tol)))
        new = rows_to_freeze(merged, ~frozen, dual_tol)
        level = len(values)
        frozen_at[new] = level
        bounds[new] = t
        frozen |= new
        master.freeze(np.flatnonzero(new), t)
        values.append(t)
        duals.append(_full_duals(tg, merged))
        recent = np.flatnonzero(new)
        seconds = time.perf_counter() - began
        routes.append(LevelRoute(level, "board", 0, seconds, float_seconds=seconds))
        if progress is not None:
            progress(Progress(level=level + 1, frozen=int(frozen.sum()) + int(frozen[:m].sum()),
                              total=2 * m + tt))
    a, b, t, w = _expand(tg, columns, weights)
    return tg, values, frozen_at, bounds, (a, b, t, w), np.asarray(duals), tuple(routes)


def board_ratings(game, *, dual_tol: float, progress=None, certificate_tol: float, decimals: int) -> ExactResult:
    """Exact deviation ratings of a :class:`jaxrate.games.ScoreTableGame` through its table.

    The result is the general path's (same fields, same proof) and passes
    :func:`jaxrate.verify` before it is returned.

    Raises:
      BoardFailed: where a level does not converge (the caller falls back).
    """
    from jaxrate.exact._solve import _checked, _Run

    table = game.table
    scale = game.scale
    m, tt = table.shape
    tg, values, frozen_at, bounds, (a, b, t, w), duals, routes = solve_board(
        table / scale, dual_tol=dual_tol, progress=progress
    )
    joint = np.zeros((m, m, tt))
    np.add.at(joint, (a, b, t), w)
    joint /= joint.sum()
    full_at = np.concatenate([frozen_at[:m], frozen_at[:m], frozen_at[m:]])
    ratings = np.concatenate([bounds[:m], bounds[:m], bounds[m:]])
    run = _Run(values, full_at, ratings, joint, duals, ("board",) * len(values), 0.0, None, routes)
    result, check = _checked(run, game, scale, "highs", certificate_tol, dual_tol, decimals, dense=False)
    if not check.ok:
        raise BoardFailed("certificate: " + check.problems[0])
    return result
