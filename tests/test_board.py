"""Score tables' games rated through the table (jaxrate.exact._board, jaxrate.game._table_gains).

The table route must be the general path's problem exactly: its gains and
``A^T d`` are checked against :mod:`jaxrate.gains` (the one definition), its
ratings against the general sequential path, its proofs by :func:`jaxrate.verify`
from the table and from the dense payoffs alike.
"""

from __future__ import annotations

import dataclasses
import json
import pickle
import warnings

import numpy as np
import pytest
from conftest import shared_file

import jaxrate
from jaxrate import gains
from jaxrate.exact import _board, _solve
from jaxrate.game._table_gains import TableDuals, TableGains, uniform_payoffs


def _table(models: int, tasks: int, seed: int, decimals: int = 2) -> np.ndarray:
    """A board like the public ones: one ability factor, scores 0-100 with ``decimals``, near-ties."""
    rng = np.random.default_rng(seed)
    logits = (
        1.3 * rng.normal(size=(models, 1))
        - rng.normal(size=(1, tasks))
        + 0.3 * rng.normal(size=(models, tasks))
    )
    return np.round(100 / (1 + np.exp(-logits)), decimals)


def _dense(game: jaxrate.ScoreTableGame) -> jaxrate.Game:
    """The same game as a plain Game: the general path rates it."""
    return jaxrate.Game(game.payoffs, game.players, game.strategies)


def _flat(result) -> np.ndarray:
    return np.concatenate([np.asarray(r, dtype=np.float64) for r in result.ratings])


# --------------------------------------------------------------------------- the game


def test_score_table_game_is_the_papers_game_built_only_when_read():
    x = _table(7, 4, 0)
    game = jaxrate.agent_vs_agent_vs_task(x)
    assert isinstance(game, jaxrate.ScoreTableGame) and isinstance(game, jaxrate.Game)
    assert game.num_strategies == (7, 7, 4) and game.num_players == 3 and game.num_joints == 196
    assert game._payoffs is None  # nothing built yet
    g_a = x[:, None, :] - x[None, :, :]
    np.testing.assert_array_equal(game.payoffs, np.stack([g_a, -g_a, np.abs(g_a)]))
    assert not game.payoffs.flags.writeable and not game.table.flags.writeable
    assert game.scale == pytest.approx(jaxrate.payoff_scale(game.payoffs))
    back = pickle.loads(pickle.dumps(game))
    np.testing.assert_array_equal(back.table, x)
    assert back.strategies == game.strategies


def test_score_table_game_refuses_repeated_names():
    with pytest.raises(ValueError, match="duplicate name 'm'"):
        jaxrate.agent_vs_agent_vs_task(np.ones((2, 2)), agents=["m", "m"])


def test_uniform_ratings_from_the_table_equal_the_dense_ones():
    x = _table(40, 5, 1)
    game = jaxrate.agent_vs_agent_vs_task(x)
    mine = jaxrate.uniform_ratings(game)
    assert game._payoffs is None  # from the table
    for a, b in zip(mine, jaxrate.uniform_ratings(_dense(game))):
        np.testing.assert_allclose(a, b, atol=1e-12)
    assert len(uniform_payoffs(x)) == 3


# --------------------------------------------------------------------------- gains through the table


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_table_gains_equal_the_definition(seed):
    rng = np.random.default_rng(seed)
    x = np.round(rng.random((23, 4)) * 10)  # integer scores: ties everywhere
    payoffs = jaxrate.agent_vs_agent_vs_task(x).payoffs
    tg = TableGains(x)
    sigma = rng.random((23, 23, 4)) * (rng.random((23, 23, 4)) < 0.05)
    sigma /= sigma.sum()
    flat = np.flatnonzero(sigma)
    a, b, t = tg.joints(flat)
    np.testing.assert_allclose(
        tg.gains(a, b, t, sigma.reshape(-1)[flat]), gains.deviation_gains(payoffs, sigma), atol=1e-12
    )
    rows = rng.choice(2 * 23 + 4, 17, replace=False)
    np.testing.assert_allclose(
        tg.columns(rows, a, b, t), gains.constraint_columns(payoffs, np.stack([a, b, t], 1))[rows], atol=1e-12
    )


