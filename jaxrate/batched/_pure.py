"""One game's deviation ratings as a pure JAX function: for ``jit``, ``vmap`` and training steps."""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp

from jaxrate.batched._core import advance, finish, init, prepare
from jaxrate.batched._simplex import SimplexConfig
from jaxrate.game._simplex_config import simplex_config

__all__ = ["rate_game"]


def rate_game(
    payoffs: Any,
    masks: tuple | None = None,
    start: Any = None,
    *,
    config: SimplexConfig | None = None,
) -> dict:
    """Deviation ratings of one game ``[N, A_1..A_N]``, with no host round trips.

    Unlike :func:`jaxrate.deviation_ratings` (which streams batches through
    lanes, retries and re-rates exactly what it does not solve), this is a
    pure function of arrays: call it inside
    your own ``jax.jit``-ed training step, ``jax.vmap`` it over a population
    batch, or scan it over iterations. ``config.max_pivots`` is a fixed
    iteration budget: a game that needs more stops there with status
    ``MAX_ITERATIONS`` (its ratings are then not final).

    Args:
      payoffs: ``[N, A_1, ..., A_N]``, float32 or float64 (the dtype it runs in).
      masks: optional per-player boolean masks ``[A_p]``.
      start: optional int32 scalar, the flat index of a joint strategy to
        start from (warm start, e.g. ``argmax`` of the previous joint); -1 for none.
      config: static :class:`SimplexConfig` (tolerances relative to the payoff
        range, pivot budget); default ``jaxrate.solvers.Simplex(precision).config(C)``:
        tolerance 2e-5 (float32) / 1e-9 (float64), ``25 (C + 1)`` pivots.

    Returns:
      A dict of arrays: ``ratings`` ``[C]`` stacked by player (NaN where
      masked), ``joint`` ``[A_1..A_N]``, ``levels``, ``status`` (a
      :class:`jaxrate.batched.Status` value), ``iterations`` (pivots),
      ``max_gain`` and ``residual`` (payoff units), and the proof the solver
      checked (:mod:`jaxrate.certificate`): ``level_values`` ``[C]``,
      ``frozen_at`` ``[C]``, ``duals`` ``[C, C]``, ``dual_gap``, ``min_frozen_dual``.

    Example:
      >>> import jax, jax.numpy as jnp
      >>> from jaxrate.batched import rate_game
      >>> mp = jnp.array([[[1.0, -1.0], [-1.0, 1.0]], [[-1.0, 1.0], [1.0, -1.0]]])
      >>> out = jax.jit(rate_game)(mp)
      >>> [round(float(r), 4) + 0.0 for r in out["ratings"]], int(out["status"])
      ([0.0, 0.0, 0.0, 0.0], 0)
    """
    payoffs = jnp.asarray(payoffs)
    if not jnp.issubdtype(payoffs.dtype, jnp.floating):
        payoffs = payoffs.astype(jnp.float32)
    shape = payoffs.shape[1:]
    if masks is None:
        masks = tuple(jnp.ones(a, bool) for a in shape)
    if config is None:
        config = simplex_config(sum(shape), jnp.dtype(payoffs.dtype).name)
    start = jnp.asarray(-1 if start is None else start, jnp.int32)
    prep = prepare(payoffs, tuple(jnp.asarray(m, bool) for m in masks))
    state = advance(init(prep, start, config), prep, config, None)
    return finish(state, prep, config)
