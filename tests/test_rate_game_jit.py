"""``rate_game`` inside a user's ``jax.jit``: float32 payoffs rated right or flagged, exact
derivatives (or a refusal), warm starts, honest statuses (docs/howto/training-loops.md)."""

import functools
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from game_families import family

import jaxrate
from jaxrate.batched import SimplexConfig, Status, WarmStart, rate_game

# The families the float32 promise covers (near-ties everywhere in es-8x10).
FLOAT32_FAMILIES = [
    pytest.param("2p-5x5", marks=pytest.mark.slow),  # the default run stays under 5 minutes; CI runs it
    "2p-10x10",
    pytest.param("2p-16x16", marks=pytest.mark.slow),
    pytest.param("3p-6x6x6", marks=pytest.mark.slow),
    pytest.param("winloss-16", marks=pytest.mark.slow),
    pytest.param("clones-16", marks=pytest.mark.slow),
    pytest.param("es-8x10", marks=pytest.mark.slow),
]


def _exact(game) -> np.ndarray:
    return np.concatenate(jaxrate.exact.deviation_ratings(np.asarray(game, np.float64)).ratings)


@jax.jit
def _rate32(games):
    return jax.vmap(rate_game)(games)


def _right_or_flagged(games32: np.ndarray, out: dict, tol: float = 1e-4) -> tuple[int, int]:
    """(games not SOLVED, SOLVED games whose ratings are off the exact path's by more than ``tol``
    of the range); the reference is the exact rating of the float32 payoffs themselves."""
    solved = out["status"] == int(Status.SOLVED)
    wrong = 0
    for game, ratings, ok in zip(games32, out["ratings"], solved):
        if ok:
            wrong += np.abs(ratings.astype(np.float64) - _exact(game)).max() > tol * np.ptp(game)
    return int((~solved).sum()), wrong


@pytest.mark.parametrize("name", FLOAT32_FAMILIES)
def test_float32_payoffs_in_jit_are_rated_right(name):
    games = family(name, 24, seed=45).astype(np.float32)
    out = jax.device_get(_rate32(jnp.asarray(games)))  # JAX's default: x64 off, float32 in, float32 out
    assert out["ratings"].dtype == np.float32 and out["joint"].dtype == np.float32
    unsolved, wrong = _right_or_flagged(games, out)
    assert (unsolved, wrong) == (0, 0)  # at most 1 in 1,000 unsolved: none of 24


@pytest.mark.slow  # the default run stays under 5 minutes; CI runs it
@pytest.mark.parametrize("name", ["2p-10x10", "3p-6x6x6", "es-8x10"])
def test_float32_in_jit_at_most_one_game_in_a_thousand_unsolved(name):
    games = family(name, 1000, seed=46).astype(np.float32)
    out = jax.device_get(_rate32(jnp.asarray(games)))
    unsolved, wrong = _right_or_flagged(games, out)
    assert unsolved <= 1 and wrong == 0


@pytest.mark.slow  # a sibling covers this path in the default run; compile-heavy
def test_forced_float32_arithmetic_is_as_accurate_as_documented():
    # precision="float32" is for backends without float64 (TPU, Metal): proven to float32's
    # tolerance, which near-tie games amplify to about 1e-2 of the range (the docs say so).
    games = family("es-8x10", 24, seed=47).astype(np.float32)
    out = jax.device_get(jax.jit(jax.vmap(functools.partial(rate_game, precision="float32")))(games))
    _, wrong = _right_or_flagged(games, out, tol=3e-2)
    assert wrong == 0
    with pytest.raises(ValueError, match="precision"):
        rate_game(games[0], precision="half")


def _products(jaxpr) -> tuple[int, int]:
    """(matrix products, those at full precision) in a jaxpr's text, nested jaxprs included."""
    text = str(jaxpr)
    return text.count("dot_general["), text.count("precision=(Precision.HIGHEST, Precision.HIGHEST)")


