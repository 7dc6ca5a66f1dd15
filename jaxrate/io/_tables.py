"""Any tabular file as a pandas DataFrame (pandas imported only where needed: start-up time)."""

from __future__ import annotations

import json
import os
from io import StringIO

from jaxrate.io._documents import MARKDOWN, YAML
from jaxrate.io._text import COMPRESSED, DELIMITED, open_text, sniff_delimiter, suffix

__all__ = ["TABLES", "read_frame", "record_name", "suffix"]

# The optional extra (pip install 'jaxrate[extra]') and package that read a file type.
_EXTRAS = {
    **dict.fromkeys((".parquet", ".pq", ".feather"), ("parquet", "pyarrow")),
    ".xlsx": ("excel", "openpyxl"),
}
TABLES = DELIMITED + (".parquet", ".pq", ".feather", ".xlsx", ".json", ".jsonl", ".ndjson")
TABLES += YAML + MARKDOWN  # documents: jaxrate.io._documents
# JSON {key: {key: score}}: pandas writes it in two orients, so the layout cannot say which keys are models.
UNSURE_JSON = (
    "{key: {key: score}} JSON could be either pandas orient: df.to_json() writes {task: {model: score}} "
    "(the models are the inner keys, --models rows), orient='index' writes {model: {task: score}} "
    "(--models columns), and the names do not say which"
)


def record_name(path: str, k: int) -> str:
    """Record ``k`` (0-based, under the header) by the number its user sees: a text table's line or a
    spreadsheet's row (the header is 1, as in an editor), else a record counted from 1.

    >>> record_name("b.csv", 3), record_name("b.xlsx", 3), record_name("b.jsonl", 3)
    ('line 5', 'row 5', 'record 4')
    """
    ext = suffix(path)
    if ext in DELIMITED:
        return f"line {k + 2}"
    return f"row {k + 2}" if ext == ".xlsx" else f"record {k + 1}"


def read_frame(path: str, sep: str | None = None, table=None):
    """Any tabular file as a DataFrame of raw values, its row names (a pandas index) its first column;
    ``sep``: sniffed when None; ``table``: a Markdown file's table (its number or heading). JSON
    ``{key: {key: score}}`` is read as pandas reads it, with ``frame.attrs["unsure"]``
    saying that the layout cannot tell which keys are the models.
    """
    import pandas as pd

    ext = suffix(path)
    if not os.path.exists(path):
        raise ValueError(f"{path}: no such file")
    compressed = os.path.splitext(path)[1].lower() in COMPRESSED
    if compressed and ext not in DELIMITED + (".json", ".jsonl", ".ndjson"):
        raise ValueError(f"{path}: only text tables (CSV, TSV, JSON) are read compressed; this holds {ext!r}")
    try:
        return _read(path, ext, sep, pd, table)
    except pd.errors.EmptyDataError:
        raise ValueError(f"{path}: the file is empty") from None
    except pd.errors.ParserError as err:
        raise ValueError(f"{path}: cannot read as {ext}: {str(err).strip()}") from None
    except ValueError as err:
        text = str(err)
        raise ValueError(text if text.startswith(path) else f"{path}: {text}") from None
    except ImportError as err:
        extra, package = _EXTRAS.get(ext, ("parquet", err.name))
        raise ValueError(
            f"{path}: reading {ext} needs the '{extra}' extra ({package} is not installed): "
            f"pip install 'jaxrate[{extra}]'"
        ) from None
    except Exception as err:  # parser errors of every back end
        raise ValueError(f"{path}: cannot read as {ext}: {err}") from None


def _read(path: str, ext: str, sep: str | None, pd, table=None):
    from jaxrate.io import _documents

    if ext in DELIMITED and sep is None and _documents.is_text(path):  # a table aligned by spaces
        return _documents.markdown_frame(path, pd, table)
    if ext in DELIMITED:
        sep = sep or sniff_delimiter(path)
        with open_text(path) as f:  # compressed or not, as the strict reader opens it
            frame = pd.read_csv(f, sep=sep, dtype=str, keep_default_na=False, skiprows=_titles(path, sep))
        from jaxrate.io._text import refuse_headerless

        refuse_headerless(
            path,
            [str(c) for c in frame.columns],
            lambda: [frame.iloc[:, j].tolist() for j in range(frame.shape[1])],
        )
        return frame
    if ext == ".xlsx":
        return _sheet(path, table, pd)
    if ext in (".parquet", ".pq", ".feather"):
        frame = pd.read_parquet(path) if ext != ".feather" else pd.read_feather(path)
        return _index_first(frame, pd)
    if ext in (".jsonl", ".ndjson"):
        return _jsonl_frame(path, pd)
    if ext == ".json":
        return _json_frame(path, pd)
    if ext in YAML + MARKDOWN:
        if ext in YAML:
            return _json_frame(path, pd, _documents.yaml_records(path))
        return _documents.markdown_frame(path, pd, table)
    raise ValueError(
        f"{path}: unknown file type {ext!r}; use .csv, .tsv, .parquet, .feather, .xlsx, .json, .jsonl, "
        ".yaml, .md, .mdx, .html, .rst, .npy or .npz (optionally compressed: .gz, .bz2, .xz, .zip)"
    )


