"""Delimited text tables (comma, semicolon or tab) read without pandas: the strict score reader.

Everything here is the standard library and NumPy, so that the command line
reads a plain score table without importing pandas (start-up time).
"""

from __future__ import annotations

import csv
import functools
import io
import itertools
import os
import re

import numpy as np

__all__ = ["COMPRESSED", "DELIMITED", "DELIMITERS", "MAX_LINE", "MAX_ROWS", "MAX_SCORE", "MISSING_MARKERS",
           "as_text", "check_score", "check_unique", "delimiter_name", "first_row", "is_missing_marker",
           "lines", "open_text", "parse_number", "read_rows", "sniff_delimiter", "suffix"]  # fmt: skip

#: File suffixes read as delimited text.
DELIMITED = (".csv", ".tsv", ".tab", ".txt")  # file suffixes read as delimited text
COMPRESSED = (".gz", ".bz2", ".xz", ".zip")  # a table compressed whole: read through, named by its own suffix
#: The delimiters sniffed (``--sep`` takes any other).
DELIMITERS = {",": "comma", ";": "semicolon", "\t": "tab"}  # the delimiters sniffed; --sep takes any other
# Cells that mean "no score" (HELM's exports write "-"); compared stripped and lower-cased.
#: Cells that mean "no score", compared stripped and lower-cased.
MISSING_MARKERS = (
    "", "-", "--", "\u2014", "\u2013", "na", "n/a", "n.a.", "nan", "null", "none", "?", "??", "???",
    # a run that did not finish: no score, a hole for the missing rule ("OOM", "Too slow*", "timeout")
    "oom", "out of memory", "oot", "timeout", "time out", "timed out", "too slow", "tbd", "dnf", "failed",
    "~", "/",  # solo-learn's "~" and WebCanvas's "/": not run
    # not run yet, or not reported ("pending" in code-eval's README, DASB's "N.C": not converged)
    "pending", "tba", "wip", "todo", "coming soon", "not run", "not reported", "n/r", "unavailable", "n.c",
    "n.c.", "crashed",
)  # fmt: skip
#: Scores of larger magnitude are refused (they overflow the ratings' arithmetic).
MAX_SCORE = 1e300  # larger magnitudes overflow the ratings' arithmetic (1e306 does; 1e305 rates): refused
# The longest line (and so cell) of a text table read: a header of a million tasks fits; a longer line is
# refused naming the file and this limit, never read whole (a one-line file of 200 MB, a stray binary).
MAX_LINE = 2**24
csv.field_size_limit(MAX_LINE)
MAX_ROWS = 2**20  # the most rows (models) of a wide text table: a million models; past it, refused


def as_text(cells):
    """A pandas column's (or frame's) cells as text, a missing one (``None``, NaN) as ``""``: pandas 3's
    ``astype(str)`` keeps NaN, which no name, key or ``--where`` value can be."""
    missing = cells.isna()
    if not missing.to_numpy().any():
        return cells.astype(str)
    return cells.where(~missing, "").astype(str)


def lines(f, path: str):
    """The lines of an open text file, each at most :data:`MAX_LINE` characters (a ``ValueError``
    naming the file and the limit at the first longer one, read no further)."""
    read = f.readline
    while True:
        line = read(MAX_LINE + 1)
        if not line:
            return
        if len(line) > MAX_LINE:
            raise ValueError(
                f"{path}: a line longer than {MAX_LINE:,} characters, the most a table's line may hold "
                "(is it a table?)"
            )
        if "\x00" in line:
            raise ValueError(f"{path}: holds NUL characters, not text (a binary file, or a damaged one)")
        yield line


def _zip_member(path: str) -> str:
    """The one file in a ``.zip`` archive (a ``ValueError`` for none or several)."""
    import zipfile

    try:
        with zipfile.ZipFile(path) as archive:
            names = [n for n in archive.namelist() if not n.endswith("/") and "__MACOSX" not in n]
    except FileNotFoundError:
        raise ValueError(f"{path}: no such file") from None
    except zipfile.BadZipFile:
        raise ValueError(f"{path}: not a zip archive") from None
    if len(names) != 1:
        raise ValueError(f"{path}: a .zip must hold exactly one table; it holds {len(names)} files")
    return names[0]