@pytest.mark.slow  # a sibling covers this path in the default run; compile-heavy
def test_every_matrix_product_of_a_solve_is_at_full_precision(monkeypatch):
    # A GPU runs float32 products in TF32 by default: on an H100 that left 31% of an ES loop's games
    # unsolved in float32 arithmetic and SOLVED ones off by 5e-2 (benchmarks/RESULTS.md, GPU). The CPU
    # has no TF32, so the test reads the traced programs: no product may be left at the default.
    games = jnp.asarray(family("es-8x10", 4, seed=48), jnp.float32)
    for precision in (None, "float32"):
        rate = jax.vmap(functools.partial(rate_game, precision=precision))
        for program in (rate, jax.grad(lambda g, rate=rate: rate(g)["ratings"].sum())):
            total, full = _products(jax.make_jaxpr(program)(games))
            assert total > 0 and full == total, (precision, total, full)
    # ...and the host API's lanes, through which every batched rating goes.
    from jaxrate.batched import _api

    seen, stream = [], _api.stream

    class Traced(Exception):
        pass

    def traced(*args):  # traced, not compiled or run
        seen.append(_products(jax.make_jaxpr(stream, static_argnums=(4, 5, 6))(*args)))
        raise Traced

    monkeypatch.setattr(_api, "stream", traced)
    with pytest.raises(Traced):
        jaxrate.batched.deviation_ratings(np.asarray(games))
    assert seen and all(total > 0 and full == total for total, full in seen), seen


# ----------------------------------------------------------------------- derivatives


def _central(game, direction, h):
    return (_exact(game + h * direction) - _exact(game - h * direction)) / (2 * h)


def _differentiable_cases(rng, count, shape):
    """Seeded games and directions where central differences agree across step sizes (no kink)."""
    cases = []
    while len(cases) < count:
        game, direction = rng.random(shape), rng.normal(size=shape)
        fd = _central(game, direction, 1e-5)
        if np.abs(fd - _central(game, direction, 1e-4)).max() <= 1e-7 * max(1.0, np.abs(fd).max()):
            cases.append((game, direction, fd))
    return cases


def _close(derivative, fd):
    np.testing.assert_allclose(np.asarray(derivative), fd, rtol=1e-6, atol=1e-6 * max(1.0, np.abs(fd).max()))


@pytest.fixture(scope="module")
def cases():
    return _differentiable_cases(np.random.default_rng(45), 6, (2, 4, 5))


def _ratings(payoffs):
    return rate_game(payoffs)["ratings"]


def test_jvp_and_grad_under_jit_equal_finite_differences(cases):
    weights = np.random.default_rng(1).normal(size=9)
    jvp = jax.jit(lambda g, d: jax.jvp(_ratings, (g,), (d,))[1])
    grad = jax.jit(jax.grad(lambda g: jnp.dot(_ratings(g), weights)))
    with jax.enable_x64(True):
        for game, direction, fd in cases:
            _close(jvp(game, direction), fd)
            _close(np.sum(grad(game) * direction), weights @ fd)


@pytest.mark.slow  # a sibling covers this path in the default run; compile-heavy
def test_jacfwd_and_jacrev_equal_finite_differences(cases):
    jacobians = jax.jit(lambda g: (jax.jacfwd(_ratings)(g), jax.jacrev(_ratings)(g)))  # [C, N, A, B] each
    with jax.enable_x64(True):
        for game, direction, fd in cases[:3]:
            for full in jacobians(game):
                _close(np.tensordot(np.asarray(full), direction, axes=3), fd)


@pytest.mark.slow  # the default run stays under 5 minutes; CI runs it
def test_derivatives_under_vmap_and_scan_equal_finite_differences(cases):
    games = np.stack([c[0] for c in cases])
    directions = np.stack([c[1] for c in cases])
    fd = np.stack([c[2] for c in cases])
    weights = np.random.default_rng(2).normal(size=9)

    def scanned(carry, game):
        return carry, jax.grad(lambda g: jnp.dot(_ratings(g), weights))(game)

    with jax.enable_x64(True):
        mapped = jax.jit(jax.vmap(lambda g, d: jax.jvp(_ratings, (g,), (d,))[1]))(games, directions)
        _, grads = jax.jit(lambda gs: jax.lax.scan(scanned, 0.0, gs))(games)
    _close(mapped, fd)
    _close(np.einsum("bpij,bpij->b", np.asarray(grads), directions), fd @ weights)


