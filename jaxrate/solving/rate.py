"""``jaxrate.deviation_ratings``: the one way to ask for deviation ratings.

One game or a batch in, one :class:`jaxrate.Ratings` out; the solver is a value
(:mod:`jaxrate.solvers`) that carries its behaviour. This module reads the
input once (:func:`jaxrate.game._game.as_batch`), hands every game to the solver's
``rate`` (``Auto`` picks a solver and re-rates what the JAX simplex did not
solve) and returns the result. JAX is imported only when the simplex runs.
"""

from __future__ import annotations

import dataclasses
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
    jumps: bool = False,
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
        (a training loop's last step); on the exact path, a score table's board's before models were
        added: its proof carries over and only what changed is proved (else it is rated afresh).
      progress: called after each exact level (see :class:`jaxrate.exact.Progress`).
      batched: whether an array is a batch ``[B, N, A..]`` or one game, where its shape reads both ways
        (``[4, 3, 6, 6, 6]``); a :class:`jaxrate.Game` is one game, a list of games a batch.
      throw: raise for a game that cannot be rated (default: ``True`` for one game, ``False`` for a batch,
        whose games then carry their status).
      jumps: check whether the ratings are pinned by the data (:mod:`jaxrate.jumps`): ``Ratings.jump``.

    Returns:
      A :class:`jaxrate.Ratings`. With ``throw=False`` a game that cannot be rated (NaN payoffs, a pivot
      cap, a failed LP) gets a status and a message, so a batch never dies of one member.

    Raises:
      ValueError: for an input whose structure is wrong (an ambiguous shape without ``batched``) or solver.
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
    result = _rate_problems(solver, problems)
    if (not problems.batched) if throw is None else throw:
        result.raise_for_status()
    return _with_jumps(solver, problems, result) if jumps else result


def _rate_problems(solver: Any, problems: Problems) -> Ratings:
    """Every game of ``problems`` rated by ``solver``, each with its status."""
    out = Filled(problems)
    solver.rate(problems, np.arange(problems.size), out)
    return out.result()


def _with_jumps(solver: Any, problems: Problems, result: Ratings) -> Ratings:
    """``result`` with its jump check (:mod:`jaxrate.jumps`): the input moved both ways and rated as it
    was (one game as one game, a batch as a batch, a score table's board as a board with its scores
    moved), by the same solver, afresh; nothing is rated again where no game was rated."""
    from jaxrate.game.jumps import jump_sizes

    rated = np.asarray(result.status).reshape(-1) == 0
    if not rated.any():
        probed, copies_rated, precision = (
            np.zeros((2,) + _stacked(result).shape),
            np.zeros((2, rated.size), bool),
            "float64",
        )
    else:
        copies = [_rate_problems(solver, moved) for moved in _moved_problems(problems, result.precision)]
        probed = np.stack([_stacked(c) for c in copies])
        copies_rated = np.stack([np.asarray(c.status).reshape(-1) == 0 for c in copies])
        # The looser threshold where a copy was rated in float32 (Auto's float32 simplex).
        precision = (
            "float32" if "float32" in (result.precision, *(c.precision for c in copies)) else "float64"
        )
    jump_size, jump = jump_sizes(_stacked(result), probed, rated, copies_rated, problems.scale, precision)
    if not problems.batched:
        jump_size, jump = jump_size[0], jump[0]
    return dataclasses.replace(result, jump=np.asarray(jump), jump_size=np.asarray(jump_size))


def _stacked(r: Ratings) -> np.ndarray:
    """The ratings ``[B, C]`` of a result, stacked by player."""
    return np.concatenate([np.asarray(v, dtype=np.float64).reshape(r.status.size, -1) for v in r.ratings], 1)


def _moved_problems(problems: Problems, precision: str) -> list[Problems]:
    """The two moved copies of ``problems`` (``+`` then ``-``), in the form the input had."""
    from jaxrate.game._game import ScoreTableGame
    from jaxrate.game.jumps import jump_direction, probe_payoffs
    from jaxrate.game.tolerances import TOLERANCES

    game = problems.game
    if isinstance(game, ScoreTableGame) and problems.masks is None:  # the board's scores moved
        move = TOLERANCES.jump_probe(precision) * float(problems.scale[0]) * jump_direction(game.table.shape)
        agents, tasks = game.strategies[0], game.strategies[2]
        return [Problems(as_batch(ScoreTableGame(game.table + s * move, agents, tasks))) for s in (1.0, -1.0)]
    moved = probe_payoffs(np.asarray(problems.payoffs, dtype=np.float64), problems.scale, precision)
    masks = problems.masks
    if masks is not None and not problems.batched:
        masks = [m[0] for m in masks]
    return [
        Problems(as_batch(m if problems.batched else m[0], batched=problems.batched), masks) for m in moved
    ]
