"""Ratings inside training loops: the pure JAX rating, the population loop, and OpenSpiel meta-games."""

import time

import chex
import jax
import jax.numpy as jnp
import numpy as np
import pytest

import jaxrate
from jaxrate.batched import SimplexConfig, Status, rate_game
from jaxrate.population import population_loop, rate_population

# ----------------------------------------------------------------------- rate_game (pure JAX)


@pytest.mark.slow  # the default run stays under 5 minutes; CI runs it
def test_rate_game_jit_vmap_and_plain_call_agree_with_the_exact_path():
    games = np.random.default_rng(0).random((6, 3, 3, 4, 2))
    with jax.enable_x64(True):
        batched = jax.jit(jax.vmap(rate_game))(jnp.asarray(games))
        looped = [jax.jit(rate_game)(jnp.asarray(g)) for g in games]
        plain = rate_game(jnp.asarray(games[0]))
    # Every output (joint, status, levels, proof), not only the ratings, whichever the call.
    chex.assert_trees_all_close(batched, jax.tree.map(lambda *xs: jnp.stack(xs), *looped), atol=1e-12)
    chex.assert_trees_all_close(jax.tree.map(lambda x: x[0], batched), plain, atol=1e-12)
    chex.assert_shape(batched["ratings"], (6, 3 + 4 + 2))
    chex.assert_shape(batched["joint"], (6, 3, 4, 2))
    exact = np.stack([np.concatenate(jaxrate.exact.deviation_ratings(g).ratings) for g in games])
    np.testing.assert_allclose(np.asarray(batched["ratings"]), exact, atol=1e-9)
    assert (np.asarray(batched["status"]) == int(Status.SOLVED)).all()


@pytest.mark.slow  # the default run stays under 5 minutes (compile-heavy); CI runs it
def test_rate_game_inside_a_jitted_step_with_a_fixed_budget():
    games = jnp.asarray(np.random.default_rng(1).random((4, 2, 6, 6)))
    budget = SimplexConfig(1e-9, 1e-9, 1e-9, 3, 50)  # far too few pivots

    @jax.jit
    def step(payoffs, fitness_bias):
        out = jax.vmap(lambda g: rate_game(g, config=budget))(payoffs)
        return out["status"], jnp.nan_to_num(out["ratings"]) + fitness_bias

    with jax.enable_x64(True):
        status, _ = step(games, 0.0)
    assert (np.asarray(status) == int(Status.MAX_ITERATIONS)).all()


@pytest.mark.slow  # the default run stays under 5 minutes; CI runs it
def test_rate_game_warm_start_and_masks():
    g = np.random.default_rng(2).random((2, 5, 4))
    with jax.enable_x64(True):
        cold = jax.device_get(rate_game(jnp.asarray(g)))
        warm = jax.device_get(rate_game(jnp.asarray(g), start=np.int32(np.argmax(cold["joint"]))))
        masked = jax.device_get(
            rate_game(jnp.asarray(g), masks=(jnp.array([1, 1, 1, 0, 0], bool), jnp.ones(4, bool)))
        )
    np.testing.assert_allclose(warm["ratings"], cold["ratings"], atol=1e-9)
    expected = np.concatenate(jaxrate.exact.deviation_ratings(g[:, :3]).ratings)
    got = np.asarray(masked["ratings"])
    assert np.isnan(got[3:5]).all()
    np.testing.assert_allclose(np.r_[got[:3], got[5:]], expected, atol=1e-9)


# ----------------------------------------------------------------------- population loop


def _strength_game(pops):
    """Two players, zero-sum: a member's payoff is its strength minus the opponent's."""
    a, b = np.asarray(pops[0], float), np.asarray(pops[1], float)
    g = a[:, None] - b[None, :]
    return np.stack([g, -g])


def test_population_loop_replaces_the_weakest_and_improves():
    rng = np.random.default_rng(3)
    pops = [list(rng.random(8)), list(rng.random(8))]
    seen = []
    history = population_loop(
        _strength_game,
        pops,
        lambda p, count, g: list(g.random(count) + 0.5),  # new members are stronger on average
        iterations=6,
        method="uniform",
        hooks=[seen.append],
    )
    assert len(history) == 6 and seen == history
    first = history[0]
    for p in range(2):
        ratings = first.ratings[p]
        assert len(first.dropped[p]) == 2
        assert set(first.dropped[p].tolist()) == set(np.argsort(ratings)[:2].tolist())
    assert np.mean(history[-1].populations[0]) > np.mean(history[0].populations[0])


