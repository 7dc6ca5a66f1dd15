"""What the command line rates, once read: :class:`Source`, and a score table as one."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from jaxrate.game._game import Game

__all__ = ["Source", "long_column_options", "scores_source"]


def long_column_options(args) -> dict:
    """The long table's columns named on the command line (``--model-col`` ...), as the readers take
    them (``model=``, ``task=``, ``score=``)."""
    return {role: getattr(args, f"{role}_col", None) for role in ("model", "task", "score")}


def replicate_option(args) -> str | None:
    """``--replicate-col``: the replicate column of a long table, where its name is not a common one."""
    return getattr(args, "replicate_col", None)


@dataclasses.dataclass
class Source:
    name: str  # file name or dataset
    kind: str  # "scores", "battles" or "payoffs"
    game: Game
    description: str  # the game, in words
    scores: Any = None  # float64 [models, tasks] for score tables
    battles: Any = None  # DataFrame for battle records
    notes: list = dataclasses.field(default_factory=list)
    info: dict = dataclasses.field(default_factory=dict)  # kept in the JSON output
    warnings: list = dataclasses.field(default_factory=list)  # about the data, printed on stderr
    counts: Any = None  # BattleCounts of battle records
    frame: Any = None  # the scores as a DataFrame, when they were read as one
    imputed: Any = None  # [K, M, M] bool, battle pairs whose win rate was imputed
    replicates: Any = None  # io.ScoreReplicates behind a score table (seeds, folds, items), if any
    standard_errors: Any = None  # float64 [models, tasks] beside a score table's scores (NaN: none), if any

    @property
    def table(self):
        """The scores as a DataFrame [models, tasks], built on first use.

        Score tables that were read without pandas (built-in datasets, plain
        wide CSV) import it only when a method or the bootstrap needs a frame.
        """
        if self.frame is None and self.scores is not None:
            import pandas as pd

            self.frame = pd.DataFrame(
                self.scores, index=list(self.game.strategies[0]), columns=list(self.game.strategies[-1])
            )
        return self.frame


def scores_source(name: str, table, game_kind: str, notes: list) -> Source:
    """A score table (a DataFrame, or ``(scores, agents, tasks)`` read without pandas) as a game."""
    import jaxrate

    make = jaxrate.agent_vs_task if game_kind == "2p" else jaxrate.agent_vs_agent_vs_task
    frame = None
    if isinstance(table, tuple):
        game = make(*table)
        values = table[0]
    else:
        game, frame = make(table), table
        values = table.to_numpy(dtype=np.float64)
    what = "agent vs task (2P)" if game_kind == "2p" else "agent vs agent vs task (3P)"
    return Source(name, "scores", game, what, scores=values, notes=notes, frame=frame)
