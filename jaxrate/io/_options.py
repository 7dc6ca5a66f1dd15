"""How input is read: one record, :class:`ReadOptions`, built once and passed to every stage.

Built from the command line's flags (:meth:`ReadOptions.from_args`) or keyword arguments, and
checked when made, before any file is opened: a misspelt option is refused even where unused.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import numpy as np

from jaxrate.game._defaults import DEFAULTS

__all__ = [
    "CELLS",
    "MISSING",
    "MODELS",
    "NORMALISE",
    "PREFER",
    "ReadOptions",
    "check_cells",
    "check_missing",
    "split_names",
]

#: The ``--missing`` policies for a table with empty cells.
MISSING = ("error", "drop-models", "drop-tasks", "block", "pairwise", "fill:<number>")
#: Where a wide table's models are (``--models``).
MODELS = ("rows", "columns")
#: The ``--normalise`` choices.
NORMALISE = ("none", "minmax", "rank")
PREFER = ("error", "newest")
#: The ``--cells`` choices for cells holding several numbers (``60.4 (55.5)``): each its own task, or
#: the N-th number (1-based) of every such cell.
CELLS = ("split", "<N>")
_NAMES = ("tasks", "exclude", "lower_better", "higher_better")  # fields holding names or globs
# The command line's spelling of the options whose flag is not their name's (for messages).
_FLAGS = {name: f"--{name}-col" for name in ("model", "task", "score", "replicate")}
_FLAGS["metric_col"] = "--metric-col"


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


def check_missing(missing: str, label: str = "missing", others: str = "") -> float | None:
    """The fill value of ``missing="fill:<number>"`` (``None`` for the other rules); a ``ValueError`` for
    a rule not in :data:`MISSING` (``others``: what else the caller takes) or a fill that is not finite."""
    if missing in MISSING[:5]:
        return None
    if not str(missing).startswith("fill:"):
        raise ValueError(f"{label} must be one of {', '.join(MISSING)}{others}; got {missing!r}")
    try:
        value = float(missing[5:])
    except ValueError:
        raise ValueError(f"{label}: the fill value must be a number (fill:0); got {missing[5:]!r}") from None
    if not np.isfinite(value):
        raise ValueError(f"{label}: the fill value must be finite; got {missing[5:]!r}")
    return value


def check_cells(cells: object, label: str = "cells") -> str | int | None:
    """``"split"``, a part number (``1``, ``"2"``) as an ``int``, or ``None``; a ``ValueError`` otherwise."""
    if cells is None or cells == "split":
        return cells
    text = str(cells).strip()
    if not text.isdigit() or int(text) < 1 or isinstance(cells, bool):
        raise ValueError(
            f"{label} must be split or a part number (1: the first number of each cell); got {cells!r}"
        )
    return int(text)


@dataclasses.dataclass(frozen=True)
class ReadOptions:
    """How input is read, every stage's options in one record: a table's ``layout``, a long table's
    columns (``model``, ``task``, ``score``, ``replicate``, ``count``, ``metric_col``: several columns
    comma-separated, joined; a wide table's ``model`` column too), the rows kept (``where``:
    ``"COLUMN=VALUE[|VALUE]"``, or several), a text table's ``sep`` and
    ``decimal``, how cells holding several numbers are read (``cells``: ``"split"`` or a part number),
    the axis of the ``models``, the ``tasks`` rated and those left out (``exclude``:
    names or globs), the directions set here (``lower_better``, ``higher_better``), the ``missing``
    rule (:data:`MISSING`), per-task ``normalise``, harness output's ``metric`` and lm-eval's
    ``filter`` (``"NAME"``, ``"TASK=NAME"``, a sequence or a mapping), ``prefer`` (``"error"`` or
    ``"newest"`` for runs that measured differently), ``workers`` reading lm-eval samples; ``cli``:
    messages name the command line's flags (``--prefer newest``), else Python's arguments; ``strict``:
    refuse to assume anything that neither the source nor these options say (a direction, a column
    left out, the table turned: :class:`jaxrate.io._assumed.Assumed`); ``skip_unreadable``: a folder's
    files that cannot be read (empty, cut short, not text) are left out and named, not an error."""

    layout: str = "auto"
    model: str | None = None
    task: str | None = None
    score: str | None = None
    replicate: str | None = None
    count: str | None = None
    metric_col: str | None = None
    where: Any = None
    table: Any = None
    sep: str | None = None
    decimal: str = "."
    cells: Any = None
    models: str | None = None
    tasks: Any = None
    exclude: Any = None
    lower_better: Any = None
    higher_better: Any = None
    missing: str = DEFAULTS.score_missing
    normalise: str = "none"
    metric: Any = None
    filter: Any = None
    prefer: str = "error"
    workers: int | None = None
    strict: bool = False
    skip_unreadable: bool = False
    cli: bool = False

    def __post_init__(self) -> None:
        for name in _NAMES:
            object.__setattr__(self, name, split_names(getattr(self, name), self.flag(name)))
        if self.where is not None:
            where = [self.where] if isinstance(self.where, str) else list(self.where)
            object.__setattr__(self, "where", tuple(str(w) for w in where) or None)
        checks = (
            ("layout", ("auto", "wide", "long")),
            ("models", (None, *MODELS)),
            ("decimal", (".", ",")),
            ("normalise", NORMALISE),
            ("prefer", PREFER),
        )
        for name, allowed in checks:
            if getattr(self, name) not in allowed:
                shown = ", ".join(repr(a) for a in allowed if a is not None)
                raise ValueError(f"{self.flag(name)} must be one of {shown}; got {getattr(self, name)!r}")
        object.__setattr__(self, "cells", check_cells(self.cells, self.flag("cells")))
        others = " (score tables), or model, even, drop-models, error (battle records)" if self.cli else ""
        check_missing(self.missing, self.flag("missing"), others)
        if self.sep is not None and self.sep == self.decimal:
            raise ValueError(f"the decimal mark {self.decimal!r} cannot also be the field delimiter")
        both = set(self.lower_better or ()) & set(self.higher_better or ())
        if both:
            raise ValueError(
                f"{self.flag('lower_better')} and {self.flag('higher_better')} both name {sorted(both)}"
            )

    @property
    def long(self) -> dict:
        """The long table's columns as named here (``model=``, ``task=``, ...), ``None`` where not."""
        return {k: getattr(self, k) for k in ("model", "task", "score", "replicate", "count")}

    def flag(self, name: str, value: object = None) -> str:
        """How messages name option ``name`` (set to ``value``): ``--prefer newest``, ``prefer='newest'``."""
        if self.cli:
            flag = _FLAGS.get(name, "--" + name.replace("_", "-"))
            plain = name in ("prefer", "missing", "normalise", "layout", "models")
            return flag if value is None else f"{flag} {value if plain else repr(value)}"
        return name if value is None else f"{name}={value!r}"

    def names(self, name: str) -> str:
        """How messages show option ``name`` given names: ``--lower-better NAMES``,
        ``lower_better=[NAMES]``."""
        return f"{self.flag(name)} NAMES" if self.cli else f"{name}=[NAMES]"

    def replace(self, **changes) -> ReadOptions:
        return dataclasses.replace(self, **changes)

    @classmethod
    def from_args(cls, args: Any, **changes) -> ReadOptions:
        """The record of the command line's flags (an ``argparse.Namespace``); absent flags take defaults."""

        def get(name, default=None):
            value = getattr(args, name, default)
            return default if value is None else value

        defaults = dict(layout="auto", decimal=".", missing="error", normalise="none", prefer="error")
        names = "sep cells models tasks exclude lower_better higher_better metric filter".split()
        fields = {**{n: get(n) for n in names}, **{n: get(n, d) for n, d in defaults.items()}, "cli": True}
        fields["strict"] = bool(getattr(args, "strict", False))
        fields["skip_unreadable"] = bool(getattr(args, "skip_unreadable", False))
        fields.update(
            {role: get(f"{role}_col") for role in ("model", "task", "score", "replicate", "metric")}
        )
        fields["metric_col"] = fields.pop("metric")
        fields["metric"] = get("metric")
        fields["where"] = get("where")
        fields["table"] = get("table")
        fields.update(changes)
        return cls(**fields)
