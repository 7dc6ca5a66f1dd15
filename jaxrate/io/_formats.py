"""The recognise and parse stages: one registry of the formats jaxrate reads (:class:`Format`).

A named file that no format recognises is refused; in a folder (harness output) files of no format
are passed over, and tables are read only when named. **Parts** (lm-eval's samples, HELM's
``stats.json``) and **listings** are recognised so that they are never misread.
"""

from __future__ import annotations

import os

from jaxrate.io._find import Found
from jaxrate.io._format import Format, Head, Parsed

__all__ = ["FORMATS", "parse", "recognise"]


def _formats() -> tuple[Format, ...]:
    from jaxrate.io import _helm, _inspect, _lm_eval, _mteb, _table_formats

    return (
        *_table_formats.FORMATS[:1],  # payoff tensors
        *_inspect.FORMATS,  # before lm-eval's: a .json log also has "results"
        *_lm_eval.FORMATS,
        *_helm.FORMATS,
        *_mteb.FORMATS,  # results/<org>__<model>/<revision>/<Task>.json
        *_table_formats.FORMATS[1:],  # battles, then score tables: named files only
    )


FORMATS: tuple[Format, ...] = ()  # filled on first use (the formats' modules import this one)


# Files a folder of results holds that jaxrate would read: one that cannot be read is an error naming it
# (or, skip_unreadable, left out and named), never passed over in silence.
_DATA = (
    ".json",
    ".jsonl",
    ".ndjson",
    ".eval",
    ".csv",
    ".tsv",
    ".tab",
    ".parquet",
    ".pq",
    ".feather",
    ".xlsx",
)


def recognise(files: list[Found], options=None) -> tuple[dict[Format, list[str]], list[str]]:
    """``({format: its files}, notes)``; a named file of no format, a folder's data file that cannot be
    read, or nothing to rate, is an error (``options.skip_unreadable``: a folder's such files are left out,
    and said). The notes name the folder's files passed over."""
    global FORMATS
    FORMATS = FORMATS or _formats()
    from jaxrate.io._tables import TABLES

    found: dict[Format, list[str]] = {}
    passed, other, broken = [], [], []
    for f in files:
        if not os.path.isfile(f.path):  # a FIFO, a device, a socket: never opened (it could block)
            from jaxrate.results._files import regular_file

            try:
                regular_file(f.path)
            except ValueError as err:
                if f.named:
                    raise
                broken.append(str(err))
            continue
        head = Head.of(f.path)
        try:
            fmt = next((x for x in FORMATS if _takes(x, f) and x.recognise(head)), None)
        except ValueError as err:  # a results file that is not what it says (cut short, not JSON)
            fmt = None
            if f.named:
                raise
            broken.append(str(err))
            continue
        if fmt is None and f.named:
            _refuse_named(f.path, head)
        problem = _unreadable(f.path, head) if fmt is None else None
        if problem:
            broken.append(problem)
        elif fmt is None and head.suffix in TABLES:
            passed.append(f.path)  # a table in a folder: read only when named, or with its like
        elif fmt is None:
            other.append(f.path)
        elif fmt.role == "part" and f.named and fmt.parse is not None:
            fmt.parse([f.path], None, [])  # says what to give instead
        else:
            found.setdefault(fmt, []).append(f.path)
    if not any(fmt.role not in ("part", "listing") for fmt in found):
        parts = [p for paths in found.values() for p in paths]  # a harness's parts without it: tables
        return _tables_only(files, passed + parts, _broken(broken, options) + _passed_over(other))
    return found, _broken(broken, options) + _passed_over(other + passed)  # a results folder's tables too


def _refuse_named(path: str, head: Head) -> None:
    from jaxrate.results._files import regular_file

    regular_file(path)  # a FIFO or a folder is said as such
    problem = _unreadable(path, head)
    if problem:
        raise ValueError(problem)
    kind = f"unknown file type {head.suffix!r}" if head.suffix else "no file type"
    raise ValueError(f"{path}: not a format jaxrate reads: {kind} ({_readable()})")


def _unreadable(path: str, head: Head) -> str | None:
    """Why a data file (:data:`_DATA`) no format took cannot be read (empty, not text, not JSON), or
    ``None`` where it reads (a JSON of another kind: a config, a task list)."""
    if head.suffix not in _DATA:
        return None
    from jaxrate.results._files import load_json, regular_file

    try:
        regular_file(path)
        if os.path.getsize(path) == 0:
            return f"{path}: the file is empty"
        if head.suffix == ".json":
            load_json(path)
        elif head.suffix == ".eval":
            return f"{path}: not an inspect-ai log (a .eval log is a zip archive holding header.json)"
        elif head.suffix in (".jsonl", ".ndjson") and head.error:
            return f"{path}: {head.error}"
    except ValueError as err:
        return str(err)
    return None


