"""Score tables (models by tasks), wide or long, from any table file; missing cells and normalisation."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from jaxrate.io._columns import WideTable, choose_columns, read_wide_table, split_names, wide_table
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
    "normalise_scores",
    "read_scores",
    "read_score_table",
    "read_scores_with_errors",
    "read_wide_text",
    "scale_mismatch",
    "transposed_evidence",
    "wide_scores",
]

MISSING = ("error", "drop-models", "drop-tasks", "fill:<number>")
MODELS = ("rows", "columns")
# Headers of a wide table's first column that say its rows are tasks.
_TASK_WORDS = (
    "task",
    "tasks",
    "game",
    "games",
    "benchmark",
    "benchmarks",
    "env",
    "environment",
    "environments",
    "dataset",
    "datasets",
    "category",
    "categories",
    "level",
    "levels",
    "problem",
    "problems",
    "suite",
    "domain",
    "domains",
    "metric",
    "metrics",
    "eval",
    "evals",
    "split",
)
NORMALISE = ("none", "minmax", "rank")
_MODEL_NAMES = ("model", "agent", "name", "system")


def is_long(columns: Iterable[object], layout: str = "auto") -> bool:
    """Whether a table with these columns is in the long layout (model, task, score rows)."""
    names = {str(c).strip().lower() for c in columns}
    return layout == "long" or (
        layout == "auto" and "score" in names and "task" in names and bool(names & set(_MODEL_NAMES))
    )


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
    """``(wide table [models, tasks], notes)`` of a long table; ``guess_decimal``: read decimal
    commas when every score is written with one (a semicolon-separated export)."""
    import pandas as pd

    from jaxrate.io._columns import _decimal_commas

    m = _column(path, frame, model, _MODEL_NAMES, "model")
    t = _column(path, frame, task, ("task", "benchmark", "category", "game"), "task")
    s = _column(path, frame, score, ("score", "value", "result", "accuracy"), "score")
    notes = []
    if guess_decimal and decimal == "." and _decimal_commas([frame[s].tolist()]):
        decimal = ","
        notes.append("read with decimal commas")
    lower = {str(c).strip().lower(): c for c in frame.columns}
    n_col = count if count is not None else lower.get("n")
    names_m = frame[m].astype(str).str.strip()
    names_t = frame[t].astype(str).str.strip()
    for k, (a, b) in enumerate(zip(names_m, names_t)):
        if a == "" or b == "":
            raise ValueError(f"{path}: {record_name(path, k)} has an empty model or task name")
    scores = _numbers(
        path,
        frame[s].tolist(),
        lambda k: f"{record_name(path, k)} ({names_m.iloc[k]!r}, {names_t.iloc[k]!r})",
        decimal,
    )
    # A row without a score (empty, "-", "NA", ...) leaves its cell missing: --missing decides.
    rows = np.flatnonzero(~np.isnan(scores))  # the file's records kept
    long = pd.DataFrame({"model": names_m.iloc[rows], "task": names_t.iloc[rows], "score": scores[rows]})
    if n_col is not None:
        values = _weighted(path, long, frame[n_col].iloc[rows].tolist(), rows, decimal)
    else:
        dup = long.duplicated(["model", "task"]).to_numpy()
        if dup.any():
            k = int(np.argmax(dup))
            raise ValueError(
                f"{path}: {record_name(path, int(rows[k]))} repeats "
                f"({long['model'].iloc[k]!r}, {long['task'].iloc[k]!r}); "
                "add an 'n' column to average repeated rows"
            )
        values = long
    wide = values.pivot(index="model", columns="task", values="score")
    return wide.reindex(index=list(dict.fromkeys(names_m)), columns=list(dict.fromkeys(names_t))), notes


def _weighted(path: str, long, counts: list, rows: np.ndarray, decimal: str):
    """Several rows for one (model, task): the count-weighted mean score, as long rows."""
    n = _numbers(path, counts, lambda k: f"{record_name(path, int(rows[k]))} count", decimal)
    if np.any(~(n > 0)):
        k = int(np.argmax(~(n > 0)))
        raise ValueError(
            f"{path}: {record_name(path, int(rows[k]))} has count {counts[k]!r}; counts must be > 0"
        )
    long = long.assign(n=n, weighted=long["score"] * n)
    grouped = long.groupby(["model", "task"], sort=False)[["weighted", "n"]].sum()
    return (grouped["weighted"] / grouped["n"]).rename("score").reset_index()


def _wide(path: str, frame, decimal: str, tasks, exclude, by_rows: bool) -> WideTable:
    """A wide table read by pandas (Excel, Parquet, JSON) as :func:`read_wide_table` reads text."""
    names = [str(c).strip() for c in frame.columns[1:]]
    if not names:
        raise ValueError(f"{path}: no task columns (expected: model,task1,task2,...)")
    agents = frame[frame.columns[0]].astype(str).str.strip().tolist()
    check_unique(path, "task", names)
    check_unique(path, "model", agents)
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
) -> tuple[pd.DataFrame, list[str]]:
    """Read a score table into a DataFrame (index = models, columns = tasks).

    Args:
      path: a ``.csv``, ``.tsv``, ``.parquet``, ``.xlsx``, ``.json`` or ``.jsonl`` file.
      layout: ``"wide"`` (first column the model names, one column per task),
        ``"long"`` (one row per model and task) or ``"auto"`` (long when the
        columns include model/agent, task and score).
      model, task, score, count: column names of the long layout (default:
        found by name: ``model``/``agent``, ``task``, ``score``, ``n``).
      missing: what to do with missing cells: ``"error"`` (default),
        ``"drop-models"``, ``"drop-tasks"`` or ``"fill:<number>"``.
      normalise: ``"none"``, ``"minmax"`` (each task to [0, 1]) or ``"rank"``
        (each task's scores replaced by their rank, scaled to [0, 1]).
      models: which axis of a wide table holds the models: ``"rows"`` or
        ``"columns"`` (the table is transposed). Left ``None``, rows, with a
        ``UserWarning`` when :func:`transposed_evidence` finds the rows look
        like tasks.
      sep: the field delimiter of a text table (default: sniffed: comma,
        semicolon or tab).
      decimal: ``"."`` or ``","`` (decimal commas, as in ``0,5``). A
        semicolon-separated table whose numbers all have decimal commas is read
        with them (and a note) either way.
      tasks: the tasks rated: comma-separated names or :mod:`fnmatch` globs
        (``"win_rate,length_controlled_winrate"``, ``"mmlu_*"``), or a sequence
        of them (default: every task). A name that is no task, or a glob that
        matches none, is an error naming the tasks there are.
      exclude: tasks (and columns) left out, the same way.

    A wide table's columns of text (every cell a word, like AlpacaEval's
    ``mode``) are skipped with a note; its standard-error columns
    (:func:`standard_error_columns`) are not rated:
    :func:`read_scores_with_errors` returns them.

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
) -> ScoresWithErrors:
    """:func:`read_scores`, with the standard errors that a wide table gives beside its scores.

    The standard errors of score column ``X`` are found by name
    (:func:`standard_error_columns`: ``X_stderr``, ``X_se``,
    ``X_standard_error``, ``stderr_X``, ``se_X``, a bare ``standard_error``
    right of ``X``, AlpacaEval's ``lc_standard_error``) and are never rated as
    tasks. Models and tasks dropped for missing scores are dropped from them
    too; ``normalise="minmax"`` scales them as it scales their task, and
    ``"rank"`` leaves none (``standard_errors`` is ``None``, with a note).

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
    _check_options(layout, models, decimal)
    tasks, exclude = split_names(tasks), split_names(exclude, "--exclude")
    sep, wide = _wide_text(path, layout, sep, decimal, missing, models, tasks, exclude)
    if wide is not None:
        return _from_wide(path, *wide, missing, normalise, models, tasks, exclude)
    long = (model, task, score, count)
    return _from_frame(path, sep, layout, long, decimal, missing, normalise, models, tasks, exclude)


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
    The arguments are as :func:`read_scores` (a long table's columns are found
    by name).
    """
    path = os.fspath(path)
    _check_options(layout, models, decimal)
    picked = split_names(tasks), split_names(exclude, "--exclude")
    sep, wide = _wide_text(path, layout, sep, decimal, missing, models, *picked)
    if wide is not None and _as_it_is(*wide, missing, normalise, models):
        table = wide[0]
        notes = table.notes + _scale_notes(table.values, table.tasks)
        return ScoresWithErrors(table[:3], table.standard_errors, notes, table.error_columns)
    if wide is not None:
        read = _from_wide(path, *wide, missing, normalise, models, *picked, stacklevel=4)
    else:
        long = (None,) * 4  # the long layout's columns, found by name
        read = _from_frame(
            path, sep, layout, long, decimal, missing, normalise, models, *picked, stacklevel=5
        )
    errors = None if read.standard_errors is None else read.standard_errors.to_numpy(dtype=float)
    return read._replace(standard_errors=errors)


