"""EleutherAI lm-evaluation-harness output: results files and their per-item samples, in every layout.

``lm_eval ... --output_path OUT [--log_samples]`` writes, per run,
``OUT/ORG__NAME/results_<date>.json`` and, per task,
``OUT/ORG__NAME/samples_<task>_<date>.jsonl`` (0.4.3 and later; ``OUT`` may
itself be a model's folder, and ``--output_path x.json`` writes beside ``x.json``).
Releases before 0.4.3 wrote ``OUT/results.json`` (or the ``.json`` named) and
``OUT/<model_args>_<task>.jsonl``. jaxrate finds every results file under the
paths it is given, at any depth, and reads each as one run:

* the model is the results' ``model_name`` (else ``pretrained=`` of its model
  arguments) with ``@REVISION`` for a ``revision=`` other than ``main``;
* each task (groups, which aggregate subtasks, are left out) is rated by its
  first metric (``metric_list`` of the task's config) under the first filter
  the results report it with, unless ``metric=`` / ``filter=`` pick others;
* the metric's direction is the results' ``higher_is_better``, and its
  aggregation the config's (``mean``, ``perplexity``, ``weighted_perplexity``,
  ``bits_per_byte``): per-item values are log-likelihoods (or
  (log-likelihood, words/bytes) pairs) for the perplexity family, which the
  harness turns into ``exp(-mean)``, ``exp(-sum ll / sum words)`` or
  ``-sum ll / sum bytes / ln 2``. jaxrate does the same, so a lower-is-better
  metric is rated as the negative of the harness's own number;
* items come only from the samples file of the same run (same date); a run
  without one is rated from its aggregate; a corpus-level metric (``f1``,
  ``mcc``, ``bleu``: its items are (gold, prediction) pairs) too.

The runs are merged by :func:`jaxrate.io._runs.merge_runs`, which checks that
the items reproduce each aggregate.
"""

from __future__ import annotations

import json
import math
import os
import re
from typing import Any

import numpy as np

from jaxrate.io._replicate_data import AGGREGATES, Aggregate
from jaxrate.io._runs import Run, choice, json_head, reproduces

__all__ = ["is_lm_eval", "lm_eval_runs", "results_files"]

_RESULTS = re.compile(r"^results(_.+)?\.json$")
# The run's date in a results file's name: results_<date>.json, or <name>_<date>.json for
# --output_path <name>.json (0.4.3+ writes beside it); its samples files carry the same date.
_DATED = re.compile(r"_(\d{4}-\d{2}-\d{2}T[0-9.\-]+)\.json$")
_SAMPLES = re.compile(r"^samples_(.+)_(\d{4}-\d{2}-\d{2}T[0-9.\-]+)\.jsonl$")
# lm-eval's metric registry (lm_eval.api.registry, 0.4.x): each built-in metric's aggregation, for
# results whose task config does not list it (the config lists only what the task's YAML set).
_DEFAULT_AGGREGATION = {
    "acc": "mean",
    "acc_norm": "mean",
    "acc_mutual_info": "mean",
    "acc_bytes": "mean",
    "exact_match": "mean",
    "likelihood": "mean",
    "perplexity": "perplexity",
    "word_perplexity": "weighted_perplexity",
    "byte_perplexity": "weighted_perplexity",
    "bits_per_byte": "bits_per_byte",
    "brier_score": "brier_score",
    "bypass": "bypass",
    "mcc": "matthews_corrcoef",
    "f1": "f1",
    "bleu": "bleu",
    "chrf": "chrf",
    "chrf++": "chrf++",
    "ter": "ter",
    "acc_all": "acc_all",
}
_LOWER_IS_BETTER = {"perplexity", "word_perplexity", "byte_perplexity", "bits_per_byte", "ter", "brier_score"}


