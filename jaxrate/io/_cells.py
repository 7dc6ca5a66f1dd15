"""A table's cells as written, and as numbers: the parse stage of score tables.

A wide table is held as :class:`Cells` (row names, column headers, raw cells, and how to name a
record in an error); :func:`column_numbers` turns one column into float64, naming the first bad cell.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

import numpy as np

from jaxrate.io._assumed import Assumed
from jaxrate.io._tables import record_name
from jaxrate.io._text import MAX_SCORE, check_score, check_unique, is_missing_marker, parse_number, read_rows

__all__ = ["DECIMAL_COMMAS", "Cells", "column_numbers", "decimal_commas", "frame_cells", "names_are_names", "text_cells"]


class Cells(NamedTuple):
    """A wide table as written: ``columns[j][k]`` is row ``rows[k]``'s cell under ``names[j]``;
    ``record(k)`` names row ``k``'s record in errors; ``unsure``: why the axes are unclear."""

    path: str
    first_header: str
    rows: list[str]
    names: list[str]
    columns: list[list]
    record: Callable[[int], str]
    unsure: str | None = None
    what: str = "column"  # what its columns are called in messages ("task" for a long table's)


def text_cells(path: str, sep: str) -> Cells:
    """A wide delimited text table's cells (no pandas); names checked unique, rows not empty."""
    header, rows, lines = read_rows(path, sep)
    names = header[1:]
    check_unique(path, "task", names)
    models = [row[0].strip() for row in rows]
    names_are_names(path, models, header[0])
    check_unique(path, "agent", models, [f"line {n}" for n in lines], _long_hint(header))
    columns = [[row[j] for row in rows] for j in range(1, len(header))]
    return Cells(path, header[0], models, names, columns, lambda k: f"line {lines[k]}")


def frame_cells(path: str, frame) -> Cells:
    """A wide table read by pandas (Excel, Parquet, Feather, JSON) as :class:`Cells`."""
    names = [str(c).strip() for c in frame.columns[1:]]
    if not names:
        raise ValueError(f"{path}: no task columns (expected: model,task1,task2,...)")
    is_nested = lambda v: isinstance(v, (dict, list))  # noqa: E731
    nested = next((c for c in frame.columns if frame[c].map(is_nested).any()), None)
    if nested is not None:
        raise ValueError(
            f"{path}: column {nested!r} holds nested objects, not scores: a JSON of nested objects is not a "
            "table; write one row per model with a number per task, or model,task,score rows"
        )
    models = frame[frame.columns[0]].astype(str).str.strip().tolist()
    names_are_names(path, models, str(frame.columns[0]))
    check_unique(path, "task", names)
    where = [record_name(path, k) for k in range(len(models))]
    check_unique(path, "model", models, where, _long_hint(frame.columns))
    columns = [frame[c].tolist() for c in frame.columns[1:]]
    record = lambda k: record_name(path, k)  # noqa: E731
    return Cells(path, str(frame.columns[0]), models, names, columns, record, frame.attrs.get("unsure"))


def _long_hint(columns: Sequence[object]) -> str:
    shown = ", ".join(str(c) for c in list(columns)[:6])
    return (
        f"a wide table names each model once, in its first column: if the names are in another column, "
        f"put it first; if it is a long table (one row per model and task; columns {shown}), name its "
        "columns: --model-col, --task-col, --score-col (and --replicate-col for seeds, folds or items)"
    )


def names_are_names(path: str, models: Sequence[str], first_header: str) -> None:
    """A ``ValueError`` when the first column, read as the model names, is a score column: headed by a
    metric's name and holding fractional numbers (pandas dropped the index)."""
    from jaxrate.io._orientation import looks_like

    if looks_like(first_header) != "task":
        return
    numbers = []
    for m in models:
        try:
            numbers.append(float(m))
        except ValueError:
            return
    if numbers and any(not float(x).is_integer() for x in numbers if np.isfinite(x)):
        raise ValueError(
            f"{path}: the first column, read as the model names, holds numbers ({models[0]}, ...): the "
            "names are not in the file (pandas' to_json(orient='records') and to_csv(index=False) drop "
            "the index); write them as its first column (df.reset_index()) or as the index "
            "(df.to_json(), df.to_parquet())"
        )


