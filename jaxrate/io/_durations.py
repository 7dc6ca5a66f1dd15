"""Cells that are durations with their unit: ``58.76us``, ``1.51ms``, ``4.57s``, ``294.00ns``; and rates
with theirs: ``31.5 GB/s``, ``120 tok/s``.

Benchmark harnesses (rebar, criterion, hyperfine exports) write each time in the unit that suits it,
so one column mixes nanoseconds and seconds. A column whose every cell carries a time unit is read
in seconds (said, with one cell shown), and is a time: lower is better unless the source says
otherwise. A column mixing such cells with plain numbers is not converted (its unit is unknown).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from jaxrate.io._text import is_missing_marker, parse_number

__all__ = ["durations", "duration_note", "rates", "rate_note"]

_UNIT_SECONDS = {
    "ns": 1e-9,
    "us": 1e-6,
    "\u00b5s": 1e-6,  # µs (micro sign)
    "\u03bcs": 1e-6,  # μs (Greek mu)
    "ms": 1e-3,
    "s": 1.0,
    "sec": 1.0,
    "secs": 1.0,
    "min": 60.0,
    "mins": 60.0,
    "h": 3600.0,
}
_DURATION = re.compile(
    r"^\s*([-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?)\s*(ns|us|\u00b5s|\u03bcs|ms|secs?|s|mins?|h)\s*$"
)


def _ends(column: Sequence[object]) -> str:
    """The last character of the column's first written cell: where every cell carries a unit, that one
    does (a turned table's 5,000 columns are each looked at once)."""
    for cell in column:
        if isinstance(cell, str) and not is_missing_marker(cell):
            return cell.rstrip()[-1:]
        if not isinstance(cell, str) and cell is not None and cell == cell:
            return ""
    return ""


def durations(column: Sequence[object]) -> list[float] | None:
    """The column in seconds where every cell that is not missing is a duration with its unit (at
    least one); ``None`` otherwise (plain numbers, words, or a mix)."""
    if _ends(column) not in ("s", "n", "h"):
        return None  # most columns: no cell ends as a unit does
    out: list[float] = []
    seen = False
    for cell in column:
        if cell is None or (isinstance(cell, float) and cell != cell):
            out.append(float("nan"))
            continue
        if not isinstance(cell, str):
            return None
        if is_missing_marker(cell):
            out.append(float("nan"))
            continue
        found = _DURATION.match(cell)
        if found is None:
            return None
        out.append(parse_number(found.group(1), ".") * _UNIT_SECONDS[found.group(2)])
        seen = True
    return out if seen else None


def duration_note(names: Sequence[str], example: str, seconds: float) -> str:
    """The note that columns of durations were read in seconds."""
    shown = ", ".join(repr(str(n)) for n in names[:4]) + (
        f" and {len(names) - 4} more" if len(names) > 4 else ""
    )
    return (
        f"read the durations of {shown} in seconds, whatever unit each cell is written in "
        f"({example.strip()!r} "
        f"is {seconds:g} s): times, lower is better unless said otherwise"
    )


_RATE = re.compile(
    r"^\s*([-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?)\s*"
    r"((?:[kmgt]i?)?b/s|ops/s|op/s|req/s|tok/s|tokens/s|it/s|fps|qps)\s*$",
    re.I,
)
_BYTES = {
    "": 1.0,
    "k": 1e3,
    "m": 1e6,
    "g": 1e9,
    "t": 1e12,
    "ki": 2.0**10,
    "mi": 2.0**20,
    "gi": 2.0**30,
    "ti": 2.0**40,
}


def rates(column: Sequence[object]) -> tuple[list[float], str] | None:
    """The column's numbers and their unit where every cell that is not missing is a rate with its unit
    (xxHash's ``31.5 GB/s``): byte rates in the first cell's unit, any other unit the same in every cell;
    ``None`` otherwise."""
    if _ends(column) not in ("s", "S"):
        return None
    out: list[float] = []
    unit = None
    for cell in column:
        if cell is None or (isinstance(cell, float) and cell != cell) or is_missing_marker(str(cell)):
            out.append(float("nan"))
            continue
        found = _RATE.match(cell) if isinstance(cell, str) else None
        if found is None:
            return None
        number, written = parse_number(found.group(1), "."), found.group(2)
        unit = unit or written
        if written.lower() == unit.lower():
            out.append(number)
        elif written.lower().endswith("b/s") and unit.lower().endswith("b/s"):
            out.append(number * _BYTES[written.lower()[:-3]] / _BYTES[unit.lower()[:-3]])
        else:
            return None
    return (out, unit) if unit else None


def rate_note(names: Sequence[str], example: str, unit: str) -> str:
    """The note that columns of rates were read as their numbers."""
    shown = ", ".join(repr(str(n)) for n in names[:4])
    shown += f" and {len(names) - 4} more" if len(names) > 4 else ""
    said = f"read the rates of {shown} as their numbers in {unit} ({example.strip()!r})"
    return f"{said}: rates, higher is better unless said otherwise"
