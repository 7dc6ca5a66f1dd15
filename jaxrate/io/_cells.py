"""A table's cells as written, and as numbers: the parse stage of score tables.

A wide table is held as :class:`Cells` (row names, column headers, raw cells, and how to name a
record in an error); :func:`column_numbers` turns one column into float64, naming the first bad cell.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from typing import NamedTuple

import numpy as np

from jaxrate.io._assumed import Assumed
from jaxrate.io._roles import few
from jaxrate.io._tables import record_name
from jaxrate.io._text import MAX_SCORE, check_score, check_unique, is_missing_marker, parse_number, read_rows

__all__ = [
    "DECIMAL_COMMAS",
    "Cells",
    "column_numbers",
    "comma_hint",
    "decimal_commas",
    "frame_cells",
    "names_are_names",
    "refuse_match_log",
    "split_pairs",
    "text_cells",
    "yes_no",
]


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
    notes: tuple = ()  # what reading them decided (the column of names chosen)


def text_cells(path: str, sep: str) -> Cells:
    """A wide delimited text table's cells (no pandas); names checked unique, rows not empty."""
    said: list[str] = []
    header, rows, lines = read_rows(path, sep, said)
    columns = [[row[j] for row in rows] for j in range(len(header))]
    cells = _wide(path, header, columns, [f"line {n}" for n in lines], "agent", lambda k: f"line {lines[k]}")
    return cells._replace(notes=tuple(said) + tuple(cells.notes))


def _wide(
    path: str,
    header: list[str],
    columns: list[list],
    where: list[str],
    what: str,
    record,
    unsure=None,
    given: bool = False,
):
    """A wide table's :class:`Cells`: its models in the first column (or, where the first holds row
    numbers or ranks, the one column of distinct words beside it: said, unless ``given``: the first
    column is the one ``--model-col`` names), named once each."""
    first = 0
    header, columns, notes = _without_index(header, columns, given)
    # a blank header cell beside named ones is a column without a name (MS MARCO's leaderboard: a column
    # of emoji marks), named by its place as a page's tables name theirs, not a refusal before --tasks;
    # a run of blanks is no header at all (EuroEval's title row above its header): refused, as before
    blank = [j for j, h in enumerate(header) if j and not str(h).strip()]
    if len(blank) == 1 and _whole_numbers(columns[blank[0]]) is None and not _numbers(columns[blank[0]]):
        header = [h if str(h).strip() or j == 0 else f"column {j + 1}" for j, h in enumerate(header)]
    named = None if given else _names_elsewhere(header, columns)
    numbered = named is not None and _whole_numbers(columns[0]) is not None  # the first: row numbers, ranks
    if given:  # --model-col moved the names first: a leaderboard's positions ('#', 'Rank') are no task
        from jaxrate.io._roles import not_score

        ranks = [
            j for j in range(1, len(header)) if not_score(header[j]) == "metadata" and _positions(columns[j])
        ]
        if ranks:
            notes.append(f"left out {', '.join(repr(header[j]) for j in ranks)}: the rows' positions")
            header = [h for j, h in enumerate(header) if j not in ranks]
            columns = [c for j, c in enumerate(columns) if j not in ranks]
    if named is not None:
        first = named
        evidence = f"the first column {header[0]!r} holds the whole numbers {_span(columns[0])}, not names"
        if not numbered:
            evidence = f"a column headed {header[first]!r}, while the first is headed {header[0]!r}"
        notes.append(
            Assumed(
                "models",
                f"the models are named by {header[first]!r}",
                evidence,
                f"--model-col {header[0]!r} names them by the first",
                f"--model-col {header[first]!r}",
            )  # fmt: skip
        )
    models = [str(c).strip() for c in columns[first]]
    names = [h for j, h in enumerate(header) if j != first and not (numbered and j == 0)]
    check_unique(path, "task", names)
    _names_checked(path, header, columns, first, models, named is None)
    # the hint only where there is a repeat or a blank name to explain
    repeated = len(set(models)) < len(models) or "" in models
    check_unique(
        path, what, models, where, _duplicate_hint(header, columns, first, models) if repeated else None
    )
    kept = [c for j, c in enumerate(columns) if j != first and not (numbered and j == 0)]
    cells = Cells(path, header[first], models, names, kept, record, unsure)
    return cells._replace(notes=notes) if notes else cells


