"""Boards rated on their subtasks (issue 44): many columns through the table, the joint held sparse.

Small versions of each route: a many-column board through the table route
(against the general path), the sparse joint through the result, the result
file, ``verify``, the report's task contributions and a board that grew.
"""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

import jaxrate
from jaxrate.exact import _board, _solve
from jaxrate.game import _joint
from jaxrate.game._joint import SparseJoint, held, support


def _subtask_table(models: int, seed: int, benchmarks=(8, 3, 2)) -> np.ndarray:
    """An Open-LLM-v2-like board on its subtasks: one ability, a factor per benchmark shared
    by its subtasks, noise; scores 0-100 with two decimals."""
    rng = np.random.default_rng(seed)
    ability = rng.normal(size=(models, 1))
    blocks = []
    for count in benchmarks:
        factor = rng.normal(scale=0.4, size=(models, 1))
        difficulty = rng.normal(scale=0.7, size=(1, count))
        blocks.append(1.3 * ability + factor - difficulty + rng.normal(scale=0.15, size=(models, count)))
    return np.round(100 / (1 + np.exp(-np.concatenate(blocks, axis=1))), 2)


def _flat(result) -> np.ndarray:
    return np.concatenate([np.asarray(r, dtype=np.float64) for r in result.ratings])


@pytest.fixture
def sparse_everywhere(monkeypatch):
    """Every joint the exact path holds is sparse (the threshold is 2**22 joints; these boards are small)."""
    monkeypatch.setattr(_joint, "SPARSE_JOINTS", 0)


# --------------------------------------------------------------------------- SparseJoint


def test_sparse_joint_is_its_dense_array_read_from_the_support():
    rng = np.random.default_rng(0)
    shape = (4, 4, 3)
    flat = rng.integers(0, 48, size=9)
    weight = rng.random(9)
    joint = SparseJoint.from_flat(flat, weight, shape)
    dense = np.zeros(48)
    np.add.at(dense, flat, weight)  # a joint listed twice sums
    dense = dense.reshape(shape)
    np.testing.assert_array_equal(np.asarray(joint), dense)
    assert joint.shape == shape and joint.ndim == 3 and joint.size == 48
    assert joint.sum() == pytest.approx(dense.sum())
    for axis in (0, (0, 1), (1, 2)):
        np.testing.assert_allclose(joint.sum(axis=axis), dense.sum(axis=axis), rtol=1e-14)
    assert joint.min() == 0.0 and joint.max() == dense.max()
    got_flat, got_w = support(joint)
    assert set(got_flat.tolist()) == set(np.flatnonzero(dense).tolist())
    np.testing.assert_allclose(got_w, dense.reshape(-1)[got_flat])
    assert (dense * 2.0 == 2.0 * np.asarray(joint)).all() and (np.ones(shape) * joint == dense).all()
    assert np.sum(joint) == pytest.approx(dense.sum()) and np.min(joint) == 0.0


def test_sparse_joint_refuses_what_it_cannot_be():
    with pytest.raises(ValueError, match="in its shape"):
        SparseJoint([[0, 5]], [1.0], (2, 2))
    with pytest.raises(ValueError, match="one weight per joint"):
        SparseJoint([[0, 1], [1, 1]], [1.0], (2, 2))
    with pytest.raises(ValueError, match="lists a joint strategy twice"):
        SparseJoint([[0, 1], [0, 1]], [0.5, 0.5], (2, 2))
    huge = SparseJoint([[0, 0, 0]], [1.0], (30_000, 30_000, 53))
    with pytest.raises(ValueError, match="dense view of this joint would hold 47,700,000,000 entries"):
        np.asarray(huge)
    assert huge.sum(axis=(0, 1)).shape == (53,)  # marginals are read from the support
    with pytest.raises(ValueError, match="would hold"):
        huge.sum(axis=2)  # a [30000, 30000] marginal is refused too


def test_held_is_dense_for_small_games_and_sparse_past_the_threshold(monkeypatch):
    assert isinstance(held(np.array([0, 3]), np.array([0.5, 0.5]), (2, 2)), np.ndarray)
    monkeypatch.setattr(_joint, "SPARSE_JOINTS", 3)
    got = held(np.array([0, 3, 3]), np.array([0.5, 0.25, 0.25]), (2, 2))
    assert isinstance(got, SparseJoint)
    np.testing.assert_array_equal(np.asarray(got), [[0.5, 0.0], [0.0, 0.5]])


# --------------------------------------------------------------------------- many columns


def test_many_column_board_takes_the_table_route_and_equals_the_general_path():
    x = _subtask_table(_solve._BOARD_MODELS, 1)  # 100 x 13: 7.7 models per task
    game = jaxrate.agent_vs_agent_vs_task(x)
    board = jaxrate.exact.deviation_ratings(game)
    assert set(board.steps) == {"board"}
    general = jaxrate.exact.deviation_ratings(jaxrate.Game(game.payoffs, game.players, game.strategies))
    assert "board" not in general.steps
    a, b = _flat(board), _flat(general)
    assert np.max(np.abs(a - b)) <= 1e-9 * np.ptp(b)
    assert jaxrate.verify(game, board).ok


