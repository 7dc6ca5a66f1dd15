"""EleutherAI lm-evaluation-harness output folders: per-model results and per-item samples.

``lm_eval --model hf --model_args pretrained=ORG/NAME --tasks ... --output_path OUT
--log_samples`` writes, per model, ``OUT/ORG__NAME/results_<date>.json`` (its
``results`` map each task to ``"metric,filter": value``; ``configs`` list each
task's metrics; ``model_name`` names the model) and, per task,
``OUT/ORG__NAME/samples_<task>_<date>.jsonl`` with one line per document and
filter (``doc_id``, ``filter``, ``metrics`` and each metric's value).

jaxrate reads every model folder under ``OUT`` (the newest results file of
each), takes each task's first metric (and the filter the results report it
under), and builds a long table of per-item scores: the items are the
replicates that the bootstrap resamples within each task. Without samples
files (no ``--log_samples``), the results' scores are the table.
"""

from __future__ import annotations

import json
import os
import re
from typing import Any

from jaxrate.io._replicates import ScoreReplicates

__all__ = ["is_harness_output", "read_harness"]

_RESULTS = re.compile(r"^results_(.+)\.json$")
_SAMPLES = re.compile(r"^samples_(.+)_(\d{4}-\d{2}-\d{2}T[0-9.\-]+)\.jsonl$")


def _runs(path: str) -> list[str]:
    """Folders under ``path`` (itself included, one level down) holding a ``results_*.json``."""
    found = []
    for folder in [path] + sorted(os.path.join(path, d) for d in os.listdir(path)):
        if os.path.isdir(folder) and any(_RESULTS.match(f) for f in os.listdir(folder)):
            found.append(folder)
    return found


def is_harness_output(path: str) -> bool:
    """Whether ``path`` is a folder of lm-evaluation-harness output."""
    return os.path.isdir(path) and bool(_runs(path))


def _load_json(path: str) -> dict:
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, json.JSONDecodeError) as err:
        raise ValueError(f"{path}: cannot read as JSON: {err}") from None
    if not isinstance(data, dict) or not isinstance(data.get("results"), dict):
        raise ValueError(f"{path}: not an lm-evaluation-harness results file (no 'results' map)")
    return data


def _model_name(data: dict, folder: str) -> str:
    if data.get("model_name"):
        return str(data["model_name"])
    args = str((data.get("config") or {}).get("model_args") or "")
    for key in ("peft=", "delta=", "pretrained=", "model=", "path=", "engine="):
        if key in args:
            return args.split(key)[1].split(",")[0]
    return os.path.basename(os.path.normpath(folder))


def _tasks(data: dict) -> list[str]:
    """The tasks with their own scores (groups, which aggregate subtasks, left out)."""
    groups = {g for g, subtasks in (data.get("group_subtasks") or {}).items() if subtasks}
    return [t for t in data["results"] if t not in groups]


def _metric(data: dict, task: str, results_path: str) -> tuple[str, str, bool]:
    """``(metric, filter, higher_is_better)``: the task's first metric, and the filter reporting it."""
    keys = [k for k in data["results"][task] if "," in k and "_stderr" not in k]
    listed = ((data.get("configs") or {}).get(task) or {}).get("metric_list") or []
    names = [m.get("metric") for m in listed if isinstance(m, dict)] + [k.split(",")[0] for k in keys]
    for name in names:
        filters = [k.split(",", 1)[1] for k in keys if k.split(",")[0] == name]
        if filters:
            better = ((data.get("higher_is_better") or {}).get(task) or {}).get(name, True)
            return name, filters[0], bool(better)
    raise ValueError(f"{results_path}: task {task!r} has no metric score")


