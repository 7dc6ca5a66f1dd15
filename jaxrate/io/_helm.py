"""HELM (crfm-helm) runs: ``benchmark_output/runs/<suite>/<run>/`` folders, and summary tables.

A run folder (``mmlu:subject=anatomy,model=openai_gpt2``) holds ``run_spec.json``, ``stats.json``
and ``per_instance_stats.json``; jaxrate reads it as one score of one model on one task (the run's
name without ``model=`` and without the adapter overrides of HELM's run expanders, such as
``num_output_tokens=4000``, which HELM's group tables put in the run's group with the others): the
run group's main metric (the suite's schema), else the first of its metric specs, or ``metric=``, in
the schema's direction; its items are the instances (without perturbations), each the mean of its
train trials. A ``helm-summarize`` table
(``groups/<group>.json`` or ``groups/json/<table>.json``) named on its own is a score table whose
header declares each column: no ``lower_is_better``, a count; no run group, an aggregate; a
perturbation, a variant; of each run group's columns the main metric is its score.
"""

from __future__ import annotations

import math
import os
from typing import Any

import numpy as np

from jaxrate.io._format import Format, Head, Parsed
from jaxrate.io._replicate_data import Aggregate
from jaxrate.io._roles import Declared, direction
from jaxrate.io._runs import Run, choice, problem_of

__all__ = ["FORMATS", "helm_runs"]


def _json(path: str) -> Any:
    from jaxrate.results._files import load_json

    return load_json(path)


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


# HELM's run expanders (helm/benchmark/run_expander.py, RUN_EXPANDERS): a run entry's arguments of these
# names are taken off before the run spec is made (run_spec_factory.py) and change its adapter (the
# model, its prompt, its tokens), not its scenario. helm-summarize files a run under its run groups
# (summarize.py, group_runs: run_spec.groups) and, in a group's table, under its scenario (its
# scenario_spec) and its model: an override does not make a run another column.
_EXPANDERS = frozenset(
    "instructions prompt newline stop format_prompt follow_format_instructions add_to_stop global_prefix "
    "num_train_trials max_train_instances max_eval_instances num_outputs num_trials model model_deployment "
    "data_augmentation tokenizer num_prompt_tokens num_output_tokens chatml eval_split "
    "output_format_instructions temperature increase_temperature increase_max_tokens process_output".split()
)


def _task(spec: dict) -> tuple[str, tuple[str, ...]]:
    """``(task, overrides)``: the run's name without its model and its adapter overrides (its run
    expanders' ``key=value``, unless the scenario's own argument): the scenario and its arguments."""
    name = str(spec["name"])
    scenario, _, args = name.partition(":")
    own = set((spec.get("scenario_spec") or {}).get("args") or {})
    keep, overrides = [], []
    for arg in (a for a in args.split(",") if a):
        key = arg.partition("=")[0]
        if key in ("model", "model_deployment"):
            continue
        (overrides if key in _EXPANDERS and key not in own else keep).append(arg)
    return scenario + (":" + ",".join(keep) if keep else ""), tuple(overrides)


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
    found = direction(metric, "helm")
    if found is not None:
        return found
    raise ValueError(
        f"{path}: whether {metric} is better higher or lower is in HELM's schema, and none is beside the "
        "runs (run helm-summarize for the suite)"
    )


def _stat(entry: dict, metric: str, split: str) -> bool:
    name = entry.get("name") or {}
    return name.get("name") == metric and name.get("split") == split and not name.get("perturbation")


def helm_runs(folder: str, *, metric: Any = None, notes: list | None = None) -> list[Run]:
    """The :class:`Run` of one HELM run folder (one model on one scenario); none where its run groups
    have no main metric (HELM's tables leave it out); a problem of it is the run's, said only if its
    task is rated."""
    spec = _json(os.path.join(folder, "run_spec.json"))
    if not isinstance(spec, dict) or "adapter_spec" not in spec or "name" not in spec:
        raise ValueError(f"{folder}/run_spec.json: not a HELM run spec (no name or adapter_spec)")
    task, overrides = _task(spec)
    adapter = spec["adapter_spec"]
    model = str(adapter.get("model") or adapter.get("model_deployment"))
    stats_path = os.path.join(folder, "stats.json")
    context = (("overrides", ",".join(overrides) or None),)
    common = dict(harness="HELM", model=model, task=task, source=stats_path, context=context)
    common["when"] = str(os.path.getmtime(stats_path))
    try:
        return _scored(folder, spec, common, metric, notes)
    except ValueError as err:
        return [Run(**common, metric="", value=math.nan, aggregate=Aggregate(), problem=problem_of(err))]