def _load(path: str) -> dict | None:
    """The results file at ``path``, or ``None`` if it is not one."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return None
    if (
        isinstance(data, dict)
        and isinstance(data.get("results"), dict)
        and ("configs" in data or "versions" in data)
    ):
        return data
    return None


def results_files(path: str) -> list[str]:
    """The lm-evaluation-harness results files at or under ``path`` (sorted)."""
    if os.path.isfile(path):
        return [path] if path.lower().endswith(".json") and _load(path) is not None else []
    found = []
    for root, dirs, files in os.walk(path):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if _RESULTS.match(name) or (name.endswith(".json") and not name.startswith("samples_")):
                full = os.path.join(root, name)
                if _RESULTS.match(name) or _peek(full):
                    if _load(full) is not None:
                        found.append(full)
    return found


def _peek(path: str) -> bool:
    """Cheaply: whether a ``.json`` not named ``results*`` may be a results file (its start)."""
    return json_head(path, "{", ("results",))


def is_lm_eval(path: str) -> bool:
    """Whether ``path`` is, or holds, lm-evaluation-harness results."""
    return bool(results_files(path))


def _model_args(data: dict) -> dict:
    args = (data.get("config") or {}).get("model_args") or {}
    if isinstance(args, dict):
        return {str(k): str(v) for k, v in args.items()}
    out = {}
    for part in str(args).split(","):
        key, sep, value = part.partition("=")
        if sep:
            out[key.strip()] = value.strip()
    return out


def _model_name(data: dict, path: str) -> str:
    args = _model_args(data)
    name = data.get("model_name") or next(
        (args[k] for k in ("pretrained", "model", "peft", "delta", "path", "engine") if args.get(k)), None
    )
    if not name:
        folder = os.path.basename(os.path.dirname(os.path.abspath(path)))
        raise ValueError(
            f"{path}: no model name (no model_name, and no pretrained= in config.model_args); "
            f"its folder is {folder!r}"
        )
    revision = args.get("revision")
    return f"{name}@{revision}" if revision and revision != "main" else str(name)


def _tasks(data: dict) -> list[str]:
    """The tasks with their own scores (groups, which aggregate subtasks, left out)."""
    groups = {g for g, subtasks in (data.get("group_subtasks") or {}).items() if subtasks}
    groups |= set(data.get("groups") or {})
    return [t for t in data["results"] if t not in groups]


def _metric_keys(data: dict, task: str) -> list[tuple[str, str]]:
    """``(metric, filter)`` of each score the results give the task, in their order."""
    keys = []
    for key in data["results"][task]:
        metric, sep, filter_ = key.partition(",")
        if sep and not metric.endswith("_stderr") and key != "alias":
            keys.append((metric, filter_))
    return keys


def _listed(data: dict, task: str) -> list[dict]:
    config = (data.get("configs") or {}).get(task) or {}
    return [m for m in config.get("metric_list") or [] if isinstance(m, dict) and m.get("metric")]


def _pick(data: dict, task: str, path: str, metric: tuple, filter_: tuple) -> tuple[str, str]:
    """The ``(metric, filter)`` rated for ``task``: chosen, else the config's first metric and filter."""
    keys = _metric_keys(data, task)
    if not keys:
        raise ValueError(f"{path}: task {task!r} has no metric score in 'results'")
    metrics = list(dict.fromkeys(m for m, _ in keys))
    order = [str(m["metric"]) for m in _listed(data, task)]
    wanted = metric[1].get(task) or metric[0]
    if wanted is not None and wanted in metrics:
        name = wanted
    elif task in metric[1]:
        raise ValueError(f"{path}: task {task!r} has no metric {wanted!r}; it has {metrics}")
    else:
        name = next((m for m in order if m in metrics), metrics[0])
    filters = [f for m, f in keys if m == name]
    wanted = filter_[1].get(task) or filter_[0]
    if wanted is not None and wanted in filters:
        return name, wanted
    if task in filter_[1]:
        raise ValueError(f"{path}: task {task!r} has no filter {wanted!r} for {name}; it has {filters}")
    return name, filters[0]