def _item_rows(path: str, task: str, metric: str, filter_: str) -> list[tuple[str, float]]:
    rows = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                sample = json.loads(line)
            except json.JSONDecodeError as err:
                raise ValueError(f"{path}: line {n} is not JSON: {err}") from None
            if sample.get("filter", filter_) != filter_:
                continue
            value = sample.get(metric)
            if isinstance(value, bool) or isinstance(value, (int, float)):
                rows.append((str(sample.get("doc_id")), float(value)))
                continue
            raise ValueError(
                f"{path}: line {n}: metric {metric!r} of task {task!r} is {value!r}, not a per-item "
                "number (a corpus-level metric cannot be resampled by item)"
            )
    return rows


def _samples_file(folder: str, task: str, date: str) -> str | None:
    """The task's samples file of the results' run, else its newest one."""
    matches = sorted(f for f in os.listdir(folder) if (m := _SAMPLES.match(f)) and m.group(1) == task)
    exact = f"samples_{task}_{date}.jsonl"
    if exact in matches:
        return os.path.join(folder, exact)
    return os.path.join(folder, matches[-1]) if matches else None


def _read_run(folder: str) -> tuple[str, list[tuple[str, str, str, float]], list[tuple[str, float]], list]:
    """One model's ``(name, item rows, task scores, notes)`` from its newest results file."""
    latest = sorted(f for f in os.listdir(folder) if _RESULTS.match(f))[-1]
    results_path = os.path.join(folder, latest)
    data = _load_json(results_path)
    name, date = _model_name(data, folder), _RESULTS.match(latest).group(1)
    items, scores, notes = [], [], []
    for task in _tasks(data):
        metric, filter_, higher = _metric(data, task, results_path)
        sign = 1.0 if higher else -1.0
        if not higher:
            notes.append(f"{task}: {metric} is better lower, so its negative is rated")
        scores.append((task, sign * float(data["results"][task][f"{metric},{filter_}"])))
        samples = _samples_file(folder, task, date)
        if samples is not None:
            items += [(name, task, doc, sign * v) for doc, v in _item_rows(samples, task, metric, filter_)]
        notes.append(f"{task}: {metric} (filter {filter_})")
    return name, items, scores, notes


def read_harness(path: str) -> ScoreReplicates:
    """The per-item scores of an lm-evaluation-harness output folder (see the module's docstring).

    Returns a :class:`ScoreReplicates` with replicate column ``"item"``
    (the document id); without any samples files, the results' scores with
    column ``None`` (one score per model and task, nothing to resample).

    Raises:
      ValueError: naming the file for a folder without results, a model seen
        twice, a task with samples for some models only, or a per-item metric
        that is not a number.
    """
    import pandas as pd

    runs = _runs(path) if os.path.isdir(path) else []
    if not runs:
        raise ValueError(f"{path}: no lm-evaluation-harness results_*.json in the folder or its subfolders")
    items, scores, notes, seen = [], [], {}, {}
    for folder in runs:
        name, run_items, run_scores, run_notes = _read_run(folder)
        if name in seen:
            raise ValueError(f"{folder}: model {name!r} is also in {seen[name]}; keep one run per model")
        seen[name] = folder
        items += run_items
        scores += [(name, task, value) for task, value in run_scores]
        for note in run_notes:
            notes.setdefault(note, None)
    summary = [f"lm-evaluation-harness output: {len(runs)} models", *notes]
    if not items:
        frame = pd.DataFrame(scores, columns=["model", "task", "score"])
        summary.append("no samples_*.jsonl files (run lm_eval with --log_samples): no per-item scores")
        return ScoreReplicates(frame, None, summary)
    _check_complete(path, items, scores)
    frame = pd.DataFrame(items, columns=["model", "task", "item", "score"])
    return ScoreReplicates(frame, "item", summary)


def _check_complete(path: str, items: list[Any], scores: list[Any]) -> None:
    """Every (model, task) with a results score has per-item scores too."""
    have = {(m, t) for m, t, _, _ in items}
    for m, t, _ in scores:
        if (m, t) not in have:
            raise ValueError(
                f"{path}: model {m!r} has no samples file for task {t!r} (lm_eval --log_samples)"
            )
