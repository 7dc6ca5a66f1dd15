"""Ratings as the fitness of a population loop: evaluate, rate, drop the worst, add candidates.

No OpenSpiel needed: the loop takes any function that returns the meta-game
payoffs ``[N, K_1, ..., K_N]`` of the current populations. ``jaxrate.openspiel``
builds those for OpenSpiel games, and ``jaxrate reproduce improvement`` runs the
paper's study with it.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

__all__ = ["Iteration", "population_loop", "rate_population"]


@dataclasses.dataclass
class Iteration:
    """One iteration of :func:`population_loop` (what hooks receive).

    Attributes:
      index: iteration number, from 0.
      payoffs: the meta-game ``[N, K_1, ..., K_N]`` that was rated.
      ratings: per player ``[K_p]``.
      dropped: per player, the indices replaced by new candidates.
      populations: per player, the members that were rated (before replacement).
      evaluate_seconds, rate_seconds, seconds: time to build the meta-game,
        to rate it, and the whole iteration (hooks included).
      joint: the rating method's joint (deviation ratings), or ``None``.
    """

    index: int
    payoffs: np.ndarray
    ratings: tuple
    dropped: tuple
    populations: tuple
    evaluate_seconds: float
    rate_seconds: float
    seconds: float = 0.0
    joint: Any = None


def _bucket(size: int) -> int:
    """The padded population size a meta-game is compiled for: 4, 8, 16, 32, ... then multiples of 64."""
    if size <= 64:
        return max(4, 1 << (size - 1).bit_length())
    return -(-size // 64) * 64


class _DeviationRater:
    """Deviation ratings by the JAX path in float64, warm-started from the previous iteration.

    Uses the pure :func:`jaxrate.batched.rate_game`, compiled once per padded
    meta-game shape: each population is padded to a size bucket (4, 8, 16, 32,
    64, then multiples of 64) and the padding masked out, so a population that
    grows by one member per iteration (PSRO-style) recompiles a handful of
    times, not at every iteration. An iteration costs one jitted call.
    """

    _jitted = None  # one jitted function for all raters: compiled once per shape and process

    def __init__(self) -> None:
        self.previous = None  # multi-index of the previous joint's heaviest profile

    def __call__(self, payoffs: np.ndarray):
        import jax

        import jaxrate
        from jaxrate.batched import Status, rate_game

        if _DeviationRater._jitted is None:
            # A function of its own, so its compilations (one per bucket) are its own.
            _DeviationRater._jitted = jax.jit(lambda g, masks, start: rate_game(g, masks, start))
        sizes = payoffs.shape[1:]
        padded_shape = tuple(_bucket(k) for k in sizes)
        padded = np.zeros((payoffs.shape[0],) + padded_shape)
        padded[(slice(None),) + tuple(slice(0, k) for k in sizes)] = payoffs
        masks = tuple(np.arange(b) < k for b, k in zip(padded_shape, sizes))
        start = -1
        if self.previous is not None and all(i < k for i, k in zip(self.previous, sizes)):
            start = int(np.ravel_multi_index(self.previous, padded_shape))
        with jaxrate.Simplex().precision_scope():
            out = jax.device_get(_DeviationRater._jitted(padded, masks, start=np.int32(start)))
        if int(out["status"]) != int(Status.SOLVED):
            # Inside jit there is no exact path; an unsolved game is handed to the
            # entry point, as every other caller's is (never an unchecked rating).
            exact = jaxrate.deviation_ratings(payoffs, jaxrate.Exact(), batched=False)
            self.previous = None
            return exact.ratings, exact.joint
        joint = np.asarray(out["joint"])[tuple(slice(0, k) for k in sizes)]
        self.previous = tuple(int(i) for i in np.unravel_index(np.argmax(joint), sizes))
        offsets = np.concatenate([[0], np.cumsum(padded_shape)])
        flat = np.asarray(out["ratings"], dtype=np.float64)
        return tuple(flat[offsets[p] : offsets[p] + sizes[p]] for p in range(payoffs.shape[0])), joint


def rate_population(
    payoffs: np.ndarray, method: str | Callable = "deviation", *, _rater: Any = None
) -> tuple[tuple[np.ndarray, ...], np.ndarray | None]:
    """Ratings ``(per player [K_p], joint or None)`` of a meta-game by ``method``.

    ``method``: ``"deviation"`` (JAX path, float64), ``"deviation-exact"``,
    ``"uniform"``, or a callable ``payoffs -> per-player ratings``.
    """
    import jaxrate

    if callable(method):
        return tuple(np.asarray(r, dtype=np.float64) for r in method(payoffs)), None
    if method == "deviation":
        return (_rater or _DeviationRater())(payoffs)
    if method == "deviation-exact":
        result = jaxrate.deviation_ratings(payoffs, jaxrate.Exact(), batched=False)
        return result.ratings, result.joint
    if method == "uniform":
        return jaxrate.uniform_ratings(payoffs), None
    raise ValueError(
        f"method must be 'deviation', 'deviation-exact', 'uniform' or a callable; got {method!r}"
    )


def population_loop(
    evaluate: Callable[[Sequence[list]], np.ndarray],
    populations: Sequence[list],
    propose: Callable[[int, int, np.random.Generator], list],
    *,
    iterations: int,
    method: str | Callable = "deviation",
    drop: float = 0.25,
    seed: int = 0,
    hooks: Sequence[Callable[[Iteration], None]] = (),
) -> list[Iteration]:
    """Evolve populations with ratings as fitness.

    Each iteration: ``payoffs = evaluate(populations)``; rate; for each player
    drop the ``round(drop * K_p)`` lowest-rated members (ties: the later
    member goes first) and put ``propose(player, count, rng)`` new members in
    their places; call every hook with the :class:`Iteration`.

    Args:
      evaluate: populations -> meta-game payoffs ``[N, K_1, ..., K_N]``.
      populations: per player, a list of members (any objects).
      propose: ``(player, count, rng) -> list`` of ``count`` new members.
      iterations: number of iterations.
      method: rating method (see :func:`rate_population`); the deviation
        ratings' JAX solve is warm-started from the previous iteration.
      drop: fraction of each population replaced per iteration.
      seed: seeds the ``rng`` handed to ``propose``.
      hooks: called after every iteration (logging, early stopping by raising).

    Returns:
      The list of :class:`Iteration` records.
    """
    if not 0 <= drop < 1:
        raise ValueError(f"drop must be in [0, 1); got {drop}")
    if iterations < 0:
        raise ValueError(f"iterations must be >= 0; got {iterations}")
    populations = [list(p) for p in populations]
    rng = np.random.default_rng(seed)
    rater = _DeviationRater() if method == "deviation" else None
    history = []
    for index in range(iterations):
        start = time.perf_counter()
        payoffs = _evaluated(evaluate, populations)
        evaluated = time.perf_counter()
        ratings, joint = rate_population(payoffs, method, _rater=rater)
        rated = time.perf_counter()
        snapshot = tuple(list(p) for p in populations)
        dropped = _replace_worst(populations, ratings, drop, propose, rng)
        times = {"evaluate_seconds": evaluated - start, "rate_seconds": rated - evaluated}
        record = Iteration(index, payoffs, tuple(ratings), dropped, snapshot, joint=joint, **times)
        for hook in hooks:
            hook(record)
        record.seconds = time.perf_counter() - start
        history.append(record)
    return history


def _evaluated(evaluate: Callable[[Sequence[list]], np.ndarray], populations: list[list]) -> np.ndarray:
    """The meta-game ``evaluate(populations)`` as float64, checked to be ``[N, K_1, ..., K_N]``."""
    payoffs = np.asarray(evaluate(populations), dtype=np.float64)
    expected = (len(populations),) + tuple(len(p) for p in populations)
    if payoffs.shape != expected:
        raise ValueError(f"evaluate returned payoffs of shape {payoffs.shape}; expected {expected}")
    return payoffs


def _replace_worst(
    populations: list[list],
    ratings: Sequence[np.ndarray],
    drop: float,
    propose: Callable[[int, int, np.random.Generator], list],
    rng: np.random.Generator,
) -> tuple[np.ndarray, ...]:
    """Put ``propose``'s new members in place of each player's lowest-rated ones; per player, their indices.

    Each player loses ``round(drop * K_p)`` members, lowest rating first (among ties the later member);
    ``populations`` is changed in place.
    """
    dropped = []
    for p, r in enumerate(ratings):
        count = int(round(drop * len(r)))
        order = np.lexsort((-np.arange(len(r)), r))  # lowest first; among ties the later one
        worst = np.sort(order[:count])
        fresh = list(propose(p, count, rng)) if count else []
        if len(fresh) != count:
            raise ValueError(f"propose returned {len(fresh)} members for player {p}; expected {count}")
        for i, member in zip(worst.tolist(), fresh):
            populations[p][i] = member
        dropped.append(worst)
    return tuple(dropped)
