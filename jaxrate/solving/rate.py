"""``jaxrate.deviation_ratings``: the one way to ask for deviation ratings.

One game or a batch in, one :class:`jaxrate.Ratings` out; the solver is a value
(:mod:`jaxrate.solvers`) that carries its behaviour. This module reads the
input once (:func:`jaxrate.game._game.as_batch`), hands every game to the solver's
``rate`` (``Auto`` picks a solver and re-rates what the JAX simplex did not
solve) and returns the result. JAX is imported only when the simplex runs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from jaxrate.game._game import as_batch
from jaxrate.results._filling import Filled, Problems
from jaxrate.results.result import Ratings
from jaxrate.solving.solvers import as_solver

__all__ = ["deviation_ratings"]


def deviation_ratings(
    game_or_payoffs: Any,
    solver: Any = "auto",
    *,
    masks: Sequence[Any] | None = None,
    warm_start: Any = None,
    progress: Callable | None = None,
    batched: bool | None = None,
    throw: bool | None = None,
) -> Ratings:
    """Deviation ratings (Marris et al., 2025) of one game or a batch.

    .. math::

       r = \\operatorname{lexmin}_{\\sigma \\in \\Delta} \\operatorname{sort}_\\downarrow
       \\big(\\delta_c(\\sigma)\\big)_{c}, \\qquad
       \\delta_{p,a'}(\\sigma) = \\sum_a \\sigma(a) \\big(G_p(a', a_{-p}) - G_p(a)\\big)

    Args:
      game_or_payoffs: a :class:`jaxrate.Game`, payoffs ``[N, A_1, ..., A_N]``, a batch
        ``[B, N, A_1, ..., A_N]``, or a list of games of one shape.
      solver: ``"auto"`` (default: exact for one game; a batch of small games on the JAX simplex with
        exact re-rating of any game it does not solve), ``"simplex"``, an exact back end (``"highs"``,
        ``"glop"``, ``"naive"``, ``"rational"``) or a value of :mod:`jaxrate.solvers`.
      masks: optional per-player boolean masks, each ``[A_p]`` or ``[B, A_p]``: a masked strategy is left
        out of its game and rated NaN.
      warm_start: a previous :class:`Ratings` (or its ``joint``) of the same shape, for the JAX simplex
        (e.g. the last step of a training loop); on the exact path, the :class:`Ratings` of a score
        table's board (:func:`jaxrate.agent_vs_agent_vs_task`) before models were added: its proof carries
        over and only what changed is proved (a fraction of a fresh solve; rated afresh where it does not
        carry over).
      progress: called after each exact level (see :class:`jaxrate.exact.Progress`).
      batched: whether an array is a batch ``[B, N, A..]`` or one game ``[N, A..]``; needed only where the
        shape reads both ways (``[4, 3, 6, 6, 6]``: one 4-player game or four 3-player games). A
        :class:`jaxrate.Game` is one game, a list of games a batch.
      throw: raise for a game that cannot be rated (default: ``True`` for one game, ``False`` for a batch,
        whose games then carry their status).

    Returns:
      A :class:`jaxrate.Ratings`. With ``throw=False`` a game that cannot be rated (NaN payoffs, a pivot
      cap, a failed LP) gets a status and a message instead of an exception, so a batch never dies of one
      member; :meth:`Ratings.raise_for_status` turns a status into an exception.

    Raises:
      ValueError: for an input whose structure is wrong (an ambiguous shape without ``batched``
        included), or a bad solver.
      RuntimeError: with ``throw``, for a game that is not ``SOLVED``.
      Any other exception of a solver (a bug) propagates.

    Example:
      >>> import jaxrate
      >>> rps = [[[0, -1, 1], [1, 0, -1], [-1, 1, 0]], [[0, 1, -1], [-1, 0, 1], [1, -1, 0]]]
      >>> out = jaxrate.deviation_ratings(rps)
      >>> out.ratings[0].tolist(), out.solver
      ([0.0, 0.0, 0.0], 'highs')
    """
    solver = as_solver(solver)
    problems = Problems(as_batch(game_or_payoffs, batched), masks, warm_start, progress)
    return _rate_problems(solver, problems, throw)


def _rate_problems(solver: Any, problems: Problems, throw: bool | None) -> Ratings:
    """Every game of ``problems`` rated by ``solver``, raised for its status where ``throw`` says
    (by default, for one game and not for a batch)."""
    out = Filled(problems)
    solver.rate(problems, np.arange(problems.size), out)
    result = out.result()
    if (not problems.batched) if throw is None else throw:
        result.raise_for_status()
    return result
