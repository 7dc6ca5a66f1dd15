"""A game the JAX simplex leaves unsolved inside ``jit`` is rated by the exact path (issue 52)."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import jaxrate
from jaxrate.batched import SimplexConfig, Status, rate_game

# A pivot tolerance no pivot meets: every game FAILS on the simplex (deterministic on any machine).
NO_PIVOT = SimplexConfig(pivot_tol=10.0)


def _exact(game) -> np.ndarray:
    return np.concatenate(jaxrate.exact.deviation_ratings(np.asarray(game, np.float64)).ratings)


def _batch(dtype):
    rng = np.random.default_rng(52)
    games = rng.random((3, 2, 4, 4)).astype(dtype)
    masks = np.ones((3, 4), bool)
    masks[1, 3] = False  # the second game: 4 x 3, its last column padding
    return rng, games, masks


def _rated_and_grad(games, masks, weights):
    rate = jax.vmap(lambda g, m: rate_game(g, masks=(jnp.ones(4, bool), m), config=NO_PIVOT))
    out = jax.jit(rate)(games, masks)
    grad = jax.jit(jax.grad(lambda g: jnp.sum(weights * jnp.nan_to_num(rate(g, masks)["ratings"]))))(games)
    return out, grad


def _check(out, grad, games, masks, weights, rng, atol: float, grad_tol: float) -> None:
    assert np.asarray(out["status"]).tolist() == [int(Status.SOLVED)] * 3
    assert np.asarray(out["fallback"]).all()
    direction = rng.normal(size=games.shape)
    for i in range(3):
        kept = np.ix_(range(2), range(4), np.flatnonzero(masks[i]))
        got = np.asarray(out["ratings"][i], np.float64)
        game = np.asarray(games[i], np.float64)
        np.testing.assert_allclose(got[np.isfinite(got)], _exact(game[kept]), atol=atol)
        assert np.isnan(got[4:][~masks[i]]).all()
        assert int(out["levels"][i]) >= 1 and float(out["residual"][i]) <= 1e-6  # and its proof
        # the ratings' derivative is the proof's: central differences of the exact path (random
        # games are smooth here)
        d, h, live = direction[i], 1e-6, np.isfinite(got)
        fd = weights[i][live] @ (_exact((game + h * d)[kept]) - _exact((game - h * d)[kept])) / (2 * h)
        assert abs(float(np.sum(np.asarray(grad[i], np.float64) * d)) - fd) <= grad_tol * max(1.0, abs(fd))


def test_failed_games_in_a_float32_program_are_rated_by_the_exact_path_with_their_derivative():
    # JAX's default (x64 off, float32 in and out): the game crosses the callback in float64
    rng, games, masks = _batch(np.float32)
    weights = rng.normal(size=(3, 8)).astype(np.float32)
    out, grad = _rated_and_grad(games, masks, weights)
    assert out["ratings"].dtype == jnp.float32
    _check(out, grad, games, masks, weights, rng, atol=1e-6, grad_tol=1e-4)
    off = NO_PIVOT._replace(fallback=False)
    assert "callback" not in str(jax.make_jaxpr(lambda g: rate_game(g, config=off))(games[0]))
    assert "callback" in str(jax.make_jaxpr(lambda g: rate_game(g, config=NO_PIVOT))(games[0]))


@pytest.mark.slow  # the float32 program covers the path in the default run; compile-heavy
def test_failed_games_in_float64_are_rated_exactly_and_without_the_fallback_stay_failed():
    rng, games, masks = _batch(np.float64)
    weights = rng.normal(size=(3, 8))
    with jax.enable_x64(True):
        out, grad = _rated_and_grad(games, masks, weights)
        failed = jax.jit(lambda g: rate_game(g, config=NO_PIVOT._replace(fallback=False)))(games[0])
    _check(out, grad, games, masks, weights, rng, atol=1e-12, grad_tol=1e-5)
    assert int(failed["status"]) == int(Status.FAILED) and not bool(failed["fallback"])