def test_float32_payoffs_get_float32_derivatives_of_the_float64_solve(cases):
    game, direction, fd = cases[0]
    _, tangent = jax.jit(lambda g, d: jax.jvp(_ratings, (g,), (d,)))(
        game.astype(np.float32), direction.astype(np.float32)
    )
    assert tangent.dtype == np.float32
    fd32 = _central(game.astype(np.float32), direction.astype(np.float32).astype(np.float64), 1e-5)
    np.testing.assert_allclose(np.asarray(tangent), fd32, atol=1e-4 * max(1.0, np.abs(fd32).max()))


@pytest.mark.slow  # the default run stays under 5 minutes; CI runs it
def test_a_degenerate_game_is_flagged_and_its_derivative_exact_where_it_keeps_its_clones():
    rng = np.random.default_rng(7)
    base, move = rng.random((2, 4, 4)), rng.normal(size=(2, 4, 4))
    clone = [0, 0, 1, 2, 3, 3]  # strategies 0 and 3 of each player twice
    game, direction = base[:, clone][:, :, clone], move[:, clone][:, :, clone]
    tangent = jax.jit(lambda g, d: jax.jvp(_ratings, (g,), (d,))[1])
    flagged = jax.jit(lambda g: rate_game(g)["degenerate"])
    with jax.enable_x64(True):
        assert bool(flagged(game)) and not bool(flagged(base))
        cloned, smaller = tangent(game, direction), tangent(base, move)
    # Along directions that keep the clones (ties stay ties) the ratings are smooth, and the
    # derivative is the clone-free game's, expanded to the clones.
    _close(cloned, _central(game, direction, 1e-5))
    np.testing.assert_allclose(
        np.asarray(cloned), np.asarray(smaller)[clone + [4 + c for c in clone]], atol=1e-9
    )


def test_unsolved_or_constant_games_have_zero_derivative_and_second_derivatives_are_refused():
    game = np.random.default_rng(3).random((2, 6, 6))
    budget = SimplexConfig(max_pivots=3)  # far too few pivots
    with jax.enable_x64(True):
        unsolved = jax.jit(jax.grad(lambda g: jnp.sum(rate_game(g, config=budget)["ratings"])))(game)
        constant = jax.jit(jax.grad(lambda g: jnp.sum(_ratings(g))))(np.ones((2, 3, 3)))
        assert (np.asarray(unsolved) == 0).all() and (np.asarray(constant) == 0).all()
        with pytest.raises(NotImplementedError, match="second derivatives"):
            jax.hessian(lambda g: jnp.sum(_ratings(g)))(game)


# ----------------------------------------------------------------------- warm starts, statuses, errors


@pytest.mark.slow  # the default run stays under 5 minutes; CI runs it
def test_a_warm_start_re_rates_its_own_game_without_pivots_and_a_changed_one_exactly():
    rng = np.random.default_rng(4)
    games = rng.random((8, 2, 8, 8))
    moved = games.copy()
    moved[:4, :, 2, :] = rng.random((4, 2, 8))  # one member replaced in half the populations
    with jax.enable_x64(True):
        rate = jax.jit(jax.vmap(rate_game))
        cold = rate(games)
        again = jax.jit(jax.vmap(lambda g, w: rate_game(g, warm=w)))(games, cold["warm"])
        changed = jax.jit(jax.vmap(lambda g, w: rate_game(g, warm=w)))(moved, cold["warm"])
    assert isinstance(cold["warm"], WarmStart)
    assert (np.asarray(again["iterations"]) == 0).all()
    np.testing.assert_allclose(np.asarray(again["ratings"]), np.asarray(cold["ratings"]), atol=1e-12)
    assert (np.asarray(changed["status"]) == int(Status.SOLVED)).all()
    np.testing.assert_allclose(
        np.asarray(changed["ratings"]), np.stack([_exact(g) for g in moved]), atol=1e-9
    )
    with pytest.raises(ValueError, match="warm must be a previous rate_game output"):
        rate_game(games[0][:, :4, :4], warm=cold["warm"])


@pytest.mark.slow  # a sibling covers this path in the default run; compile-heavy
def test_max_iterations_only_when_the_budget_is_spent():
    games = family("2p-10x10", 32, seed=5)
    seen = set()
    for budget in (8, 40):
        config = SimplexConfig(max_pivots=budget)
        with jax.enable_x64(True):
            out = jax.device_get(jax.jit(jax.vmap(functools.partial(rate_game, config=config)))(games))
        stopped = out["status"] == int(Status.MAX_ITERATIONS)
        assert (out["iterations"][stopped] >= budget).all()
        assert (out["status"][~stopped] == int(Status.SOLVED)).all()
        seen |= set(out["status"].tolist())
    assert seen == {int(Status.SOLVED), int(Status.MAX_ITERATIONS)}


