"""Game validation and gamifications."""

import numpy as np
import pandas as pd
import pytest

import jaxrate
from jaxrate import games


def test_names_and_shape():
    g = jaxrate.Game(np.zeros((2, 3, 2)), players=["a", "b"], strategies=[["x", "y", "z"], ["u", "v"]])
    assert g.num_players == 2 and g.num_strategies == (3, 2) and g.num_joints == 6
    assert g.strategies[0] == ("x", "y", "z")
    assert not g.payoffs.flags.writeable


@pytest.mark.parametrize(
    "payoffs, message",
    [
        (np.array([[[np.nan, 0.0], [0.0, 0.0]]] * 2), "finite"),
        (np.array([[[np.inf, 0.0], [0.0, 0.0]]] * 2), "finite"),
        (np.zeros((3, 2, 2)), "3 players on the leading axis but have 2 strategy axes"),
        (np.zeros((2, 0, 2)), "at least one strategy"),
        (np.zeros((2,)), "shape"),
        ([[[1.0, 2.0], [3.0]], [[1.0, 2.0], [3.0, 4.0]]], "rectangular"),
        (np.zeros((1, 0)), "at least one strategy"),
        ("abc", "rectangular"),
    ],
)
def test_bad_payoffs(payoffs, message):
    with pytest.raises(ValueError, match=message):
        jaxrate.Game(payoffs)


def test_bad_names():
    with pytest.raises(ValueError, match="duplicate name 'a'"):
        jaxrate.Game(np.zeros((2, 2, 2)), players=["a", "a"])
    with pytest.raises(ValueError, match="duplicate name 'x'"):
        jaxrate.Game(np.zeros((2, 2, 2)), strategies=[["x", "x"], ["u", "v"]])
    with pytest.raises(ValueError, match="expected 2 names"):
        jaxrate.Game(np.zeros((2, 2, 2)), strategies=[["x"], ["u", "v"]])


def test_agent_vs_task_from_dataframe():
    frame = pd.DataFrame([[1.0, 0.5], [0.0, 1.0]], index=["m1", "m2"], columns=["t1", "t2"])
    g = jaxrate.agent_vs_task(frame)
    assert g.players == ("agent", "task")
    assert g.strategies == (("m1", "m2"), ("t1", "t2"))
    np.testing.assert_array_equal(g.payoffs[0], frame.to_numpy())
    np.testing.assert_array_equal(g.payoffs[1], -frame.to_numpy())


def test_agent_vs_agent_vs_task_payoffs():
    t = np.array([[1.0, 0.2], [0.4, 0.9], [0.0, 0.0]])
    g = jaxrate.agent_vs_agent_vs_task(t)
    assert g.payoffs.shape == (3, 3, 3, 2)
    a, b, task = 0, 1, 1
    assert g.payoffs[0, a, b, task] == pytest.approx(0.2 - 0.9)
    assert g.payoffs[1, a, b, task] == pytest.approx(0.9 - 0.2)
    assert g.payoffs[2, a, b, task] == pytest.approx(0.7)
    np.testing.assert_array_equal(g.payoffs[0], -np.swapaxes(g.payoffs[0], 0, 1))


@pytest.mark.parametrize("make", [jaxrate.agent_vs_task, jaxrate.agent_vs_agent_vs_task])
def test_bad_scores(make):
    frame = pd.DataFrame([[1.0, np.nan]], index=["m1"], columns=["t1", "t2"])
    with pytest.raises(ValueError, match="score of agent 'm1' on task 't2' is missing"):
        make(frame)
    with pytest.raises(ValueError, match="not a number"):
        make(pd.DataFrame([[1.0, "x"]], index=["m1"], columns=["t1", "t2"]))
    with pytest.raises(ValueError, match="at least one agent and one task"):
        make(np.zeros((0, 3)))
    with pytest.raises(ValueError, match="2-D"):
        make(np.zeros(3))
    with pytest.raises(ValueError, match="rectangular"):
        make([[1.0, 2.0], [1.0]])
    with pytest.raises(ValueError, match="duplicate name"):
        make(pd.DataFrame([[1.0], [2.0]], index=["m", "m"], columns=["t"]))


def test_transforms_keep_payoffs_consistent():
    rng = np.random.default_rng(0)
    g = jaxrate.Game(rng.normal(size=(3, 2, 3, 2)))
    c = games.clone_strategy(g, 1, 2)
    np.testing.assert_array_equal(c.payoffs[:, :, 3], g.payoffs[:, :, 2])
    m = games.add_mixture(g, 0, [0.25, 0.75])
    np.testing.assert_allclose(m.payoffs[:, 2], 0.25 * g.payoffs[:, 0] + 0.75 * g.payoffs[:, 1])
    p = games.permute_players(g, [2, 0, 1])
    assert p.num_strategies == (2, 2, 3)
    assert p.payoffs[1, 1, 0, 2] == g.payoffs[0, 0, 2, 1]
