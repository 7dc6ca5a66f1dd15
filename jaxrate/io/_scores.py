"""Score tables (models by tasks), wide or long, from any table file; missing cells and normalisation."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from jaxrate.io._columns import (
    WideTable,
    _matches,
    choose_columns,
    names_are_names,
    read_wide_table,
    split_names,
    standard_error_columns,
    wide_table,
)
from jaxrate.io._long import MODEL_COLUMNS, long_columns, long_hint, unused_note
from jaxrate.io._orientation import decide_orientation, transposed_evidence
from jaxrate.io._tables import read_frame, record_name, suffix
from jaxrate.io._text import (
    DELIMITED,
    check_score,
    check_unique,
    first_row,
    is_missing_marker,
    parse_number,
    sniff_delimiter,
)

if TYPE_CHECKING:
    import pandas as pd
    from numpy.typing import ArrayLike

__all__ = [
    "MISSING",
    "MODELS",
    "NORMALISE",
    "OUTLIER_FACTOR",
    "SCALE_RATIO",
    "ScoresWithErrors",
    "far_outliers",
    "is_long",
    "largest_block",
    "check_missing",
    "normalise_scores",
    "read_scores",
    "read_score_table",
    "read_scores_with_errors",
    "read_wide_text",
    "scale_mismatch",
    "transposed_evidence",
    "wide_scores",
]

MISSING = ("error", "drop-models", "drop-tasks", "block", "fill:<number>")
MODELS = ("rows", "columns")
NORMALISE = ("none", "minmax", "rank")
_MODEL_NAMES = MODEL_COLUMNS  # the model column of a long table, by name


def is_long(
    columns: Iterable[object],
    layout: str = "auto",
    model: str | None = None,
    task: str | None = None,
    score: str | None = None,
    count: str | None = None,
) -> bool:
    """Whether a table with these columns is in the long layout (model, task, score rows):
    :func:`jaxrate.io._long.long_columns` finds them (or was given one)."""
    return long_columns(columns, layout, model=model, task=task, score=score, count=count) is not None


def _numbers(path: str, values, where, decimal: str = ".") -> np.ndarray:
    """Cells as float64; missing-value markers (empty, ``-``, ``NA``, ``nan``, ...) NaN; a clear error
    for text, infinities and magnitudes too large to rate."""
    out = np.empty(len(values))
    for k, v in enumerate(values):
        if (
            v is None
            or (isinstance(v, str) and is_missing_marker(v))
            or (isinstance(v, float) and np.isnan(v))
        ):
            out[k] = np.nan
            continue
        try:
            value = parse_number(v.strip(), decimal) if isinstance(v, str) else float(v)
        except (TypeError, ValueError):
            hint = "; decimal commas? use --decimal ," if decimal == "." and "," in str(v) else ""
            raise ValueError(f"{path}: {where(k)} is not a number: {v!r}{hint}") from None
        out[k] = check_score(value, v, f"{path}: {where(k)}")
    return out


def _column(path: str, frame, wanted: str | None, candidates: tuple[str, ...], role: str) -> str:
    lower = {str(c).strip().lower(): c for c in frame.columns}
    if wanted is not None:
        if wanted not in frame.columns:
            raise ValueError(f"{path}: no column {wanted!r} (columns: {list(frame.columns)})")
        return wanted
    for name in candidates:
        if name in lower:
            return lower[name]
    raise ValueError(
        f"{path}: no {role} column (expected one of {list(candidates)}; columns: {list(frame.columns)})"
    )


def _long_to_wide(path: str, frame, model, task, score, count, decimal: str = ".", guess_decimal=False):
    """``(wide table [models, tasks], standard errors [models, tasks] or None, their column, notes)`` of
    a long table; ``guess_decimal``: read decimal commas when every score is written with one (a
    semicolon-separated export). A standard-error column (:func:`jaxrate.io._long.stderr_column`)
    gives the standard errors, unless the table has replicates (whose spread is the uncertainty)."""
    import pandas as pd

    from jaxrate.io._columns import _decimal_commas

    try:
        given = dict(model=model, task=task, score=score, count=count)
        found = long_columns(frame.columns, "long", **given)
    except ValueError as err:
        raise ValueError(f"{path}: {err}") from None
    m, t, s, rep, n_col, se_col = found
    notes = unused_note(frame.columns, found)
    if guess_decimal and decimal == "." and _decimal_commas([frame[s].tolist()]):
        decimal = ","
        notes.append("read with decimal commas")
    names_m = frame[m].astype(str).str.strip()
    names_t = frame[t].astype(str).str.strip()
    for k, (a, b) in enumerate(zip(names_m, names_t)):
        if a == "" or b == "":
            raise ValueError(f"{path}: {record_name(path, k)} has an empty model or task name")

    def where(k: int) -> str:
        return f"{record_name(path, k)} ({names_m.iloc[k]!r}, {names_t.iloc[k]!r})"

    scores = _numbers(path, frame[s].tolist(), where, decimal)
    # A row without a score (empty, "-", "NA", ...) leaves its cell missing: --missing decides.
    rows = np.flatnonzero(~np.isnan(scores))  # the file's records kept
    long = pd.DataFrame({"model": names_m.iloc[rows], "task": names_t.iloc[rows], "score": scores[rows]})
    if se_col is not None and rep is None:
        errors, more = _long_errors(path, frame[se_col].tolist(), rows, where, se_col, decimal)
        long = long if errors is None else long.assign(se=errors)
        notes += more
    if n_col is not None:
        values = _weighted(path, long, frame[n_col].iloc[rows].tolist(), rows, decimal)
    else:
        values = _one_per_cell(path, long, frame, rep, rows, notes)
    order = dict(index=list(dict.fromkeys(names_m)), columns=list(dict.fromkeys(names_t)))
    wide = values.pivot(index="model", columns="task", values="score").reindex(**order)
    if "se" not in values.columns:
        return wide, None, None, notes
    return wide, values.pivot(index="model", columns="task", values="se").reindex(**order), se_col, notes


def _long_errors(path: str, cells: list, rows: np.ndarray, where, column: str, decimal: str):
    """``(standard errors of the rows kept, notes)``: ``None`` and a note when every one is empty (NaN
    where some are, counted in the note); a ``ValueError`` naming the file, model and task of one
    that is not a number or is negative (as a wide table's)."""
    values = _numbers(path, cells, lambda k: f"{where(k)}: standard error ({column!r})", decimal)
    bad = np.flatnonzero(values < 0)
    if len(bad):
        k = int(bad[0])
        raise ValueError(
            f"{path}: {where(k)}: standard error ({column!r}) is {cells[k]!r}; standard errors are >= 0"
        )
    kept = values[rows]
    holes = np.flatnonzero(np.isnan(kept))
    if len(holes) == len(kept):
        return None, [f"standard errors {column!r} all empty: not used"]
    # Empty cells stay empty, as in a wide table: --bootstrap warns and draws them with the largest.
    empty = f", {len(holes)} of {len(kept)} empty" if len(holes) else ""
    return kept, [f"standard errors, not rated (--bootstrap draws each score from them): {column!r}{empty}"]


def _one_per_cell(path: str, long, frame, rep: str | None, rows: np.ndarray, notes: list):
    """A long table's rows, one per (model, task): a repeated one an error, unless a replicate column
    ``rep`` tells them apart (their mean then, with a note added to ``notes``)."""
    keys = ["model", "task"] + (["replicate"] if rep is not None else [])
    if rep is not None:
        long = long.assign(replicate=frame[rep].astype(str).str.strip().iloc[rows].to_numpy())
    dup = long.duplicated(keys).to_numpy()
    if dup.any():
        k = int(np.argmax(dup))
        shown = ", ".join(repr(long[c].iloc[k]) for c in keys)
        advice = (
            f"repeats an earlier row's ({shown})"
            if rep is not None
            else f"repeats ({shown}): several scores per model and task? name the column that tells "
            "them apart (seed, fold, item) with --replicate-col, or add an 'n' column (items behind "
            "each score) to average them"
        )
        raise ValueError(f"{path}: {record_name(path, int(rows[k]))} {advice}")
    if rep is None:
        return long
    notes.append(f"the mean of each model and task's {rep} scores (read_replicates resamples them)")
    return long.groupby(["model", "task"], sort=False)["score"].mean().reset_index()


def _weighted(path: str, long, counts: list, rows: np.ndarray, decimal: str):
    """Several rows for one (model, task): the count-weighted mean score, as long rows; with standard
    errors (an ``se`` column), the mean's, the rows taken as independent: sqrt(sum (n se)^2) / sum n."""
    n = _numbers(path, counts, lambda k: f"{record_name(path, int(rows[k]))} count", decimal)
    if np.any(~(n > 0)):
        k = int(np.argmax(~(n > 0)))
        raise ValueError(
            f"{path}: {record_name(path, int(rows[k]))} has count {counts[k]!r}; counts must be > 0"
        )
    long = long.assign(n=n, weighted=long["score"] * n)
    sums = ["weighted", "n"]
    if "se" in long.columns:
        long, sums = long.assign(variance=(long["se"] * n) ** 2), sums + ["variance"]
    grouped = long.groupby(["model", "task"], sort=False)[sums].sum()
    out = (grouped["weighted"] / grouped["n"]).rename("score").to_frame()
    if "variance" in grouped.columns:
        out["se"] = np.sqrt(grouped["variance"]) / grouped["n"]
    return out.reset_index()


def _wide(path: str, frame, decimal: str, tasks, exclude, by_rows: bool) -> WideTable:
    """A wide table read by pandas (Excel, Parquet, JSON) as :func:`read_wide_table` reads text."""
    names = [str(c).strip() for c in frame.columns[1:]]
    if not names:
        raise ValueError(f"{path}: no task columns (expected: model,task1,task2,...)")
    agents = frame[frame.columns[0]].astype(str).str.strip().tolist()
    names_are_names(path, agents, str(frame.columns[0]))
    check_unique(path, "task", names)
    where = [record_name(path, k) for k in range(len(agents))]
    check_unique(path, "model", agents, where, long_hint(frame.columns))
    return wide_table(
        path,
        agents,
        names,
        [frame[c].tolist() for c in frame.columns[1:]],
        record=lambda k: record_name(path, k),
        tasks=tasks,
        exclude=exclude,
        decimal=decimal,
        standard_errors=by_rows,
    )


class ScoresWithErrors(NamedTuple):
    """A score table and the standard errors beside its scores (:func:`read_scores_with_errors`).

    ``scores`` ``[models, tasks]``; ``standard_errors`` ``[models, tasks]`` with
    the same index and columns, NaN where the file gives none (a task without
    a column of them, an empty cell), or ``None`` when no task has one;
    ``notes`` what was set aside, dropped or filled; ``error_columns`` maps a
    task to the column its standard errors came from.
    """

    scores: pd.DataFrame
    standard_errors: pd.DataFrame | None
    notes: list[str]
    error_columns: dict[str, str]


def read_scores(
    path: str | os.PathLike,
    *,
    layout: str = "auto",
    model: str | None = None,
    task: str | None = None,
    score: str | None = None,
    count: str | None = None,
    missing: str = "error",
    normalise: str = "none",
    models: str | None = None,
    sep: str | None = None,
    decimal: str = ".",
    tasks: str | Sequence[str] | None = None,
    exclude: str | Sequence[str] | None = None,
    lower_better: str | Sequence[str] | None = None,
) -> tuple[pd.DataFrame, list[str]]:
    """Read a score table into a DataFrame (index = models, columns = tasks).

    Args:
      path: a ``.csv``, ``.tsv``, ``.parquet``, ``.feather``, ``.xlsx``, ``.json`` or ``.jsonl``
        file; text and JSON may be compressed (``.gz``, ``.bz2``, ``.xz``, a ``.zip`` of one file).
      layout: ``"wide"`` (first column the model names, one column per task),
        ``"long"`` (one row per model and task) or ``"auto"`` (long when the
        columns include a model, a task and a score column by name, or one is given).
      model, task, score, count: the long layout's columns (default: found by
        their common names, :func:`long_columns`); a replicate column (``seed``,
        ``fold``, ...) is averaged here, :func:`read_replicates` resamples it.
      missing: what to do with missing cells: ``"error"`` (default),
        ``"drop-models"``, ``"drop-tasks"``, ``"block"`` (a complete block:
        :func:`largest_block`) or ``"fill:<number>"``.
      normalise: ``"none"``, ``"minmax"`` or ``"rank"``, per task (:func:`normalise_scores`).
      models: which axis of a wide table holds the models: ``"rows"`` or
        ``"columns"`` (the table is transposed). Left ``None``, the evidence
        decides (:func:`jaxrate.io._orientation.decide_orientation`: a header
        such as ``game``, rows normalised to [0, 1], metric names against model
        names), with a note when the models are the columns; evidence both ways
        is a ``ValueError`` that asks for ``models``.
      sep, decimal: a text table's delimiter (default: sniffed) and decimal mark (``"."`` or ``","``).
      tasks: the tasks rated: comma-separated names or :mod:`fnmatch` globs
        (``"win_rate,mmlu_*"``) or a sequence of them (default: all); one that
        matches no task is an error naming the tasks there are.
      exclude: tasks (and columns) left out, the same way.
      lower_better: tasks where lower is better (as ``tasks``): negated, with a note.

    A wide table's columns of text (AlpacaEval's ``mode``) are skipped with a
    note; its standard errors (:func:`standard_error_columns`), and a long
    table's (a ``standard_error``, ``stderr`` or ``se`` column), are not rated
    (:func:`read_scores_with_errors` returns them).

    Returns:
      ``(table, notes)``: the DataFrame and a list of what was skipped, dropped
      or filled (lines starting ``"warning: "`` are warnings: a fill that could
      decide the ratings, score columns on very different scales).

    Raises:
      ValueError: naming the file and the first problem.
    """
    read = read_scores_with_errors(**locals())  # every argument, as given (the two share them)
    return read.scores, read.notes


def read_scores_with_errors(
    path: str | os.PathLike,
    *,
    layout: str = "auto",
    model: str | None = None,
    task: str | None = None,
    score: str | None = None,
    count: str | None = None,
    missing: str = "error",
    normalise: str = "none",
    models: str | None = None,
    sep: str | None = None,
    decimal: str = ".",
    tasks: str | Sequence[str] | None = None,
    exclude: str | Sequence[str] | None = None,
    lower_better: str | Sequence[str] | None = None,
) -> ScoresWithErrors:
    """:func:`read_scores`, with the standard errors that a table gives beside its scores.

    The standard errors of score column ``X`` are found by name
    (:func:`standard_error_columns`: ``X_stderr``, ``X_se``,
    ``X_standard_error``, ``stderr_X``, ``se_X``, a bare ``standard_error``
    right of ``X``, AlpacaEval's ``lc_standard_error``) and are never rated as
    tasks. A long table's, one column (:func:`jaxrate.io._long.stderr_column`),
    give every score one or none (one missing beside others is an error);
    with replicates (seeds, folds, items) a note says they are not used.
    Models and tasks dropped for missing scores are dropped from them too;
    ``normalise="minmax"`` scales them as it scales their task, and ``"rank"``
    leaves none (``standard_errors`` is ``None``, with a note).

    Args:
      path: the table file; every other argument is as :func:`read_scores`.

    Returns:
      :class:`ScoresWithErrors` ``(scores, standard_errors, notes, error_columns)``;
      when every cell of ``standard_errors`` is a number,
      ``jaxrate.uncertainty.bootstrap_standard_errors(scores, standard_errors)``
      resamples the table from them.

    Raises:
      ValueError: naming the file and the first problem.

    Example:
      >>> import pathlib, tempfile
      >>> with tempfile.TemporaryDirectory() as folder:
      ...     path = pathlib.Path(folder) / "board.csv"
      ...     _ = path.write_text(",win_rate,standard_error,mode\\na,60,1.5,verified\\nb,40,2.0,community\\n")
      ...     read = read_scores_with_errors(path)
      >>> read.scores.columns.tolist(), read.standard_errors["win_rate"].tolist()
      (['win_rate'], [1.5, 2.0])
    """
    path = os.fspath(path)
    _check_options(layout, models, decimal, missing)
    tasks, exclude = split_names(tasks), split_names(exclude, "--exclude")
    long = (model, task, score, count)
    sep, wide = _wide_text(path, layout, sep, decimal, missing, models, tasks, exclude, long)
    rules = _Rules(missing, normalise, lower_better)
    if wide is not None:
        return _from_wide(path, *wide, rules, models, tasks, exclude)
    return _from_frame(path, sep, layout, long, decimal, rules, models, tasks, exclude)


def read_score_table(
    path: str | os.PathLike,
    *,
    layout: str = "auto",
    missing: str = "error",
    normalise: str = "none",
    models: str | None = None,
    sep: str | None = None,
    decimal: str = ".",
    tasks: str | Sequence[str] | None = None,
    exclude: str | Sequence[str] | None = None,
    model: str | None = None,
    task: str | None = None,
    score: str | None = None,
    count: str | None = None,
    lower_better: str | Sequence[str] | None = None,
) -> ScoresWithErrors:
    """:func:`read_scores_with_errors`, without pandas where it is not needed: the command line's reader.

    A wide text table rated as it is (``missing="error"``, ``normalise="none"``,
    the models its rows, and no sign that they are tasks: see
    :func:`transposed_evidence`) is parsed by the strict reader,
    :func:`read_wide_table`, and returned as parsed: ``scores`` is then
    ``(values [models, tasks], models, tasks)``, with the notes and standard
    errors that :func:`read_scores_with_errors` gives. Any other table
    is read as :func:`read_scores_with_errors` reads it (a wide text table from
    the same parse), ``scores`` a DataFrame. Either way ``standard_errors`` is a
    float64 array ``[models, tasks]`` (NaN where the file gives none) or ``None``.
    The arguments are as :func:`read_scores`.
    """
    path = os.fspath(path)
    _check_options(layout, models, decimal, missing)
    picked = split_names(tasks), split_names(exclude, "--exclude")
    long = (model, task, score, count)
    sep, wide = _wide_text(path, layout, sep, decimal, missing, models, *picked, long)
    if wide is not None and _as_it_is(path, *wide, missing, normalise, models):
        table = wide[0]
        values = table.values.copy()
        notes = _lower_better(path, values, table.tasks, lower_better) + table.notes
        notes += _scale_notes(values, table.tasks)
        return ScoresWithErrors((values, *table[1:3]), table.standard_errors, notes, table.error_columns)
    rules = _Rules(missing, normalise, lower_better)
    if wide is not None:
        read = _from_wide(path, *wide, rules, models, *picked)
    else:
        read = _from_frame(path, sep, layout, long, decimal, rules, models, *picked)
    errors = None if read.standard_errors is None else read.standard_errors.to_numpy(dtype=float)
    return read._replace(standard_errors=errors)


def _check_options(layout: str, models: str | None, decimal: str, missing: str = "error") -> None:
    """A ``ValueError`` for a ``layout``, ``models``, ``decimal`` or ``missing`` that is none of those
    there are (checked before the file is read: a complete table must not hide a typo)."""
    if layout not in ("auto", "wide", "long"):
        raise ValueError(f"layout must be 'auto', 'wide' or 'long'; got {layout!r}")
    if models is not None and models not in MODELS:
        raise ValueError(f"models must be 'rows' or 'columns'; got {models!r}")
    if decimal not in (".", ","):
        raise ValueError(f"decimal must be '.' or ','; got {decimal!r}")
    check_missing(missing)


def check_missing(missing: str) -> float | None:
    """The fill value of ``missing="fill:<number>"`` (``None`` for the other rules); a ``ValueError``
    for a rule that is none of :data:`MISSING` or a fill value that is not a finite number."""
    if missing in ("error", "drop-models", "drop-tasks", "block"):
        return None
    if not missing.startswith("fill:"):
        raise ValueError(f"missing must be one of {', '.join(MISSING)}; got {missing!r}")
    try:
        value = float(missing[5:])
    except ValueError:
        raise ValueError(f"missing: the fill value must be a number (fill:0); got {missing[5:]!r}") from None
    if not np.isfinite(value):
        raise ValueError(f"missing: the fill value must be finite; got {missing[5:]!r}")
    return value


def largest_block(holes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(rows kept, columns kept)``, boolean masks of a complete block of a table whose missing
    cells are ``holes``: the row or column with the largest share of missing cells is dropped, one
    at a time, until none is missing (greedy: a large block, not always the largest).

    >>> rows, cols = largest_block(np.array([[0, 0, 1], [0, 0, 0], [1, 1, 1]], bool))
    >>> rows.tolist(), cols.tolist()
    ([True, True, False], [True, True, False])
    """
    rows, cols = np.ones(holes.shape[0], bool), np.ones(holes.shape[1], bool)
    while rows.any() and cols.any():
        h = holes[np.ix_(rows, cols)]
        if not h.any():
            break
        by_row, by_col = h.mean(axis=1), h.mean(axis=0)
        if by_row.max() >= by_col.max():
            rows[np.flatnonzero(rows)[int(np.argmax(by_row))]] = False
        else:
            cols[np.flatnonzero(cols)[int(np.argmax(by_col))]] = False
    return rows, cols


def _lower_better(path: str, values: np.ndarray, tasks: Sequence[str], lower_better) -> list[str]:
    """Negate, in place, the ``[models, tasks]`` columns that ``lower_better`` names (names or globs):
    a lower score is better there. Returns the note that says so."""
    names = split_names(lower_better, "--lower-better")
    if names is None:
        return []
    pool = [str(t) for t in tasks]
    picked = list(
        dict.fromkeys(n for pattern in names for n in _matches(path, pattern, pool, "--lower-better", "task"))
    )
    index = {name: j for j, name in enumerate(pool)}
    for name in picked:
        values[:, index[name]] *= -1.0
    shown = ", ".join(map(repr, picked))
    return [f"lower is better on {shown}: rated negated (--lower-better)"]


def _wide_text(path: str, layout, sep, decimal, missing, models, tasks, exclude, long=(None,) * 4):
    """``(sep, wide)``: a wide text table parsed once, by the strict reader, which names the line and
    column of a bad cell; ``wide`` is ``(WideTable, the first column's header)``, or ``None`` for a
    long text table or a file that is not text. ``sep`` is sniffed for a text table unless given.

    Missing cells are read as NaN whatever ``missing`` says, so that the table's orientation is
    decided before a missing score stops it. With ``models="columns"`` the columns are models: every
    cell is read, and ``tasks``/``exclude`` pick the rows later.
    """
    if suffix(path) not in DELIMITED or not os.path.exists(path):
        return sep, None
    sep = sep or sniff_delimiter(path)
    names = first_row(path, sep)  # a text table's header says its layout
    if is_long(names, layout, *long):
        return sep, None

    def parse(tasks, exclude, by_rows, missing="nan"):
        options = dict(sep=sep, decimal=decimal, tasks=tasks, exclude=exclude, standard_errors=by_rows)
        return read_wide_table(path, missing=missing, **options)

    wide, picked = _parse_wide(parse, path, names[0], models, tasks, exclude)
    if missing == "error" and np.isnan(wide.values).any():
        transpose, _ = decide_orientation(path, wide.values, wide.agents, wide.tasks, names[0], models)
        if not transpose:  # the strict reader names the line and column of the first missing score
            parse(
                tasks if picked else None, exclude if picked else None, picked or models != "columns", "error"
            )
    return sep, (wide, names[0], picked)


def _parse_wide(parse, path, first_header, models, tasks, exclude, unsure=None):
    """``(wide, picked)``: a wide table parsed by ``parse(tasks, exclude, by_rows)``, ``tasks``/``exclude``
    picking its columns (``picked``) when they are the tasks. When the models are the columns (asked
    for, or decided on the whole table: :func:`decide_orientation`), the whole table: the tasks are
    picked once it is turned."""
    choosing = tasks is not None or exclude is not None
    if models is None and choosing:
        try:  # a cell the picks leave out (--exclude params, '70B') may stop the whole table's parse
            whole = parse(None, None, False)
        except ValueError:
            whole = None
        if whole is not None:
            turn, _ = decide_orientation(
                path, whole.values, whole.agents, whole.tasks, first_header, None, unsure=unsure
            )
            if turn:
                return whole, False
    by_rows = models != "columns"
    return parse(tasks if by_rows else None, exclude if by_rows else None, by_rows), by_rows and choosing


def _as_it_is(path: str, wide: WideTable, first_header: str, picked, missing, normalise, models) -> bool:
    """Whether a wide table is rated as parsed, so without pandas: no missing score to drop or fill,
    no normalisation, and the models its rows (:func:`decide_orientation`)."""
    if missing != "error" or normalise != "none" or models == "columns" or np.isnan(wide.values).any():
        return False
    transpose, _ = decide_orientation(path, wide.values, wide.agents, wide.tasks, first_header, models)
    return not transpose


class _Rules(NamedTuple):
    """How a table's scores are taken: the missing-score rule, the normalisation, the lower-is-better
    tasks (as :func:`read_scores` takes them)."""

    missing: str = "error"
    normalise: str = "none"
    lower_better: str | Sequence[str] | None = None


def _from_frame(path, sep, layout, long: tuple, decimal, rules: _Rules, models, tasks, exclude):
    """A table that is not wide text, read by pandas: long (``long`` names its model, task, score and
    count columns, ``None`` each to find them by name) or wide (Excel, Parquet, Feather, JSON)."""
    frame = read_frame(path, sep)
    if len(frame) == 0:
        raise ValueError(f"{path}: no rows")
    if is_long(frame.columns, layout, *long):
        guess = suffix(path) in DELIMITED and sep == ";"
        table, errors, column, notes = _long_to_wide(path, frame, *long, decimal, guess)
        if models == "columns":
            table, errors = table.T, None if errors is None else errors.T
        table = _pick_tasks(path, table, tasks, exclude)
        columns = {} if errors is None else {t: column for t in table.columns}
        return _complete(path, table, errors, notes, rules, columns)
    first_header, unsure = str(frame.columns[0]), frame.attrs.get("unsure")

    def parse(tasks, exclude, by_rows):
        return _wide(path, frame, decimal, tasks, exclude, by_rows)

    wide, picked = _parse_wide(parse, path, first_header, models, tasks, exclude, unsure)
    return _from_wide(path, wide, first_header, picked, rules, models, tasks, exclude, unsure)


def _pick_tasks(path: str, table, tasks, exclude):
    """The columns of a ``[models, tasks]`` DataFrame that ``tasks``/``exclude`` pick."""
    if tasks is None and exclude is None:
        return table
    names = [str(c) for c in table.columns]
    return table[choose_columns(path, names, tasks, exclude, what="task").scores]


def _from_wide(
    path, wide: WideTable, first_header, picked, rules: _Rules, models, tasks, exclude, unsure=None
):
    """A parsed wide table turned as :func:`_orient` says (``picked``: its columns were already picked
    by ``tasks``/``exclude``), its missing scores handled, negated and normalised as ``rules`` say."""
    import pandas as pd

    table = pd.DataFrame(wide.values, index=list(wide.agents), columns=list(wide.tasks))
    errors = None
    if wide.standard_errors is not None:
        errors = pd.DataFrame(wide.standard_errors, index=table.index, columns=table.columns)
    table, orient_notes, transposed = _orient(path, table, first_header, models, picked, unsure)
    error_columns = wide.error_columns
    if transposed:  # the standard errors are rows that became columns (mmlu_stderr beside mmlu)
        table, errors, error_columns, more = _turned_errors(table)
        orient_notes += more
        table = _pick_tasks(path, table, tasks, exclude)
    notes = orient_notes + list(wide.notes)
    if rules.normalise == "none":
        notes += _scale_notes(table.to_numpy(), list(table.columns))
    return _complete(path, table, errors, notes, rules, error_columns)


def _turned_errors(table):
    """``(scores, standard errors or None, {task: its column}, notes)`` of a turned table: its columns
    that hold standard errors (:func:`standard_error_columns`) set aside, never rated as tasks."""
    found = standard_error_columns(list(table.columns))
    if not found:
        return table, None, {}, []
    scores = table.drop(columns=list(found.values()))
    errors = scores * np.nan
    for task, column in found.items():
        errors[task] = table[column]
    shown = ", ".join(f"{c!r} of {t!r}" for t, c in found.items())
    return scores, errors, found, [f"standard errors, not rated: {shown}"]


def _scale_notes(values, tasks) -> list[str]:
    """:func:`scale_mismatch`'s warning as a note (``"warning: ..."``), or none."""
    warning = scale_mismatch(values, tasks)
    return [f"warning: {warning}"] if warning else []


def _complete(path, table, errors, notes, rules: _Rules, error_columns) -> ScoresWithErrors:
    """Missing scores handled, lower-is-better tasks negated, then normalised; the standard errors
    follow the scores."""
    missing, normalise, lower_better = rules
    table, handled = _handle_missing(path, table, missing)
    if lower_better is not None:
        values = table.to_numpy(dtype=float, copy=True)
        handled = _lower_better(path, values, list(table.columns), lower_better) + handled
        table = table.copy()
        table.loc[:, :] = values
    notes = list(notes) + handled
    columns = {t: c for t, c in error_columns.items() if t in table.columns}
    if errors is not None and columns:
        errors = errors.loc[table.index, table.columns]
        if normalise == "minmax":  # each task mapped by (x - lo) / span: its standard errors / span
            span = table.max(axis=0) - table.min(axis=0)
            errors = errors / span.where(span > 0, 1.0)
        elif normalise == "rank":
            errors, columns = None, {}
            notes.append("standard errors left out: ranks (--normalise rank) have none")
    else:
        errors, columns = None, {}
    return ScoresWithErrors(normalise_scores(table, normalise), errors, notes, columns)


def read_wide_text(
    path: str,
    *,
    sep: str | None = None,
    decimal: str = ".",
    missing: str = "error",
    tasks: str | Sequence[str] | None = None,
    exclude: str | Sequence[str] | None = None,
) -> tuple[np.ndarray, tuple[str, ...], tuple[str, ...]]:
    """A wide text table without pandas: ``(scores [agents, tasks], agents, tasks)``.

    Empty cells are NaN unless ``missing`` is ``"error"``; the error for a missing
    score then says how to handle missing scores. Text columns and standard
    errors are set aside as :func:`read_scores` does; :func:`read_wide_table`
    returns them, with the notes.
    """
    return read_wide_table(path, sep=sep, decimal=decimal, missing=missing, tasks=tasks, exclude=exclude)[:3]


def wide_scores(
    path: str,
    parsed: tuple[np.ndarray, tuple[str, ...], tuple[str, ...]],
    first_header: str,
    *,
    missing: str = "error",
    normalise: str = "none",
    models: str | None = None,
) -> tuple[pd.DataFrame, list[str]]:
    """:func:`read_scores`'s ``(table, notes)`` of a wide text table that :func:`read_wide_text` parsed.

    ``first_header`` heads the row names (evidence that rows are tasks, see
    :func:`transposed_evidence`).
    """
    import pandas as pd

    values, agents, tasks = parsed[:3]
    table = pd.DataFrame(values, index=list(agents), columns=list(tasks))
    table, notes, _ = _orient(path, table, first_header, models)
    table, handled = _finish(path, table, missing, normalise)
    return table, notes + handled


def _orient(path: str, table, first_header: str, models: str | None, picked=False, unsure=None):
    """``(table, notes, transposed)``: the models the rows, as ``models`` says or the evidence decides
    (:func:`decide_orientation`); a table transposed on evidence after ``tasks``/``exclude`` picked
    its columns (which were then models) is refused."""
    rows, columns = list(table.index), list(table.columns)
    transpose, note = decide_orientation(
        path, table.to_numpy(dtype=float), rows, columns, first_header, models, unsure=unsure
    )
    if transpose and models is None and picked:
        raise ValueError(f"{path}: {note}; with --tasks or --exclude, say --models columns (or rows)")
    return (table.T if transpose else table), ([note] if note else []), transpose


def _finish(path: str, table, missing: str, normalise: str):
    table, notes = _handle_missing(path, table, missing)
    return normalise_scores(table, normalise), notes


def _handle_missing(path: str, table, missing: str):
    """``(table, notes)``: missing scores an error, or dropped or filled as ``missing`` says."""
    value = check_missing(missing)
    notes: list[str] = []
    holes = table.isna().to_numpy()
    if holes.any():
        if missing == "error":
            i, j = np.argwhere(holes)[0]
            raise ValueError(
                f"{path}: no score for {table.index[i]!r} on {table.columns[j]!r} "
                f"({int(holes.sum())} missing in all); choose --missing drop-models, drop-tasks, block "
                "(the largest complete block) or fill:VALUE"
            )
        table, notes = _drop_or_fill(table, holes, missing, value)
    if table.shape[0] < 1 or table.shape[1] < 1:
        raise ValueError(
            f"{path}: nothing left to rate after handling missing scores "
            f"({table.shape[0]} x {table.shape[1]}); --missing block keeps the largest complete block"
        )
    return table, notes


def _drop_or_fill(table, holes: np.ndarray, missing: str, value: float | None):
    """``(table, notes)`` with the missing cells ``holes`` dropped or filled as ``missing`` says."""
    if missing == "fill:" + missing[5:] and value is not None:
        notes = [f"filled {int(holes.sum())} missing score(s) with {value:g}"]
        heavy = _heavy_fill(table.index, holes, value)
        return table.fillna(value), notes + ([heavy] if heavy else [])
    rows, cols = ~holes.any(axis=1), ~holes.any(axis=0)
    if missing == "drop-models":
        cols = np.ones_like(cols)
    elif missing == "drop-tasks":
        rows = np.ones_like(rows)
    else:  # block
        rows, cols = largest_block(holes)
    notes = []
    for kept, names, what in ((rows, table.index, "model"), (cols, table.columns, "task")):
        gone = [str(n) for n in names[~kept]]
        if gone:
            shown = ", ".join(gone[:10]) + (f" and {len(gone) - 10} more" if len(gone) > 10 else "")
            notes.append(f"dropped {len(gone)} {what}(s) with missing scores: {shown}")
    if missing == "block":
        notes.insert(
            0,
            f"--missing block: kept {rows.sum()} of {len(rows)} models x {cols.sum()} of {len(cols)} tasks, "
            "a complete block (found greedily)",
        )
    return table.loc[rows, cols], notes


HEAVY_FILL = 0.2  # a fill of more than this fraction of the table, or of half a model's row, is warned


def _heavy_fill(models, holes: np.ndarray, value: float) -> str | None:
    """A ``"warning: ..."`` note when filled cells could decide the ratings, else None."""
    share = holes.mean()
    per_model = holes.mean(axis=1)
    worst = np.argsort(-per_model, kind="stable")[:3]
    worst = [i for i in worst.tolist() if per_model[i] >= 0.5]
    if share <= HEAVY_FILL and not worst:
        return None
    rows = ", ".join(f"{models[i]!r} {int(holes[i].sum())} of {holes.shape[1]}" for i in worst)
    return (
        f"warning: {share:.0%} of the scores ({int(holes.sum())} of {holes.size}) are the fill value "
        f"{value:g}, not data" + (f"; most filled: {rows}" if rows else "")
    )


def normalise_scores(table: pd.DataFrame, how: str = "none") -> pd.DataFrame:
    """Per-task normalisation of a score DataFrame: ``none``, ``minmax`` or ``rank``.

    ``minmax`` maps each task to [0, 1] (a constant task to 0); ``rank``
    replaces scores by their average rank within the task, scaled to [0, 1].
    """
    if how == "none":
        return table
    if how == "minmax":
        lo, hi = table.min(axis=0), table.max(axis=0)
        span = (hi - lo).where(hi > lo, 1.0)
        return (table - lo) / span
    if how == "rank":
        ranks = table.rank(axis=0, method="average") - 1
        return ranks / max(len(table) - 1, 1)
    raise ValueError(f"normalise must be one of {', '.join(NORMALISE)}; got {how!r}")


OUTLIER_FACTOR = 1000.0  # a score this many times the spread of its task's other scores away is warned


def far_outliers(
    values: ArrayLike, agents: Sequence[str], tasks: Sequence[str], factor: float = OUTLIER_FACTOR
) -> list[str]:
    """Scores far outside the rest of their task's range (a units mistake: ``1e12`` among 0-1 scores).

    A task's highest or lowest score is named when it lies more than
    ``factor`` times the size of the other scores (their range, or their
    largest magnitude when that is larger) from their median. Such a score
    can decide the whole board on its own; it is rated, with this warning.

    Args:
      values: ``[agents, tasks]`` scores (NaN for missing cells).
      agents, tasks: the names of the rows and columns.

    Returns:
      One line per such score, worst first.

    >>> far_outliers([[1e12, 0.0], [0.2, 1.0], [0.5, 0.5]], ["a", "b", "c"], ["t1", "t2"])
    ["score of 'a' on 't1' is 1e+12, far outside the other scores of 't1' (0.2 to 0.5): a units mistake?"]
    """
    x = np.asarray(values, dtype=np.float64)
    found = []
    for j in range(x.shape[1]):
        rows = np.flatnonzero(np.isfinite(x[:, j]))
        if len(rows) < 3:
            continue
        column = x[rows, j]
        for k in dict.fromkeys((int(np.argmax(column)), int(np.argmin(column)))):
            rest = np.delete(column, k)
            size = max(np.ptp(rest), np.abs(rest).max())
            distance = abs(column[k] - np.median(rest))
            if size > 0 and distance > factor * size:
                text = (
                    f"score of {agents[rows[k]]!r} on {tasks[j]!r} is {column[k]:.6g}, far outside the other "
                    f"scores of {tasks[j]!r} ({rest.min():.6g} to {rest.max():.6g}): a units mistake?"
                )
                found.append((distance / size, text))
    return [text for _, text in sorted(found, key=lambda f: -f[0])]


SCALE_RATIO = 10.0  # score columns whose largest magnitudes differ more than this are warned of


def scale_mismatch(values: np.ndarray, tasks: Sequence[str], ratio: float = SCALE_RATIO) -> str | None:
    """Why a ``[agents, tasks]`` table's columns look like different units, or ``None``.

    The largest magnitude of each column with a non-zero one is compared: more
    than ``ratio`` apart (``avg_length`` in the thousands beside win rates up to
    80), the larger columns weigh that much more in the ratings. A table with a
    far outlier (:func:`far_outliers`, a units mistake in one cell) is left to
    that warning.

    >>> scale_mismatch([[0.5, 1500.0], [0.75, 900.0], [0.25, 1200.0]], ["accuracy", "avg_length"])[:64]
    "the score columns differ in scale by 2000x ('avg_length' reaches"
    """
    values = np.asarray(values, dtype=np.float64)
    if values.ndim != 2 or values.shape[1] < 2:
        return None
    if far_outliers(values, [str(i) for i in range(values.shape[0])], [str(t) for t in tasks]):
        return None
    with np.errstate(all="ignore"):
        size = np.array([np.nanmax(np.abs(c)) if np.isfinite(c).any() else 0.0 for c in values.T])
    live = np.flatnonzero(size > 0)
    if len(live) < 2:
        return None
    big, small = live[np.argmax(size[live])], live[np.argmin(size[live])]
    if size[big] <= ratio * size[small]:
        return None
    return (
        f"the score columns differ in scale by {size[big] / size[small]:.0f}x ({tasks[big]!r} reaches "
        f"{size[big]:.4g}, {tasks[small]!r} only {size[small]:.4g}): larger columns weigh more; "
        "if some are not scores (counts, lengths), pick the scores with --tasks, or put tasks on one "
        "scale with --normalise minmax"
    )
