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
  (:class:`jaxrate.game._table_gains.TableGains`: branch and bound over blocks of
  models, exact where a block's bound says a joint may price in).

Rows left out of a level's LP have a zero dual, so each level's dual is a
certificate of the whole game's level, checked by :func:`jaxrate.verify` like
any other (through the table as well).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import NamedTuple

import numpy as np

from jaxrate.exact._highs import _import_highspy, _new_highs, basis_vertex, set_options
from jaxrate.exact._result import Certificate, ExactResult, LevelRoute, Progress
from jaxrate.game import gains
from jaxrate.game._joint import SparseJoint, held, support
from jaxrate.game._table_gains import TableDuals, TableGains
from jaxrate.results.certificate import rows_to_freeze

__all__ = ["BoardFailed", "BoardRun", "board_run", "grown_ratings"]

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
# Columns of least reduced cost a rebuilt master keeps besides those played.
_KEEP_COLUMNS = 128  # measured on 1,000 and 2,000 x 53: 64-128 best, 0 took 2.3x the pricing rounds
# HiGHS options tried, in turn, on a fresh model of a level HiGHS calls infeasible
# (degenerate frozen rows at their bounds; the previous level's joint is feasible).
_RETRIES = ({}, {"simplex_strategy": 1}, {"simplex_scale_strategy": 2}, {"presolve": "on"})


class BoardFailed(RuntimeError):
    """A level that did not converge; the caller rates the game on the general path."""


class _Master:
    """One level's LP over working rows (merged ids) and joint classes, in HiGHS."""

    def __init__(
        self,
        tg: TableGains,
        rows: np.ndarray,
        frozen: np.ndarray,
        bounds: np.ndarray,
        columns: np.ndarray,
        options: dict | None = None,
    ) -> None:
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
        h.addRows(
            1, np.array([1.0]), np.array([1.0]), 0, np.array([0]), np.array([], dtype=np.int32), np.array([])
        )
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
        self.h.addCols(
            k, np.zeros(k), np.zeros(k), np.full(k, self.inf), int(values.size), starts, index, values
        )

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
        self.h.addRows(
            len(rows), np.full(len(rows), -self.inf), upper, int(nz.sum()), starts, index, block[nz]
        )
        self.rows = np.concatenate([self.rows, rows])

    def kept(self) -> np.ndarray:
        """The columns a rebuilt master keeps: those the last solve played or priced nearest to
        entering (the ``_KEEP_COLUMNS`` of least reduced cost); the others re-enter if they price in."""
        sol = self.h.getSolution()
        weight, reduced = np.asarray(sol.col_value)[1:], np.asarray(sol.col_dual)[1:]
        if len(reduced) != len(self.columns):
            return self.columns
        near = np.argsort(reduced, kind="stable")[:_KEEP_COLUMNS]
        keep = weight > 0
        keep[near] = True
        return self.columns[keep]

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
        infeasible (a 400-model board at level 201, 1.2e-10 over); the vertex is
        solved from the basis as the general path's is
        (:func:`jaxrate.exact._highs.basis_vertex`).
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
        return basis_vertex(x, a, upper, at_bound, cols, _TOL)


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


def _solve_level(tg: TableGains, master: _Master, frozen: np.ndarray, bounds: np.ndarray, level: int):
    """One level to optimality over every row and joint: rows that the LP's joint
    violates enter, then joints that price in. Returns ``(master, t, class weights,
    merged multipliers [M + T], lowest)``, ``lowest`` the last pricing's minimum of
    ``A^T d`` over every joint (the level's dual bound, reused by the result's check).

    Raises:
      BoardFailed: where HiGHS does not solve the restricted LP or the level does not converge.
    """
    m = tg.models
    n_rows = len(frozen)
    for _ in range(_MAX_ROUNDS):
        got = master.solve()
        for options in _RETRIES if got is None else ():  # fresh models from the same rows and columns
            master = _Master(tg, master.rows, frozen, bounds, master.columns, options)
            got = master.solve()
            if got is not None:
                break
        if got is None:
            raise BoardFailed(f"level {level + 1}: HiGHS did not solve the restricted LP ({master.status})")
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
        level_dual = TableDuals.from_flat(_full_duals(tg, merged)[None], m)
        priced, _, lowest = tg.below(level_dual, mu - _TOL, 4 * _COLUMNS_PER_ROUND)
        priced = np.setdiff1d(np.unique(_class(tg, priced)), master.columns)[:_COLUMNS_PER_ROUND]
        if len(priced):
            master.add_columns(priced)
            continue
        if not np.isfinite(lowest):  # stopped at joints the LP holds already (their reduced
            _, _, lowest = tg.below(level_dual, mu - _TOL, None)  # cost ~ -1e-10): search every joint
        return master, t, w, merged, lowest
    raise BoardFailed(f"level {level + 1} did not converge in {_MAX_ROUNDS} rounds")


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
    values, duals, routes, lowest = [], [], [], []
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
            master = _Master(tg, rows, frozen, bounds, columns if master is None else master.kept())
        else:
            master.add_rows(rows)
        master, t, w, merged, low = _solve_level(tg, master, frozen, bounds, len(values))
        lowest.append(low)
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
            done = int(frozen.sum()) + int(frozen[:m].sum())
            progress(Progress(level=level + 1, frozen=done, total=2 * m + tt, phase="table route"))
    a, b, t, w = _expand(tg, columns, weights)
    return tg, values, frozen_at, bounds, (a, b, t, w), np.asarray(duals), tuple(routes), lowest


class BoardRun(NamedTuple):
    """A lexicographic solve through the table, in normalised units and the game's rows
    (:func:`board_run`; the exact path checks it and turns it into its result)."""

    values: list  # t_k per level
    frozen_at: np.ndarray  # [C]
    ratings: np.ndarray  # [C]
    joint: np.ndarray | SparseJoint  # [M, M, T] (:func:`jaxrate.game._joint.held`)
    duals: np.ndarray  # [levels, C]
    routes: tuple  # one LevelRoute per level
    lowest: list  # min_a (A^T d_k)(a) over every joint, from each level's last pricing
    merged: int = 0  # columns rated as copies of an earlier one (:func:`_copies`)


def board_run(game, *, dual_tol: float, progress=None, merge_copies: bool = True) -> BoardRun:
    """Algorithm 1 on a :class:`jaxrate.ScoreTableGame` through its table, in normalised units.

    With ``merge_copies``, columns that are exact copies of an earlier one are
    rated once (:func:`_copies`): clone invariance says a copy changes no
    rating, so the LP need not see it twice. The result is put back in the
    whole game's rows: a copy's rating and level are its column's, its dual
    each level's share of that column's, and the joint plays the first of
    each group. That is not assumed: each level's minimum over every joint is
    left for the check to take on the whole game (``lowest`` is ``None``).

    Raises:
      BoardFailed: where a level does not converge (the caller falls back).
    """
    table = game.table
    m, tt = table.shape
    copies = _copies(table) if merge_copies else None
    solved = table if copies is None else table[:, copies[0]]
    tg, values, frozen_at, bounds, (a, b, t, w), duals, routes, lowest = solve_board(
        solved / game.scale, dual_tol=dual_tol, progress=progress
    )
    if copies is not None:
        first, group = copies
        share = 1.0 / np.bincount(group)[group]
        t = first[t]
        frozen_at = np.concatenate([frozen_at[:m], frozen_at[m:][group]])
        bounds = np.concatenate([bounds[:m], bounds[m:][group]])
        duals = np.concatenate([duals[:, : 2 * m], duals[:, 2 * m :][:, group] * share], axis=1)
        lowest = [None] * len(values)
    flat = np.ravel_multi_index((a, b, t), (m, m, tt))
    joint = held(flat, w / w.sum(), (m, m, tt))  # sparse past SPARSE_JOINTS
    full_at = np.concatenate([frozen_at[:m], frozen_at[:m], frozen_at[m:]])
    ratings = np.concatenate([bounds[:m], bounds[:m], bounds[m:]])
    return BoardRun(
        values, full_at, ratings, joint, duals, routes, lowest, 0 if copies is None else tt - len(copies[0])
    )


def _copies(table: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """``(first column of each group [T'], group of each column [T])`` of a table with columns
    that are exact copies of an earlier one (groups in the order of their first column);
    ``None`` where every column differs."""
    _, first, inverse = np.unique(table, axis=1, return_index=True, return_inverse=True)
    if len(first) == table.shape[1]:
        return None
    order = np.argsort(first)
    rank = np.empty_like(order)
    rank[order] = np.arange(len(order))
    return first[order], rank[np.asarray(inverse).reshape(-1)]


def _previous_parts(previous):
    """``(agents, tasks, table, ratings [C], joint, level values, frozen_at, duals)`` of a
    previous result (an :class:`ExactResult` or a one-game :class:`jaxrate.Ratings`) of a score
    table's game, in its own units, ``joint`` as its support ``(flat indices, weights)``;
    ``None`` where it is not one, or its parts do not fit."""
    proof = getattr(previous, "proof", None) or previous
    duals = getattr(getattr(proof, "certificate", None), "duals", None)
    table = getattr(proof, "table", None)
    strategies = getattr(previous, "strategies", ())
    if duals is None or table is None or len(strategies) != 3 or strategies[0] != strategies[1]:
        return None
    table = np.asarray(table, dtype=np.float64)
    ratings = np.concatenate([np.asarray(r, dtype=np.float64) for r in previous.ratings])
    joint = previous.joint
    values = np.asarray(proof.level_values, dtype=np.float64)
    frozen_at = np.asarray(proof.frozen_at)
    duals = np.asarray(duals, dtype=np.float64)
    m, tt = len(strategies[0]), len(strategies[2])
    c = 2 * m + tt
    fits = (
        table.shape == (m, tt)
        and ratings.shape == (c,)
        and tuple(np.shape(joint)) == (m, m, tt)
        and frozen_at.shape == (c,)
        and len(values) > 0
        and duals.shape == (len(values), c)
        and np.all((frozen_at >= 0) & (frozen_at < len(values)))
    )
    flat, weight = support(joint) if fits else (None, None)
    finite = fits and all(np.all(np.isfinite(a)) for a in (table, ratings, weight, values, duals))
    if not finite or weight.min(initial=0.0) < 0 or not weight.sum() > 0:
        return None
    joint = (flat, weight)
    return tuple(strategies[0]), tuple(strategies[2]), table, ratings, joint, values, frozen_at, duals


def grown_ratings(game, previous, *, dual_tol: float, certificate_tol: float, decimals: int):
    """Ratings of a board that grew (models added, none removed) re-proved from the previous result.

    The previous joint ``sigma`` is a joint of the grown game. Each previous
    level's dual stays a proof of its level in the grown game if no joint in
    which a new model plays prices below it (``2 M T`` joints per new model and
    level, :meth:`TableGains.lowest_with`); each new model's gain under
    ``sigma`` is then its candidate rating, proved by one new level (an LP
    over the rows that can bind, :func:`_solve_level`), placed after the
    levels of higher value. What changed is checked here; the levels carried
    over keep the previous result's proof, which :func:`jaxrate.verify` checks
    again from scratch (as it does every result) when asked.

    Returns:
      An :class:`ExactResult`, or ``None`` where the previous result does not
      carry over (a model or task removed or renamed, a previous level beaten
      by a new joint, a new level below its candidate): then rate afresh.
    """
    carried = _carry_over(game, previous)
    if carried is None:
        return None
    proved = _prove_new_models(carried, dual_tol)
    if proved is None:
        return None
    values, duals, frozen_at, steps = proved
    tg, (a, b, t, w), ratings, scale = carried.tg, carried.joint, carried.ratings, game.scale
    m, tt = tg.models, tg.tasks
    joint = held(tg.flat(a, b, t), w, (m, m, tt))
    certificate = _carried_certificate(
        tg,
        previous,
        values,
        frozen_at,
        ratings,
        duals,
        carried,
        steps,
        scale,
        certificate_tol,
        dual_tol,
    )
    if certificate is None:
        return None
    return ExactResult(
        ratings=tuple(r * scale + 0.0 for r in gains.split_players(ratings, game.num_strategies)),
        joint=joint,
        levels=len(values),
        level_values=np.asarray(values) * scale,
        frozen_at=frozen_at,
        certificate=certificate,
        players=game.players,
        strategies=game.strategies,
        solver="highs",
        steps=tuple(steps),
        routes=tuple(LevelRoute(k, step, 0, 0.0) for k, step in enumerate(steps)),
        table=game.table,
    )


class _Carried(NamedTuple):
    """A previous result in a grown board's rows, in normalised units (:func:`_carry_over`)."""

    tg: TableGains
    joint: tuple  # (a, b, t, w): the previous joint's support in the grown game
    gains: np.ndarray  # [C]: every gain under it
    ratings: np.ndarray  # [C]: the previous ratings; a new model's, its gain
    values: list  # previous level values
    duals: np.ndarray  # [levels, C]: previous duals, zero on the new rows
    frozen_at: np.ndarray  # [C]: previous levels, -1 on the new rows
    new_models: np.ndarray  # the grown board's new agents
    shortfall: float  # the new joints' largest shortfall below a previous level's bound (<= 1e-9)


def _carry_over(game, previous) -> _Carried | None:
    """The previous result in the grown game, where its joint gives its ratings there and no
    joint of a new model beats a previous level's dual; else ``None``."""
    parts = _previous_parts(previous)
    if parts is None or game.scale == 0.0:
        return None
    agents, tasks, old_table, old_ratings, old_joint, old_values, old_at, old_duals = parts
    where = {name: i for i, name in enumerate(game.strategies[0])}
    if tuple(game.strategies[2]) != tasks or any(a not in where for a in agents) or len(agents) == len(where):
        return None
    if not np.array_equal(game.table[[where[a] for a in agents]], old_table):
        return None  # a previous model's scores changed: its joints' proofs do not carry over
    scale = game.scale
    tg = TableGains(game.table / scale)
    m, tt = tg.models, tg.tasks
    index = np.array([where[a] for a in agents])  # previous agent -> grown agent
    rows_old = np.concatenate([index, m + index, 2 * m + np.arange(tt)])  # previous row -> grown row
    new_models = np.setdiff1d(np.arange(m), index)
    flat, weights = old_joint
    pa, pb, pt = np.unravel_index(flat, (len(agents), len(agents), len(tasks)))
    weights = weights / weights.sum()
    joint = (index[pa], index[pb], pt, weights)
    now = tg.gains(*joint)
    ratings = np.full(2 * m + tt, np.nan)
    ratings[rows_old] = old_ratings / scale
    if not np.max(np.abs(now[rows_old] - ratings[rows_old])) <= 1e-9:
        return None  # the previous joint does not give the previous ratings here
    ratings[new_models] = ratings[m + new_models] = now[new_models]
    values = list(old_values / scale)
    duals = np.zeros((len(values), 2 * m + tt))
    duals[:, rows_old] = old_duals
    frozen_at = np.full(2 * m + tt, -1, dtype=np.int64)
    frozen_at[rows_old] = old_at
    before = frozen_at[None, :] < np.arange(len(values))[:, None]
    target = np.asarray(values) + np.einsum("kc,kc,c->k", duals, before, np.nan_to_num(ratings))
    shortfall = target - tg.lowest_with(TableDuals.from_flat(duals, m), new_models)
    if not np.max(shortfall, initial=-np.inf) <= 1e-9:
        return None  # a joint of a new model beats a previous level: its proof does not carry over
    return _Carried(
        tg, joint, now, ratings, values, duals, frozen_at, new_models, float(shortfall.max(initial=0.0))
    )


def _prove_new_models(carried: _Carried, dual_tol: float):
    """One proved level per new model, after the levels of higher (or equal) value:
    ``(values, duals, frozen_at [C], steps)``, or ``None`` where a new model can go lower."""
    tg = carried.tg
    m, tt = tg.models, tg.tasks
    a, b, t, w = carried.joint
    rating = np.concatenate([carried.ratings[:m], carried.ratings[2 * m :]])  # merged rows
    at = np.concatenate([carried.frozen_at[:m], carried.frozen_at[2 * m :]])
    values, duals = list(carried.values), carried.duals
    columns = np.unique(_class(tg, tg.flat(a, b, t)))
    class_w = np.zeros(len(columns))
    np.add.at(class_w, np.searchsorted(columns, _class(tg, tg.flat(a, b, t))), w)
    g = _merged_gains(tg, columns, class_w)
    steps = ["board (previous)"] * len(values)
    for n in carried.new_models[np.argsort(-rating[carried.new_models], kind="stable")].tolist():
        level = int(np.searchsorted(-np.asarray(values), -rating[n] - 1e-12, side="right"))
        frozen = (at >= 0) & (at < level)
        bounds = np.where(frozen, rating, 0.0)
        free = np.flatnonzero(~frozen)
        top = free[np.argpartition(-g[free], min(_FREE_ROWS, len(free)) - 1)[:_FREE_ROWS]]
        support = np.flatnonzero(_merge(tg, duals[min(level, len(values) - 1)]) > dual_tol)
        rows = np.unique(np.concatenate([[n], top, np.arange(m, m + tt), support]))
        try:
            _, value, _, mult, _ = _solve_level(
                tg, _Master(tg, rows, frozen, bounds, columns), frozen, bounds, level
            )
        except BoardFailed:
            return None
        if value < rating[n] - 1e-9 or mult[n] <= dual_tol:
            return None  # the new model can go lower, or this vertex does not prove it
        at[at >= level] += 1
        at[n] = level
        values.insert(level, rating[n])
        duals = np.insert(duals, level, _full_duals(tg, mult), axis=0)
        steps.insert(level, "board (grown)")
    return values, duals, np.concatenate([at[:m], at[:m], at[m:]]), steps


def _carried_certificate(
    tg, previous, values, frozen_at, ratings, duals, carried, steps, scale, rel_tol, dual_tol
):
    """The certificate of a grown board: the checks of :func:`jaxrate.verify` on what changed
    (every gain of the joint; each level's multipliers; the new levels' dual bounds over every
    joint; the previous levels' over the new joints, done by :func:`_carry_over`), the previous
    levels' dual gap carried over (their joints are the previous game's, unchanged). ``None``
    where a check fails (NaN fails every one)."""
    from jaxrate.results.certificate import certificate_tolerance

    tol = certificate_tolerance(1.0, 0.0, rel_tol)  # normalised units
    values = np.asarray(values)
    residual = float(np.max(np.abs(carried.gains - ratings)))
    joint_ok = residual <= tol and np.all(np.abs(values[frozen_at] - ratings) <= tol)
    if not (joint_ok and np.all(np.diff(values) <= tol)):
        return None
    levels = np.arange(len(values))
    free = frozen_at[None, :] >= levels[:, None]
    y = np.where(free, duals, 0.0)
    if not (y.min() >= -dual_tol and np.all(np.abs(y.sum(axis=1) - 1.0) <= 1e-6)):
        return None
    at_level = frozen_at[None, :] == levels[:, None]
    smallest = np.where(at_level, duals, np.inf).min(axis=1)
    if not np.all(smallest > dual_tol / 2):  # the split duals against the check's threshold, as _checked's
        return None
    new = np.flatnonzero(np.array(steps) == "board (grown)")
    before = frozen_at[None, :] < new[:, None]
    frozen_part = np.einsum("kc,kc,c->k", duals[new], before, ratings)
    target = values[new] + frozen_part
    bound = tg.lowest(TableDuals.from_flat(duals[new], tg.models), above=target) - frozen_part
    gap = max(float(np.max(values[new] - bound, initial=0.0)), carried.shortfall)
    if not gap <= tol:
        return None
    carried_gap = float((getattr(previous, "proof", None) or previous).certificate.max_dual_gap)
    if not np.isfinite(carried_gap):
        return None
    return Certificate(
        max_gain=float(carried.gains.max()) * scale,
        max_rating_residual=residual * scale,
        max_simplex_residual=0.0,  # the previous joint, non-negative (checked) and renormalised
        slack=0.0,
        tolerance=tol * scale,
        scale=float(scale),
        duals=duals,
        max_dual_gap=max(gap * scale, carried_gap),
        min_frozen_dual=float(smallest.min()),
    )


def _merge(tg: TableGains, full: np.ndarray) -> np.ndarray:
    """A game-row dual ``[2M + T]`` on the merged rows ``[M + T]`` (agent rows of both players summed)."""
    m = tg.models
    return np.concatenate([full[:m] + full[m : 2 * m], full[2 * m :]])
