"""Nested JSON (or YAML) tables: objects inside records, flattened to columns named ``outer/inner``.

Two shapes are read; which columns are tasks is left to the roles (:mod:`jaxrate.io._roles`):

* **records** holding objects beside plain fields, keyed by name (``{model: {field: value, group:
  {task: score}}}``) or listed (``[{model: NAME, group: {task: score}}, ...]``): one row per record,
  its nested objects' fields as columns ``group/task`` (at any depth: ``a/b/c``);
* **pure nesting**, every value at one depth of three or more (``{pair: {dataset: {model: score}}}``):
  every level but the last joined into one key (``pair/dataset``), then read as two-level JSON is
  (:data:`jaxrate.io._tables.UNSURE_JSON`: the names say which keys are the models, or ``--models``).

A list of plain values becomes one cell of text (``"en, de"``); a list of objects is left as it is,
and refused where it lands in a column.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["SEP", "flatten", "is_nested", "nested_frame", "refuse_mixed"]

SEP = "/"  # between an object's name and its fields' in a column's name


def is_nested(data: Any) -> bool:
    """Whether ``data`` is records (a mapping or a list of them) of which one holds an object."""
    if isinstance(data, dict) and data and all(isinstance(v, dict) for v in data.values()):
        return any(isinstance(x, dict) for v in data.values() for x in v.values())
    if isinstance(data, list) and data and all(isinstance(r, dict) for r in data):
        return any(isinstance(x, dict) for r in data for x in r.values())
    return False


def flatten(record: dict, prefix: str = "") -> dict:
    """One record's fields, those of its objects named ``outer/inner``.

    >>> flatten({"model": "m", "pass@1": {"humaneval": 75.6, "mbpp": None}, "tags": ["a", "b"]})
    {'model': 'm', 'pass@1/humaneval': 75.6, 'pass@1/mbpp': None, 'tags': 'a, b'}
    """
    out: dict = {}
    for key, value in record.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(flatten(value, name + SEP))
        elif isinstance(value, list) and not any(isinstance(v, (dict, list)) for v in value):
            out[name] = ", ".join(str(v) for v in value)
        else:
            out[name] = value
    return out


def _depths(value: Any, depth: int = 0) -> set[int]:
    """The depths at which ``value``'s plain values (not objects) sit."""
    if isinstance(value, dict) and value:
        return set().union(*(_depths(v, depth + 1) for v in value.values()))
    return {depth}


def _joined(data: dict, levels: int) -> dict:
    """``{a: {b: {c: v}}}`` with its first ``levels`` levels joined: ``{"a/b": {c: v}}``."""
    if levels == 1:
        return {str(k): v for k, v in data.items()}
    out = {}
    for key, inner in data.items():
        out.update({f"{key}{SEP}{k}": v for k, v in _joined(inner, levels - 1).items()})
    return out


def nested_frame(path: str, data: Any, pd, _json_frame):
    """``data`` (:func:`is_nested`) as a DataFrame, its first column the records' names (``_json_frame``:
    how the flat JSON is read, :func:`jaxrate.io._tables._json_frame`); ``frame.attrs["notes"]`` says how
    it was flattened."""

    depths = _depths(data) if isinstance(data, dict) else set()
    if len(depths) == 1 and min(depths) >= 3:  # {a: {b: {c: score}}}: one level of names, the rest joined
        levels = min(depths) - 1
        joined = _joined(data, levels)
        frame = _json_frame(path, pd, joined)
        shown = next(iter(joined))
        frame.attrs["notes"] = [
            f"joined the first {levels} levels of keys of the nested objects into one name ({shown!r})"
        ]
        return frame
    records = list(data.values()) if isinstance(data, dict) else list(data)
    if isinstance(data, dict):
        rows = [{"": str(key), **flatten(record)} for key, record in data.items()]
    else:
        rows = [flatten(record) for record in records]
    frame = pd.DataFrame.from_records(rows)
    groups = list(dict.fromkeys(str(k) for r in records for k, v in r.items() if isinstance(v, dict)))
    frame.attrs["notes"] = [f"read nested objects' fields as columns named outer/inner: {_shown(groups)}"]
    frame.attrs["groups"] = groups
    return frame


def _shown(groups: list[str]) -> str:
    return ", ".join(repr(g + SEP + "*") for g in groups[:4]) + (" ..." if len(groups) > 4 else "")


def refuse_mixed(path: str, frame, options) -> None:
    """A ``ValueError`` when flattened records hold numbers both in nested objects and beside them (which
    are the tasks?: ``{model: {score: 7.9, total: 1022, by_task: {coding: 6.1, ...}}}``) and neither
    ``--tasks`` nor ``--exclude`` says."""
    import fnmatch

    groups = frame.attrs.get("groups") or []
    if not groups or options.tasks is not None:
        return
    inside = tuple(g + SEP for g in groups)
    left = lambda c: any(fnmatch.fnmatchcase(c, p) for p in options.exclude or ())  # noqa: E731
    plain = [str(c) for c in frame.columns[1:] if not str(c).startswith(inside) and _numbers(frame[c])]
    plain = [c for c in plain if not left(c)]
    nested = [str(c) for c in frame.columns[1:] if str(c).startswith(inside) and not left(str(c))]
    if plain and nested:
        shown = ", ".join(map(repr, plain[:4])) + (" ..." if len(plain) > 4 else "")
        if all(_SETTINGS.fullmatch(g.strip().lower()) for g in groups):
            # The nested objects are the run's settings (temperature, top_p), not scores: the tasks are
            # more likely the numbers beside them, so the example leaves the settings out.
            left_out = " ".join(f"{options.flag('exclude')} {g + SEP + '*'!r}" for g in groups[:2])
            raise ValueError(
                f"{path}: its records hold numbers in nested objects ({_shown(groups)}), which look like "
                f"settings, and beside them ({shown}): say which are the tasks, e.g. {left_out} (or name "
                f"them with {options.flag('tasks')})"
            )
        picks = " or ".join(repr(p) for p in frame.attrs.get("picks") or [g + SEP + "*" for g in groups[:2]])
        raise ValueError(
            f"{path}: its records hold numbers in nested objects ({_shown(groups)}) and beside them "
            f"({shown}): say which are the tasks, e.g. {options.flag('tasks')} {picks} (or leave the others "
            f"out with {options.flag('exclude')})"
        )


_SETTINGS = re.compile(
    r"(gen(eration)?_?)?(params|parameters|config|configuration|settings|args|arguments|options|"
    r"hyper_?param(eter)?s|sampling|sampler|meta|metadata|generation|kwargs)"
)


def _numbers(column) -> bool:
    """Whether a column holds a number (a bool, an int, a float; not text) in some row."""
    return any(isinstance(v, (int, float)) and not isinstance(v, bool) and v == v for v in column)
