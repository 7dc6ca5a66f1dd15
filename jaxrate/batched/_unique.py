r"""When the first level's optimum is unique, the later levels are arithmetic.

Level 1 minimises the largest deviation gain over joints ``sigma``. When its
optimal basis prices every joint outside it, and every slack outside it,
strictly above zero, its optimum ``sigma*`` is unique: every later level only
chooses among level 1's optima, so the ratings are the deviation gains of
``sigma*``, and the rows not frozen at level 1 fall into levels by their gains.
On random 2P 8 x 8 to 10 x 10 and 3P 6 x 6 x 6 games, and on 27 of 30 games of
an evolution strategy's population, this held: the simplex's later levels
(about 44 of a game's 49 pivots) moved no joint, only the basis that proves
them (benchmarks/training_step.py).

Each later level ``k`` still gets its proof (:mod:`jaxrate.certificate`): the
multipliers ``y_k`` spread evenly over its rows, and ``lambda_k`` on the rows
frozen at level 1 chosen so that ``(A^T d_k)(a) = t_k`` on the basic joints (one
solve with level 1's basis inverse), plus as much of level 1's own dual as
lifts every other joint to ``t_k`` (possible since level 1 prices them strictly
above its value): then ``min_a (A^T d_k)(a) - lambda_k . r = t_k``.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

from jaxrate.batched import _lp
from jaxrate.batched._lp import Layout, State

__all__ = ["finish_unique"]

# Level 1's optimum counts as unique when every non-basic column prices at least
# ``config.unique_margin`` above zero (:meth:`jaxrate.Tolerances.unique`: 1e-12 of
# the range in float64); a larger margin leaves the later levels to the simplex.


def finish_unique(lp: Layout, st: State) -> State:
    """The game finished from the level just closed where its optimum is unique (else as it is).

    ``st`` is at the end of a level (:func:`jaxrate.batched._simplex.step` with
    ``enter_level=False``: the level closed, its basis still in place, its
    inverse just refactorised).
    """
    live = lp.live
    closed = (lp.rows == st.level - 1)[:, None]  # the level just closed
    proof = jnp.sum(jnp.where(closed, st.duals, 0.0), axis=0) * live  # its d_L [C]
    floor = jnp.sum(jnp.where(closed[:, 0], st.floors, 0.0))
    matrix = jax.vmap(lambda e: _lp.transpose(lp, e))(jnp.eye(lp.num_c, dtype=lp.dtype) * live)  # A [C, J]
    priced = proof @ matrix - floor  # [J]: each joint's reduced cost at that level
    margin = lp.config.unique_margin
    outside = lp.flat_mask & ~st.is_basic[: lp.num_j]
    rest = lp.row_mask & ~st.frozen  # rows still free
    unique = (
        jnp.all(~outside | (priced > margin))
        & jnp.all(~rest | st.is_basic[lp.col_s : lp.col_d])
        & (st.level >= 1)
        & ~st.done
    )
    xs = jnp.zeros(lp.n, lp.dtype).at[st.basis].set(st.xb)[: lp.num_j]
    sigma = jnp.where(lp.flat_mask, jnp.maximum(xs, 0.0), 0.0)
    sigma = sigma / jnp.maximum(jnp.sum(sigma), 1e-30)
    g = matrix @ sigma  # [C]: the deviation gains of sigma (dead rows 0)
    level_of, levels, values = _later_levels(lp, g, rest, st.level)
    duals, floors = _later_proofs(lp, st, matrix, level_of, values, proof, priced, floor, margin)
    later = (lp.rows >= st.level) & (lp.rows < levels)
    done = st._replace(
        frozen=st.frozen | rest,
        frozen_at=jnp.where(rest, level_of + 1, st.frozen_at).astype(jnp.int32),
        r=jnp.where(rest, g - _lp.shift(lp, st), st.r),
        values=jnp.where(later, values, st.values),
        duals=jnp.where(later[:, None], duals, st.duals),
        floors=jnp.where(later, floors, st.floors),
        level=levels.astype(jnp.int32),
        done=jnp.ones((), bool),
        pivoted=st.level,
    )
    return jax.tree.map(lambda a, b: jnp.where(unique, a, b), done, st)


def _later_levels(lp: Layout, g, rest, first):
    """Each free row's level (``first``, ``first + 1``, ...: by its gain, ties
    within ``config.pivot_tol`` sharing one), the number of levels, and each
    level's value ``[C]`` (by slot)."""
    key = jnp.where(rest, g, -jnp.inf)
    order = jnp.argsort(-key, stable=True)
    ranked = key[order]
    gap = jnp.concatenate([jnp.ones(1, bool), ranked[:-1] - ranked[1:] > lp.config.pivot_tol])
    group = jnp.cumsum(gap).astype(jnp.int32) - 1  # 0, 1, ... in order of decreasing gain
    level_of = jnp.zeros(lp.num_c, jnp.int32).at[order].set(group) + first
    level_of = jnp.where(rest, level_of, -1)
    levels = jnp.maximum(first, 1 + jnp.max(level_of))
    mine = (level_of[None, :] == lp.rows[:, None]) & rest[None, :]  # [K, C]
    values = jnp.max(jnp.where(mine, g[None, :], -jnp.inf), axis=1)
    return level_of, levels, jnp.where(jnp.any(mine, axis=1), values, 0.0)


def _later_proofs(lp: Layout, st: State, matrix, level_of, values, proof, priced, floor, margin):
    """Each later level's multipliers ``d_k`` ``[K, C]`` and ``min_a (A^T d_k)(a)``.

    ``y_k`` spreads evenly over the level's rows; ``lambda_k = B^-T t``, with
    ``t`` minus the level's gain of each basic joint and 0 at every other basic
    column, sits on the rows whose slacks are non-basic (the frozen ones) and
    makes ``A^T (y_k + lambda_k)`` constant on the basic joints, that constant
    less ``lambda_k . r`` being ``t_k`` (weigh the equations by the joint);
    ``mu_k`` times the closed level's proof (``A^T proof = priced + floor``) lifts
    every other joint to it. ``matrix`` is ``A`` ``[C, J]``: each product is one matmul.
    """
    frozen = lp.row_mask & st.frozen
    mine = (level_of[None, :] == lp.rows[:, None]) & lp.row_mask[None, :]  # [K, C]
    count = jnp.maximum(jnp.sum(mine, axis=1, keepdims=True), 1)
    spread = jnp.where(mine, 1.0, 0.0).astype(lp.dtype) / count  # y_k
    is_joint = st.basis < lp.num_j
    columns = jnp.where(is_joint[None, :], matrix[:, jnp.where(is_joint, st.basis, 0)], 0.0)  # [C, m]
    target = -(spread @ columns)  # [K, m]
    lam = jnp.where(frozen[None, :], (target @ st.binv)[:, : lp.num_c], 0.0)
    lifted = (spread + lam) @ matrix  # [K, J]
    bound = lifted - (lam @ jnp.where(frozen, st.r, 0.0))[:, None]  # t_k on the basic joints
    room = lp.flat_mask & (priced > 0.5 * margin)
    short = jnp.where(room[None, :], (values[:, None] - bound) / jnp.where(room, priced, 1.0)[None, :], 0.0)
    mu = jnp.maximum(jnp.max(short, axis=1), 0.0)  # [K]
    duals = spread + lam + mu[:, None] * proof[None, :]
    everyone = lifted + mu[:, None] * (priced + floor)[None, :]  # A^T d_k [K, J]
    floors = jnp.min(jnp.where(lp.flat_mask[None, :], everyone, jnp.inf), axis=1)
    return duals, floors