def _sheet(path: str, table, pd):
    """A workbook's sheet: its one sheet holding cells, or the one ``table`` names (its name or its
    number, from 1); a workbook of several such sheets and no choice is refused naming them (the first
    is often a summary of the others: Orion's leaderboard)."""
    sheets = {
        name: frame
        for name, frame in pd.read_excel(path, sheet_name=None, dtype=object, engine="openpyxl").items()
        if frame.size
    }
    names = list(sheets)
    if not names:
        raise ValueError("the workbook's sheets are empty")
    if table is None:
        if len(names) > 1:
            shown = ", ".join(f"{k}: {n!r} ({len(sheets[n])} rows)" for k, n in enumerate(names[:6], 1))
            raise ValueError(
                f"holds {len(names)} sheets with cells ({shown}{', ...' if len(names) > 6 else ''}); "
                f"rate one with --table NAME or its number (--table {names[0]!r})"
            )
        return _merged_header(sheets[names[0]])
    given = str(table).strip()
    if given.isdigit() and 1 <= int(given) <= len(names) and given not in sheets:
        return _merged_header(sheets[names[int(given) - 1]])
    found = [n for n in names if str(n).strip().lower() == given.lower()]
    if not found:
        raise ValueError(f"no sheet {given!r} with cells; its sheets: {', '.join(map(repr, names))}")
    return _merged_header(sheets[found[0]])


def _merged_header(frame):
    """A sheet whose header is two rows, the top one's cells merged over several columns (``NASA``
    over ``MSL`` and ``SMAP``: pandas names the others ``Unnamed: 2``), as one header row of joined
    names (``NASA/MSL``), said; a sheet of one header row as it is."""
    columns = [str(c) for c in frame.columns]
    merged = [j for j, c in enumerate(columns) if j and c.startswith("Unnamed: ")]
    if not merged or len(frame) < 2:
        return frame
    first = frame.iloc[0].tolist()
    words = [j for j, v in enumerate(first) if isinstance(v, str) and v.strip()]
    if not all(j in words for j in merged) or any(_is_number(v) for v in first):
        return frame
    names, top = [], ""
    for j, c in enumerate(columns):
        top = top if j in merged else c
        below = str(first[j]).strip() if j in words else ""
        names.append(f"{top}/{below}" if below and below != top and j else top)
    out = frame.iloc[1:].reset_index(drop=True)
    out.columns = names
    out.attrs["notes"] = [
        f"read the sheet's two header rows as one ({', '.join(map(repr, names[1:4]))}, ...): the top row's "
        "names are merged over the columns under them"
    ]
    return out


def _is_number(value) -> bool:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value == value  # NaN is an empty cell
    try:
        float(str(value))
        return True
    except ValueError:
        return False


def _titles(path: str, sep: str):
    """The lines above a text table's header (a title) that :func:`jaxrate.io._text.read_rows` skips too."""
    import csv
    import itertools

    from jaxrate.io._text import lines, title_lines

    with open_text(path) as f:
        rows = list(itertools.islice(csv.reader(lines(f, path), delimiter=sep), 7))
    n = title_lines([r for r in rows])
    return None if not n else lambda k: k < n or not any(c.strip() for c in rows[k]) and k < n + 1


def _default_range(labels) -> bool:
    """Whether labels are pandas' default index, 0 .. n-1 (as numbers, or as JSON's keys, strings)."""
    return [str(k) for k in labels] == [str(k) for k in range(len(labels))]


def _index_first(frame, pd):
    """A frame with its index of names as its first column, as ``to_csv()`` writes it (a default dropped)."""
    if frame.index.name is None and _default_range(frame.index):
        return frame.reset_index(drop=True)
    if frame.index.name is not None or not isinstance(frame.index, pd.RangeIndex):
        name = frame.index.name if frame.index.name is not None else ""
        frame = frame.rename_axis(name).reset_index()
    return frame


