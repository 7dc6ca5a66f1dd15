"""Score tables with replicates on the command line: long tables with seeds, folds or items, and
lm-evaluation-harness output folders. Their means are rated; ``--bootstrap`` resamples the replicates."""

from __future__ import annotations

import glob
import os

from jaxrate.cli._source import Source, scores_source

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
    if sep is None and path.lower().endswith(io.DELIMITED) and os.path.isfile(path):
        sep = io.sniff_delimiter(path)
    if harness:
        for p in paths:
            if os.path.isdir(p) and not io.is_harness_output(p):
                raise ValueError(
                    f"{p}: a folder is read as evaluation harness output ({io.HARNESS_FORMATS}), "
                    "and this one has none"
                )
        found = io.read_harness(
            paths,
            metric=getattr(args, "metric", None),
            filter=getattr(args, "filter", None),
            prefer=getattr(args, "prefer", "error"),
            missing="error" if args.missing is None else args.missing,
            tasks=getattr(args, "tasks", None),
            exclude=getattr(args, "exclude", None),
        )
        name = os.path.basename(os.path.normpath(path)) + (
            f" (+{len(paths) - 1} more)" if len(paths) > 1 else ""
        )
    elif os.path.exists(path) and io.suffix(path) in io.DELIMITED + (".parquet", ".pq", ".xlsx", ".jsonl"):
        if io.replicate_column(io.header(path, sep)) is None:
            return None
        found = io.read_replicates(path, sep=sep, decimal=decimal)
        if args.missing not in (None, "error"):
            found = io.complete_replicates(found, args.missing)
        name = os.path.basename(os.path.normpath(path))
    else:
        return None
    return _source(args, name, found)


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
    args.game = args.game or "3p"
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
        f"{len(found.frame):,} scores, {fewest}-{most} {found.column}s per model and task ({pairing}); "
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
