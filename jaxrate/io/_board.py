"""The board: the scores chosen to rate, models by tasks, higher is better. The choose stage.

:class:`Board` is what every input becomes before the missing rule: a table's score columns (roles
by :mod:`jaxrate.io._roles`, axis by :mod:`jaxrate.io._orientation`, lower-is-better negated) or
harness runs resolved to one per model and task (:func:`jaxrate.io._runs.resolve`).
"""

from __future__ import annotations

import dataclasses
import fnmatch
import re
from typing import Any

import numpy as np

from jaxrate.io._assumed import Assumed
from jaxrate.io._averages import SUMMARY_NAME, aggregate_of, aggregate_rows, decimals, summary_rows
from jaxrate.io._cells import (
    DECIMAL_COMMAS,
    Cells,
    cell_units,
    column_numbers,
    decimal_commas,
    is_text,
    percent_cells,
    refuse_match_log,
    shown,
    split_pairs,
    value,
)
from jaxrate.io._compound import compound_cells
from jaxrate.io._durations import duration_note, durations, rate_note, rates
from jaxrate.io._orientation import decide_orientation, names_say
from jaxrate.io._roles import Declared, Role, candidates, decide, direction, few, placeholders
from jaxrate.io._text import is_missing_marker

__all__ = ["Board", "table_board"]


@dataclasses.dataclass(eq=False)
class Board:
    """Scores chosen to rate: ``values`` ``[M, T]`` float64, higher is better, NaN where missing, with
    ``errors`` (standard errors, or ``None``) and ``error_columns`` beside them, the ``notes``, each
    model's ``records`` (``"line 5"``) for messages, and for harness output and tables with replicates
    the ``runs`` rated (``{(model, task): Run}``) and ``superseded``. ``kind`` is ``"scores"``, or
    ``"battles"``/``"payoffs"`` (``data`` holds them); ``filled`` the cells ``--missing fill`` filled,
    ``higher`` each task's direction in the source, ``column`` what the runs' replicates are."""

    name: str
    models: list
    tasks: list
    values: np.ndarray
    errors: np.ndarray | None = None
    error_columns: dict = dataclasses.field(default_factory=dict)
    notes: list = dataclasses.field(default_factory=list)
    records: Any = None
    runs: dict | None = None
    superseded: dict = dataclasses.field(default_factory=dict)
    kind: str = "scores"
    data: Any = None
    filled: dict = dataclasses.field(default_factory=dict)
    higher: list | None = None
    column: str = "item"
    unknown: frozenset = frozenset()  # (model, task) cells whose -1 was read as the source's placeholder
    roles: list = dataclasses.field(default_factory=list)  # every column's Role (a table's), as decided

    def keep(self, rows: np.ndarray, cols: np.ndarray) -> Board:
        """The board restricted to the models ``rows`` and tasks ``cols`` (boolean masks)."""
        models = [m for m, k in zip(self.models, rows) if k]
        tasks = [t for t, k in zip(self.tasks, cols) if k]
        kept = {(m, t) for m in models for t in tasks}
        return dataclasses.replace(
            self,
            models=models,
            tasks=tasks,
            values=self.values[np.ix_(rows, cols)],
            errors=None if self.errors is None else self.errors[np.ix_(rows, cols)],
            error_columns={t: c for t, c in self.error_columns.items() if t in set(tasks)},
            records=None if self.records is None else [r for r, k in zip(self.records, rows) if k],
            runs=None if self.runs is None else {key: r for key, r in self.runs.items() if key in kept},
            higher=None if self.higher is None else [h for h, k in zip(self.higher, cols) if k],
        )