@pytest.mark.parametrize("seed", [0, 1])
def test_lowest_and_pricing_equal_the_full_minimum(seed):
    rng = np.random.default_rng(seed)
    m, tt = 37, 5
    x = _table(m, tt, seed)
    payoffs = jaxrate.agent_vs_agent_vs_task(x).payoffs
    tg = TableGains(x)
    duals = rng.random((6, 2 * m + tt)) * (rng.random((6, 2 * m + tt)) < 0.3)
    duals[2, 2 * m :] *= 40  # large task multipliers, as the levels' proofs have
    duals[3] = -duals[3]  # any sign: the bound must stay valid
    full = np.array([gains.transpose_gains(payoffs, d).min() for d in duals])
    np.testing.assert_allclose(tg.lowest(TableDuals.from_flat(duals, m)), full, rtol=1e-12, atol=1e-9)
    # Resolved only below `above`: the exact minimum where it is below, a bound >= above elsewhere.
    above = full + np.where(np.arange(6) % 2 == 0, 1.0, -1.0)
    got = tg.lowest(TableDuals.from_flat(duals, m), above=above)
    assert np.all(got <= full + 1e-9)
    assert np.all((np.abs(got - full) < 1e-9) | (got >= above - 1e-12))
    # Pricing: exactly the joints below a limit.
    value = gains.transpose_gains(payoffs, duals[0]).reshape(-1)
    ordered = np.sort(value)
    cut = 40 + int(np.argmax(np.diff(ordered[40:]) > 1e-6))  # a limit between two distinct values
    limit = (ordered[cut] + ordered[cut + 1]) / 2
    joints, values, _ = tg.below(TableDuals.from_flat(duals[0][None], m), limit, most=10**6)
    assert set(joints.tolist()) == set(np.flatnonzero(value < limit).tolist())
    np.testing.assert_allclose(values, value[joints], atol=1e-9)
    # Nothing below: the minimum comes back resolved down to the limit (the level's certificate).
    for limit in (value.min() - 0.5, value.min() + 1e-12):
        joints, _, lowest = tg.below(TableDuals.from_flat(duals[0][None], m), limit, most=10**6)
        if len(joints) == 0:
            assert limit - 1e-12 <= lowest <= value.min() + 1e-9


def _far_from_one_ability(models: int, seed: int) -> np.ndarray:
    """A board that is not one ability: two groups of tasks led by different models, a task
    against both, a constant task, and noise (two decimals, ties)."""
    rng = np.random.default_rng(seed)
    first, second = rng.normal(size=(2, models, 1))
    logits = np.concatenate(
        [
            first + 0.5 * rng.normal(size=(models, 3)),
            second + 0.5 * rng.normal(size=(models, 3)),
            -first - second,
        ],
        axis=1,
    )
    table = np.round(100 / (1 + np.exp(-logits)), 2)
    return np.concatenate([table, np.full((models, 1), 50.0)], axis=1)


def test_the_shrunk_bounds_use_each_pair_of_tasks_correlation():
    from jaxrate.game._table_gains import _shrink

    x = _far_from_one_ability(40, 0)
    for lam in _shrink(x, (2, 8)):
        assert np.all(np.abs(lam) <= 1.0) and np.all(np.diag(lam) == 1.0)
        assert np.all(lam[-1, :-1] == 0.0)  # a constant task moves with none
        assert lam[0, 6] < 0  # the task against both: its sign is kept
    assert _shrink(x[:, :1], (2,)) == []
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # one model: no correlation, and no warning either
        assert _shrink(x[:1], (2,)) == [] and TableGains(x[:1]).shrink == []
        assert np.all(_shrink(np.full((5, 3), 7.0), (2,))[0] == np.eye(3))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_candidates_are_each_tasks_partners_below_its_rows_thresholds(seed):
    """``_candidates`` against its definition, with ties in ``w`` and at the thresholds: each
    task's partners below its largest threshold, by ``w`` then position, and each row's count of
    those strictly below its own threshold."""
    from jaxrate.game._table_gains import _candidates

    rng = np.random.default_rng(seed)
    tg = TableGains(rng.random((30, 6)))
    w = np.round(rng.normal(size=tg.tasks * tg.models), 1)  # ties
    tt = np.sort(rng.choice(tg.tasks, size=25))  # by task, as np.nonzero lists rows
    threshold = np.where(rng.random(25) < 0.3, rng.choice(w, 25), rng.normal(size=25))
    positions, first, count = _candidates(tg, tt, threshold, w)
    table = w.reshape(tg.tasks, tg.models)
    for t in range(tg.tasks):
        top = threshold[tt == t].max(initial=-np.inf)
        want = [int(b) for b in np.argsort(table[t], kind="stable") if table[t, b] < top]
        end = first[t + 1] if t + 1 < tg.tasks else len(positions)
        assert positions[first[t] : end].tolist() == want
    for r, (t, limit) in enumerate(zip(tt, threshold)):
        assert count[r] == np.sum(table[t] < limit)


