"""Which columns of a wide score table are rated: picked by name or glob, text columns set aside,
standard errors paired with their scores, and decimal commas recognised.

Publishers' own tables hold more than scores: AlpacaEval's leaderboard has a
``mode`` column of words, counts (``n_wins``, ``avg_length``) and the standard
error of each win rate beside it. No pandas here: the command line reads a
text table without it (start-up time).
"""

from __future__ import annotations

import difflib
import fnmatch
import os
from collections.abc import Callable, Sequence
from typing import NamedTuple

import numpy as np

from jaxrate.io._long import STDERR_COLUMNS, error_target, long_hint
from jaxrate.io._text import (
    check_score,
    check_unique,
    first_row,
    is_missing_marker,
    parse_number,
    read_rows,
    sniff_delimiter,
)

__all__ = [
    "WideTable",
    "choose_columns",
    "read_score_csv",
    "read_wide_table",
    "split_names",
    "standard_error_columns",
    "wide_table",
]

# Names that say whose standard errors they are only to those who know: AlpacaEval 2's.
_ERROR_ALIASES = {"lc_standard_error": "length_controlled_winrate"}


class WideTable(NamedTuple):
    """A wide score table as read, before missing scores are dropped or filled.

    ``values`` ``[agents, tasks]`` float64, NaN where a score is missing;
    ``standard_errors`` ``[agents, tasks]``, NaN where the file gives none, or
    ``None`` when no task has a column of them; ``error_columns`` maps a task to
    the column its standard errors came from; ``notes`` says what was set aside.
    """

    values: np.ndarray
    agents: tuple[str, ...]
    tasks: tuple[str, ...]
    standard_errors: np.ndarray | None
    error_columns: dict[str, str]
    notes: list[str]


def split_names(spec: str | Sequence[str] | None, option: str = "--tasks") -> tuple[str, ...] | None:
    """``"a, b*"`` (or a sequence of names) as ``("a", "b*")``; ``None`` stays ``None``.

    >>> split_names("win_rate, length_controlled_winrate")
    ('win_rate', 'length_controlled_winrate')
    """
    if spec is None:
        return None
    items = spec.split(",") if isinstance(spec, str) else [str(s) for s in spec]
    names = tuple(dict.fromkeys(s.strip() for s in items if s.strip()))
    if not names:
        raise ValueError(f"{option}: no names given (a comma-separated list of names or globs)")
    return names


def standard_error_columns(columns: Sequence[str]) -> dict[str, str]:
    """The standard-error columns among a wide table's columns, by name: ``{score column: its errors}``.

    A column holds the standard errors of score column ``X`` when it is named
    ``X_stderr``, ``X_se``, ``X_standard_error``, ``stderr_X``, ``se_X`` or
    ``standard_error_X`` (any case), or ``lc_standard_error`` beside
    ``length_controlled_winrate`` (AlpacaEval's name); a bare
    ``standard_error``, ``stderr`` or ``se`` column belongs to the column
    immediately to its left. A name that points at no score column (``math_se``
    without ``math``) is a score column like any other.

    Args:
      columns: the table's column names in order, without the model column.

    Raises:
      ValueError: when two columns claim the standard errors of one score.

    >>> standard_error_columns(["win_rate", "standard_error", "n_wins", "acc", "acc_stderr"])
    {'win_rate': 'standard_error', 'acc': 'acc_stderr'}
    """
    names = [str(c).strip() for c in columns]
    by_lower: dict[str, str] = {}
    for name in names:
        by_lower.setdefault(name.lower(), name)
    owner: dict[str, str] = {}  # error column -> its score column
    for name in names:
        target = _named_score(name.lower())
        score = by_lower.get(target) if target is not None else None
        if score is not None and score != name:
            owner[name] = score
    for k, name in enumerate(names):
        if name.lower() in STDERR_COLUMNS and name not in owner and k > 0 and names[k - 1] not in owner:
            owner[name] = names[k - 1]
    found: dict[str, str] = {}
    for name in names:  # in table order
        score = owner.get(name)
        if score is None or score in owner:  # the standard error of a standard error: a score
            continue
        if score in found:
            raise ValueError(
                f"two columns hold the standard errors of {score!r}: {found[score]!r} and {name!r}; "
                "--exclude one of them"
            )
        found[score] = name
    return {score: found[score] for score in names if score in found}


