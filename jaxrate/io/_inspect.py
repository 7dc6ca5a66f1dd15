"""inspect-ai evaluation logs (``.eval``; ``.json`` from ``--log-format json``), read by inspect's reader.

One log holds one task (with its ``task_args``) run by one model. jaxrate rates one score per task:
inspect's headline (the task's declared headline metric, else the first metric of the first score),
or ``metric=`` (a score's name, ``SCORER/METRIC``, or a metric of the headline score). A mean-type
metric (``accuracy``, ``mean``) is rated with its items, the samples, each scored as the log's
``reductions`` of its epochs say (letter grades mapped as ``inspect_ai.scorer.value_to_float`` maps
them; a scorer that returns a dict of values gives each score its key); items that reproduce the
reported value only as a percent, or rounded (the R package vitals writes such logs), are read so and
said. Any other metric (a custom ``@metric``) is rated as the log reports it, without items. A task
argument added to a task later, whose default the logs that did not pass it record, is taken at that
default in the logs written before it existed (an assumption, said). ``model=task_args.NAME`` (or
``model="solver"``) names the contestant by a task argument (or the plan's solvers) instead of
``eval.model``. Needs inspect-ai (``pip install 'jaxrate[inspect]'``).
"""

from __future__ import annotations

import dataclasses
import math
import os
import re
from typing import Any, NamedTuple

import numpy as np

from jaxrate.io._assumed import Assumed
from jaxrate.io._format import Format, Head
from jaxrate.io._replicate_data import Aggregate
from jaxrate.io._roles import direction, few
from jaxrate.io._runs import CHECK_RTOL, Refused, Run, choice, problem_of

__all__ = ["FORMATS", "INSPECT_EXTRA", "inspect_runs", "is_inspect_log"]

INSPECT_EXTRA = "reading inspect-ai logs needs inspect-ai: pip install 'jaxrate[inspect]'"
_MEAN_METRICS = ("accuracy", "mean")
# How a log's writer may have turned the samples' mean into the value it reports: as it is, or a
# percent (R's vitals: ``accuracy <- function(...) mean(...) * 100``), each maybe rounded.
_SCALES = (1.0, 100.0)
_ROUNDED = 3  # the fewest decimals a value rounded by its writer may show (fewer say too little)
_NO_MODEL = "none/none"  # inspect's model for a task whose solver calls no model of inspect's


def is_inspect_log(path: str) -> bool:
    """Whether ``path`` is an inspect-ai ``.eval`` log (a zip holding ``header.json`` or a journal)."""
    import zipfile

    try:
        with zipfile.ZipFile(path) as z:
            return "header.json" in z.namelist() or "_journal/start.json" in z.namelist()
    except (OSError, zipfile.BadZipFile):
        return False


def _reader():
    try:
        from inspect_ai.log import read_eval_log
        from inspect_ai.scorer import value_to_float
    except ImportError:
        raise ValueError(INSPECT_EXTRA) from None
    return read_eval_log, value_to_float()


class _Args(NamedTuple):
    """What names a log's task: ``eval.task``, its arguments (the contestant's taken out), those the
    run was given (``eval.task_args_passed``; the rest are defaults), and when it was created."""

    task: str
    args: dict
    passed: dict
    created: str


def _task_name(task: str, args: dict) -> str:
    if not args:
        return task
    return task + "(" + ", ".join(f"{k}={v!r}" for k, v in sorted(args.items())) + ")"


def _solvers(log: Any) -> str:
    """The plan's solvers, as the log names them (``"generate"``, ``"btw_solver"``)."""
    steps = getattr(getattr(log, "plan", None), "steps", None) or []
    return ", ".join(str(step.solver) for step in steps)