def _check_options(layout: str, models: str | None, decimal: str) -> None:
    """A ``ValueError`` for a ``layout``, ``models`` or ``decimal`` that is none of those there are."""
    if layout not in ("auto", "wide", "long"):
        raise ValueError(f"layout must be 'auto', 'wide' or 'long'; got {layout!r}")
    if models is not None and models not in MODELS:
        raise ValueError(f"models must be 'rows' or 'columns'; got {models!r}")
    if decimal not in (".", ","):
        raise ValueError(f"decimal must be '.' or ','; got {decimal!r}")


def _wide_text(path: str, layout, sep, decimal, missing, models, tasks, exclude):
    """``(sep, wide)``: a wide text table parsed once, by the strict reader, which names the line and
    column of a bad cell; ``wide`` is ``(WideTable, the first column's header)``, or ``None`` for a
    long text table or a file that is not text. ``sep`` is sniffed for a text table unless given.

    With ``models="columns"`` the columns are models: every cell is read, and ``tasks``/``exclude``
    pick the rows later.
    """
    if suffix(path) not in DELIMITED or not os.path.exists(path):
        return sep, None
    sep = sep or sniff_delimiter(path)
    names = first_row(path, sep)  # a text table's header says its layout
    if is_long(names, layout):
        return sep, None
    by_rows = models != "columns"  # the columns are tasks: they are picked before the cells are read
    wide = read_wide_table(
        path,
        sep=sep,
        decimal=decimal,
        missing=missing,
        tasks=tasks if by_rows else None,
        exclude=exclude if by_rows else None,
        standard_errors=by_rows,
    )
    return sep, (wide, names[0])