@pytest.mark.parametrize("seed", [0, 1])
def test_lowest_and_pricing_are_exact_on_a_board_far_from_one_ability(seed, monkeypatch):
    """With the shrunk variants always on, every bound stays a lower bound: the minimum and the
    joints below a limit equal the full enumeration's, duals of any sign."""
    from jaxrate.game import _table_gains

    monkeypatch.setattr(_table_gains, "_SHRINK_FROM", -1.0)
    rng = np.random.default_rng(seed)
    x = _far_from_one_ability(31, seed)
    m, tt = x.shape
    payoffs = jaxrate.agent_vs_agent_vs_task(x).payoffs
    tg = TableGains(x)
    duals = rng.random((6, 2 * m + tt)) * (rng.random((6, 2 * m + tt)) < 0.3)
    duals[2, 2 * m :] *= 40
    duals[3] = -duals[3]
    duals[4, 2 * m :] = rng.normal(size=tt)  # task multipliers of both signs
    full = np.array([gains.transpose_gains(payoffs, d).min() for d in duals])
    np.testing.assert_allclose(tg.lowest(TableDuals.from_flat(duals, m)), full, rtol=1e-12, atol=1e-9)
    for d in duals[[0, 2, 4]]:
        value = gains.transpose_gains(payoffs, d).reshape(-1)
        limit = float(np.quantile(value, 0.01))
        joints, values, _ = tg.below(TableDuals.from_flat(d[None], m), limit, most=10**6)
        assert set(joints.tolist()) == set(np.flatnonzero(value < limit).tolist())
        np.testing.assert_allclose(values, value[joints], atol=1e-9)


# --------------------------------------------------------------------------- the table route


def _route(game):
    return _solve._through_the_table(game, None, certificate_tol=1e-7, dual_tol=1e-9, decimals=12)


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("shrunk", [False, True])
def test_symmetric_duals_are_searched_in_one_sign_case(seed, shrunk, monkeypatch):
    """With ``d_A = d_B`` (the board's own solve) ``(a, b, t)`` and ``(b, a, t)`` are worth the
    same: one sign case covers every pair. The minimum and the pairs below a limit equal the full
    enumeration's, and each pair comes back once, as the joint whose ``a`` is at least as good on
    ``t`` (the two-case search returned both orders)."""
    from jaxrate.game import _table_gains

    monkeypatch.setattr(_table_gains, "_SHRINK_FROM", -1.0 if shrunk else np.inf)
    rng = np.random.default_rng(seed)
    x = _far_from_one_ability(29, seed) if shrunk else _table(33, 5, seed)
    m, tt = x.shape
    payoffs = jaxrate.agent_vs_agent_vs_task(x).payoffs
    tg = TableGains(x)
    duals = rng.random((4, 2 * m + tt)) * (rng.random((4, 2 * m + tt)) < 0.3)
    duals[:, m : 2 * m] = duals[:, :m]
    duals[1, 2 * m :] *= 40
    full = np.array([gains.transpose_gains(payoffs, d).min() for d in duals])
    np.testing.assert_allclose(tg.lowest(TableDuals.from_flat(duals, m)), full, rtol=1e-12, atol=1e-9)
    for d in duals[:2]:
        value = gains.transpose_gains(payoffs, d).reshape(-1)
        limit = float(np.quantile(value, 0.02))
        joints, values, _ = tg.below(TableDuals.from_flat(d[None], m), limit, most=10**6)
        a, b, t = tg.joints(joints)
        assert np.all(x[a, t] >= x[b, t])
        np.testing.assert_allclose(values, value[joints], atol=1e-9)
        want_a, want_b, want_t = tg.joints(np.flatnonzero(value < limit))
        pairs = {
            (min(i, j), max(i, j), k) for i, j, k in zip(want_a.tolist(), want_b.tolist(), want_t.tolist())
        }
        assert {(min(i, j), max(i, j), k) for i, j, k in zip(a.tolist(), b.tolist(), t.tolist())} == pairs