def _broken(problems: list[str], options) -> list[str]:
    """A folder's unreadable files: the first an error, or (``skip_unreadable``) each left out, said."""
    from jaxrate.io._folders import unreadable

    return unreadable(problems, options)


def _passed_over(paths: list[str]) -> list[str]:
    if not paths:
        return []
    from jaxrate.io._roles import few

    return [
        f"passed over {len(paths)} file(s) that hold no results: "
        f"{few([os.path.basename(p) for p in paths], 5, str)}"
    ]


def _tables_only(files: list[Found], passed: list[str], notes: list[str]):
    """No harness output: a folder's tables of one shape are one table; else nothing to rate."""
    where = ", ".join(sorted({f.path if f.named else os.path.dirname(f.path) for f in files})[:3])
    from jaxrate.io._folders import JOINED
    from jaxrate.io._text import suffix

    data = [p for p in passed if suffix(p) in JOINED]
    if data:  # a folder of tables, no harness output: its tables of the commonest type, of one shape, are one
        kinds = [suffix(p) for p in data]
        kind = max(dict.fromkeys(kinds), key=kinds.count)
        others = [os.path.basename(p) for p in data if suffix(p) != kind]
        if others:
            shown = ", ".join(others[:5]) + (" ..." if len(others) > 5 else "")
            notes = notes + [
                f"passed over {len(others)} file(s) of another type than its {kind} tables: {shown}"
            ]
        return {_score_tables(): [p for p in data if suffix(p) == kind]}, notes
    if passed:
        shown = ", ".join(os.path.basename(p) for p in passed[:3]) + (" ..." if len(passed) > 3 else "")
        raise ValueError(
            f"{where}: no evaluation harness output here, and a folder is read as harness output; it "
            f"holds {len(passed)} table(s) ({shown}): name the one to rate, or join them into one long "
            "table (model,task,score rows)"
        )
    raise ValueError(f"{where}: no evaluation harness output here ({_readable()})")


def _score_tables() -> Format:
    return next(fmt for fmt in FORMATS if fmt.role == "table" and fmt.name == "score tables")


def _takes(fmt: Format, found: Found) -> bool:
    """Whether ``fmt`` may take a file: a listing (a suite's or an eval set's own file) only in a folder,
    a named-only format (tables) only when named."""
    return fmt.folders and not (found.named and fmt.role == "listing") or found.named and not fmt.folders


def _readable() -> str:
    return (
        "score tables (CSV, TSV, Parquet, Excel, JSON, YAML, Markdown, HTML, reStructuredText), battle "
        "records, payoff tensors (.npy/.npz), lm-evaluation-harness results, inspect-ai logs, HELM runs and "
        "summary tables, MTEB results"
    )


def parse(found: dict[Format, list[str]], options) -> Parsed:
    """Every recognised file parsed by its format: harness runs together, or one table."""
    tables = [(fmt, files) for fmt, files in found.items() if fmt.role in ("table", "battles", "payoffs")]
    runs = [(fmt, files) for fmt, files in found.items() if fmt.role == "runs"]
    if len(tables) == 1 and not runs and len(tables[0][1]) > 1 and tables[0][0].name == "score tables":
        from jaxrate.io._table_formats import joined_tables

        return joined_tables(tables[0][1], options)  # several score tables: one table where one shape
    if tables and (runs or len(tables) > 1 or len(tables[0][1]) > 1):
        named = [p for _, files in tables for p in files]
        raise ValueError(
            f"{named[0]}: a table is rated on its own; several paths are merged only when they are "
            "evaluation harness output"
        )
    if tables:
        fmt, files = tables[0]
        return fmt.parse(files[0], options)
    out, notes, counts = [], [], []
    for fmt, files in runs:
        out += fmt.parse(files, options, notes)
        counts.append(f"{len(files)} {fmt.name}")
    listed = [p for fmt, files in found.items() if fmt.role == "listing" for p in files]
    if listed:
        names = ", ".join(sorted({os.path.basename(p) for p in listed}))
        notes.append(f"passed over {names}: they list what was run, and hold no scores")
    folders = {os.path.dirname(p) for _, files in runs for p in files} or {"."}
    name = os.path.basename(os.path.commonpath(sorted(folders))) or "the harness output"
    return Parsed("runs", name, runs=out, notes=[f"read {', '.join(counts)}", *dict.fromkeys(notes)])
