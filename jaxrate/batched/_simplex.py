r"""One game's lexicographic min-max by a revised simplex method in JAX (unbatched core).

The level LPs are solved on one fixed-shape LP whose basis never has to be
rebuilt: with ``u = t + 1 >= 0`` (gains of a game normalised to range 1 lie in
``[-1, 1]``),

.. math::

   A_c \sigma - u + \sum_{k \le \ell(c)} d_k + s_c = -1 \quad (c = 1..C),
   \qquad \textstyle\sum_a \sigma_a = 1,

with slacks ``s_c >= 0`` and one column ``d_k >= 0`` per level ``k >= 2``
carrying ``+1`` on the rows still free at level ``k``. Level 1 minimises ``u``;
level ``k`` maximises ``d_k`` with ``u, d_2, ..., d_{k-1}`` *fixed* at their
optimal values. Moving to the next level therefore only fixes a variable and
enables a new column: the current basis stays valid and primal feasible, so
each level warm-starts from the last (as the exact path does in HiGHS).

A fixed variable that is basic leaves the basis at the first pivot that would
move it (a zero-step pivot) and its value moves into the right-hand side.

Rows are frozen by their duals (the reduced cost of their slack), exactly as
the exact path freezes them, and a frozen row's slack is fixed at 0 (it is 0 at
every later feasible point; left free, degenerate pivots on it stalled 14% of
2P 32 x 32 games). The basis inverse is kept explicitly (``m = C + 1`` is small)
with product-form updates and a periodic refactorisation. Pricing contracts the
payoff tensor (``A`` is never formed). Ratio-test ties go by Bland's smallest
index, or by the largest pivot element once a game has stalled in a degenerate
run (or from the start, in the host driver's retry pass).

This module pivots and moves through the levels; the LP's layout, columns,
right-hand side and basis inverse are in :mod:`jaxrate.batched._lp`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import NamedTuple

import jax
import jax.numpy as jnp

from jaxrate.batched import _lp, _unique
from jaxrate.batched._lp import Layout, State, first_index
from jaxrate.game._simplex_config import SimplexConfig
from jaxrate.results.certificate import rows_to_freeze

__all__ = ["Solver", "SimplexConfig", "make_solver"]

# Smallest pivot element, relative to the entering column's largest entry, on
# which a fixed basic variable is exchanged out of the basis.
FIXED_PIVOT_REL = 1e-7
# Harris's ratio test (``config.harris > 0``, float32): the smallest pivot
# element, relative to the entering column's largest entry.
HARRIS_PIVOT_REL = 1e-4
# Levels after which a game is finished from a unique optimum where it has one
# (jaxrate.batched._unique): level 1 on random games, level 2 on most of the rest.
UNIQUE_TRIES = 2


class Solver(NamedTuple):
    """One game's simplex, as functions of its state (see :func:`make_solver`)."""

    init: Callable  # (start, attempt=None) -> state: the crash basis, or the joint ``start``
    advance: Callable  # (state, rounds=None) -> state: to the end, or rounds of refactor_every steps
    finish: Callable  # (state) -> dict: ratings [C], joint [A..], gains [C], levels, pivots, solved,
    # failed, and the proof: level_values [C], frozen_at [C] (level of each row), duals [C, C]
    run: Callable  # (state, steps) -> state: at most ``steps`` steps, no refactorisation
    refactor: Callable  # (state) -> state: the basis inverse and values recomputed
    escalate: Callable  # (state) -> state: a stalled game's next tie rule, or its stop
    running: Callable  # (state) -> bool: not done, not stalled, within the pivot budget
    awaiting: Callable  # (state) -> bool: a lane's game paused by ``run`` for ``check_unique``
    check_unique: Callable  # (state) -> state: a paused game finished from a unique optimum, or resumed


