"""The table formats: payoff tensors, battle records and score tables (wide or long).

A score table is parsed to :class:`jaxrate.io._cells.Cells` (delimited text without pandas); a
long table with a replicate column (seed, fold, item) becomes runs, one per model and task.
"""

from __future__ import annotations

import os

from jaxrate.io._cells import frame_cells, text_cells
from jaxrate.io._documents import MARKDOWN, is_text, table_said
from jaxrate.io._format import Format, Head, Parsed
from jaxrate.io._layouts import describe, refuse_failed_runs, where_rows, wide_models
from jaxrate.io._long import long_cells, long_columns, long_runs
from jaxrate.io._nested import refuse_mixed
from jaxrate.io._roles import Declared
from jaxrate.io._tables import TABLES, read_frame
from jaxrate.io._text import COMPRESSED, DELIMITED, first_row, sniff_delimiter, suffix

__all__ = ["FORMATS", "table_kind"]


def _sep(path: str, options) -> str | None:
    if options.sep is not None or os.path.splitext(path)[1].lower() not in DELIMITED + COMPRESSED:
        return options.sep
    return sniff_delimiter(path) if suffix(path) in DELIMITED else None


def _header(path: str, sep: str | None) -> list[str]:
    if suffix(path) in DELIMITED:
        return first_row(path, sep)
    return [str(c).strip() for c in read_frame(path).columns]


def table_kind(path: str, sep: str | None = None) -> str:
    """``"payoffs"`` (``.npy``, ``.npz``), ``"battles"`` (``model_a``, ``model_b``, ``winner``) or
    ``"scores"``."""
    if suffix(path) in (".npy", ".npz"):
        return "payoffs"
    columns = {c.lower() for c in _header(path, sep)}
    return "battles" if {"model_a", "model_b", "winner"} <= columns else "scores"


def _payoffs(path: str, options) -> Parsed:
    from jaxrate.io._payoffs import read_payoffs

    return Parsed("payoffs", os.path.basename(path), data=read_payoffs(path))


def _battles(path: str, options) -> Parsed:
    """Battle records are recognised here and read by :func:`jaxrate.battles.read_battles` (their home)."""
    return Parsed("battles", os.path.basename(path), data=path)


def _scores(path: str, options) -> Parsed:
    """A score table's cells (wide, or a long table's rows pivoted), or its runs (with replicates)."""
    sep = _sep(path, options)
    if sep is not None and sep == options.decimal:
        raise ValueError(f"{path}: the decimal mark {options.decimal!r} cannot also be the field delimiter")
    name = os.path.basename(path)
    if options.sep is None and is_text(path):  # a table aligned by spaces: read as a page's tables are
        return scores_frame(path, name, read_frame(path, None, options.table), None, options)
    if suffix(path) in DELIMITED and _plain(options) and not _maybe_long(first_row(path, sep)):
        return Parsed("table", name, cells=text_cells(path, sep), sep=sep)  # a wide table, without pandas
    if options.table is not None and suffix(path) not in MARKDOWN + (".xlsx",):
        raise ValueError(
            f"{options.flag('table')} picks a page's table or a workbook's sheet; {name} is neither"
        )
    return scores_frame(path, name, read_frame(path, sep, options.table), sep, options)