def _contestant(log: Any, path: str, options) -> tuple[str, dict, tuple]:
    """``(contestant, task arguments left, context)``: ``eval.model``, or what ``--model-col`` names (a
    task argument ``task_args.NAME``, which then leaves the task's name, or ``solver``)."""
    args, model = dict(log.eval.task_args or {}), str(log.eval.model)
    spec = getattr(options, "model", None)
    if spec is None:
        return model, args, ()
    if spec == "solver":
        return _solvers(log), args, (("eval.model", model),)
    key = spec[len("task_args.") :] if spec.startswith("task_args.") else None
    if not key:
        raise ValueError(
            f"{options.flag('model', spec)}: an inspect-ai log names its contestant by eval.model; give "
            "task_args.NAME (a task argument) or solver (the plan's solvers) to name it otherwise"
        )
    if key not in args:
        raise ValueError(
            f"{path}: {options.flag('model', spec)}: the log has no task argument {key!r} (it has "
            f"{', '.join(sorted(args)) or 'none'})"
        )
    return str(args.pop(key)), args, (("eval.model", model),)


def _headline(log: Any, scores: list) -> tuple[Any, str | None]:
    """inspect's headline: the log's resolved one, else the first metric of the first score."""
    head = getattr(log.results, "headline", None)
    for score in scores:
        if head is None:
            break
        if head.scorer not in (None, score.scorer) or head.score not in (None, score.name):
            continue
        if head.metric is None or head.metric in (score.metrics or {}):
            return score, head.metric
    return scores[0], None


def _scorer(log: Any, path: str, wanted: tuple, task: str) -> tuple[Any, str]:
    """The score rated (an ``EvalScore``) and the name of its metric rated."""
    scores = list(log.results.scores)
    names = [s.name for s in scores]
    pinned = wanted[1].get(task) or wanted[1].get(str(log.eval.task))
    name = pinned or wanted[0]
    score, metric = _headline(log, scores)
    if name is not None:
        scorer, sep, rest = name.rpartition("/")
        if name in names:
            score, metric = scores[names.index(name)], None
        elif sep and scorer in names and rest in (scores[names.index(scorer)].metrics or {}):
            score, metric = scores[names.index(scorer)], rest
        elif name in (score.metrics or {}):
            metric = name
        elif pinned:
            shown = [f"{s.name}/{m}" for s in scores for m in s.metrics or {}]
            raise ValueError(
                f"{path}: task {task!r} has no scorer {name!r}; it has {names} (metrics {shown})"
            )
    metric = metric or next(iter(score.metrics or {}), None)
    if metric is None:
        raise ValueError(f"{path}: scorer {score.name!r} of task {task!r} reports no metric")
    return score, metric


def _value(value: Any, score: Any, to_float) -> float | str:
    """A sample's value of ``score`` as a float (a dict scorer's: its key), or why not (in words)."""
    if isinstance(value, dict):
        if score.name not in value:
            return f"a sample's value {value!r} has no {score.name!r}"
        value = value[score.name]
    try:
        return float(to_float(value))
    except (TypeError, ValueError):
        return f"a sample's value {value!r} is not a number inspect maps to one"


def _reduced(log: Any, score: Any, path: str, to_float) -> tuple[np.ndarray, np.ndarray] | str:
    """``(sample ids, reduced scores)`` of one score: the log's reductions, else the epochs' mean; or
    why the samples do not give it (in words)."""
    keys = (score.name, score.scorer)
    for reduction in log.reductions or []:
        if reduction.scorer in keys and (reduction.reducer or None) == (score.reducer or None):
            values = [_value(s.value, score, to_float) for s in reduction.samples]
            why = next((v for v in values if isinstance(v, str)), None)
            if why is not None:
                return why
            return np.asarray([str(s.sample_id) for s in reduction.samples]), np.asarray(values)
    per: dict[str, list] = {}
    for sample in log.samples or []:
        scores = sample.scores or {}
        got = scores.get(score.name) or scores.get(score.scorer)
        if got is None:
            raise Refused(
                f"{path}: sample {sample.id!r} (epoch {sample.epoch}) has no {score.name!r} score: the log "
                "is incomplete",
                (f"rescore it (inspect score {os.path.basename(path)})", None, None),
            )
        value = _value(got.value, score, to_float)
        if isinstance(value, str):
            return value
        per.setdefault(str(sample.id), []).append(value)
    if score.reducer not in (None, "mean"):
        raise ValueError(
            f"{path}: scorer {score.name!r} reduces epochs by {score.reducer!r}; the log keeps no reductions"
        )
    return np.asarray(list(per)), np.asarray([np.mean(v) for v in per.values()])