def _names_checked(path: str, header: list, columns: list, first: int, models: list, found: bool) -> None:
    """The names are names: not a score column, dates or packed keys (``found``: the column the
    first, not one found elsewhere or named by ``--model-col``)."""
    if found:
        names_are_names(path, models, header[0])
        dates_are_not_names(path, header, columns, models)
    packed_names(path, header[first], models)


def _numbers(column: list) -> bool:
    """Whether a column's cells are all numbers (or missing): a score's or its spread's, not text."""
    try:
        [value(c, ".") for c in column]
    except ValueError:
        return False
    return True


def _without_index(header: list[str], columns: list[list], given: bool):
    """The table without a column that is pandas' index (``to_html``, ``to_markdown``: no header, the
    rows' numbers 0, 1, 2, ...; DETR's model zoo), said: the first, with names after it, or, where
    ``--model-col`` moved the names first (``given``), any."""
    index = [str(k) for k in range(len(columns[0]))] if columns else []
    found = [
        j
        for j, h in enumerate(header)
        if (j > 0 if given else j == 0)
        and not str(h).strip()
        and [str(c).strip() for c in columns[j]] == index
    ]
    if len(header) < 3 or len(found) != 1:
        return header, columns, []
    j = found[0]
    if not given and (_whole_numbers(columns[1]) is not None or _numbers(columns[1])):
        return header, columns, []  # a column of numbers after it: no names to read
    note = (
        f"left out column {j + 1} (0, 1, 2, ... under no header): pandas' index, not a model's name or score"
    )
    return header[:j] + header[j + 1 :], columns[:j] + columns[j + 1 :], [note]


def _whole_numbers(column: list) -> list[float] | None:
    try:
        found = [value(c, ".") for c in column]
    except ValueError:
        return None
    return found if all(np.isfinite(found)) and all(float(x).is_integer() for x in found) else None


def _span(column: list) -> str:
    found = _whole_numbers(column) or [0.0]
    return f"{min(found):g} to {max(found):g}"


def _named_model(header: list[str], columns: list[list]) -> int | None:
    """The one column headed as models are (``model``, ``model_name``, ...) and holding words, where the
    first column is headed otherwise (records whose first field is ``dirname``)."""
    from jaxrate.io._roles import MODEL_COLUMNS, MORE_MODELS

    names = set(MODEL_COLUMNS + MORE_MODELS) - {"name", "method", "system"}  # too common to decide alone
    first = header[0].strip().lower()
    if first in names or "_".join(first.split()) in names or not first or first.startswith("unnamed:"):
        return None
    exact = ("model", "model_name", "model_id")  # beside a first column "name" (a run's), the model's
    found = [
        j
        for j in range(1, len(columns))
        if header[j].strip().lower() in (exact if first == "name" else names)
    ]
    if len(found) != 1 or not all(isinstance(c, str) and c.strip() and _words(c) for c in columns[found[0]]):
        return None
    return found[0]


def _positions(column: list) -> bool:
    """Whether a column holds a leaderboard's positions: whole numbers, some cells perhaps empty or
    marked missing (a reference row such as ``Human Performance`` has no place)."""
    written = [str(c).strip() for c in column if str(c).strip() and not is_missing_marker(str(c))]
    return bool(written) and all(re.fullmatch(r"\d+", c) for c in written)


def _names_elsewhere(header: list[str], columns: list[list]) -> int | None:
    """The column naming the models where the first holds row numbers or ranks (0..n-1, 1..n) and
    exactly one other column holds distinct words, or where another column is headed as models are and
    the first is not; else ``None``."""
    named = _named_model(header, columns)
    if named is not None:
        return named
    found = _whole_numbers(columns[0])
    n = len(columns[0])
    if (
        found is None
        or n < 2
        or sorted(found) not in ([float(k) for k in range(n)], [float(k) for k in range(1, n + 1)])
    ):
        return None
    words = [
        j for j in range(1, len(columns))
        if all(isinstance(c, str) and c.strip() and _words(c) for c in columns[j])
        and len({str(c).strip() for c in columns[j]}) == n
    ]  # fmt: skip
    return words[0] if len(words) == 1 else None


def _words(cell: str) -> bool:
    try:
        return np.isnan(value(cell, "."))
    except ValueError:
        return True


