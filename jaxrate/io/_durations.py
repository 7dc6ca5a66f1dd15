"""Cells that are durations with their unit: ``58.76us``, ``1.51ms``, ``4.57s``, ``294.00ns``.

Benchmark harnesses (rebar, criterion, hyperfine exports) write each time in the unit that suits it,
so one column mixes nanoseconds and seconds. A column whose every cell carries a time unit is read
in seconds (said, with one cell shown), and is a time: lower is better unless the source says
otherwise. A column mixing such cells with plain numbers is not converted (its unit is unknown).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from jaxrate.io._text import is_missing_marker, parse_number

__all__ = ["durations", "duration_note"]

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


def durations(column: Sequence[object]) -> list[float] | None:
    """The column in seconds where every cell that is not missing is a duration with its unit (at
    least one); ``None`` otherwise (plain numbers, words, or a mix)."""
    if not any(isinstance(c, str) and c[-1:] in ("s", "n", "h") for c in column[:50]):
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