def _as_it_is(wide: WideTable, first_header: str, missing: str, normalise: str, models: str | None) -> bool:
    """Whether a wide table is rated as parsed, so without pandas: no missing score to drop or fill
    (``missing="error"`` stopped at the first), no normalisation, the models its rows, and no sign
    that they are tasks (:func:`transposed_evidence`, which :func:`_orient` would warn of)."""
    if missing != "error" or normalise != "none" or models == "columns":
        return False
    return models == "rows" or transposed_evidence(wide.values, first_header) is None


def _from_frame(
    path, sep, layout, long: tuple, decimal, missing, normalise, models, tasks, exclude, stacklevel=6
):
    """A table that is not wide text, read by pandas: long (``long`` names its model, task, score and
    count columns, ``None`` each to find them by name) or wide (Excel, Parquet, JSON)."""
    frame = read_frame(path, sep)
    if len(frame) == 0:
        raise ValueError(f"{path}: no rows")
    if is_long(frame.columns, layout):
        guess = suffix(path) in DELIMITED and sep == ";"
        table, notes = _long_to_wide(path, frame, *long, decimal, guess)
        table = _pick_tasks(path, table.T if models == "columns" else table, tasks, exclude)
        return _complete(path, table, None, notes, missing, normalise, {})
    by_rows = models != "columns"
    wide = _wide(path, frame, decimal, tasks if by_rows else None, exclude if by_rows else None, by_rows)
    first_header = str(frame.columns[0])
    return _from_wide(
        path, wide, first_header, missing, normalise, models, tasks, exclude, stacklevel=stacklevel
    )


def _pick_tasks(path: str, table, tasks, exclude):
    """The columns of a ``[models, tasks]`` DataFrame that ``tasks``/``exclude`` pick."""
    if tasks is None and exclude is None:
        return table
    names = [str(c) for c in table.columns]
    return table[choose_columns(path, names, tasks, exclude, what="task").scores]


def _from_wide(path, wide: WideTable, first_header, missing, normalise, models, tasks, exclude, stacklevel=5):
    import pandas as pd

    table = pd.DataFrame(wide.values, index=list(wide.agents), columns=list(wide.tasks))
    errors = None
    if wide.standard_errors is not None:
        errors = pd.DataFrame(wide.standard_errors, index=table.index, columns=table.columns)
    table = _orient(path, table, first_header, models, stacklevel=stacklevel)
    if models == "columns":
        table = _pick_tasks(path, table, tasks, exclude)
    notes = list(wide.notes)
    if normalise == "none" and models != "columns":
        notes += _scale_notes(table.to_numpy(), list(table.columns))
    return _complete(path, table, errors, notes, missing, normalise, wide.error_columns)