# Cells that name a moment or a record, not a model: dates, times, UUIDs, long hex ids, e-mail addresses.
_STAMP = re.compile(
    r"^\s*(?:\d{4}-\d\d-\d\d|\d{6}-\d{4,6}|\d{1,2}:\d\d|[0-9a-f]{8}-[0-9a-f]{4}-|[0-9a-f]{16,}\s*$|\S+@\S+\.\w+)",
    re.I,
)
_SLASHED = re.compile(r"\s*[-+]?\d*\.?\d+(?:\s*/\s*[-+]?\d*\.?\d+)+\s*")  # compound scores: "90.2/83.2"
# A measurement with its unit: a size in bytes ("2653MB", "1.2 GiB") or a time with a fraction ("9.5h",
# "2.31 s"); never part of a name ("7b" parameters, "10h" of labelled data and "32s" strides may be).
_QUANTITY = re.compile(
    r"\s*(?:[-+]?\d[\d,]*(?:\.\d+)?\s*[kKMGT]i?B|[-+]?\d*\.\d+\s*(?:[mun\u00b5]?s|sec|min|h|hrs?))\s*"
)
# Two columns that name the two sides of a match ("LLM1stPlayer", "LLM2ndPlayer"; "white", "black").
_SIDES = re.compile(r"1st|2nd|first|second|(?<![a-z])[12ab](?![a-z])|white|black|home|away", re.I)


def _stamps(cells: list) -> bool:
    """Whether most of a column's cells are dates, times or ids (a record's, not a model's name)."""
    text = [str(c) for c in cells if str(c).strip()]
    return bool(text) and 2 * sum(bool(_STAMP.match(c)) for c in text) > len(text)


def _sides(header: list[str], columns: list[list], words: list[int]) -> tuple[str, str] | None:
    """Two columns of words whose names differ only in naming a side (``LLM1stPlayer``,
    ``LLM2ndPlayer``; ``model_1``, ``model_2``) and that share names or are named as players: the
    players of a match log."""
    for i in words:
        for j in words:
            short = len(header[i]) <= 40 and "/" not in header[i]  # a name, not a nested path's
            if j <= i or not short or not _SIDES.search(header[i]):
                continue
            base = _SIDES.sub("", header[i])
            if base != _SIDES.sub("", header[j]) or not base.strip(" _-"):
                continue
            shared = {str(c).strip() for c in columns[i]} & {str(c).strip() for c in columns[j]}
            if shared or _PLAYERS.search(_SIDES.sub("", header[i])):  # "model_1", "model_2": named so
                return header[i], header[j]
    return None


_PLAYERS = re.compile(r"model|player|llm|agent|system|bot|team|competitor|contestant", re.I)


def refuse_match_log(cells: Cells, text: list[bool]) -> None:
    """A ``ValueError`` where two columns of words name the two sides of each row's match (FastChat's
    ``model_1``, ``model_2``; ``LLM1stPlayer``, ``LLM2ndPlayer``): a log of matches, not scores."""
    sides = _sides([str(n) for n in cells.names], cells.columns, [j for j, t in enumerate(text) if t])
    if sides is not None:
        raise ValueError(f"{cells.path}: {_MATCH_LOG.format(*sides)}")


_MATCH_LOG = (
    "each row is a match between {0!r} and {1!r} (a match log, not a score table): rate matches as battle "
    "records, one row per game with model_a, model_b and winner columns"
)