def table_board(cells: Cells, declared: dict[str, Declared], options, sep: str | None = None) -> Board:
    """A table's cells as a :class:`Board`: oriented, roles given, scores parsed and turned."""
    (cells, notes, times, parts), decimal = _unpacked(cells, options), options.decimal
    if sep == ";" and decimal == "." and decimal_commas(cells.columns):
        decimal = ","
        notes.append(DECIMAL_COMMAS)
    text = [is_text(c, decimal) for c in cells.columns]
    refuse_match_log(cells, text)
    parsed = {j: column_numbers(cells, j, decimal) for j, t in enumerate(text) if not t}
    units = {cells.names[j]: cell_units(c) for j, c in enumerate(cells.columns) if not text[j]}
    units.update({n: "time" for n in times if direction(n) is None})  # "58.76us": a time
    declared = {**{n: Declared(metric=u) for n, u in units.items() if u}, **declared}  # "4.2 % WER": a WER
    likely = [] if options.models == "rows" else _score_like(cells, text, parsed, declared)
    turn, note = _orientation(cells, likely, parsed, options)
    notes += [note] if note else []
    turned_cells = []
    if turn and parts:
        raise ValueError(_split_turned(cells, options))
    if turn:  # the cells as written (percents, 'mean ± spread') are said of the columns they are in
        notes += _unused(cells, likely, parsed)
        likely, options, left = _not_models(cells, likely, options)  # and no run's statistics as models
        notes += left + _model_scales(cells, likely, parsed)
        cells, parsed, left = _without_text_rows(cells, likely, parsed, decimal)
        notes += left
        turned_cells = percent_cells(
            cells.path, [cells.names[j] for j in likely], [cells.columns[j] for j in likely]
        )
        cells, text, parsed, declared = _turned(cells, likely, parsed, declared, notes)
    _refuse_all_text(cells, text)
    cells, parsed, declared, left = _by_value(cells, text, parsed, declared, turn, decimal)
    notes += left
    whole = {cells.names[j]: _whole(found[0]) for j, found in parsed.items()}
    roles, said = decide(cells.path, cells.names, text, declared, options, what=cells.what, whole=whole)
    values, errors, columns, problems = _columns(cells, roles, parsed, decimal)
    if problems:
        raise ValueError(min(problems)[2])
    tasks = [r.name for r in roles if r.role == "score"]
    index = {n: j for j, n in enumerate(cells.names)}
    notes += turned_cells or percent_cells(cells.path, tasks, [cells.columns[index[t]] for t in tasks])
    unknown = frozenset((cells.rows[i], tasks[j]) for i, j in np.argwhere(values == -1.0) if j < len(tasks))
    notes += _placeholders(values, tasks, cells.what == "task") + said + _error_note(errors, tasks, columns)
    unknown = frozenset(
        cell for cell in unknown if np.isnan(values[cells.rows.index(cell[0]), tasks.index(cell[1])])
    )
    scored = [r for r in roles if r.role == "score"]
    for j, role in enumerate(scored):
        if not role.higher:
            values[:, j] = -values[:, j]
    notes += _sign_notes(scored, options) + _partial_runs(cells, roles, parsed)
    notes += _data_rows(cells.rows, cells.first_header, turn)
    records = None if turn else [cells.record(k) for k in range(len(cells.rows))]
    higher = [bool(r.higher) for r in scored]
    board = Board(cells.path, list(cells.rows), tasks, values, errors, columns, notes, records, higher=higher)
    board.roles = [r._replace(higher=None) if r.role != "score" else r for r in roles]
    board.unknown = unknown
    return board


def _split_turned(cells: Cells, options) -> str:
    """The refusal of ``--cells split`` on a table whose models are its columns."""
    flag = options.flag("cells")
    return (
        f"{cells.path}: {flag} split splits columns into tasks, and this table's models are its columns; "
        f"{flag} 1 keeps the first number of each cell"
    )


def _unpacked(cells: Cells, options) -> tuple[Cells, list, list[str], list[str]]:
    """The cells with what reports pack into them taken apart, the notes (the cells' own first), the
    columns of durations, and the tasks split off packed cells."""
    cells, split = split_pairs(cells)  # "Dev/Test WER": "13.60 / 12.70" is two scores
    cells, packed, parts = compound_cells(cells, options)  # "154 / 334" under "RMSE (3 / 5 days)"
    cells, timed, times = _durations(cells, options)  # "58.76us", "1.51ms": seconds, times
    return cells, list(cells.notes) + split + packed + timed, times, parts


def _durations(cells: Cells, options) -> tuple[Cells, list[str], list[str]]:
    """The cells with each column of durations (``58.76us``) in seconds and of rates (``31.5 GB/s``) as
    their numbers, the notes, and the columns of durations. Beside columns of plain numbers (the scores),
    durations are a cost: left out (as text) and said, unless ``--tasks`` names them."""
    found = {j: r for j, c in enumerate(cells.columns) if (r := rates(c)) is not None}
    rated = []
    if found:
        j = min(found)
        example = _first(cells.columns[j])
        rated = [rate_note([cells.names[j] for j in found], example, found[j][1])]
        columns = [found[j][0] if j in found else c for j, c in enumerate(cells.columns)]
        cells = cells._replace(columns=columns)
    cells, notes, names = _seconds(cells, options)
    return cells, rated + notes, names