def make_solver(payoffs, joint_mask, row_mask, config: SimplexConfig) -> Solver:
    """The :class:`Solver` of one game (payoffs normalised, zero at masked joints).

    ``advance`` runs until the game is done, or for at most ``rounds`` rounds of
    ``config.refactor_every`` pivots; ``run`` takes at most a given number of
    steps and leaves refactorisation to the caller, so a driver can swap
    finished games out of a batch between calls.
    """
    lp = _lp.layout(payoffs, joint_mask, row_mask, config)
    return Solver(
        init=functools.partial(_lp.init, lp),
        advance=functools.partial(advance, lp),
        finish=functools.partial(_lp.finish, lp),
        run=functools.partial(run, lp),
        refactor=functools.partial(_lp.refactor, lp),
        escalate=functools.partial(escalate, lp),
        running=running,
        awaiting=awaiting,
        check_unique=functools.partial(check_unique, lp),
    )


def running(st: State):
    return ~st.done & ~st.stalled & (st.pivots < st.budget)


def advance(
    lp: Layout, state: State, rounds=None, warm: _lp.WarmStart | None = None, fresh: State | None = None
) -> State:
    """Until the game is done or its pivot budget is spent, or ``rounds`` rounds
    of ``refactor_every`` steps: the host driver's retry ladder inside one loop
    (a stalled game changes its ties to the largest pivot, then starts again on
    perturbed right-hand sides), so that inside ``jit`` a game ends
    ``MAX_ITERATIONS`` only when its budget is spent.

    With ``warm`` (a previous solve's :class:`jaxrate.batched._lp.WarmStart`),
    each level starts from the previous solve's basis of that level where it
    serves (:func:`jaxrate.batched._lp.rebase`): one factorisation per level in
    place of the pivots that would reach it.
    """
    if rounds is not None:  # a fixed number of plain rounds (benchmarks/simplex_ab.py)
        out, _ = jax.lax.while_loop(
            lambda c: running(c[0]) & (c[1] < rounds),
            lambda c: (_restart(lp, _round(lp, c[0]), fresh), c[1] + 1),
            (state, 0),
        )
        return out

    def phase(k, st):
        # Phase k < UNIQUE_TRIES: rounds until level k closes (its basis in place), then the
        # game is finished from that level's optimum where it is unique; the last phase:
        # rounds to the end. One traced body for every phase (three copies of the round
        # and two of the finish compiled in 9.4 s, 2P 10 x 10 vmapped; RESULTS.md).
        stop = jnp.where(k < UNIQUE_TRIES, k, -1)
        if warm is None:
            body = functools.partial(_plain, lp, level=stop, fresh=fresh)
        else:
            body = functools.partial(_warm_level, lp, warm, fresh=fresh)
        st = jax.lax.while_loop(lambda s: running(s) & ((stop < 0) | (s.level == stop)), body, st)
        return _finish_unique(lp, st, k < UNIQUE_TRIES)

    return jax.lax.fori_loop(0, UNIQUE_TRIES + 1, phase, state)


def _finish_unique(lp: Layout, st: State, go=True) -> State:
    """:func:`jaxrate.batched._unique.finish_unique` inside a loop of at most one
    pass: under ``vmap`` a batch whose games are all done skips it (a ``cond``
    would compute it for every game). Every level's last round ends on a
    refactorisation, so the basis inverse it reads is fresh. Skipped where the
    attempt says so (``st.unique`` False: a retry pass pivots every level) or
    where ``go`` is False."""

    def once(c):
        return _unique.finish_unique(lp, c[0]), jnp.ones((), bool)

    out, _ = jax.lax.while_loop(lambda c: ~c[1] & running(c[0]), once, (st, ~(st.unique & go)))
    return out


def _plain(lp: Layout, st: State, level=None, fresh: State | None = None) -> State:
    return _restart(lp, _round(lp, st, level), fresh)


def _warm_level(lp: Layout, warm: _lp.WarmStart, st: State, fresh: State | None = None) -> State:
    """One level of a warm-started solve (or ``refactor_every`` steps of a long one):
    rebase (once a level), pivot until the level ends, refactorise (as a cold round)."""
    st = _lp.rebase(lp, st, warm)
    level = st.level
    st, _ = jax.lax.while_loop(
        lambda c: running(c[0]) & (c[0].level == level) & (c[1] < lp.config.refactor_every),
        lambda c: (step(lp, c[0], enter_level=False), c[1] + 1),
        (st, jnp.zeros((), jnp.int32)),
    )
    return _restart(lp, _lp.refactor(lp, escalate(lp, st)), fresh)


