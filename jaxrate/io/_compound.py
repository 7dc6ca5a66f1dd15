"""Cells that hold several numbers: ``154 / 334``, ``60.4 (55.5)``, ``65.5 (64.4) / 84.5 (84.0)``.

Reports pack results into one cell: two lead times under ``Z500 RMSE (3 / 5 days)``, a base and a
harder variant under ``HumanEval (+)``, a best run and the mean of runs. A column of such cells is
never read as words nor quietly left out. Where its header names the parts and they are scores
(``(3 / 5 days)`` of an RMSE), each part is its own task, said; ``--cells split`` asks for that
reading, ``--cells N`` for the N-th number of every cell; otherwise the table is refused with both.
A header that names parts that are not scores (``Queries (GPU / CPU)``: speeds) leaves the column
out, said with the option that rates it. Pairs under a header naming two metrics (``Dev/Test WER``)
are split before, by :func:`jaxrate.io._cells.split_pairs`.
"""

from __future__ import annotations

import fnmatch
import re

from jaxrate.io._assumed import Assumed
from jaxrate.io._cells import Cells, value
from jaxrate.io._roles import direction, few
from jaxrate.io._text import is_missing_marker

__all__ = ["compound_cells"]

_NUM = r"[-+]?(?:\d[\d,]*(?:\.\d*)?|\.\d+)%?"
_TOKEN = rf"(?:{_NUM}|-(?![\d.]))"  # a number, or "-": that part missing ("86.6/-")
_PART = rf"{_TOKEN}(?:\s*\(\s*{_TOKEN}\s*\))?"
_COMPOUND = re.compile(rf"^\s*{_PART}(?:\s*(?:/|→)\s*{_PART})*\s*$")  # "3.4 → 2.9/2.9": decodings
_NUMBER = re.compile(_TOKEN)
_DATE = re.compile(r"^\s*\d{1,4}/\d{1,2}/\d{1,4}\s*$")  # 2021/02/06: a date, not three numbers
_GROUP = re.compile(r"\(([^()]*/[^()]*)\)")  # "(3 / 5 days)": the parts a header names
_SPREAD_WORDS = re.compile(
    r"^\s*(?:±|\+/-)?\s*(?:std|sd|s\.d\.|stdev|stderr|se|s\.e\.|sem|ci|95% ci|var)\s*$", re.I
)


def _shape(cell: object, decimal: str) -> tuple[str, list[str]] | None:
    """A compound cell's shape (``n/n``, ``n(n)``) and its numbers as written; ``None`` for any other
    cell (one number, a date, words, missing)."""
    if not isinstance(cell, str) or not ("/" in cell or "(" in cell or "→" in cell):
        return None
    if not _COMPOUND.match(cell):
        return None
    if _DATE.match(cell):
        return None
    try:
        value(cell, decimal)  # "1/3 (33.3%)" and the like: one number already
        return None
    except ValueError:
        pass
    numbers = _NUMBER.findall(cell)
    shape = _NUMBER.sub("n", re.sub(r"\s+", "", cell))
    return (shape, numbers) if len(numbers) > 1 else None  # "-/-": every part missing


def _column_shape(column: list, decimal: str) -> str | None:
    """The shape of a column whose cells are compound (one shape) or single numbers or missing."""
    shapes, numbers = set(), False
    for cell in column:
        found = _shape(cell, decimal)
        if found is not None:
            shapes.add(found[0])
            numbers = numbers or any(n != "-" for n in found[1])
            continue
        if _missing(cell):
            continue
        try:
            value(cell, decimal)
        except ValueError:
            return None  # words: not a column of numbers
    return shapes.pop() if len(shapes) == 1 and numbers else None


_BRACKET = re.compile(rf"\s*\(\s*{_TOKEN}\s*\)")