def _named_score(lower: str) -> str | None:
    """The score column an error column's (lower-case) name points at, or None."""
    if lower in _ERROR_ALIASES:
        return _ERROR_ALIASES[lower]
    return error_target(lower)


class _Choice(NamedTuple):
    scores: list[str]  # the score columns chosen, in table order
    errors: dict[str, str]  # chosen score -> its standard-error column (not excluded)
    named: set[str]  # scores named exactly in --tasks (a text column among them is an error)
    aggregates: list[str] = []  # leaderboard aggregates of the other columns, left out


# Columns that leaderboards add as aggregates of the other columns (HELM's "Mean win rate": each
# model's share of the others it beats, averaged over the columns): never a task.
_AGGREGATE_NAMES = ("mean win rate", "mean winrate", "win rate mean")


def is_aggregate_column(name: object) -> bool:
    """Whether a column is a leaderboard's aggregate of the others (HELM's ``Mean win rate``)."""
    return " ".join("".join(c if c.isalnum() else " " for c in str(name).lower()).split()) in _AGGREGATE_NAMES


def choose_columns(
    path: str,
    names: Sequence[str],
    tasks: Sequence[str] | None = None,
    exclude: Sequence[str] | None = None,
    errors: dict[str, str] | None = None,
    what: str = "column",
) -> _Choice:
    """The score columns that ``tasks`` and ``exclude`` (names or :mod:`fnmatch` globs) pick.

    ``tasks`` picks among the score columns (every column not in
    ``errors.values()``; all of them when ``None``); ``exclude`` then removes
    any column, a standard-error column included (its score then has none).
    A name (not a glob) that is no column, or a glob that matches none, is a
    ``ValueError`` naming the columns, with the closest names.
    """
    errors = dict(errors or {})
    owners = {e: s for s, e in errors.items()}
    aggregates = [n for n in names if is_aggregate_column(n)]
    scores = [n for n in names if n not in owners and n not in aggregates]
    chosen, named = list(scores), set()
    if tasks is not None:
        picked = set()
        for pattern in tasks:
            if pattern in aggregates:
                raise ValueError(
                    f"{path}: --tasks {pattern!r} is the leaderboard's aggregate of its other columns "
                    "(HELM's mean win rate), not a task: deviation ratings weigh the tasks themselves"
                )
            if pattern in owners:
                raise ValueError(
                    f"{path}: --tasks {pattern!r} holds the standard errors of {owners[pattern]!r}, not "
                    f"scores: name {owners[pattern]!r} (its standard errors come with it)"
                )
            found = _matches(path, pattern, scores, "--tasks", what)
            picked.update(found)
            if pattern in scores:
                named.add(pattern)
        chosen = [n for n in scores if n in picked]
    if exclude is not None:
        gone = set()
        for pattern in exclude:
            gone.update(_matches(path, pattern, list(names), "--exclude", what))
        chosen = [n for n in chosen if n not in gone]
        errors = {s: e for s, e in errors.items() if e not in gone}
    if not chosen:
        raise ValueError(f"{path}: no score {what}s left to rate after --tasks/--exclude ({_listed(scores)})")
    return _Choice(chosen, {s: errors[s] for s in chosen if s in errors}, named, aggregates)


def _matches(path: str, pattern: str, pool: list[str], option: str, what: str) -> list[str]:
    """The names in ``pool`` that ``pattern`` (a name, else a glob) picks; none is an error."""
    if pattern in pool:
        return [pattern]
    if any(c in pattern for c in "*?["):
        found = [n for n in pool if fnmatch.fnmatchcase(n, pattern)]
        if not found:
            raise ValueError(f"{path}: {option} {pattern!r} matches no {what} ({what}s: {_listed(pool)})")
        return found
    close = [n for n in pool if n.lower() == pattern.lower()]
    close = close or difflib.get_close_matches(pattern, pool, n=3, cutoff=0.6)
    hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
    raise ValueError(f"{path}: {option} {pattern!r}: no such {what}{hint} ({what}s: {_listed(pool)})")


