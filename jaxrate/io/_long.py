"""Long score tables (one row per model, task and perhaps replicate): their columns, and their rows
as a wide table's cells or as runs with replicates.

A header is long when it has a model, a task and a score column under common names, perhaps a
replicate (``seed``, ``fold``, ``item``...), count (``n``) or standard-error column and nothing else,
or ``task`` and ``score`` and a model column beside any others; or when columns are named
(``--model-col``, ``--task-col``, ...).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

import numpy as np

from jaxrate.io._cells import DECIMAL_COMMAS, Cells, comma_hint, decimal_commas, percent_cells, value
from jaxrate.io._durations import duration_note, durations
from jaxrate.io._roles import MODEL_COLUMNS, TASK_COLUMNS, Declared, direction, error_target, few
from jaxrate.io._tables import record_name
from jaxrate.io._text import as_text, check_score, is_missing_marker

__all__ = ["LongColumns", "REPLICATE_COLUMNS", "long_cells", "long_columns", "long_runs", "replicate_column",
           "unused_note"]  # fmt: skip

SCORE_COLUMNS = ("score", "value", "result", "accuracy", "acc", "reward", "return")
GENERIC_SCORES = ("score", "scores", "value", "values", "result", "results")  # name no metric
#: Column names that mark replicates (items, seeds, folds, runs) in a long table.
REPLICATE_COLUMNS = tuple(
    "replicate item seed fold doc_id run resample trial repeat repetition sample".split()
)
_COMMON = {"model": MODEL_COLUMNS, "task": TASK_COLUMNS, "score": SCORE_COLUMNS}
_ERRORS = ("standard_error", "stderr", "se")
_OPTIONS = {role: f"--{role}-col" for role in ("model", "task", "score", "replicate")}


class LongColumns(NamedTuple):
    """A long table's columns as its header spells them (``None``: the table has none)."""

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


def long_columns(columns: Iterable[object], layout: str = "auto", **given) -> LongColumns | None:
    """The long layout's columns of a header, or ``None`` when it is a wide table: long when
    ``layout="long"``, when a column is named (``model=``, ``task=``, ...), or (``"auto"``) when the
    header has a model, a task and a score column by their common names.

    Raises:
      ValueError: for a named column that is not there, a long table without a model, task or
        score column (naming the option that gives it), or two standard-error columns.
    """
    columns = [str(c).strip() for c in columns]
    lower = {c.lower(): c for c in reversed(columns)}
    named = any(v is not None for v in given.values())
    if layout == "wide" and named:
        raise ValueError("--model-col, --task-col, --score-col and --replicate-col are for long tables")
    found = {
        role: _find(lower, given.get(role), names, columns, _OPTIONS[role]) for role, names in _COMMON.items()
    }
    if layout == "wide" or (layout == "auto" and not named and not _recognised(columns, lower, found)):
        return None
    role = next((role for role, column in found.items() if column is None), None)
    if role is not None:
        raise ValueError(
            f"a long table needs a {role} column: none is named {' or '.join(map(repr, _COMMON[role][:4]))}; "
            f"name it with {_OPTIONS[role]} (columns: {columns})"
        )
    rep = _find(lower, given.get("replicate"), REPLICATE_COLUMNS, columns, _OPTIONS["replicate"])
    n = _find(lower, given.get("count"), ("n",), columns, "count")
    roles = [c for c in (*found.values(), rep, n) if c is not None]
    return LongColumns(*found.values(), rep, n, stderr_column(columns, found["score"], roles))


def _recognised(columns: list[str], lower: dict, found: dict) -> bool:
    """Whether a header with nothing named is long (see the module's docstring)."""
    if None in found.values():
        return False
    if {"task", "score"} <= lower.keys():
        return True
    roles = set(REPLICATE_COLUMNS) | {"n"} | {c.lower() for c in found.values()}
    rest = [c for c in columns if c.lower() not in roles]
    return not rest or rest == [stderr_column(columns, found["score"], roles)]


