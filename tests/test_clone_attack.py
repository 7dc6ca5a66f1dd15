"""Clone attacks on LiveBench: deviation ratings do not move, uniform and Elo do."""

import numpy as np
import pandas as pd

import jaxrate
from jaxrate.baselines import elo_ratings, win_probabilities
from jaxrate.exact import deviation_ratings


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


def test_duplicating_a_task_ten_times(livebench):
    models = list(livebench.index)
    base = _methods(livebench, models)
    copies = pd.concat(
        [livebench] + [livebench[["LCB_generation"]].add_suffix(f"#{i}") for i in range(10)], axis=1
    )
    moved = _methods(copies, models)
    assert np.abs(moved["deviation"] - base["deviation"]).max() <= 1e-7
    assert np.abs(moved["uniform"] - base["uniform"]).max() > 0.05  # scores in [0, 1]
    assert np.abs(moved["elo"] - base["elo"]).max() > 50  # Elo points


def test_adding_three_copies_of_a_model(livebench):
    models = list(livebench.index)
    base = _methods(livebench, models)
    top = "claude-3-5-sonnet-20240620"
    copies = pd.concat(
        [livebench] + [livebench.loc[[top]].rename(index={top: f"{top}#{i}"}) for i in range(3)]
    )
    moved = _methods(copies, models)
    assert np.abs(moved["deviation"] - base["deviation"]).max() <= 1e-7
    # A model's mean score does not depend on the other models; Elo does.
    assert np.abs(moved["uniform"] - base["uniform"]).max() <= 1e-12
    assert np.abs(moved["elo"] - base["elo"]).max() > 5
