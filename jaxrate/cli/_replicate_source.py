"""Score tables with replicates on the command line: long tables with seeds, folds or items, and
lm-evaluation-harness output folders. Their means are rated; ``--bootstrap`` resamples the replicates."""

from __future__ import annotations

import glob
import os

from jaxrate.cli._output import plural
from jaxrate.cli._source import Source, long_column_options, replicate_option, scores_source
from jaxrate.game._defaults import DEFAULTS

__all__ = ["replicate_source"]


def replicate_source(args) -> Source | None:
    """The input as a score table with replicates, or ``None`` when it has none.

    Folders, several paths, and files that an evaluation harness wrote are
    harness output (:func:`jaxrate.io.read_harness`); a long table is one when
    it has a replicate column (``replicate``, ``item``, ``seed``, ``fold``,
    ``doc_id`` or ``run``) beside its model, task and score columns.
    """
    from jaxrate import io

    path = args.file
    if path is None or getattr(args, "dataset", None) is not None:
        return None
    paths = getattr(args, "paths", None) or [path]
    harness = len(paths) > 1 or any(os.path.isdir(p) or _harness_file(p) for p in paths)
    harness = harness or not os.path.exists(path) and glob.has_magic(path)
    if not harness:
        for option in ("metric", "filter"):
            if getattr(args, option, None):
                raise ValueError(f"--{option} is for evaluation harness output; {path} is a table")
    sep, decimal = getattr(args, "sep", None), getattr(args, "decimal", ".")
    if sep is None and io.suffix(path) in io.DELIMITED and os.path.isfile(path):
        sep = io.sniff_delimiter(path)
    if harness:
        found = _harness(args, paths)
        name = os.path.basename(os.path.normpath(path)) + (
            f" (+{len(paths) - 1} more)" if len(paths) > 1 else ""
        )
    elif os.path.exists(path) and io.suffix(path) in _LONG_FILES:
        found = _long_table(args, path, sep, decimal)
        if found is None:
            return None
        name = os.path.basename(os.path.normpath(path))
    else:
        return None
    return _source(args, name, found)


_LONG_FILES = (
    ".csv",
    ".tsv",
    ".tab",
    ".txt",
    ".parquet",
    ".pq",
    ".feather",
    ".xlsx",
    ".json",
    ".jsonl",
    ".ndjson",
)


def _harness(args, paths: list):
    """Evaluation harness output (:func:`jaxrate.io.read_harness`) read as the options say."""
    from jaxrate import io

    for p in paths:
        if os.path.isdir(p) and not io.is_harness_output(p):
            raise ValueError(
                f"{p}: a folder is read as evaluation harness output ({io.HARNESS_FORMATS}), "
                "and this one has none"
            )
    if getattr(args, "lower_better", None):
        raise ValueError(
            "--lower-better is for score tables; harness output says which way each metric points "
            "(its own definitions are read)"
        )
    return io.read_harness(
        paths,
        metric=getattr(args, "metric", None),
        filter=getattr(args, "filter", None),
        prefer=getattr(args, "prefer", "error"),
        missing=DEFAULTS.score_missing if args.missing is None else args.missing,
        tasks=getattr(args, "tasks", None),
        exclude=getattr(args, "exclude", None),
    )


def _long_table(args, path: str, sep, decimal):
    """A long table with a replicate column (by name or ``--replicate-col``), or ``None`` without one."""
    from jaxrate import io

    given = {**long_column_options(args), "replicate": replicate_option(args)}
    layout = getattr(args, "layout", "auto")
    try:
        column = io.replicate_column(io.header(path, sep), layout, **given)
    except ValueError as err:
        raise ValueError(f"{path}: {err}") from None
    if column is None:
        if given["replicate"] is not None:
            raise ValueError(f"--replicate-col {given['replicate']!r} is for long tables; {path} is wide")
        return None
    found = io.read_replicates(path, sep=sep, decimal=decimal, **given)
    lower = getattr(args, "lower_better", None)
    if lower and str(args.missing).startswith("fill:"):
        # A fill value is a score as the file writes it; here it would land on the negated scale.
        raise ValueError(
            f"{path}: --lower-better with --missing fill is not available for a table with replicates "
            "(the fill would be negated on some tasks only); use --missing drop-models, drop-tasks or block"
        )
    found = _lower_better(path, found, lower)
    if args.missing == "block":
        return _block(found)
    if args.missing not in (None, "error"):
        return io.complete_replicates(found, args.missing)
    _refuse_absent(path, found)
    return found