def stderr_column(columns: list[str], score: str, roles: Iterable[str]) -> str | None:
    """The column of the standard errors of a long table's ``score`` column (a bare ``se``,
    ``score_stderr``, ...), or ``None``; two such columns are a ``ValueError``."""
    roles = {str(r).lower() for r in roles}
    claims = []
    for k, name in enumerate(columns):
        lower = name.lower()
        if lower in roles:
            continue
        bare = lower in _ERRORS and (k == 0 or columns[k - 1].lower() in roles)
        if bare or error_target(lower) == score.lower():
            claims.append(name)
    if len(claims) > 1:
        raise ValueError(
            f"two columns hold the standard errors of {score!r}: {claims[0]!r} and {claims[1]!r}; "
            "leave one out of the table"
        )
    return claims[0] if claims else None


def unused_note(columns: Iterable[object], found: LongColumns) -> list[str]:
    """Notes on a long table's columns that are none of its roles, and on standard errors made moot."""
    used = {c for c in found if c is not None}
    left = [str(c) for c in columns if str(c).strip() not in used]
    notes = [f"columns not rated (a long table rates {found.score!r}): {', '.join(left)}"] if left else []
    if found.stderr is not None and found.replicate is not None:
        notes.append(
            f"standard errors {found.stderr!r} not used: the {found.replicate!r} scores of each model and "
            "task carry their spread, and --bootstrap resamples those"
        )
    return notes


class _Rows(NamedTuple):
    """A long table's rows with a score: names, scores, and what each row's record is called."""

    path: str
    models: np.ndarray
    tasks: np.ndarray
    scores: np.ndarray
    where: list[str]
    kept: np.ndarray  # the frame's rows (positions) the rows came from
    records: np.ndarray  # and their records in the source (0-based, under the header)


def _records(frame) -> list[int]:
    """Each row's record in the source (0-based under the header): the frame's index where it is a
    range of row numbers (a long table described: rows kept, metrics melted), else its position."""
    index = frame.index
    if index.dtype.kind in "iu":
        return [int(k) for k in index]
    return list(range(len(frame)))


def _rows(path: str, frame, found: LongColumns, decimal: str, keep_empty: bool, ids=None) -> _Rows:
    models = as_text(frame[found.model]).str.strip().to_numpy()
    tasks = as_text(frame[found.task]).str.strip().to_numpy()
    records = _records(frame)
    for k, (m, t) in enumerate(zip(models, tasks)):
        if m == "" or t == "":
            raise ValueError(f"{path}: {record_name(path, records[k])} has an empty model or task name")
        if ids is not None and ids[k] == "":
            raise ValueError(f"{path}: {record_name(path, records[k])} has an empty {found.replicate}")
    rep = [""] * len(models) if ids is None else [f", {found.replicate} {r!r}" for r in ids]
    where = [
        f"{record_name(path, records[k])} ({m!r}, {t!r}{rep[k]})"
        for k, (m, t) in enumerate(zip(models, tasks))
    ]
    scores = _numbers(path, frame[found.score].tolist(), where, decimal)
    kept = np.arange(len(scores)) if keep_empty else np.flatnonzero(~np.isnan(scores))
    return _Rows(
        path,
        models[kept],
        tasks[kept],
        scores[kept],
        [where[k] for k in kept],
        kept,
        np.asarray(records)[kept],
    )


def _numbers(path: str, cells: list, where: list[str], decimal: str, what: str = "") -> np.ndarray:
    out = np.empty(len(cells))
    for k, cell in enumerate(cells):
        try:
            out[k] = value(cell, decimal)
        except ValueError:
            hint = comma_hint(cell, decimal)
            raise ValueError(f"{path}: {where[k]}{what} is not a number: {cell!r}{hint}") from None
        if not np.isnan(out[k]):
            check_score(out[k], cell, f"{path}: {where[k]}{what}")
    return out


