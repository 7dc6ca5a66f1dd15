"""The certificate: verify() rebuilds the proof, and rejects what is not proven."""

import dataclasses

import numpy as np
import pytest
from conftest import fail_highs_level, random_games, shared_file
from subleaderboards import sub_leaderboard, tables

import jaxrate
from jaxrate import gains
from jaxrate.exact import deviation_ratings
from jaxrate.exact._highs import HighsLevelSolver


def _range(g):
    return float(np.ptp(np.asarray(g)))


def test_verify_accepts_exact_results_float_and_rational():
    for g in random_games(5, 40):
        result = deviation_ratings(g)
        check = jaxrate.verify(g, result)
        assert check.ok, check.problems
        assert jaxrate.verify(g, result, rational=True).ok
        assert result.certificate.duals.shape == (result.levels, sum(g.shape[1:]))
        assert check.min_frozen_dual > 0


def test_verify_accepts_a_result_assembled_by_hand():
    g = random_games(6, 1)[0]
    r = deviation_ratings(g)
    by_hand = {
        "ratings": [np.array(x) for x in r.ratings],
        "joint": np.array(r.joint),
        "level_values": list(r.level_values),
        "frozen_at": list(r.frozen_at),
        "duals": np.array(r.certificate.duals),
    }
    assert jaxrate.verify(g, by_hand).ok


@pytest.mark.parametrize("index", range(6))
def test_verify_rejects_a_rating_moved_by_1e_4_of_the_range(index):
    g = random_games(7, 6)[index]
    r = deviation_ratings(g)
    moved = [x.copy() for x in r.ratings]
    p = index % g.shape[0]
    moved[p][0] += 1e-4 * _range(g)
    check = jaxrate.verify(g, dataclasses.replace(r, ratings=tuple(moved)))
    assert not check.ok
    assert any("does not achieve" in why for why in check.problems)


