"""Score tables with replicates on the command line: long tables with seeds, folds or items, and
lm-evaluation-harness output folders. Their means are rated; ``--bootstrap`` resamples the replicates."""

from __future__ import annotations

import os

from jaxrate.cli._source import Source, scores_source

__all__ = ["replicate_source"]


def replicate_source(args) -> Source | None:
    """The input as a score table with replicates, or ``None`` when it has none.

    A folder must be lm-evaluation-harness output; a long table is one when it
    has a replicate column (``replicate``, ``item``, ``seed``, ``fold``,
    ``doc_id`` or ``run``) beside its model, task and score columns.
    """
    from jaxrate import io

    path = args.file
    if path is None or getattr(args, "dataset", None) is not None:
        return None
    sep, decimal = getattr(args, "sep", None), getattr(args, "decimal", ".")
    if sep is None and path.lower().endswith(io.DELIMITED) and os.path.isfile(path):
        sep = io.sniff_delimiter(path)
    if os.path.isdir(path):
        if not io.is_harness_output(path):
            raise ValueError(
                f"{path}: a folder is read as lm-evaluation-harness output (MODEL/results_*.json), "
                "and this one has none"
            )
        found = io.read_harness(path)
    elif os.path.exists(path) and io.suffix(path) in io.DELIMITED + (".parquet", ".pq", ".xlsx", ".jsonl"):
        if io.replicate_column(io.header(path, sep)) is None:
            return None
        found = io.read_replicates(path, sep=sep, decimal=decimal)
    else:
        return None
    return _source(args, path, found)


def _source(args, path: str, found) -> Source:
    from jaxrate._replicate_data import replicates_from_frame

    for option, value, default in (
        ("--missing", args.missing, None),
        ("--normalise", args.normalise, "none"),
    ):
        if value != default:
            raise ValueError(
                f"{option} is not available for scores with replicates (rate their means as a table)"
            )
    if getattr(args, "models", None) == "columns":
        raise ValueError("--models columns is for wide tables; this table has model and task columns")
    args.game = args.game or "3p"
    name = os.path.basename(os.path.normpath(path))
    notes = list(found.notes)
    if found.column is None:  # harness output without per-item samples: a plain score table
        return scores_source(name, found.table(), args.game, notes)
    data = replicates_from_frame(found.frame, replicate=found.column)  # complete: every model on every task
    fewest, most = data.counts()
    pairing = "paired across models" if data.paired else "resampled per model"
    notes.append(
        f"{len(found.frame):,} scores, {fewest}-{most} {found.column}s per model and task ({pairing}); "
        "the table is their mean"
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
    return source