def _duplicate_hint(header: list[str], columns: list[list], first: int, models: list[str]) -> str:
    """What to say of a name that repeats: a column of words that, joined to it, tells the rows apart
    (a qualifier of few values, open_clip's pretrained: part of the model's name, or the tasks of a long
    table), a column naming each row once (``--model-col``), else where a long table's columns are
    named. A column headed like tasks is never offered as the models' names."""
    from jaxrate.io._orientation import TASK_WORDS

    words = [
        j
        for j in range(len(columns))
        if j != first
        and all(
            isinstance(c, str) and _words(c) and not _SLASHED.fullmatch(c) and not _QUANTITY.fullmatch(c)
            for c in columns[j]
            if str(c).strip()
        )
    ]  # fmt: skip  ('90.2/83.2' is two scores, '2653MB' a measurement: neither is a name)
    sides = _sides(header, columns, words)
    if sides is not None:
        return _MATCH_LOG.format(*sides)
    words = [j for j in words if not _stamps(columns[j])]  # a timestamp names a row, not a model
    tasky = header[first].strip().lower() in TASK_WORDS
    words = [j for j in words if not tasky and header[j].strip().lower() not in TASK_WORDS]
    distinct = {j: len({str(c).strip() for c in columns[j]}) for j in words}
    unique = [
        j
        for j in words
        if all(str(c).strip() for c in columns[j])
        and distinct[j] == len(models)
        and header[j] not in ("file", "__file__")  # a folder's file of each row: a record, not a model
    ]
    apart = [
        j
        for j in sorted(words, key=distinct.get)
        if len(set(zip(models, map(str, columns[j])))) == len(models)
    ]
    said = []
    if apart and apart[0] not in unique:  # a qualifier: few values, the rows apart together
        j = apart[0]
        flags = yes_no([str(c).strip() for c in columns[j]])
        shown = next((k for k, c in enumerate(columns[j]) if flags and flags[str(c).strip().lower()]), 0)
        joined = f"{models[shown]} {header[j]}" if flags else f"{models[0]}:{str(columns[j][0]).strip()}"
        from jaxrate.io._orientation import names_say

        # the repeated names are tasks (benchmarks' names), the other column's models': the other way round
        turned = names_say(models) == "task" or names_say([str(c) for c in columns[j]]) == "model"
        model, task = (header[j], header[first]) if turned else (header[first], header[j])
        said.append(
            f"the rows are told apart by {header[j]!r}: if it is part of each model's name, --model-col "
            f"{header[first]},{header[j]} (joined as '{joined}'); "
            f"if the rows are one per model and task, --model-col {model} --task-col {task} "
            f"--score-col COLUMN; if it marks a view or a version, --where '{header[j]}=VALUE' keeps one"
        )
    if unique:
        said.append(f"{header[unique[0]]!r} names each row once: --model-col {header[unique[0]]!r}")
    if not said and not apart:
        said += _apart_together(header, columns, first, models, sorted(words, key=distinct.get))
    if not said:
        said += _metric_apart(header, columns, first, models)
    return "; ".join(said) or _long_hint(header)


def _apart_together(header: list[str], columns: list[list], first: int, models: list[str], words: list[int]):
    """Where no one column of words tells the repeated names apart, the first two or three that do
    together (a leaderboard's ``Learning`` and ``#Size``): the ``--model-col`` joining them to the names."""
    import itertools

    for size in (2, 3):
        for group in itertools.combinations(words, size):
            keys = zip(models, *(map(str, columns[j]) for j in group))
            if len(set(keys)) == len(models):
                joined = ":".join([models[0], *(str(columns[j][0]).strip() for j in group)])
                given = ",".join(header[j] for j in (first, *group))
                named = " and ".join(repr(header[j]) for j in group)
                return [
                    f"the rows are told apart by {named} together: if they are part of each model's name, "
                    f"--model-col '{given}' (joined as '{joined}')"
                ]
    return []


_YES = frozenset("yes y true ✓ ✔ ✅ :white_check_mark: :heavy_check_mark: :check: x".split())
_NO = frozenset("no n false ✗ ✘ ❌ :x: :heavy_multiplication_x: - ''".split()) | {""}


def yes_no(values) -> dict | None:
    """``{cell: whether it says yes}`` of a column of two values, one a yes and one a no (``:x:`` and
    ``:white_check_mark:``, ``yes``/``no``, ``✓``/empty); ``None`` for any other column."""
    found = {str(v).strip().lower() for v in values}
    if len(found) != 2 or not found & _NO:
        return None
    yes = (found - _NO) or (found & {"x"})
    if len(yes) != 1 or not yes <= _YES | {"x"}:
        return None
    return {v: v in yes for v in found}


# Two scores in one cell under a header naming both ("Dev/Test WER": "13.60 / 12.70").
_PAIR = re.compile(
    r"^\s*([-+]?(?:\d[\d,]*(?:\.\d*)?|\.\d+)%?)\s*/\s*([-+]?(?:\d[\d,]*(?:\.\d*)?|\.\d+)%?)\s*$"
)


