"""EleutherAI lm-evaluation-harness output: results files and their per-item samples, in every layout.

``lm_eval --output_path OUT [--log_samples]`` writes ``OUT/ORG__NAME/results_<date>.json`` and
``samples_<task>_<date>.jsonl`` per task (0.4.3+); older releases ``OUT/results.json`` and
``OUT/<model_args>_<task>.jsonl``; 0.3-era files and BigScience's fork (``results`` a list) are read
too. Every results file under the paths is one run: the model is its ``model_name`` (else
``pretrained=``..., with ``@REVISION``), each task (not group) is rated by its first metric and filter
(or ``metric=`` / ``filter=``), in the harness's own direction and aggregation (``mean``,
``perplexity``, ``weighted_perplexity``, ``bits_per_byte``: lower-is-better ones negated). Items come
only from the same run's samples file; a run without one (or whose samples file is a Git LFS pointer,
not fetched), or a corpus-level metric (``f1``, ``bleu``), is rated from its aggregate.
:func:`jaxrate.io._runs.resolve` checks that the items reproduce it. A task that ``--tasks``/``--exclude``
leave out is not read further than its name: nothing about it can stop the reading.
"""

from __future__ import annotations

import datetime
import functools
import json
import math
import os
import re
from typing import Any

import numpy as np

from jaxrate.io._format import Format, Head
from jaxrate.io._replicate_data import AGGREGATES, Aggregate
from jaxrate.io._roles import direction, few
from jaxrate.io._runs import Refused, Run, choice, picked, problem_of, reproduces

__all__ = ["FORMATS", "lm_eval_runs", "read_files"]

# The run's date in a results file's name (results_<date>.json, or <name>_<date>.json for
# --output_path <name>.json); its samples files carry the same date.
_DATED = re.compile(r"_(\d{4}-\d{2}-\d{2}T[0-9.\-]+)\.json$")
_SAMPLES = re.compile(r"^samples_(.+)_(\d{4}-\d{2}-\d{2}T[0-9.\-]+)\.jsonl$")
# lm-eval's metric registry (0.4.x): each built-in metric's aggregation, where the task config omits it.
_DEFAULT_AGGREGATION = {
    **dict.fromkeys("acc acc_norm acc_mutual_info acc_bytes exact_match likelihood".split(), "mean"),
    **{k: k for k in "perplexity bits_per_byte brier_score bypass f1 bleu chrf chrf++ ter acc_all".split()},
    **dict.fromkeys(("word_perplexity", "byte_perplexity"), "weighted_perplexity"),
    "mcc": "matthews_corrcoef",
}
# Model arguments that load the model without changing what it computes (revision is in its name).
_LOADER_KEYS = set(
    "revision trust_remote_code dtype device device_map parallelize batch_size max_batch_size use_accelerate "
    "tensor_parallel_size data_parallel_size gpu_memory_utilization base_url cache_dir num_concurrent "
    "max_retries".split()
)
# lm-eval's backends, named in config.model: not a model's name.
_BACKENDS = set(
    "gpt2 hf hf-causal hf-causal-experimental hf-seq2seq hf-auto gpt3 openai textsynth dummy anthropic neox "
    "vllm local-completions local-chat-completions".split()
)
# A file Git LFS left as its pointer (the content not fetched): its first line.
_LFS = b"version https://git-lfs.github.com/spec/v1"
LFS_POINTER = "its samples file is a Git LFS pointer (not fetched)"
# What a BigScience entry says besides its metric (the prompt behind it).
_ENTRY = set(
    "task_name prompt_name prompt_id prompt_jinja prompt_original_task comment fixed_answer_choice_list "
    "dataset_path dataset_name subset".split()
)


