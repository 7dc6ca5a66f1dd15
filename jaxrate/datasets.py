"""Built-in datasets, and the sample inputs every page of the documentation runs on.

``load("atari")`` is the paper's Atari table. ``write_sample(name, folder)`` (``jaxrate
sample NAME``) writes one of ``SAMPLES`` into a folder: the files the how-to pages'
commands read, so that each command runs as written from a fresh clone.
"""

from __future__ import annotations

import csv
import os
import zipfile
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["DATASETS", "LIVEBENCH_URL", "SAMPLES", "load", "write_sample"]

#: Where the LiveBench snapshot the paper used (65 models x 18 tasks, 17 August 2024) can be
#: downloaded: the LiveBench website repository's ``public/table_2024_07_26.csv`` at commit
#: cc3e908 ("update leaderboard with change to spatial scoring"). Not shipped: no licence says
#: it may be; ``jaxrate reproduce livebench --data FILE`` and the examples read it.
LIVEBENCH_URL = (
    "https://raw.githubusercontent.com/LiveBench/livebench.github.io/"
    "cc3e90832a58b665f7d45ffa0cdcfbbee05e7a36/public/table_2024_07_26.csv"
)

#: The built-in score tables (name -> what it is), for :func:`load`.
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


# name -> (what it is, the packaged file). Where each came from: jaxrate/data/samples/README.md.
#: The sample inputs :func:`write_sample` writes: name -> (what it is, the packaged file).
SAMPLES = {
    "scores": ("scores.csv: the README's score table, 2 models x 2 tasks", "scores.csv"),
    "battles": (
        "battles.csv: 6,415 Chatbot Arena votes among ten models (a random 5% of their votes "
        "of 14 Aug 2024; leaderbot's counts, BSD-3-Clause)",
        "battles.csv",
    ),
    "returns": ("returns.csv: made-up returns of three agents on two games, five seeds each", "returns.csv"),
    "long": ("long.csv: a long table (model, task, score) on two scales, one score missing", "long.csv"),
    "leaderboard": (
        "leaderboard.csv: 14 rows of the AlpacaEval 2.0 leaderboard as published (Apache-2.0)",
        "leaderboard.csv",
    ),
    "boards": (
        "board_last_week.csv, board.csv: the Atari table without and with its last agent",
        "boards.zip",
    ),
    "games": (
        "games/: six sub-boards of the Atari table, 20 agents x 8-9 games each (for rate-many)",
        "games.zip",
    ),
    "lm-eval": ("runs/, per_model/: lm-evaluation-harness 0.4.13 output, 3 models x 4 tasks", "lm_eval.zip"),
    "inspect": ("logs/: inspect-ai 0.3.285 logs (.eval), 3 models x 5 tasks", "inspect.zip"),
    "helm": ("benchmark_output/: crfm-helm 0.5.16 helm-run and helm-summarize output, 3 models", "helm.zip"),
}


def _sample_files(name: str) -> dict[str, bytes]:
    """The files of one sample: path relative to the folder it is written into -> contents."""
    packaged = resources.files("jaxrate") / "data" / "samples" / SAMPLES[name][1]
    if not packaged.name.endswith(".zip"):
        return {packaged.name: packaged.read_bytes()}
    with packaged.open("rb") as f, zipfile.ZipFile(f) as archive:
        return {member: archive.read(member) for member in archive.namelist() if not member.endswith("/")}


def write_sample(name: str, folder: str | os.PathLike = ".") -> list[Path]:
    """Write the sample input ``name`` (one of ``SAMPLES``, or ``"all"``) into ``folder``.

    Returns the paths written (files and top-level folders, in order). A file
    already there with the same contents is left as it is; one with other
    contents is never overwritten.

    Raises:
      ValueError: for an unknown name, or a file in the way (naming it).
    """
    names = list(SAMPLES) if name == "all" else [name]
    if any(n not in SAMPLES for n in names):
        close = [n for n in SAMPLES if n.startswith(name[:2])]
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise ValueError(f"no sample {name!r}{hint} (samples: {', '.join(SAMPLES)}, or all)")
    root = Path(folder)
    files = {path: data for n in names for path, data in _sample_files(n).items()}
    for path, data in files.items():
        target = root / path
        blocked = [p for p in target.parents if p != root and p.exists() and not p.is_dir()]
        if blocked or target.is_dir() or (target.exists() and target.read_bytes() != data):
            raise ValueError(
                f"{blocked[0] if blocked else target} is already there and differs from the sample; "
                "move it or pick another folder"
            )
    written = []
    for path, data in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.exists():
            partial = target.with_name(target.name + ".partial")
            partial.write_bytes(data)
            partial.replace(target)
        top = root / Path(path).parts[0]
        if top not in written:
            written.append(top)
    return written
