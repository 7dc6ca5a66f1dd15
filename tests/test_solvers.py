"""Every solver behind the one entry point, on the same seeded games.

Tolerances are each solver's own stated accuracy (``solver.accuracy()``, relative
to the payoff range); the reference is the exact rational solver.
"""

import numpy as np
import pytest

import jaxrate
from jaxrate import Auto, Exact, Simplex, Status

SOLVERS = [
    Exact("highs"),
    Exact("glop"),
    Exact("naive"),
    Exact("rational"),
    Simplex(),
    Simplex(precision="float32"),
    Auto(),
    Auto(single="simplex"),
]


def _games():
    """Gaussian and integer (degenerate, tied) payoffs on three shapes: few JAX compilations."""
    rng = np.random.default_rng(21)
    out = []
    for shape in [(2, 3, 3), (2, 3, 4), (3, 2, 2, 2)]:
        out.append(rng.normal(size=shape))
        out.append(rng.integers(-2, 3, size=shape).astype(float))
        out.append(rng.integers(-2, 3, size=shape).astype(float))
    return out


GAMES = _games()


@pytest.fixture(scope="module")
def reference():
    return [np.concatenate(jaxrate.deviation_ratings(g, "rational", batched=False).ratings) for g in GAMES]


def _range(g):
    return max(float(np.ptp(g)), 1e-300)


@pytest.mark.parametrize("solver", SOLVERS, ids=lambda s: f"{type(s).__name__}-{s.name}")
@pytest.mark.slow  # the default run stays under 5 minutes; CI runs it
def test_every_solver_rates_the_same_games_to_its_stated_accuracy(solver, reference):
    solved = 0
    for g, ref in zip(GAMES, reference):
        out = jaxrate.deviation_ratings(g, solver, batched=False, throw=False)
        assert out.ratings[0].shape == (g.shape[1],) and not out.batched
        if out.status != Status.SOLVED:
            assert isinstance(solver, Simplex) and solver.precision == "float32", out.messages
            assert out.messages  # a flagged game says why
            continue
        solved += 1
        tol = solver.accuracy() * _range(g)
        np.testing.assert_allclose(np.concatenate(out.ratings), ref, atol=tol, rtol=0)
        assert out.residual <= tol
    assert solved >= (len(GAMES) * 3) // 4


@pytest.mark.parametrize("solver", ["auto", "simplex", "highs"])
def test_a_batch_is_rated_game_by_game_alike(solver):
    rng = np.random.default_rng(4)
    batch = rng.integers(-2, 3, size=(12, 2, 3, 4)).astype(float)
    out = jaxrate.deviation_ratings(batch, solver)
    assert out.batched and out.ratings[1].shape == (12, 4) and len(out.solver) == 12
    for i in (0, 5, 11):
        one = jaxrate.deviation_ratings(batch[i], "rational")
        np.testing.assert_allclose(out.ratings[1][i], one.ratings[1], atol=1e-7 * _range(batch[i]))
    frame = out.to_frame()
    assert list(frame.columns) == ["game", "player", "strategy", "rating", "rank", "status", "solver"]
    assert len(frame) == 12 * 7 and set(frame["status"]) == {"SOLVED"}


def test_auto_rescues_what_the_simplex_does_not_solve_and_says_so():
    games = np.random.default_rng(5).random((6, 2, 4, 4))
    capped = Auto(simplex=Simplex(max_pivots=1))  # too few pivots for any game, retries included
    out = jaxrate.deviation_ratings(games, capped)
    assert out.ok and all(name == "simplex -> highs" for name in out.solver)
    assert all("MAX_ITERATIONS on simplex" in m for m in out.messages)
    plain = jaxrate.deviation_ratings(games, Simplex(max_pivots=1))
    assert np.all(plain.status == Status.MAX_ITERATIONS)
    with pytest.raises(RuntimeError, match="game 0 of 6: MAX_ITERATIONS"):
        plain.raise_for_status()


def test_one_bad_game_gets_a_status_on_every_solver():
    games = np.random.default_rng(6).random((4, 2, 3, 3))
    games[2, 0, 1, 1] = np.nan
    for solver in ("auto", "simplex", "highs"):
        out = jaxrate.deviation_ratings(games, solver)
        assert out.status[2] == Status.NONFINITE and np.isnan(out.ratings[0][2]).all(), solver
        assert np.all(np.delete(out.status, 2) == Status.SOLVED), solver


def test_names_and_single_game_proof():
    game = jaxrate.agent_vs_task(np.array([[0.9, 0.1], [0.2, 0.8], [0.4, 0.4]]), agents=["a", "b", "c"])
    out = jaxrate.deviation_ratings(game)
    assert out.players == game.players and out.strategies == game.strategies
    assert set(out.rating_of("agent")) == {"a", "b", "c"}
    assert jaxrate.verify(game, out).ok  # a single exact result carries its proof


