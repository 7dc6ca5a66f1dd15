"""The paper's theorems as property tests over games drawn by Hypothesis.

Each property runs on ``EXAMPLES`` (100) games by default and on five times more
under ``-m slow`` (``game_strategies.py``): small games of decimal and integer
payoffs (degenerate, tied), or generic gaussian ones where the property needs
them. Draws are derandomized: the same games on every run; a failure shrinks to
a minimal game (fewest players and strategies, values nearest zero).
"""

import numpy as np
import pytest
from game_strategies import VALUES, payoff_games, properties, zero_sum_games
from hypothesis import assume
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy.optimize import linprog

import jaxrate
from jaxrate import games
from jaxrate.exact import deviation_ratings

TOL = 1e-7  # relative to the payoff scale
WEIGHTS = st.integers(1, 10)  # a strict mixture's unnormalised weights


def _ratings(payoffs):
    result = jaxrate.deviation_ratings(payoffs, batched=False)  # the entry point: one game, the exact path
    assert result.ok, result.messages
    check = jaxrate.verify(payoffs, result)  # every result of the property suites is proven
    assert check.ok, check.problems
    return result.ratings


def _scale(g):
    return max(1.0, float(np.ptp(g)))


def _player(data, g) -> int:
    return data.draw(st.integers(0, g.shape[0] - 1), label="player")


def _weights(data, count: int) -> np.ndarray:
    w = np.array(data.draw(st.lists(WEIGHTS, min_size=count, max_size=count), label="weights"), float)
    return w / w.sum()


def _clone_invariance(g, data):
    p = _player(data, g)
    i = data.draw(st.integers(0, g.shape[1 + p] - 1), label="cloned")
    base = _ratings(g)
    cloned = _ratings(games.clone_strategy(g, p, i).payoffs)
    for q in range(g.shape[0]):
        np.testing.assert_allclose(cloned[q][: g.shape[1 + q]], base[q], atol=TOL * _scale(g))
    assert cloned[p][-1] == pytest.approx(base[p][i], abs=TOL * _scale(g))


test_clone_invariance, test_clone_invariance_slow = properties(g=payoff_games(), data=st.data())(
    _clone_invariance
)


def _check_mixture(g, p, w, base):
    mixed = _ratings(games.add_mixture(g, p, w).payoffs)
    for q in range(g.shape[0]):
        np.testing.assert_allclose(mixed[q][: g.shape[1 + q]], base[q], atol=TOL * _scale(g))
    assert mixed[p][-1] == pytest.approx(w @ base[p], abs=TOL * _scale(g))


def _mixture_invariance_zero_sum(g, data):
    """Generic two-player zero-sum games: any mixture leaves every rating unchanged."""
    p = _player(data, g)
    _check_mixture(g, p, _weights(data, g.shape[1 + p]), _ratings(g))


test_mixture_invariance_zero_sum, test_mixture_invariance_zero_sum_slow = properties(
    g=zero_sum_games(), data=st.data()
)(_mixture_invariance_zero_sum)


def _mixture_invariance_of_tied_strategies(g, data):
    """Any game: mixing strategies that share a rating leaves every rating unchanged."""
    base = _ratings(g)
    tied_players = []
    for p, r in enumerate(base):
        tied = np.abs(r[:, None] - r[None, :]) <= TOL * _scale(g)
        members = np.nonzero(tied[int(np.argmax(tied.sum(axis=1)))])[0]
        if len(members) >= 2:
            tied_players.append((p, members))
    assume(tied_players)  # most games have ties (a level freezes several rows of a player)
    p, members = tied_players[data.draw(st.integers(0, len(tied_players) - 1), label="tied player")]
    w = np.zeros(g.shape[1 + p])
    w[members] = _weights(data, len(members))
    _check_mixture(g, p, w, base)


test_mixture_invariance_of_tied_strategies, test_mixture_invariance_of_tied_strategies_slow = properties(
    g=payoff_games(), data=st.data()
)(_mixture_invariance_of_tied_strategies)


def test_mixture_of_differently_rated_strategies_is_not_invariant():
    """Counterexample to the paper's mixture-invariance property for Algorithm 1.

    A general-sum 3x2 game with integer payoffs: a strict mixture of player 0's
    strategies frozen at different levels adds a constraint row whose value
    exceeds every free row at level 2, so the lexicographic min-max changes.
    Both LP back ends agree, so this is the algorithm, not the solver. Pinned
    so that any change to the canonical definition is deliberate.
    """
    g = np.array([[[-1, -1], [-2, -1], [1, -1]], [[-2, -1], [0, 0], [1, 0]]], dtype=float)
    w = np.array([0.1467286, 0.07155347, 0.78171793])
    for solver in ("highs", "glop"):
        base = deviation_ratings(g, solver=solver).ratings
        mixed = deviation_ratings(games.add_mixture(g, 0, w).payoffs, solver=solver).ratings
        np.testing.assert_allclose(base[0], [-1.0, -1.5, 0.0], atol=1e-9)
        np.testing.assert_allclose(base[1], [-0.5, -0.5], atol=1e-9)
        assert mixed[0][0] == pytest.approx(-1.3262, abs=1e-4)
        assert mixed[0][3] == pytest.approx(w @ mixed[0][:3], abs=1e-9)


