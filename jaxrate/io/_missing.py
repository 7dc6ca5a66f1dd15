"""Missing scores: one rule for every input (``missing=`` / ``--missing``), applied once.

``error`` names the first; ``drop-models``, ``drop-tasks`` and ``block`` (greedy) drop; ``fill:VALUE``
fills in the source's units; ``pairwise`` rates models against models on the tasks each pair shares.
"""

from __future__ import annotations

import dataclasses
import re

import numpy as np

from jaxrate.io._board import Board
from jaxrate.io._options import check_missing
from jaxrate.io._roles import few

__all__ = ["CHOOSE", "HEAVY_FILL", "complete", "largest_block", "pairwise_battles"]

CHOOSE = (
    "choose --missing drop-models, drop-tasks, block (the largest complete block), pairwise (win rates "
    "over the tasks each pair shares) or fill:VALUE"
)
HEAVY_FILL = 0.2  # a fill of more than this fraction of the table, or of half a model's row, is warned


def complete(board: Board, options) -> Board:
    """The board with its missing scores handled as ``options.missing`` says."""
    value = check_missing(options.missing)
    holes = np.isnan(board.values)
    rule = options.missing
    versions = _versions(board, holes) if board.kind == "scores" and holes.any() else ""
    if versions:  # said whatever the rule: what looks like holes may be one task under several names
        board = dataclasses.replace(board, notes=[*board.notes, versions])
    if board.kind == "scores" and holes.any():
        board, holes = _unpicked(board, holes, options)
    if board.kind == "scores" and rule == "pairwise":  # asked for: the pairwise game, complete or not
        return pairwise_battles(board)
    if board.kind != "scores" or not holes.any():
        return _left(board, options)
    if rule == "error":
        apart = _apart(board, holes, options)
        raise ValueError(
            (apart or _first_hole(board, holes, options)) + (f"; {versions}" if versions else "")
        )
    if value is not None:
        return _fill(board, holes, value)
    rows, cols = ~holes.any(axis=1), ~holes.any(axis=0)
    if rule == "drop-models":
        cols = np.ones_like(cols)
    elif rule == "drop-tasks":
        rows = np.ones_like(rows)
    else:
        rows, cols = largest_block(holes)
    kept = board.keep(rows, cols)
    notes = []
    for mask, names, what in ((rows, board.models, "model"), (cols, board.tasks, "task")):
        gone = [str(n) for n, k in zip(names, mask) if not k]
        if gone:
            notes.append(f"dropped {len(gone)} {what}(s) with missing scores: {few(gone, 10, str)}")
    if rule == "block":
        size = f"{rows.sum()} of {len(rows)} models x {cols.sum()} of {len(cols)} tasks"
        notes.insert(0, f"--missing block: kept {size}, a complete block (found greedily)")
    kept.notes = board.notes + notes
    return _left(kept, options)


def _unpicked(board: Board, holes: np.ndarray, options) -> tuple[Board, np.ndarray]:
    """Where the tasks were picked (``--tasks``: one group of a board of groups that share no task, as
    the groups' refusal advises) and no rule for missing scores was chosen, the models with no score on
    any task picked are left out, said. Otherwise such a model is a hole like any other."""
    empty = holes.all(axis=1)
    if options.tasks is None or options.missing != "error" or not empty.any() or empty.all():
        return board, holes
    gone = [str(m) for m, e in zip(board.models, empty) if e]
    kept = board.keep(~empty, np.ones(holes.shape[1], bool))
    flag = options.flag("tasks")
    kept.notes = board.notes + [
        f"left out {len(gone)} model(s) with no score on the tasks picked ({flag}): {few(gone, 10, str)}"
    ]
    return kept, holes[~empty]


def _groups(holes: np.ndarray) -> list[tuple[list[int], list[int]]]:
    """The board's groups of models and tasks that share no score: ``[(models, tasks)]``, largest first."""
    m, t = holes.shape
    group = list(range(m + t))

    def root(k):
        while group[k] != k:
            group[k] = group[group[k]]
            k = group[k]
        return k

    for i, j in zip(*np.nonzero(~holes)):
        group[root(int(i))] = root(m + int(j))
    found: dict[int, tuple[list, list]] = {}
    for k in range(m + t):
        models, tasks = found.setdefault(root(k), ([], []))
        (models if k < m else tasks).append(k if k < m else k - m)
    out = [g for g in found.values() if g[0] and g[1]]
    return sorted(out, key=lambda g: -len(g[0]) * len(g[1]))


