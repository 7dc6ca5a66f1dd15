"""The columns of a long score table (one row per model, task and perhaps replicate), by name or as given.

A long table is recognised by its header: a model column, a task column and a
score column, each under a common name (``model``/``agent``/``classifier``...,
``task``/``dataset``/``benchmark``..., ``score``/``accuracy``/``value``...),
perhaps a replicate column (``seed``, ``fold``, ``resample``, ``item``...) or a
count column (``n``), and no other column (a wide table may have ``dataset`` and
``accuracy`` among its columns); or by ``task`` and ``score`` and a model column,
beside any others. Any names at all work when they are given (``--model-col``,
``--task-col``, ``--score-col``, ``--replicate-col``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

__all__ = [
    "COUNT_COLUMNS",
    "LONG_OPTIONS",
    "MODEL_COLUMNS",
    "REPLICATE_COLUMNS",
    "SCORE_COLUMNS",
    "TASK_COLUMNS",
    "LongColumns",
    "long_columns",
    "long_hint",
    "unused_note",
]

MODEL_COLUMNS = ("model", "agent", "name", "system", "model_name", "classifier", "algorithm", "method")
TASK_COLUMNS = ("task", "benchmark", "category", "game", "dataset", "problem", "env", "environment")
SCORE_COLUMNS = ("score", "value", "result", "accuracy", "acc", "reward", "return")
REPLICATE_COLUMNS = (
    "replicate",
    "item",
    "seed",
    "fold",
    "doc_id",
    "run",
    "resample",
    "trial",
    "repeat",
    "repetition",
    "sample",
)
COUNT_COLUMNS = ("n",)
# The options that name a long table's columns, on the command line and in Python.
LONG_OPTIONS = {
    "model": "--model-col",
    "task": "--task-col",
    "score": "--score-col",
    "replicate": "--replicate-col",
}


class LongColumns(NamedTuple):
    """A long table's columns as its header spells them (``replicate``, ``count``: ``None`` without)."""

    model: str
    task: str
    score: str
    replicate: str | None = None
    count: str | None = None


def _find(lower: dict, given: str | None, names: tuple[str, ...], columns: list, option: str) -> str | None:
    if given is not None:
        if given not in columns:
            raise ValueError(f"{option} {given!r}: no such column (columns: {columns})")
        return given
    return next((lower[n] for n in names if n in lower), None)


def long_columns(
    columns: Iterable[object],
    layout: str = "auto",
    *,
    model: str | None = None,
    task: str | None = None,
    score: str | None = None,
    replicate: str | None = None,
    count: str | None = None,
) -> LongColumns | None:
    """The long layout's columns of a header, or ``None`` when it is a wide table.

    The table is long when ``layout="long"``, when any column is named by an
    argument, or (``layout="auto"``) when its header has a model, a task and
    a score column by their common names. A replicate column, found by name
    or given, makes it a table with replicates.

    Raises:
      ValueError: for a named column that is not there, or a long table
        without a model, task or score column (naming the option that gives it).
    """
    columns = [str(c).strip() for c in columns]
    lower = {c.lower(): c for c in reversed(columns)}
    given = any(v is not None for v in (model, task, score, replicate, count))
    if layout == "wide" and given:
        raise ValueError("--model-col, --task-col, --score-col and --replicate-col are for long tables")
    found = {
        "model": _find(lower, model, MODEL_COLUMNS, columns, LONG_OPTIONS["model"]),
        "task": _find(lower, task, TASK_COLUMNS, columns, LONG_OPTIONS["task"]),
        "score": _find(lower, score, SCORE_COLUMNS, columns, LONG_OPTIONS["score"]),
    }
    if layout == "wide" or (layout == "auto" and not given and not _recognised(lower, found)):
        return None
    for role, column in found.items():
        if column is None:
            raise ValueError(
                f"a long table needs a {role} column: none is named {' or '.join(_names(role))}; "
                f"name it with {LONG_OPTIONS[role]} (columns: {columns})"
            )
    rep = _find(lower, replicate, REPLICATE_COLUMNS, columns, LONG_OPTIONS["replicate"])
    n = _find(lower, count, COUNT_COLUMNS, columns, "count")
    return LongColumns(found["model"], found["task"], found["score"], rep, n)


def _recognised(lower: dict, found: dict) -> bool:
    """Whether a header, with nothing named, is a long table's: ``task``, ``score`` and a model column
    by those names (beside any other columns), or else every column one that a long table has
    (model, task, score, replicate, count: ``model,dataset,resample,accuracy``). A wide table with
    ``dataset`` and ``accuracy`` among other score columns (``f1``, ``auc``) is not long."""
    if None in found.values():
        return False
    if {"task", "score"} <= lower.keys():
        return True
    roles = set(REPLICATE_COLUMNS) | set(COUNT_COLUMNS) | {c.lower() for c in found.values()}
    return set(lower) <= roles


def _names(role: str) -> list[str]:
    return [repr(n) for n in {"model": MODEL_COLUMNS, "task": TASK_COLUMNS, "score": SCORE_COLUMNS}[role][:4]]


def unused_note(columns: Iterable[object], found: LongColumns) -> list[str]:
    """The note that names a long table's columns that are none of its roles (other metrics, metadata):
    they are not rated."""
    used = {c for c in found if c is not None}
    left = [str(c) for c in columns if str(c).strip() not in used]
    return [f"columns not rated (a long table rates {found.score!r}): {', '.join(left)}"] if left else []


def long_hint(columns: Iterable[object]) -> str:
    """The advice for a wide table that may be long: how to name its columns."""
    shown = ", ".join(str(c) for c in list(columns)[:6])
    return (
        f"if it is a long table (one row per model and task; columns {shown}), name its columns: "
        "--model-col, --task-col, --score-col (and --replicate-col for seeds, folds or items)"
    )
