"""The fixed-shape LP of one game, and its basis: layout, columns, right-hand side, factorisation.

:mod:`jaxrate.batched._simplex` states the LP and pivots on it; this module
holds what a pivot reads and writes. ``Layout`` is one game's constants (its
normalised payoffs, masks, the columns' positions), ``State`` the simplex
state, and the functions here build a column, the right-hand side, the basis
inverse (from scratch, or in closed form for the first basis) and the outputs.
The constraint matrix ``A`` is never held: pricing contracts the payoff tensor
(``N J`` flops, not ``C J``) and a column is a gather. A dense copy of ``A``
measured 1.3x slower at 2P 10 x 10 and 1.9x at 3P 8 x 8 x 8 (memory traffic
per pivot).
"""

from __future__ import annotations

import functools
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp

from jaxrate.game import gains
from jaxrate.game._simplex_config import SimplexConfig

__all__ = [
    "Layout",
    "State",
    "WarmStart",
    "argmax",
    "argmin",
    "column",
    "d_rows",
    "finish",
    "first_index",
    "full_precision",
    "init",
    "joint_tangent",
    "layout",
    "no_warm_start",
    "transpose",
    "rebase",
    "refactor",
    "rhs",
    "shift",
]


def full_precision(fn):
    """``fn`` with every matrix product it traces at full precision.

    JAX's default precision lets a GPU or TPU run float32 products in TF32 or
    bfloat16 passes (a 10- or 8-bit mantissa): on an H100 that left 31% of the
    float32 games of ``benchmarks/training_step.py`` unsolved and SOLVED ones off
    by 5e-2 of the range (``benchmarks/RESULTS.md``, GPU). A pivot's ratio test
    and a proof's residuals need every bit of the dtype; float64 products are
    unaffected. Applied where a solve is traced (:func:`jaxrate.batched.rate_game`,
    the batched path's lanes), so a caller's own precision setting stays theirs.
    """

    @functools.wraps(fn)
    def traced(*args, **kwargs):
        with jax.default_matmul_precision("highest"):
            return fn(*args, **kwargs)

    return traced


class State(NamedTuple):
    """The simplex state of one game (``m = C + 1`` rows, ``n = J + 1 + 2 C`` columns)."""

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
    harris: jax.Array  # () Harris's primal tolerance in the ratio test (0: the textbook test)
    pivot_rel: jax.Array  # () the textbook test's smallest pivot, relative to the column's largest entry
    unique: jax.Array  # () bool: levels may be finished from a unique optimum (jaxrate.batched._unique)
    budget: jax.Array  # () int32 pivot budget
    duals: jax.Array  # [C, C] level k's certificate duals d_k (row k): y on free rows, lambda on frozen
    values: jax.Array  # [C] level k's value t_k (normalised units)
    floors: jax.Array  # [C] level k's min_a (A^T d_k)(a), from its last pricing pass
    done: jax.Array  # () bool
    failed: jax.Array  # () bool
    level_bases: jax.Array  # [C, m] int32: the optimal basis of each level (for the next solve's warm start)
    pivoted: jax.Array  # () int32: levels the simplex solved (the rest: _unique)
    warmed: jax.Array  # () int32: the last level a warm start was tried on (-1: none)
    checked: jax.Array  # () int32: the last level tested for a unique optimum (lanes: _simplex.run)


class WarmStart(NamedTuple):
    """What one solve hands the next for a warm start: each level's optimal basis
    and the level at which each row froze (a pytree of arrays: carry it through
    ``jax.lax.scan`` or a training state, batched under ``jax.vmap``).

    Attributes:
      bases: ``[C, C + 1]`` int32, level ``k``'s optimal basis (row ``k``).
      frozen_at: ``[C]`` int32, the level at which each row froze (-1: masked).
      levels: the number of levels (0: nothing to start from).
    """

    bases: jax.Array
    frozen_at: jax.Array
    levels: jax.Array


def no_warm_start(num_c: int) -> WarmStart:
    """A :class:`WarmStart` that starts nothing (a cold solve), for games with ``C``
    strategies in all: the first value of a ``lax.scan`` carry, so that every step
    compiles one function."""
    return WarmStart(
        bases=jnp.zeros((num_c, num_c + 1), jnp.int32),
        frozen_at=jnp.full((num_c,), -1, jnp.int32),
        levels=jnp.zeros((), jnp.int32),
    )