def _offset_invariance(g, data):
    shifted = games.Game(g)
    for p in range(g.shape[0]):
        others = tuple(a for q, a in enumerate(g.shape[1:]) if q != p)
        offset = data.draw(arrays(np.float64, others, elements=VALUES["decimal"]), label=f"offset {p}")
        shifted = games.add_offset(shifted, p, offset)
    for a, b in zip(_ratings(g), _ratings(shifted.payoffs)):
        np.testing.assert_allclose(b, a, atol=TOL * _scale(shifted.payoffs))


test_offset_invariance, test_offset_invariance_slow = properties(g=payoff_games(), data=st.data())(
    _offset_invariance
)


def _dominance_preservation(g, data):
    g = g.copy()
    p = _player(data, g)
    index = [slice(None)] * g.ndim
    dominated, dominant = list(index), list(index)
    dominated[0], dominant[0] = p, p
    dominated[1 + p], dominant[1 + p] = 1, 0
    # strategy 0 weakly dominates strategy 1 for player p (ties included).
    shape = g[tuple(dominant)].shape
    bump = data.draw(arrays(np.float64, shape, elements=st.integers(0, 1).map(float)), label="bump")
    g[tuple(dominant)] = g[tuple(dominated)] + bump
    r = _ratings(g)[p]
    assert r[0] >= r[1] - TOL * _scale(g)


test_dominance_preservation, test_dominance_preservation_slow = properties(g=payoff_games(), data=st.data())(
    _dominance_preservation
)


def _strategy_permutation_equivariance(g, data):
    p = _player(data, g)
    perm = np.array(data.draw(st.permutations(range(g.shape[1 + p])), label="permutation"))
    base = _ratings(g)
    permuted = _ratings(games.permute_strategies(g, p, perm).payoffs)
    for q in range(g.shape[0]):
        expected = base[q][perm] if q == p else base[q]
        np.testing.assert_allclose(permuted[q], expected, atol=TOL * _scale(g))


test_strategy_permutation_equivariance, test_strategy_permutation_equivariance_slow = properties(
    g=payoff_games(), data=st.data()
)(_strategy_permutation_equivariance)


def _player_permutation_equivariance(g, data):
    perm = np.array(data.draw(st.permutations(range(g.shape[0])), label="permutation"))
    base = _ratings(g)
    permuted = _ratings(games.permute_players(g, perm).payoffs)
    for q in range(g.shape[0]):
        np.testing.assert_allclose(permuted[q], base[perm[q]], atol=TOL * _scale(g))


test_player_permutation_equivariance, test_player_permutation_equivariance_slow = properties(
    g=payoff_games(), data=st.data()
)(_player_permutation_equivariance)


def _bounds(g):
    r = _ratings(g)
    for p in range(g.shape[0]):
        moved = np.moveaxis(g[p], p, 0)  # [A_p, A_-p]
        own = np.moveaxis(g[p], p, 0)  # payoff at a: [A_p, A_-p]
        # min_a [G_p(a', a_-p) - G_p(a)] over all a = (a_p, a_-p).
        lower = (moved[:, None] - own[None]).reshape(moved.shape[0], -1).min(axis=1)
        assert np.all(r[p] <= TOL * _scale(g))
        assert np.all(r[p] >= lower - TOL * _scale(g))


test_bounds, test_bounds_slow = properties(g=payoff_games())(_bounds)


def _minimax(m):
    """Column player's optimal mixed strategy and the value of the zero-sum game ``m``."""
    rows, cols = m.shape
    # variables (y [cols], v): minimise v s.t. m y <= v, sum y = 1, y >= 0.
    res = linprog(
        c=np.r_[np.zeros(cols), 1.0],
        A_ub=np.c_[m, -np.ones(rows)],
        b_ub=np.zeros(rows),
        A_eq=np.r_[np.ones(cols), 0.0][None],
        b_eq=[1.0],
        bounds=[(0, None)] * cols + [(None, None)],
        method="highs",
    )
    assert res.status == 0
    return res.x[:cols], res.x[-1]


def _two_player_zero_sum_is_nash_averaging_minus_value(g):
    m = g[0]
    y, value = _minimax(m)  # column player's equilibrium, row player's value
    x, neg_value = _minimax(-m.T)  # row player's equilibrium
    assert neg_value == pytest.approx(-value, abs=1e-9)
    r = _ratings(g)
    np.testing.assert_allclose(r[0], m @ y - value, atol=1e-7)
    np.testing.assert_allclose(r[1], -(x @ m) + value, atol=1e-7)


(
    test_two_player_zero_sum_is_nash_averaging_minus_value,
    test_two_player_zero_sum_is_nash_averaging_minus_value_slow,
) = properties(g=zero_sum_games())(_two_player_zero_sum_is_nash_averaging_minus_value)