def _listed(names: list[str], most: int = 30) -> str:
    shown = ", ".join(names[:most])
    return shown + (f", ... ({len(names)} in all)" if len(names) > most else "")


def _numberlike(cell: object) -> bool:
    """A cell written as a number in some notation (``0,5``, ``50%``): a typo, never a text column."""
    if not isinstance(cell, str):
        return True
    text = cell.strip().rstrip("%").strip()
    for decimal in (".", ","):
        try:
            parse_number(text, decimal)
            return True
        except ValueError:
            pass
    return False


def _decimal_commas(columns: list[list]) -> bool:
    """Whether the cells are numbers with decimal commas (``0,5``) and none with a decimal point."""
    comma = False
    for column in columns:
        for cell in column:
            if not isinstance(cell, str):
                continue
            text = cell.strip()
            try:
                parse_number(text, ",")
                comma = comma or "," in text
            except ValueError:
                try:
                    parse_number(text, ".")
                    return False  # a decimal point: the notation is mixed, or not decimal commas
                except ValueError:
                    pass
    return comma


def _value(cell: object, decimal: str) -> float:
    """A cell as a float: NaN when missing; ``ValueError`` when it is not a number."""
    if cell is None or (isinstance(cell, float) and np.isnan(cell)):
        return np.nan
    if isinstance(cell, str):
        return np.nan if is_missing_marker(cell) else parse_number(cell.strip(), decimal)
    try:
        return float(cell)
    except (TypeError, ValueError):
        raise ValueError(cell) from None


def _shown(cell: object) -> str:
    return repr(cell.strip() if isinstance(cell, str) else cell)


def wide_table(
    path: str,
    agents: Sequence[str],
    names: Sequence[str],
    columns: Sequence[Sequence[object]],
    *,
    record: Callable[[int], str],
    tasks: Sequence[str] | None = None,
    exclude: Sequence[str] | None = None,
    decimal: str = ".",
    guess_decimal: bool = False,
    allow_missing: bool = True,
    standard_errors: bool = True,
) -> WideTable:
    """A wide table's cells (``columns[j][k]``: column ``names[j]``, agent ``agents[k]``) as scores.

    Columns are picked by ``tasks``/``exclude`` (:func:`choose_columns`). A
    picked column with no number in it (every cell text or missing, like
    AlpacaEval's ``mode``) is skipped with a note, unless ``tasks`` named it; a
    column of numbers with some text in it is an error at the first text cell
    (a typo must not drop a task). Standard-error columns
    (:func:`standard_error_columns`, unless ``standard_errors=False``) are read
    beside their scores, never as tasks. ``guess_decimal``: read decimal
    commas when every number is written with one (a semicolon-separated export).
    ``record(k)`` names agent ``k``'s record (``"line 3"``) in errors.

    Raises:
      ValueError: naming the file, record and column of the first problem.
    """
    errors = standard_error_columns(names) if standard_errors else {}
    choice = choose_columns(path, names, tasks, exclude, errors)
    index = {n: j for j, n in enumerate(names)}
    decimal, notes = _guess_decimal(columns, index, choice, decimal, guess_decimal)
    cells = _Cells(path, agents, columns, index, record, decimal)
    kept, values, skipped, problems = _score_columns(cells, choice, allow_missing)
    se, se_columns = _error_columns(cells, choice, kept, problems)
    if problems:
        raise ValueError(min(problems)[2])
    if not kept:
        raise ValueError(
            f"{path}: no column of numbers to rate ({', '.join(map(repr, skipped))} "
            f"{'holds' if len(skipped) == 1 else 'hold'} text, such as "
            f"{_first_text(columns, index, skipped)}); "
            "is the first column the model names?"
        )
    notes += _column_notes(choice.aggregates, skipped, se, kept, se_columns)
    return WideTable(np.stack(values, axis=1), tuple(agents), tuple(kept), se, se_columns, notes)


