"""Ratings that jump: where a change of the payoffs far below the proof's tolerance moves a rating far.

Deviation ratings are not continuous in the payoffs. A level freezes the rows
whose optimal multiplier is positive; where one multiplier passes through zero
(the set of the level's optima changes), a rating moves by a finite amount for
an arbitrarily small change of the payoffs: 0.1 to 1.1 of the range on random
2P 3 x 3 games, at points one in a few of random payoff paths cross
(``benchmarks/jumps.py``). Near such a point the level's multiplier is tiny,
the next level's proof needs multipliers of its inverse, and no proof checked
in floating point at :attr:`Tolerances.certificate <jaxrate.Tolerances>` pins
the ratings: a game ``1e-13`` of the range away is rated far apart, and both
pass the check.

The jump check (``jumps=True`` in :func:`jaxrate.deviation_ratings` and
:func:`jaxrate.batched.rate_game`) rates the game twice more, its payoffs moved
by ``+-`` :meth:`Tolerances.jump_probe <jaxrate.Tolerances.jump_probe>` times
the scale (1e-8; 1e-5 where it is solved in float32) along one fixed
direction (the same for a game's payoffs on every path; a score table's board
rated on the host has its scores moved instead), each copy rated as the game
was and afresh (no warm start), and reports the largest move of a rating: the
game's ``jump_size`` (payoff units). It is flagged (``jump``) where that exceeds
:meth:`Tolerances.jump <jaxrate.Tolerances.jump>` times the scale, or where the
game is rated and neither moved copy is (its neighbourhood cannot be rated;
the size is then NaN). The check covers the ratings of the game as given, not
resampled ones (``--bootstrap`` and ``--audit`` do not run it). A flagged
game's ratings are those of the game as given, but a change of the payoffs
below anything the data can pin moves them by up to ``jump_size``: report
them as such (docs/explanation.md, "Where ratings jump").
"""

from __future__ import annotations

import functools

import numpy as np

from jaxrate.game.tolerances import TOLERANCES

__all__ = ["JUMP_SEED", "jump_direction", "jump_sizes", "probe_payoffs"]

#: The seed of the fixed probe direction: every path probes the same moved games.
JUMP_SEED = 52  # the fixed direction's seed: every path probes the same games


_CACHED_ENTRIES = 1 << 20  # directions up to this size are kept (a board's table, a small game)


@functools.lru_cache(maxsize=16)
def _cached(shape: tuple[int, ...]) -> np.ndarray:
    return _direction(shape)


def _direction(shape: tuple[int, ...]) -> np.ndarray:
    out = np.random.default_rng(JUMP_SEED).uniform(-1.0, 1.0, size=shape)
    out.setflags(write=False)
    return out


def jump_direction(shape: tuple[int, ...]) -> np.ndarray:
    """The probe's direction for a game of payoffs ``shape`` ``[N, A_1..A_N]`` (or a score table
    ``[M, T]``): uniform in ``[-1, 1]``, from :data:`JUMP_SEED`, read-only, the same on every call."""
    shape = tuple(int(a) for a in shape)
    return _cached(shape) if int(np.prod(shape)) <= _CACHED_ENTRIES else _direction(shape)


def probe_payoffs(payoffs: np.ndarray, scale: np.ndarray, precision: str = "float64") -> np.ndarray:
    """The two moved copies of each game of a batch ``[B, N, A..]``: ``[2, B, N, A..]``, ``+`` then ``-``."""
    payoffs = np.asarray(payoffs, dtype=np.float64)
    step = TOLERANCES.jump_probe(precision) * np.asarray(scale, dtype=np.float64).reshape(
        (-1,) + (1,) * (payoffs.ndim - 1)
    )
    move = step * jump_direction(payoffs.shape[1:])
    return np.stack([payoffs + move, payoffs - move])


def jump_sizes(
    ratings: np.ndarray,
    probed: np.ndarray,
    rated: np.ndarray,
    probed_rated: np.ndarray,
    scale: np.ndarray,
    precision: str = "float64",
) -> tuple[np.ndarray, np.ndarray]:
    """``(jump_size [B], jump [B])`` of a batch from its ratings ``[B, C]`` and its moved copies'
    ``[2, B, C]``, with which of them were rated (``[B]``, ``[2, B]``, bool).

    The size is the largest ``|r' - r|`` over the rows (NaN rows, masked, left out) and the copies that
    were rated; NaN where the game was not rated or no copy was. The flag: the size exceeds
    ``TOLERANCES.jump(precision)`` times the scale, or the game was rated and no copy was.
    """
    ratings = np.asarray(ratings, dtype=np.float64)
    probed = np.asarray(probed, dtype=np.float64)
    rated = np.asarray(rated, dtype=bool)
    probed_rated = np.asarray(probed_rated, dtype=bool)
    moves = np.abs(probed - ratings[None])
    moves = np.where(np.isnan(moves), 0.0, moves).max(axis=-1, initial=0.0)  # [2, B]
    any_copy = probed_rated.any(axis=0)
    size = np.where(probed_rated, moves, -np.inf).max(axis=0)
    size = np.where(rated & any_copy, size, np.nan)
    limit = TOLERANCES.jump(precision) * np.asarray(scale, dtype=np.float64)
    flag = rated & ((any_copy & (size > limit)) | ~any_copy)
    return size, flag