@pytest.mark.parametrize(
    "models,tasks,decimals,seed", [(60, 6, 2, 0), (45, 3, 0, 1), (30, 8, 1, 2), (100, 6, 2, 3)]
)
def test_table_route_equals_the_general_path(models, tasks, decimals, seed):
    x = _table(models, tasks, seed, decimals)
    x[5] = x[3]  # a clone
    game = jaxrate.agent_vs_agent_vs_task(x)
    mine = _route(game)
    reference = jaxrate.exact.deviation_ratings(_dense(game))
    a, b = _flat(mine), _flat(reference)
    assert np.max(np.abs(a - b)) <= 1e-9 * np.ptp(b)
    assert mine.ratings[0][5] == mine.ratings[0][3]
    np.testing.assert_array_equal(mine.ratings[0], mine.ratings[1])
    assert jaxrate.verify(game, mine).ok  # through the table
    assert jaxrate.verify(_dense(game), mine).ok  # and from the dense payoffs, quantized
    assert game._payoffs is not None  # built by _dense above, not by the route


def _shared_tables(source: str) -> dict[str, np.ndarray]:
    """The tables of one source: Atari is built in; the others are in ../shared/data (else the test skips)."""
    import pandas as pd

    if source == "atari":
        return {"atari": jaxrate.datasets.load("atari").to_numpy(float)}
    if source == "livebench":
        table = pd.read_csv(shared_file("livebench_2024_08_17.csv"), index_col=0)
        return {"livebench": table.to_numpy(float) / 100}
    if source == "bbtcomp_resample18":
        return {source: pd.read_csv(shared_file("bbtcomp_resample18.csv"), index_col=0).to_numpy(float)}
    out = {}
    hard = np.load(shared_file("hard_subleaderboards.npz"))
    for name in hard.files:
        payoffs = hard[name]
        if payoffs.shape[0] == 3:  # a 3-player game of a table: X(a, t) = G_A(a, 0, t) up to a task's offset
            out[name] = payoffs[0][:, 0, :]
    return out


@pytest.mark.slow
@pytest.mark.parametrize("source", ["atari", "livebench", "bbtcomp_resample18", "hard_subleaderboards"])
def test_table_route_equals_the_general_path_on_the_shared_games(source):
    for name, x in _shared_tables(source).items():
        game = jaxrate.agent_vs_agent_vs_task(x)
        mine = _route(game)
        reference = jaxrate.exact.deviation_ratings(_dense(game))
        a, b = _flat(mine), _flat(reference)
        assert np.max(np.abs(a - b)) <= 1.5e-9 * np.ptp(b), name
        assert jaxrate.verify(game, mine).ok, name


def test_large_boards_take_the_table_route_and_small_ones_the_general_path():
    big = jaxrate.agent_vs_agent_vs_task(_table(_solve._BOARD_MODELS, 4, 5))
    out = jaxrate.deviation_ratings(big)
    assert out.proof.steps and set(out.proof.steps) == {"board"}
    assert big._payoffs is None  # rated, proven and checked from the table
    small = jaxrate.agent_vs_agent_vs_task(_table(12, 4, 5))
    assert "board" not in jaxrate.exact.deviation_ratings(small).steps


def test_a_failed_table_route_falls_back_to_the_general_path(monkeypatch):
    game = jaxrate.agent_vs_agent_vs_task(_table(_solve._BOARD_MODELS, 4, 6))

    def fail(*args, **kwargs):
        raise _board.BoardFailed("level 3 did not converge in 500 rounds")

    monkeypatch.setattr(_board, "solve_board", fail)
    result = jaxrate.exact.deviation_ratings(game)
    assert "board" not in result.steps
    assert result.rescue == "board path: level 3 did not converge in 500 rounds"
    assert jaxrate.verify(game, result).ok


def test_constant_table_rates_zero():
    game = jaxrate.agent_vs_agent_vs_task(np.full((150, 3), 7.0))
    result = jaxrate.exact.deviation_ratings(game)
    assert all(np.all(r == 0) for r in result.ratings)


def test_verify_through_the_table_catches_tampering():
    game = jaxrate.agent_vs_agent_vs_task(_table(50, 5, 7))
    good = _route(game)
    assert jaxrate.verify(game, good).ok
    ratings = [r.copy() for r in good.ratings]
    ratings[0][int(np.argmax(ratings[0]))] += 1e-3
    bad = dataclasses.replace(good, ratings=tuple(ratings))
    assert not jaxrate.verify(game, bad).ok
    duals = good.certificate.duals.copy()
    level = len(duals) // 2
    duals[level, :50] = duals[level, :50][::-1]  # a level's multipliers on the wrong agents
    cert = good.certificate._replace(duals=duals)
    problems = jaxrate.verify(game, dataclasses.replace(good, certificate=cert)).problems
    assert any(f"level {level + 1}" in p for p in problems)


