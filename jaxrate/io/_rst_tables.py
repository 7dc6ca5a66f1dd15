"""reStructuredText tables and section titles, as rows of cell text (Sphinx pages, ``.rst`` READMEs).

Python projects publish their benchmark tables in their documentation: grid tables (``+---+``
borders, ``+===+`` under the header), simple tables (columns under runs of ``=``), and the
``list-table`` and ``csv-table`` directives. :func:`rst_tables` finds each in a page's lines and
returns it as :func:`jaxrate.io._html_tables.html_tables` returns an HTML table: its first and
last line, its rows of cell text (a cell over several columns repeated in each) and how many of
its first rows are its header. :func:`rst_titles` finds the section titles (a line underlined, and
maybe overlined, by one punctuation character repeated), with their depth: reStructuredText ranks
title styles in the order a page first uses them.
"""

from __future__ import annotations

import csv
import re

__all__ = ["rst_tables", "rst_titles"]

_GRID_BORDER = re.compile(r"^\s*\+(?:[-=]+\+)+\s*$")
_SIMPLE_BORDER = re.compile(r"^\s*=+(?: +=+)+\s*$")
_ADORNMENT = re.compile(r"^([=\-`:'\"~^_*+#<>.])\1{2,}\s*$")
_DIRECTIVE = re.compile(r"^(\s*)\.\.\s+(list-table|csv-table)::\s*(.*)$")
_OPTION = re.compile(r"^\s*:([\w-]+):\s*(.*)$")


def rst_titles(lines: list[str]) -> dict[int, tuple[int, str, int]]:
    """``{line index of a title: (depth, title, lines it takes from there)}``; depth 1 is the page's
    first style."""
    styles: dict[tuple[str, bool], int] = {}
    found: dict[int, tuple[int, str, int]] = {}
    k = 0
    while k + 1 < len(lines):
        over = _ADORNMENT.match(lines[k])
        text_at = k + 1 if over else k
        if text_at + 1 >= len(lines):
            break
        text = lines[text_at].strip()
        under = _ADORNMENT.match(lines[text_at + 1])
        inset = lines[text_at][:1].isspace()  # an overlined title may be inset
        plain_line = bool(text) and not _ADORNMENT.match(lines[text_at]) and (bool(over) or not inset)
        if (
            plain_line
            and under
            and len(lines[text_at + 1].strip()) >= len(text)
            and (not over or over.group(1) == under.group(1))
        ):
            style = (under.group(1), bool(over))
            depth = styles.setdefault(style, len(styles) + 1)
            found[k] = (depth, text, text_at + 2 - k)
            k = text_at + 2
            continue
        k += 1
    return found


def rst_tables(lines: list[str]) -> list[tuple[int, int, list[list[str]], int]]:
    """Every table of a reStructuredText page: ``(first line, line after it, rows, header rows)``
    (0-based lines; each row padded to the table's width)."""
    tables = []
    k = 0
    while k < len(lines):
        line = lines[k]
        found = None
        if _GRID_BORDER.match(line) and "=" not in line:
            found = _grid(lines, k)
        elif _SIMPLE_BORDER.match(line) and (k == 0 or not lines[k - 1].strip()):
            found = _simple(lines, k)
        elif _DIRECTIVE.match(line):
            found = _directive(lines, k)
        if found is None:
            k += 1
            continue
        end, rows, head = found  # rows None: a malformed table, passed over whole (a scan a line)
        rows = rows or []
        width = max((len(r) for r in rows), default=0)
        if rows and width > 1:
            tables.append((k, end, [r + [""] * (width - len(r)) for r in rows], head))
        k = max(end, k + 1)
    return tables


def _grid(lines: list[str], start: int):
    """A grid table from its top border: ``(line after it, rows, header rows)``; rows None where the
    lines are no grid table (a border of other columns, a row left open)."""
    border = lines[start].rstrip()
    bounds = [i for i, c in enumerate(border) if c == "+"]
    rows: list[list[str]] = []
    parts: list[list[str | None]] = [[] for _ in bounds[:-1]]
    head, k = 0, start + 1
    while k < len(lines):
        line = lines[k].rstrip()
        if _GRID_BORDER.match(line):
            if not {i for i, c in enumerate(line) if c == "+"} <= set(bounds):
                return k, None, 0  # a border of other columns: not one grid table
            rows.append(_closed(parts))
            parts = [[] for _ in bounds[:-1]]
            head = len(rows) if "=" in line and not head else head
            k += 1
            continue
        if not line.lstrip().startswith("|") or len(line) < bounds[-1]:
            break
        for c, text in enumerate(_spanned(line, bounds)):
            parts[c].append(text)
        k += 1
    if not rows or any(column for column in parts):
        return k, None, 0  # no row closed, or a row left open: not a grid table
    return k, rows, head