def test_population_loop_times_each_step_of_an_iteration():
    def slow_game(pops):
        time.sleep(0.02)
        return _strength_game(pops)

    def slow_rating(payoffs):
        time.sleep(0.05)
        return jaxrate.uniform_ratings(payoffs)

    def slow_hook(iteration):
        time.sleep(0.03)

    pops = [[0.1, 0.2, 0.3, 0.4], [0.5, 0.6, 0.7, 0.8]]
    history = population_loop(
        slow_game,
        pops,
        lambda p, count, g: [1.0] * count,
        iterations=2,
        method=slow_rating,
        hooks=[slow_hook],
    )
    for it in history:
        assert it.evaluate_seconds >= 0.02 and it.rate_seconds >= 0.05
        assert it.seconds >= it.evaluate_seconds + it.rate_seconds + 0.03  # hooks count in the iteration


def test_population_loop_deviation_matches_the_exact_path():
    rng = np.random.default_rng(4)
    payoffs = rng.random((3, 4, 4, 3))
    jax_ratings, joint = rate_population(payoffs, "deviation")
    exact_ratings, _ = rate_population(payoffs, "deviation-exact")
    for a, b in zip(jax_ratings, exact_ratings):
        np.testing.assert_allclose(a, b, atol=1e-8)
    assert joint.shape == (4, 4, 3)


@pytest.mark.slow  # the default run stays under 5 minutes; CI runs it
def test_growing_populations_share_compilations_and_match_the_exact_path():
    # PSRO-style growth: one member more per iteration. Padding to size buckets
    # (masked out) keeps compilations to one per bucket, and warm starts carry
    # over between buckets.
    from jaxrate.population import _bucket, _DeviationRater

    assert [_bucket(k) for k in (1, 4, 5, 8, 9, 33, 64, 65, 130)] == [4, 4, 8, 8, 16, 64, 64, 128, 192]
    rng = np.random.default_rng(6)
    full = rng.random((2, 8, 8))
    rater = _DeviationRater()
    before = None if _DeviationRater._jitted is None else _DeviationRater._jitted._cache_size()
    for k in range(3, 9):
        game = full[:, :k, : k - 1]
        ratings, joint = rater(game)
        exact = jaxrate.exact.deviation_ratings(game)
        for a, b in zip(ratings, exact.ratings):
            np.testing.assert_allclose(a, b, atol=1e-8)
        assert joint.shape == (k, k - 1)
        assert abs(joint.sum() - 1) < 1e-9
    compiled = _DeviationRater._jitted._cache_size() - (before or 0)
    # 6 sizes, 3 padded shapes: (4, 4) (8, 4) (8, 8). Another test of the same
    # process may have compiled one of them already, so at most 3 are new; one
    # compilation per size would make 6.
    assert 1 <= compiled <= len({(_bucket(k), _bucket(k - 1)) for k in range(3, 9)}) == 3
    for k in range(3, 9):  # every padded shape is compiled now: no size compiles again
        rater(full[:, :k, : k - 1])
    assert _DeviationRater._jitted._cache_size() - (before or 0) == compiled
    assert rater.previous is not None


def test_population_loop_rejects_bad_callbacks():
    pops = [[0.1, 0.2, 0.3, 0.4], [0.1, 0.2, 0.3, 0.4]]
    with pytest.raises(ValueError, match="expected \\(2, 4, 4\\)"):
        population_loop(lambda p: np.zeros((2, 3, 3)), pops, lambda p, c, g: [0.0] * c, iterations=1)
    with pytest.raises(ValueError, match="propose returned 0 members"):
        population_loop(_strength_game, pops, lambda p, c, g: [], iterations=1, method="uniform")
    with pytest.raises(ValueError, match="method must be"):
        population_loop(_strength_game, pops, lambda p, c, g: [0.0] * c, iterations=1, method="elo")


# ----------------------------------------------------------------------- OpenSpiel


def test_openspiel_meta_game_and_cce_gap_match_openspiel():
    from open_spiel.python.algorithms import expected_game_score, exploitability

    from jaxrate import openspiel as jo

    for params in ({}, {"players": 3}):
        game = jo.load_game("kuhn_poker", **params)
        tables = jo.game_tables(game)
        n = tables.num_players
        rng = np.random.default_rng(5)
        pops = [np.stack([jo.random_policy(tables, p, rng) for _ in range(3)]) for p in range(n)]
        meta = jo.meta_game(tables, pops)
        assert meta.shape == (n,) + (3,) * n
        for profile in [(0,) * n, (2, 1, 0)[:n]]:
            policy = jo.to_tabular_policy(game, tables, [pops[p][profile[p]] for p in range(n)])
            value = expected_game_score.policy_value(game.new_initial_state(), [policy] * n)
            np.testing.assert_allclose(meta[(slice(None),) + profile], value, atol=1e-12)
            # A point mass on one profile: the CCE gap is that profile's NashConv.
            sigma = np.zeros((3,) * n)
            sigma[profile] = 1.0
            gap, _ = jo.cce_gap(tables, pops, sigma)
            assert gap == pytest.approx(exploitability.nash_conv(game, policy), abs=1e-10)


