"""HELM (crfm-helm) runs: ``benchmark_output/runs/<suite>/<run>/`` folders.

``helm-run`` writes one folder per run (a scenario with its arguments, run by
one model), named like ``mmlu:subject=anatomy,model=openai_gpt2``, holding
``run_spec.json`` (the scenario, the adapter with its ``model``, the metric
specs and the run groups), ``stats.json`` (each stat's aggregate: ``name``
with ``name``, ``split`` and maybe ``perturbation``, and ``mean``) and
``per_instance_stats.json`` (the same stats per ``instance_id`` and train
trial). jaxrate reads a run as one score of one model on one task, the task
being the run's name without its ``model=`` argument:

* the metric is the run group's main metric (``main_name`` / ``main_split`` of
  the schema ``helm-summarize`` wrote beside the runs), else the first metric
  its metric specs name, or ``metric=``; its direction is the schema's
  ``lower_is_better`` (negated when lower is better);
* the items are the instances (without perturbations), each the mean of its
  train trials; their mean reproduces ``stats.json``'s mean.

``helm-summarize``'s group tables are not read as scores: their aggregate
columns (``Mean win rate``, means over scenarios) are not tasks.
"""

from __future__ import annotations

import json
import os
from typing import Any

import numpy as np

from jaxrate.io._replicate_data import Aggregate
from jaxrate.io._runs import Run, choice, json_head

__all__ = ["helm_files", "helm_runs", "helm_table_runs", "is_helm_table"]

# Metrics whose direction HELM's schema gives as lower-is-better, for runs without a schema beside them.
_LOWER = (
    "perplexity",
    "bits_per_byte",
    "inference_runtime",
    "inference_denoised_runtime",
    "training_co2_cost",
)
_HIGHER = ("exact_match", "quasi_exact_match", "prefix_exact_match", "f1_score", "rouge", "bleu", "accuracy")


def _is_run(folder: str) -> bool:
    return os.path.isfile(os.path.join(folder, "run_spec.json")) and os.path.isfile(
        os.path.join(folder, "stats.json")
    )


def helm_files(path: str) -> list[str]:
    """The HELM run folders at or under ``path`` (sorted)."""
    if os.path.isfile(path):
        folder = os.path.dirname(os.path.abspath(path))
        return [folder] if os.path.basename(path) == "run_spec.json" and _is_run(folder) else []
    found = []
    for root, dirs, _ in os.walk(path):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "eval_cache")
        if _is_run(root):
            found.append(root)
            dirs[:] = []
    return found


def _json(path: str) -> Any:
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise ValueError(f"{path}: cannot read as JSON: {err}") from None


def _schema(run_folder: str) -> dict:
    """The suite's schema (``schema.json`` / ``schema*.yaml`` that helm-summarize wrote), or ``{}``."""
    suite = os.path.dirname(os.path.abspath(run_folder))
    for name in sorted(os.listdir(suite)):
        full = os.path.join(suite, name)
        if name.startswith("schema") and name.endswith(".json"):
            return _json(full)
        if name.startswith("schema") and name.endswith((".yaml", ".yml")):
            import yaml

            try:
                with open(full, encoding="utf-8") as f:
                    return yaml.safe_load(f) or {}
            except yaml.YAMLError as err:
                raise ValueError(f"{full}: cannot read HELM's schema: {err}") from None
    return {}


def _task(spec: dict) -> str:
    """The run's name without its model: the scenario and its arguments."""
    name = str(spec["name"])
    scenario, sep, args = name.partition(":")
    keep = [a for a in args.split(",") if a and not a.startswith(("model=", "model_deployment="))]
    return scenario + (":" + ",".join(keep) if keep else "")


def _main_metric(spec: dict, schema: dict, stats: list, wanted: tuple, task: str) -> tuple[str | None, str]:
    """``(metric, split)``: chosen, else the main metric of the run's most specific run group that has it."""
    name = wanted[1].get(task) or wanted[0]
    groups = {g.get("name"): g for g in schema.get("run_groups") or []}
    mains = []
    for group in reversed(spec.get("groups") or []):  # the scenario's own group is listed last
        env = (groups.get(group) or {}).get("environment") or {}
        if env.get("main_name"):
            mains.append((str(env["main_name"]), str(env.get("main_split", "test"))))
    if name:
        return name, next((split for main, split in mains if main == name), mains[0][1] if mains else "test")
    for main, split in mains:
        if any(_stat(s, main, split) for s in stats):
            return main, split
    if mains:
        return mains[0]
    for metric in spec.get("metric_specs") or []:
        names = (metric.get("args") or {}).get("names")
        if names and not schema:
            return str(names[0]), "test"
    return None, "test"


def _direction(metric: str, schema: dict, path: str) -> bool:
    for entry in schema.get("metrics") or []:
        if entry.get("name") == metric:
            return not entry.get("lower_is_better", False)
    if metric.startswith(_LOWER):
        return False
    if metric.startswith(_HIGHER) or "exact_match" in metric or "accuracy" in metric:
        return True
    raise ValueError(
        f"{path}: whether {metric} is better higher or lower is in HELM's schema, and none is beside the "
        "runs (run helm-summarize for the suite)"
    )


def _stat(entry: dict, metric: str, split: str) -> bool:
    name = entry.get("name") or {}
    return name.get("name") == metric and name.get("split") == split and not name.get("perturbation")