def _aggregate(data: dict, task: str, metric: str, path: str) -> tuple[Aggregate, str, bool]:
    """``(aggregate, aggregation's name, per-item)``: how the metric's items make its score and its
    direction; ``per-item`` is false for a corpus-level metric (its items are no scores).

    The name is ``"mean?"`` for a metric whose aggregation neither the results
    nor lm-eval's registry give: its items are taken as a mean only if their
    mean reproduces the harness's score. The direction is the results'
    ``higher_is_better``, else the task config's, else lm-eval's registry's
    (lower is better only for the perplexity family, ``ter`` and ``brier_score``).
    """
    listed = next((m for m in _listed(data, task) if m.get("metric") == metric), {})
    how = listed.get("aggregation")
    how = (
        str(how)
        if isinstance(how, str)
        else _DEFAULT_AGGREGATION.get(metric, "mean?" if how is None else "?")
    )
    given = data.get("higher_is_better")
    given = given.get(task) if isinstance(given, dict) else None
    better = given.get(metric) if isinstance(given, dict) else None
    better = listed.get("higher_is_better") if better is None else better
    if better is None:
        if metric not in _DEFAULT_AGGREGATION and metric not in _LOWER_IS_BETTER:
            raise ValueError(
                f"{path}: task {task!r}: the results do not say whether {metric} is better higher or lower"
            )
        better = metric not in _LOWER_IS_BETTER
    per_item = how in AGGREGATES or how == "mean?"
    return Aggregate(how.rstrip("?") if per_item else "mean", bool(better)), how, per_item


def _samples_files(data: dict, path: str) -> dict[str, str]:
    """The samples file of each task of the run at ``path`` (only that run's)."""
    folder, name = os.path.split(path)
    out = {}
    found = _DATED.search(name)
    date = found.group(1) if found else None
    try:
        listing = os.listdir(folder or ".")
    except OSError:
        return out
    if date is not None:  # 0.4.3 and later: samples_<task>_<date>.jsonl of the same date
        for f in listing:
            m = _SAMPLES.match(f)
            if m and m.group(2) == date:
                out[m.group(1)] = os.path.join(folder, f)
        return out
    # Before 0.4.3: <model_args with '/' and '=' as '__'>_<task>.jsonl beside the results (0.4.2 wrote
    # re.sub("/|=", "__", model_args); a JSON array, indented, despite the name).
    raw = (data.get("config") or {}).get("model_args") or ""
    raw = raw if isinstance(raw, str) else ""
    prefixes = dict.fromkeys([re.sub("/|=", "__", raw), re.sub("/", "__", raw)])
    for task in _tasks(data):
        for prefix in prefixes:
            candidate = os.path.join(folder, f"{prefix}_{task}.jsonl")
            if os.path.isfile(candidate):
                out[task] = candidate
                break
    return out


def _samples(path: str, data: bytes):
    """``(line or entry number, sample)`` of a samples file: JSON lines, or (before 0.4.3) one JSON array."""
    if data.lstrip()[:1] == b"[":
        try:
            entries = json.loads(data)
        except (json.JSONDecodeError, UnicodeDecodeError) as err:
            raise ValueError(f"{path}: not JSON: {err}") from None
        yield from ((k, e) for k, e in enumerate(entries, 1) if isinstance(e, dict))
        return
    for n, line in enumerate(data.split(b"\n"), 1):
        if not line.strip():
            continue
        try:
            yield n, json.loads(line)
        except (json.JSONDecodeError, UnicodeDecodeError) as err:
            raise ValueError(f"{path}: line {n} is not JSON: {err}") from None


# A line as lm-eval 0.4.3+ writes it: {"doc_id": N, "doc": ..., "filter": "F", "metrics": [...], ...,
# METRIC: VALUE, ...}. The top-level "filter" is the last on the line (the document's own keys come
# before it, and inside strings a quote is escaped), so a greedy match finds it.
_LINE = re.compile(
    rb'^\{"doc_id": (\d+), .*"filter": "((?:[^"\\\n]|\\.)*)", "metrics": \[[^\]\n]*\](.*)\}\r?$', re.M
)