def _decimals(value: float) -> int | None:
    """The decimals ``value`` shows when written shortest (``59.6154``: 4); ``None`` at full precision."""
    text = repr(float(value))
    if "e" in text or "." not in text:
        return None if "e" in text else 0
    shown = len(text.split(".")[1])
    return shown if shown < 10 else None


def _transform(values: np.ndarray, value: float) -> tuple[float, int | None] | None:
    """``(scale, decimals)`` by which the samples make ``value`` (``scale`` x their mean, rounded to
    ``decimals``; ``None``: not rounded) where their mean alone does not, or ``None``. The scales known:
    1 and 100 (a percent), and 100 / the largest sample (R's vitals: ``numeric_scores /
    max(numeric_scores)``, then ``mean(...) * 100``)."""
    mean, top = float(np.mean(values)), float(np.max(values))
    if abs(mean - value) <= CHECK_RTOL * max(abs(mean), abs(value), 1e-3) or not np.isfinite(mean):
        return None
    decimals = _decimals(value)
    rounded = decimals is not None and decimals >= _ROUNDED
    for scale in (*_SCALES, *((100.0 / top,) if top > 0 and top != 1 else ())):
        made = scale * mean
        if rounded and abs(round(made, decimals) - value) <= 1e-12 * max(1.0, abs(value)):
            return scale, decimals
        if scale != 1.0 and abs(made - value) <= CHECK_RTOL * max(abs(made), abs(value), 1e-3):
            return scale, None
    return None


def _limited(log: Any) -> tuple[str, str] | None:
    """How a ``--limit`` run scored part of its task: ``("--limit 5", "5 samples of 23")``."""
    limit = log.eval.config.limit
    if limit is None:
        return None
    shown = ",".join(map(str, limit)) if isinstance(limit, (list, tuple)) else str(limit)
    total = log.eval.dataset.samples
    return f"--limit {shown}", f"{log.results.total_samples:,} samples" + (f" of {total:,}" if total else "")


def inspect_runs(path: str, *, metric: Any = None, notes: list | None = None, options=None) -> list[Run]:
    """The :class:`Run` of one inspect-ai log (one model on one task); ``metric``: a score's name
    (``"match"``), ``"SCORER/METRIC"``, a metric's name, ``"TASK=..."``, a list of those or a mapping;
    ``options``: a :class:`jaxrate.io.ReadOptions` (its ``metric`` unless ``metric`` is given)."""
    from jaxrate.io._options import ReadOptions

    options = ReadOptions(metric=metric) if options is None else options
    read_eval_log, to_float = _reader()
    found = _log_run(_read(read_eval_log, path), path, options, to_float, items=True)
    return _named([found], options, [] if notes is None else notes)


def _read(read_eval_log, path: str) -> Any:
    try:
        return read_eval_log(path)
    except Exception as err:  # noqa: BLE001 - inspect raises its own errors for a damaged log
        raise ValueError(f"{path}: inspect-ai cannot read this log: {err}") from None


def _log_run(log: Any, path: str, options, to_float, items: bool) -> tuple[Run, _Args, list]:
    """``(run, what names its task, its notes)`` of one log (a whole log, or a listing's header of one:
    ``items=False``); a problem of the log is the run's, said only if its task is rated."""
    model, args, context = _contestant(log, path, options)
    ev = log.eval
    named = _Args(str(ev.task), args, dict(getattr(ev, "task_args_passed", None) or {}), str(ev.created))
    task = _task_name(named.task, args)
    common = dict(harness="inspect-ai", model=model, task=task, source=path, when=str(ev.created))
    common["run_id"] = getattr(ev, "eval_id", None)
    notes: list = []
    try:
        run = _scored(log, path, options, to_float, items, common, context, notes)
    except ValueError as err:
        run = Run(**common, metric="", value=math.nan, aggregate=Aggregate(), problem=problem_of(err))
    return run, named, notes


