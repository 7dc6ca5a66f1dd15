"""Any tabular file as a pandas DataFrame, its header, and what it holds.

pandas is imported inside the functions that need it: a delimited text
table's header is read by :mod:`jaxrate.io._text` alone.
"""

from __future__ import annotations

import json
import os

from jaxrate.io._text import DELIMITED, first_row, sniff_delimiter

__all__ = ["header", "input_kind", "read_frame", "record_name", "suffix"]

# The optional extra (pip install 'jaxrate[extra]') and package that read a file type.
_EXTRAS = {".parquet": ("parquet", "pyarrow"), ".pq": ("parquet", "pyarrow"), ".xlsx": ("excel", "openpyxl")}


def suffix(path: str) -> str:
    """The file's extension, lower case (``".csv"``)."""
    return os.path.splitext(path)[1].lower()


def record_name(path: str, k: int) -> str:
    """Record ``k`` (0-based, under the header) by the number its user sees.

    ``"line 5"`` of a text table and ``"row 5"`` of a spreadsheet count the
    header as 1, as an editor does (blank lines, which the reader skips,
    aside); JSON and Parquet records count from 1 (``"record 4"``).

    >>> record_name("b.csv", 3), record_name("b.xlsx", 3), record_name("b.jsonl", 3)
    ('line 5', 'row 5', 'record 4')
    """
    ext = suffix(path)
    if ext in DELIMITED:
        return f"line {k + 2}"
    return f"row {k + 2}" if ext == ".xlsx" else f"record {k + 1}"


def read_frame(path: str, sep: str | None = None):
    """Any tabular file as a DataFrame of raw values (no index); ``sep``: sniffed when None."""
    import pandas as pd

    ext = suffix(path)
    if not os.path.exists(path):
        raise ValueError(f"{path}: no such file")
    try:
        if ext in DELIMITED:
            sep = sep or sniff_delimiter(path)
            return pd.read_csv(path, sep=sep, dtype=str, keep_default_na=False, encoding="utf-8-sig")
        if ext == ".xlsx":
            return pd.read_excel(path, sheet_name=0, dtype=object, engine="openpyxl")
        if ext in (".parquet", ".pq"):
            frame = pd.read_parquet(path)
            if frame.index.name is not None or not isinstance(frame.index, pd.RangeIndex):
                # pandas' to_parquet keeps a frame's index (the model names, df.set_index("model")) as
                # the index, not a column: it is the first column, as in a CSV written by to_csv().
                frame = frame.reset_index()
            return frame
        if ext == ".jsonl" or ext == ".ndjson":
            return pd.read_json(path, lines=True)
        if ext == ".json":
            with open(path, encoding="utf-8") as f:
                data = json.load(f)
            if isinstance(data, dict) and all(isinstance(v, dict) for v in data.values()):
                # {model: {task: score}}: wide; missing keys become NaN
                return pd.DataFrame.from_dict(data, orient="index").rename_axis("model").reset_index()
            if isinstance(data, list) and all(isinstance(r, dict) for r in data):
                return pd.DataFrame.from_records(data)
            raise ValueError(f"{path}: JSON must be a list of records or {{model: {{task: score}}}}")
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
    raise ValueError(
        f"{path}: unknown file type {ext!r}; use .csv, .tsv, .parquet, .xlsx, .json, .jsonl, .npy or .npz"
    )


def input_kind(path: str, sep: str | None = None) -> str:
    """What a file holds: ``"payoffs"`` (``.npy``/``.npz``), ``"battles"`` or ``"scores"``.

    Battle records are recognised by their ``model_a``, ``model_b`` and ``winner`` columns.
    """
    if suffix(path) in (".npy", ".npz"):
        return "payoffs"
    columns = {c.lower() for c in header(path, sep)}
    return "battles" if {"model_a", "model_b", "winner"} <= columns else "scores"


def header(path: str, sep: str | None = None) -> list[str]:
    """A table's column names; for delimited text only its first line is read (no pandas)."""
    if suffix(path) not in DELIMITED:
        return [str(c).strip() for c in read_frame(path).columns]
    return first_row(path, sep)
