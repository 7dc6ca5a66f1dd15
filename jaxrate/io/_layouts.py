"""Any table a user can describe: which columns name the models and the tasks, which hold the scores.

A long table (one row per model, task and perhaps metric or replicate) is turned into one canonical
frame, ``model, task, score`` (and its replicate, count and standard-error columns), whatever its
layout: models or tasks named by several columns together (``--model-col name,pretrained``, joined),
a metric column (``--metric-col``: ``model, dataset, metric, value``), several score columns (one per
metric: ``dataset, model, MASE, WQL``), rows kept by value (``--where split=test``). Where several
metrics are there, ``--metric`` picks the ones rated (each metric of each task its own task, in its
own direction); nothing is averaged across metrics, and a choice the file leaves open is refused in
one line naming the options, or made and said (:class:`jaxrate.io._assumed.Assumed`).

A wide table (one row per model) may name its models in another column than the first, or in
several (``--model-col``): :func:`wide_models` puts them first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from jaxrate.io._assumed import Assumed
from jaxrate.io._cells import value, yes_no
from jaxrate.io._long import (
    GENERIC_SCORES,
    REPLICATE_COLUMNS,
    SCORE_COLUMNS,
    LongColumns,
    stderr_column,
)
from jaxrate.io._options import split_names
from jaxrate.io._roles import (
    MODEL_COLUMNS,
    MORE_MODELS,
    MORE_TASKS,
    TASK_COLUMNS,
    common_name,
    direction,
    error_target,
    few,
    listed,
)
from jaxrate.io._text import as_text

_ERROR_NAMES = ("standard_error", "stderr", "se")

__all__ = ["Described", "METRIC_COLUMNS", "MODEL_JOIN", "TASK_JOIN", "describe", "where_rows", "wide_models"]

MODEL_JOIN = ":"  # a model named by several columns: open_clip's "ViT-B-32:openai"
TASK_JOIN = "/"  # a task named by several columns, or a task's metric: "hopper/medium-v0", "m4/MASE"
METRIC_COLUMNS = ("metric", "metric_name", "measure", "metrics")


class Described(NamedTuple):
    """A long table as one canonical frame: ``frame`` (its index the source's records), ``found`` the
    canonical columns, ``metrics`` each task's metric name (``""``: none known), and ``notes``."""

    frame: object
    found: LongColumns
    metrics: dict
    notes: list


def _names(spec) -> tuple[str, ...]:
    return () if spec is None else tuple(split_names(spec, "--model-col"))


def _column(columns: list[str], name: str, option: str) -> str:
    if name in columns:
        return name
    close = [c for c in columns if c.lower() == name.lower()]
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise ValueError(f"{option} {name!r}: no such column{hint} (columns: {listed(columns)})")


def _given(columns: list[str], spec, option: str) -> tuple[str, ...]:
    return tuple(_column(columns, n, option) for n in _names(spec))


def _common(columns: list[str], names: Sequence[str], taken: set) -> list[str]:
    lower = {common_name(c): c for c in reversed(columns)}
    return [lower[n] for n in names if n in lower and lower[n] not in taken]


def _numeric(frame, column: str) -> bool:
    """Whether a column holds numbers (or nothing), read as the cells are (decimal points or commas)."""
    seen = False
    for cell in frame[column].tolist():
        try:
            x = value(cell, ".")
        except ValueError:
            try:
                x = value(cell, ",")
            except ValueError:
                return False
        seen = seen or not np.isnan(x)
    return seen


def _row_numbers(frame, column: str) -> bool:
    """An unnamed column of 0..n-1 (pandas' index written out): not a score."""
    if column.strip() and not column.startswith("Unnamed:"):
        return False
    try:
        numbers = [value(c, ".") for c in frame[column].tolist()]
    except ValueError:
        return False
    return numbers == [float(k) for k in range(len(numbers))]


def _long_by_names(frame, model: list[str], task: list[str]) -> bool:
    """Whether columns named like a model and a task make a long table: a score column by its name
    beside them, models repeating over rows, or one task holding every row (a wide table's text column
    named ``category`` has none of these)."""
    if not model or not task or len(frame) == 0:
        return False
    columns = [str(c) for c in frame.columns]
    if {"task", "score"} <= {c.lower() for c in columns}:
        return True
    common = _common(columns, SCORE_COLUMNS, set(model) | set(task))
    others = [c for c in columns if c not in {*model, *task, *common} and _numeric(frame, c)]
    others = [
        c
        for c in others
        if c.lower() not in (*_ERROR_NAMES, "n", *REPLICATE_COLUMNS) and not error_target(c.lower())
    ]
    if common and not others:  # model, task, score (and its errors, counts, replicates): nothing else
        return True
    models = as_text(frame[model[0]])
    tasks = as_text(frame[task[0]])
    return models.duplicated().any() or tasks.nunique() == 1


def _joined(frame, columns: tuple[str, ...], join: str):
    """The values of ``columns`` joined by ``join`` (one column: its values), stripped; a column of
    yes and no marks joins as its name where it says yes (``ViT-S/14 with registers``), nothing where
    it says no."""
    parts = [as_text(frame[c]).str.strip() for c in columns]
    out = parts[0]
    for column, part in zip(columns[1:], parts[1:]):
        said = yes_no(part)
        if said is None:
            out = out + join + part
        else:
            name = f" {str(column).strip()}"
            out = out + part.str.lower().map({v: name if yes else "" for v, yes in said.items()})
    return out


def where_rows(path: str, frame, options) -> tuple[object, list[str]]:
    """The rows ``--where COL=VALUE[|VALUE]`` keeps (``COL!=VALUE[|VALUE]``: the others), every condition,
    and the note that says so."""
    if not options.where:
        return frame, []
    columns = [str(c).strip() for c in frame.columns]
    keep = np.ones(len(frame), bool)
    said = []
    for condition in options.where:
        name, sep, wanted = condition.partition("=")
        drop = name.endswith("!")
        name = name[:-1] if drop else name
        if not sep or not name.strip():
            raise ValueError(
                f"--where {condition!r}: give COLUMN=VALUE (several values: COLUMN=A|B; the other rows: "
                "COLUMN!=A)"
            )
        column = frame.columns[columns.index(_column(columns, name.strip(), "--where"))]
        values = {v.strip() for v in wanted.split("|")}
        cells = as_text(frame[column]).str.strip()
        hit = cells.isin(values).to_numpy()
        if not hit.any():
            raise ValueError(
                f"{path}: --where {condition!r}: no row has that; {name.strip()!r} holds "
                f"{listed(list(dict.fromkeys(cells)), 12)}"
            )
        keep &= ~hit if drop else hit
        said.append(condition)
    kept = frame[keep]
    return kept, [f"kept the {len(kept)} of {len(frame)} rows where {' and '.join(said)} (--where)"]


# A column that says how each run ended, and the words for a run that ended as it should.
_STATUS = frozenset({"status", "state", "run status", "run_status", "exit status", "outcome"})
_DONE = frozenset(
    "ok success succeeded successful pass passed completed complete done finished optimal solved".split()
)


def refuse_failed_runs(path: str, frame, options) -> None:
    """Refused: rows whose status column says their runs did not end as the others did (a solver's
    ``TO`` beside ``ok``: the time limit written as its runtime), where no ``--where`` names it; the
    remedy keeps the runs that ended, or names every status to rate all rows."""
    named = {c.partition("=")[0].rstrip("!").strip().lower() for c in options.where or ()}
    for column in frame.columns:
        label = str(column).strip()
        if label.lower() not in _STATUS or label.lower() in named:
            continue
        cells = as_text(frame[column]).str.strip()
        counts = cells[cells != ""].value_counts()
        done = [v for v in counts.index if v.lower() in _DONE]
        other = [f"{v!r}: {n}" for v, n in counts.items() if v.lower() not in _DONE]
        if done and other:
            every = "|".join(counts.index)
            raise ValueError(
                f"{path}: {label!r} says {sum(counts[v] for v in counts.index if v not in done)} of "
                f"{len(frame)} rows did not end as the others ({', '.join(other[:4])}): their scores may be "
                f"limits or placeholders, not results; keep the runs that ended with --where "
                f"'{label}={'|'.join(done)}', or rate every row with --where '{label}={every}'"
            )


def wide_models(path: str, frame, options) -> tuple[object, list[str]]:
    """A wide table with its models named by ``--model-col`` (one column or several, joined) first."""
    columns = [str(c).strip() for c in frame.columns]
    given = _given(columns, options.model, options.flag("model"))
    if not given:
        return frame, []
    frame = frame.copy()
    frame.columns = columns
    names = _joined(frame, given, MODEL_JOIN)
    label = ",".join(given)  # as --model-col names them, in messages that advise it
    import pandas as pd

    # one concat, not an insert: a frame of many columns (EQ-Bench's per-question fields) is fragmented
    # after drop, and insert then warns (PerformanceWarning) on the user's screen
    rest = frame.drop(columns=list(given))
    rest = pd.concat([pd.Series(list(names), index=rest.index, name=label, dtype=object), rest], axis=1)
    rest.attrs = dict(frame.attrs)
    notes = [
        f"models named by {' and '.join(map(repr, given))}"
        + (f" joined by {MODEL_JOIN!r}" if len(given) > 1 else "")
    ]
    return rest, notes


def describe(path: str, frame, options) -> Described | None:
    """The canonical frame of a long table, or ``None`` for a wide one (see the module's docstring).

    Raises:
      ValueError: a named column that is not there; a long table without a model or task column; several
        metrics or score columns with nothing to choose between them (naming ``--metric`` /
        ``--score-col``); a metric ``--metric`` names that the table does not hold.
    """
    columns = [str(c).strip() for c in frame.columns]
    frame = frame.copy()
    frame.columns = columns
    model = list(_given(columns, options.model, options.flag("model")))
    task = list(_given(columns, options.task, options.flag("task")))
    scores = list(_given(columns, options.score, options.flag("score")))
    metric_col = options.metric_col and _column(columns, options.metric_col, options.flag("metric_col"))
    replicate = options.replicate and _column(columns, options.replicate, options.flag("replicate"))
    taken = set(model) | set(task) | set(scores) | {metric_col, replicate}
    notes: list[str] = []
    named_long = bool(task or scores or metric_col or replicate) or options.layout == "long"
    if not model:
        model = _common(columns, MODEL_COLUMNS + MORE_MODELS, taken)[:1]
    by_name = not task
    if not task:
        task = _common(columns, TASK_COLUMNS + MORE_TASKS, taken | set(model))
    if options.layout == "wide" or not (named_long or _long_by_names(frame, model, task)):
        if named_long and options.layout == "wide":
            raise ValueError("--task-col, --score-col, --metric-col and --replicate-col are for long tables")
        return None
    task = _named(path, columns, model, task, by_name, options, notes)
    _refuse_one_model(path, frame, model, options)
    metric_col, replicate, count, taken = _others(frame, columns, model, task, metric_col, replicate, notes)
    if not scores:
        scores = _score_columns(path, frame, columns, taken, metric_col, task, options, notes)
    if replicate is None and (metric_col is not None or options.metric is None) and _numbered(scores):
        frame, scores, replicate = _replicates_across(frame, scores, notes)
        columns = [str(c) for c in frame.columns]
    stderr = stderr_column(columns, scores[0], taken | set(scores)) if len(scores) == 1 else None
    used = taken | set(scores) | {stderr, replicate}
    left = [c for c in columns if c not in used]
    if left:
        notes.append(f"columns not rated (a long table rates {few(scores, 3)}): {', '.join(left)}")
    if stderr is not None and replicate is not None:
        notes.append(
            f"standard errors {stderr!r} not used: the {replicate!r} scores of each model and task carry "
            "their spread, and --bootstrap resamples those"
        )
    return _canonical(path, frame, model, task, scores, metric_col, replicate, count, stderr, options, notes)


def _numbered(scores: list[str]) -> bool:
    """Whether the score columns are numbered 0..k or 1..k (folds, resamples, seeds as columns)."""
    if len(scores) < 2 or not all(s.strip().isdigit() for s in scores):
        return False
    numbers = sorted(int(s) for s in scores)
    return numbers == list(range(numbers[0], numbers[0] + len(numbers))) and numbers[0] in (0, 1)


def _replicates_across(frame, scores: list[str], notes: list):
    """A long table whose score columns are numbered (``folds:,0,1,2,3,4``) as one score column beside a
    replicate column: each model and task's mean is rated (``--bootstrap`` resamples the replicates)."""
    keep = [c for c in frame.columns if c not in scores]
    if {"replicate", "value"} & set(keep):
        return frame, scores, None
    melted = frame.melt(id_vars=keep, value_vars=scores, var_name="replicate", value_name="value")
    melted.index = np.arange(len(melted))
    notes.append(
        Assumed(
            "layout",
            f"read the columns numbered {scores[0]} to {scores[-1]} as replicates (folds, resamples or "
            "seeds) of one score, each model and task's mean rated",
            "their names are consecutive numbers",
            "--metric NAMES rates them as metrics of their own instead",
        )  # fmt: skip
    )
    return melted, ["value"], "replicate"


def _named(path, columns, model, task, by_name: bool, options, notes) -> list[str]:
    """A long table's task columns, in the file's order; a long table without a model or task column
    is refused, and tasks named by several columns found by their names are said."""
    for role, found in (("model", model), ("task", task)):
        if not found:
            names = (MODEL_COLUMNS if role == "model" else TASK_COLUMNS)[:4]
            raise ValueError(
                f"{path}: a long table needs a {role} column: none is named {' or '.join(map(repr, names))}; "
                f"name it with {options.flag(role)} (columns: {listed(columns)})"
            )
    task = sorted(task, key=columns.index)
    if by_name and len(task) > 1:
        joined = " and ".join(map(repr, task))
        one = f"{options.flag('task', task[-1])} names them by one"
        pin = options.flag("task", ",".join(task))
        notes.append(
            Assumed("layout", f"the tasks are named by {joined} together", "each names tasks", one, pin)
        )
    return task


def _others(frame, columns, model, task, metric_col, replicate, notes) -> tuple:
    """``(metric column, replicate column, count column, every column taken)`` of a long table: by
    their common names where not named; an unnamed column of row numbers is taken too (said)."""
    taken = set(model) | set(task) | {metric_col, replicate}
    if metric_col is None:
        metric_col = next(iter(_common(columns, METRIC_COLUMNS, taken)), None)
        metric_col = metric_col if metric_col and not _numeric(frame, metric_col) else None
    taken.add(metric_col)
    replicate = replicate or next(iter(_common(columns, REPLICATE_COLUMNS, taken)), None)
    count = next(iter(_common(columns, ("n",), taken | {replicate})), None)
    taken |= {replicate, count}
    index = [c for c in columns if c not in taken and _row_numbers(frame, c)]
    if index:
        notes.append(f"column {index[0]!r} holds the row numbers 0 to {len(frame) - 1}: not a score")
    return metric_col, replicate, count, taken | set(index)


def _per_task(frame, column: str, task: list[str]) -> bool:
    """Whether a column holds one value per task (its description: a horizon), and tasks differ."""
    keys = as_text(frame[task]).agg("\x1f".join, axis=1) if len(task) > 1 else as_text(frame[task[0]])
    values = as_text(frame[column]).str.strip()
    per = values.groupby(keys.to_numpy()).nunique()
    return bool((per <= 1).all()) and keys.nunique() < len(frame)


def _score_columns(path, frame, columns, taken, metric_col, task, options, notes) -> list[str]:
    """The score column(s) of a long table nothing named: by the common names, else the columns of
    numbers (one: the score, said; several: one metric each, to pick with ``--metric``)."""
    rest = [c for c in columns if c not in taken]
    common = _common(columns, SCORE_COLUMNS, taken)
    lower = {c.lower() for c in rest}
    errors = {c for c in rest if c.lower() in _ERROR_NAMES or error_target(c.lower()) in lower}
    numbers = [c for c in rest if c not in errors and (c in common[:1] or _numeric(frame, c))]
    if common and numbers == common[:1]:  # its cells are read (and a bad one named) as scores
        return common[:1]
    described = [c for c in numbers if _per_task(frame, c, task)]  # horizon, seasonality: the task's
    if described and len(described) < len(numbers):
        notes.append(f"left out {few(described, 4)}: the same for every model of a task (they describe it)")
        numbers = [c for c in numbers if c not in described]
    from jaxrate.io._roles import not_score

    named = [c for c in numbers if not_score(c)]
    if named and len(named) < len(numbers):
        notes.append(f"left out {few(named, 4)}: counts or metadata by their names, not scores")
        numbers = [c for c in numbers if c not in named]
    if metric_col is not None:
        numbers = [c for c in numbers if c.lower() not in ("n", "count")]
    if not numbers:
        raise ValueError(
            f"{path}: a long table needs a column of scores: none holds numbers; name it with "
            f"{options.flag('score')} (columns: {listed(columns)})"
        )
    if len(numbers) == 1:
        notes.append(
            Assumed(
                "layout",
                f"the scores are {numbers[0]!r}",
                "the table's only other column of numbers",
                f"{options.flag('score')} COLUMN names another",
                options.flag("score", numbers[0]),
            )  # fmt: skip
        )
        return numbers
    if metric_col is not None and not _numbered(numbers):
        raise ValueError(
            f"{path}: which column holds the scores of {metric_col!r}? {few(numbers, 6)} hold numbers; name "
            f"it with {options.flag('score', numbers[0])}"
        )
    return numbers  # one metric each: _metrics decides


def _refuse_one_model(path: str, frame, model: list, options) -> None:
    """A long table whose rows all name one model (a learning curve's seeds and frames, one agent's
    log): no board, whatever its other columns hold; refused before any of them is asked about."""
    names = set(_joined(frame, tuple(model), MODEL_JOIN).tolist()) - {"", "nan", "None"}
    if len(frame) > 1 and len(names) == 1:
        named = " and ".join(map(repr, model))
        raise ValueError(
            f"{path}: every row's {named} is {names.pop()!r}: one model, and a rating compares several; "
            f"give the models' results together (their files or folders in one call), or name the column "
            f"that holds the models with {options.flag('model')}"
        )


def _metrics(path, frame, scores, metric_col, options, single=False) -> list[tuple[str, str | None]]:
    """``(metric, its score column)`` of the metrics rated: the metric column's values or the score
    columns, all of them when there is one or ``single`` (each task has one metric), else those
    ``--metric`` picks."""
    if metric_col is not None:
        names = as_text(frame[metric_col]).str.strip()
        found = list(dict.fromkeys(names))
        where = f"column {metric_col!r}"
        words = [m for m in found if not any(_numeric(frame[names == m], c) for c in scores)]
        if words and len(words) < len(found):  # lm-eval's 'alias' rows: text where the scores are
            found = [m for m in found if m not in words]
    else:
        found, where = list(scores), "the score columns"
    picked = _picked(path, found, where, options)
    if picked is None and len(found) > 1 and single:
        return [(m, None) for m in found]  # one metric a task: each task rated in its own's direction
    if picked is None and len(found) > 1:
        found = sorted(found, key=lambda m: direction(m) is None)  # scores by name first, for the example
        shown = few(found, 8)
        if metric_col is not None:
            what = f"holds {len(found)} metrics in {where} ({shown})"
        else:
            what = f"has {len(found)} columns of numbers beside its models and tasks ({shown})"
        raise ValueError(
            f"{path}: {what}; rate one with {options.flag('metric', found[0])}, or several, each as tasks of "
            f"its own in its own direction, with {options.flag('metric', ','.join(found[:2]))} "
            f"(names or globs; every one: {options.flag('metric', '*')})"
        )
    picked = found if picked is None else picked
    return [(m, None if metric_col is not None else m) for m in picked]


def _one_a_task(frame, metric_col: str, tasks) -> bool:
    """Whether each task holds one metric (``ZINC``: MAE, ``MNIST``: accuracy), so that no metric is
    chosen by rating each task on its own."""
    names = as_text(frame[metric_col]).str.strip()
    return names.nunique() > 1 and bool((names.groupby(tasks.to_numpy()).nunique() <= 1).all())


def _picked(path, found: list[str], where: str, options) -> list[str] | None:
    if options.metric is None:
        return None
    from jaxrate.io._roles import matches

    wanted = [options.metric] if isinstance(options.metric, str) else list(options.metric)
    names = [n for spec in wanted for n in split_names(spec, options.flag("metric"))]
    label = lambda p: options.flag("metric", p)  # noqa: E731
    picked = [m for n in names for m in matches(path, n, found, label, "metric")]
    return list(dict.fromkeys(picked))


def _canonical(path, frame, model, task, scores, metric_col, replicate, count, stderr, options, notes):
    import pandas as pd

    if len(model) > 1:
        notes.append(f"models named by {' and '.join(map(repr, model))} joined by {MODEL_JOIN!r}")
    models = _joined(frame, tuple(model), MODEL_JOIN)
    tasks = _joined(frame, tuple(task), TASK_JOIN)
    single = metric_col is not None and _one_a_task(frame, metric_col, tasks)
    chosen = _metrics(path, frame, scores, metric_col, options, single)
    several = len(chosen) > 1 and not single
    parts, metrics = [], {}
    for metric, column in chosen:
        rows = frame if column is not None else frame[as_text(frame[metric_col]).str.strip() == metric]
        cells = rows[column if column is not None else scores[0]]
        if several and column is not None:  # a score column of its own: its empty cells are no rows
            present = ~cells.map(lambda c: c is None or (isinstance(c, str) and not c.strip()) or c != c)
            rows, cells = rows[present], cells[present]
        named = tasks.loc[rows.index] + (TASK_JOIN + metric if several else "")
        # the source's other columns ride along (what tells two rows apart, for a refusal's advice)
        part = rows.drop(columns=[c for c in ("model", "task", "score") if c in rows.columns])
        part = part.assign(model=models.loc[rows.index], task=named, score=cells)
        parts.append(part)
        # a score column whose own name says which way it points (metric_error) says so for every metric
        said = column if column is not None else scores[0]
        generic = column is None and said.strip().lower() in GENERIC_SCORES  # "score": no metric's name
        known = direction(said) is not None and not generic
        metrics.update(dict.fromkeys(named, said if known else metric))
    canonical = pd.concat(parts) if len(parts) > 1 else parts[0]
    if single and len(chosen) > 1:
        notes.append(
            f"rated {few([m for m, _ in chosen], 6)}: each task holds one metric of {metric_col!r}, rated in "
            "its direction"
        )
    elif metric_col is not None or several:
        said = few([m for m, _ in chosen], 6)
        notes.append(f"rated {said}" + (" (each metric of each task a task of its own)" if several else ""))
    if replicate is None and count is None and stderr is None:
        canonical, replicate = _repeated(canonical, {c for _, c in chosen} | set(scores), notes)
    found = LongColumns("model", "task", "score", replicate, count, stderr)
    canonical.attrs["names"] = {"model": tuple(model), "task": tuple(task)}
    return Described(canonical, found, metrics, notes)


_RUN = "#run"  # the column that numbers a model and task's repeated rows (:func:`_repeated`)


def _repeated(canonical, sources: set, notes: list):
    """A long table whose rows of each model and task (two or more of every one) repeat every other
    cell but their score (timing samples, runs logged without an id: ripgrep's benchsuite) as those
    rows numbered, a replicate column, said: their mean is rated, ``--bootstrap`` resamples them (a
    row written twice among single ones is refused, as before). ``(frame, column or None)``."""
    keys = canonical[["model", "task"]].astype(str)
    sizes = keys.value_counts()
    if sizes.min() < 2 or _RUN in canonical.columns:  # a row written twice among single ones: refused
        return canonical, None
    scores = as_text(canonical["score"]).str.strip()
    if scores.isin(["", "nan", "None"]).any():  # rows without a score are dropped, as before, not runs
        return canonical, None
    groups = [keys["model"], keys["task"]]
    if (scores.groupby(groups).nunique() == 1).all():  # a file written twice over: not measurements
        return canonical, None
    rest = [c for c in canonical.columns if c not in ("model", "task", "score") and c not in sources]
    if rest and canonical[rest].astype(str).groupby(groups).nunique().max().max() > 1:
        return canonical, None  # something else tells them apart (_apart says what)
    # each model's runs its own ids: run r of one model is no pair of run r of another
    runs = keys.groupby(groups).cumcount() + 1
    canonical = canonical.assign(**{_RUN: keys["model"] + " #" + runs.astype(str)})
    shown = f"{sizes.min()}" if sizes.min() == sizes.max() else f"{sizes.min()} to {sizes.max()}"
    notes.append(
        Assumed(
            "layout",
            f"read each model and task's {shown} rows, the same but for their score, as repeated "
            "measurements, each model and task's mean rated (--bootstrap resamples them)",
            "no column tells them apart (no seed, fold or run id)",
            "--where COLUMN=VALUE keeps some rows; a column that tells them apart, with --replicate-col, "
            "says what they are",
        )
    )
    return canonical, _RUN