def _scored(log, path: str, options, to_float, items: bool, common: dict, context: tuple, notes: list) -> Run:
    """The run of a log's score: with its samples where its metric is a mean of them, else as reported."""
    task = common["task"]
    _check_complete(log, path)
    score, name = _scorer(log, path, choice(options.metric, options.flag("metric")), task)
    if score.unscored_samples:
        raise Refused(
            f"{path}: {score.unscored_samples} samples have no {score.name!r} score (errors?): its {name} is "
            f"over {score.scored_samples} samples only",
            ("rerun them", None, None),
        )
    ev, config, reducer = log.eval, log.eval.config, score.reducer or "mean"
    epochs = config.epochs or 1
    measured = (("scorer", score.name), ("metric", name), ("reducer", reducer), ("epochs", epochs))
    measured += (("samples", ev.dataset.samples), ("limit", config.limit), ("task_version", ev.task_version))
    context = (("inspect-ai", (ev.packages or {}).get("inspect_ai")), ("solver", _solvers(log)), *context)
    label = f"{score.name} {name}" + (f" ({epochs} epochs, {reducer})" if epochs > 1 else "")
    value = float(score.metrics[name].value)
    fields = dict(
        common, metric=label, value=value, measured=measured, context=context, limited=_limited(log)
    )
    if name not in _MEAN_METRICS:  # a custom metric: as the log reports it
        return _custom(path, task, score, name, options, fields, notes)
    if not items:
        why = "an eval-set listing holds each log's header, not its samples"
        return Run(**fields, aggregate=Aggregate(), no_items=why)
    got = _reduced(log, score, path, to_float)
    if not isinstance(got, str) and not len(got[0]):
        got = "the log keeps no samples"
    if isinstance(got, str):
        notes.append(f"{task}: {got}; rated as the log reports it, without a per-item interval")
        return Run(**fields, aggregate=Aggregate(), no_items=got)
    return _items_run(task, score, name, got, value, fields, notes)


def _custom(path: str, task: str, score, name: str, options, fields: dict, notes: list) -> Run:
    """A custom metric's run: as the log reports it, its direction from its name (assumed, said)."""
    better = direction(name)
    if better is None:
        raise Refused(
            f"{path}: the log does not say whether {name} (of {score.name}) is better higher or lower",
            ("rate another metric", "metric", f"{task}=SCORER/METRIC"),
        )
    way = "higher" if better else "lower"
    evidence = "an inspect-ai log does not say which way a custom metric points; its name does"
    other = options.flag("metric", "SCORER/METRIC")
    said = f"{way} is better on {name} ({score.name})"
    notes.append(Assumed("direction", said, evidence, f"{other} rates another", other))
    why = f"{name} of {score.name} is a custom metric, not a mean of per-sample scores"
    notes.append(f"{task}: {why}; rated as the log reports it, without a per-item interval")
    return Run(**fields, aggregate=Aggregate("mean", better), no_items=why)


def _items_run(task: str, score, name: str, got: tuple, value: float, fields: dict, notes: list) -> Run:
    """The run of a log's samples, rated as they make its reported value (a percent, rounded: said)."""
    ids, values = got
    made = _transform(values, value)
    if made is None:
        return Run(**fields, aggregate=Aggregate(), ids=ids, values=values)
    scale, decimals = made
    how = {1.0: "the samples' mean", 100.0: "100 x the samples' mean"}.get(
        scale, f"100 x the samples' mean over their largest, {100 / scale:g} (R's vitals divides grades so)"
    )
    rounded = f", rounded to {decimals} decimals" if decimals is not None else ""
    percent = " (a percent, as R's vitals writes inspect logs)" if scale == 100.0 else ""
    times = f" x {scale:g}" if scale != 1.0 else ""
    notes.append(
        f"{task}: {score.name} {name} is reported as {how}{rounded}{percent}: its samples rated{times}"
    )
    tolerance = 0.5 * 10.0**-decimals if decimals is not None else 0.0
    return Run(**fields, aggregate=Aggregate(), ids=ids, values=values * scale, tolerance=tolerance)