def _fast(data: bytes, metric: str, filter_: str, weighted: bool):
    """``(ids, values, weights)`` read by :data:`_LINE` alone, or ``None`` when a line is not of that form."""
    value = re.compile(rb'[{ ]"' + re.escape(metric.encode()) + rb'": (\[[^\]]*\]|[^,}\]]+)')
    lines = data.count(b"\n") + (0 if data.endswith(b"\n") or not data else 1)
    matches = _LINE.findall(data)
    # one record a line: a line holding two ("{...}{...}") is read the slow way, which refuses it
    if len(matches) != lines or not lines or data.count(b'{"doc_id": ') != lines:
        return None
    want = filter_.encode()
    ids, values, weights = [], [], []
    try:
        for doc, filt, tail in matches:
            if filt != want:
                continue
            found = value.search(tail)
            if found is None:
                return None
            if weighted:
                pair = json.loads(found.group(1))
                if not (isinstance(pair, list) and len(pair) == 2):
                    return None
                values.append(float(pair[0]))
                weights.append(float(pair[1]))
            else:
                values.append(float(found.group(1)))
            ids.append(int(doc))
    except (ValueError, TypeError):  # a value that is not a number: read it the slow way, which says so
        return None
    if not np.all(np.isfinite(values)):
        return None
    ids = np.asarray(ids)
    if len(np.unique(ids)) != len(ids):
        return None
    return ids, np.asarray(values, dtype=np.float64), (np.asarray(weights) if weighted else None)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) < 40 else text[:37] + "..."


def _items(path: str, task: str, metric: str, filter_: str, weighted: bool):
    """``(ids, values, weights)`` of the run's samples file for one metric and filter.

    Returns why instead, in words, when a line's value is not a per-item
    number (or pair, ``weighted``): a metric whose items are not scores.
    """
    with open(path, "rb") as f:
        data = f.read()
    fast = _fast(data, metric, filter_, weighted)
    if fast is not None and len(fast[0]):
        return fast
    ids, values, weights = [], [], []
    seen = set()
    for n, sample in _samples(path, data):
        if not isinstance(sample, dict):
            raise ValueError(f"{path}: line {n} is not a sample (a JSON object)")
        if sample.get("filter", "none") != filter_:
            continue
        doc = sample.get("doc_id")
        if not isinstance(doc, (int, str)):
            raise ValueError(f"{path}: line {n}: doc_id {_short(doc)} is not a document number")
        if doc in seen:
            raise ValueError(f"{path}: line {n}: doc_id {doc!r} appears twice under filter {filter_!r}")
        seen.add(doc)
        value = sample.get(metric)
        if weighted:
            if not (isinstance(value, list) and len(value) == 2 and all(_number(v) for v in value)):
                return f"line {n} holds {_short(value)}, not a (log-likelihood, weight) pair"
            values.append(float(value[0]))
            weights.append(float(value[1]))
        elif _number(value):
            values.append(float(value))
        else:
            return f"line {n} holds {_short(value)}, not a number"
        ids.append(doc)
    if not ids:
        raise ValueError(f"{path}: no samples under filter {filter_!r} for {metric} of task {task!r}")
    return np.asarray(ids), np.asarray(values), (np.asarray(weights) if weighted else None)


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not (isinstance(value, float) and math.isnan(value))


def _when(data: dict, path: str) -> str:
    found = _DATED.search(os.path.basename(path))
    if found:
        return found.group(1)
    date = data.get("date")
    if isinstance(date, (int, float)):
        import datetime

        return datetime.datetime.fromtimestamp(date, datetime.timezone.utc).strftime("%Y-%m-%dT%H-%M-%S.%f")
    return "0000"


