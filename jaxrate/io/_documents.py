"""Tables written in documents: YAML records and Markdown pipe tables, read as DataFrames.

A **YAML** file (``.yaml``, ``.yml``) holding a list of records (one per model or run) or a mapping
of records is read as JSON of the same shape is (:func:`jaxrate.io._tables.read_frame`), PyYAML's
``safe_load`` reading it (imported only here). A **Markdown** file (``.md``, ``.markdown``) is read
by its pipe tables (GitHub's form: a header row, a delimiter row ``|---|--:|``, body rows); a README
holding text and several tables gives its largest, said as an
:class:`~jaxrate.io._assumed.Assumed` note. Cells lose their Markdown (``**bold**``, ``[text](url)``,
inline code, ``<br>``) and keep their text otherwise (``1.8 %`` stays text for the cells stage).
"""

from __future__ import annotations

import datetime
import html
import os
import re
from typing import NamedTuple

from jaxrate.io._assumed import Assumed
from jaxrate.io._text import open_text

__all__ = ["MARKDOWN", "YAML", "markdown_frame", "markdown_tables", "plain", "yaml_records"]

YAML = (".yaml", ".yml")
MARKDOWN = (".md", ".markdown")


def yaml_records(path: str):
    """A YAML list (or mapping) of records, as JSON would hold it (:func:`jaxrate.io._tables.read_frame`
    reads that as it reads JSON)."""
    import yaml

    try:
        with open_text(path) as f:
            data = yaml.load(f, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # safe_load, in C
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f"line {mark.line + 1}: " if mark is not None else ""
        problem = " ".join(str(getattr(err, "problem", None) or err).split())
        raise ValueError(f"{path}: not valid YAML: {where}{problem}") from None
    records = isinstance(data, list) and data and all(isinstance(r, dict) for r in data)
    keyed = isinstance(data, dict) and data and all(isinstance(r, dict) for r in data.values())
    if not (records or keyed):
        shown = "nothing" if not data else f"a {type(data).__name__}"
        shown += " of other things than records" if isinstance(data, (list, dict)) and data else ""
        raise ValueError(
            f"{path}: YAML holding {shown}, not a table: write a list of records (- model: NAME, "
            "TASK: SCORE, ...), one per model, or a mapping of model names to records"
        )
    return _plain_values(data)


def _plain_values(data):
    """``data`` with YAML's dates and times as the text they were written as (ISO 8601)."""
    if isinstance(data, dict):
        return {k: _plain_values(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_plain_values(v) for v in data]
    return data.isoformat() if isinstance(data, (datetime.date, datetime.time)) else data


class Table(NamedTuple):
    """One pipe table of a Markdown file: the ``line`` of its header (1-based), the section ``heading``
    above it (``""`` when none), its ``header`` cells and ``rows`` (each padded to the header's width)."""

    line: int
    heading: str
    header: list[str]
    rows: list[list[str]]

    @property
    def size(self) -> int:
        return len(self.rows) * len(self.header)


_DELIMITER = re.compile(r"^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?$")
_FENCE = re.compile(r"^\s{0,3}(```|~~~)")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")


def _cells(line: str) -> list[str]:
    """A table row's cells: split on ``|`` but not ``\\|``, the outer pipes dropped."""
    text = line.strip()
    text = text[1:] if text.startswith("|") else text
    text = text[:-1] if text.endswith("|") and not text.endswith("\\|") else text
    return [c.replace("\\|", "|").strip() for c in re.split(r"(?<!\\)\|", text)]


def markdown_tables(path: str, lines: list[str]) -> list[Table]:
    """Every pipe table in ``lines`` (outside fenced code), in order.

    Raises:
      ValueError: naming the line of a row with more cells than its header.
    """
    tables: list[Table] = []
    heading, fenced, k = "", False, 0
    while k < len(lines):
        line = lines[k]
        if _FENCE.match(line):
            fenced = not fenced
        found = None if fenced else _HEADING.match(line)
        heading = plain(found.group(1)) if found else heading
        below = lines[k + 1].strip() if k + 1 < len(lines) else ""
        if fenced or "|" not in line or not _DELIMITER.match(below) or "-" not in below:
            k += 1
            continue
        header = [plain(c) for c in _cells(line)]
        if len(_cells(below)) != len(header):
            k += 1
            continue  # not a table: GitHub needs as many delimiter cells as header cells
        rows, j = [], k + 2
        while j < len(lines) and lines[j].strip() and "|" in lines[j]:
            cells = [plain(c) for c in _cells(lines[j])]
            while len(cells) > len(header) and not cells[-1]:
                cells.pop()  # a row written with an empty cell more (section rows often are)
            if len(cells) > len(header):
                raise ValueError(
                    f"{path}: line {j + 1}: a table row with {len(cells)} cells under a header of "
                    f"{len(header)} (a '|' inside a cell? write it as \\|)"
                )
            rows.append(cells + [""] * (len(header) - len(cells)))
            j += 1
        tables.append(Table(k + 1, heading, header, rows))
        k = j
    return tables


def _sections(rows: list[list[str]]) -> tuple[list[list[str]], list[str]]:
    """A table's rows without its section rows (a name and no other cell: ``**Open models**``), and
    those rows' names."""
    kept = [r for r in rows if any(c for c in r[1:])]
    return kept, [r[0] for r in rows if r[0] and not any(c for c in r[1:])]


# Markdown's inline marks, outermost first: images and links to their text, emphasis and code to theirs.
_INLINE = (
    (re.compile(r"\s*\[\^[^\]\s]+\]"), ""),  # a footnote reference: "o3-high [^10]" is o3-high
    (re.compile(r"!\[([^\]]*)\]\((?:[^()]|\([^()]*\))*\)"), r"\1"),
    (re.compile(r"\[([^\]]+)\]\((?:[^()]|\([^()]*\))*\)"), r"\1"),  # a URL holding (...) too
    (re.compile(r"\[([^\]]+)\]\[[^\]]*\]"), r"\1"),
    (re.compile(r"`+([^`]*?)`+"), r"\1"),
    (re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1(?!\w)"), r"\2"),
    (re.compile(r"(?<![\w*])\*(?=\S)([^*]+?)(?<=\S)\*(?![\w*])"), r"\1"),
    (re.compile(r"(?<![\w_])_(?=\S)([^_]+?)(?<=\S)_(?![\w_])"), r"\1"),
    (re.compile(r"~~(?=\S)(.+?)(?<=\S)~~"), r"\1"),
    (re.compile(r"<br\s*/?>", re.I), " "),
    (re.compile(r"</?[A-Za-z][^<>]*>"), ""),
)


def plain(cell: str) -> str:
    """A cell's text without Markdown: ``**[gpt-4o](https://...)**`` -> ``gpt-4o``.

    >>> plain("**[gpt-4o](https://x.org)**"), plain("_72.1_ <br> (1.8 %)"), plain("mean_reward")
    ('gpt-4o', '72.1 (1.8 %)', 'mean_reward')
    """
    text = cell
    for pattern, by in _INLINE:
        text = pattern.sub(by, text)
    return " ".join(html.unescape(text).split())


def markdown_frame(path: str, pd, options_table=None):
    """A pipe table of a Markdown file as a DataFrame of text: the one ``options_table`` names (its
    number or heading), else the largest that holds numbers; ``frame.attrs["notes"]`` says which was
    read when the file holds several, and the section rows skipped."""
    with open_text(path) as f:
        lines = f.read().splitlines()
    tables = markdown_tables(path, lines)
    if not tables:
        raise ValueError(
            f"{path}: no Markdown pipe table in it (a | header | row, a |---|---| row under it, then "
            "rows): give the table so, or as CSV or JSON"
        )
    chosen = _chosen(path, tables, options_table)
    if not chosen.rows:
        raise ValueError(f"{path}: line {chosen.line}: the table has a header and no rows")
    rows, sections = _sections(chosen.rows)
    frame = pd.DataFrame(rows, columns=chosen.header, dtype=object)
    notes: list = [] if len(tables) == 1 or options_table is not None else [_which(path, chosen, tables)]
    if sections:
        shown = ", ".join(repr(s) for s in sections[:3]) + (" ..." if len(sections) > 3 else "")
        notes.append(
            f"skipped {len(sections)} row(s) with a name and no other cell (section headings?): {shown}"
        )
    frame.attrs["notes"] = notes
    return frame


def _numbers(table: Table) -> bool:
    """Whether a table holds a number beside its first column (a results table, not a list of links)."""
    return any(re.search(r"\d", c) for r in table.rows for c in r[1:])


def _chosen(path: str, tables: list[Table], which) -> Table:
    """The table ``which`` names (its number from 1, or its heading), else the largest holding numbers."""
    if which is None:
        scored = [t for t in tables if _numbers(t)] or tables
        return max(scored, key=lambda t: (t.size, -t.line))
    text = str(which).strip()
    if text.isdigit() and 1 <= int(text) <= len(tables):
        return tables[int(text) - 1]
    named = [t for t in tables if t.heading == text] or [
        t for t in tables if text.lower() in t.heading.lower()
    ]
    if len(named) == 1:
        return named[0]
    shown = "; ".join(
        f"{k}: line {t.line}" + (f" under {t.heading!r}" if t.heading else "")
        for k, t in enumerate(tables, 1)
    )
    why = "no table is" if not named else f"{len(named)} tables are"
    raise ValueError(
        f"{path}: --table {text!r}: {why} that ({len(tables)} tables: {shown}); give its number or heading"
    )


def _which(path: str, chosen: Table, tables: list[Table]) -> Assumed:
    """What reading one table of several assumed: the largest, and how to rate another."""
    where = f"line {chosen.line}" + (f", under {chosen.heading!r}" if chosen.heading else "")
    others = ", ".join(f"line {t.line} ({len(t.rows)} x {len(t.header)})" for t in tables if t is not chosen)
    number = tables.index(chosen) + 1
    return Assumed(
        "layout",
        f"rated table {number}, at {where} ({len(chosen.rows)} rows x {len(chosen.header)} columns)",
        f"the largest holding numbers of the {len(tables)} tables in {os.path.basename(path)}; "
        f"the others: {others}",
        "--table N (or its heading) rates another",
        f"--table {number}",
    )