def _unbracketed(name, column: list, decimal: str) -> tuple[list, str | None, str | None]:
    """A column whose cells are one shape but for bracketed numbers on some (``65.5 (64.4) / 84.5 (84.0)``
    beside ``58.8 / 79.7``: a best run and, where there were several, their mean): its cells without the
    brackets, their shape and the note that says so; else the column as it is, ``None``, ``None``."""
    shapes = {found[0] for c in column if (found := _shape(c, decimal)) is not None}
    if len(shapes) < 2 or not any("(" in s for s in shapes):
        return column, None, None
    bare = [_BRACKET.sub("", c) if isinstance(c, str) else c for c in column]
    shape = _column_shape(bare, decimal)
    if shape is None or "(" in shape:
        return column, None, None
    example = next(c.strip() for c in column if isinstance(c, str) and _BRACKET.search(c))
    said = f"read the {name!r} cells without their bracketed numbers ({example!r}: some cells have none)"
    return bare, shape, said


def _shared(parts: list[str]) -> list[str]:
    """``["3", "5 days"]`` as ``["3 days", "5 days"]``: one-word parts take the last part's other words."""
    parts = [p.strip() for p in parts]
    last = parts[-1].split()
    if len(last) > 1 and all(len(p.split()) == 1 for p in parts[:-1]):
        return [" ".join([p, *last[1:]]) for p in parts[:-1]] + [parts[-1]]
    return parts


def _named_parts(name: str, k: int) -> list[str] | None:
    """The names of the ``k`` parts that header ``name`` names: ``Z500 RMSE (3 / 5 days)`` ->
    ``Z500 RMSE (3 days)``, ``Z500 RMSE (5 days)``; ``EM / F1`` -> ``EM``, ``F1``; else ``None``."""
    groups = [g for g in _GROUP.finditer(name) if len(g.group(1).split("/")) == k]
    if len(groups) == 1:
        g = groups[0]
        return [f"{name[: g.start()]}({p}){name[g.end() :]}".strip() for p in _shared(g.group(1).split("/"))]
    plain = re.sub(r"\([^()]*\)|\[[^\[\]]*\]", "", name)
    if not groups and plain.count("/") == k - 1 and name.count("/") == k - 1:
        parts = _shared(name.split("/"))
        return parts if all(parts) else None
    return None


def _part_names(name: str, shape: str, k: int) -> tuple[list[str], bool]:
    """The tasks a column's ``k`` numbers become, and whether the header named them."""
    named = _named_parts(name, k)
    if named is not None:
        return named, True
    group = re.search(r"\s*\(([^()]*)\)\s*$", name)
    if shape == "n(n)" and group and not _SPREAD_WORDS.match(group.group(1)):
        return [name[: group.start()].strip() or name, name], False  # "HumanEval (+)": base, then plus
    return [f"{name} [{i + 1}]" for i in range(k)], False


def _spread(name: str, shape: str) -> bool:
    """Whether the bracketed number is the spread the header names (``Acc (std)``)."""
    group = re.search(r"\(([^()]*)\)\s*$", name)
    return shape == "n(n)" and group is not None and bool(_SPREAD_WORDS.match(group.group(1)))


def _chosen(name: str, options) -> bool:
    """Whether column ``name`` may be rated under ``--tasks`` / ``--exclude``."""
    if any(fnmatch.fnmatchcase(name, p) for p in options.exclude or ()):
        return False
    return options.tasks is None or any(fnmatch.fnmatchcase(name, p) for p in options.tasks)


def _parts(column: list, k: int, decimal: str) -> tuple[list[list], int]:
    """The column as ``k`` columns of numbers as written, and how many cells held one number (taken
    for every part)."""
    out, single = [[] for _ in range(k)], 0
    for cell in column:
        found = _shape(cell, decimal)
        if found is not None:
            for i in range(k):
                out[i].append(found[1][i])
            continue
        single += not _missing(cell)
        for i in range(k):
            out[i].append(cell)
    return out, single