def suffix(path: str | os.PathLike) -> str:
    """The file's extension, lower case (``".csv"``); a compressed file's own (``"scores.csv.gz"``:
    ``".csv"``; a ``.zip``: its one member's).

    >>> suffix("Board.CSV"), suffix("board.tsv.gz"), suffix("x.npy")
    ('.csv', '.tsv', '.npy')
    """
    path = os.fspath(path)
    stem, ext = os.path.splitext(path)
    ext = ext.lower()
    if ext == ".zip" and os.path.isfile(path):
        return os.path.splitext(_zip_member(path))[1].lower()
    if ext in COMPRESSED:
        return os.path.splitext(stem)[1].lower()
    return ext


def open_text(path: str | os.PathLike):
    """A text table opened for :mod:`csv` (UTF-8, a byte-order mark dropped), through any compression."""
    path = os.fspath(path)
    ext = os.path.splitext(path)[1].lower()
    text = {"newline": "", "encoding": "utf-8-sig"}
    if ext not in COMPRESSED:
        return open(path, **text)
    import bz2
    import gzip
    import lzma
    import zipfile

    if ext == ".zip":
        member = _zip_member(path)
        return io.TextIOWrapper(zipfile.ZipFile(path).open(member), **text)
    return {".gz": gzip.open, ".bz2": bz2.open, ".xz": lzma.open}[ext](path, "rt", **text)


def delimiter_name(sep: str) -> str:
    """``"comma"``, ``"semicolon"``, ``"tab"``, or the character quoted (``"'|'"``)."""
    return DELIMITERS.get(sep, repr(sep))


def is_missing_marker(text: str) -> bool:
    """Whether a cell's text is a missing-value marker (empty, ``-``, ``NA``, ``N/A``, ``nan``, ...)."""
    lower = text.strip().lower()
    if lower in _MISSING or lower[:1] in _BOUNDS and _BOUND.match(lower):  # "< 5%": a bound, no score
        return True
    if lower[:1] in _DASHES and not lower.strip("".join(_DASHES)):  # "-----": a rule drawn in a cell
        return True
    return lower.endswith(_MARKED) and lower.rstrip("*\u2020\u2021").strip() in _MISSING


_MISSING = frozenset(MISSING_MARKERS)  # looked up for every cell read
_BOUNDS = frozenset("<>\u2264\u2265")
_BOUND = re.compile(r"^[<>\u2264\u2265]=?\s*[-+]?\d[\d.,]*\s*%?$")
_MARKED = ("*", "\u2020", "\u2021")  # a footnote's mark after a marker: "Too slow*"
_DASHES = frozenset("-\u2013\u2014")


def check_score(value: float, text: object, where: str) -> float:
    """``value``, or a ``ValueError`` (starting with ``where``) when it is not finite or too large.

    >>> check_score(0.5, "0.5", "x")
    0.5
    """
    if not np.isfinite(value):
        raise ValueError(f"{where} is not finite: {text!r}")
    if abs(value) > MAX_SCORE:
        raise ValueError(
            f"{where} is too large to rate: {text!r} (magnitudes up to {MAX_SCORE:.0e}; rescale the scores)"
        )
    return value


_SNIFF_LINES = 50


def sniff_delimiter(path: str | os.PathLike) -> str:
    """The field delimiter of a text table: comma, semicolon or tab (``.tsv``/``.tab``: tab first),
    the one splitting the header, and as many of the first 50 lines, into the most fields."""
    path = os.fspath(path)
    try:
        with open_text(path) as f:
            found = list(itertools.islice((line for line in lines(f, path) if line.strip()), _SNIFF_LINES))
    except Exception as err:
        raise _unreadable(path, err) from None
    preferred = "\t" if suffix(path) in (".tsv", ".tab") else ","
    if not found:
        return preferred
    best, best_key = preferred, (False, False, 1)
    for delimiter in (preferred, *(d for d in DELIMITERS if d != preferred)):
        rows = list(csv.reader(found, delimiter=delimiter))
        whole = all(len(r) == len(rows[0]) for r in rows)  # header and rows alike, no title above
        rows = rows[title_lines(rows) :] or rows
        width = len(rows[0])
        key = (whole, all(len(r) == width for r in rows), width)
        if width > 1 and key > best_key:
            best, best_key = delimiter, key
    return best


def _unreadable(path: str, err: Exception) -> ValueError:
    """The one-line error for a text table that could not be read (a ``ValueError`` of ours as it is)."""
    if isinstance(err, ValueError) and not isinstance(err, UnicodeDecodeError):
        return err
    if isinstance(err, UnicodeDecodeError):
        why = "not a UTF-8 text table"
    elif isinstance(err, FileNotFoundError):
        why = "no such file"
    else:
        why = f"cannot read it: {err}"
    return ValueError(f"{path}: {why}")


