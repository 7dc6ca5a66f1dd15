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
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import jax
import jax.numpy as jnp

from jaxrate import gains
from jaxrate.certificate import rows_to_freeze
from jaxrate.solvers import SimplexConfig

__all__ = ["Solver", "SimplexConfig", "make_solver"]


class _State(NamedTuple):
    binv: jax.Array  # [m, m]
    xb: jax.Array  # [m] values of the basic variables
    basis: jax.Array  # [m] int32 column of each basic variable
    is_basic: jax.Array  # [n] bool
    fixed: jax.Array  # [n] bool: may not enter (fixed, masked or not yet enabled)
    fixed_value: jax.Array  # [n] value of fixed variables (in the right-hand side)
    frozen_at: jax.Array  # [C] int32 slot k at which a row froze: it carries +1 in level columns < k
    obj: jax.Array  # () int32 column minimised (u) or maximised (d_k)
    frozen: jax.Array  # [C] bool
    r: jax.Array  # [C]
    base: jax.Array  # () value of the last finished level
    level: jax.Array  # () int32 levels finished
    pivots: jax.Array  # () int32
    since_refactor: jax.Array  # () int32
    degenerate: jax.Array  # () int32: consecutive pivots that did not move
    largest: jax.Array  # () bool: ratio-test ties by the largest pivot element (else Bland's)
    stalled: jax.Array  # () bool: a degenerate run outlasted every tie rule (ends as MAX_ITERATIONS)
    perturb: jax.Array  # () right-hand sides lowered by 1-2x this (anti-cycling; the last retry)
    budget: jax.Array  # () int32 pivot budget
    duals: jax.Array  # [C, C] level k's certificate duals d_k (row k): y on free rows, lambda on frozen
    values: jax.Array  # [C] level k's value t_k (normalised units)
    floors: jax.Array  # [C] level k's min_a (A^T d_k)(a), from its last pricing pass
    done: jax.Array  # () bool
    failed: jax.Array  # () bool


# Smallest pivot element, relative to the entering column's largest entry, on
# which a fixed basic variable is exchanged out of the basis.
FIXED_PIVOT_REL = 1e-7


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


def _first(mask):
    """Index of the first True of a 1-D mask (its length if none).

    XLA's CPU backend runs ``argmin``/``argmax`` as a scalar variadic
    reduction; a masked ``min`` over an iota vectorises (2P 10 x 10, B = 1,024:
    the three arg-reductions of a pivot were a fifth of its time).
    """
    return jnp.min(jnp.where(mask, jnp.arange(mask.shape[0], dtype=jnp.int32), mask.shape[0]))


def _argmin(x):
    """First index of the smallest entry (``jnp.argmin`` without NaNs), vectorised."""
    return jnp.minimum(_first(x == jnp.min(x)), x.shape[0] - 1)


def _argmax(x):
    return jnp.minimum(_first(x == jnp.max(x)), x.shape[0] - 1)