def joined_tables(paths: list[str], options) -> Parsed:
    """Several tables of one shape (a folder, a glob, several paths) as one (:mod:`jaxrate.io._folders`)."""
    from jaxrate.io._folders import (
        documents_frame,
        joined_frame,
        keyed_frame,
        nested_headers,
        readable,
        refuse_shapes,
        shapes,
    )

    root = os.path.commonpath([os.path.dirname(os.path.abspath(p)) for p in paths])
    where = os.path.relpath(root) if not os.path.isabs(paths[0]) else root
    documents = documents_frame(paths, options)
    if documents is not None:  # one document per model or run: a row each
        return scores_frame(where, os.path.basename(root) or where, documents, None, options)
    keyed = keyed_frame(paths)
    if keyed is not None:  # {task: {metric: score}} per file, the model in the path
        return scores_frame(where, os.path.basename(root) or where, keyed, None, options)
    paths, skipped = readable(paths, options)
    if skipped:  # read without them, and said
        parsed = joined_tables(paths, options)
        return parsed._replace(notes=skipped + list(parsed.notes))
    groups = shapes(paths, options.table)
    if len(groups) > 1 and not nested_headers(groups):
        refuse_shapes(where, groups, os.path.relpath(root) if not os.path.isabs(paths[0]) else root)
    name = os.path.basename(root) or where
    return scores_frame(where, name, joined_frame(paths, options, name), options.sep, options)


def scores_frame(path: str, name: str, frame, sep: str | None, options) -> Parsed:
    """A score table read as a frame: its cells (wide, or a long table described), or its runs."""
    if len(frame) == 0:
        raise ValueError(f"{path}: no rows")
    read = list(frame.attrs.get("notes", ()))  # how a document or nested JSON was read (_documents, _nested)
    with table_said(read):  # a refusal in the one table of several picked says which
        return _scores_frame(path, name, frame, sep, options, read)


def _scores_frame(path: str, name: str, frame, sep: str | None, options, read: list) -> Parsed:
    said_metric = frame.attrs.get("metric")  # what the files' names or a document's text say the scores are
    refuse_mixed(path, frame, options)  # nested JSON: numbers inside and beside its objects, and no --tasks
    _refuse_frame_match_log(path, frame)
    frame, kept = where_rows(path, frame, options)
    refuse_failed_runs(path, frame, options)
    described = describe(path, frame, options)
    if described is None:
        if options.metric is not None:
            raise ValueError(
                f"{options.flag('metric')} picks a long table's metrics (a metric column's values, or "
                "several "
                f"score columns); {name} is a wide table: pick its columns with {options.flag('tasks')}"
            )
        said = frame.attrs.get("metric")  # a document's text says what the scores are (a WER)
        frame, named = wide_models(path, frame, options)
        declared = {str(c).strip(): Declared(metric=said) for c in frame.columns[1:]} if said else {}
        per_column = frame.attrs.get("metrics") or {}  # each table's own, where a page's sections say
        declared.update({str(c).strip(): Declared(metric=m) for c, m in per_column.items()})
        cells = frame_cells(path, frame, bool(named))
        return Parsed("table", name, cells=cells, declared=declared, sep=sep, notes=read + kept + named)
    frame, found, metrics, notes = described
    notes = read + kept + notes
    metrics, named = _metric_named(metrics, said_metric)
    notes += named
    if found.replicate is not None:
        runs, read_as = long_runs(path, frame, found, options, metrics, sep)
        notes += read_as
        notes.append(
            f"the mean of each model and task's {found.replicate} scores (--bootstrap resamples them)"
        )
        notes += _direction_notes(metrics, options)
        return Parsed("runs", name, runs=runs, notes=notes, sep=sep, column=found.replicate)
    cells, declared, more = long_cells(path, frame, found, options, sep, metrics)
    return Parsed("table", name, cells=cells, declared=declared, notes=notes + more, sep=sep)


def _refuse_frame_match_log(path: str, frame) -> None:
    """A frame whose two columns of names are the two sides of each row's match (a pairwise log)."""
    from jaxrate.io._cells import Cells, is_text, refuse_match_log

    names = [str(c).strip() for c in frame.columns]
    columns = [frame.iloc[:, k].tolist() for k in range(frame.shape[1])]  # a name written twice too
    text = [
        bool(col) and all(isinstance(v, str) for v in col[:200]) and is_text(col[:200], ".")
        for col in columns
    ]
    refuse_match_log(Cells(path, "", [], names, columns, str), text)


