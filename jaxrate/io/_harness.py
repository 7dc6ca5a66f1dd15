"""Evaluation harness output, whichever harness wrote it: find the runs under some paths, read, merge.

Three harnesses are read, each by its own module and each checked against its
own aggregates (:mod:`jaxrate.io._runs`):

* lm-evaluation-harness: ``results*.json`` and ``samples_*.jsonl`` (:mod:`jaxrate.io._lm_eval`);
* inspect-ai: ``.eval`` logs, and ``.json`` logs (:mod:`jaxrate.io._inspect`);
* HELM: ``runs/<suite>/<run>/`` folders with ``run_spec.json`` (:mod:`jaxrate.io._helm`).

A path may be a file of one of them or a folder holding any number of them at
any depth; several paths (and glob patterns) are merged into one table.
"""

from __future__ import annotations

import glob
import os
from collections.abc import Sequence
from typing import Any

from jaxrate.io._helm import helm_files, helm_runs, helm_table_runs, is_helm_table
from jaxrate.io._inspect import inspect_files, inspect_runs
from jaxrate.io._lm_eval import lm_eval_runs, results_files
from jaxrate.io._replicates import ScoreReplicates
from jaxrate.io._runs import merge_runs

__all__ = ["HARNESS_FORMATS", "find_harness_output", "is_harness_output", "read_harness"]

HARNESS_FORMATS = (
    "lm-evaluation-harness results_*.json (with samples_*.jsonl), inspect-ai .eval/.json logs, "
    "or HELM runs/<suite>/<run>/run_spec.json"
)


def _expand(paths: str | Sequence[str]) -> list[str]:
    out = []
    for path in [paths] if isinstance(paths, (str, os.PathLike)) else list(paths):
        path = os.fspath(path)
        if not os.path.exists(path) and glob.has_magic(path):
            matches = sorted(glob.glob(path))
            if not matches:
                raise ValueError(f"{path}: no file or folder matches this pattern")
            out += matches
        elif not os.path.exists(path):
            raise ValueError(f"{path}: no such file or folder")
        else:
            out.append(path)
    return list(dict.fromkeys(out))


def find_harness_output(path: str) -> dict[str, list[str]]:
    """The harness files at or under ``path``: ``{"lm-eval": [...], "inspect": [...], "helm": [...]}``.

    HELM entries are run folders; the others are files (``"helm-table"``: a
    ``helm-summarize`` group table, read only when named itself). Empty lists when none.
    """
    found = {"lm-eval": results_files(path), "inspect": inspect_files(path), "helm": helm_files(path)}
    found["helm-table"] = [path] if is_helm_table(path) else []
    return found


def is_harness_output(path: str) -> bool:
    """Whether ``path`` is, or holds, output of an evaluation harness jaxrate reads."""
    if os.path.isfile(path) and os.path.basename(path).startswith("samples_") and path.endswith(".jsonl"):
        return True  # read_harness says what to give instead
    return os.path.exists(path) and any(find_harness_output(path).values())


def _refuse_samples_file(path: str) -> None:
    name = os.path.basename(path)
    if os.path.isfile(path) and name.startswith("samples_") and name.endswith(".jsonl"):
        raise ValueError(
            f"{path}: an lm-evaluation-harness samples file holds one task's items only; give its folder "
            "(or the results_*.json of the same run), which says how the items make the task's score"
        )


PARALLEL_FILES = 8  # results files from which read_harness reads lm-eval samples in several processes


_MALFORMED = (KeyError, TypeError, AttributeError, IndexError)  # a file of the right kind, badly formed


def _guarded(what: str, read, path: str, **options) -> list:
    """``read(path, **options)``; a file that breaks the reader's assumptions is a ``ValueError``."""
    try:
        return read(path, **options)
    except _MALFORMED as err:
        raise ValueError(
            f"{path}: not a well-formed {what} file ({type(err).__name__}: {err}); edited or cut short?"
        ) from None


def _lm_eval_file(path: str, metric: Any, filter: Any) -> tuple[list, list]:
    notes: list = []
    runs = _guarded("lm-evaluation-harness", lm_eval_runs, path, metric=metric, filter=filter, notes=notes)
    return runs, notes