def _seconds(cells: Cells, options) -> tuple[Cells, list[str], list[str]]:
    found = {j: secs for j, c in enumerate(cells.columns) if (secs := durations(c)) is not None}
    if not found:
        return cells, [], []
    notes = []
    named = {
        j for j in found if any(fnmatch.fnmatchcase(str(cells.names[j]), p) for p in options.tasks or ())
    }
    scores = any(j not in found and not is_text(c, options.decimal) for j, c in enumerate(cells.columns))
    if scores and len(named) < len(found):
        left = [j for j in found if j not in named]
        notes.append(
            f"left out {few([cells.names[j] for j in left], 4)}: durations "
            f"({_first(cells.columns[left[0]])!r}) "
            f"beside the scores, a cost rather than a score; {options.flag('tasks')} naming them rates them "
            "(in seconds, lower is better)"
        )
        found = {j: secs for j, secs in found.items() if j in named}
    if not found:
        return cells, notes, []
    j = min(found)
    k = cells.columns[j].index(_first(cells.columns[j]))
    names = [cells.names[j] for j in found]
    notes.append(duration_note(names, cells.columns[j][k], found[j][k]))
    return cells._replace(columns=[found.get(j, c) for j, c in enumerate(cells.columns)]), notes, names


def _first(column: list) -> str:
    """A column's first cell that is written (not missing)."""
    return next(c for c in column if isinstance(c, str) and not is_missing_marker(c)).strip()


def _whole(values: np.ndarray) -> bool:
    """Whether a column holds whole numbers >= 0 only, some above 1 (counts and lengths look so)."""
    found = values[np.isfinite(values)]
    return bool(len(found)) and bool(
        np.all(found >= 0) and np.all(found == np.round(found)) and found.max() > 1
    )


def _partial_runs(cells: Cells, roles: list[Role], parsed: dict) -> list[str]:
    """Warnings of rows that look like partial runs: a column not rated, of counts, the same for most
    models and smaller for a few (16 puzzles where the others did 1,000), with the option that keeps
    the complete ones."""
    out = []
    for j, role in enumerate(roles):
        if role.role == "score" or j not in parsed:
            continue
        if role.role == "unpicked" and role.why != "a count":  # left out by --tasks, and not a count by
            continue  # name (EQ-Bench's 1,700 per-question fields beside its one score)
        values = parsed[j][0]
        found = values[np.isfinite(values)]
        if len(found) < 5 or not _whole(values):
            continue
        top, count = np.unique(found, return_counts=True)
        mode = top[np.argmax(count)]
        short = [k for k, v in enumerate(values) if np.isfinite(v) and v < mode]
        if count.max() >= 0.8 * len(found) and 0 < len(short) <= 0.2 * len(found):
            written = next(str(c).strip() for c, v in zip(cells.columns[j], values) if v == mode)
            few_rows = ", ".join(f"{cells.rows[k]!r} {values[k]:g}" for k in short[:3])
            out.append(
                f"warning: {role.name!r} is {mode:g} for all but {len(short)} of the {len(found)} models "
                f"({few_rows}): partial runs? --where '{role.name}={written}' keeps the complete ones"
            )
    return out


def _refuse_all_text(cells: Cells, text: list[bool]) -> None:
    if all(text):
        first = next((shown(c) for c in cells.columns[0] if isinstance(c, str) and c.strip()), "''")
        raise ValueError(
            f"{cells.path}: no column of numbers to rate ({', '.join(map(repr, cells.names))} "
            f"{'holds' if len(cells.names) == 1 else 'hold'} text, such as {first}); is the first column the "
            "model names?"
        )