# --------------------------------------------------------------------------- a board that grows


def _grown_pair(models: int, added: int, seed: int):
    x = _table(models + added, 6, seed)
    names = [f"model{i}" for i in range(models + added)]
    before = jaxrate.agent_vs_agent_vs_task(x[:models], agents=names[:models])
    after = jaxrate.agent_vs_agent_vs_task(x, agents=names)
    return before, after


@pytest.mark.parametrize("added", [1, 3])
def test_a_board_that_grows_is_re_proved_from_the_previous_result(added):
    before, after = _grown_pair(_solve._BOARD_MODELS + 20, added, 11)
    previous = jaxrate.deviation_ratings(before)
    grown = jaxrate.deviation_ratings(after, warm_start=previous)
    fresh = jaxrate.exact.deviation_ratings(_dense(after))
    assert grown.proof.steps.count("board (grown)") == added
    assert set(grown.proof.steps) == {"board (grown)", "board (previous)"}
    a, b = _flat(grown), _flat(fresh)
    assert np.max(np.abs(a - b)) <= 1e-9 * np.ptp(b)
    assert jaxrate.verify(after, grown).ok  # the whole proof, from scratch


def test_a_grown_board_that_does_not_carry_over_is_rated_afresh():
    before, after = _grown_pair(_solve._BOARD_MODELS + 20, 1, 12)
    x = np.array(after.table)
    x[-1] = x.max(axis=0) + 5  # the new model beats everyone everywhere: level 1 changes
    after = jaxrate.agent_vs_agent_vs_task(x, agents=after.strategies[0])
    previous = jaxrate.exact.deviation_ratings(before)
    grown = jaxrate.exact.deviation_ratings(after, previous=previous)
    assert set(grown.steps) == {"board"}
    assert jaxrate.verify(after, grown).ok
    # A model removed, or a previous result whose ratings are not its joint's: afresh too.
    smaller = jaxrate.agent_vs_agent_vs_task(before.table[1:], agents=before.strategies[0][1:])
    assert set(jaxrate.exact.deviation_ratings(smaller, previous=previous).steps) == {"board"}
    tampered = dataclasses.replace(previous, ratings=(previous.ratings[0] + 1e-3, *previous.ratings[1:]))
    _, after = _grown_pair(_solve._BOARD_MODELS + 20, 1, 12)
    assert set(jaxrate.exact.deviation_ratings(after, previous=tampered).steps) == {"board"}


# --------------------------------------------------------------------------- the command line


def _write_board(path, table, names):
    lines = ["model," + ",".join(f"task{t}" for t in range(table.shape[1]))]
    lines += [f"{n}," + ",".join(f"{v:.2f}" for v in row) for n, row in zip(names, table)]
    path.write_text("\n".join(lines) + "\n")


def _rated_week_before(tmp_path, seed: int):
    """``before.csv`` (one model fewer) rated into ``before.json``, and ``after.csv``: ``(table, names)``."""
    from jaxrate.cli import main

    x = _table(_solve._BOARD_MODELS + 11, 6, seed)
    names = [f"model{i:03d}" for i in range(len(x))]
    _write_board(tmp_path / "before.csv", x[:-1], names[:-1])
    _write_board(tmp_path / "after.csv", x, names)
    assert main(["rate", str(tmp_path / "before.csv"), "--json", str(tmp_path / "before.json")]) == 0
    return x, names


