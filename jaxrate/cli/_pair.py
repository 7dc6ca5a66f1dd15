"""``jaxrate rate --compare A,B``: the paired difference of two models' ratings, from the same resamples.

Every resample rates both models on the same draw, so the difference is known
resample by resample (:meth:`jaxrate.uncertainty.RatingIntervals.difference`);
where the input has items, each task also gets an item-level paired test
(:func:`jaxrate.uncertainty.paired_item_tests`: McNemar's exact test for 0/1
outcomes, else a sign-flip test).
"""

from __future__ import annotations

import math
import textwrap
from typing import Any

from jaxrate.cli import _output

__all__ = ["add_compare_option", "check_compare", "compare_view"]

_TOP_TASKS = 5  # the largest per-task contributions shown


def add_compare_option(parser) -> None:
    """``--compare A,B`` of ``jaxrate rate``."""
    parser.add_argument(
        "--compare",
        metavar="A,B",
        help="the paired difference of two models' ratings from the same resamples (needs --bootstrap N or "
        "--task-subsets N): its interval and p-value, per-task contributions, and per-task item tests "
        "(McNemar for 0/1 scores) when the input has items",
    )


def _names(args) -> tuple[str, str]:
    names = [n.strip() for n in str(args.compare).split(",")]
    if len(names) != 2 or not all(names):
        raise ValueError(f"--compare takes two models, A,B; got {args.compare!r}")
    if names[0] == names[1]:
        raise ValueError(f"--compare takes two different models; got {names[0]!r} twice")
    return names[0], names[1]


def check_compare(args, source) -> None:
    """Refuse ``--compare`` before anything is rated or printed: two distinct models of the input's
    first player, and resampling asked for (the paired interval is of the resamples)."""
    if getattr(args, "compare", None) is None:
        return
    from jaxrate.results._difference import name_index

    names = tuple(str(s) for s in source.game.strategies[0])
    for name in _names(args):
        try:
            name_index(names, name, "the input", "model", "models")
        except ValueError as err:
            raise ValueError(f"--compare: {err}") from None
    if not (args.bootstrap or args.task_subsets):
        raise ValueError("--compare A,B needs resampling: add --bootstrap N (or --task-subsets N)")


def compare_view(args, source, rated, intervals) -> tuple[list[str], dict | None]:
    """The lines printed after the footer and the ``--json`` document's ``difference`` block;
    ``([], None)`` without ``--compare``."""
    if getattr(args, "compare", None) is None or intervals is None:
        return [], None
    a, b = _names(args)
    deviation = rated.method == "deviation" and rated.proven is not None and intervals.rating == "deviation"
    game = source.game if deviation else None
    d = intervals.difference(a, b, scale=rated.scale, game=game, joint=rated.proven if deviation else None)
    lines = ["", _difference_line(d)]
    if d.note:
        lines.append(f"note: {d.note}")
    if d.contributions:
        battles = source.kind == "battles" and source.game.num_players == 2  # split by the other model
        lines.append(_contribution_line(d, "opponent" if battles else source.game.players[-1]))
    tests, why = _item_tests(source, a, b)
    if tests is not None:
        lines += _test_lines(tests, source.replicates.column, a, b)
    elif why:
        lines.append(
            f"no per-task paired tests (they need both models on the same {source.replicates.column}s): {why}"
        )
    width = _output.terminal_width()
    wrapped = [w for line in lines for w in _wrap(line, width)]
    payload = d.to_dict()
    payload["item_tests"] = None if tests is None else _records(tests)
    return wrapped, payload


def _wrap(line: str, width: int) -> list[str]:
    """A sentence wrapped to the terminal (as the footer is); a table's line (or a blank one) as it is."""
    if not line or "\n" in line or line.startswith(" "):
        return line.split("\n") if line else [""]
    return textwrap.wrap(line, width, break_on_hyphens=False, subsequent_indent="  ")