def _by_value(cells: Cells, text: list[bool], parsed: dict, declared: dict, turn: bool, decimal: str):
    """The summaries the values show (:mod:`jaxrate.io._averages`): columns named as summaries that are
    the mean or the sum of others, declared aggregates (unless the source declared a role); where the
    rows are the models, rows so named and made, left out. ``(cells, parsed, declared, notes)``."""
    js = [j for j in parsed if not text[j]]
    notes = []
    if len(js) < 3:
        return cells, parsed, declared, notes
    if not turn and summary_rows(cells.rows):
        values = np.stack([parsed[j][0] for j in js], axis=1)
        found = aggregate_rows(cells.rows, values, max(decimals(cells.columns[j]) for j in js))
        if found and len(found) < len(cells.rows):
            keep = [k for k, r in enumerate(cells.rows) if r not in found]
            record = cells.record
            cells = cells._replace(
                rows=[cells.rows[k] for k in keep],
                columns=[[c[k] for k in keep] for c in cells.columns],
                record=lambda k: record(keep[k]),
            )
            parsed = {j: column_numbers(cells, j, decimal) for j in parsed}
            notes += [f"left out the row {r!r}: {why}, not a model" for r, why in found.items()]
    only = [i for i, j in enumerate(js) if SUMMARY_NAME.search(str(cells.names[j]))]
    if only:
        values = np.stack([parsed[j][0] for j in js], axis=1)
        places = [decimals(cells.columns[j]) for j in js]
        for name, why in aggregate_of([cells.names[j] for j in js], values, places, only).items():
            if declared.get(name, Declared()).role is None:
                said = declared.get(name, Declared())._replace(role="aggregate", why=why)
                declared = {**declared, name: said}
    return cells, parsed, declared, notes


def _orientation(cells: Cells, js: list[int], parsed: dict, options) -> tuple[bool, str | None]:
    """Whether the models are the columns: as ``--models`` says, else :func:`decide_orientation` on
    the score-like columns ``js``."""
    if options.models is not None:
        return options.models == "columns", None
    if len(cells.rows) == 1 and re.fullmatch(r"\s*[-+]?\d*\.\d+\s*", str(cells.rows[0])):
        raise ValueError(  # one row named "1.46" under "OSQP", "GUROBI": the models' scores, no name
            f"{cells.path}: the one row's name is a number ({cells.rows[0]!r}): one row of scores under the "
            f"models' names ({cells.first_header!r}, ...), and no column naming the row (the task); add one"
        )
    if not js:
        return False, None
    values = np.stack([parsed[j][0] for j in js], axis=1)
    names = [cells.names[j] for j in js]
    if _headings_to_tasks(names, ["t"], values[:1]) is not None:  # tables joined under their headings
        names = [n.rsplit("/", 1)[-1] for n in names]  # 'Image-Level AUC/ResNet-18': ResNet-18's column
    turn, note = decide_orientation(
        cells.path, values, cells.rows, names, cells.first_header, None, unsure=cells.unsure
    )
    if turn or note is not None or cells.what != "column" or len(js) < 2 or len(cells.rows) < 2:
        return turn, note
    from jaxrate.io._orientation import MODEL_WORDS
    from jaxrate.io._roles import MODEL_COLUMNS, MORE_MODELS

    header = cells.first_header.strip().lower().replace(" ", "_")
    if header in MODEL_WORDS or header in MODEL_COLUMNS + MORE_MODELS:  # headed as models: said by the file
        return False, None
    from jaxrate.io._orientation import looks_like

    named, sample = names[:200], cells.rows[:200]  # a sample says it: the names are alike
    metrics = sum(looks_like(n) == "task" for n in named)  # columns named as metrics: win_rate, MAE
    models = sum(looks_like(r) == "model" for r in sample)  # rows named as models: gpt-4o, llama-3
    if 2 * metrics >= len(named) or 2 * models >= len(sample):
        return False, None
    said = f"the first column{f' {cells.first_header!r}' if cells.first_header.strip() else ''} names them"
    return False, Assumed(
        "orientation",
        "the models are the rows",
        f"{said}; nothing in the table says the columns are models",
        f"{options.flag('models', 'columns')} reads the columns as models",
        options.flag("models", "rows"),
    )


