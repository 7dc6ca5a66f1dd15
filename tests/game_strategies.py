"""Hypothesis strategies for payoff tensors, and the property suites' settings.

Games are drawn small (2 players with 2-4 strategies, 3 players with 2-3) so
that a failure shrinks to a minimal game: fewer players and strategies, and
values nearer zero. Two kinds of values:

* ``"decimal"``: payoffs on a grid of 0.01 in [-3, 3], drawn one by one (they
  shrink towards 0 and include ties and degenerate games);
* ``"integer"``: payoffs in {-2..2}, degenerate and full of ties (where wrong
  freezing rules fail);
* ``"generic"``: gaussian payoffs from a drawn seed, for properties that hold for
  generic games only (a unique equilibrium); the shape still shrinks.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

EXAMPLES = 100  # games per property in the default run; the slow variant runs five times more

VALUES = {
    "decimal": st.integers(-300, 300).map(lambda k: k / 100),
    "integer": st.integers(-2, 2).map(float),
}


@st.composite
def shapes(draw, players: int | None = None) -> tuple:
    """``(N, A_1, ..., A_N)``: 2 players with 2-4 strategies each, or 3 with 2-3."""
    n = players or draw(st.integers(2, 3))
    return (n,) + tuple(draw(st.integers(2, 4 if n == 2 else 3)) for _ in range(n))


@st.composite
def payoff_games(draw, kinds=("decimal", "integer"), players: int | None = None) -> np.ndarray:
    """A payoff tensor ``[N, A_1, ..., A_N]`` of one of ``kinds``."""
    kind = draw(st.sampled_from(kinds))
    shape = draw(shapes(players))
    if kind == "generic":
        return np.random.default_rng(draw(st.integers(0, 2**32 - 1))).normal(size=shape)
    return draw(arrays(np.float64, shape, elements=VALUES[kind]))


@st.composite
def zero_sum_games(draw) -> np.ndarray:
    """A generic two-player zero-sum game ``[2, A_1, A_2]`` (gaussian; 2-5 strategies each)."""
    shape = (draw(st.integers(2, 5)), draw(st.integers(2, 5)))
    g = np.random.default_rng(draw(st.integers(0, 2**32 - 1))).normal(size=shape)
    return np.stack([g, -g])


def _settings(examples: int):
    # Derandomized (the same games on every run and machine), no example database,
    # no deadline (JAX compilations and LP solves vary in time).
    return settings(
        max_examples=examples,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )


def properties(**strategies):
    """``@given(**strategies)`` as two tests: :data:`EXAMPLES` games, and five times
    more marked ``slow`` (CI runs both). Use as
    ``test_x, test_x_slow = properties(game=payoff_games())(_x)``."""

    def make(body):
        fast = _settings(EXAMPLES)(given(**strategies)(body))
        slow = pytest.mark.slow(_settings(5 * EXAMPLES)(given(**strategies)(body)))
        return fast, slow

    return make