def split_pairs(cells: Cells) -> tuple[Cells, list[str]]:
    """The cells with each column of ``a / b`` numbers under a header naming two metrics
    (``Dev/Test WER``, ``EM/F1``) split in two (``Dev WER``, ``Test WER``); and the notes that say so.
    A pair of other numbers (``Queries (GPU / CPU)``: speeds) stays one column of text."""
    from jaxrate.io._roles import direction

    names, columns, notes = [], [], []
    for name, column in zip(cells.names, cells.columns):
        parts = [p.strip() for p in str(name).split("/")]
        pair = len(parts) == 2 and all(parts)  # most headers: no '/', and no cell is looked at
        text = [c for c in column if isinstance(c, str) and not is_missing_marker(c)] if pair else []
        if not text or not all(_PAIR.match(c) for c in text):
            names.append(name)
            columns.append(column)
            continue
        inside = "(" in parts[0] and ")" in parts[1]  # "Queries (GPU / CPU)": a remark's two parts
        first, second = parts[0].split(), parts[1].split()
        shared = second[1:] if len(first) == 1 and len(second) > 1 else []  # "Dev/Test WER": both WERs
        two = [" ".join([*first, *shared]), " ".join(second)]
        unnamed = any(direction(n) is None for n in two)  # "Dev/Test WER", not "Queries (GPU / CPU)"
        if (
            inside
            or unnamed
            or any(p.count("(") != p.count(")") for p in parts)
            or set(two) & set(cells.names)
        ):
            names.append(name)
            columns.append(column)
            continue
        for k, label in enumerate(two):
            names.append(label)
            columns.append(
                [_PAIR.match(c).group(k + 1) if isinstance(c, str) and _PAIR.match(c) else c for c in column]
            )
        notes.append(
            f"read the {name!r} cells ({text[0].strip()!r}) as two scores, {two[0]!r} and {two[1]!r}"
        )
    if not notes:
        return cells, []
    check_unique(cells.path, "column", [str(n) for n in names])
    return cells._replace(names=names, columns=columns), notes


def _metric_apart(header: list[str], columns: list[list], first: int, models: list[str]) -> list[str]:
    """Where a column named like a metric's (``metric``) and one other column tell the rows apart
    together: the long table's model and task columns (its metric column is then found by its name)."""
    from jaxrate.io._roles import common_name

    named = [common_name(h) for h in header]
    metric = [j for j in range(len(columns)) if j != first and named[j] in ("metric", "metric_name")]
    for m in metric:
        for j in (j for j in range(len(columns)) if j not in (first, m)):
            if len(set(zip(models, map(str, columns[m]), map(str, columns[j])))) == len(models):
                return [
                    f"the rows are told apart by {header[m]!r} and {header[j]!r}: a long table, one row per "
                    f"model, metric and task: --model-col {header[first]!r} --task-col {header[j]!r}"
                ]
    return []


def refuse_names_twice(path: str, names: list[str]) -> None:
    """Refuse a header that writes one column name twice (a group's name over several columns, or a
    table wrapped into pairs of columns, ``category | AP | category | AP``)."""
    twice = next((n for k, n in enumerate(names) if n in names[:k]), None)
    if twice is not None:  # a header of groups over columns ("DDPG" over three implementations)
        raise ValueError(
            f"{path}: the column name {twice!r} is written {names.count(twice)} times (a group's name over "
            "several columns?): name each column once, or give the table as CSV with one header row"
        )


def frame_cells(path: str, frame, named: bool = False) -> Cells:
    """A wide table read by pandas (Excel, Parquet, Feather, JSON) as :class:`Cells`; ``named``: its
    first column is the models (``--model-col`` put it there), never another column of names."""
    names = [str(c).strip() for c in frame.columns[1:]]
    if not names:
        raise ValueError(f"{path}: no task columns (expected: model,task1,task2,...)")
    refuse_names_twice(path, names)
    is_nested = lambda v: isinstance(v, (dict, list))  # noqa: E731
    # by position: a label written twice (the first column's name again among the tasks, as
    # model-vs-human's joined tables have it) makes frame[c] a frame, not a column
    nested = next((c for k, c in enumerate(frame.columns) if frame.iloc[:, k].map(is_nested).any()), None)
    if nested is not None:
        raise ValueError(
            f"{path}: column {nested!r} holds nested objects, not scores: a JSON of nested objects is not a "
            "table; write one row per model with a number per task, or model,task,score rows"
        )
    header = [str(c).strip() for c in frame.columns]
    columns = [frame.iloc[:, k].tolist() for k in range(frame.shape[1])]
    where = [record_name(path, k) for k in range(len(frame))]
    record = lambda k: record_name(path, k)  # noqa: E731
    return _wide(path, header, columns, where, "model", record, frame.attrs.get("unsure"), named)


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

    numbers = []
    for m in models:
        try:
            numbers.append(float(m))
        except ValueError:
            return
    fractional = numbers and any(not float(x).is_integer() for x in numbers if np.isfinite(x))
    if fractional and looks_like(first_header) == "task":
        raise ValueError(
            f"{path}: the first column, read as the model names, holds numbers ({models[0]}, ...): the "
            "names are not in the file (pandas' to_json(orient='records') and to_csv(index=False) drop "
            "the index); write them as its first column (df.reset_index()) or as the index "
            "(df.to_json(), df.to_parquet())"
        )