def names_are_names(path: str, agents: Sequence[str], first_header: str) -> None:
    """A ``ValueError`` when the first column, read as the model names, is a score column: headed by a
    metric's name (:func:`jaxrate.io._orientation.looks_like`) and holding fractional numbers. The
    names were lost (``df.to_json(orient="records")`` and ``to_csv(index=False)`` drop the index).
    Numbers under another header (``temperature``: a sweep) are names."""
    from jaxrate.io._orientation import looks_like

    if looks_like(first_header) != "task":
        return
    numbers = []
    for a in agents:
        try:
            numbers.append(float(a))
        except ValueError:
            return
    if numbers and any(not float(x).is_integer() for x in numbers if np.isfinite(x)):
        raise ValueError(
            f"{path}: the first column, read as the model names, holds numbers ({agents[0]}, ...): the "
            "names are not in the file (pandas' to_json(orient='records') and to_csv(index=False) drop "
            "the index); write them as its first column (df.reset_index()) or as the index "
            "(df.to_json(), df.to_parquet())"
        )


class _Cells(NamedTuple):
    """A wide table's cells as :func:`wide_table` reads them: ``columns[index[name]][k]`` is agent
    ``agents[k]``'s cell in column ``name``; ``record(k)`` names its record in errors."""

    path: str
    agents: Sequence[str]
    columns: Sequence[Sequence[object]]
    index: dict[str, int]
    record: Callable[[int], str]
    decimal: str


def _guess_decimal(columns, index: dict, choice: _Choice, decimal: str, guess: bool) -> tuple[str, list]:
    """``(decimal, notes)``: decimal commas when ``guess`` and every number of the chosen score and
    standard-error columns is written with one (said in a note)."""
    if guess and decimal == ".":
        picked = [columns[index[n]] for n in choice.scores + list(choice.errors.values())]
        if _decimal_commas(picked):
            return ",", ["read with decimal commas"]
    return decimal, []


def _score_columns(cells: _Cells, choice: _Choice, allow_missing: bool):
    """``(kept, values, skipped, problems)`` of the chosen score columns: the names kept and their
    values ``[agents]`` each, the columns of text skipped (not named in ``tasks``), and each
    column's first problem as ``(row, column, message)``."""
    path, agents, columns, index, record, decimal = cells
    problems = []  # (row, column, message): the first in reading order is raised
    kept, values, skipped = [], [], []
    for name in choice.scores:
        j = index[name]
        parsed, problem = _score_column(path, agents, name, columns[j], record, decimal, allow_missing)
        if problem == "text" and name not in choice.named:
            skipped.append(name)
            continue
        if problem == "text":
            k = next(k for k, cell in enumerate(columns[j]) if _text(cell, decimal))
            problem = (
                k,
                f"{path}: {record(k)}: score for {agents[k]!r} on {name!r} is not a number: "
                f"{_shown(columns[j][k])} ({name!r} is a column of text)",
            )
        if problem is not None:
            problems.append((problem[0], j, problem[1]))
        kept.append(name)
        values.append(parsed)
    return kept, values, skipped, problems


def _error_columns(cells: _Cells, choice: _Choice, kept: list, problems: list):
    """``(standard errors [agents, kept] or None, {task: its column})`` of the kept score columns;
    each standard-error column's first problem is added to ``problems``."""
    path, agents, columns, index, record, decimal = cells
    se, se_columns = None, {}
    for t, name in enumerate(kept):
        if name not in choice.errors:
            continue
        column = choice.errors[name]
        parsed, problem = _error_column(path, agents, name, column, columns[index[column]], record, decimal)
        if problem is not None:
            problems.append((problem[0], index[column], problem[1]))
        if se is None:
            se = np.full((len(agents), len(kept)), np.nan)
        se[:, t] = parsed
        se_columns[name] = column
    return se, se_columns