def _scored(folder: str, spec: dict, common: dict, metric: Any, notes: list | None) -> list[Run]:
    """The run of a folder's main metric, with its instances where ``per_instance_stats.json`` has them."""
    schema, task, stats_path = _schema(folder), common["task"], common["source"]
    all_stats = _json(stats_path)
    if not isinstance(all_stats, list):
        raise ValueError(f"{stats_path}: not HELM stats (a list of stats)")
    name, split = _main_metric(spec, schema, all_stats, choice(metric, "--metric"), task)
    if name is None:  # HELM's own tables leave such a run out too
        if notes is not None:
            groups = spec.get("groups")
            notes.append(f"{task}: no main metric (its run groups {groups} have none in the schema)")
        return []
    stats = [s for s in all_stats if _stat(s, name, split)]
    if not stats or stats[0].get("mean") is None:
        raise ValueError(f"{stats_path}: no {name} on the {split} split for run {spec['name']!r}")
    agg = Aggregate("mean", _direction(name, schema, folder))
    adapter = spec["adapter_spec"]
    keys = ("max_eval_instances", "max_train_instances", "num_train_trials", "method")
    measured = (("metric", name), ("split", split), *((k, adapter.get(k)) for k in keys))
    common = dict(common, metric=f"{name} ({split})", value=float(stats[0]["mean"]), aggregate=agg)
    common["measured"] = measured
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


def _overridden(runs: list[Run]) -> list[str]:
    """One note per task some of whose runs carry adapter overrides, rated in the task as HELM does."""
    by_task: dict[str, list[Run]] = {}
    for run in runs:
        by_task.setdefault(run.task, []).append(run)
    notes = []
    for task, group in by_task.items():
        said = [dict(r.context).get("overrides") for r in group]
        if any(said):
            shown = ", ".join(dict.fromkeys(o for o in said if o))
            notes.append(
                f"{task}: {sum(map(bool, said))} of its {len(group)} runs with adapter overrides ({shown}) "
                "rated in the task, as HELM's group tables put them in its run group"
            )
    return notes


def _runs(folders: list[str], options, notes: list) -> list[Run]:
    """Every run folder's run (``folders``: their ``run_spec.json``); refused if none has a main metric."""
    runs, left = [], []
    for spec in folders:
        folder = os.path.dirname(spec)
        if not os.path.isfile(os.path.join(folder, "stats.json")):
            continue
        try:
            got = helm_runs(folder, metric=options.metric, notes=notes)
        except (KeyError, TypeError, AttributeError, IndexError) as err:
            raise ValueError(f"{folder}: not a well-formed HELM run ({type(err).__name__}: {err})") from None
        runs += got
        left += [] if got else [folder]
    if left and not runs:
        groups = {g for f in left for g in _json(os.path.join(f, "run_spec.json")).get("groups") or []}
        has = "the suite's schema" if _schema(left[0]) else "no schema.json beside the runs"
        raise ValueError(
            f"{os.path.dirname(left[0])}: no run has a main metric: their run groups "
            f"({', '.join(sorted(groups))}) are not in {has}; run helm-summarize with a schema that has them "
            "(--schema-path), or name the stat to rate with --metric NAME"
        )
    if left:
        notes.append(
            f"{len(left)} run(s) without a main metric left out, as in HELM's tables "
            "(--metric TASK=NAME rates one)"
        )
    notes += _overridden(runs)
    return runs


def _table(path: str, options) -> Parsed:
    """A ``helm-summarize`` table (``Accuracy``, else the first) as a score table with declarations."""
    try:
        return _parsed_table(path)
    except (KeyError, IndexError, TypeError, AttributeError) as err:
        kind = type(err).__name__
        raise ValueError(f"{path}: not a well-formed helm-summarize table ({kind}: {err})") from None


