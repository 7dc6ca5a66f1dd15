"""Nested JSON (or YAML) tables: objects inside records, flattened to columns named ``outer/inner``.

Two shapes are read; which columns are tasks is left to the roles (:mod:`jaxrate.io._roles`):

* **records** holding objects beside plain fields, keyed by name (``{model: {field: value, group:
  {task: score}}}``) or listed (``[{model: NAME, group: {task: score}}, ...]``): one row per record,
  its nested objects' fields as columns ``group/task`` (at any depth: ``a/b/c``);
* **pure nesting**, every value at one depth of three or more (``{pair: {dataset: {model: score}}}``):
  every level but the last joined into one key (``pair/dataset``), then read as two-level JSON is
  (:data:`jaxrate.io._tables.UNSURE_JSON`: the names say which keys are the models, or ``--models``).

* **trees of records**: records holding lists of records (``Models: [{Name, Results: [{Dataset,
  Metrics: {Top 1: 82.1}}]}]``, ``conditions: [{name, datasets: [{dataset, scores: [{nDCG@10: ...}]}]}]``):
  one row per innermost record, its ancestors' fields repeated beside its own, each column named by
  its last key where that is unique (``Dataset``, ``Top 1``), else by as many keys as tell it apart. A
  mapping holding such a list beside other things (a YAML file's ``Collections:`` and ``Models:``)
  is read by the one list whose records hold numbers, said in a note.

A list of plain values becomes one cell of text (``"en, de"``); a list of objects holding no numbers
becomes the text of its number of entries.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["SEP", "flatten", "is_nested", "is_tree", "nested_frame", "refuse_mixed", "tree_frame"]

SEP = "/"  # between an object's name and its fields' in a column's name
MAX_ROWS = 2_000_000  # rows a tree of records may unfold into
_KEYS = "\x1f"  # between the keys of an unfolded record's column (into an object), until it is named
_LIST = "\x1e"  # the same, down into a list of records


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


def _records(value: Any) -> bool:
    """Whether ``value`` is a non-empty list of records (objects)."""
    return isinstance(value, list) and bool(value) and all(isinstance(x, dict) for x in value)


def _numbers_in(value: Any) -> bool:
    """Whether a number (not a bool) sits anywhere in ``value``."""
    if isinstance(value, dict):
        return any(_numbers_in(v) for v in value.values())
    if isinstance(value, list):
        return any(_numbers_in(v) for v in value)
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _lists_inside(record: dict) -> bool:
    """Whether a list of records holding numbers sits in ``record`` (or in its objects), and no number
    beside it: a record with numbers of its own (``passed: 4`` beside its ``checks: [...]``) is a row
    whose list is its detail."""
    if any(_number(v) for v in record.values()):
        return False
    return any(
        (_records(v) and _numbers_in(v)) or (isinstance(v, dict) and _lists_inside(v))
        for v in record.values()
    )


def _listed(data: Any) -> list[str]:
    """The keys of a mapping whose values are lists of records holding numbers, where its other values
    are not all objects (a mapping of records is read by :func:`is_nested`)."""
    if not isinstance(data, dict) or not data or all(isinstance(v, dict) for v in data.values()):
        return []
    return [str(k) for k, v in data.items() if _records(v) and _numbers_in(v)]


def _wrapper(data: Any) -> tuple[str, list] | None:
    """A report that wraps its one tree of records in objects of other kinds (temporalcv's
    ``{metadata: {...}, report: {results: [{dataset_name, models: [{model_name, metrics}]}], summary}}``):
    the path to that list and the list, where exactly one list of records, reached through objects
    only, has most of its records hold a list of records with numbers. Not a mapping of like records
    (the same keys in each: a keyed table, :func:`is_nested`)."""
    if not isinstance(data, dict) or len(data) < 2 or not all(isinstance(v, dict) for v in data.values()):
        return None
    if len({frozenset(v) for v in data.values()}) == 1:
        return None
    found: list[tuple[str, list]] = []

    def walk(value: dict, prefix: str) -> None:
        for key, inner in value.items():
            if isinstance(inner, dict):
                walk(inner, f"{prefix}{key}{SEP}")
            elif _records(inner) and 2 * sum(_lists_inside(r) for r in inner) > len(inner):
                found.append((f"{prefix}{key}", inner))

    walk(data, "")
    return found[0] if len(found) == 1 else None


def is_tree(data: Any) -> bool:
    """Whether ``data`` is a tree of records: records (listed, keyed, or a list under one key of a
    mapping, or the one such list a report wraps: :func:`_wrapper`) of which most hold a list of
    records with numbers in it."""
    if _listed(data) or _wrapper(data) is not None:
        return True
    if isinstance(data, dict) and data and all(isinstance(v, dict) for v in data.values()):
        records = list(data.values())
    elif _records(data):
        records = data
    else:
        return False
    return 2 * sum(_lists_inside(r) for r in records) > len(records)  # most records hold their results there


def _lists_with_numbers(record: dict, prefix: str = "") -> list[str]:
    """The lists of records holding numbers in ``record`` and its objects (not inside those lists)."""
    found = []
    for key, value in record.items():
        if isinstance(value, dict):
            found += _lists_with_numbers(value, f"{prefix}{key}{SEP}")
        elif _records(value) and _numbers_in(value):
            found.append(f"{prefix}{key}")
    return found


def _unfolded(path: str, record: dict, prefix: str = "", top: bool = True) -> list[dict]:
    """One row per innermost record of ``record``, its fields (``outer/inner``) beside its ancestors'."""
    rows: list[dict] = [{}]
    lists = _lists_with_numbers(record) if top else []
    if len(lists) > 1:
        raise ValueError(
            f"{path}: a record holds numbers in {len(lists)} lists of records "
            f"({', '.join(map(repr, lists[:4]))}), which are not one table; rate a file holding one of them"
        )
    for key, value in record.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            part = _unfolded(path, value, name + _KEYS, top=False)
        elif _records(value) and _numbers_in(value):
            part = [row for x in value for row in _unfolded(path, x, name + _LIST)]
        elif _records(value):
            part = [{name: f"{len(value)} records"}]
        elif isinstance(value, list):
            part = [{name: ", ".join(str(v) for v in value)}]
        else:
            part = [{name: value}]
        rows = [{**a, **b} for a in rows for b in part]
        if len(rows) > MAX_ROWS:
            raise ValueError(f"{path}: its records unfold into more than {MAX_ROWS:,} rows")
    return rows


