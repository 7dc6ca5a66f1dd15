"""Reading score tables from files."""

from __future__ import annotations

import csv
import os

import numpy as np

__all__ = ["read_score_csv"]


def read_score_csv(
    path: str | os.PathLike, *, allow_missing: bool = False
) -> tuple[np.ndarray, tuple[str, ...], tuple[str, ...]]:
    """Read a wide score table: header row of task names, then one row per agent.

    The first column holds the agent names. Every other cell must be a number
    (or empty, read as NaN, with ``allow_missing``).

    Returns:
      ``(scores [agents, tasks], agents, tasks)``.

    Raises:
      ValueError: naming the file, line and column of the first problem (empty
        file, ragged row, missing or non-numeric cell, duplicate names).
    """
    path = os.fspath(path)
    delimiter = "\t" if path.endswith((".tsv", ".tab")) else ","
    try:
        with open(path, newline="", encoding="utf-8-sig") as f:
            rows = [row for row in csv.reader(f, delimiter=delimiter)]
    except FileNotFoundError:
        raise ValueError(f"{path}: no such file") from None
    except UnicodeDecodeError:
        raise ValueError(f"{path}: not a UTF-8 text table") from None
    rows = [row for row in rows if any(cell.strip() for cell in row)]
    if not rows:
        raise ValueError(f"{path}: the file is empty")
    header = [cell.strip() for cell in rows[0]]
    tasks = header[1:]
    if not tasks:
        raise ValueError(f"{path}: the header has no task columns (expected: name,task1,task2,...)")
    if len(rows) < 2:
        raise ValueError(f"{path}: no agent rows under the header")
    _check_unique(path, "task", tasks)
    agents = []
    table = np.empty((len(rows) - 1, len(tasks)))
    for i, row in enumerate(rows[1:]):
        line = i + 2
        if len(row) != len(header):
            raise ValueError(f"{path}: line {line} has {len(row)} fields but the header has {len(header)}")
        agents.append(row[0].strip())
        for j, cell in enumerate(row[1:]):
            text = cell.strip()
            if text == "" and allow_missing:
                table[i, j] = np.nan
                continue
            if text == "":
                raise ValueError(f"{path}: line {line}: missing score for {agents[-1]!r} on {tasks[j]!r}")
            try:
                value = float(text)
            except ValueError:
                raise ValueError(
                    f"{path}: line {line}: score for {agents[-1]!r} on {tasks[j]!r} is not a number: {text!r}"
                ) from None
            if not np.isfinite(value):
                raise ValueError(
                    f"{path}: line {line}: score for {agents[-1]!r} on {tasks[j]!r} is not finite: {text!r}"
                )
            table[i, j] = value
    _check_unique(path, "agent", agents)
    return table, tuple(agents), tuple(tasks)


def _check_unique(path: str, kind: str, names: list[str]) -> None:
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        if name == "":
            raise ValueError(f"{path}: {kind} {i + 1} has an empty name")
        if name in seen:
            raise ValueError(f"{path}: duplicate {kind} name {name!r}")
        seen[name] = i
