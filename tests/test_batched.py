"""The batched JAX path against the exact path, and its batch semantics."""

import os
import subprocess
import sys

import jax
import numpy as np
import pytest

import jaxrate
from jaxrate.batched import Status, raise_for_status

B = 48  # games per family; one compilation per (shape, dtype)


def _family(kind: str, shape, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    n = len(shape)
    if kind == "general":
        return rng.random((B, n) + shape)
    if kind == "integer":
        return rng.integers(0, 3, size=(B, n) + shape) / 2.0
    if kind == "zerosum":
        g = rng.random((B,) + shape)
        return np.stack([g, -g], axis=1)
    if kind == "clones":  # the last strategy of every player copies the first
        g = rng.random((B, n) + shape)
        for p in range(n):
            src = [slice(None)] * (n + 2)
            dst = list(src)
            src[2 + p], dst[2 + p] = 0, -1
            g[tuple(dst)] = g[tuple(src)]
        return g
    raise ValueError(kind)


def _exact(games):
    return [np.concatenate(jaxrate.exact.deviation_ratings(g).ratings) for g in games]


def _max_diff(result, games):
    fast = np.concatenate(result.ratings, axis=1)
    return max(float(np.max(np.abs(f - e))) for f, e in zip(fast, _exact(games)))


@pytest.mark.parametrize("kind", ["general", "integer", "zerosum", "clones"])
def test_two_player_families_match_exact_in_float64(kind):
    games = _family(kind, (4, 4))
    with jax.enable_x64(True):
        out = jaxrate.batched.deviation_ratings(games)
    assert out.precision == "float64"
    assert np.all(out.status == Status.SOLVED)
    assert _max_diff(out, games) <= 1e-7
    assert np.max(out.residual) <= 1e-7 and np.max(out.max_gain) <= 1e-7


@pytest.mark.parametrize("kind", ["general", "integer", "clones"])
def test_three_player_families_match_exact_in_float64(kind):
    games = _family(kind, (3, 3, 3))
    with jax.enable_x64(True):
        out = jaxrate.batched.deviation_ratings(games)
    assert np.all(out.status == Status.SOLVED)
    assert _max_diff(out, games) <= 1e-7


def test_symmetric_model_vs_model_vs_task_matches_exact():
    rng = np.random.default_rng(3)
    games = np.stack([jaxrate.agent_vs_agent_vs_task(rng.random((3, 3))).payoffs for _ in range(B)])
    with jax.enable_x64(True):
        out = jaxrate.batched.deviation_ratings(games)
    assert np.all(out.status == Status.SOLVED)
    assert _max_diff(out, games) <= 1e-7


@pytest.mark.slow  # the default run stays under 5 minutes; CI runs it
def test_float32_solved_games_within_1e3():
    games = _family("general", (4, 4), seed=1).astype(np.float32)
    out = jaxrate.batched.deviation_ratings(games)
    assert out.precision == "float32" and out.ratings[0].dtype == np.float32
    solved = out.status == Status.SOLVED
    assert solved.mean() >= 0.95
    fast = np.concatenate(out.ratings, axis=1)
    exact = _exact(games.astype(np.float64))
    assert max(float(np.max(np.abs(fast[i] - exact[i]))) for i in np.nonzero(solved)[0]) <= 1e-3


def test_single_game_and_batch_agree():
    games = _family("general", (4, 4), seed=2)
    with jax.enable_x64(True):
        batch = jaxrate.batched.deviation_ratings(games)
        for i in (0, 7, 31):
            single = jaxrate.batched.deviation_ratings(games[i])
            assert single.ratings[0].shape == (4,) and single.joint.shape == (4, 4)
            np.testing.assert_allclose(single.ratings[0], batch.ratings[0][i], atol=1e-12)
            np.testing.assert_allclose(single.joint, batch.joint[i], atol=1e-12)
        games_list = [jaxrate.Game(g) for g in games[:5]]
        from_games = jaxrate.batched.deviation_ratings(games_list)
        np.testing.assert_allclose(from_games.ratings[1], batch.ratings[1][:5], atol=1e-12)


def test_bad_game_does_not_spoil_the_batch():
    games = _family("general", (4, 4), seed=4)
    games[5, 0, 1, 2] = np.nan
    with jax.enable_x64(True):
        out = jaxrate.batched.deviation_ratings(games)
    assert out.status[5] == Status.NONFINITE and np.all(np.isnan(out.ratings[0][5]))
    others = np.delete(np.arange(B), 5)
    assert np.all(out.status[others] == Status.SOLVED)
    assert _max_diff(out._replace(ratings=tuple(r[others] for r in out.ratings)), games[others]) <= 1e-7
    with pytest.raises(RuntimeError, match="game 5 of 48: NONFINITE"):
        raise_for_status(out)


def test_masks_rate_the_subgame():
    games = _family("general", (4, 4), seed=5)
    mask0 = np.ones((B, 4), bool)
    mask0[:, 3] = False  # player 0 has 3 strategies in every game
    mask0[::2, 2] = False  # and 2 in every other game
    with jax.enable_x64(True):
        out = jaxrate.batched.deviation_ratings(games, masks=[mask0, np.ones(4, bool)])
    assert np.all(out.status == Status.SOLVED)
    for i in range(0, B, 5):
        keep = np.nonzero(mask0[i])[0]
        sub = jaxrate.exact.deviation_ratings(games[i][:, keep])
        np.testing.assert_allclose(out.ratings[0][i][keep], sub.ratings[0], atol=1e-7)
        np.testing.assert_allclose(out.ratings[1][i], sub.ratings[1], atol=1e-7)
        assert np.all(np.isnan(out.ratings[0][i][~mask0[i]]))
        assert np.all(out.joint[i][~mask0[i]] == 0)


def test_warm_start_gives_the_same_ratings():
    games = _family("general", (4, 4), seed=6)
    with jax.enable_x64(True):
        cold = jaxrate.batched.deviation_ratings(games)
        nudged = games + 1e-3 * np.random.default_rng(0).random(games.shape)
        warm = jaxrate.batched.deviation_ratings(nudged, warm_start=cold)
        fresh = jaxrate.batched.deviation_ratings(nudged)
    np.testing.assert_allclose(np.concatenate(warm.ratings, 1), np.concatenate(fresh.ratings, 1), atol=1e-9)


def test_bad_structure_raises():
    with pytest.raises(ValueError, match="shape"):
        jaxrate.batched.deviation_ratings(np.zeros((3, 2, 2)))
    with pytest.raises(ValueError, match="share a shape"):
        jaxrate.batched.deviation_ratings(
            [jaxrate.Game(np.zeros((2, 2, 2))), jaxrate.Game(np.zeros((2, 3, 2)))]
        )
    with pytest.raises(ValueError, match="masks"):
        jaxrate.batched.deviation_ratings(np.zeros((2, 2, 2)), masks=[np.ones(2, bool)])


@pytest.mark.slow  # a sibling covers this path in the default run; compile-heavy
def test_batch_axis_sharded_over_four_cpu_devices():
    code = (
        "import numpy as np, jax, jaxrate\n"
        "assert jax.local_device_count() == 4\n"
        "jax.config.update('jax_enable_x64', True)\n"
        "g = np.random.default_rng(0).random((10, 2, 3, 3))\n"
        "out = jaxrate.batched.deviation_ratings(g)\n"
        "ex = [jaxrate.exact.deviation_ratings(x).ratings[0] for x in g]\n"
        "assert out.ratings[0].shape == (10, 3)\n"
        "assert np.max(np.abs(out.ratings[0] - np.stack(ex))) < 1e-7, out.ratings[0]\n"
        "print('ok')\n"
    )
    env = dict(os.environ, XLA_FLAGS="--xla_force_host_platform_device_count=4", JAX_PLATFORMS="cpu")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]


