"""A game the JAX simplex leaves unsolved inside ``jit`` is rated by the exact path (issue 52)."""

import jax
import jax.numpy as jnp
import numpy as np

import jaxrate
from jaxrate.batched import SimplexConfig, Status, rate_game

# A pivot tolerance no pivot meets: every game FAILS on the simplex (deterministic on any machine).
NO_PIVOT = SimplexConfig(pivot_tol=10.0)


def _exact(game) -> np.ndarray:
    return np.concatenate(jaxrate.exact.deviation_ratings(np.asarray(game, np.float64)).ratings)


def test_a_failed_game_in_a_batch_is_rated_by_the_exact_path_with_its_derivative():
    rng = np.random.default_rng(52)
    games = rng.random((3, 2, 4, 4))
    masks = np.ones((3, 4), bool)
    masks[1, 3] = False  # the second game: 4 x 3, its last column padding
    rate = jax.vmap(lambda g, m: rate_game(g, masks=(jnp.ones(4, bool), m), config=NO_PIVOT))
    weights = rng.normal(size=(3, 8))
    with jax.enable_x64(True):
        out = jax.jit(rate)(games, masks)
        grad = jax.jit(jax.grad(lambda g: jnp.sum(weights * jnp.nan_to_num(rate(g, masks)["ratings"]))))(
            games
        )
    assert np.asarray(out["status"]).tolist() == [int(Status.SOLVED)] * 3
    assert np.asarray(out["fallback"]).all()
    direction = rng.normal(size=games.shape)
    for i in range(3):
        kept = np.ix_(range(2), range(4), np.flatnonzero(masks[i]))
        got = np.asarray(out["ratings"][i])
        np.testing.assert_allclose(got[np.isfinite(got)], _exact(games[i][kept]), atol=1e-12)
        assert np.isnan(got[4:][~masks[i]]).all()
        assert int(out["levels"][i]) >= 1 and float(out["residual"][i]) <= 1e-9  # and its proof
        # the ratings' derivative is the proof's: central differences of the exact path (random
        # games are smooth here)
        d, h, live = direction[i], 1e-6, np.isfinite(got)
        fd = (
            weights[i][live] @ (_exact((games[i] + h * d)[kept]) - _exact((games[i] - h * d)[kept])) / (2 * h)
        )
        assert abs(float(np.sum(np.asarray(grad[i]) * d)) - fd) <= 1e-5 * max(1.0, abs(fd))


def test_the_fallback_in_float32_programs_and_turned_off():
    game = np.random.default_rng(7).random((2, 3, 3)).astype(np.float32)
    out = jax.jit(lambda g: rate_game(g, config=NO_PIVOT))(game)  # x64 off: float32 in and out
    assert int(out["status"]) == int(Status.SOLVED) and bool(out["fallback"])
    assert out["ratings"].dtype == jnp.float32
    np.testing.assert_allclose(np.asarray(out["ratings"]), _exact(game), atol=1e-6)
    off = NO_PIVOT._replace(fallback=False)
    assert "callback" not in str(jax.make_jaxpr(lambda g: rate_game(g, config=off))(game))
    failed = jax.jit(lambda g: rate_game(g, config=off))(game)
    assert int(failed["status"]) == int(Status.FAILED) and not bool(failed["fallback"])