def _check_complete(log: Any, path: str) -> None:
    """Refuses a log that did not finish, or some of whose samples did not: its scores are incomplete."""
    if log.status != "success":
        why = f" ({log.error.message.splitlines()[0]})" if getattr(log, "error", None) else ""
        raise Refused(
            f"{path}: the log's status is {log.status!r}{why}: its scores are incomplete",
            ("rerun the task (inspect eval-retry)", None, None),
        )
    if log.results is None or not log.results.scores:
        name = os.path.basename(path)
        raise Refused(f"{path}: the log has no scores", (f"score it (inspect score {name})", None, None))
    done, total = log.results.completed_samples, log.results.total_samples
    if done < total:
        raise Refused(
            f"{path}: {total - done} of {total} samples did not finish (errors, or the run stopped early) "
            "and have no scores: the log's scores are over the rest only",
            ("rerun them", None, None),
        )


def _named(found: list[tuple[Run, _Args, list]], options, notes: list) -> list[Run]:
    """The runs with their tasks named, an argument added to a task later filled in with its default
    in the logs written before it (an assumption, in ``notes``), and each run's notes."""
    filled = _filled([named for _, named, _ in found], notes)
    runs = []
    for (run, named, said), args in zip(found, filled):
        task = _task_name(named.task, args)
        notes += [f"{task}: {n[len(run.task) + 2 :]}" if n.startswith(f"{run.task}: ") else n for n in said]
        runs.append(dataclasses.replace(run, task=task) if task != run.task else run)
    placeholder = [r for r in runs if r.model == _NO_MODEL]
    if placeholder and getattr(options, "model", None) is None:
        said = _no_model(placeholder, found, options)
        if len(placeholder) == len(runs) and "differ:" in said.option:  # no model at all: one contestant?
            raise ValueError(
                f"{os.path.dirname(placeholder[0].source) or '.'}: every log's model is {_NO_MODEL!r} "
                f"({said.evidence}), so they rate no contestant against another; {said.option}"
            )
        notes.append(said)
    return runs


def _filled(found: list[_Args], notes: list) -> list[dict]:
    """Each log's task arguments; where an argument of a task is absent from its logs written before
    any log that has it, and the logs that did not pass it agree on its default, it is taken at that
    default there (inspect records which arguments were passed: ``eval.task_args_passed``)."""
    filled = [dict(f.args) for f in found]
    by_task: dict[str, list[int]] = {}
    for k, f in enumerate(found):
        by_task.setdefault(f.task, []).append(k)
    for task, logs in by_task.items():
        for key in dict.fromkeys(a for k in logs for a in found[k].args):
            having = [k for k in logs if key in found[k].args]
            lacking = [k for k in logs if key not in found[k].args]
            defaults = {
                repr(found[k].args[key]): found[k].args[key] for k in having if key not in found[k].passed
            }
            later = lacking and max(_time(found[k]) for k in lacking) < min(_time(found[k]) for k in having)
            if not later or len(defaults) != 1:
                continue
            (value,) = defaults.values()
            for k in lacking:
                filled[k][key] = value
            decision = f"{key}={value!r} in the {len(lacking)} {task} logs written before the task had it"
            evidence = f"its default: the logs that did not pass it record {value!r}"
            notes.append(
                Assumed("tasks", decision, evidence, "rate those logs on their own to keep them apart")
            )
    return filled


def _time(named: _Args):
    """When a log was created, comparable across time zones (NaN, before and after nothing, where the
    log's ``created`` is not ISO 8601)."""
    import datetime

    try:
        return datetime.datetime.fromisoformat(named.created).timestamp()
    except ValueError:
        return float("nan")


def _no_model(runs: list[Run], found: list, options) -> Assumed:
    """The assumption that logs of no model (``none/none``) are one contestant, and how to name others."""
    args = [named.args for run, named, _ in found if run.model == _NO_MODEL]
    differ = [k for k in dict.fromkeys(a for f in args for a in f) if len({repr(f.get(k)) for f in args}) > 1]
    option = options.flag("model", "task_args.NAME")
    hint = f" (task arguments that differ: {few(differ, 6, str)})" if differ else ""
    return Assumed(
        "models",
        f"one contestant, {_NO_MODEL!r}, in {len(runs)} logs",
        "their eval.model is inspect's placeholder: the task's solver calls its own",
        f"{option} names a task argument as the contestant{hint}",
        option,
    )


