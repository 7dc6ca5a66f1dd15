"""Harness runs, merged into one table: each (model, task) score with the items behind it.

Every harness reader turns what the harness wrote into :class:`Run` records (one per model, task
and run: the harness's aggregate, how its items make it, and the items where kept), and
:func:`resolve` merges them the same way for every harness: the items' aggregate must reproduce
the harness's score (to 1e-9 relative) or the merge stops; of several runs of one model on one
task the newest is rated, from its own items only, and runs that measured differently (item
limit, few-shot count, filter, task version) stop the merge unless ``prefer="newest"``; a task
measured differently for two models stops it too. A missing score is left to the missing rule.

The tasks are picked (:func:`pick_tasks`) before anything about them is checked: a reader that cannot
rate a task records why (:class:`Problem`, a run's ``problem``), said only if the task is picked, so
that a task ``tasks``/``exclude`` leave out never stops the reading.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple

import numpy as np

from jaxrate.io._board import Board
from jaxrate.io._replicate_data import Aggregate, replicates_from_cells
from jaxrate.io._replicates import ScoreReplicates
from jaxrate.io._roles import few, pick_names
from jaxrate.io._text import MAX_SCORE, check_score

__all__ = [
    "CHECK_RTOL",
    "Problem",
    "Refused",
    "Run",
    "choice",
    "picked",
    "problem_of",
    "replicates",
    "reproduces",
    "resolve",
    "spelt",
]

CHECK_RTOL = 1e-9  # items' aggregate vs the harness's own score


class Problem(NamedTuple):
    """Why a task cannot be rated as read, said only if the task is picked: the ``message`` (naming the
    file), and the options that settle it, each ``(what, field, value)`` (``("rate another metric",
    "metric", "TASK=NAME")``); leaving the task out (``exclude``) always does."""

    message: str
    fixes: tuple = ()

    def say(self, options, task: str) -> str:
        """The one-line refusal, with each fix spelt as ``options`` spell it (``--exclude 'x'``); a fix
        that is no option (``("rerun it", None, None)``) is said as it is."""
        fixes = (*self.fixes, ("leave it out", "exclude", spelt(task)))
        said = [what if f is None else f"{what} ({options.flag(f, v)})" for what, f, v in fixes]
        return f"{self.message}; " + " or ".join(said)


def spelt(task: str) -> str:
    """``task`` as ``--tasks``/``--exclude`` take it: a name holding a comma (HELM's ``mmlu:subject=x,m=y``,
    inspect's ``task(a=1, b=2)``), which they would split there, as a glob that picks it alone."""
    if "," not in task:
        return task
    return "".join("?" if c == "," else "[[]" if c == "[" else c for c in task)


class Refused(ValueError):
    """A reader's refusal of one task (its :class:`Problem`), caught to be said only if the task is picked."""

    def __init__(self, message: str, *fixes: tuple) -> None:
        super().__init__(message)
        self.problem = Problem(message, fixes)

    def __reduce__(self):  # pickled (worker processes) as what it is
        return Refused, (self.problem.message, *self.problem.fixes)


def problem_of(err: ValueError) -> Problem:
    """The :class:`Problem` a reader's ``ValueError`` says (its fixes, where it is :class:`Refused`)."""
    return err.problem if isinstance(err, Refused) else Problem(str(err))


@dataclasses.dataclass(frozen=True, eq=False)
class Run:
    """One harness-reported score: one ``model`` on one ``task`` in one run of a ``harness``: the
    ``metric`` rated, the harness's own ``value`` (before any sign), its ``aggregate`` of the items and
    direction, the ``source`` file, a sortable ``when``; ``measured`` (limit, few-shot count, filter,
    version) must agree for scores to compare, ``context`` between runs of one model and task; the
    items ``ids``, ``values``, ``weights`` (``ids`` ``None`` when the run kept none: ``no_items``
    says why); ``run_id`` the harness's id, where one run may be saved twice; ``tolerance``: how far
    (absolute, in the harness's units) the items' aggregate may be from ``value``, which the harness
    wrote rounded (``0``: to :data:`CHECK_RTOL`); ``limited``: how the run scored part of the task
    (``("--limit 10", "10 documents of 1,267")``); ``problem``: why the task cannot be rated
    (:class:`Problem`), refused if it is picked."""

    harness: str
    model: str
    task: str
    metric: str
    value: float
    aggregate: Aggregate
    source: str
    when: str
    measured: tuple = ()
    context: tuple = ()
    ids: Any = None
    values: Any = None
    weights: Any = None
    no_items: str | None = None
    run_id: str | None = None
    tolerance: float = 0.0
    limited: tuple[str, str] | None = None
    problem: Problem | None = None

    @property
    def rated(self) -> float:
        return float(self.aggregate.rated(self.value))


def choice(spec: Any, what: str) -> tuple[str | None, dict[str, str]]:
    """``--metric``/``--filter`` values (``None``, ``"NAME"``, ``"TASK=NAME"``, a sequence of those, or a
    mapping ``{task: name}``) as ``(everywhere, {task: name})``."""
    if spec is None:
        return None, {}
    if isinstance(spec, Mapping):
        return None, {str(k): str(v) for k, v in spec.items()}
    items = [spec] if isinstance(spec, str) else list(spec)
    everywhere, per_task = None, {}
    for item in items:
        text = str(item).strip()
        task, sep, name = text.rpartition("=")
        if not name or (sep and not task):
            raise ValueError(f"{what} {text!r}: give NAME or TASK=NAME")
        if not sep:
            if everywhere is not None and everywhere != name:
                raise ValueError(f"{what}: two names for every task ({everywhere!r}, {name!r})")
            everywhere = name
        else:
            per_task[task] = name
    return everywhere, per_task


# What a run may not record (files of older releases): unknown there is not a difference.
_UNRECORDED = ("documents", "lm-eval", "inspect-ai", "n-shot", "version", "task_version")


def _differ(a: tuple, b: tuple) -> str:
    """What two runs' ``(key, value)`` pairs disagree on, in words (``"n-shot 0 vs 5"``)."""
    da, db = dict(a), dict(b)
    parts = []
    for k in dict.fromkeys([*da, *db]):
        x, y = da.get(k), db.get(k)
        if x != y and not (k in _UNRECORDED and (x is None or y is None)):
            x, y = ("none" if v is None else repr(v) for v in (x, y))
            parts.append(f"{k} differs" if len(x + y) > 80 else f"{k} {x} vs {y}")
    return ", ".join(parts)


def _newest(group: list[Run], options, notes: list) -> Run:
    """The newest of one model's runs on one task (one ``run_id`` saved twice is read once)."""
    group = sorted(group, key=lambda r: (r.when, r.source))
    last = group[-1]
    for older in group[:-1]:
        if older.run_id is not None and older.run_id == last.run_id:
            notes.append(
                f"{last.model} / {last.task}: {older.source} and {last.source} are one run, read once"
            )
            continue
        differ = _differ(older.measured + older.context, last.measured + last.context)
        if differ and options.prefer != "newest":
            solvers = dict(older.context).get("solver") != dict(last.context).get("solver")
            each = (
                f", or rate each solver as a contestant ({options.flag('model', 'solver')})"
                if solvers
                else ""
            )
            raise ValueError(
                f"model {last.model!r}, task {last.task!r}: two runs measured differently ({differ}): "
                f"{older.source} and {last.source}; rate one of them, or pass "
                f"{options.flag('prefer', 'newest')} to rate the newer{each}"
            )
        what = f" ({differ})" if differ else ""
        notes.append(f"{last.model} / {last.task}: {last.source} supersedes {older.source}{what}")
    return last


def reproduces(
    aggregate: Aggregate, values: Any, weights: Any, value: float, tolerance: float = 0.0
) -> tuple[bool, float]:
    """``(whether, what)``: whether the items' ``aggregate`` is the harness's ``value`` (both rated:
    sign applied) to :data:`CHECK_RTOL` relative (or within ``tolerance``, absolute, of a value the
    harness wrote rounded), and what the items give."""
    got = float(aggregate.of(values, weights))
    want = float(aggregate.rated(value))
    allowed = max(CHECK_RTOL * max(abs(got), abs(want), 1e-3), tolerance * (1 + CHECK_RTOL))
    return bool(np.isfinite(got) and abs(got - want) <= allowed), got


def _check(run: Run) -> None:
    where = f"{run.source}: model {run.model!r}, task {run.task!r}: the {run.metric}"
    if not np.isnan(run.value):  # NaN: no score (a missing cell, said as one)
        check_score(run.value, run.value, where)
    if run.ids is None:
        return
    items = np.asarray(run.values, dtype=np.float64)
    if items.size and not float(np.max(np.abs(items))) <= MAX_SCORE:  # NaN items (none scored) aside
        with np.errstate(invalid="ignore"):
            worst = np.max(np.abs(items[~np.isnan(items)]), initial=0.0)
        if worst > MAX_SCORE:
            check_score(float(worst), float(worst), f"{where} of an item")
    ok, got = reproduces(run.aggregate, run.values, run.weights, run.value, run.tolerance)
    if not ok:
        raise ValueError(
            f"{run.source}: model {run.model!r}, task {run.task!r}: its {len(run.ids):,} per-item "
            f"{run.metric} values give {run.aggregate.name} {got * run.aggregate.sign!r}, but the harness "
            f"reported {run.value!r}; jaxrate does not rate what it cannot reproduce"
        )


def _check_tasks(rated: dict, options) -> None:
    """Every model's score on a task was measured the same way (limit, few-shot count, ...)."""
    by_task: dict[str, list[Run]] = {}
    for (_, t), run in rated.items():
        by_task.setdefault(t, []).append(run)
    for t, runs in by_task.items():
        for run in runs[1:]:
            differ = _differ(runs[0].measured, run.measured)
            if differ:
                raise ValueError(
                    f"task {t!r} was measured differently for {runs[0].model!r} and {run.model!r} "
                    f"({differ}): {runs[0].source} and {run.source}; rerun one of them the same way, or "
                    f"leave the task out ({options.flag('exclude', spelt(t))})"
                )
            if runs[0].aggregate != run.aggregate:
                raise ValueError(
                    f"task {t!r}: {runs[0].source} and {run.source} aggregate it differently "
                    f"({runs[0].aggregate} vs {run.aggregate})"
                )


def resolve(runs: Iterable[Run], options, name: str = "the harness output") -> Board:
    """Runs resolved to one per model and task (the newest), checked, as a
    :class:`jaxrate.io._board.Board` whose missing cells are the pairs that no run scored.

    Raises:
      ValueError: on a score its items do not reproduce, runs that measured differently, or no runs.
    """
    groups: dict[tuple[str, str], list[Run]] = {}
    for run in runs:
        groups.setdefault((run.model, run.task), []).append(run)
    if not groups:
        raise ValueError("no scores found")
    notes: list[str] = []
    rated = {key: _newest(group, options, notes) for key, group in groups.items()}
    _check_tasks(rated, options)
    for run in rated.values():
        _check(run)
    notes += _limited(rated)
    models = list(dict.fromkeys(m for m, _ in rated))
    tasks = list(dict.fromkeys(t for _, t in rated))
    values = np.full((len(models), len(tasks)), np.nan)
    m_index, t_index = {m: i for i, m in enumerate(models)}, {t: j for j, t in enumerate(tasks)}
    for (m, t), run in rated.items():
        values[m_index[m], t_index[t]] = run.rated
    higher = [next(rated[m, t].aggregate.higher_is_better for m in models if (m, t) in rated) for t in tasks]
    superseded = {key: [r for r in group if r is not rated[key]] for key, group in groups.items()}
    return Board(name, models, tasks, values, notes=notes, runs=rated, superseded=superseded, higher=higher)


def _limited(rated: dict) -> list[str]:
    """One note per ``--limit`` of the tasks rated from runs that scored part of them."""
    by_flag: dict[str, dict[str, str]] = {}
    for (_, t), run in rated.items():
        if run.limited is not None:
            flag, part = run.limited
            by_flag.setdefault(flag, {}).setdefault(t, part)
    notes = []
    for flag, parts in by_flag.items():
        shown = "; ".join(list(parts.values())[:3]) + ("; ..." if len(parts) > 3 else "")
        notes.append(f"{few(list(parts), 6, str)}: rated from {flag} runs: {shown}")
    return notes


def replicates(board: Board, column: str = "item") -> ScoreReplicates:
    """The :class:`ScoreReplicates` of a board of runs, once its missing scores were handled."""
    rated, models, tasks, filled = board.runs, board.models, board.tasks, board.filled
    aggregates = {t: next(rated[m, t].aggregate for m in models if (m, t) in rated) for t in tasks}
    reported = _reported(rated, models, tasks, filled, aggregates)
    without = _without_items(rated, models, tasks, filled)
    with_items = [(m, t) for m in models for t in tasks if (m, t) in rated and rated[m, t].ids is not None]
    frame = _frame(rated, with_items, column, aggregates)
    data = None
    if with_items and not without:
        cells = {key: (rated[key].ids, rated[key].values, rated[key].weights) for key in with_items}
        data = replicates_from_cells(models, tasks, cells, column=column, aggregates=aggregates)
    used, table = column if with_items else None, _runs_table(board)
    return ScoreReplicates(frame, used, list(board.notes), aggregates, reported, tuple(without), table, data)


def _reported(rated: dict, models: list, tasks: list, filled: dict, aggregates: dict):
    """The ``[models, tasks]`` DataFrame of the scores as rated: each run's, or its fill."""
    import pandas as pd

    # A fill is in the harness's units (a perplexity, an accuracy): negated where lower is better.
    rows = [
        [aggregates[t].sign * filled[m, t] if (m, t) in filled else rated[m, t].rated for t in tasks]
        for m in models
    ]
    return pd.DataFrame(rows, index=models, columns=tasks, dtype=np.float64)


def _without_items(rated: dict, models: list, tasks: list, filled: dict) -> list[tuple[str, str, str]]:
    """``(model, task, why)`` of each score rated without items: the fills, then the runs that kept none."""
    without = [(m, t, f"filled with {v:g} (--missing fill)") for (m, t), v in filled.items()]
    keys = [(m, t) for m in models for t in tasks if (m, t) in rated and rated[m, t].ids is None]
    return without + [(m, t, rated[m, t].no_items) for m, t in keys]


def _frame(rated: dict, keys: list, column: str, aggregates: dict):
    """The long table of items (categorical names: millions of rows stay small)."""
    import pandas as pd

    if not keys:
        return pd.DataFrame({"model": [], "task": [], column: [], "score": []})
    sizes = [len(rated[k].ids) for k in keys]
    models = list(dict.fromkeys(m for m, _ in keys))
    tasks = list(dict.fromkeys(t for _, t in keys))
    mcode = np.repeat([models.index(m) for m, _ in keys], sizes)
    tcode = np.repeat([tasks.index(t) for _, t in keys], sizes)
    parts = [np.asarray(rated[k].ids) for k in keys]
    if all(p.dtype.kind in "iu" for p in parts):  # lm-eval's doc_id: numbers (6M strings take seconds)
        ids = np.concatenate(parts)
    else:
        ids = pd.Categorical(np.concatenate([p.astype(str) for p in parts]))
    out = {
        "model": pd.Categorical.from_codes(mcode, categories=models),
        "task": pd.Categorical.from_codes(tcode, categories=tasks),
        column: ids,
        "score": np.concatenate([np.asarray(rated[k].values, dtype=np.float64) for k in keys]),
    }
    if any(aggregates[t].weighted for t in tasks):
        out["weight"] = np.concatenate(
            [np.ones(n) if rated[k].weights is None else rated[k].weights for k, n in zip(keys, sizes)]
        )
    return pd.DataFrame(out)


def _runs_table(board: Board):
    import pandas as pd

    rows = []
    for m, t in [(m, t) for m in board.models for t in board.tasks if (m, t) in board.runs]:
        run = board.runs[m, t]
        rows.append(
            {
                "model": m,
                "task": t,
                "harness": run.harness,
                "metric": run.metric,
                "aggregate": run.aggregate.name if run.ids is not None else "as reported",
                "higher_is_better": run.aggregate.higher_is_better,
                "reported": run.value,
                "rated": run.rated,
                "items": 0 if run.ids is None else len(run.ids),
                "source": run.source,
                "superseded": [r.source for r in board.superseded.get((m, t), [])],
            }
        )
    return pd.DataFrame(rows)


def picked(tasks: Iterable[str] | None, exclude: Iterable[str] | None) -> Callable[[str], bool]:
    """Whether ``--tasks``/``--exclude`` (names or globs) pick a task, as :func:`pick_tasks` does: for a
    reader to skip what a left-out task would cost (an lm-eval samples file) before it is read."""
    import fnmatch

    def matched(task: str, patterns: Iterable[str]) -> bool:
        return any(task == p or fnmatch.fnmatchcase(task, p) for p in patterns)

    tasks, exclude = (None if tasks is None else tuple(tasks)), tuple(exclude or ())
    return lambda task: (tasks is None or matched(task, tasks)) and not matched(task, exclude)


def pick_tasks(runs: list[Run], options) -> list[Run]:
    """The runs of the tasks ``options.tasks``/``exclude`` pick; for a table with replicates, the
    tasks ``lower_better``/``higher_better`` name turned that way (a harness declares its own).

    Raises:
      ValueError: the :class:`Problem` of a picked task's run (one of a task left out is moot).
    """
    names = list(dict.fromkeys(r.task for r in runs))
    if not names:
        raise ValueError("no scores found: the harness output holds no task")
    keep = set(names)
    if options.tasks is not None:
        keep &= pick_names("the input", options, "tasks", names, "task")
    keep -= pick_names("the input", options, "exclude", names, "task")
    if not keep:
        raise ValueError(f"no tasks left to rate after {options.flag('tasks')}/{options.flag('exclude')}")
    problem = next((r for r in runs if r.problem is not None and r.task in keep), None)
    if problem is not None:
        raise ValueError(problem.problem.say(options, problem.task))
    turned = {}
    for field, higher in (("lower_better", False), ("higher_better", True)):
        if getattr(options, field) is not None and any(r.harness != "table" for r in runs):
            raise ValueError(
                f"{options.flag(field)} is for score tables; harness output says which way each metric "
                "points (its own definitions are read)"
            )
        turned.update(dict.fromkeys(pick_names("the input", options, field, names, "task"), higher))
    turn = lambda r: dataclasses.replace(r, aggregate=Aggregate(r.aggregate.name, turned[r.task]))  # noqa: E731
    return [turn(r) if r.task in turned else r for r in runs if r.task in keep]


def check_choices(runs: list[Run], options) -> list[str]:
    """Notes on ``--metric``/``--filter`` choices; a choice no run took, or of no task, is an error."""
    import difflib

    tasks = {r.task for r in runs}
    notes = []
    for field, keys in (("metric", ("metric", "scorer")), ("filter", ("filter",))):
        everywhere, per_task = choice(getattr(options, field), options.flag(field))
        for task in per_task:
            if task not in tasks:
                close = difflib.get_close_matches(task, sorted(tasks), n=1)
                hint = f"; did you mean {close[0]!r}?" if close else f"; the tasks are {sorted(tasks)[:12]}"
                raise ValueError(
                    f"{options.flag(field, f'{task}={per_task[task]}')}: no run has a task {task!r}{hint}"
                )
        if everywhere is None:
            continue
        taken = {name for r in runs for name in _choices(r, keys)}
        if everywhere not in taken:
            close = difflib.get_close_matches(everywhere, sorted(taken), n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            raise ValueError(
                f"{options.flag(field, everywhere)}: no task reports it (one name, not a glob); {hint}the "
                f"tasks report: {', '.join(sorted(taken)[:12])} (one a task: --metric NAME, or TASK=NAME)"
            )
        others = sorted({r.task for r in runs if everywhere not in _choices(r, keys)})
        if others:
            notes.append(
                f"{options.flag(field, everywhere)}: {', '.join(others[:8])} do not report it and keep their "
                "first choice"
            )
    return notes


def _choices(run: Run, keys: tuple) -> set[str]:
    """The names by which ``--metric``/``--filter`` may choose a run's rated metric (inspect's: its
    scorer, its metric, or ``SCORER/METRIC``)."""
    measured = dict(run.measured)
    names = {str(v) for k, v in run.measured if k in keys}
    if "metric" in keys and "scorer" in measured:
        names.add(f"{measured['scorer']}/{measured['metric']}")
    return names


def rated_notes(board: Board) -> list[str]:
    """One note per way of rating (metrics, aggregate, direction), naming its tasks."""
    rated: dict[str, list[str]] = {}
    for t in board.tasks:
        runs = [board.runs[m, t] for m in board.models if (m, t) in board.runs]
        metrics = ", ".join(dict.fromkeys(r.metric for r in runs))
        how = runs[0].aggregate.name if runs[0].ids is not None else "as reported"
        direction = "higher is better" if runs[0].aggregate.higher_is_better else "lower is better: negated"
        rated.setdefault(f"{metrics} ({how}, {direction})", []).append(str(t))
    return [f"{few(tasks, 6, str)}: {what}" for what, tasks in rated.items()]