def _spanned(line: str, bounds: list[int]) -> list[str | None]:
    """A grid row's line cut at the column bounds where it has a ``|``: a cell over several columns
    goes to its first, the others get None."""
    cells: list[str | None] = [None] * (len(bounds) - 1)
    begin = 0
    for c in range(1, len(bounds)):
        if c == len(bounds) - 1 or line[bounds[c] : bounds[c] + 1] == "|":
            cells[begin] = line[bounds[begin] + 1 : bounds[c]].strip()
            begin = c
    return cells


def _closed(parts: list[list[str | None]]) -> list[str]:
    """A grid row's cells from its lines' parts: a cell spanned on every line repeats the one before."""
    cells: list[str] = []
    for column in parts:
        spanned = bool(column) and all(p is None for p in column)
        text = " ".join(" ".join(p for p in column if p).split())
        cells.append(cells[-1] if spanned and cells else text)
    return cells


def _simple(lines: list[str], start: int):
    """A simple table from its top border: ``(line after it, rows, header rows)``, or None."""
    border = lines[start].rstrip()
    spans = [(m.start(), m.end()) for m in re.finditer(r"=+", border)]
    borders = [start]
    k = start + 1
    while k < len(lines) and len(borders) < 3:
        line = lines[k].rstrip()
        if _SIMPLE_BORDER.match(line):
            borders.append(k)
        elif line.strip() == "" and len(borders) == 2 and k + 1 < len(lines) and not lines[k + 1].strip():
            break  # two blank lines: the table ended without a last border
        k += 1
    if len(borders) < 2:
        return None
    if len(borders) == 2:  # no header: border, rows, border
        return borders[1] + 1, _simple_rows(lines[start + 1 : borders[1]], spans), 0
    header = _simple_rows(lines[start + 1 : borders[1]], spans)
    body = _simple_rows(lines[borders[1] + 1 : borders[2]], spans)
    return borders[2] + 1, header + body, len(header)


def _simple_rows(lines: list[str], spans: list[tuple[int, int]]) -> list[list[str]]:
    rows: list[list[str]] = []
    for line in lines:
        if not line.strip() or re.fullmatch(r"\s*-+(?:\s+-+)*\s*", line):
            continue  # a blank line, or a column span's underline
        cells = []
        for c, (begin, _) in enumerate(spans):
            end = spans[c + 1][0] if c + 1 < len(spans) else len(line)
            cells.append(line[begin:end].strip())
        if rows and not cells[0]:  # a blank first column continues the row above
            rows[-1] = [" ".join(f"{a} {b}".split()) for a, b in zip(rows[-1], cells)]
        else:
            rows.append(cells)
    return rows


def _directive(lines: list[str], start: int):
    """A ``list-table`` or ``csv-table`` directive (its content in the page): ``(line after it, rows,
    header rows)``, or None (``csv-table`` of a ``:file:``)."""
    found = _DIRECTIVE.match(lines[start])
    indent, kind = len(found.group(1)), found.group(2)
    options: dict[str, str] = {}
    body: list[str] = []
    k = start + 1
    while k < len(lines):
        line = lines[k]
        if line.strip() and len(line) - len(line.lstrip()) <= indent:
            break
        option = _OPTION.match(line)
        if option and not body:
            options[option.group(1)] = option.group(2).strip()
        elif line.strip() or body:
            body.append(line)
        k += 1
    head = int(options["header-rows"]) if options.get("header-rows", "").isdigit() else 0
    if kind == "csv-table":
        if "file" in options or "url" in options:
            return None
        text = [b.strip() for b in body if b.strip()] + ([options["header"]] if "header" in options else [])
        rows = [[c.strip() for c in r] for r in csv.reader(text, skipinitialspace=True)]
        if "header" in options:
            rows = [rows[-1], *rows[:-1]]
            head = max(head, 1)
        return k, rows, head
    return k, _list_rows(body), head


def _list_rows(body: list[str]) -> list[list[str]]:
    """The rows of a ``list-table``'s content: ``* - a`` opens a row, ``- b`` adds a cell, deeper lines
    continue the cell."""
    rows: list[list[str]] = []
    for line in body:
        text = line.strip()
        row = re.match(r"^\*\s+-\s*(.*)$", text)
        cell = re.match(r"^-\s*(.*)$", text)
        if row:
            rows.append([row.group(1)])
        elif cell and rows:
            rows[-1].append(cell.group(1))
        elif text and rows:
            rows[-1][-1] = f"{rows[-1][-1]} {text}".strip()
    return rows