def test_solver_names_and_bad_solvers():
    assert jaxrate.solvers.as_solver("glop") == Exact("glop")
    assert jaxrate.solvers.as_solver("simplex") == Simplex()
    with pytest.raises(ValueError, match="solver must be"):
        jaxrate.deviation_ratings(np.zeros((2, 2, 2)), "cplex")
    with pytest.raises(ValueError, match="precision"):
        Simplex(precision="float16")
    with pytest.raises(ValueError, match="shape"):
        jaxrate.deviation_ratings(np.zeros((3, 2, 2)))


def test_default_precision_is_float64_whatever_jax_is_set_to():
    """Called without any JAX configuration, the simplex runs in float64 (a local scope)."""
    import jax

    games = np.random.default_rng(7).random((8, 3, 3, 3, 3))
    assert not jax.config.jax_enable_x64
    out = jaxrate.deviation_ratings(games, "simplex")
    assert out.precision == "float64" and not jax.config.jax_enable_x64
    ref = jaxrate.deviation_ratings(games, "highs")
    np.testing.assert_allclose(np.concatenate(out.ratings, 1), np.concatenate(ref.ratings, 1), atol=1e-7)


def test_baselines_return_frames_of_the_same_shape():
    table = np.random.default_rng(8).random((4, 3))
    game = jaxrate.agent_vs_task(table, agents=list("abcd"))
    for result in (jaxrate.nash_average(game), jaxrate.alpha_rank(game), jaxrate.payoff_ratings(game)):
        frame = result.to_frame()
        assert list(frame.columns) == ["player", "strategy", "rating", "rank"], type(result).__name__
        assert list(frame["strategy"][:4]) == list("abcd")
        best = frame[frame["player"] == "agent"].sort_values("rating", ascending=False).iloc[0]
        assert best["rank"] == 1
    p, names = jaxrate.baselines.win_probabilities(table)
    elo = jaxrate.elo_ratings(p, models=list("abcd")).to_frame()
    assert list(elo["strategy"]) == list("abcd") and elo.loc[elo["rating"].idxmax(), "rank"] == 1


def _breaks_second_call(monkeypatch, error):
    import jaxrate.exact

    real = jaxrate.exact.deviation_ratings
    calls = {"n": 0}

    def breaks_second(game, **kwargs):
        calls["n"] += 1
        if calls["n"] == 2:
            raise error
        return real(game, **kwargs)

    monkeypatch.setattr(jaxrate.exact, "deviation_ratings", breaks_second)


def test_a_declared_solver_failure_in_one_game_leaves_the_batch_rated(monkeypatch):
    _breaks_second_call(monkeypatch, RuntimeError("level 3 failed in floating point"))
    out = jaxrate.deviation_ratings(np.random.default_rng(9).random((4, 2, 3, 3)), "highs")
    assert list(out.status) == [Status.SOLVED, Status.FAILED, Status.SOLVED, Status.SOLVED]
    assert "RuntimeError: level 3 failed" in out.messages[1] and np.isnan(out.ratings[0][1]).all()


def test_a_programming_error_propagates_even_from_a_batch(monkeypatch):
    _breaks_second_call(monkeypatch, ZeroDivisionError("simulated solver bug"))
    with pytest.raises(ZeroDivisionError, match="simulated solver bug"):
        jaxrate.deviation_ratings(np.random.default_rng(9).random((4, 2, 3, 3)), "highs")


EVERY_SOLVER = [*SOLVERS[:5], Auto(), Auto(single="simplex")]  # float64 solvers


def test_every_solver_gives_one_game_the_same_scale_ties_and_tolerance():
    """One rated problem: scale, tied ranks and tolerances do not depend on the solver."""
    # Agent vs task, 3 x 2: a scale per player (its range), not the whole tensor's range.
    table = np.array([[0.9, 0.1], [0.1, 0.9], [0.4, 0.4]])
    game = jaxrate.agent_vs_task(table)
    scale = jaxrate.payoff_scale(game)
    assert scale == pytest.approx(np.max(np.ptp(game.payoffs.reshape(2, -1), axis=1)))
    ranks, tolerances = set(), set()
    for solver in EVERY_SOLVER:
        out = jaxrate.deviation_ratings(game, solver)
        assert out.scale == scale and out.certificate.scale == scale, solver
        assert out.tie_tolerance == jaxrate.TOLERANCES.ties * scale
        rated_by = jaxrate.solvers.as_solver(out.solved_by.solver)  # the solver that rated it, as data
        assert out.certificate.tolerance == pytest.approx(rated_by.accuracy() * scale, rel=1e-12), solver
        ranks.add(tuple(out.to_frame()["rank"]))
        tolerances.add(float(out.tie_tolerance))
        assert jaxrate.verify(game, out, rel_tol=rated_by.accuracy()).ok, solver
    assert len(ranks) == 1 and len(tolerances) == 1
    assert sorted(ranks.pop()[:3]) == [1, 1, 3]  # agents 0 and 1 tie (symmetric), agent 2 behind