def parse_number(text: str, decimal: str = ".") -> float:
    """``float(text)``, reading ``decimal`` as the decimal mark (``","``: ``0,5`` is 0.5).

    Raises:
      ValueError: when the text is not a number in that notation (``1_000``, which Python's ``float``
        reads and no table writes, is not).
    """
    if "_" in text:
        raise ValueError(text)
    if decimal == ",":
        if "." in text:
            raise ValueError(text)  # a thousands separator or a decimal point: ambiguous, refuse
        text = text.replace(",", ".")
    elif "," in text:
        if not _GROUPED.match(text):
            raise ValueError(text)
        text = text.replace(",", "")  # "1,006.9": grouped thousands beside a decimal point, unambiguous
    return float(text)


_GROUPED = re.compile(r"^\s*[-+]?\d{1,3}(?:,\d{3})+\.\d+\s*$")


def title_lines(rows: list[list[str]]) -> int:
    """How many rows above a text table's header are a title or a note: at most 5 rows of one or two
    cells of text, each narrower than the rows under it (a title with a comma in it too)."""
    k = 0
    while k < min(5, len(rows) - 2) and _title(rows[k], rows[k + 1 :]):
        k += 1
    return k


def _title(row: list[str], below: list[list[str]]) -> bool:
    cells = [c for c in row if c.strip()]
    width = len(below[0])
    return len(cells) <= 2 and len(row) < width and all(len(r) == width for r in below[:4])


def _two_row_header(header: list[str], second: list[str]) -> list[str] | None:
    """The names of a header written on two rows (pandas' columns of two levels: ``shot_noise`` over
    ``1``..``5``, the row names' cell empty on both), or ``None``."""
    names = header[1:]
    if header[0] or second[0].strip() or len(set(names)) == len(names) or len(second) != len(header):
        return None
    if not all(c.strip() for c in second[1:]):
        return None
    joined = [f"{a}/{b.strip()}" for a, b in zip(names, second[1:])]
    return [""] + joined if len(set(joined)) == len(joined) else None


def read_rows(
    path: str | os.PathLike, delimiter: str, notes: list | None = None
) -> tuple[list[str], list[list[str]], list[int]]:
    """A wide text table's cells: ``(header, rows, lines)``, the header stripped, one row per
    non-empty line under it (cells as written) and the line number of each. Lines above the header
    (a title) are skipped, and a header on two rows (pandas') is read as one; ``notes`` says so.

    Raises:
      ValueError: naming the file (and line) of an empty file, a header without task columns, no
        rows under it, or a row with more or fewer fields than the header.
    """
    path = os.fspath(path)
    try:
        with open_text(path) as f:
            reader = csv.reader(lines(f, path), delimiter=delimiter)
            found = ((row, reader.line_num) for row in reader if any(cell.strip() for cell in row))
            numbered = list(itertools.islice(found, MAX_ROWS + 2))
            if len(numbered) > MAX_ROWS + 1:
                raise ValueError(
                    f"{path}: more than {MAX_ROWS:,} rows under the header, more models than a wide "
                    "board rates (a long table? name its columns: --model-col, --task-col, --score-col)"
                )
    except Exception as err:
        raise _unreadable(path, err) from None
    if not numbered:
        raise ValueError(f"{path}: the file is empty")
    said = [] if notes is None else notes
    skipped = title_lines([row for row, _ in numbered])
    if skipped:
        first = " ".join(c.strip() for c in numbered[0][0] if c.strip())
        said.append(f"skipped {skipped} line(s) above the header ({first[:60]!r}: a title)")
        numbered = numbered[skipped:]
    header = [cell.strip() for cell in numbered[0][0]]
    if len(numbered) > 2:
        two = _two_row_header(header, numbered[1][0])
        if two is not None:
            said.append(
                f"read the header's two rows as one: {two[1]!r}, {two[2]!r}, ... (pandas' two levels)"
            )
            header, numbered = two, [numbered[0]] + numbered[2:]
    if len(header) < 2:
        raise ValueError(
            f"{path}: the header has no task columns (expected: name,task1,task2,... separated by a "
            "comma, semicolon or tab; --sep forces one)"
        )
    if len(numbered) < 2:
        raise ValueError(f"{path}: no agent rows under the header")
    refuse_headerless(
        path,
        header,
        lambda: [[row[j] for row, _ in numbered[1:] if j < len(row)] for j in range(len(header))],
    )
    for row, line in numbered[1:]:
        if len(row) != len(header):
            raise ValueError(f"{path}: line {line} has {len(row)} fields but the header has {len(header)}")
    return header, [row for row, _ in numbered[1:]], [line for _, line in numbered[1:]]


