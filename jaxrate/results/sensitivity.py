r"""How deviation ratings move with the payoffs: the derivative their proof holds.

A result's certificate (:mod:`jaxrate.certificate`) gives level ``k`` a dual
vector ``d_k`` with

.. math::

   t_k = \min_a \big(A^T d_k\big)(a) - \sum_{c \text{ frozen before } k} d_{k,c}\, r_c ,

and the joint ``sigma`` is optimal at every level. By the envelope theorem,
moving the payoffs by ``dG`` moves level ``k``'s value by

.. math::

   dt_k = d_k \cdot \delta(dG, \sigma) - \sum_{c \text{ frozen before } k} d_{k,c}\, dr_c ,

where ``delta(dG, sigma)`` are the deviation gains of ``dG`` under ``sigma``
(linear in ``dG``) and ``dr_c = dt_{level(c)}``: one triangular solve over the
levels, chained through the frozen rows. So the ratings' derivative is a fixed
``[C, C]`` matrix ``M`` applied to ``g = delta(dG, sigma)``: ``dr = M g``.

It is the derivative wherever the ratings are differentiable: where each
level's dual is unique and the levels are strictly apart. Where the solution is
degenerate (a level's basis with a zero basic variable, a row frozen on a
multiplier of nearly zero, two levels of one value), ``M g`` is the derivative
of the ratings along the final basis: the one-sided derivative in the
directions that keep it optimal.

The same matrix serves the JAX path's ``jax.jvp``/``jax.grad`` of
:func:`jaxrate.batched.rate_game` and, in numpy, how far removing data moves a
rating. Every function here takes numpy or JAX arrays.
"""

from __future__ import annotations

from typing import Any

from jaxrate.game import gains

__all__ = ["level_sensitivity", "rating_sensitivity"]


def level_sensitivity(duals: Any, frozen_at: Any, levels: Any) -> Any:
    """``T`` ``[C, C]``: level ``k``'s value moves by ``(T g)_k`` when the deviation
    gains under the joint move by ``g`` (zero rows past the last level).

    Args:
      duals: ``[C, C]``, row ``k`` level ``k``'s multipliers (zero past the last level).
      frozen_at: ``[C]`` int, each row's level (``-1`` where masked).
      levels: the number of levels.
    """
    xp = gains._xp(duals)
    num_c = duals.shape[0]
    slots = xp.arange(num_c)
    live = frozen_at >= 0
    proven = (slots < levels)[:, None]
    spread = xp.where(proven & live[None, :], duals, 0.0)  # D: [K, C]
    at = (frozen_at[:, None] == slots[None, :]) & live[:, None]  # P: [C, K], row c at its level
    before = live[None, :] & (frozen_at[None, :] < slots[:, None])  # [K, C]: frozen before k
    chain = xp.where(before, spread, 0.0) @ xp.where(at, 1.0, 0.0).astype(duals.dtype)  # F P, strictly lower
    system = xp.eye(num_c, dtype=duals.dtype) + chain
    return xp.linalg.solve(system, spread)


def rating_sensitivity(duals: Any, frozen_at: Any, levels: Any) -> Any:
    """``M`` ``[C, C]``: the ratings move by ``M g`` when the deviation gains under
    the joint move by ``g`` (each row by its level's ``T`` row; zero where masked)."""
    xp = gains._xp(duals)
    num_c = duals.shape[0]
    at = (frozen_at[:, None] == xp.arange(num_c)[None, :]) & (frozen_at >= 0)[:, None]
    return xp.where(at, 1.0, 0.0).astype(duals.dtype) @ level_sensitivity(duals, frozen_at, levels)