def _decimal(frame, found: LongColumns, decimal: str, sep: str | None, notes: list) -> str:
    """Decimal commas for a semicolon-separated export whose scores are all written with one."""
    if sep == ";" and decimal == "." and decimal_commas([frame[found.score].tolist()]):
        notes.append(DECIMAL_COMMAS)
        return ","
    return decimal


def long_cells(
    path: str, frame, found: LongColumns, options, sep: str | None, metrics: dict | None = None
) -> tuple[Cells, dict, list]:
    """A long table without replicates as a wide table's :class:`Cells`, declarations and notes (rows of
    one model and task are an error, unless an ``n`` column counts them: then their weighted mean);
    ``metrics``: each task's metric (a described table's), else the score column's for every task."""
    notes = [] if metrics is not None else unused_note(frame.columns, found)
    decimal = _decimal(frame, found, options.decimal, sep, notes)
    frame, timed = _seconds(frame, found.score, notes, options.score)
    rows = _rows(path, frame, found, decimal, keep_empty=False)
    notes += percent_cells(path, ["the scores"], [frame[found.score].tolist()])
    se = None
    if found.stderr is not None:
        se, more = _errors(path, frame, found, rows, decimal)
        notes += more
    n = None
    if found.count is not None:
        n = _numbers(path, frame[found.count].iloc[rows.kept].tolist(), rows.where, decimal, " count")
        bad = np.flatnonzero(~(n > 0))
        if len(bad):
            k = int(bad[0])
            raise ValueError(
                f"{path}: {record_name(path, int(rows.records[k]))} has count {n[k]:g}; counts must be > 0"
            )
    else:
        _refuse_repeats(rows, frame)
    models = list(dict.fromkeys(as_text(frame[found.model]).str.strip()))
    every = list(dict.fromkeys(as_text(frame[found.task]).str.strip()))
    scored = set(rows.tasks)
    tasks = [t for t in every if t in scored]  # a task no row scores is no task (a metric it lacks)
    if len(tasks) < len(every):
        empty = [t for t in every if t not in scored]
        notes.append(f"left out {few(empty, 4)}: no score in the file")
    values, errors = _pivot(rows, models, tasks, n, se)
    # A task column holds tasks, whose names say nothing of a direction: the metric's name may.
    metrics = metrics or dict.fromkeys(tasks, found.score)
    if timed:  # durations: times, where the metric's name says no other way
        metrics = {t: "time" if direction(metrics.get(t) or "") is None else metrics[t] for t in tasks}
    declared = {t: Declared(role="score", why="", metric=_metric_name(metrics.get(t, ""))) for t in tasks}
    names, columns = list(tasks), [list(c) for c in values.T]
    if errors is not None:
        label = {t: f"{t} ({found.stderr})" for t in tasks}
        declared.update({label[t]: Declared(role="stderr", of=t, label=found.stderr) for t in tasks})
        names += [label[t] for t in tasks]
        columns += [list(c) for c in errors.T]
    cells = Cells(path, found.model, models, names, columns, lambda i: f"model {models[i]!r}", what="task")
    return cells, declared, notes


def _seconds(frame, score: str, notes: list, named: str | None = None) -> tuple[object, bool]:
    """The frame with its score column of durations (``58.76us``) in seconds, said (the column as
    ``named`` by the user, where they did); and whether it was."""
    cells = frame[score].tolist()
    secs = durations(cells)
    if secs is None:
        return frame, False
    k = next(i for i, c in enumerate(cells) if isinstance(c, str) and not is_missing_marker(c))
    notes.append(duration_note([named or score], cells[k], secs[k]))
    frame = frame.copy()
    frame[score] = secs
    return frame, True


def _metric_name(metric: str) -> str:
    """The name the vocabulary reads of a metric: none for a score column's generic name."""
    return "" if metric.lower() in GENERIC_SCORES else metric


_LOOKED = 1000  # repeated rows looked at for one that something besides its score tells apart


