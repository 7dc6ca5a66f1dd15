"""A batch of games streamed through a fixed number of lanes, without leaving the device.

A vmapped loop runs as long as its slowest member. Here ``lanes`` games run side
by side for ``chunk`` steps at a time; between chunks, on the device, every lane
whose game is done writes its result and takes the next game of the queue (its
first basis inverse is written down, not factorised: see
:func:`jaxrate.batched._simplex.make_solver`), and every ``refactor_every``
steps all lanes recompute their basis inverse together. The host sees one call
and one result: no round trip per chunk, which is what a GPU needs too.
"""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp

from jaxrate.batched import _lp
from jaxrate.batched._core import awaiting, check_unique, escalate, finish, init, refactor, run, running
from jaxrate.game._simplex_config import SimplexConfig

__all__ = ["stream"]

_init = jax.vmap(init, in_axes=(0, 0, None, None))
_run = jax.vmap(run, in_axes=(0, 0, None, None))
_refactor = jax.vmap(refactor, in_axes=(0, 0, None))
_finish = jax.vmap(finish, in_axes=(0, 0, None))
_escalate = jax.vmap(escalate, in_axes=(0, 0, None))
_running = jax.vmap(running, in_axes=(0, 0, None))
_awaiting = jax.vmap(awaiting, in_axes=(0, 0, None))
_check_unique = jax.vmap(check_unique, in_axes=(0, 0, None))


def _where(take, new, old):
    """Per lane, ``new`` where ``take`` [L] else ``old`` (any pytree of [L, ...] arrays)."""
    return jax.tree.map(lambda b, a: jnp.where(take.reshape((-1,) + (1,) * (a.ndim - 1)), b, a), new, old)


def _refresh(state, lane_data, config: SimplexConfig, lanes: int):
    """Escalate stalled games; refactorise the lanes whose game made
    ``refactor_every`` pivots since its last refactorisation, or paused at the end
    of a level to be finished from a unique optimum (then finished, or resumed).

    Each game is refactorised on its own schedule (its pivots), whatever lane
    it runs in and whenever it started. The lanes due are gathered, at most
    half the lanes at a time, so a hand-over does not factorise every lane.
    """
    group = max(1, lanes // 2)

    def due(c):
        return jnp.any(c[1])

    def one_group(c):
        state, need = c
        idx = jnp.nonzero(need, size=group, fill_value=lanes)[0]
        take = jnp.minimum(idx, lanes - 1)
        data = jax.tree.map(lambda x: x[take], lane_data)
        fresh = _refactor(jax.tree.map(lambda x: x[take], state), data, config)
        fresh = jax.lax.cond(  # the uniqueness test only where a game of the group waits for it
            jnp.any(_awaiting(fresh, data, config) & (idx < lanes)),
            lambda: _check_unique(fresh, data, config),
            lambda: fresh,
        )
        state = jax.tree.map(lambda x, y: x.at[idx].set(y, mode="drop"), state, fresh)
        return state, need.at[idx].set(False, mode="drop")

    state = _escalate(state, lane_data, config)
    need = (state.since_refactor >= config.refactor_every) & _running(state, lane_data, config)
    need = need | _awaiting(state, lane_data, config)
    return jax.lax.while_loop(due, one_group, (state, need))[0]


def _written(state, lane_data, game, ended, out: dict, config: SimplexConfig, batch: int) -> dict:
    """``out`` with the results of the lanes whose game ``ended`` written to its row.

    The ended lanes are gathered a quarter of the lanes at a time: finishing every
    lane at every hand-over (the gains, the proof's checks) cost more than the
    pivots of a chunk (2P 32 x 32: 2.6x a lane-step of ``jax.vmap(rate_game)``).
    """
    lanes = ended.shape[0]
    group = max(1, lanes // 4)

    def one_group(c):
        out, pending = c
        idx = jnp.nonzero(pending, size=group, fill_value=lanes)[0]
        take = jnp.minimum(idx, lanes - 1)
        result = _finish(
            jax.tree.map(lambda x: x[take], state), jax.tree.map(lambda x: x[take], lane_data), config
        )
        rows = jnp.where(idx < lanes, game[take], batch)  # the spare row ``batch`` takes the padding
        out = {k: v.at[rows].set(result[k]) for k, v in out.items()}
        return out, pending.at[idx].set(False, mode="drop")

    return jax.lax.while_loop(lambda c: jnp.any(c[1]), one_group, (out, ended))[0]


@functools.partial(jax.jit, static_argnames=("config", "lanes", "chunk"))
@_lp.full_precision
def stream(prep: dict, start, count, attempt: dict, config: SimplexConfig, lanes: int, chunk: int) -> dict:
    """The first ``count`` games of a batch rated, ``lanes`` at a time.

    Args:
      prep: the prepared games (:func:`jaxrate.batched._core.prepare`), batch
        axis first, padded to a size shared by many batches (one compilation).
      start: ``[B]`` int32 warm-start joints (-1: the crash start).
      count: how many of the ``B`` games to rate (a traced scalar: the padding
        after them is never rated).
      attempt: traced ``largest_pivot``, ``perturb``, ``max_pivots`` and ``unique`` of this
        pass (:func:`jaxrate.batched._simplex.make_solver`'s ``init``): the
        retry passes share the first pass's compilation.
      config: the static simplex settings.
      lanes: games side by side (at most ``B``).
      chunk: steps between two hand-overs of finished lanes.

    Returns:
      :func:`jaxrate.batched._core.finish`'s fields ``[B, ...]``, in input order
      (rows from ``count`` on are zeros).
    """
    batch = start.shape[0]
    lanes = min(lanes, batch)

    def data(game):
        return jax.tree.map(lambda x: x[jnp.maximum(game, 0)], prep)

    def hand_over(state, game, queue):
        """Idle lanes take the next games of the queue (one traced ``init``)."""
        following = queue + jnp.cumsum(game < 0, dtype=jnp.int32) - 1
        take = (game < 0) & (following < count)
        game = jnp.where(take, following, game)
        state = jax.lax.cond(
            jnp.any(take),
            lambda: _where(take, _init(data(game), start[jnp.maximum(game, 0)], config, attempt), state),
            lambda: state,
        )
        return state, game, queue + jnp.sum(take, dtype=jnp.int32)

    def body(carry):
        state, game, queue, out = carry
        state, game, queue = hand_over(state, game, queue)
        lane_data = data(game)
        state = _refresh(_run(state, lane_data, config, chunk), lane_data, config, lanes)
        ended = ~_running(state, lane_data, config) & (game >= 0)
        out = _written(state, lane_data, game, ended, out, config, batch)
        return state, jnp.where(ended, -1, game), queue, out

    game = jnp.full(lanes, -1, jnp.int32)  # the game each lane holds (-1: none)
    shapes = jax.eval_shape(lambda: _init(data(game), start[:lanes], config, attempt))
    state = jax.tree.map(lambda x: jnp.zeros(x.shape, x.dtype), shapes)
    state = state._replace(done=jnp.ones(lanes, bool))  # idle lanes take no steps
    shapes = jax.eval_shape(lambda: _finish(state, data(game), config))
    out = {k: jnp.zeros((batch + 1,) + v.shape[1:], v.dtype) for k, v in shapes.items()}
    carry = (state, game, jnp.zeros((), jnp.int32), out)
    carry = jax.lax.while_loop(lambda c: jnp.any(c[1] >= 0) | (c[2] < count), body, carry)
    return {k: v[:batch] for k, v in carry[3].items()}