# Separators that pack several fields into one cell (SubEval's 'criterion;model;opponent' keys in a
# comma-separated file); a model's own name holds '/', '-', ':' or '@', not these.
_PACKING = (";", "|")


def packed_names(path: str, header: str, models: Sequence[str]) -> None:
    """A ``ValueError`` when the model names are keys of three or more fields joined by one separator
    (``;`` or ``|``), one value standing in two fields of different rows (SubEval's
    ``criterion;model;opponent``: each model again as an opponent); a few names without it (a summary
    row) do not hide the rest. Rated as names, each key would be a model without a word. Names of two
    fields are names (``AIDE | o1-preview``, ``bert|base``: an agent and its model, a name and its size)."""
    for sep in _PACKING:
        held = [m for m in models if sep in m]
        counts = {m.count(sep) for m in held}
        if len(held) < 3 or 2 * len(held) < len(models) or len(counts) != 1 or counts.pop() < 2:
            continue
        fields = [[part.strip() for part in m.split(sep)] for m in held]
        if any(not part for parts in fields for part in parts):
            continue
        rows: list[dict] = [{} for _ in fields[0]]  # each field's values: the rows holding each
        for i, parts in enumerate(fields):
            for k, part in enumerate(parts):
                rows[k].setdefault(part, set()).add(i)
        pairs = [(a, b) for a in range(len(rows)) for b in range(a + 1, len(rows))]
        if not any(rows[a][v] != rows[b][v] for a, b in pairs for v in rows[a].keys() & rows[b].keys()):
            continue
        shown = ", ".join(repr(part) for part in fields[0])
        raise ValueError(
            f"{path}: the names in {header!r} are {len(fields[0])} fields joined by {sep!r} ({shown}, ...), "
            "one value in two fields: keys, not model names; write each field as a column of its own, then "
            "name them: --model-col for the models', --task-col for the others (a criterion, an opponent)"
        )


_DATE = re.compile(r"^\d{2,4}[-/.]\d{1,2}[-/.]\d{1,4}$")  # 2021-02-06, 21-04-16, 06/02/2021


def dates_are_not_names(path: str, header: list[str], columns: list[list], models: Sequence[str]) -> None:
    """A ``ValueError`` when the first column holds dates (a release column), naming a column of
    distinct words that may hold the names."""
    if not models or not all(_DATE.match(m) for m in models):
        return
    others = [
        j
        for j in range(1, len(header))
        if len({str(c).strip() for c in columns[j]}) == len(models)
        and all(isinstance(c, str) and c.strip() and not _DATE.match(c.strip()) for c in columns[j])
        and any(not _numberlike(c) for c in columns[j])
    ]
    hint = f" (perhaps {header[others[0]]!r}, whose values are distinct words)" if others else ""
    raise ValueError(
        f"{path}: the first column {header[0]!r} holds dates ({models[0]}, ...), not model names; name the "
        f"column that holds them with --model-col{hint}"
    )


def _numberlike(cell: object) -> bool:
    try:
        value(cell, ".")
    except ValueError:
        return False
    return True


# A percent as leaderboards write it: "56.3%", "1.8 %", NeMo's "4.2 % WER" (the metric's name after it).
_PERCENT = re.compile(r"^\s*([^%\s]+)\s*%\s*([A-Za-z][A-Za-z0-9@._-]{0,11})?\s*$")


# A count of successes with its percent, as agent reports write it: "1/3 (33.3%)" is 33.3 (percent).
_SHARE = re.compile(r"^\s*\d+\s*/\s*\d+\s*\(\s*([-+]?[\d.,]+)\s*%\s*\)\s*$")


# A mean and its spread as reports write them: "1736.39 ± 68.65", "0.71 +/- 0.02" (the mean is the score),
# and remarks after it in brackets: catboost's "0.272978 (±0.0004) (+1.20%)", pytorch-frame's
# "0.931±0.000 (41s)".
_SPREAD = re.compile(
    r"^\s*([^\s±()]+)\s*(?:(?:±|\+/?-)\s*\(?[^\s±()]+\)?|\(\s*(?:±|\+/?-)\s*[^\s±()]+\s*\))(?:\s*\([^()]*\))*\s*$"
)  # also MoleculeNet's ASCII "0.8851 +- 0.0292"


