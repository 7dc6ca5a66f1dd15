"""Built-in datasets."""

from __future__ import annotations

from importlib import resources

__all__ = ["DATASETS", "load"]

DATASETS = {
    "atari": "The paper's normalised Atari table: 20 agents x 53 games, scores in [0, 1].",
}


def load(name: str):
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
