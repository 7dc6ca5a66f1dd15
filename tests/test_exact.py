"""The exact path on the paper's examples and against the paper's solver."""

from fractions import Fraction

import numpy as np
import pytest
from conftest import random_games
from jaxrate.ranking import tied_ranks

import jaxrate
from jaxrate import datasets

ATARI_TOL = 1e-7


def test_biased_shapley_ratings(biased_shapley):
    paper = Fraction(-2720, 964)  # the paper's figure for R = P = S = N
    for solver in ("highs", "glop", "rational"):
        result = jaxrate.exact.deviation_ratings(biased_shapley, solver=solver)
        for r in result.ratings:
            np.testing.assert_allclose(r, float(paper), atol=1e-9, rtol=0)
    assert jaxrate.verify(biased_shapley, result, rational=True).ok


def test_biased_shapley_uniform_ratings(biased_shapley):
    expected = np.array([-2126, -2367, -3331, -2496]) / 964  # the payoffs give -2496 for N
    for r in jaxrate.uniform_ratings(biased_shapley):
        np.testing.assert_allclose(r, expected, atol=1e-12, rtol=0)


def _top(result, tol):
    ratings = result.ratings[0]
    ranks = tied_ranks(ratings, tol)
    names = np.array(result.strategies[0])
    return ranks, names


def test_atari_two_player_four_way_tie():
    game = jaxrate.agent_vs_task(datasets.load("atari"))
    result = jaxrate.exact.deviation_ratings(game)
    ranks, names = _top(result, ATARI_TOL)
    assert set(names[ranks == 1]) == {"r2d2(bandit)", "agent57", "muzero", "r2d2"}
    assert result.certificate.max_rating_residual <= 1e-9


def test_atari_three_player_three_way_tie_and_human_seventh():
    game = jaxrate.agent_vs_agent_vs_task(datasets.load("atari"))
    result = jaxrate.exact.deviation_ratings(game)
    ranks, names = _top(result, ATARI_TOL)
    assert set(names[ranks == 1]) == {"r2d2(bandit)", "agent57", "muzero"}
    assert ranks[list(names).index("human")] == 7
    uniform_ranks = tied_ranks(jaxrate.uniform_ratings(game)[0], ATARI_TOL)
    assert uniform_ranks[list(names).index("human")] == 18
    # The two agent players are interchangeable: their ratings agree.
    np.testing.assert_allclose(result.ratings[0], result.ratings[1], atol=1e-9)
    cert = result.certificate
    assert cert.max_rating_residual <= 1e-9 and cert.max_gain <= 1e-9


def test_result_fields_and_certificate():
    rng = np.random.default_rng(5)
    g = jaxrate.Game(rng.normal(size=(3, 3, 2, 4)), players=["x", "y", "z"])
    result = jaxrate.exact.deviation_ratings(g)
    assert [r.dtype for r in result.ratings] == [np.float64] * 3
    assert [r.shape for r in result.ratings] == [(3,), (2,), (4,)]
    assert result.joint.shape == (3, 2, 4) and result.joint.min() >= 0
    assert result.joint.sum() == pytest.approx(1.0, abs=1e-12)
    dev = jaxrate.deviation_gains(g.payoffs, result.joint)
    np.testing.assert_allclose(dev, np.concatenate(result.ratings), atol=1e-9)
    assert result.levels == len(result.level_values) >= 1
    assert np.all(np.diff(result.level_values) <= 1e-12)  # levels never increase
    assert sorted(set(result.frozen_at.tolist())) == list(range(result.levels))
    assert result.rating_of("y") == dict(zip(g.strategies[1], result.ratings[1].tolist()))
    assert result.precision == "float64"


def test_constant_game_rates_zero():
    result = jaxrate.exact.deviation_ratings(np.ones((2, 3, 2)))
    assert all(np.all(r == 0) for r in result.ratings)


def test_single_strategy_players():
    result = jaxrate.exact.deviation_ratings(np.arange(6.0).reshape(2, 1, 3))
    np.testing.assert_allclose(result.ratings[0], [0.0])
    np.testing.assert_allclose(result.ratings[1], [-2.0, -1.0, 0.0])


def test_scale_invariance_of_tiny_payoffs():
    rng = np.random.default_rng(11)
    g = rng.normal(size=(2, 3, 3))
    big = jaxrate.exact.deviation_ratings(g)
    tiny = jaxrate.exact.deviation_ratings(g * 1e-12)
    for r_big, r_tiny in zip(big.ratings, tiny.ratings):
        np.testing.assert_allclose(r_tiny * 1e12, r_big, atol=1e-9)


def test_bad_arguments():
    with pytest.raises(ValueError, match="solver must be one of"):
        jaxrate.exact.deviation_ratings(np.zeros((2, 2, 2)), solver="gurobi")
    with pytest.raises(ValueError, match="finite"):
        jaxrate.exact.deviation_ratings(np.full((2, 2, 2), np.nan))


def test_progress_callback_reports_every_level():
    seen = []
    rng = np.random.default_rng(3)
    result = jaxrate.exact.deviation_ratings(rng.normal(size=(2, 4, 4)), progress=seen.append)
    assert [p.level for p in seen] == list(range(1, result.levels + 1))
    assert seen[-1].frozen == seen[-1].total == 8


@pytest.mark.parametrize("columns", ["all", "generate"])
def test_highs_agrees_with_cvxpy_glop(columns):
    for g in random_games(seed=21, count=30):
        fast = jaxrate.exact.deviation_ratings(g, columns=columns)
        paper = jaxrate.exact.deviation_ratings(g, solver="glop")
        np.testing.assert_allclose(
            np.concatenate(fast.ratings), np.concatenate(paper.ratings), atol=1e-8, rtol=0
        )


@pytest.mark.parametrize("offset, scale", [(1e7, 1.0), (1e9, 1.0), (1e6, 1e-3), (0.0, 1e-300), (0.0, 1e300)])
def test_payoffs_far_from_zero_or_of_any_scale_are_rated_and_proved(offset, scale):
    # Ratings depend on payoff differences only. Each game is u + offset, times
    # scale: before the proof was checked on centred payoffs, some games at an
    # offset of 1e7 times their range failed it ("dual bound below the level value").
    rng = np.random.default_rng(52)
    for _ in range(20):
        u = rng.uniform(-1, 1, (2, 6, 6))
        base = np.concatenate(jaxrate.exact.deviation_ratings(u).ratings)
        got = np.concatenate(jaxrate.exact.deviation_ratings(scale * (offset + u)).ratings)
        # offset + u is rounded to the offset's last place (1e9: 1.2e-7), which moves a rating as much
        ulp = np.spacing(offset) if offset else 0.0
        np.testing.assert_allclose(got / scale, base, rtol=0, atol=2e-9 + 4 * ulp)