def _read_lm_eval(files: list[str], metric: Any, filter: Any, workers: int | None):
    """``(runs, notes)`` of each results file: in worker processes for many files (their samples
    are most of the reading time: 100 models x 60 tasks x 1,000 items is 8 GB of JSON lines)."""
    workers = min(os.cpu_count() or 1, 8) if workers is None else int(workers)
    context = _fork_context()
    if workers <= 1 or len(files) < PARALLEL_FILES or context is None:
        return [_lm_eval_file(f, metric, filter) for f in files]
    import functools
    from concurrent.futures import ProcessPoolExecutor

    read = functools.partial(_lm_eval_file, metric=metric, filter=filter)
    with ProcessPoolExecutor(min(workers, len(files)), mp_context=context) as pool:
        return list(pool.map(read, files, chunksize=max(1, len(files) // (4 * workers))))


def _fork_context():
    """A ``fork`` context when forking is safe here (POSIX, one thread, JAX not loaded), else ``None``.

    Forked readers need no ``if __name__ == "__main__":`` guard in the caller's
    script (``spawn`` would run the script again in every reader); a process
    with other threads (JAX's) is read in one process instead.
    """
    import multiprocessing
    import sys
    import threading

    if "fork" not in multiprocessing.get_all_start_methods() or threading.active_count() > 1:
        return None
    if "jax" in sys.modules or multiprocessing.parent_process() is not None:
        return None
    return multiprocessing.get_context("fork")


def _pick_tasks(runs: list, tasks: Any, exclude: Any, notes: list) -> list:
    """The runs of the tasks ``tasks``/``exclude`` pick (as a score table's columns are picked)."""
    from jaxrate.io._columns import choose_columns, split_names

    if not (tasks or exclude):
        return runs
    names = list(dict.fromkeys(r.task for r in runs))
    chosen = choose_columns(
        "the harness output", names, split_names(tasks), split_names(exclude, "--exclude"), what="task"
    ).scores
    keep = set(chosen)
    dropped = [t for t in names if t not in keep]
    notes[:] = [n for n in notes if not any(n.startswith(f"{t}: ") for t in dropped)]  # theirs: moot
    if dropped:
        notes.append(f"--tasks/--exclude: {len(chosen)} of {len(names)} tasks rated")
    return [r for r in runs if r.task in keep]


def _check_choices(runs: list, spec: Any, option: str, keys: tuple) -> list[str]:
    """A ``--metric``/``--filter`` that no run took, or that names a task no run has, is an error."""
    import difflib

    from jaxrate.io._runs import choice

    everywhere, per_task = choice(spec, option)
    tasks = {r.task for r in runs}
    for task in per_task:
        if task not in tasks:
            close = difflib.get_close_matches(task, sorted(tasks), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else f"; the tasks are {sorted(tasks)[:12]}"
            raise ValueError(f"{option} {task}={per_task[task]}: no run has a task {task!r}{hint}")
    if everywhere is None:
        return []
    taken = {str(v) for r in runs for k, v in r.measured if k in keys}
    if everywhere not in taken:
        close = difflib.get_close_matches(everywhere, sorted(taken), n=1)
        hint = f"did you mean {close[0]!r}? " if close else ""
        raise ValueError(
            f"{option} {everywhere}: no task reports it; {hint}rated instead: {', '.join(sorted(taken)[:12])}"
        )
    others = sorted({r.task for r in runs if not any(k in keys and v == everywhere for k, v in r.measured)})
    if not others:
        return []
    return [f"{option} {everywhere}: {', '.join(others[:8])} do not report it and keep their first choice"]


def read_harness(
    paths: str | Sequence[str],
    *,
    metric: Any = None,
    filter: Any = None,
    prefer: str = "error",
    missing: str = "error",
    tasks: Any = None,
    exclude: Any = None,
    workers: int | None = None,
) -> ScoreReplicates:
    """The scores and per-item scores of evaluation harness output, merged from one or more paths.

    Every score is interpreted through the harness's own definition of its metric (direction,
    aggregation) and checked: the aggregate of the per-item values reproduces the harness's score to
    1e-9 (relative), else a ``ValueError`` names the model, the task and both numbers.

    Args:
      paths: a path or a sequence of paths, glob patterns expanded: each a folder (searched at any
        depth) or a file of lm-evaluation-harness (``results_*.json``; its ``samples_*.jsonl`` are
        read with it), inspect-ai (``.eval`` or ``.json`` logs) or HELM (a run folder, or a
        ``benchmark_output`` / suite folder holding them).
      metric: the metric to rate instead of each task's first (lm-eval: a metric name; inspect: a
        scorer's name; HELM: a stat name): ``"NAME"`` for every task that reports it,
        ``"TASK=NAME"`` for one, a list of those, or a mapping ``{task: name}``.
      filter: lm-evaluation-harness's filter, as ``metric`` (default: the first the results report
        for the metric).
      prefer: ``"error"`` (default) stops at two runs of one model and task that measured differently
        (item limit, few-shot count, filter, version), naming both files; ``"newest"`` rates the
        newer. Runs that measured the same way are always resolved to the newest.
      missing: a model without a score on a task: ``"error"`` (default), ``"drop-models"``,
        ``"drop-tasks"`` or ``"fill:VALUE"`` (a filled score has no items: no bootstrap).
      tasks, exclude: the tasks rated, and the tasks left out: names or :mod:`fnmatch` globs,
        comma-separated or a sequence (``"mmlu_*"``); a name no run has is an error naming the closest.
      workers: processes reading lm-evaluation-harness samples files (default: one per CPU, at most 8,
        when there are at least ``PARALLEL_FILES`` results files and this process can fork safely:
        one thread, JAX not imported; ``1`` reads in this process).

    Returns:
      A :class:`ScoreReplicates`: ``table()`` holds the scores as rated (the harness's own numbers,
      negated where lower is better), ``frame`` the per-item values (``column`` ``"item"``), ``runs``
      where each score came from, ``notes`` what was chosen and superseded.

    Raises:
      ValueError: naming the file for a path without harness output, an unreadable file, a score that
        its items do not reproduce, runs that measured differently, or a missing score.

    Example (the repository's lm-eval fixture: 3 models, 5 tasks):
      >>> import os, jaxrate
      >>> from jaxrate.io import read_harness
      >>> root = os.path.join(os.path.dirname(jaxrate.__file__), "..", "tests", "data", "harness")
      >>> run = read_harness(os.path.join(root, "lm_eval", "outputs", "per_model"))
      >>> run.table().shape, run.column
      ((3, 4), 'item')
      >>> row = run.runs.iloc[1]  # perplexity-type: the harness's number, negated (lower is better)
      >>> str(row["task"]), str(row["aggregate"]), bool(row["rated"] == -row["reported"])
      ('ppl_local', 'weighted_perplexity', True)
    """
    runs, notes = _read_runs(paths, metric, filter, workers, tasks, exclude)
    return _with_rated_notes(merge_runs(runs, prefer=prefer, missing=missing, notes=notes))


def _read_runs(paths, metric: Any, filter: Any, workers: int | None, tasks: Any, exclude: Any):
    """``(runs, notes)`` of the harness output at ``paths``: the runs of the tasks picked, with
    ``--metric``/``--filter`` checked against them, and the notes led by what was read."""
    runs, notes, counts = _read_paths(_expand(paths), metric, filter, workers)
    if filter is not None and not counts["lm-eval"]:
        raise ValueError("--filter is lm-evaluation-harness's; these runs are not")
    runs = _pick_tasks(runs, tasks, exclude, notes)
    notes += _check_choices(runs, metric, "--metric", ("metric", "scorer"))
    notes += _check_choices(runs, filter, "--filter", ("filter",))
    return runs, [_read_note(counts), *dict.fromkeys(notes)]


def _read_paths(paths: list[str], metric: Any, filter: Any, workers: int | None) -> tuple[list, list, dict]:
    """``(runs, notes, counts)`` of every harness file at or under ``paths``: a file that two paths
    reach (a folder and a file in it) is read once; ``counts`` the files of each kind."""
    runs, notes, counts = [], [], {"lm-eval": 0, "inspect": 0, "helm": 0, "helm-table": 0}
    seen: set[str] = set()
    for path in paths:
        _refuse_samples_file(path)
        found = find_harness_output(path)
        if not any(found.values()):
            raise ValueError(f"{path}: no evaluation harness output here ({HARNESS_FORMATS})")
        for kind, files in found.items():  # paths that overlap (a folder and a file in it): read once
            found[kind] = [f for f in files if os.path.realpath(f) not in seen]
            seen.update(os.path.realpath(f) for f in files)
        for got, said in _read_lm_eval(found["lm-eval"], metric, filter, workers):
            runs += got
            notes += said
        for f in found["inspect"]:
            runs += _guarded("inspect-ai log", inspect_runs, f, metric=metric, notes=notes)
        for f in found["helm"]:
            runs += _guarded("HELM run", helm_runs, f, metric=metric, notes=notes)
        for f in found["helm-table"]:
            runs += _guarded("helm-summarize table", helm_table_runs, f, notes=notes)
        for kind, files in found.items():
            counts[kind] += len(files)
    return runs, notes, counts


_KINDS = {
    "lm-eval": "lm-evaluation-harness results files",
    "inspect": "inspect-ai logs",
    "helm": "HELM runs",
    "helm-table": "helm-summarize tables",
}


def _read_note(counts: dict) -> str:
    """What was read, as a note: ``"read 3 lm-evaluation-harness results files, 2 HELM runs"``."""
    return "read " + ", ".join(f"{n} {_KINDS[k]}" for k, n in counts.items() if n)


def _with_rated_notes(merged: ScoreReplicates) -> ScoreReplicates:
    """``merged``, with a note per way of rating (metrics, aggregate, direction) naming its tasks."""
    rated: dict[str, list[str]] = {}  # what was rated -> its tasks: one line each, however many tasks
    for task, rows in merged.runs.groupby("task", sort=False):
        metrics = ", ".join(dict.fromkeys(rows["metric"]))
        direction = "higher is better" if rows["higher_is_better"].iloc[0] else "lower is better: negated"
        rated.setdefault(f"{metrics} ({rows['aggregate'].iloc[0]}, {direction})", []).append(str(task))
    for what, tasks in rated.items():
        shown = ", ".join(tasks[:6]) + (f" and {len(tasks) - 6} more" if len(tasks) > 6 else "")
        merged.notes.append(f"{shown}: {what}")
    return merged