def restart_attempt(lp: Layout, budget) -> dict:
    """The attempt a stalled game starts again with (:func:`_restart`)."""
    return {"perturb": lp.config.cost_tol, "largest_pivot": True, "max_pivots": budget}


def _restart(lp: Layout, st: State, fresh: State | None = None) -> State:
    """A game stalled on both tie rules starts again from the crash basis, its
    right-hand sides lowered by 1-2x ``config.cost_tol`` (a distinct amount per
    row: no vertex is then degenerate, and no ratio test ties), its ratings
    moved by at most twice that. Its pivots so far count against its budget."""
    again = st.stalled & (st.perturb == 0)
    if fresh is None:  # else built with the pass's start (one traced start for both: rate_game)
        fresh = _lp.init(lp, jnp.int32(-1), restart_attempt(lp, st.budget))
    fresh = fresh._replace(pivots=st.pivots)
    return jax.tree.map(lambda a, b: jnp.where(again, a, b), fresh, st)


def run(lp: Layout, state: State, steps) -> State:
    """At most ``steps`` steps, no refactorisation (a driver that streams games
    through lanes refactorises each game on its own schedule).

    As :func:`advance` does, a game that closes one of its first
    :data:`UNIQUE_TRIES` levels stops there, its basis in place (:func:`awaiting`),
    for the driver to refactorise it and call :func:`check_unique`: random games
    are then finished from level 1's unique optimum (2P 10 x 10: 16 pivots a game
    in place of 59)."""

    out, _ = jax.lax.while_loop(
        lambda c: running(c[0]) & ~awaiting(c[0]) & (c[1] < steps),
        lambda c: (step(lp, c[0], pause=True), c[1] + 1),
        (state, 0),
    )
    return out


def awaiting(st: State):
    """Whether :func:`run` paused the game at the end of a level for :func:`check_unique`."""
    return running(st) & st.unique & (st.checked < st.level) & (st.checked < UNIQUE_TRIES)


def check_unique(lp: Layout, st: State) -> State:
    """A game :func:`run` paused (:func:`awaiting`), its inverse just refactorised:
    finished from the closed level's unique optimum where it has one, else
    resumed (the next ``run`` pivots the next level)."""
    go = awaiting(st)
    checked = _unique.finish_unique(lp, st)._replace(checked=st.level)
    return jax.tree.map(lambda a, b: jnp.where(go, a, b), checked, st)


def _round(lp: Layout, st: State, level=None) -> State:
    # Up to ``refactor_every`` steps, then one refactorisation: under vmap a
    # cond on a per-game counter would refactor every game at every pivot.
    # The inner loop stops as soon as the game is done (under vmap: all of
    # the batch's games), so a finished game does not idle out the round.
    # With ``level``, it stops when that level closes, its basis in place.
    if level is None:
        level = -1

    def more(c):
        return running(c[0]) & (c[1] < lp.config.refactor_every) & ((level < 0) | (c[0].level == level))

    st, _ = jax.lax.while_loop(
        more,
        lambda c: (step(lp, c[0], enter_level=level < 0), c[1] + 1),
        (st, jnp.zeros((), jnp.int32)),
    )
    return _lp.refactor(lp, escalate(lp, st))


def escalate(lp: Layout, st: State) -> State:
    """A game whose degenerate run reached ``config.stall_after`` pivots changes
    its ratio-test ties to the largest pivot element, in place; stalled again,
    it stops (the host driver's lane goes to the next game, this one to the
    retry pass; :func:`advance` restarts it perturbed). On perturbed right-hand
    sides, the last rung, it never stops early: its budget decides."""
    stuck = (st.degenerate >= lp.config.stall_after) & running(st)
    last = st.perturb > 0
    return st._replace(
        largest=st.largest | stuck,
        stalled=st.stalled | (stuck & st.largest & ~last),
        degenerate=jnp.where(stuck, 0, st.degenerate).astype(jnp.int32),
    )