def test_table_contributions_equal_the_payoffs_and_sum_to_the_ratings(sparse_everywhere):
    x = _subtask_table(12, 2)
    game = jaxrate.agent_vs_agent_vs_task(x)
    rated = jaxrate.exact.deviation_ratings(game)
    for player in (0, 1):
        dense = jaxrate.task_contributions(game.payoffs, np.asarray(rated.joint), player=player, over=2)
        table = jaxrate.task_contributions(game, rated.joint, player=player, over=2)
        np.testing.assert_allclose(table, dense, atol=1e-12 * game.scale)
        np.testing.assert_allclose(table.sum(axis=1), rated.ratings[player], atol=1e-9 * game.scale)


# --------------------------------------------------------------------------- the sparse joint travels


def test_a_sparse_joint_travels_through_ratings_file_and_verify(sparse_everywhere, tmp_path):
    x = _subtask_table(_solve._BOARD_MODELS + 10, 3)
    game = jaxrate.agent_vs_agent_vs_task(x)
    rated = jaxrate.deviation_ratings(game)
    assert isinstance(rated.joint, SparseJoint) and set(rated.steps) == {"board"}
    assert rated.joint.shape == game.num_strategies and rated.joint.sum() == pytest.approx(1.0)
    assert len(rated.joint.weight) < 200  # a handful of joints of 1.3 million
    assert jaxrate.verify(game, rated).ok
    path = tmp_path / "board.json"
    rated.to_json(str(path), game=game)
    back = jaxrate.read_result(str(path))
    assert isinstance(back.ratings.joint, SparseJoint)
    assert set(support(back.ratings.joint)[0].tolist()) == set(support(rated.joint)[0].tolist())
    assert jaxrate.verify(back.game, back.ratings).ok
    # A board that grew (by a model 5 points below the first) re-proves from the sparse previous result.
    grown = jaxrate.agent_vs_agent_vs_task(np.vstack([x, np.maximum(x[:1] - 5.0, 0.0)]))
    again = jaxrate.exact.deviation_ratings(grown, previous=back.ratings)
    assert "board (grown)" in again.steps and jaxrate.verify(grown, again).ok
    # The JAX simplex warm-started from a sparse joint reads it dense.
    tiny = jaxrate.agent_vs_agent_vs_task(x[:4, :2])
    exact = jaxrate.deviation_ratings(tiny)
    sparse = SparseJoint.from_flat(*support(exact.joint), tiny.num_strategies)
    warm = jaxrate.deviation_ratings(tiny, "simplex", warm_start=sparse)
    assert np.max(np.abs(_flat(warm) - _flat(exact))) <= 1e-6 * tiny.scale


def test_the_command_line_rates_and_reports_a_sparse_board(tmp_path):
    x = _subtask_table(_solve._BOARD_MODELS + 5, 5)
    csv = tmp_path / "board.csv"
    lines = ["model," + ",".join(f"sub{t}" for t in range(x.shape[1]))]
    lines += [f"m{i}," + ",".join(f"{v:.2f}" for v in row) for i, row in enumerate(x)]
    csv.write_text("\n".join(lines) + "\n")
    code = (
        "import sys; from jaxrate.game import _joint; _joint.SPARSE_JOINTS = 0; "
        "from jaxrate.cli import main; sys.exit(main(sys.argv[1:]))"
    )
    out, report = tmp_path / "out.json", tmp_path / "report"
    args = ["rate", str(csv), "--json", str(out), "--report", str(report)]
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    board = json.loads(out.read_text())
    assert 0 < board["joint_summary"]["support_size"] < 200
    assert sum(board["joint_summary"]["marginals"]["task"].values()) == pytest.approx(1.0)
    page = (report / "index.html").read_text()
    assert "sub0" in page
    check = subprocess.run(
        [sys.executable, "-m", "jaxrate.cli", "verify", str(out), str(csv)], capture_output=True, text=True
    )
    assert check.returncode == 0 and "verified" in check.stdout


def test_copied_columns_are_rated_once_and_proved_on_the_whole_board(monkeypatch):
    x = _subtask_table(_solve._BOARD_MODELS + 20, 6)
    copied = np.hstack([x, x[:, [0, 0, 4]]])  # task 0 three times, task 4 twice
    game = jaxrate.agent_vs_agent_vs_task(copied)
    calls = []
    real = _board.solve_board
    monkeypatch.setattr(
        _board, "solve_board", lambda table, **kw: calls.append(table.shape) or real(table, **kw)
    )
    merged = jaxrate.exact.deviation_ratings(game)
    assert calls == [x.shape] and set(merged.steps) == {"board"}  # the LP saw each column once
    assert jaxrate.verify(game, merged).ok  # and the proof holds on the whole board
    once = jaxrate.exact.deviation_ratings(jaxrate.agent_vs_agent_vs_task(x))
    scale = np.ptp(_flat(once))
    np.testing.assert_allclose(merged.ratings[0], once.ratings[0], atol=1e-9 * scale)  # clone invariance
    tasks = merged.ratings[2]
    np.testing.assert_allclose(tasks[: x.shape[1]], once.ratings[2], atol=1e-9 * scale)
    np.testing.assert_allclose(tasks[x.shape[1] :], tasks[[0, 0, 4]], atol=1e-12 * scale)
    every = _board.board_run(game, dual_tol=1e-9, merge_copies=False)
    a, b = (
        np.concatenate([every.ratings[: x.shape[0]], every.ratings[-copied.shape[1] :]]),
        np.concatenate([merged.ratings[0], merged.ratings[2]]),
    )
    np.testing.assert_allclose(a * game.scale, b, atol=1e-9 * scale)