def _load_json(path: str):
    """A ``.json`` table's data: a plain file read strictly (a BOM, a key twice), a compressed one through."""
    from jaxrate.results._files import load_json, parse_json

    if os.path.splitext(path)[1].lower() not in COMPRESSED:
        return load_json(path)
    with open_text(path) as f:
        return parse_json(f.read(), path)


def _jsonl_frame(path: str, pd):
    """A JSON-lines table: one record a line, each parsed strictly (a key twice is refused, naming the
    line), nested objects read as :func:`_json_frame` reads a list of records."""
    from jaxrate.io._text import lines
    from jaxrate.results._files import parse_json

    records = []
    with open_text(path) as f:
        for n, line in enumerate(lines(f, path), 1):
            if line.strip():
                record = parse_json(line, f"{path}: line {n}")
                if not isinstance(record, dict):
                    raise ValueError(f"{path}: line {n} is not a record ({{...}}): one record a line")
                records.append(record)
    if not records:
        raise ValueError(f"{path}: the file is empty")
    return _json_frame(path, pd, records)


def _wrapped(data) -> bool:
    """Whether ``data`` is an object of one key whose value is a list of records."""
    if not isinstance(data, dict) or len(data) != 1:
        return False
    inner = next(iter(data.values()))
    return isinstance(inner, list) and bool(inner) and all(isinstance(r, dict) for r in inner)


def _one_record(data) -> bool:
    """Whether ``data`` is one record: an object of plain values, some text and some numbers (a run's
    ``{"model": "claude-2.1", "depth_percent": 0.0, "score": 10}``; a ``{model: score}`` object holds
    no text and is not one)."""
    if not isinstance(data, dict) or not data:
        return False
    values = list(data.values())
    plain = all(v is None or isinstance(v, (str, int, float, bool)) for v in values)
    numbers = any(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)
    return plain and numbers and any(isinstance(v, str) for v in values)


def _json_frame(path: str, pd, data=None):
    """A ``.json`` table (or its ``data``) in any of pandas' orients but ``values`` (no names), a list
    of records, or records holding objects (:mod:`jaxrate.io._nested`)."""
    if data is None:
        data = _load_json(path)
    if isinstance(data, dict) and {"schema", "data"} <= set(data):  # orient="table"
        return _index_first(pd.read_json(StringIO(json.dumps(data)), orient="table"), pd)
    if isinstance(data, dict) and {"columns", "data"} <= set(data) and isinstance(data["data"], list):
        frame = pd.DataFrame(data["data"], columns=data["columns"], index=data.get("index"))  # "split"
        return _index_first(frame, pd)
    from jaxrate.io._nested import flatten, is_nested, is_tree, nested_frame, tree_frame

    if is_tree(data):
        return tree_frame(path, data, pd)
    if is_nested(data):
        return nested_frame(path, data, pd, _json_frame)
    if isinstance(data, dict) and data and all(isinstance(v, dict) for v in data.values()):
        frame = pd.DataFrame(data)  # orient="columns" (df.to_json()'s default): the outer keys are columns
        if _default_range(frame.columns):  # orient="index" of a frame with the default index: turned back
            return frame.T.reset_index(drop=True).infer_objects()
        if _default_range(frame.index):  # orient="columns" of a frame with the default index
            return frame.reset_index(drop=True)
        frame = _index_first(frame, pd)
        frame.attrs["unsure"] = UNSURE_JSON
        return frame
    if isinstance(data, list) and data and all(isinstance(r, dict) for r in data):
        return pd.DataFrame.from_records([flatten(r) for r in data])  # a list of plain values: its text
    if _wrapped(data):  # {"data": [records]}: a web page's data file
        ((key, records),) = data.items()
        frame = _json_frame(path, pd, records)
        said = f"read the records under the file's one key {key!r}"
        frame.attrs["notes"] = [said, *frame.attrs.get("notes", ())]
        return frame
    if _one_record(data):  # a run's own file ({"model": ..., "score": ...}): a folder's row
        frame = pd.DataFrame.from_records([data])
        frame.attrs["notes"] = ["read the file's one record (a row of the folder's table)"]
        return frame
    if isinstance(data, list) and data and all(isinstance(r, list) for r in data):
        raise ValueError(
            "JSON lists of values (pandas' orient='values') hold no model or task names; "
            "write the table with df.to_json() or orient='split', 'records' or 'table'"
        )
    raise ValueError(
        "JSON must be a list of records, {task: {model: score}} or one of pandas' orients "
        "(df.to_json(orient='split'|'table'|'records'|'index'))"
    )
