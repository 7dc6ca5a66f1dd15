"""The rated problem of :func:`jaxrate.deviation_ratings` and the per-game fields solvers fill.

:class:`Problems` is the input read once (payoffs ``[B, N, A..]``, masks, warm
start, each game's scale); :class:`Filled` holds one row per game that the
solver values of :mod:`jaxrate.solvers` fill through their ``rate`` method
(:func:`rate_exact`, :func:`rate_simplex`), and turns into the one public
:class:`jaxrate.Ratings`, ratings split by player once.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from jaxrate import gains
from jaxrate._game import Batch, Game, ScoreTableGame, as_batch, player_masks
from jaxrate.certificate import Certificate, Proof, certificate_tolerance
from jaxrate.result import Ratings, SolvedBy
from jaxrate.status import SOLVER_FAILURES, Status
from jaxrate.tolerances import payoff_scale, payoff_scales

__all__ = ["Filled", "Problems", "from_exact", "rate_exact", "rate_simplex"]


class Problems:
    """The games to rate, read once: payoffs ``[B, N, A..]``, masks ``[B, A_p]``, scales ``[B]``."""

    def __init__(
        self,
        batch: Batch,
        masks: Sequence[Any] | None = None,
        warm_start: Any = None,
        progress: Callable | None = None,
    ) -> None:
        self.payoffs, self.batched = batch.payoffs, batch.batched
        self.game = batch.game
        self.players, self.strategies = batch.players, batch.strategies
        self.size = int(batch.payoffs.shape[0])
        self.shape = tuple(int(a) for a in batch.payoffs.shape[2:])
        self.masks = player_masks(masks, self.shape, self.size)
        self.progress = progress
        # A previous result with its proof (a one-game Ratings, or the exact path's result as
        # read back from a file): the exact path re-proves a board that grew from it.
        proof = getattr(warm_start, "proof", None)
        batched = isinstance(warm_start, Ratings) and warm_start.batched
        self.previous = warm_start if proof is not None and not batched else None
        start = (
            warm_start.joint if isinstance(warm_start, Ratings) or self.previous is not None else warm_start
        )
        if self.previous is not None and np.shape(start) != self.shape:
            start = None  # a board that grew: its joint has another shape
        self.warm_start = None if start is None else np.asarray(start)
        if self.masks is None and isinstance(self.game, ScoreTableGame):
            self.scale = np.array([self.game.scale])
        elif self.masks is None:
            self.scale = payoff_scales(self.payoffs)
        else:
            self.scale = np.array([payoff_scale(self.sub_game(i)) for i in range(self.size)])

    @property
    def num_joints(self) -> int:
        return int(np.prod(self.shape))

    def keep(self, i: int) -> tuple[np.ndarray, ...] | None:
        """Game ``i``'s unmasked strategies per player, or ``None`` without masks."""
        return None if self.masks is None else tuple(m[i] for m in self.masks)

    def sub_game(self, i: int) -> np.ndarray:
        """Game ``i``'s payoffs in float64, masked strategies left out."""
        payoffs = np.asarray(self.payoffs[i], dtype=np.float64)
        keep = self.keep(i)
        return payoffs if keep is None else payoffs[(slice(None),) + np.ix_(*keep)]


class Filled:
    """Per-game fields, filled by whichever solver rates each game."""

    def __init__(self, problems: Problems) -> None:
        self.problems = problems
        b, c = problems.size, int(sum(problems.shape))
        self.ratings = np.full((b, c), np.nan)
        self.joint = np.zeros((b,) + problems.shape)
        self.levels = np.zeros(b, np.int64)
        self.status = np.full(b, int(Status.FAILED), np.int64)
        self.iterations = np.zeros(b, np.int64)
        self.max_gain = np.full(b, np.nan)
        self.residual = np.full(b, np.nan)
        self.solved_by: list[SolvedBy | None] = [None] * b
        self.messages = [""] * b
        self.proofs: list[Proof | None] = [None] * b
        self.precision = "float64"

    def fallback(self, games: np.ndarray, first: str) -> None:
        """Mark ``games``, just re-rated, as rated after ``first`` did not solve them."""
        for i in games.tolist():
            done = self.solved_by[i]
            solved_by = dataclasses.replace(done, fallback_from=first, reason=self.first_status[i])
            self.solved_by[i] = solved_by
            if self.status[i] == Status.SOLVED:
                self.messages[i] = solved_by.message

    def remember_status(self, games: np.ndarray) -> None:
        """Keep ``games``' status names before another solver re-rates them."""
        self.first_status = {i: Status(int(self.status[i])).name for i in games.tolist()}

    def result(self) -> Ratings:
        """The one :class:`Ratings` (a batch, or its single game's view)."""
        data = self.problems
        out = Ratings(
            ratings=gains.split_players(self.ratings, data.shape),
            joint=self.joint,
            levels=self.levels,
            status=self.status,
            iterations=self.iterations,
            max_gain=self.max_gain,
            residual=self.residual,
            precision=self.precision,
            solver=tuple(str(s) for s in self.solved_by),
            players=data.players,
            strategies=data.strategies,
            scale=np.asarray(data.scale, np.float64),
            messages=tuple(self.messages),
            solved_by=tuple(self.solved_by),
            proof=tuple(self.proofs),
        )
        return out if data.batched else out.game(0)