def _p_text(p: float) -> str:
    """A p-value to three decimals, or two significant digits below 0.001; ``n/a`` when not a number."""
    if not math.isfinite(p):
        return "n/a"
    return f"{p:.3f}" if p >= 0.001 else f"{p:.1e}"


def _difference_line(d) -> str:
    """``A - B: +0.0123, 95% paired interval [...], p = 0.010 (200 resamples, 0 left out): verdict``."""
    estimate, lower, upper = _output.format_column([d.estimate, d.lower, d.upper], digits=4)
    level = f"{100 * d.confidence:g}%"
    counts = f"{_output.plural(d.resamples, 'resample')}, {d.failed} left out"
    if d.resamples == 0:
        return f"{d.a} - {d.b}: {estimate}; no resample rated both ({counts})"
    alpha = 1 - d.confidence
    if d.tied:
        verdict = f"tied (within the tie tolerance {d.tie_tolerance:.1e})"
    elif d.excludes_zero and d.p_value <= alpha:
        first, second = (d.a, d.b) if d.estimate > 0 else (d.b, d.a)
        verdict = f"{first} is rated above {second}"
    elif d.excludes_zero or d.p_value <= alpha:  # a resample or two at the edge: more settle it
        said = (
            f"the interval excludes 0 but p > {alpha:g}"
            if d.excludes_zero
            else f"p <= {alpha:g} but the interval contains 0"
        )
        verdict = f"borderline: {said} (more resamples settle it)"
    else:
        verdict = "no difference shown (the interval contains 0)"
    return (
        f"{d.a} - {d.b}: {estimate}, {level} paired interval [{lower}, {upper}], "
        f"p = {_p_text(d.p_value)} ({counts}): {verdict}"
    )


def _contribution_line(d, over: str) -> str:
    """The largest per-task shares of the difference, by magnitude, and their sum (the difference)."""
    items = sorted(d.contributions.items(), key=lambda kv: -abs(kv[1]))
    shown = items[:_TOP_TASKS]
    values = _output.format_column([v for _, v in shown] + [sum(d.contributions.values())], digits=4)
    parts = ", ".join(f"{t} {v}" for (t, _), v in zip(shown, values))
    n = len(items)
    which = f"the largest {len(shown)} of {n}; all {n} sum to it" if n > len(shown) else "they sum to it"
    return f"each {over}'s share of {d.a} - {d.b} = {values[-1]} ({which}): {parts}"


def _item_tests(source, a: str, b: str) -> tuple[Any, str]:
    """``(tests, "")`` where the input has paired items; ``(None, why)`` where it has items that cannot
    be paired; ``(None, "")`` where it has none."""
    found = getattr(source, "replicates", None)
    if found is None or found.column is None:
        return None, ""
    from jaxrate.uncertainty import paired_item_tests

    try:
        return paired_item_tests(found, a, b), ""
    except ValueError as err:
        return None, str(err)


def _test_lines(tests, column: str, a: str, b: str) -> list[str]:
    """The per-task item tests as a small table, with what their p-values are (and are not)."""
    noun = _output.plural(2, column).split(" ", 1)[1]  # "items", "seeds"
    rows = [
        [str(r.task), str(int(r.n_items)), str(r.test), f"{r.statistic:+.4f}", _p_text(float(r.p_value))]
        for r in tests.itertuples(index=False)
    ]
    headers, right = ["task", noun, "test", f"mean {a} - {b}", "p"], [False, True, False, True, True]
    intro = (
        f"per-task paired tests on the {noun} (McNemar's exact test for 0/1 scores, else a sign-flip "
        f"test); p-values per task, uncorrected for the {_output.plural(len(rows), 'test')}:"
    )
    return [intro, _output.format_table(headers, rows, right)]


def _records(tests) -> list[dict]:
    """The item tests as JSON records (missing ``b``/``c`` of a sign-flip test as ``None``)."""
    records = []
    for row in tests.to_dict(orient="records"):
        records.append({k: _plain(v) for k, v in row.items()})
    return records


def _plain(value):
    import pandas as pd

    if value is None or value is pd.NA:
        return None
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value