class Layout(NamedTuple):
    """One game's constants: its arrays, its static settings and where each kind of column lives."""

    payoffs: Any  # [N, A..] normalised, zero at masked joints
    per_player: tuple  # the N tensors [A..], sliced once (a slice inside a loop is copied every step)
    joint_mask: Any  # [A..] bool
    flat_mask: Any  # [J] bool
    row_mask: Any  # [C] bool
    live: Any  # [C] row_mask as numbers: masked rows read s_c = 0 and constrain nothing
    multi: Any  # [J, N] each joint's multi-index
    rows: Any  # [C] 0..C-1
    pattern: Any  # [C] each row's share of a right-hand-side perturbation, in [1, 2)
    config: SimplexConfig
    num_j: int  # J joints: columns 0..J-1 are sigma
    num_c: int  # C constraint rows
    m: int  # C + 1 basis size (the last row: sum sigma = 1)
    col_u: int  # u's column
    col_s: int  # slacks: col_s + c
    col_d: int  # level columns: col_d + k (k = 0 unused)
    n: int  # all columns

    @property
    def dtype(self):
        return self.payoffs.dtype

    @property
    def shape(self) -> tuple:
        return tuple(self.payoffs.shape[1:])


def layout(payoffs, joint_mask, row_mask, config: SimplexConfig) -> Layout:
    num_j, num_c = joint_mask.size, row_mask.shape[0]
    rows = jnp.arange(num_c)
    live = row_mask.astype(payoffs.dtype)
    return Layout(
        payoffs=payoffs,
        per_player=tuple(payoffs[p] for p in range(payoffs.shape[0])),
        joint_mask=joint_mask,
        flat_mask=joint_mask.reshape(-1),
        row_mask=row_mask,
        live=live,
        multi=jnp.stack(jnp.unravel_index(jnp.arange(num_j), payoffs.shape[1:]), axis=1),
        rows=rows,
        # With a perturbation (the last retry pass) each row's right-hand side is
        # lowered by a distinct tiny amount (between ``perturb`` and twice it), so
        # that vertices are not degenerate and pivots cannot cycle. A frozen row's
        # rating is then its gain A_c sigma: ratings move by at most ``2 perturb``.
        pattern=(1.0 + jnp.modf(rows * 0.6180339887498949)[0]).astype(payoffs.dtype) * live,
        config=config,
        num_j=num_j,
        num_c=num_c,
        m=num_c + 1,
        col_u=num_j,
        col_s=num_j + 1,
        col_d=num_j + 1 + num_c,
        n=num_j + 1 + 2 * num_c,
    )


def first_index(mask):
    """Index of the first True of a 1-D mask (its length if none).

    XLA's CPU backend runs ``argmin``/``argmax`` as a scalar variadic
    reduction; a masked ``min`` over an iota vectorises (2P 10 x 10, B = 1,024:
    the three arg-reductions of a pivot were a fifth of its time).
    """
    return jnp.min(jnp.where(mask, jnp.arange(mask.shape[0], dtype=jnp.int32), mask.shape[0]))


def argmax(x):
    """First index of the largest entry (``jnp.argmax`` without NaNs), vectorised."""
    return jnp.minimum(first_index(x == jnp.max(x)), x.shape[0] - 1)


def argmin(x):
    """First index of the smallest entry, vectorised."""
    return jnp.minimum(first_index(x == jnp.min(x)), x.shape[0] - 1)


def shift(lp: Layout, st: State):
    """How far each row's right-hand side is lowered (0 unless perturbed)."""
    return st.perturb * lp.pattern


def transpose(lp: Layout, d):
    """``A^T d`` ``[J]`` (flat joints) for row weights ``d`` ``[C]``: each joint's price."""
    return gains.transpose_gains(lp.per_player, d).reshape(-1)


def a_column(lp: Layout, jj):
    """Column ``jj`` of ``A`` (a joint's gains), ``[C]``."""
    return gains.constraint_columns(lp.per_player, lp.multi[jj][None])[:, 0] * lp.live


def d_rows(lp: Layout, frozen_at, k):
    """Rows carrying ``+1`` in level column ``k``: those still free when it opened."""
    return lp.row_mask & (frozen_at > k)