# A number and the work it is cited from, as papers' tables write a published result: "94.3 (Yamada et
# al., 2020)", "91.3 [Yu et al. 2020]" (the number is the score; the citation names its source).
_CITED = re.compile(r"^\s*([-+]?\d[\d.,]*)\s*[(\[]\s*[A-Z][^()\[\]]*?(?:19|20)\d\d[a-z]?\s*[)\]]\s*$")


# A number and a remark in brackets on where it comes from: "27.2(report)", "45.1 (reproduced)" (the
# number is the score); not a failure's marker ("12 (OOM)") nor a second number ("67.1(2.9)").
_REMARKED = re.compile(r"^\s*([-+]?\d[\d.,]*)\s*[(\[]\s*([A-Za-z][A-Za-z .'-]{0,30}?)\s*[)\]]\s*$")


def _remarked(cell: str):
    found = _REMARKED.match(cell)
    return found if found and not is_missing_marker(found.group(2)) else None


# A number with a footnote's mark glued to it: "28.5*", "0.79†" (the mark is no part of the score).
_FOOTNOTED = re.compile(r"^\s*([-+]?(?:\d[\d,]*(?:\.\d*)?|\.\d+))\s*[*\u2020\u2021]+\s*$")
# A number said to be approximate or doubted: "~6000", "≈ 50" (read off a plot: RLlib's tables),
# "0.734?!" (GBM-perf's): the number is the score, and the note says so.
_HEDGED = re.compile(r"^\s*(?:[~\u2248]\s*([-+]?\d[\d,]*(?:\.\d*)?)|([-+]?\d[\d,]*(?:\.\d*)?)\s*[?!]+)\s*$")


def _hedged(cell: str) -> str | None:
    found = _HEDGED.match(cell)
    return None if found is None else (found.group(1) or found.group(2))


def _pictured(cell: str) -> str | None:
    """The number of a cell marked with a picture beside it (``👍🏻82.0``: Chinese-LLaMA-Alpaca's mark
    of the better system; ``🥇 90.1``, ``82.0 🔥``), or ``None``: the marks are no part of the score."""
    stripped = cell.strip()
    if not stripped or stripped.isascii():
        return None
    ends = lambda c: unicodedata.category(c) in ("So", "Sk", "Cf", "Mn") or c.isspace()  # noqa: E731
    start, stop = 0, len(stripped)
    while start < stop and ends(stripped[start]):
        start += 1
    while stop > start and ends(stripped[stop - 1]):
        stop -= 1
    inner = stripped[start:stop]
    marks = stripped[:start] + stripped[stop:]
    if any(_SIGNED.search(c) for c in marks):  # "▼1.3", "30.0 🔻": a sign, not a mark; refused
        return None
    return inner if (start or stop < len(stripped)) and _NUMBER.fullmatch(inner) else None


# Arrows and triangles (pointing up or down) say a change's sign: no mark to drop.
_SIGNED = re.compile(
    "[\u2190-\u21ff\u25a0-\u25ff\u2b00-\u2bff\u27f0-\u27ff\u2900-\u297f\U0001f53a-\U0001f53d]"
)


_NUMBER = re.compile(r"[-+]?(?:\d[\d,]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?")


def value(cell: object, decimal: str) -> float:
    """A cell as a float: NaN when missing; ``ValueError`` when it is not a number. A percent
    (``56.3%``, ``1.8 %``, ``4.2 % WER``) is its number, in percent (:func:`percent_cells` says so)."""
    if isinstance(cell, float):  # a parsed cell (JSON, pandas): NaN is missing
        return np.nan if cell != cell else cell
    if isinstance(cell, str):  # most cells: text from a file
        if is_missing_marker(cell):
            return np.nan
        if "%" in cell or "±" in cell or "+/-" in cell or "+-" in cell:
            share = _SHARE.match(cell) if "/" in cell else None  # "1/3 (33.3%)": its percent
            if share:
                return parse_number(share.group(1), decimal)
            found = _PERCENT.match(cell) if "%" in cell else None
            spread = None if found else _SPREAD.match(cell)
            text = (found or spread).group(1) if found or spread else cell.strip()
            return parse_number(text[:-1] if spread and text.endswith("%") else text, decimal)  # "48.2% ± 7%"
        try:
            return parse_number(cell.strip(), decimal)
        except ValueError:
            cited = _CITED.match(cell) or _FOOTNOTED.match(cell) or _remarked(cell)  # "94.3 (Yamada ...)"
            if cited is None:
                hedged = _hedged(cell) or _pictured(cell)
                if hedged is None:
                    raise
                return parse_number(hedged, decimal)
            return parse_number(cited.group(1), decimal)
    if cell is None or (isinstance(cell, float) and np.isnan(cell)):
        return np.nan
    if isinstance(cell, (bool, np.bool_)):
        raise ValueError(cell)  # a flag (is_new, trajectories_available), never a score
    try:
        return float(cell)
    except (TypeError, ValueError):
        raise ValueError(cell) from None