def test_cli_previous_re_proves_a_grown_board(capsys, tmp_path):
    from jaxrate.cli import main

    x, names = _rated_week_before(tmp_path, 21)
    capsys.readouterr()
    assert (
        main(
            [
                "rate",
                str(tmp_path / "after.csv"),
                "--json",
                str(tmp_path / "fresh.json"),
                "--progress",
                "always",
            ]
        )
        == 0
    )
    assert "table route: " in capsys.readouterr().err  # the progress bar names the route
    argv = ["rate", str(tmp_path / "after.csv"), "--previous", str(tmp_path / "before.json")]
    assert main([*argv, "--json", str(tmp_path / "grown.json")]) == 0
    grown = json.loads((tmp_path / "grown.json").read_text())
    fresh = json.loads((tmp_path / "fresh.json").read_text())
    assert grown["proof"]["steps"].count("board (grown)") == 1
    assert {e["strategy"]: e["rating"] for e in grown["ranking"]} == pytest.approx(
        {e["strategy"]: e["rating"] for e in fresh["ranking"]}, abs=1e-9 * 100
    )
    # The file --previous reads back is the proof: a wrong one is refused in one line, exit 2.
    (tmp_path / "plain.json").write_text('{"ranking": []}')
    capsys.readouterr()
    for bad, message in (
        ("missing.json", "no such file"),
        ("after.csv", "not JSON"),
        ("plain.json", "no proof in it"),
    ):
        assert main(["rate", str(tmp_path / "after.csv"), "--previous", str(tmp_path / bad)]) == 2
        err = capsys.readouterr().err
        assert message in err and len(err.strip().splitlines()) == 1
    assert (
        main(
            [
                "rate",
                str(tmp_path / "after.csv"),
                "--previous",
                str(tmp_path / "before.json"),
                "--method",
                "elo",
            ]
        )
        == 2
    )
    assert "--previous re-proves exact deviation ratings" in capsys.readouterr().err


def test_resamples_of_a_large_board_are_rated_through_their_tables(monkeypatch):
    from jaxrate import uncertainty

    x = _table(_solve._BOARD_MODELS, 5, 31)
    routes = []
    real = _board.board_run

    def counted(game, **kwargs):
        routes.append(game.table.shape)
        return real(game, **kwargs)

    monkeypatch.setattr(_board, "board_run", counted)
    out = uncertainty.task_subsets(x, resamples=3, seed=0, method="exact")
    assert out.method == "exact" and not out.failures
    assert len(routes) == 1 + 3  # the point estimate and each resample, each through its table
    assert all(shape[0] == _solve._BOARD_MODELS and shape[1] <= 5 for shape in routes)
    lo, hi = out.lower[0], out.upper[0]
    assert np.all(lo <= hi) and np.all(np.isfinite(out.samples[0]))


def _five(previous_table):
    return jaxrate.exact.deviation_ratings(jaxrate.agent_vs_agent_vs_task(previous_table))


def test_a_previous_result_that_is_not_this_board_is_never_carried_over():
    """Found in review: a previous model whose score changed (on a task the joint does not
    play) kept its stale proof; NaN passed every check; a constant board crashed."""
    x = np.array([[7, 7, 5], [4, 2, 4], [9, 8, 9], [7, 8, 3], [6, 6, 2]], float)
    previous = _five(x)
    grown = np.vstack([x, [[5, 7, 2]]])
    grow = lambda table, prev: _board.grown_ratings(  # noqa: E731
        jaxrate.agent_vs_agent_vs_task(table), prev, dual_tol=1e-9, certificate_tol=1e-7, decimals=12
    )
    changed = grown.copy()
    changed[0, 0] = 4
    assert grow(changed, previous) is None
    nan = dataclasses.replace(previous, ratings=(previous.ratings[0] * np.nan, *previous.ratings[1:]))
    assert grow(grown, nan) is None
    constant = _five(np.full((3, 1), 2.0))
    assert grow(np.array([[2.0], [2.0], [2.0], [1.0]]), constant) is None
    carried = grow(grown, previous)  # the honest case carries over, and verifies
    if carried is not None:
        assert jaxrate.verify(jaxrate.agent_vs_agent_vs_task(grown), carried).ok


def test_cli_previous_refuses_a_file_changed_after_it_was_written(capsys, tmp_path):
    from jaxrate.cli import main

    x, names = _rated_week_before(tmp_path, 22)
    payload = json.loads((tmp_path / "before.json").read_text())
    payload["proof"]["duals"][3][0][1] *= 2
    (tmp_path / "edited.json").write_text(json.dumps(payload))
    capsys.readouterr()
    assert main(["rate", str(tmp_path / "after.csv"), "--previous", str(tmp_path / "edited.json")]) == 2
    assert "changed after jaxrate wrote it" in capsys.readouterr().err
    # A board the previous rating does not carry over to is rated afresh, and says so.
    x[0, 0] += 1
    _write_board(tmp_path / "after.csv", x, names)
    argv = ["rate", str(tmp_path / "after.csv"), "--previous", str(tmp_path / "before.json")]
    assert main([*argv, "--json", str(tmp_path / "fresh.json")]) == 0
    assert "does not carry over" in capsys.readouterr().err
    assert "board (grown)" not in json.loads((tmp_path / "fresh.json").read_text())["proof"]["steps"]