@pytest.mark.slow  # the default run stays under 5 minutes; CI runs it
def test_batch_split_over_two_processes_with_two_devices_each():
    """jax.distributed on CPU (gloo): each process rates its block, both get the whole batch in order."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    code = (
        "import sys, numpy as np, jax, jaxrate\n"
        "jax.config.update('jax_cpu_collectives_implementation', 'gloo')\n"
        f"jax.distributed.initialize('127.0.0.1:{port}', num_processes=2, process_id=int(sys.argv[1]))\n"
        "assert jax.process_count() == 2 and jax.local_device_count() == 2 and jax.device_count() == 4\n"
        "jax.config.update('jax_enable_x64', True)\n"
        "g = np.random.default_rng(0).random((11, 2, 3, 4))\n"
        "out = jaxrate.batched.deviation_ratings(g)\n"
        "ex = np.stack([jaxrate.exact.deviation_ratings(x).ratings[1] for x in g])\n"
        "assert out.ratings[1].shape == (11, 4) and (out.status == 0).all()\n"
        "assert np.max(np.abs(out.ratings[1] - ex)) < 1e-7, out.ratings[1]\n"
        "print('ok', jax.process_index())\n"
    )
    env = dict(os.environ, XLA_FLAGS="--xla_force_host_platform_device_count=2", JAX_PLATFORMS="cpu")
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", code, str(i)],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(2)
    ]
    outs = [p.communicate(timeout=300) for p in procs]
    for i, (p, (out, err)) in enumerate(zip(procs, outs)):
        assert p.returncode == 0 and out.strip().endswith(f"ok {i}"), (out[-500:], err[-2000:])


def test_streaming_through_fewer_lanes_than_games():
    games = _family("integer", (4, 4), seed=7)
    with jax.enable_x64(True):
        streamed = jaxrate.batched.deviation_ratings(games, lanes=8)  # 48 games through 8 lanes
        at_once = jaxrate.batched.deviation_ratings(games)
    assert np.all(streamed.status == Status.SOLVED)
    for a, b in zip(streamed.ratings, at_once.ratings):
        np.testing.assert_array_equal(a, b)
    np.testing.assert_array_equal(streamed.iterations, at_once.iterations)
    assert _max_diff(streamed, games) <= 1e-7


@pytest.mark.slow  # compiles the lanes for a shape of its own (15-20 s); CI runs it
def test_lanes_finish_a_unique_level_one_optimum_as_rate_game_does():
    """The host path's lanes pause a game at the end of its first levels and finish it from a
    unique optimum, as ``rate_game``'s solve does: on random games (level 1's optimum unique) it
    pivots no more than ``jit(vmap(rate_game))`` on the same games, and rates them alike (before,
    its lanes pivoted every later level: 2P 10 x 10, 59 pivots a game against 16)."""
    games = _family("general", (6, 6), seed=11)
    with jax.enable_x64(True):
        lanes = jaxrate.batched.deviation_ratings(games, lanes=16)  # 48 games through 16 lanes
        jitted = jax.jit(jax.vmap(jaxrate.batched.rate_game))(games)
    assert np.all(lanes.status == Status.SOLVED)
    assert np.all(np.asarray(jitted["status"]) == Status.SOLVED)
    assert np.sum(lanes.iterations) <= 1.1 * np.sum(np.asarray(jitted["iterations"]))
    np.testing.assert_allclose(np.concatenate(lanes.ratings, axis=1), jitted["ratings"], atol=1e-9)
    assert _max_diff(lanes, games) <= 1e-7


@pytest.mark.slow  # compiles the lanes for a shape of its own (15-20 s); CI runs it
def test_a_retry_pivots_every_level_where_the_unique_finish_failed():
    """A near-clone game (strategy 1 of each player strategy 0 plus 1e-6 of noise) whose level-1
    basis is too ill-conditioned for the finish from a unique optimum (its joint then misses the
    ratings by 9e-5 of the range: FAILED) is solved by the retry, which pivots every level; before,
    the retries repeated the finish and the game stayed FAILED under ``solver="simplex"``."""
    rng = np.random.default_rng(4242)
    rng.uniform(size=(60, 2, 10, 10)), rng.uniform(size=(40, 3, 6, 6, 6))
    games = rng.uniform(size=(60, 2, 10, 10))
    games[:, :, 1] = games[:, :, 0] + 1e-6 * rng.uniform(-1, 1, size=games[:, :, 0].shape)
    games = games[32:34]  # the 34th: the finish's joint 9e-5 from the ratings
    with jax.enable_x64(True):
        rated = jaxrate.deviation_ratings(games, solver="simplex")
    assert np.all(rated.status == Status.SOLVED)
    assert _max_diff(rated, games) <= 1e-6


def test_the_jax_path_turns_the_persistent_cache_on_unless_the_user_chose(tmp_path):
    """Importing the JAX path sets JAX's persistent compilation cache to ``JAXRATE_CACHE_DIR`` (the
    host path's compiled programs are written there); a cache the user set for JAX is kept, and an
    empty ``JAXRATE_CACHE_DIR`` sets none."""
    code = (
        "import sys, jax, numpy as np, jaxrate.batched\n"
        "print(jax.config.jax_compilation_cache_dir, jax.config.jax_compilation_cache_max_size)\n"
        "if sys.argv[1:]: jaxrate.deviation_ratings(np.eye(3)[None].repeat(2, 0), solver='simplex')\n"
    )
    chosen = ("JAX_COMPILATION_CACHE", "JAXRATE_CACHE")
    base = {k: v for k, v in os.environ.items() if not k.startswith(chosen)}
    base["JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS"] = "0"
    ours, theirs = tmp_path / "ours", tmp_path / "theirs"

    def printed(*argv, **env):
        command = [sys.executable, "-c", code, *argv]
        done = subprocess.run(command, capture_output=True, text=True, env=base | env)
        assert done.returncode == 0, done.stderr[-2000:]
        return done.stdout.split()

    assert printed("rate", JAXRATE_CACHE_DIR=str(ours)) == [str(ours), str(2 << 30)]
    assert any(ours.iterdir())  # the host path's programs kept
    assert printed(JAXRATE_CACHE_DIR=str(ours), JAX_COMPILATION_CACHE_DIR=str(theirs))[0] == str(theirs)
    assert printed(JAXRATE_CACHE_DIR="") == ["None", "-1"]