def test_the_host_api_inside_jit_names_rate_game():
    game = np.random.default_rng(6).random((2, 3, 3))
    with pytest.raises(ValueError, match="rate_game"):
        jax.jit(lambda g: jaxrate.deviation_ratings(g).ratings[0])(game)


@pytest.mark.slow  # a sibling covers this path in the default run; compile-heavy
def test_proofs_of_games_finished_from_a_unique_optimum_pass_verify():
    games = family("2p-10x10", 6, seed=8)
    with jax.enable_x64(True):
        out = jax.device_get(jax.jit(jax.vmap(rate_game))(games))
    assert (out["warm"].levels < out["levels"]).any()  # the simplex stopped early: the rest is arithmetic
    for i, game in enumerate(games):
        levels = int(out["levels"][i])
        result = {
            "ratings": np.split(out["ratings"][i], [10]),
            "joint": out["joint"][i],
            "level_values": out["level_values"][i][:levels],
            "frozen_at": out["frozen_at"][i],
            "certificate": {"duals": out["duals"][i][:levels]},
        }
        check = jaxrate.verify(game, result)
        assert check.ok, check.problems


def test_failed_only_when_the_proof_fails(monkeypatch):
    # An evolution strategy's 8 x 8 meta-game whose last levels' multipliers sum to about 1e6:
    # the simplex's own proof has a dual gap of 2.7e-7, the float64 rounding of such multipliers,
    # and its ratings equal the exact ones to 1e-16. It was FAILED; the gap allowed now grows
    # with the multipliers' size (jaxrate.batched._core.DUAL_SIZE).
    from jaxrate.batched import _simplex

    game = np.load(Path(__file__).parent / "data" / "es_meta_game_large_duals.npy")[0]
    monkeypatch.setattr(_simplex, "UNIQUE_TRIES", 0)  # every level by the simplex (no unique finish)
    with jax.enable_x64(True):
        out = jax.device_get(jax.jit(lambda g: rate_game(g))(game))
    assert out["status"] == int(Status.SOLVED)
    np.testing.assert_allclose(out["ratings"], _exact(game), atol=1e-12)


def test_bad_payoffs_inside_jit_get_a_status_not_a_rating():
    game = np.random.default_rng(9).random((2, 4, 4)).astype(np.float32)
    game[0, 1, 1] = np.nan
    empty = (jnp.zeros(4, bool), jnp.ones(4, bool))  # the first player's every member masked
    rate = jax.jit(rate_game)
    nonfinite, nobody = rate(game), rate(np.nan_to_num(game), masks=empty)
    assert int(nonfinite["status"]) == int(Status.NONFINITE) and np.isnan(nonfinite["ratings"]).all()
    assert int(nobody["status"]) == int(Status.FAILED) and np.isnan(nobody["ratings"]).all()


@pytest.mark.slow  # a sibling covers this path in the default run; compile-heavy
def test_a_masked_unsolved_game_leaves_the_batch_gradient_finite():
    game = np.random.default_rng(10).random((2, 6, 6))
    live = np.array([[True] * 6, [True, True] + [False] * 4])  # the second game: 2 x 2 of the 6 x 6
    budget = SimplexConfig(max_pivots=5)  # the 2 x 2 game needs 3 pivots, the 6 x 6 one 7

    def loss(scale):  # a parameter shared by the batch, as a policy's
        games = jnp.stack([game, game]) * scale
        out = jax.vmap(lambda g, m: rate_game(g, masks=(m, m), config=budget))(games, live)
        solved = out["status"] == int(Status.SOLVED)
        return jnp.sum(jnp.where(solved[:, None], jnp.nan_to_num(out["ratings"]), 0.0)), out["status"]

    with jax.enable_x64(True):
        (value, status), grad = jax.jit(jax.value_and_grad(loss, has_aux=True))(1.0)
    assert status.tolist() == [int(Status.MAX_ITERATIONS), int(Status.SOLVED)]
    assert np.isfinite(float(grad)) and np.isfinite(float(value))