def column(lp: Layout, j, frozen_at):
    """Column ``j`` of the constraint matrix, ``[m]``."""
    dtype, rows = lp.dtype, lp.rows
    a_col = a_column(lp, jnp.clip(j, 0, lp.num_j - 1))
    sigma_col = jnp.concatenate([a_col, jnp.ones(1, dtype)])
    u_col = jnp.concatenate([-lp.live, jnp.zeros(1, dtype)])
    s_col = jnp.concatenate([(rows == j - lp.col_s).astype(dtype), jnp.zeros(1, dtype)])
    k = jnp.clip(j - lp.col_d, 0, lp.num_c - 1)
    d_col = jnp.concatenate([d_rows(lp, frozen_at, k).astype(dtype), jnp.zeros(1, dtype)])
    return jnp.where(
        j < lp.num_j, sigma_col, jnp.where(j == lp.col_u, u_col, jnp.where(j < lp.col_d, s_col, d_col))
    )


def rhs(lp: Layout, st: State):
    """``b`` less every fixed non-basic variable's column times its value (u and d's only)."""
    dtype = lp.dtype
    b = jnp.concatenate([-lp.live - shift(lp, st), jnp.ones(1, dtype)])
    fixed_nb = st.fixed & ~st.is_basic
    u_part = jnp.where(fixed_nb[lp.col_u], st.fixed_value[lp.col_u], 0.0)
    d_vals = jnp.where(fixed_nb[lp.col_d :], st.fixed_value[lp.col_d :], 0.0)  # [C]
    carried = d_rows(lp, st.frozen_at[None, :], lp.rows[:, None]).astype(dtype)  # [k, c]
    row_shift = (-u_part + d_vals @ carried) * lp.live  # [C]
    return b - jnp.concatenate([row_shift, jnp.zeros(1, dtype)])


def refactor(lp: Layout, st: State) -> State:
    """The basis inverse and the basic values, recomputed from scratch."""
    cols = jax.vmap(lambda j: column(lp, j, st.frozen_at))(st.basis).T  # [m, m]
    binv = jnp.linalg.inv(cols)
    return st._replace(binv=binv, xb=binv @ rhs(lp, st), since_refactor=jnp.zeros((), jnp.int32))


def rebase(lp: Layout, st: State, warm: WarmStart) -> State:
    """The state refactorised on the previous solve's basis of this level, where
    that basis serves (else on its own basis): one factorisation either way.

    Each level is tried once (a level longer than ``refactor_every`` pivots is
    not sent back to its start). The previous basis serves when the levels so
    far froze the same rows as in
    the previous solve (the level's LP then has the same columns), and it is
    nonsingular and feasible for this game: every free basic variable
    non-negative, every fixed one at its value (to ``config.pivot_tol``).
    """
    level = st.level
    earlier = (warm.frozen_at >= 0) & (warm.frozen_at < level)
    same = jnp.all(~lp.row_mask | (st.frozen == earlier))
    eligible = (level < warm.levels) & same & (st.perturb == 0) & ~st.done & (st.warmed != level)
    basis = jnp.where(eligible, warm.bases[jnp.minimum(level, lp.num_c - 1)], st.basis)
    is_basic = jnp.zeros(lp.n, bool).at[basis].set(True)
    trial = refactor(lp, st._replace(basis=basis, is_basic=is_basic))
    tol = lp.config.pivot_tol
    fixed_b = st.fixed[basis]
    placed = jnp.where(fixed_b, jnp.abs(trial.xb - st.fixed_value[basis]) <= tol, trial.xb >= -tol)
    distinct = jnp.sum(is_basic) == lp.m
    serves = eligible & distinct & jnp.all(placed) & jnp.all(jnp.isfinite(trial.binv))
    kept = jnp.where(serves | ~eligible, 1.0, 0.0)  # the basis factorised is the state's own
    own = jax.tree.map(lambda a, b: jnp.where(kept > 0, a, b), trial, st)
    return own._replace(degenerate=jnp.where(serves, 0, own.degenerate).astype(jnp.int32), warmed=level)


def _first_joint(lp: Layout):
    """The unmasked joint whose largest deviation gain is smallest (the pure joint
    nearest a CCE): level 1 starts nearer its optimum (2P 10 x 10 and 3P 6 x 6 x 6
    batches: 8% fewer pivots, 1.13x and 1.16x faster than the first joint)."""
    payoffs, joint_mask = lp.payoffs, lp.joint_mask
    worst = jnp.zeros(lp.shape, lp.dtype)
    for p in range(len(lp.shape)):
        own = jnp.where(joint_mask, payoffs[p], -jnp.inf)
        worst = jnp.maximum(worst, jnp.max(own, axis=p, keepdims=True) - payoffs[p])
    return argmin(jnp.where(joint_mask, worst, jnp.inf).reshape(-1))