def _not_models(cells: Cells, likely: list[int], options):
    """In a table whose columns are the models: the columns ``--exclude`` names left out (they are
    not models: a count, a ratio, a description), the other names left to the tasks; and the note."""
    import dataclasses
    import fnmatch

    if not options.exclude:
        _refuse_statistics(cells, likely, options)
        return likely, options, []
    given = options.exclude.split(",") if isinstance(options.exclude, str) else list(options.exclude)
    patterns = [p.strip() for p in given if p.strip()]
    columns = [p for p in patterns if any(fnmatch.fnmatchcase(cells.names[j], p) for j in likely)]
    if not columns:
        return likely, options, []
    gone = [j for j in likely if any(fnmatch.fnmatchcase(cells.names[j], p) for p in columns)]
    rest = tuple(p for p in patterns if p not in columns) or None
    note = (
        f"left out the columns {few([cells.names[j] for j in gone])} ({options.flag('exclude')}): not models"
    )
    _refuse_statistics(cells, [j for j in likely if j not in gone], options)
    return [j for j in likely if j not in gone], dataclasses.replace(options, exclude=rest), [note]


# The names of a run's statistics ("Mean | Std | MAX | Completion %"): one system's results, not systems.
_STATISTICS = frozenset(
    "mean avg average std stdev sd se sem stderr var variance min max minimum maximum median best worst last "
    "final completion count n total sum ci iqr q1 q3 p25 p75 percent pct %".split()
)


def _refuse_statistics(cells: Cells, likely: list[int], options) -> None:
    """A table turned on the evidence of its rows whose columns are all a run's statistics (``Mean``,
    ``Std``, ``MAX``): one system's results, nothing to rate one system against."""
    from jaxrate.io._roles import words

    names = [cells.names[j] for j in likely]
    if options.models == "columns" or len(names) < 2:
        return
    if all(words(n) and set(words(n)) <= _STATISTICS for n in names):
        raise ValueError(
            f"{cells.path}: the columns that would be the models ({few(names, 4)}) are statistics of one "
            "system's results, not systems: a rating needs several models scored on the same tasks (if "
            f"they are models, say {options.flag('models', 'columns')})"
        )


# Names of the data itself, which reports list as a reference row among the models ("Train": the
# training set's own metrics in MOSES's table): rated as they are, and said.
_DATA_NAMES = frozenset(
    (
        "train", "training", "trainset", "train set", "training set", "training data", "test", "testset",
        "test set", "validation", "valid", "val", "dev", "ground truth", "groundtruth", "gt", "reference",
        "real data", "dataset", "data",
    )
)  # fmt: skip


def _data_rows(models: list, column: str, turned: bool) -> list[str]:
    """The note that rows named as the data itself (``Train``, ``Ground truth``) are rated as models:
    a reference that the source may not mean as a competitor."""
    plain = [" ".join(str(m).lower().replace("_", " ").split()) for m in models]
    found = [m for m, p in zip(models, plain) if p in _DATA_NAMES]
    if not found or len(found) == len(models):
        return []
    how = "" if turned else f"; --where '{column}!={found[0]}' leaves it out"
    return [
        f"rated {few(found, 3)} as a model: named as the data itself, a reference row the source may not "
        f"mean as a competitor{how}"
    ]


def _model_scales(cells: Cells, likely: list[int], parsed: dict) -> list[str]:
    """A warning where the columns read as models hold scores of different sizes (a count or a
    ratio among accuracies): a column that is not a model would be rated as one."""
    from jaxrate.io._values import SCALE_RATIO

    if len(likely) < 2:
        return []
    values = np.abs(np.stack([parsed[j][0] for j in likely], axis=1))
    with np.errstate(all="ignore"):
        top = np.max(np.where(np.isfinite(values), values, -np.inf), axis=0)
    live = {j: float(v) for j, v in zip(likely, top) if v > 0}
    if len(live) < 2 or max(live.values()) <= 1.0:
        return []
    big, small = max(live, key=live.get), min(live, key=live.get)
    if live[big] <= SCALE_RATIO * live[small]:
        return []
    larger = [cells.names[j] for j in live if live[j] > SCALE_RATIO * live[small]]
    return [
        f"warning: the columns read as models differ in scale by {live[big] / live[small]:.0f}x "
        f"({cells.names[big]!r} reaches {live[big]:.4g}, {cells.names[small]!r} only {live[small]:.4g}): "
        f"if some are not models ({few(larger, 4)}: a count, a ratio, a description), leave them out with "
        f"--exclude"
    ]


def _score_like(cells: Cells, text, parsed: dict, declared: dict) -> list[int]:
    return [j for j, ok in enumerate(candidates(cells.names, text, declared)) if ok and j in parsed]


