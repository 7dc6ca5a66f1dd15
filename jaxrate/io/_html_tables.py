"""HTML ``<table>`` elements inside a Markdown page, as rows of cell text.

READMEs write their results tables in raw HTML where a pipe table cannot say it: header cells over
several columns (``colspan``), a model's name over several rows (``rowspan``), line breaks in a
header (``ImageNet<br />k-NN``). :func:`html_tables` finds each ``<table>`` of a page's lines and
returns its rows with every spanned cell repeated where it spans, and how many of its first rows are
its header (the rows of ``<th>`` cells, or of ``<thead>``).
"""

from __future__ import annotations

import html.parser
import re

__all__ = ["html_tables"]

_OPEN = re.compile(r"<table\b", re.I)
_CLOSE = re.compile(r"</table\s*>", re.I)
_MOST_SPAN = 1000  # a hostile colspan="1e9" is not a billion cells


class _Rows(html.parser.HTMLParser):
    """The rows of one table: ``[(cells, all header cells)]``, each cell ``(text, colspan, rowspan)``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: list[tuple[list[tuple[str, int, int]], bool]] = []
        self.head = 0  # rows inside <thead>
        self._row: list[tuple[str, int, int]] | None = None
        self._th: list[bool] = []
        self._cell: list[str] | None = None
        self._span = (1, 1)
        self._in_head = False
        self._depth = 0  # tables inside a cell are read as its text

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self._depth += 1
        if self._depth > 1:
            return
        if tag == "thead":
            self._in_head = True
        elif tag == "tr":
            self._end_row()
            self._row, self._th = [], []
        elif tag in ("td", "th"):
            self._end_cell()
            if self._row is None:
                self._row, self._th = [], []
            given = dict(attrs)
            self._span = (_span(given.get("colspan")), _span(given.get("rowspan")))
            self._cell = []
            self._th.append(tag == "th")
        elif tag == "br" and self._cell is not None:
            self._cell.append(" ")

    def handle_endtag(self, tag):
        if tag == "table":
            self._depth -= 1
            if self._depth == 0:
                self._end_row()
            return
        if self._depth > 1:
            return
        if tag in ("td", "th"):
            self._end_cell()
        elif tag == "tr":
            self._end_row()
        elif tag == "thead":
            self._end_row()
            self._in_head = False

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)

    def _end_cell(self) -> None:
        if self._cell is not None and self._row is not None:
            self._row.append((" ".join("".join(self._cell).split()), *self._span))
        self._cell = None

    def _end_row(self) -> None:
        self._end_cell()
        if self._row:
            self.rows.append((self._row, all(self._th)))
            self.head += self._in_head
        self._row = None


def _span(text) -> int:
    try:
        return max(1, min(int(str(text).strip()), _MOST_SPAN))
    except (TypeError, ValueError):
        return 1


def _grid(rows: list[list[tuple[str, int, int]]], copies: set | None = None) -> list[list[str]]:
    """The rows with each spanned cell repeated over the columns and rows it spans; ``copies`` gets
    the places (row, column) a cell over several columns was repeated into."""
    copies = set() if copies is None else copies
    grid: list[list[str]] = []
    below: dict[tuple[int, int], str] = {}  # (row, column) filled from a rowspan above
    for i, cells in enumerate(rows):
        out: list[str] = []
        if len(cells) == 1 and cells[0][1] > 1 and not below:  # a group's label across the table
            grid.append([cells[0][0]] + [""] * (cells[0][1] - 1))  # a section row: a name, no other cell
            continue
        for text, cols, span in cells:
            while (i, len(out)) in below:
                out.append(below.pop((i, len(out))))
            for n in range(cols):
                for k in range(1, span):
                    below[(i + k, len(out))] = text
                if n:
                    copies.add((i, len(out)))
                out.append(text)
        while (i, len(out)) in below:
            out.append(below.pop((i, len(out))))
        grid.append(out)
    width = max((len(r) for r in grid), default=0)
    return [r + [""] * (width - len(r)) for r in grid]


_NUMBER = re.compile(r"^\s*[-+]?(?:\d|\.\d)")


def _header_rows(grid: list[list[str]], parser: _Rows) -> int:
    """How many of a table's first rows are its header: the leading rows holding no number beside
    their first cell (pages write header rows as ``<td>`` as often as ``<th>``); where every row is
    numberless, the rows of ``<th>`` cells or of ``<thead>``."""
    words = 0
    while words < len(grid) and not any(_NUMBER.match(c) for c in grid[words][1:]):
        if words and grid[words][0] and not any(grid[words][1:]):
            break  # a section row ("Proprietary" across the table) under the header: the body's
        words += 1
    if 0 < words < len(grid):
        return words
    return parser.head or next((n for n, (_, th) in enumerate(parser.rows) if not th), 0)


def _spanned_numbers(grid: list[list[str]], head: int, copies: set) -> list[tuple[int, int, int]]:
    """The body numbers written once over several columns: ``(row, first column, columns)`` each,
    one result the page shows once under two headers or more."""
    found = []
    for i, j in sorted(copies):
        if i >= max(head, 1) and _NUMBER.match(grid[i][j]) and (i, j - 1) not in copies:
            n = 2
            while (i, j + n - 1) in copies:
                n += 1
            found.append((i, j - 1, n))
    return found


def html_tables(lines: list[str], spanned: dict | None = None) -> list[tuple[int, int, list[list[str]], int]]:
    """Each ``<table>`` of a page: ``(first line, line after its end (0-based), rows, header rows)``;
    the rows' cells are text (tags dropped, ``<br>`` a space, entities decoded, spans repeated).
    ``spanned`` (where given) gets ``{first line: [(row, column, columns)]}``: each table's body numbers over
    several columns (:func:`_spanned_numbers`)."""
    found, k = [], 0
    while k < len(lines):
        if not _OPEN.search(lines[k]):
            k += 1
            continue
        start, depth, j = k, 0, k
        while j < len(lines):
            depth += len(_OPEN.findall(lines[j])) - len(_CLOSE.findall(lines[j]))
            j += 1
            if depth <= 0:
                break
        parser = _Rows()
        parser.feed("\n".join(lines[start:j]))
        parser.close()
        if parser.rows:
            copies: set = set()
            grid = _grid([r for r, _ in parser.rows], copies)
            head = _header_rows(grid, parser)
            found.append((start, j, grid, head))
            if spanned is not None and copies:
                spanned[start] = _spanned_numbers(grid, head, copies)
        k = j
    return found