def _initial_inverse(lp: Layout, a, c_star, slack_rows):
    """The inverse of the initial basis ``[sigma_a0, u, slacks but c*]`` in closed form.

    Its last row gives ``sigma_a0 = b_C``; row ``c*`` then gives
    ``u = a_c* b_C - b_c*``; every other row ``c`` its slack
    ``s_c = b_c - a_c b_C + live_c u``. No factorisation: a lane that takes
    a new game mid-stream pays a few vector operations, not an LU.
    """
    cols, live, num_c = jnp.arange(lp.m), lp.live, lp.num_c
    lc = jnp.where(live[c_star] > 0, live[c_star], 1.0)
    u_row = (jnp.where(cols == num_c, a[c_star], 0.0) - (cols == c_star)) / lc
    s_rows = (
        (cols[None, :] == slack_rows[:, None])
        - jnp.where(cols[None, :] == num_c, a[slack_rows][:, None], 0.0)
        + live[slack_rows][:, None] * u_row[None, :]
    )
    return jnp.concatenate([(cols == num_c)[None].astype(lp.dtype), u_row[None], s_rows]).astype(lp.dtype)


def init(lp: Layout, start, attempt=None) -> State:
    """The first basis: the joint ``start`` (or the crash joint) a0 with sigma = 1,
    u = 1 + max_c A_c a0, slacks basic except on the row attaining the max.

    ``attempt`` (traced values, so that every pass shares one compilation)
    overrides the configuration's ``largest_pivot``, ``perturb``, ``harris`` and ``max_pivots``.
    """
    config, dtype, num_c, n, rows = lp.config, lp.dtype, lp.num_c, lp.n, lp.rows
    attempt = {} if attempt is None else attempt
    perturb = jnp.asarray(attempt.get("perturb", config.perturb), dtype)
    a0 = jnp.where((start >= 0) & lp.flat_mask[jnp.clip(start, 0, lp.num_j - 1)], start, _first_joint(lp))
    col0 = gains.constraint_columns(lp.payoffs, lp.multi[a0][None])[:, 0]
    c_star = argmax(jnp.where(lp.row_mask, col0 + perturb * lp.pattern, -jnp.inf))
    slack_rows = jnp.where(rows < c_star, rows, rows + 1)[: num_c - 1]
    basis = jnp.concatenate([jnp.array([a0, lp.col_u]), lp.col_s + slack_rows]).astype(jnp.int32)
    fixed = jnp.zeros(n, bool).at[: lp.num_j].set(~lp.flat_mask).at[lp.col_d :].set(True)
    zero = jnp.zeros((), jnp.int32)
    state = State(
        binv=_initial_inverse(lp, a_column(lp, a0), c_star, slack_rows),
        xb=jnp.zeros(lp.m, dtype),
        basis=basis,
        is_basic=jnp.zeros(n, bool).at[basis].set(True),
        fixed=fixed,
        fixed_value=jnp.zeros(n, dtype),
        frozen_at=jnp.where(lp.row_mask, num_c + 1, 0).astype(jnp.int32),
        obj=jnp.asarray(lp.col_u, jnp.int32),
        frozen=~lp.row_mask,
        r=jnp.zeros(num_c, dtype),
        base=jnp.zeros((), dtype),
        level=zero,
        pivots=zero,
        since_refactor=zero,
        degenerate=zero,
        largest=jnp.asarray(attempt.get("largest_pivot", config.largest_pivot), bool),
        stalled=jnp.zeros((), bool),
        perturb=perturb,
        harris=jnp.asarray(attempt.get("harris", config.harris), dtype),
        pivot_rel=jnp.asarray(attempt.get("pivot_rel", 0.0), dtype),
        unique=jnp.asarray(attempt.get("unique", True), bool),
        budget=jnp.asarray(attempt.get("max_pivots", config.max_pivots), jnp.int32),
        duals=jnp.zeros((num_c, num_c), dtype),
        values=jnp.zeros(num_c, dtype),
        floors=jnp.zeros(num_c, dtype),
        done=~jnp.any(lp.row_mask),
        failed=jnp.zeros((), bool),
        level_bases=jnp.zeros((num_c, lp.m), jnp.int32),
        pivoted=jnp.asarray(num_c + 1, jnp.int32),
        warmed=jnp.asarray(-1, jnp.int32),
        checked=zero,
    )
    return along(state._replace(xb=state.binv @ rhs(lp, state)), lp.payoffs)