def _block(found):
    """``--missing block`` on a long table: the rows of a complete block of its models and tasks."""
    import dataclasses

    import numpy as np

    from jaxrate import io

    frame = found.frame
    models, tasks = list(dict.fromkeys(frame["model"])), list(dict.fromkeys(frame["task"]))
    have = set(zip(frame["model"], frame["task"]))
    holes = np.array([[(m, t) not in have for t in tasks] for m in models])
    rows, cols = io.largest_block(holes)
    kept = frame["model"].isin(np.array(models)[rows]) & frame["task"].isin(np.array(tasks)[cols])
    note = (
        f"--missing block: kept {rows.sum()} of {len(models)} models x {cols.sum()} of {len(tasks)} tasks, "
        "a complete block (found greedily)"
    )
    return dataclasses.replace(found, frame=frame[kept].reset_index(drop=True), notes=[*found.notes, note])


def _refuse_absent(path: str, found) -> None:
    """A ``ValueError`` naming the file and the first (model, task) without a score (``--missing error``)."""
    frame = found.frame
    have = set(zip(frame["model"], frame["task"]))
    models, tasks = dict.fromkeys(frame["model"]), dict.fromkeys(frame["task"])
    absent = [(m, t) for m in models for t in tasks if (m, t) not in have]
    if absent:
        (m, t), more = absent[0], f" ({len(absent)} model-task pairs in all)" if len(absent) > 1 else ""
        raise ValueError(
            f"{path}: model {m!r} has no score on task {t!r}{more}; choose --missing drop-models, "
            "drop-tasks, block (the largest complete block) or fill:VALUE"
        )


def _lower_better(path: str, found, names):
    """A long table's replicates with the scores of the ``--lower-better`` tasks negated (a note says so)."""
    import dataclasses

    from jaxrate.io._columns import _matches, split_names

    if not names:
        return found
    tasks = [str(t) for t in dict.fromkeys(found.frame["task"])]
    picked = [
        n
        for p in split_names(names, "--lower-better")
        for n in _matches(path, p, tasks, "--lower-better", "task")
    ]
    frame = found.frame.copy()
    rows = frame["task"].isin(picked)
    frame.loc[rows, "score"] = -frame.loc[rows, "score"]
    note = f"lower is better on {', '.join(map(repr, dict.fromkeys(picked)))}: rated negated (--lower-better)"
    return dataclasses.replace(found, frame=frame, notes=[*found.notes, note])


def _harness_file(path: str) -> bool:
    """A file an evaluation harness wrote (a results file, a log, a samples file, a run spec)."""
    from jaxrate import io

    if not os.path.isfile(path):
        return False
    name = os.path.basename(path).lower()
    if name.endswith((".eval", ".jsonl")) and (name.endswith(".eval") or name.startswith("samples_")):
        return True
    return name.endswith(".json") and io.is_harness_output(path)


def _source(args, name: str, found) -> Source:
    if args.normalise != "none":
        raise ValueError(
            "--normalise is not available for scores with replicates (rate their means as a table)"
        )
    if getattr(args, "models", None) == "columns":
        raise ValueError("--models columns is for wide tables; this table has model and task columns")
    args.game = args.game or DEFAULTS.score_game
    notes = list(found.notes)
    if found.column is None:  # harness output without per-item samples: a plain score table
        source = scores_source(name, found.table(), args.game, notes)
        source.replicates = found if found.without_items else None
        return source
    if found.without_items:  # some scores without items: rated, but nothing to resample for them
        m, t, why = found.without_items[0]
        more = f" ({len(found.without_items) - 1} more)" if len(found.without_items) > 1 else ""
        notes.append(f"{m} / {t}: {why}{more}: rated from the aggregate, no per-item interval")
        source = scores_source(name, found.table(), args.game, notes)
        source.replicates = found
        return source
    data = found.replicates()
    fewest, most = data.counts()
    pairing = "paired across models" if data.paired else "resampled per model"
    what = "their mean" if found.runs is None else "the harness's own aggregates, checked against them"
    notes.append(
        f"{len(found.frame):,} scores, {plural((int(fewest), int(most)), found.column)} per model and task "
        f"({pairing}); "
        f"the table is {what}"
    )
    source = scores_source(name, found.table(), args.game, notes)
    source.replicates = found
    source.info["replicates"] = {
        "column": found.column,
        "paired": data.paired,
        "fewest": int(fewest),
        "most": int(most),
        "observations": int(len(found.frame)),
    }
    if found.runs is not None:
        source.info["harness_runs"] = found.runs.to_dict(orient="records")
    return source