def percent_cells(path: str, names: Sequence[str], columns: Sequence[Sequence[object]]) -> list[str]:
    """The note that cells written as percents were read as their numbers (in percent), naming the
    columns and one cell; none where no cell of a rated column has a ``%``."""
    marked = [(n, col) for n, col in zip(names, columns) if _marked(col)]  # most columns: plain numbers
    found = [(n, next(c for c in col if isinstance(c, str) and "%" in c)) for n, col in marked
             if any(isinstance(c, str) and "%" in c and _PERCENT.match(c) for c in col)]  # fmt: skip
    spread = [
        n
        for n, col in marked
        if any(isinstance(c, str) and ("±" in c or "+/-" in c or "+-" in c) and _SPREAD.match(c) for c in col)
    ]
    said = f"read the 'mean ± spread' cells of {few(spread, 4)} as their means"
    notes = [said + " (the spread, and any remark in brackets after it, not rated)"] if spread else []
    cited = [
        (n, c) for n, col in zip(names, columns) for c in col[:1000]
        if isinstance(c, str) and ("(" in c or "[" in c) and (_CITED.match(c) or _remarked(c))
    ]  # fmt: skip
    if cited:
        notes.append(
            f"read the cells of {few(list(dict.fromkeys(n for n, _ in cited)), 4)} that cite their source or "
            "carry a remark as "
            f"their numbers ({cited[0][1].strip()!r} is {value(cited[0][1], '.'):g})"
        )
    hedged = [
        (n, c) for n, col in zip(names, columns) for c in col[:1000]
        if isinstance(c, str) and ("~" in c or "\u2248" in c or "?" in c or "!" in c) and _hedged(c)
    ]  # fmt: skip
    if hedged:
        which = few(list(dict.fromkeys(n for n, _ in hedged)), 4)
        notes.append(
            f"read the approximate or doubted cells of {which} as their numbers "
            f"({hedged[0][1].strip()!r} is {value(hedged[0][1], '.'):g})"
        )
    if not found:
        return notes
    shown = few([n for n, _ in found], 4)
    return notes + [
        f"read the percents of {shown} as their numbers "
        f"({found[0][1].strip()!r} is {value(found[0][1], '.'):g})"
    ]


def _marked(cells: Sequence[object]) -> bool:
    """Whether a column's text holds a percent or a spread sign anywhere (one pass, in C)."""
    try:
        text = "\x1f".join(cells)
    except TypeError:
        text = "\x1f".join(c for c in cells if isinstance(c, str))
    return "%" in text or "±" in text or "+/-" in text or "+-" in text


def cell_units(cells: Sequence[object]) -> str | None:
    """The metric a column's cells name after their percent (NeMo's ``4.2 % WER``), where one does."""
    if not _marked(cells):
        return None
    found = {
        m.group(2)
        for c in cells
        if isinstance(c, str) and "%" in c and (m := _PERCENT.match(c)) and m.group(2)
    }
    return found.pop() if len(found) == 1 else None


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
    if isinstance(cell, (bool, np.bool_)):
        return False  # a flag: words
    text = cell.strip().rstrip("%").strip() if isinstance(cell, str) else ""
    return not isinstance(cell, str) or _parses(text, ".") or _parses(text, ",")


DECIMAL_COMMAS = Assumed(
    "cells",
    "read the numbers with decimal commas (0,5 is one half)",
    "the fields are separated by semicolons and every number is written with a comma",
    "--decimal . says otherwise",
    "--decimal ,",
)


_THOUSANDS = re.compile(r"^\s*[-+]?\d{1,3}(,\d{3})+\s*$")  # 24,832: a thousands separator


def comma_hint(cell: object, decimal: str) -> str:
    """The advice for a cell with a comma that is not a number: decimal commas (``0,5``), or a count
    written with thousands separators (``24,832``: not a decimal comma)."""
    if decimal != "." or "," not in str(cell):
        return ""
    if _THOUSANDS.match(str(cell)):
        return "; a thousands separator (a count, not a score?): leave the column out with --exclude"
    return "; decimal commas? use --decimal ,"


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
            hint = comma_hint(cell, decimal)
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