def along(tree, anchor):
    """``tree`` with every leaf batched as ``anchor`` is (under ``vmap``; else as it is).

    A loop whose first carry holds unbatched leaves (zeros, counters) has its body batched
    again and again by ``vmap`` until the batched leaves stop changing, and each nested
    loop inside it as often: a carry batched from the start is batched once (tracing
    ``jit(vmap(rate_game))`` took 1.3 s, most of it that repetition). ``where(a == a, x, x)``
    is ``x``; XLA folds it away.
    """
    same = jnp.asarray(anchor).reshape(-1)[:1].sum() == 0
    return jax.tree.map(lambda x: jnp.where(same, x, x), tree)


def joint_tangent(lp: Layout, state: State, level_rates, scale):
    """``[J, C]``: the joint moves by this times ``g = delta(dG, sigma)`` (payoff units).

    Along the final basis: ``B dx_B = -dB x_B - N_F dx_F``, where only the joints'
    columns move with the payoffs (``dB x_B = [g / scale; 0]``) and the fixed
    level variables with their levels (``u = 1 + t_1``, ``d_k = t_{k-1} - t_k``
    in normalised units; ``level_rates`` ``[C, C]``: ``dt = level_rates @ g``).
    """
    st = refactor(lp, state)
    dtype, num_c = lp.dtype, lp.num_c
    slots = lp.rows
    held = st.fixed & ~st.is_basic  # fixed variables outside the basis: their values are data
    w_u = jnp.where(held[lp.col_u], 1.0, 0.0).astype(dtype)
    opened = (slots >= 1) & (slots < jnp.minimum(st.level, st.pivoted))  # levels the simplex opened
    w_d = jnp.where(held[lp.col_d :] & opened, 1.0, 0.0).astype(dtype)
    earlier = jnp.concatenate([jnp.zeros_like(level_rates[:1]), level_rates[:-1]])
    carried = d_rows(lp, st.frozen_at[None, :], slots[:, None]).astype(dtype)  # [k, c]
    moved = -lp.live[:, None] * (w_u * level_rates[0])[None, :] + carried.T @ (
        w_d[:, None] * (earlier - level_rates)
    )
    rhs = jnp.concatenate([jnp.diag(lp.live) + moved, jnp.zeros((1, num_c), dtype)]) / scale
    rates = -st.binv @ rhs  # [m, C]
    rows = jnp.where(st.basis < lp.num_j, st.basis, lp.num_j)
    return jnp.zeros((lp.num_j, num_c), dtype).at[rows].set(rates, mode="drop")


def finish(lp: Layout, state: State) -> dict:
    """The game's outputs in normalised units (see :class:`jaxrate.batched._simplex.Solver`)."""
    xs = jnp.zeros(lp.n, lp.dtype).at[state.basis].set(state.xb)[: lp.num_j]
    sigma = jnp.where(lp.flat_mask, jnp.maximum(xs, 0.0), 0.0)
    sigma = (sigma / jnp.maximum(sigma.sum(), 1e-30)).reshape(lp.shape)
    g = gains.deviation_gains(lp.payoffs, sigma)
    return {
        "ratings": jnp.where(state.frozen & lp.row_mask, state.r, g),
        "joint": sigma,
        "gains": g,
        "levels": state.level,
        "pivots": state.pivots,
        "solved": state.done & ~state.failed,
        "failed": state.failed,
        "level_values": state.values,
        "frozen_at": jnp.where(lp.row_mask & state.frozen, state.frozen_at - 1, -1).astype(jnp.int32),
        "duals": state.duals,
        "floors": state.floors,
        "normalised_ratings": state.r,
        "warm": WarmStart(
            bases=state.level_bases,
            frozen_at=jnp.where(lp.row_mask & state.frozen, state.frozen_at - 1, -1).astype(jnp.int32),
            levels=jnp.where(state.done & ~state.failed, jnp.minimum(state.level, state.pivoted), 0).astype(
                jnp.int32
            ),
        ),
    }