@pytest.mark.slow  # the default run stays under 5 minutes; CI runs it
def test_a_warm_start_is_tried_once_a_level_however_long_the_level():
    # With a refactorisation after every pivot, a level takes many rounds: a warm basis put back
    # at every round sent such games round in circles to MAX_ITERATIONS (225 pivots against 6).
    from jaxrate.game._simplex_config import simplex_config

    rng = np.random.default_rng(11)
    games = rng.random((16, 2, 4, 4))
    moved = games + 0.2 * rng.normal(size=games.shape)
    config = simplex_config(8, "float64", refactor_every=1)
    with jax.enable_x64(True):
        first = jax.jit(jax.vmap(functools.partial(rate_game, config=config)))(games)
        cold = jax.jit(jax.vmap(functools.partial(rate_game, config=config)))(moved)
        warm = jax.jit(jax.vmap(lambda g, w: rate_game(g, warm=w, config=config)))(moved, first["warm"])
    assert (np.asarray(warm["status"]) == int(Status.SOLVED)).all()
    assert np.asarray(warm["iterations"]).max() <= 2 * np.asarray(cold["iterations"]).max()
    np.testing.assert_allclose(np.asarray(warm["ratings"]), np.stack([_exact(g) for g in moved]), atol=1e-9)


def test_subnormal_payoffs_inside_jit_get_a_status_not_a_flushed_rating():
    # Payoffs of 1e-40 are subnormal in float32: a CPU that flushes them to zero
    # would rate a constant game (ratings 0, SOLVED); a float32 game with a few
    # subnormal cells beside a normal range, and the same game at 1e-30, rate as usual.
    base = np.random.default_rng(11).uniform(-1, 1, (2, 4, 4))
    rate = jax.jit(rate_game)
    tiny = rate((1e-40 * base).astype(np.float32))
    assert int(tiny["status"]) == int(Status.SUBNORMAL) and np.isnan(tiny["ratings"]).all()
    small = rate((1e-30 * base).astype(np.float32))
    mixed = base.astype(np.float32)
    mixed[0, 0, 0] = np.float32(1e-40)
    assert int(small["status"]) == int(rate(mixed)["status"]) == int(Status.SOLVED)
    want = _exact(np.asarray((1e-30 * base).astype(np.float32), np.float64))
    np.testing.assert_allclose(np.asarray(small["ratings"], np.float64), want, rtol=0, atol=1e-6 * 2e-30)
    with jax.enable_x64(True):
        sub64 = rate(jnp.asarray(1e-310 * base))
    assert int(sub64["status"]) == int(Status.SUBNORMAL), "float64 subnormals too"