def _apart(board: Board, holes: np.ndarray, options) -> str | None:
    """Where the missing scores split the board into groups that share no task (templates run on
    different models, one task per model): said as that, with the option that rates one group."""
    if board.kind != "scores":
        return None
    groups = _groups(holes)
    if len(groups) < 2:
        return None
    shown = []
    for models, tasks in groups[:3]:
        names = [str(board.tasks[j]) for j in tasks]
        shown.append(f"{few([str(board.models[i]) for i in models], 3, repr)} on {few(names, 3, repr)}")
    models, tasks = groups[0]
    pick = _pattern([str(board.tasks[j]) for j in tasks], [str(t) for t in board.tasks])
    if all(len(m) == 1 for m, _ in groups):
        advice = "there is nothing to compare: each model was run on tasks no other model was"
    else:
        advice = f"rate one group: {options.flag('tasks', pick)}"
    return (
        f"{board.name}: no score is missing at random here: the board is {len(groups)} groups of models that "
        f"share no task ({'; '.join(shown)}); {advice}{_joined_apart(board, groups, options)}"
    )


def _joined_apart(board: Board, groups: list, options) -> str:
    """Where a long table's tasks are named by two columns together and the groups share the first's
    values (ripgrep's ``benchmark`` and ``env``: the second describes some tools' runs), the option
    naming the tasks by the first alone."""
    from jaxrate.io._assumed import Assumed

    said = next(
        (
            n
            for n in board.notes
            if isinstance(n, Assumed) and n.decision.startswith("the tasks are named by ")
        ),
        None,
    )
    columns = re.findall(r"'([^']*)'", said.decision) if said is not None else []
    if len(columns) != 2:
        return ""
    first = [{str(board.tasks[j]).rsplit("/", 1)[0] for j in tasks} for _, tasks in groups]
    if not any(first[0] & other for other in first[1:]):
        return ""
    return (
        f"; or, if {columns[1]!r} describes the models' runs rather than the tasks (the groups share "
        f"{columns[0]!r}), {options.flag('task', columns[0])} names the tasks by {columns[0]!r} alone"
    )


def _pattern(names: list[str], every: list[str]) -> str:
    """A glob picking ``names`` and no other of ``every`` (their shared ending, or start), else the names."""
    import fnmatch
    import os
    import re

    for common in (os.path.commonprefix([n[::-1] for n in names])[::-1], os.path.commonprefix(names)):
        for cut in [m.start() for m in re.finditer(r"[-_./:]", common)] + [0]:
            ending = common[cut:] if common is not os.path.commonprefix(names) else common[: cut or None]
            glob = ("*" + ending) if common is not os.path.commonprefix(names) else (ending + "*")
            if len(ending) > 1 and [n for n in every if fnmatch.fnmatchcase(n, glob)] == names:
                return glob
    return ",".join(names)


def _left(board: Board, options) -> Board:
    if board.kind == "scores" and (not board.models or not board.tasks):
        raise ValueError(
            f"{board.name}: nothing left to rate after handling missing scores ({len(board.models)} x "
            f"{len(board.tasks)}); --missing block keeps the largest complete block"
        )
    return board


_VERSIONED = re.compile(r"^(.+?)-v?(\d+(?:\.\d+)*)(?:-v?(\d+(?:\.\d+)*))?$")


def _versions(board: Board, holes: np.ndarray) -> str:
    """A note where tasks differ only in a version suffix and no model has two of them
    (``jsquad-1.1-0.2``, ``jsquad-1.1-0.3``: prompt versions of one task, each model run on one), so
    that the holes they make are seen as what they may be; ``""`` otherwise."""
    groups: dict[str, list[int]] = {}
    for j, t in enumerate(board.tasks):
        found = _VERSIONED.match(str(t))
        if found:
            groups.setdefault(found.group(1), []).append(j)
    apart = [js for js in groups.values() if len(js) > 1 and (~holes[:, js]).sum(axis=1).max() <= 1]
    if not apart:
        return ""
    shown = ", ".join(repr(board.tasks[j]) for j in apart[0][:3])
    return (
        f"{len(apart)} task(s) are written under several versions that no model shares ({shown}): "
        "rated as different tasks, as the files name them; if they are one task, rename them to one name"
    )


def _first_hole(board: Board, holes: np.ndarray, options) -> str:
    i, j = (int(x) for x in np.argwhere(holes)[0])
    m, t = board.models[i], board.tasks[j]
    where = f"{board.records[i]}: " if board.records is not None else ""
    more = f" ({int(holes.sum())} missing in all)" if holes.sum() > 1 else ""
    runs = [r for (mm, _), r in (board.runs or {}).items() if mm == m]
    if runs and runs[0].harness != "table":
        files = sorted({r.source for r in runs})
        shown = few(files, 3, str)
        its = f"its run: {shown}" if len(files) == 1 else f"its {len(files)} runs: {shown}"
        return f"model {m!r} has no score on task {t!r} ({its}){more}; run it, or {CHOOSE}"
    name = runs[0].source if runs else board.name
    said = " (its -1 is the source's placeholder for unknown)" if (m, t) in board.unknown else ""
    return f"{name}: {where}no score for {m!r} on {t!r}{said}{more}; {CHOOSE}"


