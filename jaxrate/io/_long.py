"""The columns of a long score table (one row per model, task and perhaps replicate), by name or as given.

A long table is recognised by its header: a model column, a task column and a
score column, each under a common name (``model``/``agent``/``classifier``...,
``task``/``dataset``/``benchmark``..., ``score``/``accuracy``/``value``...),
perhaps a replicate column (``seed``, ``fold``, ``resample``, ``item``...), a
count column (``n``) or a standard-error column (:data:`STDERR_COLUMNS`), and
no other column (a wide table may have ``dataset`` and ``accuracy`` among its
columns); or by ``task`` and ``score`` and a model column, beside any others.
Any names at all work when they are given (``--model-col``, ``--task-col``,
``--score-col``, ``--replicate-col``).
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
    "STDERR_COLUMNS",
    "TASK_COLUMNS",
    "LongColumns",
    "long_columns",
    "error_target",
    "long_hint",
    "stderr_column",
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
# A standard-error column, bare (a long table's: its score's; a wide table's: its left neighbour's) or
# around a score column's name (``acc_stderr``, ``se_acc``): :func:`jaxrate.io.standard_error_columns`.
STDERR_COLUMNS = ("standard_error", "stderr", "se")
# The options that name a long table's columns, on the command line and in Python.
LONG_OPTIONS = {
    "model": "--model-col",
    "task": "--task-col",
    "score": "--score-col",
    "replicate": "--replicate-col",
}


class LongColumns(NamedTuple):
    """A long table's columns as its header spells them (``replicate``, ``count``, ``stderr``: ``None``
    without); ``stderr`` holds each score's standard error (:func:`stderr_column`)."""

    model: str
    task: str
    score: str
    replicate: str | None = None
    count: str | None = None
    stderr: str | None = None


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
    or given, makes it a table with replicates; a standard-error column, found
    by name (:func:`stderr_column`), gives each score's standard error.

    Raises:
      ValueError: for a named column that is not there, a long table
        without a model, task or score column (naming the option that gives it),
        or two standard-error columns.
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
    if layout == "wide" or (layout == "auto" and not given and not _recognised(columns, lower, found)):
        return None
    for role, column in found.items():
        if column is None:
            raise ValueError(
                f"a long table needs a {role} column: none is named {' or '.join(_names(role))}; "
                f"name it with {LONG_OPTIONS[role]} (columns: {columns})"
            )
    rep = _find(lower, replicate, REPLICATE_COLUMNS, columns, LONG_OPTIONS["replicate"])
    n = _find(lower, count, COUNT_COLUMNS, columns, "count")
    roles = [c for c in (*found.values(), rep, n) if c is not None]
    se = stderr_column(columns, found["score"], roles)
    return LongColumns(found["model"], found["task"], found["score"], rep, n, se)


def _recognised(columns: list[str], lower: dict, found: dict) -> bool:
    """Whether a header, with nothing named, is a long table's: ``task``, ``score`` and a model column
    by those names (beside any other columns), or else every column one that a long table has
    (model, task, score, replicate, count, the scores' standard errors:
    ``model,dataset,resample,accuracy``, ``model,dataset,accuracy,stderr``). A wide table with
    ``dataset`` and ``accuracy`` among other score columns (``f1``, ``auc``) is not long."""
    if None in found.values():
        return False
    if {"task", "score"} <= lower.keys():
        return True
    roles = set(REPLICATE_COLUMNS) | set(COUNT_COLUMNS) | {c.lower() for c in found.values()}
    rest = [c for c in columns if c.lower() not in roles]
    return not rest or rest == [stderr_column(columns, found["score"], roles)]


def error_target(lower: str) -> str | None:
    """The score column that a (lower-case) standard-error column's name points at, lower-cased:
    ``acc`` for ``acc_stderr``, ``acc_se``, ``se_acc`` or ``standard_error_acc``; else ``None``."""
    for word in STDERR_COLUMNS:
        if lower.endswith("_" + word) and len(lower) > len(word) + 1:
            return lower[: -len(word) - 1]
        if lower.startswith(word + "_") and len(lower) > len(word) + 1:
            return lower[len(word) + 1 :]
    return None


def stderr_column(columns: list[str], score: str, roles: Iterable[str]) -> str | None:
    """The column of a long table's header that holds the standard errors of its ``score`` column, or
    ``None``: one named ``standard_error``, ``stderr`` or ``se`` (:data:`STDERR_COLUMNS`, any case),
    unless it stands right of a column that is none of ``roles`` (another metric: a bare standard
    error is its left neighbour's, as in a wide table), or one named around ``score``'s name
    (``score_stderr``, ``se_accuracy``: :func:`error_target`).

    Raises:
      ValueError: when two columns hold them.
    """
    roles = {str(r).lower() for r in roles}
    claims = []
    for k, name in enumerate(columns):
        lower = name.lower()
        if lower in roles:
            continue
        bare = lower in STDERR_COLUMNS and (k == 0 or columns[k - 1].lower() in roles)
        if bare or error_target(lower) == score.lower():
            claims.append(name)
    if len(claims) > 1:
        raise ValueError(
            f"two columns hold the standard errors of {score!r}: {claims[0]!r} and {claims[1]!r}; "
            "leave one out of the table"
        )
    return claims[0] if claims else None


def _names(role: str) -> list[str]:
    return [repr(n) for n in {"model": MODEL_COLUMNS, "task": TASK_COLUMNS, "score": SCORE_COLUMNS}[role][:4]]


def unused_note(columns: Iterable[object], found: LongColumns) -> list[str]:
    """The note that names a long table's columns that are none of its roles (other metrics, metadata):
    they are not rated; and that its standard errors are not used where it has replicates."""
    used = {c for c in found if c is not None}
    left = [str(c) for c in columns if str(c).strip() not in used]
    notes = [f"columns not rated (a long table rates {found.score!r}): {', '.join(left)}"] if left else []
    if found.stderr is not None and found.replicate is not None:
        notes.append(
            f"standard errors {found.stderr!r} not used: the {found.replicate!r} scores of each model and "
            "task carry their spread, and --bootstrap resamples those"
        )
    return notes


def long_hint(columns: Iterable[object]) -> str:
    """The advice for a wide table that may be long: how to name its columns."""
    shown = ", ".join(str(c) for c in list(columns)[:6])
    return (
        f"if it is a long table (one row per model and task; columns {shown}), name its columns: "
        "--model-col, --task-col, --score-col (and --replicate-col for seeds, folds or items)"
    )