def _scale_notes(values, tasks) -> list[str]:
    """:func:`scale_mismatch`'s warning as a note (``"warning: ..."``), or none."""
    warning = scale_mismatch(values, tasks)
    return [f"warning: {warning}"] if warning else []


def _complete(path, table, errors, notes, missing, normalise, error_columns) -> ScoresWithErrors:
    """Missing scores handled, then normalised; the standard errors follow the scores."""
    table, handled = _handle_missing(path, table, missing)
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
    return _finish(path, _orient(path, table, first_header, models, stacklevel=4), missing, normalise)


def transposed_evidence(table: ArrayLike, first_header: str | None = None) -> str | None:
    """Why the rows of a wide ``[rows, columns]`` score table look like tasks, or ``None``.

    Two signs count, each one on its own:

    * the first column (the row names) is headed by a word for tasks
      (``game``, ``task``, ``benchmark``, ``env``, ``dataset``, ...);
    * every row, and not every column, spans exactly [0, 1] (at least 3 of
      each): min-max normalisation is done per task, so normalised rows are
      tasks (the paper's Atari table).

    A table with many more rows than columns is not evidence (leaderboards
    have more models than tasks as often as not), nor are names that look like
    model names (no list of them can be complete).
    """
    if first_header is not None and first_header.strip().lower() in _TASK_WORDS:
        return f"the row names are headed {first_header.strip()!r}"
    values = np.asarray(table, dtype=np.float64)
    if values.ndim == 2 and min(values.shape) >= 3 and np.isfinite(values).all():

        def spans(axis):
            lo, hi = values.min(axis=axis), values.max(axis=axis)
            return np.all((np.abs(lo) < 1e-12) & (np.abs(hi - 1) < 1e-12))

        if spans(1) and not spans(0):
            return "every row, not every column, is normalised to [0, 1] (normalisation is per task)"
    return None


def _orient(path: str, table, first_header: str, models: str | None, stacklevel: int = 3):
    """Transpose for ``models="columns"``; warn when unasked-for rows look like tasks."""
    if models == "columns":
        return table.T
    if models is None:
        why = transposed_evidence(table, first_header)
        if why is not None:
            import warnings

            warnings.warn(
                f"{path}: the rows look like tasks ({why}); rating them as models. "
                "If the models are the columns, say so (models='columns', --models columns); "
                "models='rows' (--models rows) silences this",
                UserWarning,
                stacklevel=stacklevel,
            )
    return table


def _finish(path: str, table, missing: str, normalise: str):
    table, notes = _handle_missing(path, table, missing)
    return normalise_scores(table, normalise), notes


def _handle_missing(path: str, table, missing: str):
    """``(table, notes)``: missing scores an error, or dropped or filled as ``missing`` says."""
    notes: list[str] = []
    holes = table.isna().to_numpy()
    if holes.any():
        if missing == "error":
            i, j = np.argwhere(holes)[0]
            raise ValueError(
                f"{path}: no score for {table.index[i]!r} on {table.columns[j]!r} "
                f"({int(holes.sum())} missing "
                "in all); choose --missing drop-models, drop-tasks or fill:VALUE"
            )
        if missing == "drop-models":
            gone = list(table.index[holes.any(axis=1)])
            table = table.loc[~holes.any(axis=1)]
            notes.append(f"dropped {len(gone)} model(s) with missing scores: {', '.join(gone)}")
        elif missing == "drop-tasks":
            gone = list(table.columns[holes.any(axis=0)])
            table = table.loc[:, ~holes.any(axis=0)]
            notes.append(f"dropped {len(gone)} task(s) with missing scores: {', '.join(gone)}")
        elif missing.startswith("fill:"):
            try:
                value = float(missing[5:])
            except ValueError:
                raise ValueError(f"missing: fill value must be a number; got {missing[5:]!r}") from None
            table = table.fillna(value)
            notes.append(f"filled {int(holes.sum())} missing score(s) with {value:g}")
            heavy = _heavy_fill(table.index, holes, value)
            if heavy:
                notes.append(heavy)
        else:
            raise ValueError(f"missing must be one of {', '.join(MISSING)}; got {missing!r}")
    elif not (missing in ("error", "drop-models", "drop-tasks") or missing.startswith("fill:")):
        raise ValueError(f"missing must be one of {', '.join(MISSING)}; got {missing!r}")
    if table.shape[0] < 1 or table.shape[1] < 1:
        raise ValueError(
            f"{path}: nothing left to rate after handling missing scores "
            f"({table.shape[0]} x {table.shape[1]})"
        )
    return table, notes


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