def _load(path: str) -> dict | None:
    """The results file at ``path`` (BigScience's list of results as lm-eval's map), or ``None``."""
    from jaxrate.results._files import load_json

    data = load_json(path)  # a file that is not JSON (cut short, not text, a key twice) says so, named
    if not isinstance(data, dict) or not ("configs" in data or "versions" in data or "config" in data):
        return None
    if isinstance(data.get("results"), list):  # BigScience's fork: one metric per entry
        results: dict[str, dict] = {}
        for entry in data["results"]:
            if isinstance(entry, dict) and entry.get("task_name"):
                prompt = entry.get("prompt_name")
                task = str(entry["task_name"]) + (f"+{prompt}" if prompt else "")
                results.setdefault(task, {}).update({k: v for k, v in entry.items() if k not in _ENTRY})
        data = {**data, "results": results}
    return data if isinstance(data.get("results"), dict) else None


def _is_results(head: Head) -> str | None:
    named = not head.name.startswith("samples_") and head.suffix in (".json", "")
    if named and head.json("{", "results") and _load(head.path) is not None:
        return "a JSON map of 'results' with 'versions' or 'configs' (lm-evaluation-harness)"
    return None


def _refuse_samples(files: list[str], options=None, notes=None) -> list:
    raise ValueError(
        f"{files[0]}: an lm-evaluation-harness samples file holds one task's items only; give its folder "
        "(or the results_*.json of the same run), which says how the items make the task's score"
    )


PARALLEL_FILES = 8  # results files from which lm-eval samples are read in several processes