def _logs(files: list[str], options, notes: list) -> list[Run]:
    read_eval_log, to_float = _reader()
    found = []
    for f in files:
        try:
            found.append(_log_run(_read(read_eval_log, f), f, options, to_float, items=True))
        except (KeyError, TypeError, AttributeError, IndexError) as err:
            raise ValueError(f"{f}: not a well-formed inspect-ai log ({type(err).__name__}: {err})") from None
    return _named(found, options, notes)


def _listings(files: list[str], options, notes: list) -> list[Run]:
    from jaxrate.results._files import load_json

    """The runs of inspect's listings (``logs.json``, ``listing.json``) of the logs not beside them."""
    found = []
    for f in files:
        entries = load_json(f)
        folder = os.path.dirname(f)
        present = [k for k in entries if os.path.exists(os.path.join(folder, k))]
        if present:
            notes.append(
                f"{os.path.basename(f)}: its {len(present)} logs are read themselves, not their listing"
            )
        for key, entry in entries.items():
            if key not in present:
                found.append(_guarded_entry(entry, f"{f}: {key}", options))
    return _named(found, options, notes)


def _guarded_entry(entry: Any, where: str, options) -> tuple[Run, _Args, list]:
    """One listing entry's run; an entry that is not a log's header is a ``ValueError`` naming it."""
    try:
        return _entry_run(entry, where, options)
    except ValueError as err:
        if type(err) is ValueError:
            raise
        first = str(err).splitlines()[0]  # pydantic's validation error: its first line
        raise ValueError(f"{where}: not an inspect-ai log header ({first})") from None
    except (KeyError, TypeError, AttributeError) as err:
        raise ValueError(f"{where}: not an inspect-ai log header ({type(err).__name__}: {err})") from None


def _entry_run(entry: dict, where: str, options) -> tuple[Run, _Args, list]:
    if "primary_metric" not in entry:  # logs.json: a log's header
        from inspect_ai.log import EvalLog

        _, to_float = _reader()
        return _log_run(EvalLog.model_validate(entry), where, options, to_float, items=False)
    if entry.get("status") != "success":
        raise ValueError(
            f"{where}: the log's status is {entry.get('status')!r}: its scores are incomplete; leave it out"
        )
    primary = entry["primary_metric"] or {}
    model, task, metric = str(entry["model"]), str(entry["task"]), str(primary.get("name"))
    value, agg, when = float(primary["value"]), Aggregate("mean", True), str(entry.get("started_at", ""))
    measured = (("run_id", entry.get("run_id")),)  # a listing says nothing of how a run measured
    why = "inspect's listing holds each log's primary metric only"
    run = Run("inspect-ai (listing)", model, task, metric, value, agg, where, when, measured, no_items=why)
    return run, _Args(task, {}, {}, when), []


def _is_log(head: Head) -> str | None:
    if head.suffix == ".eval" and is_inspect_log(head.path):
        return "an inspect-ai .eval log"
    if (
        head.suffix == ".json"
        and not _LISTED.match(head.text)
        and head.json("{", "eval", "status", "version")
    ):
        return "an inspect-ai .json log (eval, status, version)"
    return None


# A listing's first key is a log's file name: {"2025-...-popularity_J5E....eval": {...}, ...}.
_LISTED = re.compile(r'\s*\{\s*"[^"\n]+\.(eval|json)"\s*:')


def _is_listing(head: Head) -> str | None:
    if head.suffix == ".json" and _LISTED.match(head.text):
        return "an inspect-ai listing of logs (logs.json, listing.json)"
    return None


def _is_eval_set(head: Head) -> str | None:
    if head.name == "eval-set.json" and head.json("{", "eval_set_id"):
        return "an inspect-ai eval set's task list (no scores)"
    return None


FORMATS = (
    Format("inspect-ai logs", "runs", _is_log, _logs),
    Format("inspect-ai listings", "runs", _is_listing, _listings),
    Format("inspect-ai eval-set task lists", "listing", _is_eval_set),
)