def _refuse_repeats(rows: _Rows, frame) -> None:
    """Rows of one model and task refused, naming the first two that something besides their score
    tells apart (the column that calls for an option), else the first two."""
    seen: dict[tuple, int] = {}
    found, looked = None, 0
    for k, key in enumerate(zip(rows.models, rows.tasks)):
        if key not in seen:
            seen[key] = k
            continue
        first, again = int(rows.kept[seen[key]]), int(rows.kept[k])
        differ = _differ(frame, first, again)
        if found is None or differ:
            found = (key, seen[key], k, first, again)
        looked += 1
        if differ or looked >= _LOOKED:
            break
    if found is not None:
        key, was, k, first, again = found
        raise ValueError(
            f"{rows.path}: {record_name(rows.path, int(rows.records[k]))} repeats ({key[0]!r}, "
            f"{key[1]!r}) (first at {record_name(rows.path, int(rows.records[was]))}): "
            f"{_apart(frame, first, again)}"
        )


def _differ(frame, first: int, again: int) -> list[str]:
    """The source's columns whose cells differ between two rows of one model and task: not the model,
    task and score, nor the column the score was read from (its cells equal the score's)."""
    names = frame.attrs.get("names", {})
    used = {"model", "task", "score", *names.get("model", ()), *names.get("task", ())}
    one, two = frame.iloc[first], frame.iloc[again]
    scored = "score" in frame.columns

    def source(c) -> bool:  # the column the score was read from
        return scored and str(one[c]) == str(one["score"]) and str(two[c]) == str(two["score"])

    return [
        str(c) for c in frame.columns if str(c) not in used and str(one[c]) != str(two[c]) and not source(c)
    ]


def _apart(frame, first: int, again: int) -> str:
    """What to do about two rows of one model and task: the columns that tell them apart (words
    before numbers: other numbers are other metrics), and the option each calls for (the model's
    name, a metric, seeds or folds)."""
    names = frame.attrs.get("names", {})
    differ = _differ(frame, first, again)
    words = [
        c for c in differ if not _is_number(frame.iloc[first][c]) or not _is_number(frame.iloc[again][c])
    ]
    differ = words or differ
    model = ",".join(names.get("model", ())) or "MODEL"
    task = ",".join(names.get("task", ())) or "TASK"
    if not differ:
        return (
            "the two rows are the same but for their score; if they are seeds, folds or items, add the "
            "column "
            "that tells them apart, or an 'n' column (items behind each score) to average them"
        )
    shown = few(differ, 4)
    return (
        f"they differ in {shown}: if {'that names' if len(differ) == 1 else 'one of those names'} the model, "
        f"--model-col {model},{differ[0]} (joined); if part of the task's, --task-col {task},{differ[0]}; "
        f"if a metric, --metric-col {differ[0]}; if seeds, folds or items, --replicate-col {differ[0]}; else "
        f"--where {differ[0]}=VALUE keeps one"
    )


def _is_number(cell) -> bool:
    try:
        return not np.isnan(value(cell, "."))
    except ValueError:
        return False


def _errors(path: str, frame, found: LongColumns, rows: _Rows, decimal: str):
    """``(standard errors of the rows kept or None, notes)``; a negative one is an error."""
    column, cells = found.stderr, frame[found.stderr].tolist()
    # a spread written with its sign (lm-eval's Markdown reports: "± 0.0134") is its number
    cells = [re.sub(r"^\s*(?:±|\+/-|\+-)\s*", "", c) if isinstance(c, str) else c for c in cells]
    what = f": standard error ({column!r})"
    names = zip(as_text(frame[found.model]).str.strip(), as_text(frame[found.task]).str.strip())
    where = [f"{record_name(path, k)} ({m!r}, {t!r})" for k, (m, t) in enumerate(names)]
    values = _numbers(path, cells, where, decimal, what)
    bad = np.flatnonzero(values < 0)
    if len(bad):
        k = int(bad[0])
        raise ValueError(f"{path}: {where[k]}{what} is {cells[k]!r}; standard errors are >= 0")
    kept = values[rows.kept]
    holes = int(np.isnan(kept).sum())
    if holes == len(kept):
        return None, [f"standard errors {column!r} all empty: not used"]
    empty = f", {holes} of {len(kept)} empty" if holes else ""
    return kept, [f"standard errors, not rated (--bootstrap draws each score from them): {column!r}{empty}"]


