"""Near-clone strategies made exact clones before the JAX simplex sees them (issue 52).

A population that converges holds strategies a hair apart: 1e-8 of the range,
say, in every payoff. Deviation ratings move continuously with such a hair
(the exact path's ratings of the game and of the game with the two made equal
differ by about the hair: ``benchmarks/near_clones.py``), but the simplex's
pricing does not see it: its tolerance (1e-9) is of the same size as the
difference a clone makes to a level's objective, so a level closed on the wrong
clone and every later level moved with it (up to 5e-5 of the range off, 3P
near-clone games at 1e-9). Exact clones are a solved case (they tie, and the
freeze rule freezes them together). So each player's strategies whose payoffs
(every player's, the whole slice) are within :attr:`Tolerances.clone` of the
range of another (or of the payoffs' own resolution) are given that one's
payoffs exactly.

One pass a player, sorted: each strategy's slice is summed with fixed weights,
the strategies sorted by that key, and each joined to the one before it in that
order where their slices are within the tolerance everywhere; a run of joined
strategies takes its lowest-numbered member's payoffs, where a member is within the
tolerance of that one (a member of a long chain farther from it is left as given).
Near clones sort next to each other unless a
third strategy's key falls between theirs without being near both: that pair
is then left as given, as every pair was before. Cost: a sort and one comparison a strategy, ``O(A log A
+ A S)`` for slices of ``S`` payoffs, where comparing every pair would be
``O(A^2 S)`` (a 100 x 100 x 20 board: 60 million a game).
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

__all__ = ["merged_clones"]


def merged_clones(normed, masks, tol):
    """``normed`` (payoffs ``[N, A_1..A_N]`` divided by their scale) with every run of strategies
    within ``tol`` of each other (max over the slice) given its lowest-numbered member's payoffs; masked
    strategies are left alone and join no run."""
    for p, mask in enumerate(masks):
        size = normed.shape[1 + p]
        if size < 2:
            continue
        rows = jnp.moveaxis(normed, 1 + p, 0).reshape(size, -1)
        weights = jnp.asarray(np.random.default_rng(52).uniform(0.5, 1.5, rows.shape[1]), rows.dtype)
        key = jnp.where(mask, rows @ weights, jnp.inf)
        order = jnp.argsort(key)
        ranked = rows[order]
        near = jnp.max(jnp.abs(ranked[1:] - ranked[:-1]), axis=1) <= tol
        near &= mask[order][1:] & mask[order][:-1]
        run = jnp.cumsum(jnp.concatenate([jnp.zeros(1, order.dtype), (~near).astype(order.dtype)]))
        lowest = jax.ops.segment_min(order, run, num_segments=size)  # each run's lowest-numbered member
        source = jnp.zeros(size, order.dtype).at[order].set(lowest[run])
        # a member of a long run may be farther than ``tol`` from its source: left as given
        source = jnp.where(jnp.max(jnp.abs(rows - rows[source]), axis=1) <= tol, source, jnp.arange(size))
        normed = jnp.take(normed, source, axis=1 + p)
    return normed