def lm_eval_runs(
    path: str, *, metric: Any = None, filter: Any = None, notes: list | None = None
) -> list[Run]:
    """The :class:`Run` of each model and task in one lm-evaluation-harness results file.

    ``metric`` / ``filter``: ``"NAME"``, ``"TASK=NAME"``, a list of those or a
    mapping (see :func:`jaxrate.io._runs.choice`).
    """
    data = _load(path)
    if data is None:
        raise ValueError(f"{path}: not an lm-evaluation-harness results file (no 'results' map)")
    notes = [] if notes is None else notes
    picks = choice(metric, "--metric"), choice(filter, "--filter")
    model = _model_name(data, path)
    samples = _samples_files(data, path)
    when = _when(data, path)
    args = _model_args(data)
    context = (
        ("model_args", ",".join(f"{k}={v}" for k, v in sorted(args.items()) if k != "revision")),
        ("lm_eval", data.get("lm_eval_version") or data.get("git_hash")),
    )
    common = dict(harness="lm-evaluation-harness", model=model, source=path, when=when, context=context)
    return [_task_run(data, task, path, picks, samples, common, notes) for task in _tasks(data)]


def _task_run(
    data: dict, task: str, path: str, picks: tuple, samples: dict, common: dict, notes: list
) -> Run:
    """The :class:`Run` of one task of a results file: from its items when its run kept them and
    they make its score, else from the harness's aggregate (``no_items`` says why; so does a note,
    unless the run kept no samples at all).

    ``picks``: the ``--metric`` and ``--filter`` choices; ``common``: the fields every run of the
    file shares (harness, model, source, time, context).
    """
    name, filt = _pick(data, task, path, *picks)
    agg, how, per_item = _aggregate(data, task, name, path)
    value = data["results"][task].get(f"{name},{filt}")
    if not _number(value):
        raise ValueError(f"{path}: task {task!r}: {name},{filt} is {value!r}, not a number")
    label = name if filt == "none" else f"{name} (filter {filt})"
    fields = dict(common, task=task, metric=label, measured=_measured(data, task, name, filt))
    fields.update(value=float(value), aggregate=agg)
    if not per_item:  # corpus-level: the harness's aggregate, with its direction
        why = f"{name} is a corpus-level metric (aggregation {how}): no per-item scores"
        notes.append(f"{task}: {why}; rated from the harness's aggregate, without a per-item interval")
        return Run(no_items=why, **fields)
    if task not in samples:
        why = f"its run ({os.path.basename(path)}) kept no samples (lm_eval --log_samples)"
        return Run(no_items=why, **fields)
    items = _items(samples[task], task, name, filt, agg.weighted)
    if isinstance(items, str) or (
        how == "mean?" and not reproduces(agg, items[1], items[2], float(value))[0]
    ):
        why = (
            f"{os.path.basename(samples[task])}: {items}"
            if isinstance(items, str)
            else f"the aggregation of {name} is not recorded, and its items' mean is not the score"
        )
        notes.append(f"{task}: {why}; rated from the harness's aggregate, without a per-item interval")
        return Run(no_items=why, **fields)
    if how == "mean?":
        notes.append(
            f"{task}: the aggregation of {name} is not recorded; its items' mean reproduces the score"
        )
    ids, values, weights = items
    return Run(ids=ids, values=values, weights=weights, **fields)


def _measured(data: dict, task: str, metric: str, filter_: str) -> tuple:
    """What must agree for two scores of ``task`` to be comparable: item limit, few-shot count,
    task version, metric, filter and the number of documents scored."""
    n = (data.get("n-samples") or {}).get(task) or {}
    return (
        ("limit", (data.get("config") or {}).get("limit")),
        ("n-shot", (data.get("n-shot") or {}).get(task)),
        ("version", (data.get("versions") or {}).get(task)),
        ("metric", metric),
        ("filter", filter_),
        ("documents", n.get("effective")),
    )