def _column_notes(aggregates: list, skipped: list, se, kept: list, se_columns: dict) -> list[str]:
    """What :func:`wide_table` set aside: aggregate columns, columns of text, standard errors."""
    notes = []
    if aggregates:
        notes.append(
            f"left out {', '.join(map(repr, aggregates))}: the leaderboard's aggregate of the other "
            "columns, not a task"
        )
    if skipped:
        notes.append(
            f"skipped non-numeric column{'s' if len(skipped) > 1 else ''} {', '.join(map(repr, skipped))}"
        )
    if se_columns:
        notes.append(_error_note(se, kept, se_columns))
    return notes


def _first_text(columns, index: dict, names: list) -> str:
    """The first text cell of the first of ``names`` (shown as in errors)."""
    cells = columns[index[names[0]]]
    return next((_shown(c) for c in cells if isinstance(c, str) and c.strip()), "''")


def _text(cell: object, decimal: str) -> bool:
    try:
        _value(cell, decimal)
        return False
    except ValueError:
        return True


def _score_column(path, agents, name, cells, record, decimal, allow_missing):
    """``(values [agents], problem)``: problem ``None``, ``"text"`` (no number in the column) or
    ``(row, message)``, the column's first bad cell."""
    out = np.full(len(cells), np.nan)
    text = []
    first = None
    for k, cell in enumerate(cells):
        where = f"{path}: {record(k)}: score for {agents[k]!r} on {name!r}"
        try:
            out[k] = _value(cell, decimal)
        except ValueError:
            text.append(k)
            if first is None:
                hint = "; decimal commas? use --decimal ," if decimal == "." and "," in str(cell) else ""
                first = (k, f"{where} is not a number: {_shown(cell)}{hint}")
            continue
        if np.isnan(out[k]):
            if not allow_missing and first is None:
                shown = f" ({cell.strip()!r})" if isinstance(cell, str) and cell.strip() else ""
                first = (
                    k,
                    f"{path}: {record(k)}: missing score for {agents[k]!r} on {name!r}{shown}; "
                    "choose --missing drop-models, drop-tasks, block or fill:VALUE",
                )
            continue
        try:
            check_score(out[k], cell, where)
        except ValueError as err:
            first = first or (k, str(err))
    if text and np.isnan(out).all() and not any(_numberlike(cells[k]) for k in text):
        return out, "text"
    return out, first


def _error_column(path, agents, name, column, cells, record, decimal):
    """A standard-error column as ``(values [agents], problem)``: missing cells NaN; text, negative
    or infinite values a problem ``(row, message)``."""
    out = np.full(len(cells), np.nan)
    for k, cell in enumerate(cells):
        where = f"{path}: {record(k)}: standard error of {agents[k]!r} on {name!r} (column {column!r})"
        try:
            out[k] = _value(cell, decimal)
        except ValueError:
            return out, (k, f"{where} is not a number: {_shown(cell)}")
        if np.isnan(out[k]):
            continue
        if not np.isfinite(out[k]) or out[k] < 0:
            return out, (k, f"{where} is {_shown(cell)}; standard errors are finite and >= 0")
    return out, None


def _error_note(se: np.ndarray, tasks: list[str], columns: dict[str, str]) -> str:
    parts = []
    for t, name in enumerate(tasks):
        if name in columns:
            empty = int(np.isnan(se[:, t]).sum())
            gaps = f", {empty} of {se.shape[0]} empty" if empty else ""
            parts.append(f"{columns[name]!r} of {name!r}{gaps}")
    return f"standard errors, not rated (--bootstrap draws each score from them): {', '.join(parts)}"