def step(lp: Layout, st: State, enter_level: bool = True, pause: bool = False) -> State:
    """One pricing pass, then a level change or a pivot (masked, so that it vmaps).

    ``enter_level=False``: a level change pivots nothing (a warm-started solve
    rebases the new level on its previous basis first). ``pause`` (:func:`run`):
    one of the first :data:`UNIQUE_TRIES` levels that closes on an optimum that
    may be unique pivots nothing, and waits for :func:`check_unique`; one that
    cannot be (a joint outside the basis priced at zero, a free row's slack out
    of it) goes on to the next level, its check counted as done."""
    red, r_s, floor = reduced_costs(lp, st)
    low = jnp.min(red)
    optimal = low >= -lp.config.cost_tol
    active = running(st)
    q = entering(lp, st, red, low)
    before = st
    st = next_level(lp, st, r_s, floor, active & optimal)
    if pause:
        first = active & optimal & before.unique & (before.level < UNIQUE_TRIES) & ~st.done
        outside = lp.flat_mask & ~before.is_basic[: lp.num_j]
        margin = 0.5 * lp.config.unique_margin  # finish_unique tests the full margin
        may = jnp.all(~outside | (red[: lp.num_j] > margin))
        may = may & jnp.all(~(lp.row_mask & ~st.frozen) | st.is_basic[lp.col_s : lp.col_d])
        enter_level = ~(first & may)
        st = st._replace(checked=jnp.where(first & ~may, st.level, st.checked).astype(jnp.int32))
    # A level just opened: its objective d_k is the only variable with a cost
    # and it is non-basic, so the duals are 0 and d_k alone prices negative
    # (-1). It enters now, without a pricing pass of its own (2P 10 x 10:
    # 13 of 73 steps a game were such passes).
    q = jnp.where(optimal, st.obj, q)
    return pivot(lp, st, q, active & ~st.done & (enter_level | ~optimal))


def reduced_costs(lp: Layout, st: State):
    """Reduced costs ``[n]`` (0 for basic and fixed columns), the slacks' ``-y_c``
    and ``min_a (A^T d)(a)`` for the duals ``d = -y_c``."""
    num_c, live = lp.num_c, lp.live
    # The only basic variable with a cost is the objective (+1 for u, -1 for d_k):
    # the duals c_B B^-1 are its row of the inverse.
    at = st.basis == st.obj
    sign = jnp.where(jnp.any(at), jnp.where(st.obj == lp.col_u, 1.0, -1.0), 0.0).astype(lp.dtype)
    y = sign * st.binv[jnp.minimum(first_index(at), lp.m - 1)]  # [m]
    yc, ysum = y[:num_c] * live, y[num_c]
    r_sigma = -(_lp.transpose(lp, yc) + ysum)
    r_u = jnp.where(st.obj == lp.col_u, 1.0, 0.0) + jnp.sum(yc)
    r_s = -yc
    # Only the current level's column may enter (earlier ones are fixed,
    # later ones not yet open).
    k = st.obj - lp.col_d
    r_k = -1.0 - jnp.sum(jnp.where(_lp.d_rows(lp, st.frozen_at, k), yc, 0.0))
    r_d = jnp.where(lp.rows == k, r_k, 0.0)
    red = jnp.concatenate([r_sigma, r_u[None], r_s, r_d])
    # The level's dual bound before the frozen rows' share (jaxrate.certificate).
    floor = ysum + jnp.min(jnp.where(lp.flat_mask, r_sigma, jnp.inf))
    return jnp.where(st.is_basic | st.fixed, 0.0, red), r_s, floor


def _value_of(lp: Layout, st: State, j):
    pos = jnp.minimum(first_index(st.basis == j), lp.m - 1)
    return jnp.where(st.is_basic[j], st.xb[pos], jnp.where(st.fixed[j], st.fixed_value[j], 0.0))


# Under vmap every game takes both a pivot and a level change at every step,
# so each is written as a masked update of the fields it changes (``go``):
# no select over the whole state, whose copies dominated a step's time.


