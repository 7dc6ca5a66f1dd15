"""Plain-text tables aligned by spaces, as ``tabulate`` and many tools' logs print them.

A results table printed to a terminal and saved as ``.txt`` (or pasted into a README's code block)
has its columns under a rule of runs of ``-`` (or ``=``) under the header::

    Category           GPT-4-Turbo    GPT-4o
    ---------------  -------------  --------
    coding                    7.22      8.16

:func:`text_tables` finds each: the header is the line above the rule, a column is the text from its
run's start to the next run's start, and a row of rules under the first cell (``--- Turn 1 ---
-------  -------``) is a section row. A table whose text crosses the space between two runs is not
one aligned so, and is passed over (a reader then says it found no table). :func:`has_text_table`
tells a ``.txt`` holding one from a delimited file (whose lines are never runs of ``-`` between spaces).
"""

from __future__ import annotations

import itertools
import re

__all__ = ["has_text_table", "text_tables"]

_RULE = re.compile(r"^ *(?:-+(?: +-+)+|=+(?: +=+)+) *$")  # two runs or more of one character, spaces between
_LOOKED_AT = 400  # lines a .txt is looked at for a rule under a header


def _rule(line: str) -> list[tuple[int, int]] | None:
    """The runs of a rule line (``[(start, end)]``), or None where the line is none."""
    text = line.rstrip()
    if not _RULE.match(text):
        return None
    runs = [(m.start(), m.end()) for m in re.finditer(r"[-=]+", text)]
    return runs if len(runs) >= 2 and sum(e - s for s, e in runs) >= 6 else None


def _fits(line: str, runs: list[tuple[int, int]]) -> bool:
    """Whether ``line``'s text keeps out of the space between runs (its last column may run on)."""
    for (_, end), (start, _) in itertools.pairwise(runs):
        if line[end:start].strip():
            return False
    return True


def _cut(line: str, runs: list[tuple[int, int]]) -> list[str]:
    starts = [s for s, _ in runs] + [None]
    return [line[a:b].strip() for a, b in itertools.pairwise(starts)]


def _table(lines: list[str], k: int):
    """The table whose rule is line ``k``: ``(first line, line after it, rows, 1)``, or None."""
    runs = _rule(lines[k])
    header = lines[k - 1] if k else ""
    if runs is None or not header.strip() or _rule(header) is not None or not _fits(header, runs):
        return None
    rows = [_cut(header, runs)]
    j = k + 1
    while j < len(lines) and lines[j].strip():
        line = lines[j]
        if _rule(line) is not None:  # a rule between groups of rows, or under the last
            j += 1
            continue
        cells = _cut(line, runs)
        if all(_rule(f"{c} {c}") is not None or not c for c in cells[1:]) and cells[0]:
            cells = [cells[0].strip("-= "), *[""] * (len(cells) - 1)]  # "--- Turn 1 ---  -----  -----"
        elif not _fits(line, runs):
            return None
        rows.append(cells)
        j += 1
    return (k - 1, j, rows, 1) if len(rows) > 1 else None


def text_tables(lines: list[str]) -> list[tuple[int, int, list[list[str]], int]]:
    """Every space-aligned table of ``lines``: ``(first line, line after it, rows, header rows)``,
    0-based, as :func:`jaxrate.io._html_tables.html_tables` gives an HTML table's."""
    found, k = [], 1
    while k < len(lines):
        table = _table(lines, k)
        if table is None:
            k += 1
            continue
        found.append(table)
        k = table[1]
    return found


def has_text_table(path: str) -> bool:
    """Whether a text file's first lines hold a space-aligned table (a rule of runs under a header)."""
    from jaxrate.io._text import open_text

    try:
        with open_text(path) as f:
            lines = [line.rstrip("\r\n") for line in itertools.islice(f, _LOOKED_AT)]
    except (OSError, UnicodeError, ValueError):
        return False  # the delimited reader says what is wrong with it
    return any(_table(lines, k) is not None for k in range(1, len(lines)) if _rule(lines[k]) is not None)