def _metric_named(metrics: dict, said: str | None) -> tuple[dict, list]:
    """A long table's metrics, each the one the files' names say (``_rmse.csv``) where no column's name
    gives a direction, and the note that says so."""
    from jaxrate.io._roles import direction

    if not said or any(direction(m) is not None for m in metrics.values()):
        return metrics, []
    return dict.fromkeys(metrics, said), [f"the scores are {said} (the ending the files' names share)"]


def _plain(options) -> bool:
    """Whether the options describe nothing of a table's layout (a wide CSV is then read without pandas)."""
    named = (options.model, options.task, options.score, options.replicate, options.metric_col, options.where,
             options.metric)  # fmt: skip
    return options.layout != "long" and all(v is None for v in named)


def _maybe_long(header: list[str]) -> bool:
    """Whether a header names a model and a task column (a long table, perhaps: the rows decide)."""
    from jaxrate.io._layouts import common_name
    from jaxrate.io._roles import MODEL_COLUMNS, MORE_MODELS, MORE_TASKS, TASK_COLUMNS

    names = {common_name(c) for c in header}
    return bool(names & set(MODEL_COLUMNS + MORE_MODELS)) and bool(names & set(TASK_COLUMNS + MORE_TASKS))


def _direction_notes(metrics: dict, options) -> list:
    """What a long table with replicates assumed of its scores' directions (from each metric's name,
    or nothing); ``--lower-better``/``--higher-better`` turn tasks afterwards."""
    from jaxrate.io._assumed import Assumed
    from jaxrate.io._long import GENERIC_SCORES
    from jaxrate.io._roles import direction, few

    if options.lower_better is not None or options.higher_better is not None:
        return []
    by_metric: dict[str, list[str]] = {}
    for task, metric in metrics.items():
        by_metric.setdefault(metric, []).append(task)
    notes = []
    for metric, tasks in by_metric.items():
        higher = None if metric.lower() in GENERIC_SCORES else direction(metric)
        way, other = ("lower", "higher_better") if higher is False else ("higher", "lower_better")
        why = f"nothing in the file says which way {metric!r} points"
        if higher is not None:
            why = f"by name: {metric!r}" + ("" if higher else "; rated negated")
        where = "every task" if len(by_metric) == 1 else few(tasks, 4)
        pin = options.flag(f"{way}_better", "*" if len(by_metric) == 1 else ",".join(tasks[:8]))
        notes.append(
            Assumed(
                "direction", f"{way} is better on {where}", why, f"{options.names(other)} says otherwise", pin
            )
        )
    return notes


def _long(path: str, columns, options):
    try:
        return long_columns(columns, options.layout, **options.long)
    except ValueError as err:
        raise ValueError(f"{path}: {err}") from None


def _is_table(head: Head) -> str | None:
    return f"a {head.suffix} table" if head.suffix in TABLES else None


def _is_battles(head: Head) -> str | None:
    if _is_table(head) is None:
        return None
    try:
        return "battle records (model_a, model_b, winner)" if table_kind(head.path) == "battles" else None
    except ValueError:
        return None


def _document(files: list[str], options=None, notes=None) -> list:
    """A LaTeX table, named: refused, saying what to give instead (Markdown and HTML pages are read)."""
    raise ValueError(
        f"{files[0]}: a LaTeX table is laid out for reading, not data (its blanks, marks and numbers are "
        "formatted): export the table as CSV or JSON and rate that (HELM writes groups/json/*.json beside "
        "its LaTeX)"
    )


def _is_array(head: Head) -> str | None:
    return "a NumPy array" if head.suffix in (".npy", ".npz") else None


def _is_document(head: Head) -> str | None:
    return "a document" if os.path.splitext(head.path)[1].lower() == ".tex" else None


FORMATS = (
    Format("payoff tensors", "payoffs", _is_array, _payoffs, False),
    Format("battle records", "battles", _is_battles, _battles, False),
    Format("score tables", "table", _is_table, _scores, False),
    Format("documents", "part", _is_document, _document, False),
)