def _fill(board: Board, holes: np.ndarray, value: float) -> Board:
    """Missing scores filled with ``value`` in the source's units (negated where lower is better)."""
    signs = np.array([1.0 if h else -1.0 for h in (board.higher or [True] * len(board.tasks))])
    values = np.where(holes, signs[None, :] * value, board.values)
    heavy = _heavy(board.models, holes, value)
    notes = [f"filled {int(holes.sum())} missing score(s) with {value:g}"] + ([heavy] if heavy else [])
    filled = {(board.models[i], board.tasks[j]): value for i, j in np.argwhere(holes)}
    return dataclasses.replace(board, values=values, notes=board.notes + notes, filled=filled)


def _heavy(models: list, holes: np.ndarray, value: float) -> str | None:
    """A ``"warning: ..."`` note when filled cells could decide the ratings, else None."""
    share, per_model = holes.mean(), holes.mean(axis=1)
    worst = [i for i in np.argsort(-per_model, kind="stable")[:3].tolist() if per_model[i] >= 0.5]
    if share <= HEAVY_FILL and not worst:
        return None
    rows = ", ".join(f"{models[i]!r} {int(holes[i].sum())} of {holes.shape[1]}" for i in worst)
    return (
        f"warning: {share:.0%} of the scores ({int(holes.sum())} of {holes.size}) are the fill value "
        f"{value:g}, not data" + (f"; most filled: {rows}" if rows else "")
    )


def largest_block(holes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(rows kept, columns kept)``, boolean masks of a complete block of a table with missing cells
    ``holes``: the row or column most missing is dropped until none is (greedy: not always the largest).

    >>> rows, cols = largest_block(np.array([[0, 0, 1], [0, 0, 0], [1, 1, 1]], bool))
    >>> rows.tolist(), cols.tolist()
    ([True, True, False], [True, True, False])
    """
    rows, cols = np.ones(holes.shape[0], bool), np.ones(holes.shape[1], bool)
    while rows.any() and cols.any():
        h = holes[np.ix_(rows, cols)]
        if not h.any():
            break
        by_row, by_col = h.mean(axis=1), h.mean(axis=0)
        if by_row.max() >= by_col.max():
            rows[np.flatnonzero(rows)[int(np.argmax(by_row))]] = False
        else:
            cols[np.flatnonzero(cols)[int(np.argmax(by_col))]] = False
    return rows, cols


def pairwise_battles(board: Board) -> Board:
    """A sparse board as battles: each pair of models on each task both have, won by the higher."""
    import pandas as pd

    x, names = board.values, board.models
    have = ~np.isnan(x)
    empty = [m for m, row in zip(names, have) if not row.any()]
    if empty and len(empty) < len(names):  # a row of markers only ('??' everywhere): no result to compare
        keep = have.any(axis=1)
        x, names, have = x[keep], [m for m, k in zip(names, keep) if k], have[keep]
        said = f"left out {few(empty, 5)}: no score on any task (every cell missing), nothing to compare"
        board = dataclasses.replace(board, notes=board.notes + [said])
    a, b, win, task = [], [], [], []
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            for t in np.flatnonzero(have[i] & have[j]):
                a.append(names[i])
                b.append(names[j])
                win.append("model_a" if x[i, t] > x[j, t] else "model_b" if x[i, t] < x[j, t] else "tie")
                task.append(board.tasks[t])
    shared = (have.astype(np.int64) @ have.T.astype(np.int64)) > 0
    np.fill_diagonal(shared, False)
    alone = [k for k in range(len(names)) if not shared[k].any()]
    if alone:  # nothing to compare it on: a rating would be the fit's prior, not data
        said = ", ".join(
            f"{names[k]!r} ({'no score' if not have[k].any() else 'no task shared'})" for k in alone[:5]
        )
        raise ValueError(
            f"{board.name}: --missing pairwise: {len(alone)} model(s) share no task with any other, so "
            f"nothing compares them: {said}{' ...' if len(alone) > 5 else ''}; leave them out of the "
            "table, or choose another --missing rule"
        )
    pairs = len(names) * (len(names) - 1) // 2
    met = len(set(zip(a, b)))
    if not a:
        raise ValueError(f"{board.name}: --missing pairwise: no two models share a task")
    note = (
        f"--missing pairwise: rated as models against models: {len(a):,} comparisons on the tasks each pair "
        f"shares ({int(have.sum()):,} of {have.size:,} scores present); {pairs - met} of {pairs} pairs share "
        "no task and are filled as battles' unmet pairs are (pairwise: from the Bradley-Terry fit of the "
        "others; even: at 1/2)"
    )
    frame = pd.DataFrame({"model_a": a, "model_b": b, "winner": win, "task": task})
    return dataclasses.replace(board, kind="battles", data=frame, notes=board.notes + [note])