def _pivot(rows: _Rows, models: list, tasks: list, n, se):
    """``(values [M, T], errors [M, T] or None)``: each cell's count-weighted mean score (standard
    errors combined as independent: sqrt(sum (n se)^2) / sum n)."""
    m_index = {m: i for i, m in enumerate(models)}
    t_index = {t: j for j, t in enumerate(tasks)}
    i = np.array([m_index[m] for m in rows.models], dtype=np.int64)
    j = np.array([t_index[t] for t in rows.tasks], dtype=np.int64)
    weights = np.ones(len(i)) if n is None else n
    total = np.zeros((len(models), len(tasks)))
    np.add.at(total, (i, j), weights)
    summed = np.zeros_like(total)
    np.add.at(summed, (i, j), weights * rows.scores)
    with np.errstate(invalid="ignore", divide="ignore"):
        values = np.where(total > 0, summed / total, np.nan)
        if se is None:
            return values, None
        variance = np.zeros_like(total)
        np.add.at(variance, (i, j), (weights * se) ** 2)
        return values, np.where(total > 0, np.sqrt(variance) / total, np.nan)


def long_runs(
    path: str, frame, found: LongColumns, options, metrics: dict | None = None, sep: str | None = None
) -> tuple[list, list]:
    """A long table with replicates as :class:`jaxrate.io._runs.Run` records, one per model and task
    (``metrics``: each task's metric, whose name may say which way it points), and the notes: scores
    read as a long table's cells are (durations such as ``1.2ms`` in seconds, decimal commas)."""
    from jaxrate.io._replicate_data import Aggregate
    from jaxrate.io._runs import Run

    notes: list = []
    decimal = _decimal(frame, found, options.decimal, sep, notes)
    frame, _ = _seconds(frame, found.score, notes, options.score)
    ids = as_text(frame[found.replicate]).str.strip().to_numpy()
    rows = _rows(path, frame, found, decimal, keep_empty=True, ids=ids)
    where = rows.where
    empty = np.flatnonzero(np.isnan(rows.scores))
    if len(empty):
        raise ValueError(f"{path}: {where[int(empty[0])]} has no score")
    keys = list(zip(rows.models, rows.tasks, ids))
    if len(set(keys)) < len(keys):
        seen: set = set()
        k = next(k for k, key in enumerate(keys) if key in seen or seen.add(key))
        raise ValueError(f"{path}: {where[k]} repeats an earlier row")
    # the metric's name ("score": none); a task's name says nothing of it
    metrics = metrics or {}
    default = _metric_name(found.score)
    groups: dict[tuple, list[int]] = {}
    for k, key in enumerate(zip(rows.models, rows.tasks)):
        groups.setdefault(key, []).append(k)
    runs, directions = [], {}
    for (m, t), ks in groups.items():
        metric = _metric_name(metrics.get(t, "")) if t in metrics else default
        if metric not in directions:
            directions[metric] = direction(metric) if metric else None
        higher = directions[metric]
        v, agg = rows.scores[ks], Aggregate("mean", higher is not False)
        runs.append(Run("table", m, t, found.score, float(v.mean()), agg, path, "", ids=ids[ks], values=v))
    return runs, notes


def replicate_column(columns: Iterable[object], layout: str = "auto", **given) -> str | None:
    """The replicate column of a long table's header (``None`` without one, or for a wide table);
    ``layout`` and ``given`` as :func:`jaxrate.io._long.long_columns` takes them."""
    found = long_columns(columns, layout, **given)
    return None if found is None else found.replicate
