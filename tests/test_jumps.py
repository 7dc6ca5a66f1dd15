"""The jump check (issue 52): ratings that a change of the payoffs far below the proof's tolerance moves.

The two games below lie within 1e-13 of a jump: found by bisecting a random
payoff path ``G0 + t D`` (benchmarks/jumps.py) until the exact ratings at the
two ends, 5e-14 apart, differed by 0.07 and 0.47 of the range. Their digits
are kept in full, as the jump is.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

import jaxrate
from jaxrate.cli import main
from jaxrate.game.jumps import jump_direction, jump_sizes, probe_payoffs

# Within 1e-13 of a jump of 0.072 of the range (both paths flag it).
NEAR_JUMP = np.array(
    [
        [
            [0.9630223455730489, -0.3576143539321289, 0.5733993228438239],
            [0.1180489992363587, -0.6336560596530623, 0.7207038887921564],
            [0.9090791512789408, -0.1127070185491883, 1.02998421969102],
        ],
        [
            [-0.5656518964642393, 0.8458237827112357, 0.5318575171920321],
            [-0.18529628564740727, -0.904628481715917, 1.0174844974847959],
            [0.2900189978216781, -0.2846832630400112, -0.30567431862447125],
        ],
    ]
)
# Within 1e-13 of a jump of 0.47 of the range, where every rung of the exact path's ladder failed
# (its exact proof needs multipliers of 1e12): proven from a solution near it (_nearby).
EVERY_RUNG_FAILED = np.array(
    [
        [
            [0.23544104972453095, -0.4752810512638209, -1.008679179122756],
            [-1.0391330034730921, 0.6593233739147385, 0.8537913885851868],
            [0.23544105207374968, 0.4366435268562106, 0.18278133700385196],
        ],
        [
            [0.9625300709853111, 0.6673561887199032, -0.965614529896536],
            [0.7510157365925372, -0.9541709144041924, 0.3892002163187016],
            [-0.6061331308255054, 0.7312292935252379, 0.04646329262248174],
        ],
    ]
)


def test_the_direction_is_fixed_and_the_probe_is_relative_to_the_scale():
    first, again = jump_direction((2, 3, 3)), jump_direction((2, 3, 3))
    assert first is again and not first.flags.writeable
    assert np.all(np.abs(first) <= 1) and np.ptp(first) > 1
    moved = probe_payoffs(NEAR_JUMP[None] * 1e6, np.array([jaxrate.payoff_scale(NEAR_JUMP) * 1e6]))
    steps = np.abs(moved - NEAR_JUMP[None] * 1e6) / (jaxrate.payoff_scale(NEAR_JUMP) * 1e6)
    assert moved.shape == (2, 1, 2, 3, 3)
    np.testing.assert_allclose(steps.max(), jaxrate.TOLERANCES.jump_probe("float64") * np.abs(first).max())


def test_sizes_take_the_rated_copies_and_flag_an_unratable_neighbourhood():
    ratings = np.array([[0.0, -1.0], [0.0, -1.0], [0.0, np.nan]])
    probed = np.array(
        [[[0.0, -1.0], [0.0, -0.5], [5.0, np.nan]], [[0.0, -1.0 + 1e-9], [0.0, -1.0], [9.0, np.nan]]]
    )
    copies = np.array([[True, True, False], [True, False, False]])
    size, flag = jump_sizes(ratings, probed, np.array([True, True, True]), copies, np.ones(3))
    np.testing.assert_allclose(size[:2], [1e-9, 0.5])
    assert np.isnan(size[2])  # no copy rated: not measured, and flagged
    assert flag.tolist() == [False, True, True]
    size, flag = jump_sizes(ratings, probed, np.array([False, True, True]), copies, np.ones(3))
    assert np.isnan(size[0]) and not flag[0]  # the game itself not rated: nothing to say


@pytest.mark.parametrize("payoffs", [NEAR_JUMP, EVERY_RUNG_FAILED], ids=["near-jump", "every-rung-failed"])
def test_the_exact_path_rates_a_game_next_to_a_jump_and_flags_it(payoffs):
    out = jaxrate.deviation_ratings(payoffs, jumps=True)
    scale = jaxrate.payoff_scale(payoffs)
    assert out.jump and out.jump_size > 0.01 * scale
    assert jaxrate.verify(payoffs, out).ok


def test_every_rung_failed_is_proven_from_a_solution_near_it():
    out = jaxrate.deviation_ratings(EVERY_RUNG_FAILED)
    assert "every rung failed, so a solution near it was proven" in out.rescue
    assert jaxrate.verify(EVERY_RUNG_FAILED, out).ok


def test_random_games_are_pinned():
    # (rate_game's random games: test_rate_game_flags_the_same_games_in_jit)
    games = np.random.default_rng(0).uniform(-1, 1, size=(6, 2, 5, 5))
    scale = np.array([jaxrate.payoff_scale(g) for g in games])
    out = jaxrate.deviation_ratings(games, solver="highs", jumps=True)
    assert out.jump.shape == (6,) and not out.jump.any()
    assert np.all(out.jump_size < 1e-6 * scale)
    one = out.game(2)
    assert one.jump.shape == () and float(one.jump_size) == float(out.jump_size[2])


def test_the_check_is_opt_in_and_reads_back_from_the_result_file():
    plain = jaxrate.deviation_ratings(NEAR_JUMP)
    assert plain.jump is None and "jump" not in json.loads(plain.to_json())
    checked = jaxrate.deviation_ratings(NEAR_JUMP, jumps=True)
    back = jaxrate.Ratings.from_json(checked.to_json())
    assert bool(back.jump) and float(back.jump_size) == float(checked.jump_size)
    for bad in (
        {"flag": "no", "size": 0.0},
        {"flag": True, "size": "1.5"},
        {"flag": True, "size": -1.0},
        {"flag": True, "size": float("inf")},
        {"flag": True, "size": True},
        [True, 0.1],
    ):
        document = json.loads(checked.to_json())
        document["jump"] = bad
        with pytest.raises(ValueError, match="jump"):
            jaxrate.Ratings.from_json(document)
    document["jump"] = {"flag": True, "size": None}  # not measured: read back as NaN
    assert np.isnan(float(jaxrate.Ratings.from_json(document).jump_size))


def test_a_batch_file_holds_the_check_for_every_game_or_for_none():
    games = np.random.default_rng(3).uniform(-1, 1, size=(3, 2, 3, 3))
    checked = jaxrate.deviation_ratings(games, solver="highs", batched=True, jumps=True)
    back = jaxrate.Ratings.from_json(checked.to_json())
    assert back.jump.shape == (3,) and back.game(1).jump.shape == ()
    document = json.loads(checked.to_json())
    del document["games"][1]["jump"]
    partial = jaxrate.Ratings.from_json(document)
    assert partial.jump is None and partial.jump_size is None
    json.loads(partial.to_json())  # and it writes back


def test_a_failed_game_is_not_probed_and_raises_as_before():
    with pytest.raises(RuntimeError, match="NONFINITE"):
        jaxrate.deviation_ratings(np.full((2, 2, 2), np.nan), jumps=True)
    out = jaxrate.deviation_ratings(np.full((2, 2, 2), np.nan), jumps=True, throw=False)
    assert not out.jump and np.isnan(float(out.jump_size))


@pytest.mark.slow  # two solver copies to compile: 20-40 s here
def test_rate_game_flags_the_same_games_in_jit():
    import jax
    import jax.numpy as jnp

    from jaxrate.batched import rate_game

    noise = np.random.default_rng(1).uniform(-1, 1, size=(2, 2, 3, 3))
    with jax.enable_x64(True):
        games = jnp.asarray(np.stack([NEAR_JUMP, EVERY_RUNG_FAILED, *noise]), jnp.float64)
        out = jax.jit(jax.vmap(lambda g: rate_game(g, jumps=True)))(games)
    assert np.asarray(out["jump"]).tolist() == [True, True, False, False]
    assert float(out["jump_size"][0]) > 0.01 * jaxrate.payoff_scale(NEAR_JUMP)
    assert np.all(np.asarray(out["jump_size"][2:]) < 1e-6 * 2)


@pytest.mark.slow
def test_the_jump_check_adds_no_derivative():
    import jax
    import jax.numpy as jnp

    from jaxrate.batched import rate_game

    game = jnp.asarray(np.random.default_rng(1).uniform(-1, 1, size=(2, 3, 3)), jnp.float32)
    grads = jax.jit(jax.grad(lambda g: rate_game(g, jumps=True)["ratings"].sum()))(game)
    plain = jax.jit(jax.grad(lambda g: rate_game(g)["ratings"].sum()))(game)
    assert np.abs(np.asarray(plain)).sum() > 0
    np.testing.assert_array_equal(np.asarray(grads), np.asarray(plain))


def test_command_line_jumps_says_whether_the_board_is_pinned(tmp_path, capsys):
    scores = tmp_path / "scores.csv"
    scores.write_text("model,a,b,c\nm1,0.9,0.2,0.5\nm2,0.4,0.8,0.1\nm3,0.6,0.5,0.7\n")
    base = ["rate", str(scores), "--progress", "never", "--jumps"]
    assert main(base + ["--json", str(tmp_path / "r.json")]) == 0
    err = capsys.readouterr().err
    assert "--jumps: the ratings are pinned by the data" in err
    assert json.loads((tmp_path / "r.json").read_text())["jump"]["flag"] is False
    assert main(base + ["--method", "elo"]) == 2
    assert "--jumps checks deviation ratings" in capsys.readouterr().err
    constant = tmp_path / "constant.csv"
    constant.write_text("model,a,b\nm1,0.5,0.5\nm2,0.5,0.5\n")
    assert (
        main(["rate", str(constant), "--progress", "never", "--jumps", "--report", str(tmp_path / "rep")])
        == 0
    )
    assert "jump check: ratings pinned" in (tmp_path / "rep" / "index.html").read_text()