def next_level(lp: Layout, st: State, r_s, floor, go) -> State:
    """Level finished (where ``go``): freeze rows with a non-zero dual, fix the objective."""
    new = rows_to_freeze(r_s, lp.row_mask & ~st.frozen, lp.config.dual_tol) & go
    obj_value = _value_of(lp, st, st.obj)
    value = jnp.where(st.obj == lp.col_u, obj_value - 1.0, st.base - obj_value)
    frozen = st.frozen | new
    done = go & ~jnp.any(lp.row_mask & ~frozen)
    # The free rows' duals sum to one at a level's optimum, so one of them is
    # at least 1/C: a level that freezes no row is a basis rounding has
    # ruined. It fails here; left to run, a warm-started pass (whose level
    # changes pivot nothing) opened level after level without spending its
    # pivot budget, and never stopped (18 3P near-clone games, eps 1e-7).
    lost = go & ~done & ~jnp.any(new)
    done = done | lost
    k = st.level + 1  # the column of level k + 1 lives at slot k
    open_next = go & ~done
    # A frozen row is tight in every optimum of its level (its dual is
    # positive), hence at every later feasible point: its slack is fixed at 0.
    # Without this, degenerate pivots on frozen slacks left 14% of 2P 32 x 32
    # games at the pivot cap and doubled the pivots of the rest.
    cols = jnp.arange(lp.n)
    slack_new = jnp.concatenate([jnp.zeros(lp.col_s, bool), new, jnp.zeros(lp.num_c, bool)])
    fixed = (st.fixed | slack_new | (go & (cols == st.obj))) & ~(open_next & (cols == lp.col_d + k))
    # The level's proof (jaxrate.certificate): its duals are the slacks' reduced
    # costs, -y_c, which is y on the free rows (summing to one) and lambda on
    # the frozen ones.
    record = go & (lp.rows == st.level)  # [C]: slot of this level
    return st._replace(
        level_bases=jnp.where(record[:, None], st.basis[None, :], st.level_bases),
        duals=jnp.where(record[:, None], r_s[None, :], st.duals),
        values=jnp.where(record, value, st.values),
        floors=jnp.where(record, floor, st.floors),
        frozen=frozen,
        r=jnp.where(new, value - _lp.shift(lp, st), st.r),
        base=jnp.where(go, value, st.base),
        level=jnp.where(go, k, st.level),
        fixed=fixed,
        fixed_value=jnp.where(go & (cols == st.obj), obj_value, st.fixed_value),
        frozen_at=jnp.where(new, k, st.frozen_at).astype(jnp.int32),
        obj=jnp.where(open_next, lp.col_d + k, st.obj).astype(jnp.int32),
        done=st.done | done,
        failed=st.failed | lost,
        degenerate=jnp.where(go, 0, st.degenerate).astype(jnp.int32),
    )


def entering(lp: Layout, st: State, red, low):
    """Dantzig's column (least reduced cost), or Bland's after a degenerate run."""
    dantzig = jnp.minimum(first_index(red == low), lp.n - 1)
    bland = jnp.minimum(first_index(red < -lp.config.cost_tol), lp.n - 1)
    return jnp.where(st.degenerate >= lp.config.bland_after, bland, dantzig)


def _leaving(lp: Layout, st: State, alpha):
    """The ratio test: the basis position that leaves, and the step (inf: unbounded).

    Float32 (``config.harris > 0``) always takes Harris's test; float64 takes the
    textbook test, and Harris's where a retry rung of :func:`jaxrate.batched.rate_game`
    asks for it (``st.harris > 0``; compiled only with ``config.retry_rules``).
    """
    if lp.config.harris > 0:
        return _harris(lp, st, alpha)
    p, best = _textbook(lp, st, alpha)
    if not lp.config.retry_rules:
        return p, best
    hp, hbest = _harris(lp, st, alpha)
    use = st.harris > 0
    return jnp.where(use, hp, p), jnp.where(use, hbest, best)


def _harris(lp: Layout, st: State, alpha):
    """Harris's two-pass ratio test: among the rows whose ratio lies within the
    step that ``st.harris`` of primal slack allows, the largest pivot
    element (Bland's smallest basic column after a degenerate run, unless the
    game has escalated to the largest pivot). A fixed basic variable may move
    by no more than the slack, so it leaves at ratio 0 on a pivot element
    that is not rounding noise."""
    config = lp.config
    slack = st.harris
    fixed_b = st.fixed[st.basis]
    tol = jnp.maximum(config.pivot_tol, HARRIS_PIVOT_REL * jnp.max(jnp.abs(alpha)))
    free = ~fixed_b & (alpha > tol)
    fixed = fixed_b & (jnp.abs(alpha) > tol)
    size = jnp.where(free | fixed, jnp.abs(alpha), 1.0)
    x = jnp.maximum(st.xb, 0.0)
    reach = jnp.where(free, (x + slack) / size, jnp.where(fixed, slack / size, jnp.inf))
    ratio = jnp.where(free, x / size, jnp.where(fixed, 0.0, jnp.inf))
    near = ratio <= jnp.min(reach)
    bland = (st.degenerate >= config.bland_after) & ~st.largest
    p = jnp.where(
        bland,
        _lp.argmin(jnp.where(near, st.basis, lp.n + 1)),
        _lp.argmax(jnp.where(near, jnp.abs(alpha), -1.0)),
    )
    return p, jnp.where(jnp.any(near), ratio[p], jnp.inf)


