"""One result type for deviation ratings, whatever solver produced them."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from jaxrate.game.tolerances import TOLERANCES
from jaxrate.results.status import Status, raise_first_failure

__all__ = ["Ratings", "SolvedBy", "ratings_frame"]


@dataclasses.dataclass(frozen=True)
class SolvedBy:
    """Which solver rated one game, as data.

    Attributes:
      solver: the solver that produced the ratings (``"highs"``, ``"glop"``,
        ``"naive"``, ``"rational"``, ``"simplex"``, ``"simplex-float32"``).
      fallback_from: the solver that tried first and did not solve the game
        (``Auto``: ``"simplex"``), or ``None``.
      reason: why the first solver did not rate it (its status name), or ``""``.
      rescue: why the exact path did not return its floating-point solve as is
        (a failed level or check, then re-solved by its ladder), or ``None``.
      route: what rated the levels, in one line (the exact path:
        ``"highs"``, ``"highs + exact repair at 3 levels"``, ...; the per-level
        records are the proof's ``routes``), or ``""``.
    """

    solver: str
    fallback_from: str | None = None
    reason: str = ""
    rescue: str | None = None
    route: str = ""

    def __str__(self) -> str:
        """``"highs"``, or ``"simplex -> highs"`` for a fallback (a label, never parsed)."""
        return self.solver if self.fallback_from is None else f"{self.fallback_from} -> {self.solver}"

    @property
    def message(self) -> str:
        """A readable line for a fallback; ``""`` otherwise."""
        if self.fallback_from is None:
            return ""
        return f"{self.reason} on {self.fallback_from}; rated by {self.solver}"


def ratings_frame(
    ratings: Any,
    players: Any,
    strategies: Any,
    *,
    tie_tol: float = TOLERANCES.ties,
    scale: float | None = None,
    **columns: Any,
) -> Any:
    """A tidy ``pandas.DataFrame`` of per-player ratings: player, strategy, rating, rank (+ ``columns``).

    ``rank`` is the competition rank within each player, ratings within
    ``tie_tol`` times ``scale`` (default: their range) sharing the best rank.
    Shared by :class:`Ratings` and the baselines' results.
    """
    import pandas as pd

    from jaxrate.results.ranking import tied_ranks

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


@dataclasses.dataclass(frozen=True, repr=False)
class Ratings:
    """Deviation ratings of one game or a batch, with names on them.

    A batch has its axis ``B`` in front of every per-game field; a single game
    has none. Ratings are ``<= 0`` and ``0`` is the best possible: a strategy
    rated 0 cannot gain by deviating from the rating joint. Strategies within a
    tolerance of each other are tied (``to_frame`` ranks them so).

    Attributes:
      ratings: one array per player, ``[A_p]`` or ``[B, A_p]`` (payoff units;
        NaN for a masked strategy or a game that could not be rated).
      joint: the rating joint sigma*, ``[A_1..A_N]`` or ``[B, A_1..A_N]``; a single game of
        more than ``2**22`` joints rated through its table holds it sparse
        (:class:`jaxrate.SparseJoint`: its support; ``numpy.asarray`` for the dense array).
      levels: LP levels solved, ``[]`` or ``[B]``.
      status: :class:`jaxrate.Status` codes, ``[]`` or ``[B]``.
      iterations: simplex pivots (JAX) or LP levels (exact), ``[]`` or ``[B]``.
      max_gain: largest deviation gain under ``joint`` (``<= 0``: a CCE).
      residual: ``max_c |delta_c(joint) - r_c|``, the accuracy achieved.
      precision: ``"float64"`` or ``"float32"``.
      solver: the name of the solver that rated the game, a label (a tuple, one
        per game, for a batch): ``"simplex -> highs"`` when the JAX solver did not
        solve it and the exact path did. ``solved_by`` holds the same as data.
      players, strategies: names.
      scale: each game's payoff scale (``[]`` or ``[B]``), the largest range of one
        player's payoffs (:func:`jaxrate.payoff_scale`), whichever solver rated it:
        ties and certificate tolerances are relative to it.
      level_values, frozen_at, certificate: the proof of a single game's
        ratings, from the exact path or the JAX simplex alike (``None`` for a
        batch: :meth:`game` has each game's; and for a masked game): see
        :func:`jaxrate.verify`.
      messages: why a game is not ``SOLVED``, or that a fallback rated it (one
        per game; empty when the first solver solved it).
      solved_by: a :class:`SolvedBy` per game (a tuple for a batch).
      proof: each game's :class:`jaxrate.certificate.Proof` (level values, frozen
        rows, certificate, steps per level), ``None`` where there is none (a
        masked game, a game not rated); a tuple for a batch.
      jump, jump_size: with ``jumps=True`` (:mod:`jaxrate.jumps`), whether the
        ratings are not pinned by the data (``[]`` or ``[B]`` bool) and the
        largest move of a rating under a change of the payoffs of
        ``Tolerances.jump_probe`` of the scale (payoff units; NaN where it could
        not be measured); ``None`` when not checked.

    The batch is the primary form: a single game is the view :meth:`game` gives
    of a batch of one, every per-game field without its batch axis (an array
    ``[B]`` becomes a 0-d array, a tuple of one entry per game its entry).
    """

    ratings: tuple
    joint: Any
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
    solved_by: Any = None
    proof: Any = None
    jump: Any = None
    jump_size: Any = None

    def __repr__(self) -> str:
        """One line (the arrays are in the fields): games, players, shape, statuses and solvers.

        The dataclass's own repr printed every array, 2.8 million characters for a batch of
        64 5 x 5 games, which a REPL or a notebook echoes after ``out.raise_for_status()``.
        """
        shape = " x ".join(str(len(s)) for s in self.strategies)
        statuses = np.atleast_1d(np.asarray(self.status))
        counts = ", ".join(
            f"{int(n)} {Status(int(code)).name}" for code, n in zip(*np.unique(statuses, return_counts=True))
        )
        solvers = self.solver if isinstance(self.solver, tuple) else (self.solver,)
        named = ", ".join(sorted({str(s) for s in solvers}))
        games = f"{statuses.size} games, " if self.batched else ""
        return f"Ratings({games}players {list(self.players)}, {shape} strategies, {counts}; solver {named})"

    @property
    def batched(self) -> bool:
        return np.ndim(self.status) == 1

    @property
    def ok(self) -> bool:
        """Every game ``SOLVED``."""
        return bool(np.all(np.asarray(self.status) == Status.SOLVED))

    @property
    def tie_tolerance(self) -> Any:
        """Ratings closer than this (payoff units, ``[]`` or ``[B]``) share a rank:
        :attr:`Tolerances.ties <jaxrate.Tolerances>` times ``scale``."""
        return TOLERANCES.ties * np.asarray(self.scale)

    @property
    def steps(self) -> tuple[str, ...]:
        """How each level of a single game was solved (empty without a proof or steps)."""
        return () if self.proof is None or self.batched else tuple(self.proof.steps)

    @property
    def rescue(self) -> str | None:
        """Why the exact path re-solved a single game beyond floating point, or ``None``."""
        return None if self.solved_by is None or self.batched else self.solved_by.rescue

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

    def to_frame(self, tie_tol: float = TOLERANCES.ties) -> Any:
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
        proof = None if self.proof is None else self.proof[index]
        for k in ("jump", "jump_size"):
            if getattr(self, k) is not None:
                fields[k] = np.asarray(getattr(self, k))[index]
        return dataclasses.replace(
            self,
            ratings=tuple(r[index] for r in self.ratings),
            solver=self.solver[index],
            messages=self.messages[index],
            solved_by=None if self.solved_by is None else self.solved_by[index],
            proof=proof,
            level_values=None if proof is None else proof.level_values,
            frozen_at=None if proof is None else proof.frozen_at,
            certificate=None if proof is None else proof.certificate,
            **fields,
        )

    def to_json(self, path: str | None = None, *, game: Any = None) -> str:
        """The result file: one versioned JSON document (schema: ``docs/reference/result-file.md``).

        It holds the named ratings, the joint, the proof (level values, frozen
        rows, each level's dual), the solver and, given ``game``, the game's
        kind, digest and data (a score table always; payoffs up to
        ``EMBED_PAYOFFS`` entries), so that anyone can check it with
        ``jaxrate verify FILE`` or :func:`jaxrate.read_result`. Floats read
        back exactly. Written to ``path`` (atomically) when given.

        Raises:
          ValueError: ``game`` is not the game these ratings are of (its shape), or a
            batch is written with a game.

        Example:
          >>> import jaxrate
          >>> game = jaxrate.agent_vs_task([[1.0, 0.0], [0.0, 1.0]])
          >>> text = jaxrate.deviation_ratings(game).to_json(game=game)
          >>> jaxrate.Ratings.from_json(text).rating_of(0)
          {'0': 0.0, '1': 0.0}
        """
        from jaxrate.results._result_file import ratings_document, write_document

        return write_document(ratings_document(self, game), path)

    @classmethod
    def from_json(cls, source: Any) -> Ratings:
        """The ratings a result file holds (a path, JSON text or the parsed document).

        Raises:
          ValueError: naming what is wrong: unreadable, not a jaxrate result file,
            a version this jaxrate does not read, or a malformed field.
        """
        from jaxrate.results._result_file import ratings_from_document, read_document

        return ratings_from_document(read_document(source), cls, SolvedBy)