def _unused(cells: Cells, likely: list[int], parsed: dict) -> list[str]:
    """The note naming a turned table's columns of numbers that are named as no model's (an average,
    a count): said, never lost."""
    chosen = set(likely)
    unused = [cells.names[j] for j in parsed if j not in chosen]
    notes = (
        [f"left out the columns {few(unused)}: by name not models (aggregates, counts, sizes)"]
        if unused
        else []
    )
    # Columns of text after the row names: a model whose cells are not numbers ("~6000", read off a
    # plot; RLlib's tables) was dropped without a word.
    text = [j for j in range(len(cells.names)) if j not in parsed and not _all_blank(cells.columns[j])]
    if text:
        sample = next((c for c in cells.columns[text[0]] if isinstance(c, str) and c.strip()), "")
        notes.append(
            f"left out the columns {few([cells.names[j] for j in text])}: text, not a model's numbers "
            f"(such as {sample.strip()!r})"
        )
    return notes


def _all_blank(column) -> bool:
    return all(_blank(c) for c in column)


def _without_text_rows(cells: Cells, js: list[int], parsed: dict, decimal: str):
    """A table to be turned without its rows that hold no number in any model's column (a row of sizes,
    ``Active Params: 7B, 12B, 70B``; of licences; of links): ``(cells, parsed, notes)``."""

    def text(cell) -> bool:
        if _blank(cell):
            return False
        try:
            value(cell, decimal)
        except ValueError:
            return True
        return False

    drop = [k for k in range(len(cells.rows)) if js and all(text(cells.columns[j][k]) for j in js)]
    if not drop or len(drop) == len(cells.rows):
        return cells, parsed, []
    keep = [k for k in range(len(cells.rows)) if k not in drop]
    record = cells.record
    kept = cells._replace(
        rows=[cells.rows[k] for k in keep],
        columns=[[c[k] for k in keep] for c in cells.columns],
        record=lambda k: record(keep[k]),
    )
    parsed = {**parsed, **{j: column_numbers(kept, j, decimal) for j in js}}
    said = ", ".join(f"{cells.rows[k]!r} ({shown(cells.columns[js[0]][k])}, ...)" for k in drop[:3])
    return kept, parsed, [f"left out {len(drop)} row(s) holding no number in any model's column: {said}"]


def _turned(cells: Cells, js: list[int], parsed: dict, declared: dict, notes: list):
    """The table turned: its score-like columns ``js`` (models) become rows; its rows (tasks) columns.
    What every model's column declares alike (a page's text: "Logloss (lower is better)") every
    task's column declares. Tables joined under their headings (``Image-Level AUC/ResNet-18``, one
    column per heading and model) turn into the models, their headings joined to the tasks (noted)."""
    problems = [parsed[j][1] for j in js if parsed[j][1] is not None]
    if problems:
        raise ValueError(min(problems)[1])
    if not js:
        shown = ", ".join(map(repr, cells.names[:4])) + (" ..." if len(cells.names) > 4 else "")
        raise ValueError(
            f"{cells.path}: no column reads as a model's scores ({shown} hold text, not numbers): the "
            "columns are not models"
        )
    values = np.stack([parsed[j][0] for j in js], axis=1)  # [tasks, models]
    models, tasks = [cells.names[j] for j in js], list(cells.rows)
    regrouped = _headings_to_tasks(models, tasks, values)
    if regrouped is not None:
        models, tasks, values = regrouped
        notes.append(
            f"read the tables' headings as part of the tasks ({tasks[0]!r}, ...), each model one column "
            f"of every table ({few(models, 4)})"
        )
    rows = [list(v) for v in values]
    turned = Cells(cells.path, cells.first_header, models, tasks, rows, str, what="task")
    numbers = {k: (values[k], None) for k in range(len(tasks))}
    alike = {declared.get(cells.names[j]) for j in js}
    said = next(iter(alike)) if len(alike) == 1 else None
    return turned, [False] * len(tasks), numbers, ({str(r): said for r in tasks} if said else {})