_ROLE_WORDS = frozenset(("model", "agent", "system", "method"))  # words that name the rows' models


def _short(columns: list[str]) -> dict[str, str]:
    """Each column's shortest ending of keys that no other column shares (``a/b/Top 1`` -> ``Top 1``)."""
    parts = {c: re.split(f"[{_KEYS}{_LIST}]", c) for c in columns}
    out = {}
    for column, keys in parts.items():
        # a model's word inside a record's object (temporalcv's 'model_params/model') keeps its object's
        # name: alone, it would read as the rows' model column ('Results/Task' of a metafile stays 'Task')
        first = 2 if len(keys) > 1 and keys[-1].strip().lower() in _ROLE_WORDS and _KEYS in column else 1
        for n in range(first, len(keys) + 1):
            tail = SEP.join(keys[-n:])
            if sum(SEP.join(k[-n:]) == tail for k in parts.values()) == 1 and tail not in out.values():
                out[column] = tail
                break
        else:
            out[column] = SEP.join(keys)
    return out


def _number(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _inner_only(rows: list[dict], columns: list[str], notes: list) -> tuple[list[dict], list[str]]:
    """The rows that reach the innermost list (records without entries there are named and left out),
    and the columns without the numbers of the records above it (sizes, counts: they describe the
    record, and are the same on each of its rows)."""
    # the innermost list's records: every column under as many lists as the deepest number is
    inner = max((c.count(_LIST) for c in columns if any(_number(r.get(c)) for r in rows)), default=0)
    deep = [c for c in columns if c.count(_LIST) >= inner and any(_number(r.get(c)) for r in rows)]
    kept = [r for r in rows if any(_number(r.get(c)) for c in deep)]
    if len(kept) < len(rows):
        name = columns[0]
        shown = [str(r.get(name)) for r in rows if r not in kept]
        notes.append(
            f"left out {len(rows) - len(kept)} records with no entry holding numbers at the innermost level "
            f"({', '.join(map(repr, shown[:4]))}{' ...' if len(shown) > 4 else ''})"
        )
    outer = [c for c in columns if c not in deep and any(_number(r.get(c)) for r in kept)]
    if outer and deep:
        shown = [re.sub(f"[{_KEYS}{_LIST}]", SEP, c) for c in outer[:4]]
        notes.append(
            f"left out {', '.join(map(repr, shown))}{' ...' if len(outer) > 4 else ''}: numbers of the "
            "records above the innermost entries (they describe a record, not one of its results)"
        )
    keep = [c for c in columns if c not in outer and any(r.get(c) is not None for r in kept)]
    return [{c: r.get(c) for c in keep} for r in kept], keep


def tree_frame(path: str, data: Any, pd):
    """A tree of records (:func:`is_tree`) as a DataFrame, one row per innermost record; its notes
    say which list was read and how."""
    notes = []
    listed = _listed(data)
    wrapped = None if listed else _wrapper(data)
    if wrapped is not None:
        others = [str(k) for k in data]
        notes.append(
            f"read the records listed under {wrapped[0]!r}, the file's one list of results (the rest of "
            f"{', '.join(map(repr, others[:4]))} left out: what the report says of them, not one of them)"
        )
        data = wrapped[1]
    if listed:
        described = [k for k in listed if str(k).lower() in ("collections", "collection")]
        if described and len(listed) - len(described) == 1:  # OpenMMLab's model-index: Collections, Models
            notes.append(f"left out {described[0]!r}: it describes families of the models listed beside it")
            listed = [k for k in listed if k not in described]
        if len(listed) > 1:
            raise ValueError(
                f"{path}: holds lists of records with numbers under {len(listed)} keys "
                f"({', '.join(map(repr, listed[:4]))}), which are not one table; rate a file holding one"
            )
        others = [str(k) for k in data if str(k) != listed[0] and k not in described]
        left = (
            f" (beside {', '.join(map(repr, others[:4]))}, which hold no records with numbers)"
            if others
            else ""
        )
        notes.append(f"read the records listed under {listed[0]!r}{left}")
        data = next(v for k, v in data.items() if str(k) == listed[0])
    if isinstance(data, dict):
        rows = [row for key, r in data.items() for row in _unfolded(path, {"key": str(key), **r})]
    else:
        rows = [row for r in data for row in _unfolded(path, r)]
        if len(rows) > MAX_ROWS:
            raise ValueError(f"{path}: its records unfold into more than {MAX_ROWS:,} rows")
    columns = list(dict.fromkeys(c for row in rows for c in row))
    rows, columns = _inner_only(rows, columns, notes)
    short = _short(columns)
    frame = pd.DataFrame.from_records(rows, columns=columns).rename(columns=short)
    unfolded = [c for c in columns if _KEYS in c or _LIST in c]
    lists = sorted(
        {re.sub(f"[{_KEYS}{_LIST}]", SEP, c.rsplit(_LIST, 1)[0]) for c in columns if _LIST in c}, key=len
    )
    notes.append(
        f"read one row per innermost record ({len(rows)} rows), its fields beside its ancestors' "
        f"(by their last keys: {', '.join(repr(short[c]) for c in unfolded[:4])}"
        f"{' ...' if len(unfolded) > 4 else ''}"
        f"{'' if not lists else ' from ' + repr(lists[-1])})"
    )
    frame.attrs["notes"] = notes
    return frame


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
        found = frame.attrs.get("picks") or [g + SEP + "*" for g in groups[:2]]
        settings = lambda p: _SETTINGS.fullmatch(p.split(SEP)[0].strip().lower()) is not None  # noqa: E731
        found = sorted(found, key=settings)  # the run's settings (config/*) last: they are rarely the scores
        picks = " or ".join(repr(p) for p in found)
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