def read_files(files: list[str], options, notes: list) -> list[Run]:
    """Every results file's runs; in worker processes for many files (samples are most of the time)."""
    read = functools.partial(
        _guarded, metric=options.metric, filter=options.filter, tasks=options.tasks, exclude=options.exclude
    )
    workers = min(os.cpu_count() or 1, 8) if options.workers is None else int(options.workers)
    context = _fork_context()
    if workers <= 1 or len(files) < PARALLEL_FILES or context is None:
        done = [read(f) for f in files]
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(min(workers, len(files)), mp_context=context) as pool:
            done = list(pool.map(read, files, chunksize=max(1, len(files) // (4 * workers))))
    notes += [note for _, said in done for note in said]
    runs = [run for got, _ in done for run in got]
    pointers = [r for r in runs if r.no_items == LFS_POINTER]
    if pointers:
        tasks = list(dict.fromkeys(r.task for r in pointers))
        notes.append(
            f"the samples files of {len(pointers)} runs are Git LFS pointers, not fetched (git lfs pull "
            f"fetches them): {few(tasks, 6, str)} rated from the harness's aggregates, without per-item "
            "intervals"
        )
    return runs


def _guarded(
    path: str, metric: Any, filter: Any, tasks: Any = None, exclude: Any = None
) -> tuple[list, list]:
    notes: list = []
    try:
        runs = lm_eval_runs(path, metric=metric, filter=filter, notes=notes, tasks=tasks, exclude=exclude)
        return runs, notes
    except (KeyError, TypeError, AttributeError, IndexError) as err:
        raise ValueError(
            f"{path}: not a well-formed lm-evaluation-harness file ({type(err).__name__}: {err}); "
            "edited or cut short?"
        ) from None


def _fork_context():
    """A ``fork`` context when forking is safe here (POSIX, one thread, JAX not loaded), else ``None``."""
    import multiprocessing
    import sys
    import threading

    if "fork" not in multiprocessing.get_all_start_methods() or threading.active_count() > 1:
        return None
    if "jax" in sys.modules or multiprocessing.parent_process() is not None:
        return None
    return multiprocessing.get_context("fork")


def _is_samples(head: Head) -> str | None:
    return "an lm-eval samples file" if head.name.startswith("samples_") and head.suffix == ".jsonl" else None


FORMATS = (
    Format("lm-evaluation-harness samples", "part", _is_samples, _refuse_samples),
    Format("lm-evaluation-harness results files", "runs", _is_results, read_files),
)


def _model_args(data: dict) -> dict:
    args = (data.get("config") or {}).get("model_args") or {}
    if isinstance(args, dict):
        return {str(k): str(v) for k, v in args.items()}
    pairs = (part.partition("=") for part in str(args).split(","))
    return {key.strip(): value.strip() for key, sep, value in pairs if sep}


def _model_name(data: dict, path: str) -> str:
    """The model as lm-eval names it: ``model_name``, else the first of ``peft=``, ``delta=``, ...
    ``engine=`` (its tracker's order), else ``config.model`` unless a backend, else the file's name."""
    args = _model_args(data)
    name = data.get("model_name") or next(
        (args[k] for k in ("peft", "delta", "pretrained", "model", "path", "engine") if args.get(k)), None
    )
    model = (data.get("config") or {}).get("model")
    if not name and isinstance(model, str) and model not in _BACKENDS:
        name = model
    if not name:
        stem = os.path.splitext(os.path.basename(path))[0].split("_")[0]
        name = re.sub(r"-(bs)?evalharness-results$", "", stem)
    revision = args.get("revision")
    return f"{name}@{revision}" if revision and revision != "main" else str(name)


def _tasks(data: dict) -> list[str]:
    """The tasks with their own scores: no groups, nor (given task configs) entries without one."""
    groups = {g for g, subtasks in (data.get("group_subtasks") or {}).items() if subtasks}
    groups |= set(data.get("groups") or {})
    configs = data.get("configs")
    return [t for t in data["results"] if t not in groups and (not configs or t in configs)]


def _config(data: dict, task: str) -> str:
    """What the task's config says it measured, as text (function addresses dropped)."""
    config = (data.get("configs") or {}).get(task) or {}
    keys = ("dataset_path", "dataset_name", "test_split", "doc_to_text", "doc_to_target", "doc_to_choice",
            "target_delimiter", "fewshot_delimiter", "num_fewshot", "generation_kwargs", "filter_list",
            "metric_list", "output_type")  # fmt: skip
    text = json.dumps({k: config.get(k) for k in keys if k in config}, sort_keys=True, default=str)
    return re.sub(r" at 0x[0-9a-f]+", "", text)


def _metric_keys(data: dict, task: str) -> list[tuple[str, str]]:
    """``(metric, filter)`` of each score the results give the task, in order (no filter: ``"none"``)."""
    keys = []
    for key, value in data["results"][task].items():
        metric, sep, filter_ = key.partition(",")
        skip = metric.endswith("_stderr") or metric in ("alias", "name", "sample_len", "samples")
        if _number(value) and not skip:
            keys.append((metric, filter_ if sep else "none"))
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
    """``(aggregate, aggregation's name, per-item)``; the name is ``"mean?"`` where neither the results
    nor lm-eval's registry give it, and ``per-item`` false for a corpus-level metric."""
    listed = next((m for m in _listed(data, task) if m.get("metric") == metric), {})
    how = listed.get("aggregation")
    if not isinstance(how, str):
        how = _DEFAULT_AGGREGATION.get(metric, "mean?" if how is None else "?")
    given = data.get("higher_is_better")
    given = given.get(task) if isinstance(given, dict) else None
    better = given.get(metric) if isinstance(given, dict) else None
    better = listed.get("higher_is_better") if better is None else better
    if better is None:
        better = direction(metric, "lm-eval")
    if better is None:
        raise Refused(
            f"{path}: task {task!r}: the results do not say whether {metric} is better higher or lower",
            ("rate another metric", "metric", f"{task}=NAME"),
        )
    per_item = how in AGGREGATES or how == "mean?"
    return Aggregate(how.rstrip("?") if per_item else "mean", bool(better)), how, per_item


def _samples_files(data: dict, path: str) -> dict[str, str]:
    """The samples file of each task of the run at ``path`` (only that run's)."""
    folder, name = os.path.split(path)
    found = _DATED.search(name)
    try:
        listing = os.listdir(folder or ".")
    except OSError:
        return {}
    if found:  # 0.4.3 and later: samples_<task>_<date>.jsonl of the same date
        hits = [m for m in map(_SAMPLES.match, listing) if m and m.group(2) == found.group(1)]
        return {m.group(1): os.path.join(folder, m.string) for m in hits}
    # Before 0.4.3: <model_args, '/' (and, in 0.4.2, '=') as '__'>_<task>.jsonl (a JSON array).
    raw = (data.get("config") or {}).get("model_args") or ""
    raw = raw if isinstance(raw, str) else ""
    prefixes = dict.fromkeys([re.sub("/|=", "__", raw), re.sub("/", "__", raw)])
    out = {}
    for task in _tasks(data):
        paths = (os.path.join(folder, f"{prefix}_{task}.jsonl") for prefix in prefixes)
        hit = next((p for p in paths if os.path.isfile(p)), None)
        if hit is not None:
            out[task] = hit
    return out


def _samples(path: str, data: bytes):
    """``(line or entry number, sample)`` of a samples file: JSON lines, or (before 0.4.3) one JSON array."""
    from jaxrate.results._files import decode, parse_json

    if data.lstrip()[:1] == b"[":
        entries = parse_json(decode(data, path), path)  # strictly: a key twice is refused
        yield from ((k, e) for k, e in enumerate(entries, 1) if isinstance(e, dict))
        return
    for n, line in enumerate(data.split(b"\n"), 1):
        if not line.strip():
            continue
        where = f"{path}: line {n}"
        yield n, parse_json(decode(line, where), where)


# A line as lm-eval 0.4.3+ writes it: {"doc_id": N, "doc": ..., "filter": "F", "metrics": [...], METRIC:
# VALUE, ...}. The top-level "filter" is the line's last (the document's come before it): a greedy match.
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
        key = b'"' + metric.encode() + b'": '
        for doc, _, tail in (m for m in matches if m[1] == want):
            found = value.search(tail)
            if found is None or tail.count(key) != 1:  # none, or twice: the strict reader says which
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


def _is_pointer(path: str) -> bool:
    """Whether the file at ``path`` is a Git LFS pointer (``version https://git-lfs...``, ``oid ...``)."""
    try:
        with open(path, "rb") as f:
            head = f.read(200)
    except OSError:
        return False
    return head.startswith(_LFS) and b"\noid sha256:" in head


def _items(path: str, task: str, metric: str, filter_: str, weighted: bool):
    """``(ids, values, weights)`` of the run's samples file for one metric and filter, or why not (in
    words) when a line's value is not a per-item number (or pair, ``weighted``)."""
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
        return datetime.datetime.fromtimestamp(date, datetime.timezone.utc).strftime("%Y-%m-%dT%H-%M-%S.%f")
    return "0000"


def lm_eval_runs(
    path: str,
    *,
    metric: Any = None,
    filter: Any = None,
    notes: list | None = None,
    tasks: Any = None,
    exclude: Any = None,
) -> list[Run]:
    """The :class:`Run` of each task in one results file; ``metric`` / ``filter`` as
    :func:`jaxrate.io._runs.choice` takes them; a task ``tasks``/``exclude`` leave out is a run that says
    so, read no further (a task's problem is a run's :class:`jaxrate.io._runs.Problem`, not an error)."""
    data = _load(path)
    if data is None:
        raise ValueError(f"{path}: not an lm-evaluation-harness results file (no 'results' map)")
    notes = [] if notes is None else notes
    picks = choice(metric, "--metric"), choice(filter, "--filter")
    model = _model_name(data, path)
    samples = _samples_files(data, path)
    when = _when(data, path)
    args = ",".join(f"{k}={v}" for k, v in sorted(_model_args(data).items()) if k not in _LOADER_KEYS)
    context = (("model_args", args),)
    common = dict(harness="lm-evaluation-harness", model=model, source=path, when=when, context=context)
    wanted = picked(tasks, exclude)
    runs = []
    for task in _tasks(data):
        try:
            if not wanted(task):  # read no further: pick_tasks leaves it out
                raise ValueError(f"{path}: task {task!r} was left out when read")
            runs.append(_task_run(data, task, path, picks, samples, common, notes))
        except ValueError as err:
            unrated = dict(common, task=task, metric="", value=math.nan, aggregate=Aggregate())
            runs.append(Run(**unrated, problem=problem_of(err)))
    return runs


def _task_run(
    data: dict, task: str, path: str, picks: tuple, samples: dict, common: dict, notes: list
) -> Run:
    """The :class:`Run` of one task, from its items where kept and they make its score, else from its
    aggregate (``no_items`` says why); ``common``: the fields all the file's runs share.

    Raises:
      ValueError: why the task cannot be rated (said only if it is picked).
    """
    name, filt = _pick(data, task, path, *picks)
    agg, how, per_item = _aggregate(data, task, name, path)
    scores = data["results"][task]
    value = scores.get(f"{name},{filt}", scores.get(name) if filt == "none" else None)  # 0.3: no filter
    if not _number(value):
        raise ValueError(f"{path}: task {task!r}: {name},{filt} is {value!r}, not a number")
    label = name if filt == "none" else f"{name} (filter {filt})"
    context = common["context"] + (("task config", _config(data, task)),)
    fields = dict(common, task=task, metric=label, value=float(value), aggregate=agg, context=context)
    fields["measured"] = _measured(data, task, name, filt)
    fields["limited"] = _limited(data, task)
    if per_item and task not in samples:
        why = f"its run ({os.path.basename(path)}) kept no samples (lm_eval --log_samples)"
        return Run(no_items=why, **fields)
    if per_item and _is_pointer(samples[task]):  # said once for all (read_files)
        return Run(no_items=LFS_POINTER, **fields)
    items = _items(samples[task], task, name, filt, agg.weighted) if per_item else None
    if not per_item:  # corpus-level: the harness's aggregate, with its direction
        why = f"{name} is a corpus-level metric (aggregation {how}): no per-item scores"
    elif isinstance(items, str):
        why = f"{os.path.basename(samples[task])}: {items}"
    elif how == "mean?" and not reproduces(agg, items[1], items[2], float(value))[0]:
        why = f"the aggregation of {name} is not recorded, and its items' mean is not the score"
    else:
        if how == "mean?":
            notes.append(
                f"{task}: the aggregation of {name} is not recorded; its items' mean reproduces the score"
            )
        ids, values, weights = items
        return Run(ids=ids, values=values, weights=weights, **fields)
    notes.append(f"{task}: {why}; rated from the harness's aggregate, without a per-item interval")
    return Run(no_items=why, **fields)


def _limited(data: dict, task: str) -> tuple[str, str] | None:
    """How a ``--limit`` run scored part of ``task``: ``("--limit 10", "10 documents of 1,267")``."""
    limit = (data.get("config") or {}).get("limit")
    if not _number(limit):
        return None
    flag = f"--limit {limit:g}"
    n = (data.get("n-samples") or {}).get(task) or {}
    if isinstance(n.get("effective"), int) and isinstance(n.get("original"), int):
        return flag, f"{n['effective']:,} documents of {n['original']:,}"
    return flag, f"at most {limit:g} documents" if limit >= 1 else f"{limit:.0%} of its documents"


def _measured(data: dict, task: str, metric: str, filter_: str) -> tuple:
    """What must agree for two scores of ``task`` to be comparable (limit, n-shot, version, ...)."""
    n = (data.get("n-samples") or {}).get(task) or {}
    config = data.get("config") or {}
    shots = (data.get("n-shot") or {}).get(task)
    if shots is None and isinstance(config.get("num_fewshot"), int):  # 0.3: one count for the run
        shots = config["num_fewshot"]
    limit = config.get("limit")
    head = (("limit", limit), ("n-shot", shots), ("version", (data.get("versions") or {}).get(task)))
    return (*head, ("metric", metric), ("filter", filter_), ("documents", n.get("effective")))