_FRACTION = re.compile(r"^[-+]?\d*\.\d+(?:[eE][-+]?\d+)?$")
_INTEGER = re.compile(r"^[-+]?\d+$")


def refuse_headerless(path: str, header: list[str], columns) -> None:
    """A ``ValueError`` when a delimited file has no header row: its first line is a row like the others
    (JuliaLang's ``benchmarks.csv``: ``c,iteration_pi_sum,27.368069``, then more of the same), read as
    the header it would lose a score and name columns by data. Said where every cell over a column of
    numbers is a number (a fraction, or whole numbers where every cell over a column of words is one of
    its values) and a cell over a column of words is one of its values: a header of quantiles,
    ``model,0.1,0.5,0.9``, is a header ('model' names no row). A header line written again among the
    rows (files joined) is said as that."""
    header = [str(h).strip() for h in header]
    numbers = lambda h: bool(_FRACTION.match(h) or _INTEGER.match(h))  # noqa: E731
    if not any(numbers(h) for h in header):  # a header of words (nearly every file): no cell looked at
        return
    cells = [[str(c).strip() for c in col] for col in (columns() if callable(columns) else columns)]
    numeric = [
        any(c for c in col) and all(numbers(c) or c.lower() in MISSING_MARKERS for c in col) for col in cells
    ]
    if not any(numeric) or not all(numbers(h) for h, num in zip(header, numeric) if num):
        return
    words = [(h, col) for h, num, col in zip(header, numeric, cells) if not num]
    values = sum(bool(h) and not numbers(h) and h in set(col) for h, col in words)
    fraction = any(_FRACTION.match(h) for h in header)
    if not values or not fraction and (values < 2 or values < len(words)):
        return
    shown = ", ".join(header[:6]) + (", ..." if len(header) > 6 else "")
    if any(list(row) == header for row in zip(*cells)):
        raise ValueError(
            f"{path}: the header line ({shown}) is written again among the rows (files joined together?): "
            "remove the repeats"
        )
    raise ValueError(
        f"{path}: the first line ({shown}) holds numbers and values of the rows below: the file has no "
        "header row; add one naming the columns (for one score a line: model,task,score, then "
        "--model-col, --task-col, --score-col name them)"
    )


def check_unique(
    path: str, kind: str, names: list[str], where: list[str] | None = None, hint: str | None = None
) -> None:
    """A ``ValueError`` for an empty or repeated name; ``where[k]`` names name ``k``'s record
    (``"line 5"``), and ``hint`` is added to a repeat's message."""
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        at = f"{where[i]}: " if where is not None else ""
        if name == "":
            advice = f"; {hint}" if hint else ""
            raise ValueError(f"{path}: {at}{kind} {i + 1} has an empty name{advice}")
        if name in seen:
            first = f" (first at {where[seen[name]]})" if where is not None else ""
            advice = f"; {hint}" if hint else ""
            raise ValueError(f"{path}: {at}duplicate {kind} name {name!r}{first}{advice}")
        seen[name] = i


def first_row(path: str | os.PathLike, sep: str | None = None) -> list[str]:
    """The first non-empty row of a text table (its header), cells stripped; ``sep``: sniffed when None."""
    path = os.fspath(path)
    sep = sep or sniff_delimiter(path)
    try:
        found = os.stat(path)
    except OSError as err:
        raise _unreadable(path, err) from None
    # read once per file as it is now (recognising a table and reading it both ask for its header)
    return list(_first_row(path, sep, found.st_size, found.st_mtime_ns))


@functools.lru_cache(maxsize=8)
def _first_row(path: str, sep: str, size: int, mtime: int) -> tuple[str, ...]:
    try:
        with open_text(path) as f:
            rows = list(
                itertools.islice(
                    (r for r in csv.reader(lines(f, path), delimiter=sep) if any(c.strip() for c in r)), 7
                )
            )
    except Exception as err:
        raise _unreadable(path, err) from None
    if not rows:
        raise ValueError(f"{path}: the file is empty")
    return tuple(cell.strip() for cell in rows[title_lines(rows)])