def _headings_to_tasks(models: list[str], tasks: list[str], values: np.ndarray):
    """``(models, tasks, values)`` where the models are every heading's columns alike (``H/m`` for every
    heading ``H`` and model ``m``): ``m`` the models, ``H/task`` the tasks; else ``None``."""
    if any("/" not in str(m) for m in models):  # most tables: at their first name
        return None
    parts = [str(m).rsplit("/", 1) for m in models]
    if not all(len(p) == 2 and p[0] and p[1] for p in parts):
        return None
    heads, names = list(dict.fromkeys(p[0] for p in parts)), list(dict.fromkeys(p[1] for p in parts))
    grid = {(h, n) for h in heads for n in names}
    if len(heads) < 2 or len(names) < 2 or len(parts) != len(grid) or {tuple(p) for p in parts} != grid:
        return None
    if names_say(names) != "model" and names_say(heads) != "task":
        return None  # 'DeepSeekMath-Base/OCWCourses/cot': a model's own path, not a heading over models
    where = {tuple(p): j for j, p in enumerate(parts)}
    out = np.stack([np.concatenate([values[:, where[h, n]] for h in heads]) for n in names], axis=1)
    return names, [f"{h}/{t}" for h in heads for t in tasks], out


def _columns(cells: Cells, roles: list[Role], parsed: dict, decimal: str):
    """``(scores, errors or None, {task: error column}, problems)`` of the score and error columns."""
    index = {n: j for j, n in enumerate(cells.names)}
    scores = [r for r in roles if r.role == "score"]
    problems = []
    values = np.full((len(cells.rows), len(scores)), np.nan)
    for t, role in enumerate(scores):
        j = index[role.name]
        if j not in parsed:  # a column of words that --tasks named
            k = next(k for k, c in enumerate(cells.columns[j]) if not _blank(c))
            message = (
                f"{cells.path}: {cells.record(k)}: score for {cells.rows[k]!r} on {role.name!r} is not a "
                f"number: {shown(cells.columns[j][k])} ({role.name!r} is a column of text)"
            )
            problems.append((k, j, message))
            continue
        values[:, t], problem = parsed[j]
        if problem is not None:
            problems.append((problem[0], j, problem[1]))
    errors, columns = None, {}
    position = {r.name: t for t, r in enumerate(scores)}
    for role in roles:
        if role.role != "stderr" or role.of not in position:
            continue
        j = index[role.name]
        found, problem = column_numbers(cells, j, decimal, what="standard error")
        if problem is not None:
            problems.append((problem[0], j, problem[1]))
        if errors is None:
            errors = np.full(values.shape, np.nan)
        errors[:, position[role.of]] = found
        columns[role.of] = role.label or role.name
    return values, errors, columns, problems


def _blank(cell: object) -> bool:
    return (
        cell is None
        or (isinstance(cell, float) and np.isnan(cell))
        or (isinstance(cell, str) and not cell.strip())
    )


def _placeholders(values: np.ndarray, tasks: list[str], pooled: bool = False) -> list[str]:
    """Read each score column's placeholders for "unknown" (``-1`` among values >= 0) as missing;
    ``pooled``: a long table's, judged over its one score column (MT-Bench's judgments: two models a
    question, a -1 where the judge's answer did not parse)."""
    found = []
    every = placeholders(values.ravel()).reshape(values.shape) if pooled else None
    for j, task in enumerate(tasks):
        mask = placeholders(values[:, j], task) if every is None else every[:, j]
        if mask.any():
            values[mask, j] = np.nan
            found.append(f"{task!r} ({int(mask.sum())})")
    more = " and more" if len(found) > 8 else ""
    note = "read -1 as unknown (the source's placeholder: every other score of the column is >= 0) in "
    return [f"{note}{', '.join(found[:8])}{more}"] if found else []


def _error_note(errors, tasks: list[str], columns: dict) -> list[str]:
    if not columns:
        return []
    parts = []
    for t, name in enumerate(tasks):
        if name in columns:
            empty = int(np.isnan(errors[:, t]).sum())
            gaps = f", {empty} of {errors.shape[0]} empty" if empty else ""
            parts.append(f"{columns[name]!r} of {name!r}{gaps}")
    return [f"standard errors, not rated (--bootstrap draws each score from them): {', '.join(parts)}"]


def _sign_notes(scores: list[Role], options) -> list[str]:
    """The notes on scores negated by the options or the source (the vocabulary's are ``decide``'s)."""
    notes = []
    for why, said in (("option", options.flag("lower_better")), ("declared", "declared by the source")):
        names = [r.name for r in scores if r.higher is False and r.why == why]
        if names:
            notes.append(f"lower is better on {', '.join(map(repr, names))}: rated negated ({said})")
    return notes