def read_wide_table(
    path: str | os.PathLike,
    *,
    sep: str | None = None,
    decimal: str = ".",
    missing: str = "error",
    tasks: str | Sequence[str] | None = None,
    exclude: str | Sequence[str] | None = None,
    standard_errors: bool = True,
) -> WideTable:
    """A wide text table (CSV, TSV): its scores, the standard errors beside them, and notes. No pandas.

    The first column holds the model names (its header may be empty).
    ``tasks`` and ``exclude`` pick the columns; a column with no number in it
    (every cell a word, like AlpacaEval's ``mode``) is skipped with a note
    unless ``tasks`` names it, and a column of numbers with a word in it is an
    error at that cell (a typo must not drop a task). Standard-error columns
    (:func:`standard_error_columns`) are read beside their scores, never as
    tasks. A semicolon-separated table whose numbers all have decimal commas
    (``0,5``) is read with them, with a note, as ``decimal=","`` would.

    Args:
      path: a delimited text file.
      sep: the delimiter (default: sniffed: comma, semicolon or tab).
      decimal: ``"."`` or ``","``.
      missing: ``"error"`` stops at the first missing score; any other value
        leaves it NaN (:func:`read_scores` then drops or fills it).
      tasks, exclude: comma-separated names or :mod:`fnmatch` globs (or a
        sequence of them) of the score columns rated and of the columns left out.

    Returns:
      A :class:`WideTable`.

    Raises:
      ValueError: naming the file, line and column of the first problem.
    """
    path = os.fspath(path)
    sep = sep or sniff_delimiter(path)
    if decimal not in (".", ","):
        raise ValueError(f"decimal must be '.' or ','; got {decimal!r}")
    if decimal == sep:
        raise ValueError(f"{path}: the decimal mark {decimal!r} cannot also be the field delimiter")
    agents, names, columns, lines = _text_columns(path, sep)
    return wide_table(
        path,
        agents,
        names,
        columns,
        record=lambda k: f"line {lines[k]}",
        tasks=split_names(tasks),
        exclude=split_names(exclude, "--exclude"),
        decimal=decimal,
        guess_decimal=sep == ";",
        allow_missing=missing != "error",
        standard_errors=standard_errors,
    )


def _text_columns(path: str, sep: str) -> tuple[list[str], list[str], list[list[str]], list[int]]:
    """``(agents, names, columns, lines)`` of a wide text table: the first column's names, the other
    columns' headers and cells (``columns[j][k]``), and the line number of each agent's row."""
    header, rows, lines = read_rows(path, sep)
    names = header[1:]
    check_unique(path, "task", names)
    agents = [row[0].strip() for row in rows]
    names_are_names(path, agents, header[0])
    check_unique(path, "agent", agents, [f"line {n}" for n in lines], long_hint(header))
    columns = [[row[j] for row in rows] for j in range(1, len(header))]
    return agents, names, columns, lines


def read_score_csv(
    path: str | os.PathLike,
    *,
    allow_missing: bool = False,
    delimiter: str | None = None,
    decimal: str = ".",
) -> tuple[np.ndarray, tuple[str, ...], tuple[str, ...]]:
    """Read a wide score table: header row of task names, then one row per agent.

    The first column holds the agent names. Every other cell must be a number
    (or empty, read as NaN, with ``allow_missing``). ``delimiter`` is sniffed
    (comma, semicolon or tab) unless given; ``decimal=","`` reads decimal commas.

    Returns:
      ``(scores [agents, tasks], agents, tasks)``.

    Raises:
      ValueError: naming the file, line and column of the first problem (empty
        file, ragged row, missing or non-numeric cell, duplicate names).
    """
    delimiter = delimiter or sniff_delimiter(path)
    # Every column is a score: naming them all makes a column of text an error at its first cell
    # (not skipped), and no column is set aside as standard errors. A leaderboard's aggregate
    # column (HELM's Mean win rate) is never a score.
    names = [n for n in first_row(path, delimiter)[1:] if not is_aggregate_column(n)]
    wide = read_wide_table(
        path,
        sep=delimiter,
        decimal=decimal,
        missing="nan" if allow_missing else "error",
        tasks=names or None,
        standard_errors=False,
    )
    return wide.values, wide.agents, wide.tasks
