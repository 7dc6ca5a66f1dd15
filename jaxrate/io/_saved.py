"""A reading saved, and taken back: ``jaxrate read INPUT --save reading.json``, ``rate --reading``.

A board published every week should be read the same way every week. The saved reading holds the
options it was read with, every column's role and direction, and every decision it assumed
(:class:`jaxrate.io._assumed.Assumed`); taken back, the input is read with those options and must
give the same columns, roles, directions and decisions: a new column, a direction that would now be
decided otherwise, or a decision the saved reading did not make is refused, naming it. What the
saved reading pins is then said as such, no longer as assumed.
"""

from __future__ import annotations

import dataclasses
import os
from typing import Any

from jaxrate.io._assumed import Assumed, assumed_in
from jaxrate.io._options import ReadOptions

__all__ = ["READING_FORMAT", "apply_saved", "reading_document", "saved_options"]

READING_FORMAT = "jaxrate-reading"
_KEPT = tuple(f.name for f in dataclasses.fields(ReadOptions) if f.name not in ("cli", "workers", "strict"))


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def reading_document(reading: Any, options: ReadOptions, paths: list[str]) -> dict:
    """The saved reading of ``reading`` (read from ``paths`` with ``options``), as JSON."""
    from jaxrate._version import __version__

    defaults = ReadOptions()
    given = {k: _plain(getattr(options, k)) for k in _KEPT if getattr(options, k) != getattr(defaults, k)}
    return {
        "format": READING_FORMAT,
        "version": 1,
        "jaxrate_version": __version__,
        "input": [os.fspath(p) for p in paths],
        "kind": reading.kind,
        "options": given,
        "models": len(reading.models),
        "columns": [_column(r) for r in reading.columns],
        "assumed": [a.as_dict() for a in reading.assumed],
    }


def _column(role: Any) -> dict:
    return {"name": str(role.name), "role": role.role, "higher": role.higher}


def saved_options(path: str, cli: bool = True) -> tuple[ReadOptions, dict]:
    """``(options, document)`` of a saved reading.

    Raises:
      ValueError: naming the file when it is not a saved reading, or its options are not ones this
        jaxrate knows.
    """
    from jaxrate.results._files import load_json

    document = load_json(path)
    if not isinstance(document, dict) or document.get("format") != READING_FORMAT:
        raise ValueError(
            f"--reading {path}: not a saved reading (write one with jaxrate read INPUT --save FILE)"
        )
    given = document.get("options") or {}
    unknown = sorted(set(given) - set(_KEPT))
    if unknown:
        raise ValueError(f"--reading {path}: options this jaxrate does not know: {', '.join(unknown)}")
    try:
        return ReadOptions(**given, cli=cli), document
    except (TypeError, ValueError) as err:
        raise ValueError(f"--reading {path}: {err}") from None


def apply_saved(reading: Any, document: dict, path: str) -> Any:
    """``reading`` checked against the saved one: the same columns, roles and directions, no decision the
    saved reading did not make; its assumptions then said as pinned by ``path``.

    Raises:
      ValueError: naming the first difference and what to do about it.
    """
    again = f"read it again (jaxrate read INPUT --save {path}) if the input changed on purpose"
    saved = {c["name"]: c for c in document.get("columns") or []}
    now = {str(r.name): _column(r) for r in reading.columns}
    for name in now:
        if name not in saved:
            raise ValueError(
                f"--reading {path}: the input has a column the saved reading does not: {name!r}; {again}"
            )
    for name, column in saved.items():
        if name not in now:
            raise ValueError(
                f"--reading {path}: the input lacks {name!r}, which the saved reading rates; {again}"
            )
        if now[name] != column:
            was, is_ = _said(column), _said(now[name])
            raise ValueError(f"--reading {path}: {name!r} was read as {was}, now as {is_}; {again}")
    made = {(a["topic"], a["decision"]) for a in document.get("assumed") or []}
    for found in assumed_in(reading.notes):
        if (found.topic, found.decision) not in made:
            raise ValueError(
                f"--reading {path}: reading it now assumes {found.decision} ({found.evidence}), which the "
                "saved "
                f"reading did not; {again}"
            )
    pinned = [
        f"as {os.path.basename(path)} pins it: {n.decision}" if isinstance(n, Assumed) else n
        for n in reading.notes
    ]
    return dataclasses.replace(reading, notes=pinned)


def _said(column: dict) -> str:
    way = {True: ", higher is better", False: ", lower is better", None: ""}[column.get("higher")]
    return f"{column.get('role')}{way}"
