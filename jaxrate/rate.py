"""``jaxrate.deviation_ratings``: the one way to ask for deviation ratings.

One game or a batch in, one :class:`jaxrate.Ratings` out; the solver is a value
(:mod:`jaxrate.solvers`). This module only dispatches: it parses the input,
hands each game to the solver that the policy picks, re-rates exactly what the
JAX simplex did not solve (the one place that fallback lives) and assembles
the result. JAX is imported only when the simplex runs.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np

from jaxrate import gains
from jaxrate._game import Game, player_masks
from jaxrate.result import Ratings
from jaxrate.solvers import Auto, Exact, Simplex, as_solver
from jaxrate.status import Status

__all__ = ["deviation_ratings"]


class _Input(NamedTuple):
    payoffs: Any  # [B, N, A_1, ..., A_N] (numpy, or a JAX array left as it is)
    batched: bool
    players: tuple[str, ...]
    strategies: tuple[tuple[str, ...], ...]


def deviation_ratings(
    game_or_payoffs: Any,
    solver: Any = "auto",
    *,
    masks: Sequence[Any] | None = None,
    warm_start: Any = None,
    progress: Callable | None = None,
) -> Ratings:
    """Deviation ratings (Marris et al., 2025) of one game or a batch.

    .. math::

       r = \\operatorname{lexmin}_{\\sigma \\in \\Delta} \\operatorname{sort}_\\downarrow
       \\big(\\delta_c(\\sigma)\\big)_{c}, \\qquad
       \\delta_{p,a'}(\\sigma) = \\sum_a \\sigma(a) \\big(G_p(a', a_{-p}) - G_p(a)\\big)

    Args:
      game_or_payoffs: a :class:`jaxrate.Game`, payoffs ``[N, A_1, ..., A_N]``,
        a batch ``[B, N, A_1, ..., A_N]``, or a list of games of one shape.
      solver: ``"auto"`` (default: exact for one game; a batch of small games on
        the JAX simplex with exact re-rating of any game it does not solve),
        ``"simplex"``, an exact back end (``"highs"``, ``"glop"``, ``"naive"``,
        ``"rational"``) or a value of :mod:`jaxrate.solvers`.
      masks: optional per-player boolean masks, each ``[A_p]`` or ``[B, A_p]``:
        a masked strategy is left out of its game and rated NaN.
      warm_start: a previous :class:`Ratings` (or its ``joint``) of the same
        shape, for the JAX simplex (e.g. the last step of a training loop).
      progress: called after each exact level (see :class:`jaxrate.exact.Progress`).

    Returns:
      A :class:`jaxrate.Ratings`. A game that cannot be rated (NaN payoffs, a
      pivot cap) gets a status and a message instead of an exception, so a
      batch never dies of one member; :meth:`Ratings.raise_for_status` turns a
      status into an exception.

    Raises:
      ValueError: for an input whose structure is wrong, or a bad solver.

    Example:
      >>> import jaxrate
      >>> rps = [[[0, -1, 1], [1, 0, -1], [-1, 1, 0]], [[0, 1, -1], [-1, 0, 1], [1, -1, 0]]]
      >>> out = jaxrate.deviation_ratings(rps)
      >>> out.ratings[0].tolist(), out.solver
      ([0.0, 0.0, 0.0], 'highs')
    """
    solver = as_solver(solver)
    data = _parse(game_or_payoffs)
    batch, shape = data.payoffs.shape[0], tuple(data.payoffs.shape[2:])
    masks = player_masks(masks, shape, batch)
    out = _Builder(data, masks)
    if isinstance(solver, Exact):
        out.exact(range(batch), solver, progress)
    elif isinstance(solver, Simplex):
        out.simplex(np.arange(batch), solver, warm_start)
    else:
        _auto(out, solver, warm_start, progress)
    return out.result()


def _auto(out: _Builder, solver: Auto, warm_start, progress) -> None:
    batch = out.batch
    joints = int(np.prod(out.shape))
    use_simplex = (solver.single == "simplex") if not out.data.batched else joints <= solver.max_jax_joints
    if not use_simplex:
        out.exact(range(batch), solver.exact, progress)
        return
    out.simplex(np.arange(batch), solver.simplex, warm_start)
    unsolved = np.flatnonzero(out.status != Status.SOLVED)
    if len(unsolved):
        out.exact(unsolved.tolist(), solver.exact, progress, after=solver.simplex.name)


def _parse(game_or_payoffs: Any) -> _Input:
    """Payoffs ``[B, N, A..]``, whether a batch was given, and names."""
    if isinstance(game_or_payoffs, Game):
        g = game_or_payoffs
        return _Input(g.payoffs[None], False, g.players, g.strategies)
    if (
        isinstance(game_or_payoffs, Sequence)
        and game_or_payoffs
        and all(isinstance(g, Game) for g in game_or_payoffs)
    ):
        shapes = {g.payoffs.shape for g in game_or_payoffs}
        if len(shapes) != 1:
            raise ValueError(f"games in one batch must share a shape; got {sorted(shapes)}")
        first = game_or_payoffs[0]
        return _Input(np.stack([g.payoffs for g in game_or_payoffs]), True, first.players, first.strategies)
    is_jax = type(game_or_payoffs).__module__.startswith(("jax", "jaxlib"))
    array = game_or_payoffs if is_jax else np.asarray(game_or_payoffs)
    if not np.issubdtype(array.dtype, np.number) and array.dtype != bool:
        raise ValueError(f"payoffs must be numeric; got dtype {array.dtype}")
    if array.ndim >= 2 and array.ndim - 1 == array.shape[0]:
        batched, array = False, array[None]
    elif array.ndim >= 3 and array.ndim - 2 == array.shape[1]:
        batched = True
    else:
        raise ValueError(
            f"payoffs must have shape [N, A_1, ..., A_N] or [B, N, A_1, ..., A_N]; got {array.shape}"
        )
    if any(a == 0 for a in array.shape):
        raise ValueError(f"payoffs must be non-empty; got shape {array.shape}")
    shape = tuple(int(a) for a in array.shape[2:])
    players = tuple(f"player{p}" for p in range(len(shape)))  # Game's default names
    return _Input(array, batched, players, tuple(tuple(str(i) for i in range(a)) for a in shape))


class _Builder:
    """Per-game fields filled by whichever solver rates each game."""

    def __init__(self, data: _Input, masks) -> None:
        self.data, self.masks = data, masks
        self.batch = int(data.payoffs.shape[0])
        self.shape = tuple(int(a) for a in data.payoffs.shape[2:])
        b, c = self.batch, int(sum(self.shape))
        self.ratings = np.full((b, c), np.nan)
        self.joint = np.zeros((b,) + self.shape)
        self.levels = np.zeros(b, np.int64)
        self.status = np.full(b, int(Status.FAILED), np.int64)
        self.iterations = np.zeros(b, np.int64)
        self.max_gain = np.full(b, np.nan)
        self.residual = np.full(b, np.nan)
        self.scale = np.zeros(b)
        self.solver = [""] * b
        self.messages = [""] * b
        self.details: list = [None] * b
        self.precision = "float64"

    def _numpy_game(self, i: int) -> np.ndarray:
        return np.asarray(self.data.payoffs[i], dtype=np.float64)

    def exact(self, games, solver: Exact, progress, after: str | None = None) -> None:
        """Rate ``games`` one by one on the exact path (masked strategies left out)."""
        from jaxrate.exact import deviation_ratings as exact_ratings

        options = solver.options()
        for i in games:
            payoffs = self._numpy_game(i)
            keep = None if self.masks is None else tuple(m[i] for m in self.masks)
            sub = payoffs if keep is None else payoffs[(slice(None),) + np.ix_(*keep)]
            name = solver.name if after is None else f"{after} -> {solver.name}"
            if after is not None:
                self.messages[i] = f"{Status(int(self.status[i])).name} on {after}; rated by {solver.name}"
            self.solver[i] = name
            self.scale[i] = _scale(sub)
            if not np.all(np.isfinite(sub)):
                self.status[i], self.messages[i] = int(Status.NONFINITE), Status.NONFINITE.message
                continue
            names = self.data.strategies
            if keep is not None:
                names = tuple(tuple(np.asarray(s)[k].tolist()) for s, k in zip(names, keep))
            try:
                game = Game(sub, self.data.players, names)
                result = exact_ratings(game, progress=progress if self.batch == 1 else None, **options)
            except Exception as err:  # noqa: BLE001 - one game's failure is its status, never the batch's
                self.status[i], self.messages[i] = int(Status.FAILED), f"{type(err).__name__}: {err}"
                continue
            self._put_exact(i, result, keep)

    def _put_exact(self, i: int, result, keep) -> None:
        flat = np.concatenate(result.ratings)
        joint = result.joint
        if keep is not None:
            full = [np.full(a, np.nan) for a in self.shape]
            for p, values in enumerate(result.ratings):
                full[p][keep[p]] = values
            flat = np.concatenate(full)
            joint = np.zeros(self.shape)
            joint[np.ix_(*keep)] = result.joint
        cert = result.certificate
        self.ratings[i], self.joint[i] = flat, joint
        self.levels[i] = self.iterations[i] = result.levels
        self.status[i] = int(Status.SOLVED)
        self.max_gain[i], self.residual[i] = cert.max_gain, cert.max_rating_residual
        self.details[i] = result

    def simplex(self, games: np.ndarray, solver: Simplex, warm_start) -> None:
        """Rate ``games`` in one batch on the JAX simplex, in the solver's precision."""
        from jaxrate.batched import deviation_ratings as batched_ratings

        dtype = np.float64 if solver.precision == "float64" else np.float32
        payoffs = self.data.payoffs[games]
        masks = None if self.masks is None else tuple(m[games] for m in self.masks)
        start = warm_start.joint if isinstance(warm_start, Ratings) else warm_start
        if start is not None:
            start = np.asarray(start)
            start = start.reshape((self.batch,) + self.shape)[games] if start.size else None
        with solver.precision_scope():
            out = batched_ratings(
                np.asarray(payoffs, dtype=dtype),
                masks=masks,
                warm_start=start,
                tol=solver.tol,
                max_pivots=solver.max_pivots,
                refactor_every=solver.refactor_every,
                lanes=solver.lanes,
            )
        self.precision = out.precision
        self.ratings[games] = np.concatenate([np.asarray(r, np.float64) for r in out.ratings], axis=1)
        self.joint[games] = np.asarray(out.joint, np.float64)
        for name in ("levels", "status", "iterations", "max_gain", "residual"):
            getattr(self, name)[games] = np.asarray(getattr(out, name))
        flat = np.asarray(payoffs, np.float64).reshape(len(games), -1)
        self.scale[games] = np.ptp(np.where(np.isfinite(flat), flat, 0.0), axis=1)
        for k, i in enumerate(games.tolist()):
            self.solver[i] = solver.name
            code = Status(int(out.status[k]))
            self.messages[i] = "" if code == Status.SOLVED else code.message
            if self.masks is None:  # a masked game's proof is of its sub-game
                self.details[i] = _simplex_proof(out, k, self.joint[i], solver, self.scale[i])

    def result(self) -> Ratings:
        data = self.data
        ratings = gains.split_players(self.ratings, self.shape)
        proven = self.details[0] if self.batch == 1 and hasattr(self.details[0], "certificate") else None
        out = Ratings(
            ratings=ratings,
            joint=self.joint,
            levels=self.levels,
            status=self.status,
            iterations=self.iterations,
            max_gain=self.max_gain,
            residual=self.residual,
            precision=self.precision,
            solver=tuple(self.solver),
            players=data.players,
            strategies=data.strategies,
            scale=self.scale,
            messages=tuple(self.messages),
            details=tuple(self.details),
        )
        if data.batched:
            return out
        single = out.game(0)
        if proven is not None and self.masks is None:
            return single
        # A masked game's proof is of its sub-game: not attached to the full shape.
        return dataclasses.replace(single, level_values=None, frozen_at=None, certificate=None)