def test_expected_returns_meta_game_equals_the_contraction_and_reuses_profiles(monkeypatch):
    import pyspiel

    import jaxrate.openspiel as jo

    game = jo.load_game("kuhn_poker", players=3)
    tables = jo.game_tables(game)
    rng = np.random.default_rng(7)
    pops = [np.stack([jo.random_policy(tables, p, rng) for _ in range(4)]) for p in range(3)]
    calls = []
    walk = pyspiel.expected_returns
    monkeypatch.setattr(pyspiel, "expected_returns", lambda *a: calls.append(1) or walk(*a))
    cache = {}
    first = jo.expected_returns_meta_game(game, tables, pops, cache)
    np.testing.assert_allclose(first, jo.meta_game(tables, pops), atol=1e-12)
    assert len(calls) == 64 and len(cache) == 64
    pops[0][1] = jo.random_policy(tables, 0, rng)  # one new member: 16 new profiles
    second = jo.expected_returns_meta_game(game, tables, pops, cache)
    np.testing.assert_allclose(second, jo.meta_game(tables, pops), atol=1e-12)
    assert len(calls) == 64 + 16 and len(cache) == 64
    np.testing.assert_array_equal(second[:, [0, 2, 3]], first[:, [0, 2, 3]])


def test_random_policies_from_openspiel_and_dirichlet_are_policies():
    import pyspiel

    import jaxrate.openspiel as jo

    game = jo.load_game("kuhn_poker", players=3)
    tables = jo.game_tables(game)
    for source in (None, game):
        policy = jo.random_policy(tables, 1, np.random.default_rng(3), game=source)
        infoset = tables.sequences[1][:, 0]
        totals = np.bincount(infoset, weights=policy)
        np.testing.assert_allclose(totals, 1.0, atol=1e-12)
        assert (policy > 0).all()
    # The OpenSpiel draw is GetRandomPolicy's table for the seed taken from the generator.
    seed = int(np.random.default_rng(3).integers(2**31))
    table = pyspiel.GetRandomPolicy(game, seed, 1).policy_table()
    key, actions = next(iter(sorted(table.items())))
    i = tables.infosets[1].index(key)
    for action, prob in actions:
        s = [k for k, (j, a) in enumerate(tables.sequences[1]) if j == i and a == action][0]
        assert policy[s] == pytest.approx(prob, abs=1e-15)


@pytest.mark.slow  # the default run stays under 5 minutes; CI runs it
def test_openspiel_improvement_study_two_iterations(capsys, tmp_path):
    from jaxrate.studies.improvement import improvement_study

    for method in ("uniform", "deviation"):
        rows = improvement_study("kuhn_poker_3p", method, 0, iterations=2)
        assert [r["iteration"] for r in rows] == [0, 1]
        assert all(np.isfinite(r["cce_gap"]) and r["cce_gap"] >= -1e-9 for r in rows)
        # The same loop with OpenSpiel's expected returns building the meta-games.
        spiel = improvement_study("kuhn_poker_3p", method, 0, iterations=2, evaluator="openspiel")
        np.testing.assert_allclose([r["cce_gap"] for r in spiel], [r["cce_gap"] for r in rows], atol=1e-8)
    with pytest.raises(ValueError, match="evaluator must be"):
        improvement_study("kuhn_poker_3p", "uniform", 0, iterations=1, evaluator="python")
    with pytest.raises(ValueError, match="sampler must be"):
        improvement_study("kuhn_poker_3p", "uniform", 0, iterations=1, sampler="gauss")
    rows = improvement_study("sheriff", "deviation", 0, iterations=2, sampler="openspiel")
    assert [r["sampler"] for r in rows] == ["openspiel"] * 2 and rows[0]["cce_gap"] > 0
    from jaxrate.cli import main

    code = main(
        [
            "reproduce",
            "improvement",
            "--out",
            str(tmp_path / "imp"),
            "--iterations",
            "2",
            "--seeds",
            "1",
            "--evaluator",
            "openspiel",
        ]
    )
    assert code == 0
    assert (tmp_path / "imp" / "improvement.png").exists() and (tmp_path / "imp" / "improvement.csv").exists()


@pytest.mark.slow  # the default run stays under 5 minutes; CI runs it
def test_the_evolution_strategy_example_rates_every_game_in_float32():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "examples" / "es_fitness.py"
    spec = importlib.util.spec_from_file_location("es_fitness", path)
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)  # needs evosax: the [test] extra installs it
    result = example.main(["--pops", "16", "--steps", "12"])
    assert result["unsolved"] == 0 and result["games"] == 16 * 12
    assert np.isfinite(result["mean_rating"]).all()
    means = np.asarray(result["means"])
    assert means.shape == (16, 2, 10) and np.abs(means).max() > 0  # the search distributions moved