def _textbook(lp: Layout, st: State, alpha):
    """The textbook ratio test with tolerances (float64): the smallest ratio, ties by
    Bland's rule or the largest pivot element."""
    config = lp.config
    fixed_b = st.fixed[st.basis]
    # A fixed basic variable leaves at ratio 0 (it may not move), but only on a
    # pivot element that is not rounding noise: relative to the column's
    # largest entry. Entries of ~1e-9 that are truly zero were taken as
    # pivots on degenerate leaderboard games, and the basis blew up (a
    # 100 x 20 leaderboard's values off by 23 after one such pivot).
    # (Should no row qualify, the absolute tolerance decides, as a last resort.)
    fixed_tol = jnp.maximum(config.pivot_tol, FIXED_PIVOT_REL * jnp.max(jnp.abs(alpha)))
    free_tol = jnp.maximum(config.pivot_tol, st.pivot_rel * jnp.max(jnp.abs(alpha)))
    free_ratio = jnp.where(
        alpha > free_tol, jnp.maximum(st.xb, 0.0) / jnp.where(alpha > 0, alpha, 1.0), jnp.inf
    )
    ratio = jnp.where(fixed_b, jnp.where(jnp.abs(alpha) > fixed_tol, 0.0, jnp.inf), free_ratio)
    loose = jnp.where(fixed_b, jnp.where(jnp.abs(alpha) > config.pivot_tol, 0.0, jnp.inf), free_ratio)
    ratio = jnp.where(jnp.isfinite(jnp.min(ratio)), ratio, loose)
    best = jnp.min(ratio)
    # Ties: the smallest basic column (Bland's leaving rule; fixed leavers,
    # ratio 0, always win), or for a stalled game (and the retry pass) the
    # largest pivot element, more stable on highly degenerate games (0/1
    # win-loss) but ~2x the pivots.
    tie = ratio <= best + 1e-12 * (1.0 + best)
    p = jnp.where(
        st.largest,
        _lp.argmax(jnp.where(tie, jnp.abs(alpha), -1.0)),
        _lp.argmin(jnp.where(tie, st.basis, lp.n + 1)),
    )
    return p, best


def pivot(lp: Layout, st: State, q, go) -> State:
    """One pivot on entering column ``q`` (where ``go``)."""
    alpha = st.binv @ _lp.column(lp, q, st.frozen_at)  # [m]
    p, best = _leaving(lp, st, alpha)
    unbounded = go & ~jnp.isfinite(best)
    go = go & ~unbounded
    theta = jnp.where(go, best, 0.0)
    leaving = st.basis[p]
    e_p = jnp.arange(lp.m) == p
    pivot_row = st.binv[p] / jnp.where(go, alpha[p], 1.0)
    binv = st.binv - jnp.outer(jnp.where(go, alpha - e_p, 0.0), pivot_row)
    xb = jnp.where(go & e_p, theta, st.xb - theta * alpha)
    cols = jnp.arange(lp.n)
    is_basic = jnp.where(go & (cols == leaving), False, jnp.where(go & (cols == q), True, st.is_basic))
    return st._replace(
        binv=binv,
        xb=xb,
        basis=jnp.where(go & e_p, q, st.basis).astype(jnp.int32),
        is_basic=is_basic,
        pivots=st.pivots + go,
        since_refactor=st.since_refactor + go,
        degenerate=jnp.where(
            go, jnp.where(theta <= lp.config.pivot_tol, st.degenerate + 1, 0), st.degenerate
        ).astype(jnp.int32),
        done=st.done | unbounded,
        failed=st.failed | unbounded,
    )
