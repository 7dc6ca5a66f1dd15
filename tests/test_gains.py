"""The shared deviation-gain definition: contraction forms against the dense matrix."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from jaxrate import gains


def _random(seed, shape):
    rng = np.random.default_rng(seed)
    g = rng.normal(size=(len(shape),) + shape)
    sigma = rng.random(shape)
    return g, sigma / sigma.sum(), rng


@pytest.mark.parametrize("shape", [(3,), (2, 4), (3, 2, 4), (2, 2, 3, 2)])
def test_contractions_match_dense_matrix(shape):
    g, sigma, rng = _random(0, shape)
    a = gains.constraint_matrix(g)
    assert a.shape == (sum(shape), int(np.prod(shape)))
    np.testing.assert_allclose(gains.deviation_gains(g, sigma), a @ sigma.ravel(), atol=1e-13)
    y = rng.normal(size=sum(shape))
    np.testing.assert_allclose(gains.transpose_gains(g, y).ravel(), a.T @ y, atol=1e-13)
    joints = np.stack(np.unravel_index(np.arange(a.shape[1]), shape), axis=1)
    np.testing.assert_array_equal(gains.constraint_columns(g, joints[::-1]), a[:, ::-1])


def test_definition_by_brute_force():
    g, sigma, _ = _random(1, (2, 3, 2))
    offsets = gains.constraint_offsets((2, 3, 2))
    dev = gains.deviation_gains(g, sigma)
    for p in range(3):
        for alt in range(g.shape[1 + p]):
            expected = 0.0
            for a in np.ndindex(*sigma.shape):
                deviated = list(a)
                deviated[p] = alt
                expected += sigma[a] * (g[(p, *deviated)] - g[(p, *a)])
            assert dev[offsets[p] + alt] == pytest.approx(expected, abs=1e-13)


def test_same_code_runs_on_jax_arrays():
    g, sigma, _ = _random(2, (3, 3, 2))
    with jax.enable_x64(True):
        out = gains.deviation_gains(jnp.asarray(g), jnp.asarray(sigma))
        assert isinstance(out, jax.Array) and out.dtype == jnp.float64
        np.testing.assert_allclose(np.asarray(out), gains.deviation_gains(g, sigma), atol=1e-14)


def test_uniform_ratings_are_mean_payoffs():
    g, _, _ = _random(3, (2, 3))
    r0, r1 = gains.uniform_ratings(g)
    np.testing.assert_allclose(r0, g[0].mean(axis=1))
    np.testing.assert_allclose(r1, g[1].mean(axis=0))


def test_uniform_ratings_print_zero_not_rounding_noise():
    import jaxrate

    game = jaxrate.agent_vs_agent_vs_task(np.array([[0.9, 0.1], [0.2, 0.8]]))
    plain = game.payoffs[0].mean(axis=(1, 2))
    assert np.abs(plain).max() > 0  # the plain mean carries rounding noise (about 3e-17)...
    assert jaxrate.uniform_ratings(game)[0].tolist() == [0.0, 0.0]  # ...the rating does not


def test_every_payoff_function_takes_a_game_and_a_result():
    """A Game where payoffs go, a Ratings (its joint) where a joint goes: same numbers."""
    import jaxrate

    game = jaxrate.agent_vs_task(np.random.default_rng(3).random((4, 3)))
    rated = jaxrate.deviation_ratings(game)
    g, joint = game.payoffs, rated.joint
    np.testing.assert_array_equal(gains.deviation_gains(game, rated), gains.deviation_gains(g, joint))
    np.testing.assert_allclose(gains.deviation_gains(game, rated), np.concatenate(rated.ratings), atol=1e-9)
    np.testing.assert_array_equal(
        gains.task_contributions(game, rated), gains.task_contributions(g, joint, player=0, over=-1)
    )
    y = np.arange(7.0)
    np.testing.assert_array_equal(gains.transpose_gains(game, y), gains.transpose_gains(g, y))
    np.testing.assert_array_equal(gains.constraint_matrix(game), gains.constraint_matrix(g))
    joints = np.array([[0, 1], [3, 2]])
    np.testing.assert_array_equal(gains.constraint_columns(game, joints), gains.constraint_columns(g, joints))