# One closure factory on purpose (it runs past 80 lines): the inner functions share
# one game's arrays and static configuration and are traced together under jit
# and vmap; each inner step is short. Splitting it would thread a context object
# through every step for no gain in clarity.
def make_solver(payoffs, joint_mask, row_mask, config: SimplexConfig):
    """The :class:`Solver` of one game: its state's ``init``, ``advance``, ``finish``...

    ``advance`` runs until the game is done, or for at most ``rounds`` rounds of
    ``config.refactor_every`` pivots; ``run`` takes at most a given number of
    steps and leaves refactorisation to the caller, so a driver can swap
    finished games out of a batch between calls.
    """
    dtype = payoffs.dtype
    shape = payoffs.shape[1:]
    num_j = joint_mask.size
    num_c = row_mask.shape[0]
    m = num_c + 1
    col_u = num_j
    col_s = num_j + 1  # slacks: col_s + c
    col_d = num_j + 1 + num_c  # level columns: col_d + k (k = 0 unused)
    n = num_j + 1 + 2 * num_c
    rows = jnp.arange(num_c)
    multi = jnp.stack(jnp.unravel_index(jnp.arange(num_j), shape), axis=1)  # [J, N]

    live = row_mask.astype(dtype)  # masked rows read s_c = 0 and constrain nothing
    flat_mask = joint_mask.reshape(-1)
    # With ``config.perturb`` (the last retry pass) each row's right-hand side
    # is lowered by a distinct tiny amount (between ``perturb`` and twice it), so
    # that vertices are not degenerate and pivots cannot cycle. A frozen row's
    # rating is then its gain A_c sigma: ratings move by at most ``2 perturb``.
    # (Switching to it mid-solve was measured and dropped: the shift leaves a
    # degenerate basis slightly infeasible, and the ratio test then stalls.)
    pattern = (1.0 + jnp.modf(rows * 0.6180339887498949)[0]).astype(dtype) * live

    def shift(st: _State):
        return st.perturb * pattern

    # A is never held: pricing contracts the payoff tensor (N J flops, not C J)
    # and a column is a gather. A dense copy of A measured 1.3x slower at 2P
    # 10 x 10 and 1.9x at 3P 8 x 8 x 8 (memory traffic per pivot).

    # Sliced once, outside the loops: a slice inside them is copied at every step.
    per_player = tuple(payoffs[p] for p in range(payoffs.shape[0]))

    def a_column(jj):
        return gains.constraint_columns(per_player, multi[jj][None])[:, 0] * live

    def a_transpose(yc):
        return gains.transpose_gains(per_player, yc).reshape(-1)

    def d_rows(frozen_at, k):
        """Rows carrying ``+1`` in level column ``k``: those still free when it opened."""
        return row_mask & (frozen_at > k)

    def column(j, frozen_at):
        """Column ``j`` of the constraint matrix, ``[m]``."""
        jj = jnp.clip(j, 0, num_j - 1)
        a_col = a_column(jj)
        sigma_col = jnp.concatenate([a_col, jnp.ones(1, dtype)])
        u_col = jnp.concatenate([-live, jnp.zeros(1, dtype)])
        s_col = jnp.concatenate([(rows == j - col_s).astype(dtype), jnp.zeros(1, dtype)])
        k = jnp.clip(j - col_d, 0, num_c - 1)
        d_col = jnp.concatenate([d_rows(frozen_at, k).astype(dtype), jnp.zeros(1, dtype)])
        return jnp.where(
            j < num_j, sigma_col, jnp.where(j == col_u, u_col, jnp.where(j < col_d, s_col, d_col))
        )

    def rhs(st: _State):
        b = jnp.concatenate([-live - shift(st), jnp.ones(1, dtype)])
        # b - sum over fixed non-basic variables of column * value (u and d's only).
        fixed_nb = st.fixed & ~st.is_basic
        u_part = jnp.where(fixed_nb[col_u], st.fixed_value[col_u], 0.0)
        d_vals = jnp.where(fixed_nb[col_d:], st.fixed_value[col_d:], 0.0)  # [C]
        carried = d_rows(st.frozen_at[None, :], rows[:, None]).astype(dtype)  # [k, c]
        row_shift = (-u_part + d_vals @ carried) * live  # [C]
        return b - jnp.concatenate([row_shift, jnp.zeros(1, dtype)])

    def refactor(st: _State) -> _State:
        cols = jax.vmap(lambda j: column(j, st.frozen_at))(st.basis).T  # [m, m]
        binv = jnp.linalg.inv(cols)
        xb = binv @ rhs(st)
        return st._replace(binv=binv, xb=xb, since_refactor=jnp.zeros((), jnp.int32))

    def reduced_costs(st: _State):
        # The only basic variable with a cost is the objective (+1 for u, -1 for d_k):
        # the duals c_B B^-1 are its row of the inverse.
        at = st.basis == st.obj
        sign = jnp.where(jnp.any(at), jnp.where(st.obj == col_u, 1.0, -1.0), 0.0).astype(dtype)
        y = sign * st.binv[jnp.minimum(_first(at), m - 1)]  # [m]
        yc, ysum = y[:num_c] * live, y[num_c]
        r_sigma = -(a_transpose(yc) + ysum)
        r_u = jnp.where(st.obj == col_u, 1.0, 0.0) + jnp.sum(yc)
        r_s = -yc
        # Only the current level's column may enter (earlier ones are fixed,
        # later ones not yet open).
        k = st.obj - col_d
        r_k = -1.0 - jnp.sum(jnp.where(d_rows(st.frozen_at, k), yc, 0.0))
        r_d = jnp.where(rows == k, r_k, 0.0)
        red = jnp.concatenate([r_sigma, r_u[None], r_s, r_d])
        # min_a (A^T d)(a) for the duals d = -y_c, from this pricing pass (the
        # level's dual bound, before the frozen rows' share: jaxrate.certificate).
        floor = ysum + jnp.min(jnp.where(flat_mask, r_sigma, jnp.inf))
        return jnp.where(st.is_basic | st.fixed, 0.0, red), r_s, floor

    def value_of(st: _State, j):
        pos = jnp.minimum(_first(st.basis == j), m - 1)
        return jnp.where(st.is_basic[j], st.xb[pos], jnp.where(st.fixed[j], st.fixed_value[j], 0.0))

    # Under vmap every game takes both a pivot and a level change at every step,
    # so each is written as a masked update of the fields it changes (``go``):
    # no select over the whole state, whose copies dominated a step's time.

    def next_level(st: _State, r_s, floor, go) -> _State:
        """Level finished (where ``go``): freeze rows with a non-zero dual, fix the objective."""
        new = rows_to_freeze(r_s, row_mask & ~st.frozen, config.dual_tol) & go
        obj_value = value_of(st, st.obj)
        value = jnp.where(st.obj == col_u, obj_value - 1.0, st.base - obj_value)
        frozen = st.frozen | new
        still_free = row_mask & ~frozen
        done = go & ~jnp.any(still_free)
        k = st.level + 1  # the column of level k + 1 lives at slot k
        open_next = go & ~done
        # A frozen row is tight in every optimum of its level (its dual is
        # positive), hence at every later feasible point: its slack is fixed at 0.
        # Without this, degenerate pivots on frozen slacks left 14% of 2P 32 x 32
        # games at the pivot cap and doubled the pivots of the rest.
        cols = jnp.arange(n)
        slack_new = jnp.concatenate([jnp.zeros(col_s, bool), new, jnp.zeros(num_c, bool)])
        fixed = (st.fixed | slack_new | (go & (cols == st.obj))) & ~(open_next & (cols == col_d + k))
        # The level's proof (jaxrate.certificate): its duals are the slacks' reduced
        # costs, -y_c, which is y on the free rows (summing to one) and lambda on
        # the frozen ones.
        record = go & (rows == st.level)  # [C]: slot of this level
        return st._replace(
            duals=jnp.where(record[:, None], r_s[None, :], st.duals),
            values=jnp.where(record, value, st.values),
            floors=jnp.where(record, floor, st.floors),
            frozen=frozen,
            r=jnp.where(new, value - shift(st), st.r),
            base=jnp.where(go, value, st.base),
            level=jnp.where(go, k, st.level),
            fixed=fixed,
            fixed_value=jnp.where(go & (cols == st.obj), obj_value, st.fixed_value),
            frozen_at=jnp.where(new, k, st.frozen_at).astype(jnp.int32),
            obj=jnp.where(open_next, col_d + k, st.obj).astype(jnp.int32),
            done=st.done | done,
            degenerate=jnp.where(go, 0, st.degenerate).astype(jnp.int32),
        )

    def entering(st: _State, red, low):
        """Dantzig's column (least reduced cost), or Bland's after a degenerate run."""
        dantzig = jnp.minimum(_first(red == low), n - 1)
        bland = jnp.minimum(_first(red < -config.cost_tol), n - 1)
        return jnp.where(st.degenerate >= config.bland_after, bland, dantzig)

    def pivot(st: _State, q, go) -> _State:
        """One pivot on entering column ``q`` (where ``go``)."""
        alpha = st.binv @ column(q, st.frozen_at)  # [m]
        fixed_b = st.fixed[st.basis]
        # A fixed basic variable leaves at ratio 0 (it may not move), but only on a
        # pivot element that is not rounding noise: relative to the column's
        # largest entry. Entries of ~1e-9 that are truly zero were taken as
        # pivots on degenerate leaderboard games, and the basis blew up (a
        # 100 x 20 leaderboard's values off by 23 after one such pivot).
        # (Should no row qualify, the absolute tolerance decides, as a last resort.)
        fixed_tol = jnp.maximum(config.pivot_tol, FIXED_PIVOT_REL * jnp.max(jnp.abs(alpha)))
        free_ratio = jnp.where(
            alpha > config.pivot_tol, jnp.maximum(st.xb, 0.0) / jnp.where(alpha > 0, alpha, 1.0), jnp.inf
        )
        ratio = jnp.where(fixed_b, jnp.where(jnp.abs(alpha) > fixed_tol, 0.0, jnp.inf), free_ratio)
        loose = jnp.where(fixed_b, jnp.where(jnp.abs(alpha) > config.pivot_tol, 0.0, jnp.inf), free_ratio)
        ratio = jnp.where(jnp.isfinite(jnp.min(ratio)), ratio, loose)
        best = jnp.min(ratio)
        # Ties: the smallest basic column (Bland's leaving rule; fixed leavers,
        # ratio 0, always win), or in the retry pass the largest pivot element,
        # more stable on highly degenerate games (0/1 win-loss) but ~2x the pivots.
        tie = ratio <= best + 1e-12 * (1.0 + best)
        p = jnp.where(
            st.largest,
            _argmax(jnp.where(tie, jnp.abs(alpha), -1.0)),
            _argmin(jnp.where(tie, st.basis, n + 1)),
        )
        unbounded = go & ~jnp.isfinite(best)
        go = go & ~unbounded
        theta = jnp.where(go, best, 0.0)
        leaving = st.basis[p]
        e_p = jnp.arange(m) == p
        pivot_row = st.binv[p] / jnp.where(go, alpha[p], 1.0)
        binv = st.binv - jnp.outer(jnp.where(go, alpha - e_p, 0.0), pivot_row)
        xb = jnp.where(go & e_p, theta, st.xb - theta * alpha)
        cols = jnp.arange(n)
        is_basic = jnp.where(go & (cols == leaving), False, jnp.where(go & (cols == q), True, st.is_basic))
        return st._replace(
            binv=binv,
            xb=xb,
            basis=jnp.where(go & e_p, q, st.basis).astype(jnp.int32),
            is_basic=is_basic,
            pivots=st.pivots + go,
            since_refactor=st.since_refactor + go,
            degenerate=jnp.where(
                go, jnp.where(theta <= config.pivot_tol, st.degenerate + 1, 0), st.degenerate
            ).astype(jnp.int32),
            done=st.done | unbounded,
            failed=st.failed | unbounded,
        )

    def step(_, st: _State) -> _State:
        red, r_s, floor = reduced_costs(st)
        low = jnp.min(red)
        optimal = low >= -config.cost_tol
        active = running(st)
        q = entering(st, red, low)
        st = next_level(st, r_s, floor, active & optimal)
        # A level just opened: its objective d_k is the only variable with a cost
        # and it is non-basic, so the duals are 0 and d_k alone prices negative
        # (-1). It enters now, without a pricing pass of its own (2P 10 x 10:
        # 13 of 73 steps a game were such passes).
        q = jnp.where(optimal, st.obj, q)
        return pivot(st, q, active & ~st.done)

    def body(st: _State) -> _State:
        # Up to ``refactor_every`` steps, then one refactorisation: under vmap a
        # cond on a per-game counter would refactor every game at every pivot.
        # The inner loop stops as soon as the game is done (under vmap: all of
        # the batch's games), so a finished game does not idle out the round.
        st, _ = jax.lax.while_loop(
            lambda c: cond(c[0]) & (c[1] < config.refactor_every),
            lambda c: (step(c[1], c[0]), c[1] + 1),
            (st, jnp.zeros((), jnp.int32)),
        )
        return refactor(escalate(st))

    def escalate(st: _State) -> _State:
        """A game whose degenerate run reached ``config.stall_after`` pivots changes
        its ratio-test ties to the largest pivot element, in place; stalled again,
        it stops (``MAX_ITERATIONS``) and leaves its lane to the retry pass
        rather than spend its whole pivot budget."""
        stuck = (st.degenerate >= config.stall_after) & running(st)
        return st._replace(
            largest=st.largest | stuck,
            stalled=st.stalled | (stuck & st.largest),
            degenerate=jnp.where(stuck, 0, st.degenerate).astype(jnp.int32),
        )

    def running(st: _State):
        return ~st.done & ~st.stalled & (st.pivots < st.budget)

    cond = running

    def first_joint():
        """The unmasked joint whose largest deviation gain is smallest (the pure joint
        nearest a CCE): level 1 starts nearer its optimum (2P 10 x 10 and 3P 6 x 6 x 6
        batches: 8% fewer pivots, 1.13x and 1.16x faster than the first joint)."""
        worst = jnp.zeros(shape, dtype)
        for p in range(len(shape)):
            own = jnp.where(joint_mask, payoffs[p], -jnp.inf)
            worst = jnp.maximum(worst, jnp.max(own, axis=p, keepdims=True) - payoffs[p])
        return jnp.argmin(jnp.where(joint_mask, worst, jnp.inf).reshape(-1))

    def init(start, attempt=None) -> _State:
        """The first basis: the joint ``start`` (or the crash joint) a0 with sigma = 1,
        u = 1 + max_c A_c a0, slacks basic except on the row attaining the max.

        ``attempt`` (traced values, so that every pass shares one compilation)
        overrides ``config``'s ``largest_pivot``, ``perturb`` and ``max_pivots``.
        """
        attempt = {} if attempt is None else attempt
        perturb = jnp.asarray(attempt.get("perturb", config.perturb), dtype)
        a0 = jnp.where((start >= 0) & flat_mask[jnp.clip(start, 0, num_j - 1)], start, first_joint())
        col0 = gains.constraint_columns(payoffs, multi[a0][None])[:, 0]
        col0 = jnp.where(row_mask, col0 + perturb * pattern, -jnp.inf)
        c_star = _argmax(col0)
        slack_rows = jnp.where(rows < c_star, rows, rows + 1)[: num_c - 1]
        basis = jnp.concatenate([jnp.array([a0, col_u]), col_s + slack_rows]).astype(jnp.int32)
        is_basic = jnp.zeros(n, bool).at[basis].set(True)
        fixed = jnp.zeros(n, bool)
        fixed = fixed.at[:num_j].set(~flat_mask)
        fixed = fixed.at[col_d:].set(True)
        state = _State(
            binv=initial_inverse(a_column(a0), c_star, slack_rows),
            xb=jnp.zeros(m, dtype),
            basis=basis,
            is_basic=is_basic,
            fixed=fixed,
            fixed_value=jnp.zeros(n, dtype),
            frozen_at=jnp.where(row_mask, num_c + 1, 0).astype(jnp.int32),
            obj=jnp.asarray(col_u, jnp.int32),
            frozen=~row_mask,
            r=jnp.zeros(num_c, dtype),
            base=jnp.zeros((), dtype),
            level=jnp.zeros((), jnp.int32),
            pivots=jnp.zeros((), jnp.int32),
            since_refactor=jnp.zeros((), jnp.int32),
            degenerate=jnp.zeros((), jnp.int32),
            duals=jnp.zeros((num_c, num_c), dtype),
            values=jnp.zeros(num_c, dtype),
            floors=jnp.zeros(num_c, dtype),
            largest=jnp.asarray(attempt.get("largest_pivot", config.largest_pivot), bool),
            perturb=perturb,
            budget=jnp.asarray(attempt.get("max_pivots", config.max_pivots), jnp.int32),
            stalled=jnp.zeros((), bool),
            done=~jnp.any(row_mask),
            failed=jnp.zeros((), bool),
        )
        return state._replace(xb=state.binv @ rhs(state))

    def initial_inverse(a, c_star, slack_rows):
        """The inverse of the initial basis ``[sigma_a0, u, slacks but c*]`` in closed form.

        Its last row gives ``sigma_a0 = b_C``; row ``c*`` then gives
        ``u = a_c* b_C - b_c*``; every other row ``c`` its slack
        ``s_c = b_c - a_c b_C + live_c u``. No factorisation: a lane that takes
        a new game mid-stream pays a few vector operations, not an LU.
        """
        cols = jnp.arange(m)
        lc = jnp.where(live[c_star] > 0, live[c_star], 1.0)
        u_row = (jnp.where(cols == num_c, a[c_star], 0.0) - (cols == c_star)) / lc
        s_rows = (
            (cols[None, :] == slack_rows[:, None])
            - jnp.where(cols[None, :] == num_c, a[slack_rows][:, None], 0.0)
            + live[slack_rows][:, None] * u_row[None, :]
        )
        return jnp.concatenate([(cols == num_c)[None].astype(dtype), u_row[None], s_rows]).astype(dtype)

    def advance(state: _State, rounds=None) -> _State:
        if rounds is None:
            return jax.lax.while_loop(cond, body, state)
        out, _ = jax.lax.while_loop(
            lambda c: cond(c[0]) & (c[1] < rounds), lambda c: (body(c[0]), c[1] + 1), (state, 0)
        )
        return out

    def run(state: _State, steps) -> _State:
        """At most ``steps`` steps, no refactorisation (a driver that streams games
        through lanes refactors every lane at once, every ``refactor_every`` steps)."""
        out, _ = jax.lax.while_loop(
            lambda c: cond(c[0]) & (c[1] < steps), lambda c: (step(c[1], c[0]), c[1] + 1), (state, 0)
        )
        return out

    def finish(state: _State) -> dict:
        """The game's outputs in normalised units (a dict of arrays, see :class:`Solver`)."""
        xs = jnp.zeros(n, dtype).at[state.basis].set(state.xb)[:num_j]
        sigma = jnp.where(flat_mask, jnp.maximum(xs, 0.0), 0.0)
        sigma = (sigma / jnp.maximum(sigma.sum(), 1e-30)).reshape(shape)
        g = gains.deviation_gains(payoffs, sigma)
        return {
            "ratings": jnp.where(state.frozen & row_mask, state.r, g),
            "joint": sigma,
            "gains": g,
            "levels": state.level,
            "pivots": state.pivots,
            "solved": state.done & ~state.failed,
            "failed": state.failed,
            "level_values": state.values,
            "frozen_at": jnp.where(row_mask & state.frozen, state.frozen_at - 1, -1).astype(jnp.int32),
            "duals": state.duals,
            "floors": state.floors,
            "normalised_ratings": state.r,
        }

    return Solver(init, advance, finish, run, refactor, escalate, running)