def _simplex_proof(out, k: int, joint: np.ndarray, solver: Simplex, scale: float):
    """Game ``k``'s proof from the JAX simplex, in the exact path's form (for :func:`jaxrate.verify`)."""
    from jaxrate.certificate import Certificate, Proof, certificate_tolerance

    levels = int(out.levels[k])
    certificate = Certificate(
        max_gain=float(out.max_gain[k]),
        max_rating_residual=float(out.residual[k]),
        max_simplex_residual=float(abs(joint.sum() - 1.0) + max(0.0, -joint.min())),
        slack=0.0,
        tolerance=certificate_tolerance(scale, rel_tol=solver.accuracy(out.precision)),
        scale=scale,
        duals=np.asarray(out.duals[k][:levels], np.float64),
        max_dual_gap=float(out.dual_gap[k]),
        min_frozen_dual=float(out.min_frozen_dual[k]),
    )
    return Proof(
        np.asarray(out.level_values[k][:levels], np.float64), np.asarray(out.frozen_at[k]), certificate
    )


def _scale(payoffs: np.ndarray) -> float:
    flat = np.where(np.isfinite(payoffs), payoffs, 0.0).reshape(payoffs.shape[0], -1)
    return float(np.max(flat.max(axis=1) - flat.min(axis=1)))
