"""Seeded random sub-leaderboards of the real tables (shared by tests and benchmarks).

The shapes real users rate: 6-16 models and 4 to all tasks of the LiveBench or
Atari table, payoffs as given, as the 2-player (model vs task) or 3-player
(model vs model vs task) game. Floating-point LP solvers fail on about one in
1,200 of these (DESIGN.md, section 6).
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

import jaxrate

# As tests/conftest.py's SHARED_DATA. Benchmarks import this module without pytest:
# tests pass the file through conftest.shared_file, which skips a test without it.
SHARED = Path(os.environ.get("JAXRATE_SHARED_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))


def tables(livebench_csv: Path | None = None) -> dict[str, np.ndarray]:
    """``{name: [models, tasks]}`` for LiveBench (``livebench_csv``, else shared/'s) and Atari (built in)."""
    import pandas as pd

    path = SHARED / "livebench_2024_08_17.csv" if livebench_csv is None else livebench_csv
    livebench = pd.read_csv(path, index_col=0).to_numpy(dtype=np.float64)
    atari = jaxrate.datasets.load("atari").to_numpy(dtype=np.float64)
    return {"livebench": livebench, "atari": atari}


def sub_leaderboard(tables: dict[str, np.ndarray], seed: int, index: int):
    """The ``index``-th random sub-leaderboard: ``(description, Game)``."""
    rng = np.random.default_rng([seed, index])
    name = ("livebench", "atari")[index % 2]
    table = tables[name]
    models = rng.choice(table.shape[0], size=int(rng.integers(6, 17)), replace=False)
    tasks = rng.choice(table.shape[1], size=int(rng.integers(4, table.shape[1] + 1)), replace=False)
    sub = table[np.ix_(np.sort(models), np.sort(tasks))]
    players = int(rng.integers(2, 4))
    game = jaxrate.agent_vs_task(sub) if players == 2 else jaxrate.agent_vs_agent_vs_task(sub)
    return f"{name} #{index} {players}P {game.num_strategies}", game
