"""Harness runs, merged into one table: each (model, task) score with the items behind it.

Every harness reader (lm-evaluation-harness, inspect-ai, HELM) turns what the
harness wrote into :class:`Run` records, one per model, task and run: the
harness's own aggregate, how its per-item values make that aggregate (an
:class:`~jaxrate.io.Aggregate`) and the items themselves when the run kept them.
:func:`merge_runs` puts them together the same way for every harness:

* **Checked.** The aggregate of the items must reproduce the harness's own
  score (to 1e-9 relative) or the merge stops, naming the model, the task and
  both numbers: no sign or scale is guessed.
* **Newest wins, nothing mixed.** Of several runs of one model on one task the
  newest is rated and the notes name what it superseded; its items come from
  that run only (a run without items is rated from its aggregate, never from an
  older run's items). Runs that measured differently (item limit, few-shot
  count, filter, task version) stop the merge, naming both files, unless
  ``prefer="newest"``. A task measured differently for two models stops it too.
* **Complete.** A model without a score on some task is an error naming both,
  unless ``missing`` says what to do (as for score tables).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from jaxrate.io._replicate_data import Aggregate, replicates_from_cells
from jaxrate.io._replicates import ScoreReplicates

__all__ = [
    "CHECK_RTOL",
    "PREFER",
    "Run",
    "choice",
    "complete_replicates",
    "json_head",
    "merge_runs",
    "reproduces",
]

CHECK_RTOL = 1e-9  # items' aggregate vs the harness's own score
PREFER = ("error", "newest")


@dataclasses.dataclass(frozen=True, eq=False)
class Run:
    """One harness-reported score: one model on one task in one run.

    Attributes:
      harness: the harness and its version, in words.
      model, task: names (a revision is part of the model's name).
      metric: what is rated (``"acc"``, ``"exact_match (filter strict-match)"``).
      value: the harness's own aggregate, as it wrote it (before any sign).
      aggregate: how the items make ``value``, and its direction.
      source: the file that reported ``value``.
      when: a sortable time of the run (newest last).
      measured: ``(key, value)`` pairs that must agree for two scores to be
        comparable (item limit, few-shot count, filter, task version).
      context: ``(key, value)`` pairs that must agree between runs of one model
        on one task (the harness version, the model's arguments).
      ids, values, weights: the items, ``[n]`` each (``weights`` for a weighted
        aggregate, else ``None``); ``ids is None`` when the run kept no items.
      no_items: why ``ids`` is ``None`` (in words), else ``None``.
    """

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

    @property
    def rated(self) -> float:
        return float(self.aggregate.rated(self.value))


def json_head(path: str, opens: str, keys: tuple[str, ...], size: int = 4096) -> bool:
    """Cheaply, from a file's first ``size`` characters: whether it starts with ``opens`` (``{`` or
    ``[``) and names every one of ``keys`` (as JSON keys), the sign of one harness's file."""
    try:
        with open(path, encoding="utf-8") as f:
            head = f.read(size)
    except (OSError, UnicodeDecodeError):
        return False
    return head.lstrip().startswith(opens) and all(f'"{k}"' in head for k in keys)


def choice(spec: Any, what: str) -> tuple[str | None, dict[str, str]]:
    """``--metric``/``--filter`` values as ``(everywhere, {task: name})``.

    ``spec``: ``None``, ``"NAME"``, ``"TASK=NAME"``, a sequence of those, or a mapping ``{task: name}``.
    """
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


def _differ(a: tuple, b: tuple) -> str:
    da, db = dict(a), dict(b)
    keys = [k for k in dict.fromkeys([*da, *db]) if da.get(k) != db.get(k)]
    return ", ".join(f"{k} {da.get(k)!r} vs {db.get(k)!r}" for k in keys)


def _newest(group: list[Run], prefer: str, notes: list) -> Run:
    group = sorted(group, key=lambda r: (r.when, r.source))
    last = group[-1]
    for older in group[:-1]:
        differ = _differ(older.measured + older.context, last.measured + last.context)
        if differ and prefer != "newest":
            raise ValueError(
                f"model {last.model!r}, task {last.task!r}: two runs measured differently ({differ}): "
                f"{older.source} and {last.source}; rate one of them, or pass --prefer newest "
                "(prefer='newest') to rate the newer"
            )
        what = f" ({differ})" if differ else ""
        notes.append(f"{last.model} / {last.task}: {last.source} supersedes {older.source}{what}")
    return last


def reproduces(aggregate: Aggregate, values: Any, weights: Any, value: float) -> tuple[bool, float]:
    """``(whether, what)``: whether the items' ``aggregate`` is the harness's ``value`` (both rated:
    sign applied) to :data:`CHECK_RTOL` relative, and what the items give."""
    got = float(aggregate.of(values, weights))
    want = float(aggregate.rated(value))
    return bool(np.isfinite(got) and abs(got - want) <= CHECK_RTOL * max(abs(got), abs(want), 1e-3)), got


def _check(run: Run) -> None:
    if run.ids is None:
        return
    ok, got = reproduces(run.aggregate, run.values, run.weights, run.value)
    if not ok:
        raise ValueError(
            f"{run.source}: model {run.model!r}, task {run.task!r}: its {len(run.ids):,} per-item "
            f"{run.metric} values give {run.aggregate.name} {got * run.aggregate.sign!r}, but the harness "
            f"reported {run.value!r}; jaxrate does not rate what it cannot reproduce"
        )


def _complete(rated: dict, models: list, tasks: list, missing: str, notes: list) -> tuple[list, list, dict]:
    absent = [(m, t) for m in models for t in tasks if (m, t) not in rated]
    if not absent:
        return models, tasks, {}
    if missing == "drop-models":
        gone = list(dict.fromkeys(m for m, _ in absent))
        notes.append(f"--missing drop-models: {len(gone)} models left out ({', '.join(gone[:5])})")
        return [m for m in models if m not in gone], tasks, {}
    if missing == "drop-tasks":
        gone = list(dict.fromkeys(t for _, t in absent))
        notes.append(f"--missing drop-tasks: {len(gone)} tasks left out ({', '.join(gone[:5])})")
        return models, [t for t in tasks if t not in gone], {}
    if missing.startswith("fill:"):
        try:
            value = float(missing[5:])
        except ValueError:
            raise ValueError(f"--missing {missing!r}: fill needs a number, as fill:0") from None
        notes.append(
            f"--missing {missing}: {len(absent)} scores filled with {value:g} (in the units of the scores "
            "as reported; negated where lower is better)"
        )
        return models, tasks, {cell: value for cell in absent}
    if missing != "error":
        raise ValueError(f"missing must be error, drop-models, drop-tasks or fill:VALUE; got {missing!r}")
    m, t = absent[0]
    has = next(r.source for (mm, _), r in rated.items() if mm == m)
    more = f" ({len(absent) - 1} more scores are missing)" if len(absent) > 1 else ""
    raise ValueError(
        f"model {m!r} has no score on task {t!r} (its runs: {has}){more}; run it, or choose "
        "--missing drop-models, drop-tasks or fill:VALUE"
    )


def _check_tasks(rated: dict, models: list, tasks: list) -> None:
    """Every model's score on a task was measured the same way (limit, few-shot count, ...)."""
    for t in tasks:
        runs = [rated[m, t] for m in models if (m, t) in rated]
        for run in runs[1:]:
            differ = _differ(runs[0].measured, run.measured)
            if differ:
                raise ValueError(
                    f"task {t!r} was measured differently for {runs[0].model!r} and {run.model!r} "
                    f"({differ}): {runs[0].source} and {run.source}; rerun one of them the same way, or "
                    "leave the task out"
                )
            if runs[0].aggregate != run.aggregate:
                raise ValueError(
                    f"task {t!r}: {runs[0].source} and {run.source} aggregate it differently "
                    f"({runs[0].aggregate} vs {run.aggregate})"
                )


def merge_runs(
    runs: Iterable[Run],
    *,
    prefer: str = "error",
    missing: str = "error",
    column: str = "item",
    notes: Sequence[str] = (),
) -> ScoreReplicates:
    """One :class:`ScoreReplicates` from harness runs (see the module's docstring).

    Raises:
      ValueError: on a score its items do not reproduce, runs that measured
        differently, a missing score (``missing="error"``), or no runs.
    """
    if prefer not in PREFER:
        raise ValueError(f"prefer must be one of {PREFER}; got {prefer!r}")
    groups: dict[tuple[str, str], list[Run]] = {}
    for run in runs:
        groups.setdefault((run.model, run.task), []).append(run)
    if not groups:
        raise ValueError("no scores found")
    notes = list(notes)
    rated = {key: _newest(group, prefer, notes) for key, group in groups.items()}
    models = list(dict.fromkeys(m for m, _ in rated))
    tasks = list(dict.fromkeys(t for _, t in rated))
    _check_tasks(rated, models, tasks)
    for run in rated.values():
        _check(run)
    models, tasks, filled = _complete(rated, models, tasks, missing, notes)
    if not models or not tasks:
        raise ValueError(f"--missing {missing} leaves {len(models)} models x {len(tasks)} tasks")
    aggregates = {t: next(rated[m, t].aggregate for m in models if (m, t) in rated) for t in tasks}
    reported = _reported(rated, models, tasks, filled, aggregates)
    without = _without_items(rated, models, tasks, filled)
    with_items = [(m, t) for m in models for t in tasks if (m, t) in rated and rated[m, t].ids is not None]
    frame = _frame(rated, with_items, column, aggregates)
    data = None
    if with_items and not without:
        cells = {key: (rated[key].ids, rated[key].values, rated[key].weights) for key in with_items}
        data = replicates_from_cells(models, tasks, cells, column=column, aggregates=aggregates)
    table = _runs_table(rated, models, tasks, groups)
    return ScoreReplicates(
        frame,
        column if with_items else None,
        notes,
        aggregates=aggregates,
        reported=reported,
        without_items=tuple(without),
        runs=table,
        data=data,
    )


def _reported(rated: dict, models: list, tasks: list, filled: dict, aggregates: dict):
    """The ``[models, tasks]`` DataFrame of the scores as rated: each run's, or its fill."""
    import pandas as pd

    # A fill is in the harness's units (a perplexity, an accuracy): negated where lower is better.
    return pd.DataFrame(
        [
            [aggregates[t].sign * filled[m, t] if (m, t) in filled else rated[m, t].rated for t in tasks]
            for m in models
        ],
        index=models,
        columns=tasks,
        dtype=np.float64,
    )


def _without_items(rated: dict, models: list, tasks: list, filled: dict) -> list[tuple[str, str, str]]:
    """``(model, task, why)`` of each score rated without items: the fills, then the runs that kept none."""
    without = [(m, t, f"filled with {v:g} (--missing fill)") for (m, t), v in filled.items()]
    without += [
        (m, t, rated[m, t].no_items)
        for m in models
        for t in tasks
        if (m, t) in rated and rated[m, t].ids is None
    ]
    return without


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
    if all(
        p.dtype.kind in "iu" for p in parts
    ):  # lm-eval's doc_id: kept as numbers (6M strings take seconds)
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


def _runs_table(rated: dict, models: list, tasks: list, groups: dict):
    import pandas as pd

    rows = []
    for m in models:
        for t in tasks:
            run = rated.get((m, t))
            if run is None:
                continue
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
                    "superseded": [r.source for r in groups[m, t] if r is not run],
                }
            )
    return pd.DataFrame(rows)


def complete_replicates(found: ScoreReplicates, missing: str) -> ScoreReplicates:
    """A long table with replicates, with the (model, task) scores it lacks handled as ``missing`` says.

    ``missing``: ``"error"``, ``"drop-models"``, ``"drop-tasks"`` or
    ``"fill:VALUE"``, as for score tables (a filled score has no replicates:
    no bootstrap).
    """
    col = found.column
    runs = [
        Run(
            harness="table",
            model=str(m),
            task=str(t),
            metric="score",
            value=float(part["score"].mean()),
            aggregate=Aggregate(),
            source="the table",
            when="",
            ids=part[col].astype(str).to_numpy(),
            values=part["score"].to_numpy(dtype=np.float64),
        )
        for (m, t), part in found.frame.groupby(["model", "task"], sort=False, observed=True)
    ]
    merged = merge_runs(runs, missing=missing, column=col, notes=found.notes)
    return dataclasses.replace(merged, runs=None)  # the table: the means, and any fills