def rate_exact(problems: Problems, games: np.ndarray, solver: Any, out: Filled) -> None:
    """Rate ``games`` one by one with the exact solver value ``solver`` (masked strategies left out).

    A :class:`jaxrate.ScoreTableGame` passed whole goes to the solver as it
    is (rated through its table, its payoffs never built). Only the exact
    path's declared failures (:data:`jaxrate.status.SOLVER_FAILURES`) become a
    game's status; any other exception propagates.
    """
    for i in games.tolist():
        keep = problems.keep(i)
        out.solved_by[i] = SolvedBy(solver.name)
        out.messages[i] = ""
        if isinstance(problems.game, ScoreTableGame) and keep is None:
            game = problems.game
        else:
            sub = problems.sub_game(i)
            if not np.all(np.isfinite(sub)):
                out.status[i], out.messages[i] = int(Status.NONFINITE), Status.NONFINITE.message
                continue
            names = problems.strategies
            if keep is not None:
                names = tuple(tuple(np.asarray(s)[k].tolist()) for s, k in zip(names, keep))
            game = Game(sub, problems.players, names)
        try:
            progress = problems.progress if problems.size == 1 else None
            previous = problems.previous if problems.size == 1 else None
            result = solver.solve_one(game, progress, previous=previous)
        except SOLVER_FAILURES as err:
            out.status[i], out.messages[i] = int(Status.FAILED), f"{type(err).__name__}: {err}"
            continue
        _put_exact(out, i, result, keep, solver.name)


def from_exact(game: Game, result: Any, name: str) -> Ratings:
    """One game's exact-path result as the public :class:`Ratings` (for :func:`jaxrate.exact.rate_many`)."""
    out = Filled(Problems(as_batch(game)))
    _put_exact(out, 0, result, None, name)
    return out.result()


def _put_exact(out: Filled, i: int, result: Any, keep, name: str) -> None:
    flat, joint = np.concatenate(result.ratings), result.joint
    if keep is not None:
        flat = np.concatenate([np.full(a, np.nan) for a in out.problems.shape])
        flat[np.concatenate(keep)] = np.concatenate(result.ratings)
        joint = np.zeros(out.problems.shape)
        joint[np.ix_(*keep)] = result.joint
    cert = result.certificate
    out.ratings[i], out.joint[i] = flat, joint
    out.levels[i] = out.iterations[i] = result.levels
    out.status[i] = int(Status.SOLVED)
    out.max_gain[i], out.residual[i] = cert.max_gain, cert.max_rating_residual
    out.solved_by[i] = SolvedBy(name, rescue=result.rescue, route=result.route_summary)
    if keep is None:  # a masked game's proof is of its sub-game
        routes = tuple(result.routes)
        table = getattr(result, "table", None)
        out.proofs[i] = Proof(result.level_values, result.frozen_at, cert, tuple(result.steps), routes, table)


def rate_simplex(problems: Problems, games: np.ndarray, solver: Any, out: Filled) -> None:
    """Rate ``games`` in one batch on the JAX simplex value ``solver``, in its precision."""
    from jaxrate.batched._api import solve_batch

    dtype = np.float64 if solver.precision == "float64" else np.float32
    masks = None if problems.masks is None else tuple(m[games] for m in problems.masks)
    start = problems.warm_start
    if start is not None:
        start = start.reshape((problems.size,) + problems.shape)[games] if start.size else None
    with solver.precision_scope():
        got = solve_batch(
            np.asarray(problems.payoffs[games], dtype=dtype), masks, start, solver.config, solver.lanes
        )
    out.precision = got.pop("precision")
    out.ratings[games] = np.asarray(got["ratings"], np.float64)
    out.joint[games] = np.asarray(got["joint"], np.float64)
    for name in ("levels", "status", "iterations", "max_gain", "residual"):
        getattr(out, name)[games] = np.asarray(got[name])
    for k, i in enumerate(games.tolist()):
        out.solved_by[i] = SolvedBy(solver.name)
        code = Status(int(got["status"][k]))
        out.messages[i] = "" if code == Status.SOLVED else code.message
        if problems.masks is None:  # a masked game's proof is of its sub-game
            out.proofs[i] = _simplex_proof(
                got, k, out.joint[i], solver.accuracy(out.precision), problems.scale[i]
            )


def _simplex_proof(got: dict, k: int, joint: np.ndarray, accuracy: float, scale: float) -> Proof:
    """Game ``k``'s proof from the JAX simplex, in the exact path's form (for :func:`jaxrate.verify`)."""
    levels = int(got["levels"][k])
    certificate = Certificate(
        max_gain=float(got["max_gain"][k]),
        max_rating_residual=float(got["residual"][k]),
        max_simplex_residual=float(abs(joint.sum() - 1.0) + max(0.0, -joint.min())),
        slack=0.0,
        tolerance=certificate_tolerance(float(scale), rel_tol=accuracy),
        scale=float(scale),
        duals=np.asarray(got["duals"][k][:levels], np.float64),
        max_dual_gap=float(got["dual_gap"][k]),
        min_frozen_dual=float(got["min_frozen_dual"][k]),
    )
    return Proof(
        np.asarray(got["level_values"][k][:levels], np.float64), np.asarray(got["frozen_at"][k]), certificate
    )