def compound_cells(cells: Cells, options) -> tuple[Cells, list, list[str]]:
    """The cells with each column of compound cells split into its parts, or its chosen part kept,
    or left out (said); the notes; and the tasks split off (``--cells split`` on a table whose models
    turn out to be its columns is refused by the caller). A ``ValueError`` where a column's cells hold
    several numbers that neither its header nor ``options.cells`` says how to read."""
    decimal, chosen = options.decimal, options.cells
    names, columns, notes, split = [], [], [], []
    for name, column in zip(cells.names, cells.columns):
        shape = _column_shape(column, decimal) if _maybe(column) and _chosen(str(name), options) else None
        if shape is None and _maybe(column) and _chosen(str(name), options):
            column, shape, note = _unbracketed(name, column, decimal)
            notes += [note] if note else []
        if shape is None:
            names.append(name)
            columns.append(column)
            continue
        read, note = _read(cells, name, column, shape, chosen, options)
        names += [n for n, _ in read]
        columns += [c for _, c in read]
        split += [n for n, _ in read] if len(read) > 1 else []
        notes.append(note)
    if not notes:
        return cells, [], []
    return cells._replace(names=names, columns=columns), notes, split


def _read(cells: Cells, name, column: list, shape: str, chosen, options) -> tuple[list, str]:
    """One compound column read: ``[(name, column), ...]`` and the note that says how."""
    decimal, k = options.decimal, shape.count("n")
    parts, single = _parts(column, k, decimal)
    example = next(c.strip() for c in column if (f := _shape(c, decimal)) and set(f[1]) != {"-"})
    labels, named = _part_names(str(name), shape, k)
    if isinstance(chosen, int) or (chosen is None and _spread(str(name), shape)):
        part = min(chosen or 1, k)
        said = f"read the {name!r} cells ({example!r}) as number {part} of their {k}"
        if chosen:
            return [(name, parts[part - 1])], said
        why = "the header names the bracketed number a spread"
        return [(name, parts[0])], Assumed("cells", said, why, "--cells split says otherwise", "--cells 1")
    if chosen == "split" or (named and all(direction(n) is not None for n in labels)):
        one = f"; {single} cell(s) with one number taken for every part" if single else ""
        read = [(n, p) for n, p in zip(labels, parts) if any(not _missing(c) for c in p)]
        empty = [n for n, p in zip(labels, parts) if all(_missing(c) for c in p)]
        one += f"; {few(empty, 3)} left out, no score in the file" if empty else ""
        said = f"read the {name!r} cells ({example!r}) as {k} scores, {few(labels, k)}{one}"
        if chosen:
            return read, said
        why = "the header names the parts"
        return read, Assumed("cells", said, why, "--cells 1 keeps the first only", "--cells split")
    flag = options.flag("cells")
    if named and not single:  # all text to the scores' reader: left out
        return [(name, column)], (
            f"left out {name!r}: {k} numbers a cell ({example!r}), parts not named as scores; {flag} split "
            f"rates each as its own task, {flag} 1 the first only"
        )
    row = next(i for i, c in enumerate(column) if _shape(c, decimal))
    where = f"{cells.path}: {cells.record(row)}: score for {cells.rows[row]!r} on {name!r} holds {k} numbers "
    if _turned(cells):  # the models are the columns: a column's numbers cannot be tasks of their own
        raise ValueError(f"{where}({example!r}); {flag} 1 rates the first of each, {flag} 2 the second")
    parts = few(labels, k)
    raise ValueError(
        f"{where}({example!r}); {flag} split rates each as its own task ({parts}), {flag} 1 the first only"
        + (f", {flag} N the N-th (1 to {k})" if k > 2 else "")
    )


def _turned(cells: Cells) -> bool:
    """Whether the rows' names say they are tasks (``HalfCheetah-Medium``, a column headed ``Dataset``)."""
    from jaxrate.io._orientation import TASK_WORDS, names_say

    return cells.first_header.strip().lower() in TASK_WORDS or names_say(cells.rows) == "task"


def _missing(cell: object) -> bool:
    return cell is None or (isinstance(cell, str) and is_missing_marker(cell))


def _maybe(column: list) -> bool:
    """Whether any cell of a column could be compound (one pass over its text, in C)."""
    try:
        text = "\x1f".join(column)
    except TypeError:
        text = "\x1f".join(c for c in column if isinstance(c, str))
    return "/" in text or "(" in text or "→" in text
