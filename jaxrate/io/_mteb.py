"""MTEB results folders: ``results/<org>__<model>/<revision>/<Task>.json`` beside ``model_meta.json``.

``mteb`` writes one ``TaskResult`` file per task (``mteb/results/task_result.py``): ``task_name``,
``dataset_revision``, ``mteb_version`` and ``scores: {split: [{hf_subset, languages, main_score,
...}]}``; the folder's ``model_meta.json`` names the model (``name``; the folder is that name with
``/`` written ``__``). jaxrate reads each task file as one score of one model on one task, as mteb's
``TaskResult.get_score`` makes it: the mean of ``main_score`` over the split's ``hf_subset`` entries
(``--metric NAME`` rates another key of them). The split is the task's evaluation split, which the
file does not record: mteb's ``TaskMetadata.eval_splits`` defaults to ``["test"]``, so a file
holding ``test`` among others is rated on ``test`` (an :class:`~jaxrate.io._assumed.Assumed` note),
one holding a single split on it, and ``--filter SPLIT`` (or ``TASK=SPLIT``) picks another. Higher
is better: mteb's leaderboard ranks every task's main score descending
(``mteb/benchmarks/_create_table.py``, ``_get_borda_rank``). A model's tasks may be spread over its
revision folders (a commit, ``external``); one task under two revisions is two runs
(:func:`jaxrate.io._runs.resolve`: ``--prefer newest``). mteb keeps no per-item scores.
"""

from __future__ import annotations

import datetime
import fnmatch
import os
import re
from typing import Any

import numpy as np

from jaxrate.io._assumed import Assumed
from jaxrate.io._format import Format, Head
from jaxrate.io._replicate_data import Aggregate
from jaxrate.io._roles import direction
from jaxrate.io._runs import Run, choice

__all__ = ["EVAL_SPLIT", "FORMATS", "mteb_run"]

EVAL_SPLIT = "test"  # mteb's TaskMetadata.eval_splits default
_MAIN = "main_score"
_NO_ITEMS = "mteb keeps one score per split and subset, no per-item scores"


def _json(path: str) -> Any:
    from jaxrate.results._files import load_json

    return load_json(path)


def _model(folder: str, names: dict, notes: list) -> str:
    """The model of a revision folder: its ``model_meta.json``'s ``name``, else the folder's name as
    mteb writes it (``org__name``: the folder, or above a revision's), said as an assumption."""
    key = os.path.abspath(folder)
    if key in names:
        return names[key]
    meta = os.path.join(folder, "model_meta.json")
    name = _json(meta).get("name") if os.path.isfile(meta) else None
    if not isinstance(name, str) or not name.strip():
        here, up = os.path.basename(key), os.path.basename(os.path.dirname(key))
        revision = here in ("external", "no_revision_available") or re.fullmatch("[0-9a-f]{40}", here)
        name = (here if "__" in here or not (revision or "__" in up) else up).replace("__", "/")
        notes.append(
            Assumed(
                "models",
                f"named the model of {folder} {name!r}",
                "no model_meta.json with a name beside its results; mteb names a model's folder org__name",
                "a model_meta.json with a name says otherwise",
            )
        )
    names[key] = name.strip()
    return names[key]


def _split(data: dict, task: str, path: str, wanted: tuple) -> tuple[str, list[str]]:
    """``(split rated, the other splits held)``: the one chosen (``--filter``), else ``test`` or the one."""
    splits = [s for s, entries in data["scores"].items() if isinstance(entries, list) and entries]
    pick = wanted[1].get(task) or wanted[0]
    if pick is not None and pick in splits:
        return pick, [s for s in splits if s != pick]
    if task in wanted[1]:
        raise ValueError(f"{path}: task {task!r} has no split {pick!r}; it has {', '.join(splits)}")
    if EVAL_SPLIT in splits:
        return EVAL_SPLIT, [s for s in splits if s != EVAL_SPLIT]
    if len(splits) == 1:
        return splits[0], []
    if not splits:
        raise ValueError(f"{path}: task {task!r} has no scores (an empty 'scores' map)")
    raise ValueError(
        f"{path}: task {task!r} holds splits {', '.join(splits)} and no 'test' (mteb's default evaluation "
        f"split); the file does not say which the task evaluates on: pick one with --filter {task}=SPLIT, "
        f"or leave the task out (--exclude {task})"
    )


def mteb_run(path: str, *, metric: Any = None, filter: Any = None, names: dict | None = None,
             notes: list | None = None, held: dict | None = None) -> Run:  # fmt: skip
    """The :class:`Run` of one MTEB task file: the mean over ``hf_subset`` entries of ``main_score``
    (or ``metric``) on the split rated; ``held``: ``{task: other splits}`` collects what was passed over.

    Raises:
      ValueError: naming the file for a file mteb did not write so, a split or metric it lacks, or a
        score that is not a number.
    """
    notes = [] if notes is None else notes
    data = _json(path)
    if isinstance(data, dict) and "mteb_dataset_name" in data and "scores" not in data:
        raise ValueError(
            f"{path}: an MTEB result written before mteb 1.11 (no main_score by split); load and save it "
            "again with mteb (mteb.TaskResult.from_disk(path).to_disk(path)) and rate that"
        )
    if not isinstance(data, dict) or not isinstance(data.get("scores"), dict):
        raise ValueError(f"{path}: not an MTEB result (no 'scores' map of splits)")
    task = str(data.get("task_name") or os.path.splitext(os.path.basename(path))[0])
    split, others = _split(data, task, path, choice(filter, "--filter"))
    if held is not None and others:
        held.setdefault(task, set()).update(others)
    entries = data["scores"][split]
    wanted = choice(metric, "--metric")
    name = wanted[1].get(task) or wanted[0] or _MAIN
    values = [_value(entry, name, task, f"{path}: task {task!r}, split {split!r}") for entry in entries]
    higher = True if name == _MAIN else direction(name)
    if higher is None:
        raise ValueError(
            f"{path}: task {task!r}: nothing says whether {name} is better higher or lower; rate "
            f"main_score (higher is better) or leave the task out (--exclude {task})"
        )
    folder = os.path.dirname(path) or "."
    subsets = tuple(sorted(str(e.get("hf_subset", "default")) for e in entries))
    return Run(
        "mteb",
        _model(folder, {} if names is None else names, notes),
        task,
        name if split == EVAL_SPLIT else f"{name} (split {split})",
        float(np.mean(values)),
        Aggregate("mean", bool(higher)),
        path,
        _when(data),
        measured=(("metric", name), ("filter", split), ("subsets", subsets)),
        context=(("revision", os.path.basename(os.path.abspath(folder))),),
        no_items=_NO_ITEMS,
    )