def value(cell: object, decimal: str) -> float:
    """A cell as a float: NaN when missing; ``ValueError`` when it is not a number."""
    if cell is None or (isinstance(cell, float) and np.isnan(cell)):
        return np.nan
    if isinstance(cell, str):
        return np.nan if is_missing_marker(cell) else parse_number(cell.strip(), decimal)
    try:
        return float(cell)
    except (TypeError, ValueError):
        raise ValueError(cell) from None


def is_text(cells: Sequence[object], decimal: str) -> bool:
    """Whether a column holds no number (words, or nothing), nor one in another notation (``50%``)."""
    seen_word = False
    for cell in cells:
        try:
            if not np.isnan(value(cell, decimal)):
                return False
        except ValueError:
            if _numberlike(cell):
                return False
            seen_word = True
    return seen_word


def _parses(text: str, decimal: str) -> bool:
    try:
        parse_number(text, decimal)
        return True
    except ValueError:
        return False


def _numberlike(cell: object) -> bool:
    text = cell.strip().rstrip("%").strip() if isinstance(cell, str) else ""
    return not isinstance(cell, str) or _parses(text, ".") or _parses(text, ",")


DECIMAL_COMMAS = Assumed(
    "cells",
    "read the numbers with decimal commas (0,5 is one half)",
    "the fields are separated by semicolons and every number is written with a comma",
    "--decimal . says otherwise",
    "--decimal ,",
)


def decimal_commas(columns: Sequence[Sequence[object]]) -> bool:
    """Whether the cells are numbers with decimal commas (``0,5``) and none with a decimal point."""
    comma = False
    for text in (c.strip() for column in columns for c in column if isinstance(c, str)):
        if _parses(text, ","):
            comma = comma or "," in text
        elif _parses(text, "."):
            return False  # a decimal point: mixed notation, not decimal commas
    return comma


def shown(cell: object) -> str:
    return repr(cell.strip() if isinstance(cell, str) else cell)


def column_numbers(
    cells: Cells, j: int, decimal: str, what: str = "score", allow_missing: bool = True
) -> tuple[np.ndarray, tuple[int, str] | None]:
    """Column ``j`` as float64 ``[rows]`` (missing cells NaN) and its first problem ``(row, message)`` or
    ``None``: not a number, missing (``allow_missing=False``), not finite, too large, or a negative
    standard error."""
    path, name = cells.path, cells.names[j]
    out = np.full(len(cells.rows), np.nan)
    first = None
    of = "for" if what == "score" else "of"
    for k, cell in enumerate(cells.columns[j]):
        try:
            out[k] = value(cell, decimal)
            if np.isfinite(out[k]) and abs(out[k]) <= MAX_SCORE and (what == "score" or out[k] >= 0):
                continue  # the common case: no message to write
        except ValueError:
            pass
        where = f"{path}: {cells.record(k)}: {what} {of} {cells.rows[k]!r} on {name!r}"
        try:
            out[k] = value(cell, decimal)
        except ValueError:
            hint = "; decimal commas? use --decimal ," if decimal == "." and "," in str(cell) else ""
            first = first or (k, f"{where} is not a number: {shown(cell)}{hint}")
            continue
        if np.isnan(out[k]):
            if not allow_missing and first is None:
                given = f" ({cell.strip()!r})" if isinstance(cell, str) and cell.strip() else ""
                first = (
                    k,
                    f"{path}: {cells.record(k)}: missing score for {cells.rows[k]!r} on {name!r}{given}; "
                    "choose --missing drop-models, drop-tasks, block, pairwise or fill:VALUE",
                )
        elif what != "score" and out[k] < 0:
            first = first or (k, f"{where} is {shown(cell)}; standard errors are finite and >= 0")
        else:
            try:
                check_score(out[k], cell, where)
            except ValueError as err:
                first = first or (k, str(err))
    return out, first
