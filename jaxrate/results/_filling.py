"""The rated problem of :func:`jaxrate.deviation_ratings`, and the per-game fields solvers fill.

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

from jaxrate.game import gains
from jaxrate.game._game import Batch, Game, ScoreTableGame, as_batch, player_masks
from jaxrate.game._joint import SparseJoint
from jaxrate.game.tolerances import payoff_scale, payoff_scales
from jaxrate.results.certificate import Proof
from jaxrate.results.result import Ratings, SolvedBy
from jaxrate.results.status import Status

__all__ = ["Filled", "Problems", "from_exact", "put_exact"]


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
        # A sparse joint stays sparse (a large board's previous result); the simplex reads it dense.
        self.warm_start = start if start is None or isinstance(start, SparseJoint) else np.asarray(start)
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
        self._joint: np.ndarray | None = None  # [B, A..], made when a dense joint is put
        self.sparse: dict[int, SparseJoint] = {}  # games whose exact joint is held sparse
        self.levels = np.zeros(b, np.int64)
        self.status = np.full(b, int(Status.FAILED), np.int64)
        self.iterations = np.zeros(b, np.int64)
        self.max_gain = np.full(b, np.nan)
        self.residual = np.full(b, np.nan)
        self.solved_by: list[SolvedBy | None] = [None] * b
        self.messages = [""] * b
        self.proofs: list[Proof | None] = [None] * b
        self.precision = "float64"

    @property
    def joint(self) -> np.ndarray:
        """The dense joints ``[B, A..]`` (zeros until a solver fills a game's)."""
        if self._joint is None:
            self._joint = np.zeros((self.problems.size,) + self.problems.shape)
        return self._joint

    def joints(self) -> np.ndarray | SparseJoint:
        """The joints as :class:`Ratings` holds them: a single game's sparse joint as it is, else
        the dense ``[B, A..]`` (a sparse member of a batch made dense)."""
        if not self.problems.batched and 0 in self.sparse:
            return self.sparse[0]
        for i, joint in self.sparse.items():
            self.joint[i] = joint.todense()
        return self.joint

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
        joint = self.joints()
        sparse = isinstance(joint, SparseJoint)
        out = Ratings(
            ratings=gains.split_players(self.ratings, data.shape),
            joint=np.zeros(1) if sparse else joint,
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
        if data.batched:
            return out
        return dataclasses.replace(out.game(0), joint=joint) if sparse else out.game(0)


def from_exact(game: Game, result: Any, name: str) -> Ratings:
    """One game's exact-path result as the public :class:`Ratings` (for :func:`jaxrate.exact.rate_many`)."""
    out = Filled(Problems(as_batch(game)))
    put_exact(out, 0, result, None, name)
    return out.result()


def put_exact(out: Filled, i: int, result: Any, keep, name: str) -> None:
    flat, joint = np.concatenate(result.ratings), result.joint
    if keep is not None:
        flat = np.concatenate([np.full(a, np.nan) for a in out.problems.shape])
        flat[np.concatenate(keep)] = np.concatenate(result.ratings)
        joint = np.zeros(out.problems.shape)
        joint[np.ix_(*keep)] = result.joint
    cert = result.certificate
    out.ratings[i] = flat
    if isinstance(joint, SparseJoint):
        out.sparse[i] = joint
    else:
        out.joint[i] = joint
    out.levels[i] = out.iterations[i] = result.levels
    out.status[i] = int(Status.SOLVED)
    out.max_gain[i], out.residual[i] = cert.max_gain, cert.max_rating_residual
    out.solved_by[i] = SolvedBy(name, rescue=result.rescue, route=result.route_summary)
    if keep is None:  # a masked game's proof is of its sub-game
        routes = tuple(result.routes)
        table = getattr(result, "table", None)
        out.proofs[i] = Proof(result.level_values, result.frozen_at, cert, tuple(result.steps), routes, table)