def _when(data: dict) -> str:
    """When the result was written (newer mteb records ``date``, a POSIX time), sortable; else ``0000``."""
    date = data.get("date")
    if isinstance(date, (int, float)) and not isinstance(date, bool):
        return datetime.datetime.fromtimestamp(date, datetime.timezone.utc).strftime("%Y-%m-%dT%H-%M-%S.%f")
    return "0000"


def _value(entry: Any, name: str, task: str, where: str) -> float:
    """One ``hf_subset`` entry's ``name`` score (a finite number, or a ``ValueError``)."""
    subset = entry.get("hf_subset", "default") if isinstance(entry, dict) else None
    value = entry.get(name) if isinstance(entry, dict) else None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not np.isfinite(value):
        has = sorted(k for k, v in entry.items() if isinstance(v, (int, float))) if subset else []
        hint = f"; it has {', '.join(has[:8])}{' ...' if len(has) > 8 else ''}" if name != _MAIN else ""
        raise ValueError(
            f"{where}, subset {subset!r}: {name} is {value!r}, not a number{hint}; rate another metric "
            f"(--metric {task}=NAME) or leave the task out (--exclude {task})"
        )
    return float(value)


def read_files(files: list[str], options, notes: list) -> list[Run]:
    """Every task file's run, and one note per task whose other splits were passed over."""
    names: dict = {}
    held: dict[str, set] = {}
    runs = []
    for path in files:
        try:
            try:
                run = mteb_run(path, metric=options.metric, filter=options.filter, names=names,
                               notes=notes, held=held)  # fmt: skip
            except (KeyError, TypeError, AttributeError, IndexError) as err:
                kind = type(err).__name__
                raise ValueError(f"{path}: not a well-formed MTEB result ({kind}: {err})") from None
        except ValueError:
            task = _task_of(path)
            if task is None or not _left_out(task, options):
                raise
            why = "left out, and not readable (--tasks/--exclude)"
            run = Run("mteb", path, task, _MAIN, float("nan"), Aggregate(), path, "0000", no_items=why)
        runs.append(run)
    if options.filter is None and held:
        tasks = sorted(held)
        others = sorted(set().union(*held.values()))
        notes.append(
            Assumed(
                "metric",
                f"rated the {EVAL_SPLIT!r} split of {', '.join(tasks[:6])}{' ...' if len(tasks) > 6 else ''}",
                f"mteb's default evaluation split (TaskMetadata.eval_splits); the files do not record the "
                f"task's, and also hold {', '.join(others)}",
                f"{options.flag('filter')} TASK=SPLIT rates another",
                options.flag("filter", EVAL_SPLIT),
            )
        )
    notes.append(f"{_NO_ITEMS}: rated as reported, without a per-item interval")
    return runs


def _task_of(path: str) -> str | None:
    """The task a result file is of, as far as it can be read (``task_name``, else the file's name)."""
    try:
        data = _json(path)
    except ValueError:
        data = None
    name = data.get("task_name") if isinstance(data, dict) else None
    return str(name) if name else os.path.splitext(os.path.basename(path))[0]


def _left_out(task: str, options) -> bool:
    """Whether ``--tasks``/``--exclude`` leave ``task`` out (its file's problems are then no matter)."""
    picked = lambda field: any(fnmatch.fnmatchcase(task, p) for p in getattr(options, field) or ())  # noqa: E731
    return picked("exclude") or options.tasks is not None and not picked("tasks")


def _is_result(head: Head) -> str | None:
    if head.suffix != ".json" or head.name == "model_meta.json" or not head.text.lstrip().startswith("{"):
        return None
    text = head.text
    new = '"scores"' in text and ('"mteb_version"' in text or '"dataset_revision"' in text)
    if new or '"mteb_dataset_name"' in text:
        return "an MTEB task result (scores by split, with mteb_version or dataset_revision)"
    return None


def _is_meta(head: Head) -> str | None:
    return "an MTEB model_meta.json" if head.name == "model_meta.json" and head.json("{", "name") else None


def _refuse_meta(files: list[str], options=None, notes=None) -> list:
    raise ValueError(
        f"{files[0]}: MTEB's model metadata names a model and holds no scores; give its results folder "
        "(results/<org>__<model>/) or the task files beside it"
    )


FORMATS = (
    Format("MTEB model metadata", "part", _is_meta, _refuse_meta),
    Format("MTEB results", "runs", _is_result, read_files),
)