def test_verify_rejects_a_wiped_dual_vector():
    g = random_games(8, 2)[1]
    r = deviation_ratings(g)
    duals = r.certificate.duals.copy()
    duals[r.levels // 2] = 0.0
    cert = r.certificate._replace(duals=duals)
    check = jaxrate.verify(g, dataclasses.replace(r, certificate=cert))
    assert not check.ok
    with pytest.raises(RuntimeError, match="free multipliers sum to 0"):
        check.raise_for_failure()


def test_verify_rejects_missing_duals_and_mismatched_shapes():
    g = random_games(9, 1)[0]
    r = deviation_ratings(g)
    no_proof = dataclasses.replace(r, certificate=r.certificate._replace(duals=None))
    assert not jaxrate.verify(g, no_proof).ok
    with pytest.raises(ValueError, match="joint has shape"):
        jaxrate.verify(g, dataclasses.replace(r, joint=r.joint.reshape(-1)))


def _primal_tightness_solve(payoffs):
    """The wrong rule: freeze every free row tight at the returned vertex (by primal slack).

    Returns the fields of a result, with the LP's own duals as the proof.
    """
    payoffs = np.asarray(payoffs, dtype=np.float64)
    c = sum(payoffs.shape[1:])
    lp = HighsLevelSolver(payoffs, all_columns=True)
    frozen = np.zeros(c, dtype=bool)
    ratings = np.zeros(c)
    frozen_at = np.full(c, -1)
    values, duals = [], []
    while not frozen.all():
        sol = lp.solve()
        joint = np.zeros(int(np.prod(payoffs.shape[1:])))
        joint[sol.joints] = sol.weights
        dev = gains.deviation_gains(payoffs, joint.reshape(payoffs.shape[1:]))
        new = (~frozen) & (dev >= sol.value - 1e-9)
        ratings[new] = sol.value
        frozen_at[new] = len(values)
        frozen |= new
        values.append(sol.value)
        duals.append(sol.multipliers)
        lp.freeze(np.nonzero(new)[0], np.full(int(new.sum()), sol.value))
    return {
        "ratings": [ratings[a:b] for a, b in zip(*[np.cumsum((0,) + payoffs.shape[1:])[i:] for i in (0, 1)])],
        "joint": joint.reshape(payoffs.shape[1:]),
        "level_values": values,
        "frozen_at": frozen_at,
        "duals": np.array(duals),
    }


def test_verify_rejects_freezing_by_primal_tightness():
    """On degenerate integer games the wrong rule gives wrong ratings that the
    joint still realises (the old primal-only certificate passed them); the dual
    proof does not."""
    wrong = realised = 0
    for g in random_games(10, 300, kinds=("integer",)):
        right = np.concatenate(deviation_ratings(g).ratings)
        bad = _primal_tightness_solve(g)
        if np.abs(np.concatenate(bad["ratings"]) - right).max() <= 1e-7 * max(_range(g), 1.0):
            continue
        wrong += 1
        check = jaxrate.verify(g, bad)
        assert not check.ok
        joint_gains = gains.deviation_gains(g, bad["joint"])
        if np.abs(joint_gains - np.concatenate(bad["ratings"])).max() < 1e-7:
            # The joint realises the wrong ratings: a primal-only check passes them;
            # the dual proof does not.
            realised += 1
            assert any("without a positive dual" in why or "dual bound" in why for why in check.problems)
    assert wrong >= 5 and realised >= 1, (wrong, realised)


def test_rational_solver_matches_highs_on_degenerate_games():
    for g in random_games(11, 60):
        exact = deviation_ratings(g, solver="rational")
        assert exact.steps == ("rational",) * exact.levels
        floats = deviation_ratings(g)
        tol = 1e-9 * max(_range(g), 1.0)
        np.testing.assert_allclose(np.concatenate(exact.ratings), np.concatenate(floats.ratings), atol=tol)
        assert jaxrate.verify(g, exact, rational=True).ok


def _livebench_resample_445():
    import pandas as pd

    table = pd.read_csv(shared_file("livebench_2024_08_17.csv"), index_col=0).to_numpy()[:12]
    rng = np.random.default_rng(0)
    keep = None
    for _ in range(446):
        keep = np.zeros(table.shape[1], dtype=bool)
        keep[rng.integers(table.shape[1], size=table.shape[1])] = True
    return jaxrate.agent_vs_agent_vs_task(table[:, keep])


def test_hard_livebench_resample_is_rated_and_proven(monkeypatch):
    """Task-subset resample 445 of the first 12 LiveBench models (3P, 12 x 12 x 10)
    failed a level in HiGHS at 1e-7 (and in a fresh GLOP): at 1e-10 the float solve
    rates it, and a failed float solve ends in exact arithmetic (HiGHS's bases
    confirmed or repaired exactly); both are proven and agree with the exact
    simplex from scratch."""
    game = _livebench_resample_445()
    assert game.num_strategies == (12, 12, 10)
    exact = np.concatenate(deviation_ratings(game, solver="rational").ratings)
    scale = _range(game.payoffs)
    floated = deviation_ratings(game)
    assert floated.rescue is None and jaxrate.verify(game, floated).ok
    np.testing.assert_allclose(np.concatenate(floated.ratings), exact, rtol=0, atol=1e-12 * scale)
    fail_highs_level(monkeypatch, 0)
    result = deviation_ratings(game)
    assert "forced" in result.rescue
    assert all(r.route in ("highs + exact check", "highs + exact repair", "rational") for r in result.routes)
    assert jaxrate.verify(game, result, rational=True).ok
    np.testing.assert_allclose(np.concatenate(result.ratings), exact, rtol=0, atol=1e-12 * scale)


def test_ladder_uses_the_other_back_end_when_highs_fails(monkeypatch):
    from jaxrate.exact import _highs

    calls = {"n": 0}
    real = _highs.HighsLevelSolver.solve

    def flaky(self):
        calls["n"] += 1
        return None if calls["n"] in (3, 4) else real(self)  # level 3: warm and cold fail

    monkeypatch.setattr(_highs.HighsLevelSolver, "solve", flaky)
    g = random_games(12, 1, kinds=("normal",))[0]
    result = deviation_ratings(g)
    assert result.steps[2] == "glop" and result.rescue is None
    monkeypatch.undo()
    np.testing.assert_allclose(
        np.concatenate(result.ratings), np.concatenate(deviation_ratings(g).ratings), atol=1e-9
    )


@pytest.mark.slow
def test_sub_leaderboard_scan_has_no_failures():
    """5,000 seeded random sub-leaderboards of LiveBench and Atari, 2P and 3P: all rated and proven."""
    data = tables(shared_file("livebench_2024_08_17.csv"))
    for i in range(5000):
        name, game = sub_leaderboard(data, 0, i)
        result = deviation_ratings(game)  # raises if no step of the ladder is proven
        assert result.levels >= 1, name


@pytest.mark.slow
def test_every_task_subset_of_the_first_12_livebench_models_is_rated():
    import pandas as pd

    table = pd.read_csv(shared_file("livebench_2024_08_17.csv"), index_col=0).iloc[:12]
    out = jaxrate.task_subsets(table, gamification="3p", resamples=1000, seed=0, method="exact")
    assert out.failures == ()
    assert not np.isnan(out.samples[0]).any()
    for lo, r, hi in zip(out.lower, out.ratings, out.upper):
        assert np.all(lo <= r) and np.all(r <= hi)


def test_real_valued_game_is_rescued_by_the_other_back_end_from_scratch(monkeypatch):
    """Payoffs with 12 significant digits would make an exact solve slow: the other
    back end re-solves the whole game first (it freezes its own float values)."""
    g = np.random.default_rng(30).normal(size=(2, 6, 5))
    fail_highs_level(monkeypatch, 2)
    result = deviation_ratings(g)
    assert result.steps == ("glop",) * result.levels and "forced" in result.rescue
    assert jaxrate.verify(g, result, rational=True).ok
    monkeypatch.undo()
    np.testing.assert_allclose(
        np.concatenate(result.ratings),
        np.concatenate(deviation_ratings(g, solver="rational").ratings),
        atol=1e-9,
    )


def test_decimal_scores_are_rescued_in_exact_arithmetic_first(monkeypatch):
    g = np.round(np.random.default_rng(31).random((2, 6, 5)), 3)  # scores with three decimals
    fail_highs_level(monkeypatch, 2)
    result = deviation_ratings(g)
    exact = {"highs + exact check", "highs + exact repair", "rational"}
    assert set(result.steps) <= exact and "forced" in result.rescue
    assert jaxrate.verify(g, result, rational=True).ok
