"""One result type for deviation ratings, whatever solver produced them."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from jaxrate.status import Status, raise_first_failure

__all__ = ["Ratings", "ratings_frame"]


def ratings_frame(
    ratings, players, strategies, *, tie_tol: float = 1e-6, scale: float | None = None, **columns
):
    """A tidy ``pandas.DataFrame`` of per-player ratings: player, strategy, rating, rank (+ ``columns``).

    ``rank`` is the competition rank within each player, ratings within
    ``tie_tol`` times ``scale`` (default: their range) sharing the best rank.
    Shared by :class:`Ratings` and the baselines' results.
    """
    import pandas as pd

    from jaxrate.ranking import tied_ranks

    rows = []
    for p, player in enumerate(players):
        values = np.asarray(ratings[p], dtype=np.float64)
        finite = values[np.isfinite(values)]
        span = scale if scale is not None else (float(np.ptp(finite)) if finite.size else 0.0)
        ranks = tied_ranks(np.where(np.isnan(values), -np.inf, values), tie_tol * (span or 1.0))
        for s, name in enumerate(strategies[p]):
            rows.append(
                {**columns, "player": player, "strategy": name, "rating": values[s], "rank": int(ranks[s])}
            )
    return pd.DataFrame(rows)


@dataclasses.dataclass(frozen=True)
class Ratings:
    """Deviation ratings of one game or a batch, with names on them.

    A batch has its axis ``B`` in front of every per-game field; a single game
    has none. Ratings are ``<= 0`` and ``0`` is the best possible: a strategy
    rated 0 cannot gain by deviating from the rating joint. Strategies within a
    tolerance of each other are tied (``to_frame`` ranks them so).

    Attributes:
      ratings: one array per player, ``[A_p]`` or ``[B, A_p]`` (payoff units;
        NaN for a masked strategy or a game that could not be rated).
      joint: the rating joint sigma*, ``[A_1..A_N]`` or ``[B, A_1..A_N]``.
      levels: LP levels solved, ``[]`` or ``[B]``.
      status: :class:`jaxrate.Status` codes, ``[]`` or ``[B]``.
      iterations: simplex pivots (JAX) or LP levels (exact), ``[]`` or ``[B]``.
      max_gain: largest deviation gain under ``joint`` (``<= 0``: a CCE).
      residual: ``max_c |delta_c(joint) - r_c|``, the accuracy achieved.
      precision: ``"float64"`` or ``"float32"``.
      solver: the solver that rated the game (a tuple, one per game, for a batch);
        ``"simplex -> highs"`` when the JAX solver did not solve it and the exact
        path did.
      players, strategies: names.
      scale: payoff range of each game (``[]`` or ``[B]``): ties are relative to it.
      level_values, frozen_at, certificate: the proof of a single game's
        ratings, from the exact path or the JAX simplex alike (``None`` for a
        batch: :meth:`game` has each game's; and for a masked game): see
        :func:`jaxrate.verify`.
      messages: why a game is not ``SOLVED`` (one per game; empty when solved).
      details: the solver's own result(s): :class:`jaxrate.exact.ExactResult` from the exact
        path, :class:`jaxrate.certificate.Proof` from the JAX simplex.
    """

    ratings: tuple
    joint: np.ndarray
    levels: np.ndarray
    status: np.ndarray
    iterations: np.ndarray
    max_gain: np.ndarray
    residual: np.ndarray
    precision: str
    solver: Any
    players: tuple[str, ...]
    strategies: tuple[tuple[str, ...], ...]
    scale: np.ndarray
    level_values: np.ndarray | None = None
    frozen_at: np.ndarray | None = None
    certificate: Any = None
    messages: Any = ""
    details: Any = None

    @property
    def batched(self) -> bool:
        return np.ndim(self.status) == 1

    @property
    def ok(self) -> bool:
        """Every game ``SOLVED``."""
        return bool(np.all(np.asarray(self.status) == Status.SOLVED))

    def raise_for_status(self) -> Ratings:
        """Raise ``RuntimeError`` naming the first game that is not ``SOLVED``; else return self."""
        raise_first_failure(self.status, self.messages)
        return self

    def rating_of(self, player: int | str = 0, game: int | None = None) -> dict[str, float]:
        """``{strategy: rating}`` for one player (index or name) of one game."""
        p = self.players.index(player) if isinstance(player, str) else player
        values = self.ratings[p] if game is None else self.ratings[p][game]
        if np.ndim(values) != 1:
            raise ValueError("a batch: say which game (rating_of(player, game=i))")
        return dict(zip(self.strategies[p], np.asarray(values, dtype=np.float64).tolist()))

    def to_frame(self, tie_tol: float = 1e-6):
        """A tidy ``pandas.DataFrame``: game, player, strategy, rating, rank, status, solver.

        ``rank`` is the competition rank within each game and player, ties
        (ratings within ``tie_tol`` times the payoff range) sharing the best rank.
        """
        import pandas as pd

        frames = []
        games = range(len(self.status)) if self.batched else [None]
        for g in games:
            pick = (lambda x: x) if g is None else (lambda x, g=g: x[g])
            frame = ratings_frame(
                [pick(r) for r in self.ratings],
                self.players,
                self.strategies,
                tie_tol=tie_tol,
                scale=float(pick(np.asarray(self.scale))) or 1.0,
                game=0 if g is None else g,
            )
            frame["status"] = Status(int(pick(np.asarray(self.status)))).name
            frame["solver"] = self.solver if g is None else self.solver[g]
            frames.append(frame)
        return pd.concat(frames, ignore_index=True)

    def game(self, index: int) -> Ratings:
        """One game of a batch, as a single-game result."""
        if not self.batched:
            raise ValueError("not a batch")
        per_game = ("joint", "levels", "status", "iterations", "max_gain", "residual", "scale")
        fields = {k: np.asarray(getattr(self, k))[index] for k in per_game}
        details = self.details[index] if isinstance(self.details, (list, tuple)) else None
        proof = details if hasattr(details, "certificate") else None
        return dataclasses.replace(
            self,
            ratings=tuple(r[index] for r in self.ratings),
            solver=self.solver[index],
            messages=self.messages[index],
            details=details,
            level_values=None if proof is None else proof.level_values,
            frozen_at=None if proof is None else proof.frozen_at,
            certificate=None if proof is None else proof.certificate,
            **fields,
        )
