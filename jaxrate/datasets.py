"""Built-in datasets."""

from __future__ import annotations

import csv
from importlib import resources
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["DATASETS", "load"]

DATASETS = {
    "atari": "The paper's normalised Atari table: 20 agents x 53 games, scores in [0, 1].",
}


def load(name: str) -> pd.DataFrame:
    """A built-in score table as a pandas DataFrame (index = agents, columns = tasks).

    Raises:
      ValueError: for an unknown dataset name.
    """
    import pandas as pd

    if name not in DATASETS:
        raise ValueError(f"unknown dataset {name!r}; available: {', '.join(sorted(DATASETS))}")
    path = resources.files("jaxrate") / "data" / "atari_normalized.csv"
    with path.open("r") as f:
        table = pd.read_csv(f, index_col=0)
    table = table.T  # the file has games as rows and agents as columns
    table.index.name = "agent"
    table.columns.name = "game"
    return table


def load_arrays(name: str) -> tuple[np.ndarray, tuple[str, ...], tuple[str, ...]]:
    """A built-in score table as ``(scores [agents, tasks], agents, tasks)``, without pandas.

    The command line rates built-in tables this way: importing pandas would
    take longer than the exact solve of the Atari table.
    """
    if name not in DATASETS:
        raise ValueError(f"unknown dataset {name!r}; available: {', '.join(sorted(DATASETS))}")
    path = resources.files("jaxrate") / "data" / "atari_normalized.csv"
    with path.open("r", newline="") as f:
        rows = list(csv.reader(f))
    agents = tuple(c.strip() for c in rows[0][1:])
    tasks = tuple(r[0].strip() for r in rows[1:])
    scores = np.array([[float(c) for c in r[1:]] for r in rows[1:]]).T  # games are rows in the file
    return scores, agents, tasks