def _near_clones():
    """``benchmarks/near_clones.py``'s generator: strategy 1 of each player is strategy 0 plus ``eps``."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "near_clones", Path(__file__).parents[1] / "benchmarks" / "near_clones.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.near_clones


@pytest.mark.slow  # a batch shape of its own (a compile)
def test_near_clone_games_close_on_the_right_clone_without_the_exact_path():
    # Clones 1e-9 to 1e-7 of the range apart: a clone's joints price at about
    # their distance above level 1's optimum, so a game whose optimum counted
    # as unique only by a margin of 1e-6 was pivoted level by level and closed
    # levels on the wrong clone (off by up to 3e-5 of the range, or FAILED and
    # rated by the exact path: 14-21% of such 3P games). With the margin of
    # Tolerances.unique (1e-12) it finishes from level 1's unique optimum, and
    # the first pass itself is right: nothing goes to the exact path.
    games = np.concatenate(
        [_near_clones()(np.random.default_rng(5), 16, (3, 6, 6, 6), eps) for eps in (1e-9, 1e-8, 1e-7)]
    )
    with jax.enable_x64(True):
        out = jax.device_get(jax.jit(jax.vmap(rate_game))(games))
    assert (out["status"] == int(Status.SOLVED)).all()
    assert not out["fallback"].any(), f"{int(np.sum(out['fallback']))} of {len(games)} needed the exact path"
    for i, game in enumerate(games):
        np.testing.assert_allclose(out["ratings"][i], _exact(game), rtol=0, atol=1e-6 * np.ptp(game))


@pytest.mark.slow
def test_near_clone_games_the_first_pass_fails_are_solved_again_and_right(monkeypatch):
    # A population converging: strategy 1 of each player is strategy 0 plus 1e-7
    # of noise. A game whose proof fails on the first pass is solved again (the
    # rungs of RETRY_RUNGS); what the rungs return SOLVED is the exact ratings;
    # what they leave FAILED the exact path rates (jaxrate.batched._fallback).
    # The first pass takes the uniqueness margin it had before issue 52's
    # (1e-6), under which it fails such games often enough for the rungs to
    # be seen at work.
    from jaxrate.batched import _pure

    games = _near_clones()(np.random.default_rng(3), 96, (2, 10, 10), 1e-7)
    coarse = {"unique_margin": 1e-6}
    both = SimplexConfig(**(_pure.simplex_config(20, "float64")._asdict() | coarse))
    alone = both._replace(fallback=False)
    with jax.enable_x64(True):
        whole = jax.device_get(jax.jit(jax.vmap(lambda g: rate_game(g, config=both)))(games))
        out = jax.device_get(jax.jit(jax.vmap(lambda g: rate_game(g, config=alone)))(games))
        monkeypatch.setattr(_pure, "RETRY_RUNGS", ())
        first = jax.device_get(jax.jit(jax.vmap(lambda g: rate_game(g, config=alone)))(games))
    assert (whole["status"] == int(Status.SOLVED)).all() and whole["fallback"].any()
    assert not out["fallback"].any() and not first["fallback"].any()
    for i in np.flatnonzero(whole["fallback"]):
        np.testing.assert_allclose(whole["ratings"][i], _exact(games[i]), rtol=0, atol=1e-12)
    solved, solved_first = out["status"] == int(Status.SOLVED), first["status"] == int(Status.SOLVED)
    # The first pass runs inside the rungs' loop, compiled apart, so a game may
    # round its own way; counted, the rungs solve most of what the first pass leaves.
    print(f"not SOLVED: {np.sum(~solved_first)} first pass only, {np.sum(~solved)} with the rungs")
    assert np.sum(~solved) <= np.sum(~solved_first) / 2 and np.sum(~solved_first) >= 4
    assert np.mean(out["iterations"][~solved_first]) > np.mean(first["iterations"][~solved_first])
    for i in np.flatnonzero(solved):
        np.testing.assert_allclose(out["ratings"][i], _exact(games[i]), rtol=0, atol=1e-6 * np.ptp(games[i]))


@pytest.mark.slow  # test_jax_families covers the retry in the default run; compile-heavy
def test_every_retry_rung_solves_a_game_right_with_its_own_rules():
    # Each rung of RETRY_RUNGS (a perturbation, Harris's test, a relative pivot
    # tolerance, levels pivoted to the end, Bland's ties) is a traced attempt of
    # one compiled solver: vmapped over the rungs, every one must reach the
    # exact ratings of an ordinary game, and the rules must be taken (the rungs'
    # pivot counts are not all the first pass's).
    from jaxrate.batched import _core, _pure
    from jaxrate.game._simplex_config import simplex_config

    game = np.random.default_rng(7).uniform(size=(2, 7, 7))
    table = np.asarray([r[:3] for r in _pure.RETRY_RUNGS], np.float64)
    flags = np.asarray([r[3:] for r in _pure.RETRY_RUNGS], bool)

    def one(rung, flag):
        config = simplex_config(14, "float64")._replace(retry_rules=True)
        prep = _core.prepare(jnp.asarray(game), tuple(jnp.ones(7, bool) for _ in range(2)))
        attempt = {"perturb": rung[0], "harris": rung[1], "pivot_rel": rung[2], "unique": flag[0]}
        attempt |= {"largest_pivot": flag[1], "max_pivots": config.max_pivots}
        state = _core.advance(_core.init(prep, jnp.int32(-1), config, attempt), prep, config, None)
        return _core.finish(state, prep, config)

    with jax.enable_x64(True):
        out = jax.device_get(jax.jit(jax.vmap(one))(jnp.asarray(table), jnp.asarray(flags)))
        plain = jax.device_get(jax.jit(one)(jnp.zeros(3), jnp.asarray([True, False])))
    want = _exact(game)
    assert np.all(out["status"] == int(Status.SOLVED))
    for rung, ratings in zip(table, out["ratings"]):  # perturbed right-hand sides move them a little
        np.testing.assert_allclose(ratings, want, rtol=0, atol=(1e-6 if rung[0] else 1e-9) * np.ptp(game))
    assert len(set(out["iterations"].tolist()) | {int(plain["iterations"])}) > 1


def _mappings() -> int | None:
    """The process's memory mappings (Linux), or ``None`` where there is no ``/proc/self/maps``."""
    maps = Path("/proc/self/maps")
    return len(maps.read_text().splitlines()) if maps.exists() else None