def test_the_library_and_the_command_line_tie_at_one_tolerance():
    from jaxrate.cli import _build_parser

    assert _build_parser().parse_args(["rate", "x.csv"]).tie_tol == jaxrate.TOLERANCES.ties
    assert jaxrate.Ratings.to_frame.__defaults__ == (jaxrate.TOLERANCES.ties,)


@pytest.mark.parametrize("shape", [(4, 3, 6, 6, 6), (3, 2, 2, 2)])
def test_a_shape_that_reads_two_ways_needs_batched(shape):
    payoffs = np.random.default_rng(10).random(shape)
    n, b = shape[0], shape[1]
    with pytest.raises(ValueError, match=f"one {n}-player game .* batch of {n} {b}-player games"):
        jaxrate.deviation_ratings(payoffs)
    one = jaxrate.deviation_ratings(payoffs, batched=False)
    many = jaxrate.deviation_ratings(payoffs, batched=True)
    assert not one.batched and len(one.ratings) == n
    assert many.batched and len(many.ratings) == b and many.ratings[0].shape[0] == n
    games = [jaxrate.Game(g) for g in payoffs]  # a list of games says it too
    np.testing.assert_array_equal(
        np.concatenate(jaxrate.deviation_ratings(games).ratings, 1), np.concatenate(many.ratings, 1)
    )
    assert not jaxrate.deviation_ratings(jaxrate.Game(payoffs)).batched
    with pytest.raises(ValueError, match=r"\[B, N, A_1"):
        jaxrate.deviation_ratings(payoffs[0, 0], batched=True)


@pytest.mark.slow  # the default run stays under 5 minutes; CI runs it
def test_a_single_game_that_cannot_be_rated_raises_and_a_batch_does_not():
    bad = np.random.default_rng(11).random((2, 3, 3))
    bad[0, 1, 1] = np.nan
    for solver in ("highs", "simplex", Auto(single="simplex")):
        with pytest.raises(RuntimeError, match="NONFINITE"):
            jaxrate.deviation_ratings(bad, solver)
        assert jaxrate.deviation_ratings(bad, solver, throw=False).status == Status.NONFINITE
        batch = jaxrate.deviation_ratings(np.stack([bad, np.nan_to_num(bad)]), solver)
        assert list(batch.status) == [Status.NONFINITE, Status.SOLVED]
        with pytest.raises(RuntimeError, match="game 0 of 2"):
            jaxrate.deviation_ratings(np.stack([bad, np.nan_to_num(bad)]), solver, throw=True)


@pytest.mark.slow  # the default run stays under 5 minutes; CI runs it
def test_the_solver_of_each_game_is_data():
    games = np.random.default_rng(5).random((5, 2, 4, 4))
    out = jaxrate.deviation_ratings(games, Auto(simplex=Simplex(max_pivots=1)))
    expected = jaxrate.SolvedBy("highs", "simplex", "MAX_ITERATIONS", route="highs")
    assert all(by == expected for by in out.solved_by)
    assert out.game(0).solved_by.fallback_from == "simplex" and out.game(0).proof.steps
    assert [r.route for r in out.game(0).proof.routes] == list(out.game(0).proof.steps)
    direct = jaxrate.deviation_ratings(games, "simplex")
    assert all(by == jaxrate.SolvedBy("simplex") for by in direct.solved_by)
    assert all(p.certificate.scale == s for p, s in zip(direct.proof, direct.scale))


def test_a_result_echoes_as_one_short_line():
    """Issue 56: ``out.raise_for_status()`` as the last line of a notebook cell or a REPL echoed
    the dataclass's repr of every array: 2.84 million characters for the README's 64 games."""
    games = np.random.default_rng(0).random((64, 2, 3, 3))
    batch = jaxrate.deviation_ratings(games, Exact())  # the exact path: nothing to compile
    echoed = repr(batch.raise_for_status())
    assert echoed.count("\n") == 0 and len(echoed) < 200, echoed
    assert "64 games" in echoed and "64 SOLVED" in echoed and "3 x 3 strategies" in echoed
    one = jaxrate.deviation_ratings(games[0])
    assert repr(one).startswith("Ratings(players ['player0', 'player1'], 3 x 3 strategies, 1 SOLVED; solver ")
    failed = jaxrate.deviation_ratings(np.stack([games[0], np.full((2, 3, 3), np.nan)]), Exact(), throw=False)
    assert "1 SOLVED" in repr(failed) and len(repr(failed)) < 200, repr(failed)