def _parsed_table(path: str) -> Parsed:
    from jaxrate.io._cells import Cells
    from jaxrate.io._text import check_unique

    tables = _json(path)
    tables = tables if isinstance(tables, list) else [tables]
    titles = [t.get("title") for t in tables]
    found = tables[titles.index("Accuracy")] if "Accuracy" in titles else tables[0]
    header, title = found["header"], str(found.get("title") or "")
    up = os.path.dirname(os.path.dirname(os.path.abspath(path)))  # the suite (or groups/, for json/)
    schema = _schema(os.path.join(up, "x"))
    if not schema and os.path.basename(os.path.dirname(path)) == "json":
        schema = _schema(up)
    scenario = title not in ("", "Accuracy") and found.get("name") != "accuracy"
    names, declared = _columns(header[1:], _mains(schema), title if scenario else None)
    rows = [str(row[0].get("value")) for row in found["rows"]]
    check_unique(path, "model", rows, [f"row {k + 1}" for k in range(len(rows))])
    if not rows or len(header) < 2 or any(len(row) != len(header) for row in found["rows"]):
        raise IndexError("a row without a cell under each header, or no rows")
    columns = [[row[j].get("value") for row in found["rows"]] for j in range(1, len(header))]
    notes = [
        f"read {os.path.basename(path)}'s table {title!r}"
        + (f" (of {len(tables)})" if len(tables) > 1 else "")
    ]
    cells = Cells(path, str(header[0].get("value")), rows, names, columns, lambda k: f"row {rows[k]!r}")
    return Parsed("table", os.path.basename(path), cells=cells, declared=declared, notes=notes)


def _mains(schema: dict) -> dict:
    """``{run group's display name: its main metric's display names}`` of a schema."""
    metrics = {m.get("name"): m for m in schema.get("metrics") or []}
    out = {}
    for group in schema.get("run_groups") or []:
        main = metrics.get((group.get("environment") or {}).get("main_name"))
        if main:
            shown = {main.get("display_name"), main.get("short_display_name"), main.get("name")}
            out[group.get("display_name")] = out[group.get("short_display_name")] = shown
    return out


def _columns(header: list[dict], mains: dict, title: str | None) -> tuple[list[str], dict]:
    """The table's column names (run group, and the scenario's title) and what HELM declares of each."""
    names, declared, chosen = [], {}, set()
    for cell in header:
        meta = cell.get("metadata") or {}
        group, better = meta.get("run_group"), cell.get("lower_is_better")
        name = str(cell.get("value"))
        if group is None:
            said = Declared(role="aggregate", why="HELM's aggregate of the other columns")
        elif better is None:
            said = Declared(role="count", why="HELM declares no direction: not a score")
        elif meta.get("perturbation"):
            said = Declared(role="metadata", why="a perturbed variant of a score (robustness, fairness)")
        elif group in chosen or group in mains and meta.get("metric") not in mains[group]:
            said = Declared(
                role="metadata", why="another metric of its run group (HELM's main metric is rated)"
            )
        else:
            chosen.add(group)
            name = f"{group} ({title})" if title else str(group)
            said = Declared(higher=not better)
        names.append(name if name not in names else f"{name} [{len(names)}]")
        declared[names[-1]] = said
    return names, declared


def _is_run(head: Head) -> str | None:
    if head.name == "run_spec.json" and os.path.isfile(
        os.path.join(os.path.dirname(head.path), "stats.json")
    ):
        return "a HELM run (run_spec.json with stats.json)"
    return None


def _is_table(head: Head) -> str | None:
    if head.suffix == ".json" and (head.json("[", "title", "header") or head.json("{", "title", "header")):
        return "a helm-summarize table (title, header, rows)"
    return None


_SUITE_FILES = (
    "stats.json per_instance_stats.json scenario_state.json scenario.json instances.json "
    "display_predictions.json display_requests.json costs.json runs.json run_specs.json groups.json "
    "groups_metadata.json summary.json"
).split()


def _is_part(head: Head) -> str | None:
    schema = head.name.startswith("schema") and head.suffix in (".json", ".yaml", ".yml")
    return "a file of a HELM suite, read with its runs" if head.name in _SUITE_FILES or schema else None


FORMATS = (
    Format("HELM runs", "runs", _is_run, _runs),
    Format("HELM suite files", "listing", _is_part),
    Format("helm-summarize tables", "table", _is_table, _table, folders=False),
)