@pytest.mark.slow  # two compilations (10 s); the default run stays under 5 minutes; CI runs it
def test_an_eager_call_compiles_once_and_leaves_the_memory_mappings_flat():
    """Issue 55: called outside ``jit``, ``rate_game`` compiled again at every call (4-5 s) and left
    about 900 memory mappings behind each time, so that a loop of about 40 calls (central differences,
    ``jax.grad`` of a plain function, a notebook cell run again) died with "Cannot allocate memory".
    Now one compiled function per shape and configuration serves every eager call and eager
    derivative, with the exact path's ratings."""
    from jaxrate.batched import _pure

    rng = np.random.default_rng(55)
    games = rng.random((9, 2, 2, 3)).astype(np.float32)
    fitness = jax.grad(lambda g: rate_game(g)["ratings"][0])
    rate_game(games[0]), fitness(games[0])  # the first calls compile
    compiled, maps = _pure._compiled._cache_size(), _mappings()
    for game in games[1:]:
        out = rate_game(game)
        assert int(out["status"]) == int(Status.SOLVED) and out["ratings"].dtype == jnp.float32
        assert np.isfinite(np.asarray(fitness(game))).all()
    assert _pure._compiled._cache_size() == compiled  # nothing compiled again
    if maps is not None:
        assert _mappings() - maps < 50, (maps, _mappings())  # ~900 a call before
    exact = jaxrate.deviation_ratings(games[-1].astype(np.float64)).ratings
    np.testing.assert_allclose(out["ratings"], np.concatenate(exact), atol=1e-6)


def test_the_solver_is_traced_once_however_many_phases_and_rungs():
    """The compiled program holds the simplex once: the unique-finish phases and the retry rungs
    share one traced body (three copies of the round compiled ``jit(vmap(rate_game))`` in 9.5 s,
    one in 6.6 s: benchmarks/RESULTS.md). Counted as the loops of the lowered program: six, where
    the three copies made ten."""
    games = jnp.asarray(np.random.default_rng(3).uniform(size=(2, 2, 3, 3)), jnp.float32)
    single = jax.jit(rate_game).lower(games[0]).as_text()
    batched = jax.jit(jax.vmap(rate_game)).lower(games).as_text()
    assert single.count("stablehlo.while") <= 6
    assert batched.count("stablehlo.while") <= 6


@pytest.mark.slow  # four compilations (25 s)
def test_a_batch_solved_in_chunks_is_rated_as_one_vmap_rates_it(monkeypatch):
    """Under ``vmap`` on a CPU a batch larger than a chunk is solved a chunk at a time (a copy of
    its first game padding the last chunk): the same ratings, statuses, proofs and derivatives as
    one ``vmap``, in a fraction of the working memory."""
    from jaxrate.batched import _pure

    games = jnp.asarray(np.random.default_rng(11).uniform(size=(40, 2, 4, 4)))

    def rated():
        fitness = lambda g: jnp.sum(jax.vmap(rate_game)(g)["ratings"] ** 2)  # noqa: E731
        program = jax.jit(jax.vmap(rate_game)).lower(games).compile()
        return program(games), jax.jit(jax.grad(fitness))(games), program.memory_analysis()

    whole, whole_grad, whole_memory = rated()
    monkeypatch.setattr(_pure, "CHUNK_BYTES", 1)  # chunks of 16 games at least: 3 chunks of 14
    assert _pure.chunk_games((2, 4, 4), jnp.float64) == 16
    parts, parts_grad, parts_memory = rated()
    assert parts_memory.temp_size_in_bytes < 0.6 * whole_memory.temp_size_in_bytes
    np.testing.assert_array_equal(parts["status"], whole["status"])
    assert np.all(parts["status"] == int(Status.SOLVED))
    for key in ("ratings", "joint", "level_values", "duals"):
        np.testing.assert_allclose(parts[key], whole[key], rtol=0, atol=1e-12)
    np.testing.assert_allclose(parts_grad, whole_grad, rtol=0, atol=1e-10)


