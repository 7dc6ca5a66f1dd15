"""The one reading pipeline: :func:`read`. Every input, every format, the same stages in order:
**find** the files (:mod:`jaxrate.io._find`), **recognise** each one's format
(:mod:`jaxrate.io._formats`), **parse** them, **choose** the board (every column's role in
:mod:`jaxrate.io._roles`, the models' axis, the tasks and metrics, runs resolved: :mod:`jaxrate.io._board`,
:mod:`jaxrate.io._runs`), **complete** it by the missing rule (:mod:`jaxrate.io._missing`) and
**finish** (normalisation, replicates, warnings). The options travel as one :class:`jaxrate.io.ReadOptions`.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from jaxrate.io._assumed import assumed_in, refuse_assumed
from jaxrate.io._board import Board, table_board
from jaxrate.io._documents import table_said
from jaxrate.io._find import find
from jaxrate.io._format import Parsed
from jaxrate.io._formats import parse, recognise
from jaxrate.io._missing import complete
from jaxrate.io._options import ReadOptions
from jaxrate.io._replicates import ScoreReplicates
from jaxrate.io._text import as_text

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Reading", "complete_replicates", "read", "read_replicates"]


@dataclasses.dataclass(eq=False)
class Reading:
    """What :func:`read` gives (``kind``: ``"scores"``, ``"battles"``, ``"payoffs"``; ``name``: what was
    read): the ``scores`` ``[M, T]`` float64, higher is better, of the ``models`` by ``tasks``, the
    ``standard_errors`` beside them (or ``None``) and the ``error_columns`` they came from, the
    ``replicates`` behind them (:class:`jaxrate.io.ScoreReplicates`), the ``notes`` (``"warning: ..."``
    lines are warnings); ``data``: a payoff :class:`jaxrate.Game`, a battle records' file (for
    :func:`jaxrate.battles.read_battles`) or the battles ``missing="pairwise"`` made."""

    kind: str
    name: str
    models: list = dataclasses.field(default_factory=list)
    tasks: list = dataclasses.field(default_factory=list)
    scores: np.ndarray | None = None
    standard_errors: np.ndarray | None = None
    error_columns: dict = dataclasses.field(default_factory=dict)
    replicates: Any = None
    notes: list = dataclasses.field(default_factory=list)
    data: Any = None
    columns: list = dataclasses.field(default_factory=list)  # every column or task's Role, as read

    @property
    def assumed(self) -> list:
        """What the reading assumed that neither the source nor the options said (:class:`Assumed`)."""
        return assumed_in(self.notes)

    def table(self) -> pd.DataFrame:
        """The scores as a DataFrame ``[models, tasks]``."""
        import pandas as pd

        return pd.DataFrame(self.scores, index=list(self.models), columns=list(self.tasks))


def read(
    paths: str | os.PathLike | Sequence[str | os.PathLike], options: ReadOptions | None = None
) -> Reading:
    """Read ``paths`` (a file or folder, a glob, or several: harness output) as ``options`` say (every
    option's default without), by the one pipeline, to a :class:`Reading`.

    Raises:
      ValueError: naming the file and the first problem, and the option that settles it.
    """
    options = ReadOptions() if options is None else options
    files = find(paths)
    found, notes = recognise(files, options)
    parsed = parse(found, options)
    with table_said(parsed.notes):  # a refusal in the one table of several picked says which
        board = choose(parsed, options)
        board = complete(board, options)
    reading = finish(board, options, notes, _name(paths))
    if options.strict:
        refuse_assumed(reading.name, reading.notes, options.flag("strict"))
    return reading


def _name(paths) -> str:
    paths = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    name = os.path.basename(os.path.normpath(os.fspath(paths[0])))
    return name + (f" (+{len(paths) - 1} more)" if len(paths) > 1 else "")


def choose(parsed: Parsed, options: ReadOptions) -> Board:
    """The board to rate: a table's (:func:`table_board`), or the picked tasks' runs resolved."""
    from jaxrate.io import _runs

    _refuse_misplaced(parsed, options)
    if parsed.kind in ("battles", "payoffs"):
        notes = list(parsed.notes)
        return Board(parsed.name, [], [], np.empty((0, 0)), kind=parsed.kind, data=parsed.data, notes=notes)
    if parsed.kind == "table":
        board = table_board(parsed.cells, parsed.declared, options, parsed.sep)
        board.notes = list(parsed.notes) + board.notes
        return board
    runs = _runs.pick_tasks(parsed.runs, options)
    board = _runs.resolve(runs, options, parsed.name or "the harness output")
    board.column = parsed.column
    every = list(dict.fromkeys(r.task for r in parsed.runs))
    gone = [t for t in every if t not in set(board.tasks)]  # their notes are moot
    notes = [n for n in parsed.notes if not any(n.startswith(f"{t}: ") for t in gone)]
    if gone:
        shown = f"{options.flag('tasks')}/{options.flag('exclude')}"
        notes.append(f"{shown}: {len(board.tasks)} of {len(every)} tasks rated")
    harness = [r for r in runs if r.harness != "table"]  # a long table's --metric was taken by its reading
    board.notes = notes + (_runs.check_choices(harness, options) if harness else []) + board.notes
    return board


_TABLE_OPTIONS = (("models", "which axis holds the models"), ("tasks", "the tasks rated"),
                  ("exclude", "the tasks left out"), ("lower_better", "tasks where lower is better"),
                  ("higher_better", "tasks where higher is better"), ("model", "a long table's model column"),
                  ("task", "a long table's task column"), ("score", "a long table's score column"),
                  ("replicate", "a long table's replicate column"),
                  ("metric_col", "a long table's metric column"),
                  ("where", "the rows kept"))  # fmt: skip


def _refuse_misplaced(parsed: Parsed, options: ReadOptions) -> None:
    """Options the input has no use for are refused, never ignored."""
    harness = parsed.kind == "runs" and any(r.harness != "table" for r in parsed.runs)
    what = {"battles": "battle records", "payoffs": "a payoff tensor"}.get(parsed.kind)
    what = what or ("evaluation harness output" if harness else "a long table with replicates")
    # inspect-ai logs name their contestant by a task argument or solver where asked (--model-col)
    inspect = harness and all(r.harness.startswith("inspect-ai") for r in parsed.runs)
    runs = _TABLE_OPTIONS[1:3] + (_TABLE_OPTIONS[5:6] if inspect else ()) if harness else _TABLE_OPTIONS[1:]
    allowed = {"table": _TABLE_OPTIONS, "runs": runs}
    for field, say in _TABLE_OPTIONS:
        if getattr(options, field) is not None and (field, say) not in allowed.get(parsed.kind, ()):
            kind = "wide score tables" if field == "models" else "score tables"
            also = " and inspect-ai logs (task_args.NAME, solver)" if field == "model" else ""
            raise ValueError(f"{options.flag(field)} is for {kind}{also} ({say}); {parsed.name} holds {what}")
    # a table's metrics (a long table's, with or without replicates) are picked by _layouts
    for field in ("filter",) if parsed.kind in ("table", "runs") else ("metric", "filter"):
        if getattr(options, field) is not None and not harness:
            shown = what if parsed.kind != "table" else "a score table"
            raise ValueError(
                f"{options.flag(field)} is for evaluation harness output; {parsed.name} is {shown}"
            )
    if options.missing == "pairwise" and parsed.kind == "battles":
        raise ValueError(
            f"{options.flag('missing', 'pairwise')} is for sparse score tables; battle records are rated "
            "pairwise already (their pairs that never met: --missing model or even)"
        )


def finish(board: Board, options: ReadOptions, notes: list, name: str | None = None) -> Reading:
    """The board as a :class:`Reading`: normalised per task, with the replicates behind it."""
    from jaxrate.io import _runs
    from jaxrate.io._values import normalise_values, scale_mismatch

    name = name or board.name
    if board.kind != "scores":
        return Reading(board.kind, name, notes=notes + board.notes, data=board.data)
    replicates = None
    if board.runs is not None:
        if options.normalise != "none":
            raise ValueError(
                f"{options.flag('normalise')} is not available for scores with replicates (rate their means "
                "as a table)"
            )
        replicates = _runs.replicates(board, board.column)
    if board.runs is not None and any(r.harness != "table" for r in board.runs.values()):
        board.notes = board.notes + _runs.rated_notes(board)
    values, errors, more = normalise_values(board.values, board.errors, options.normalise)
    plain = options.normalise == "none" and board.runs is None
    warning = scale_mismatch(values, board.tasks) if plain else None
    notes = notes + board.notes + more + ([f"warning: {warning}"] if warning else [])
    if replicates is not None:
        replicates = dataclasses.replace(replicates, notes=notes)
    columns = board.error_columns if errors is not None else {}
    reading = Reading("scores", name, board.models, board.tasks, values, errors, columns, replicates, notes)
    reading.columns = board.roles or _task_roles(board)
    return reading


def _task_roles(board: Board) -> list:
    """Each task's :class:`Role` where no table's columns were decided (harness runs, replicates)."""
    from jaxrate.io._roles import Role

    higher = board.higher or [True] * len(board.tasks)
    runs = board.runs or {}
    out = []
    for task, up in zip(board.tasks, higher):
        run = next((r for (_, t), r in runs.items() if t == task), None)
        why = f"{run.harness}: {run.metric}" if run is not None and run.harness != "table" else "the table's"
        out.append(Role(str(task), "score", bool(up), why))
    return out


def read_replicates(
    path: str,
    sep: str | None = None,
    decimal: str = ".",
    *,
    model: str | None = None,
    task: str | None = None,
    score: str | None = None,
    replicate: str | None = None,
) -> ScoreReplicates:
    """A long table with a replicate column (``seed``, ``fold``, ``item``, ..., or named), every row as
    read: (model, task) pairs without a row are left to :func:`complete_replicates`.

    Raises:
      ValueError: naming the file and row for an empty name, a score that is not a number or is
        missing, a repeated (model, task, replicate), or a table without a replicate column.
    """
    options = ReadOptions(
        layout="long", sep=sep, decimal=decimal, model=model, task=task, score=score, replicate=replicate
    )
    parsed = parse(recognise(find(path))[0], options)
    if parsed.kind != "runs":
        raise ValueError(f"{path}: no replicate column (seed, fold, item, ...; name it with --replicate-col)")
    return _frame_of(parsed.runs, parsed.column, list(parsed.notes))


def _frame_of(runs: list, column: str, notes: list) -> ScoreReplicates:
    import pandas as pd

    frame = pd.DataFrame(
        {
            "model": np.concatenate([[r.model] * len(r.ids) for r in runs]),
            "task": np.concatenate([[r.task] * len(r.ids) for r in runs]),
            column: np.concatenate([r.ids for r in runs]),
            "score": np.concatenate([r.values for r in runs]),
        }
    )
    return ScoreReplicates(frame, column, notes)


def complete_replicates(found: ScoreReplicates, missing: str) -> ScoreReplicates:
    """A long table with replicates, with the (model, task) scores it lacks handled as ``missing`` says
    (a filled score has no replicates: no bootstrap)."""
    from jaxrate.io import _runs
    from jaxrate.io._replicate_data import Aggregate

    if missing == "pairwise":
        raise ValueError("missing='pairwise' is for score tables read by jaxrate.io.read, not replicates")
    col = found.column

    def run(m, t, part) -> _runs.Run:
        mean, values = float(part["score"].mean()), part["score"].to_numpy(dtype=np.float64)
        ids = as_text(part[col]).to_numpy()
        return _runs.Run(
            "table", str(m), str(t), "score", mean, Aggregate(), "the table", "", ids=ids, values=values
        )

    groups = found.frame.groupby(["model", "task"], sort=False, observed=True)
    runs = [run(m, t, part) for (m, t), part in groups]
    options = ReadOptions(missing=missing)
    board = complete(_runs.resolve(runs, options, "the table"), options)
    board.notes = list(found.notes) + board.notes
    return dataclasses.replace(_runs.replicates(board, col), runs=None)
