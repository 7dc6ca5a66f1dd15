"""Clone attacks on LiveBench and on Atari: deviation ratings do not move, uniform and Elo do."""

import numpy as np
import pandas as pd
import pytest

import jaxrate
from jaxrate.baselines import elo_ratings, win_probabilities
from jaxrate.exact import deviation_ratings

# Each table, the task copied and the top model copied (as examples/clone_attack.py attacks them).
ATTACKS = {
    "livebench": ("LCB_generation", "claude-3-5-sonnet-20240620"),
    "atari": ("pitfall", "r2d2(bandit)"),
}


@pytest.fixture(params=list(ATTACKS))
def attack(request) -> tuple[pd.DataFrame, str, str]:
    """``(table, task, top model)``: LiveBench from the shared data (skips without it), Atari built in."""
    name = request.param
    table = jaxrate.datasets.load("atari") if name == "atari" else request.getfixturevalue("livebench")
    return (table, *ATTACKS[name])


def _methods(table: pd.DataFrame, models: list[str]) -> dict[str, np.ndarray]:
    """Each method's ratings of ``models`` (the original ones) on ``table``."""
    game = jaxrate.agent_vs_task(table)
    dev = deviation_ratings(game).rating_of("agent")
    uniform = dict(zip(game.strategies[0], jaxrate.uniform_ratings(game)[0]))
    p, names = win_probabilities(table)
    elo = elo_ratings(p, models=names).rating_of()
    return {
        "deviation": np.array([dev[m] for m in models]),
        "uniform": np.array([uniform[m] for m in models]),
        "elo": np.array([elo[m] for m in models]),
    }


def test_duplicating_a_task_ten_times(attack):
    table, task, _ = attack
    models = list(table.index)
    base = _methods(table, models)
    copies = pd.concat([table] + [table[[task]].add_suffix(f"#{i}") for i in range(10)], axis=1)
    moved = _methods(copies, models)
    assert np.abs(moved["deviation"] - base["deviation"]).max() <= 1e-7
    assert np.abs(moved["uniform"] - base["uniform"]).max() > 0.05  # scores in [0, 1]
    assert np.abs(moved["elo"] - base["elo"]).max() > 50  # Elo points


def test_adding_three_copies_of_a_model(attack):
    table, _, top = attack
    models = list(table.index)
    base = _methods(table, models)
    copies = pd.concat([table] + [table.loc[[top]].rename(index={top: f"{top}#{i}"}) for i in range(3)])
    moved = _methods(copies, models)
    assert np.abs(moved["deviation"] - base["deviation"]).max() <= 1e-7
    # A model's mean score does not depend on the other models; Elo does.
    assert np.abs(moved["uniform"] - base["uniform"]).max() <= 1e-12
    assert np.abs(moved["elo"] - base["elo"]).max() > 5