def test_strategies_within_the_clone_tolerance_are_made_exact_clones_and_no_others():
    # A population that converges: strategy 4 of player 0 is strategy 1 plus 5e-9 of
    # the range, strategy 2 is strategy 1 plus 1e-6; player 1's strategy 3 is a copy
    # of its strategy 0 within 5e-9, but masked. Only the first pair is merged, and
    # exactly (every player's payoffs of strategy 4 become strategy 1's).
    from jaxrate.batched._clones import merged_clones

    rng = np.random.default_rng(0)
    game = rng.uniform(size=(2, 6, 5))
    game[:, 4] = game[:, 1] + 5e-9 * rng.uniform(-1, 1, size=(2, 5))
    game[:, 2] = game[:, 1] + 1e-6 * rng.uniform(-1, 1, size=(2, 5))
    game[:, :, 3] = game[:, :, 0] + 5e-9 * rng.uniform(-1, 1, size=(2, 6))
    masks = (jnp.ones(6, bool), jnp.asarray([True, True, True, False, True]))
    with jax.enable_x64(True):
        out = np.asarray(merged_clones(jnp.asarray(game), masks, 1e-8))
    np.testing.assert_array_equal(out[:, 4], out[:, 1])
    np.testing.assert_array_equal(out[:, 1], game[:, 1])
    np.testing.assert_array_equal(np.delete(out, 4, axis=1), np.delete(game, 4, axis=1))
    assert np.any(out[:, :, 3] != out[:, :, 0]), "a masked strategy joins no run"


@pytest.mark.slow  # a batch shape of its own (a compile)
def test_near_clones_below_the_payoffs_resolution_are_rated_as_the_clones_they_are():
    # Clones 1e-9 of the range apart given as float32: the payoffs' rounding (6e-8 of
    # the range) leaves the twins equal in most cells and one float32 step apart in a
    # few. Solved as given, a level could close on either twin and every later level
    # moved with it (2 of 300 3P games 3.1e-6 off, issue 52); within twice the payoffs'
    # resolution they are made exact clones: rated alike, right, without the exact path.
    games = _near_clones()(np.random.default_rng(9), 48, (3, 6, 6, 6), 1e-9).astype(np.float32)
    with jax.enable_x64(True):
        out = jax.device_get(jax.jit(jax.vmap(rate_game))(games))
    assert (out["status"] == int(Status.SOLVED)).all()
    assert not out["fallback"].any()
    for i, game in enumerate(games):
        ratings = out["ratings"][i].reshape(3, 6)
        np.testing.assert_array_equal(ratings[:, 1], ratings[:, 0])
        np.testing.assert_allclose(out["ratings"][i], _exact(game), rtol=0, atol=1e-6 * np.ptp(game))


def test_a_chain_of_strategies_each_near_the_next_is_merged_only_within_the_tolerance_of_its_source():
    # Strategies 0.9e-7 apart in a row of 40: each is within 1e-7 of the next, but a run merged
    # whole would move the last by 3.5e-6. Only those within the tolerance of the run's source merge.
    from jaxrate.batched._clones import merged_clones

    game = np.random.default_rng(1).uniform(size=(2, 40, 4))
    game[:, :, :] = game[:, :1, :] + 0.9e-7 * np.arange(40)[None, :, None]
    with jax.enable_x64(True):
        out = np.asarray(merged_clones(jnp.asarray(game), (jnp.ones(40, bool), jnp.ones(4, bool)), 1e-7))
    assert np.max(np.abs(out - game)) <= 1e-7
    assert np.any(out != game)


@pytest.mark.slow  # a compile
def test_a_game_whose_near_clones_were_merged_says_its_derivative_may_be_one_sided():
    games = _near_clones()(np.random.default_rng(4), 8, (2, 5, 5), 5e-8)
    with jax.enable_x64(True):
        out = jax.device_get(jax.jit(jax.vmap(rate_game))(games))
    assert (out["status"] == int(Status.SOLVED)).all() and out["degenerate"].all()