def helm_runs(folder: str, *, metric: Any = None, notes: list | None = None) -> list[Run]:
    """The :class:`Run` of one HELM run folder (one model on one scenario)."""
    spec = _json(os.path.join(folder, "run_spec.json"))
    if not isinstance(spec, dict) or "adapter_spec" not in spec or "name" not in spec:
        raise ValueError(f"{folder}/run_spec.json: not a HELM run spec (no name or adapter_spec)")
    schema = _schema(folder)
    task = _task(spec)
    stats_path = os.path.join(folder, "stats.json")
    all_stats = _json(stats_path)
    if not isinstance(all_stats, list):
        raise ValueError(f"{stats_path}: not HELM stats (a list of stats)")
    name, split = _main_metric(spec, schema, all_stats, choice(metric, "--metric"), task)
    if name is None:  # HELM's own tables leave such a run out too
        if notes is not None:
            notes.append(
                f"{task}: no main metric (its run groups {spec.get('groups')} have none in the schema): "
                f"left out, as in HELM's tables; --metric {task}=NAME rates it"
            )
        return []
    stats = [s for s in all_stats if _stat(s, name, split)]
    if not stats or stats[0].get("mean") is None:
        raise ValueError(f"{stats_path}: no {name} on the {split} split for run {spec['name']!r}")
    agg = Aggregate("mean", _direction(name, schema, folder))
    adapter = spec["adapter_spec"]
    model = str(adapter.get("model") or adapter.get("model_deployment"))
    measured = (
        ("metric", name),
        ("split", split),
        ("max_eval_instances", adapter.get("max_eval_instances")),
        ("max_train_instances", adapter.get("max_train_instances")),
        ("num_train_trials", adapter.get("num_train_trials")),
        ("method", adapter.get("method")),
    )
    common = dict(harness="HELM", model=model, task=task, metric=f"{name} ({split})", source=stats_path)
    when = str(os.path.getmtime(stats_path))
    common.update(value=float(stats[0]["mean"]), aggregate=agg, when=when, measured=measured)
    per_path = os.path.join(folder, "per_instance_stats.json")
    if not os.path.isfile(per_path):
        return [Run(no_items="the run has no per_instance_stats.json", **common)]
    per: dict[str, list[float]] = {}
    for entry in _json(per_path):
        for stat in entry.get("stats") or []:
            if _stat(stat, name, split) and stat.get("count"):
                key = str(entry["instance_id"])
                per.setdefault(key, []).append(float(stat["sum"]) / float(stat["count"]))
    if not per:
        return [Run(no_items=f"per_instance_stats.json has no {name} per instance", **common)]
    ids = np.asarray(list(per))
    values = np.asarray([np.mean(v) for v in per.values()])
    return [Run(ids=ids, values=values, **common)]


_AGGREGATE_COLUMNS = ("mean win rate", "mean score", "mean rank")


def is_helm_table(path: str) -> bool:
    """Whether ``path`` is one of ``helm-summarize``'s group tables (``groups/*.json``)."""
    return (
        os.path.isfile(path) and path.lower().endswith(".json") and json_head(path, "[", ("header", "title"))
    )


def helm_table_runs(path: str, *, table: str | None = None, notes: list | None = None) -> list[Run]:
    """Scores from a ``helm-summarize`` group table: model by run group, without items.

    The table titled ``table`` (default: ``"Accuracy"`` where there is one, else
    the first). The aggregate columns HELM adds (``Mean win rate``, means over
    scenarios) summarise the others and are never read as tasks; columns
    without a run group (counts, times) neither.
    """
    tables = _json(path)
    titles = [t.get("title") for t in tables]
    wanted = table or ("Accuracy" if "Accuracy" in titles else titles[0])
    if wanted not in titles:
        raise ValueError(f"{path}: no table {wanted!r}; it has {titles}")
    found = tables[titles.index(wanted)]
    header = found["header"]
    schema = _schema(os.path.dirname(os.path.dirname(os.path.abspath(path))) + "/x")
    names = {m.get("display_name"): m.get("name") for m in schema.get("models") or []}
    columns, skipped = [], []
    for j, cell in enumerate(header[1:], 1):
        group = (cell.get("metadata") or {}).get("run_group")
        if str(cell.get("value", "")).strip().lower() in _AGGREGATE_COLUMNS or not group:
            skipped.append(str(cell.get("value")))
            continue
        columns.append(
            (j, f"{group} - {cell['metadata'].get('metric')}", not cell.get("lower_is_better", False))
        )
    if notes is not None and skipped:
        notes.append(
            f"{os.path.basename(path)}: {', '.join(repr(s) for s in skipped)} left out: HELM's aggregates of "
            "the other columns (or not scores), not tasks"
        )
    runs = []
    for row in found["rows"]:
        display = str(row[0].get("value"))
        model = names.get(display) or display
        for j, task, better in columns:
            value = row[j].get("value")
            if value is None:
                continue
            runs.append(
                Run(
                    harness="HELM (summary)",
                    model=model,
                    task=task,
                    metric=task.rsplit(" - ", 1)[-1],
                    value=float(value),
                    aggregate=Aggregate("mean", better),
                    source=path,
                    when=str(os.path.getmtime(path)),
                    no_items="a helm-summarize table holds aggregates only (read the runs for items)",
                )
            )
    return runs
