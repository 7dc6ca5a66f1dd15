"""``jaxrate compare``: several methods side by side, with rank changes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from jaxrate.cli import _output
from jaxrate.cli._inputs import add_input_options, describe, load_source, print_notes
from jaxrate.cli._methods import METHODS, add_elo_options, elo_settings, print_method_notes, run_method

DEFAULT = "deviation,uniform,elo"
EXAMPLES = """examples:
  jaxrate compare scores.csv                                   # deviation, uniform, elo
  jaxrate compare scores.csv --methods deviation,uniform,elo,payoff --plot methods.png
  jaxrate compare scores.csv --game 2p --methods deviation,nash --csv methods.csv
  jaxrate compare --dataset atari --json methods.json
  jaxrate compare battles.csv --methods elo,deviation --anchor gpt-4-0613=1000
  jaxrate compare scores.csv --report compare/                # HTML report, CSV, JSON and figure

'moved' is the rank under the first method minus the rank under the other
(+: the other method ranks the model higher).
"""


def add_options(parser) -> None:
    add_input_options(parser)
    parser.add_argument(
        "--methods",
        default=DEFAULT,
        help=f"comma-separated, the first is the reference for rank changes (default {DEFAULT}; "
        f"available: {', '.join(METHODS)})",
    )
    add_elo_options(parser)
    parser.add_argument("--json", metavar="PATH", help="write every method's ratings and ranks as JSON")
    parser.add_argument("--csv", metavar="PATH", help="write the comparison table as CSV")
    parser.add_argument("--plot", metavar="PATH", help="methods side by side (.png, .svg or .pdf)")
    parser.add_argument(
        "--report",
        metavar="DIR",
        help="write a self-contained HTML report into DIR (with comparison.csv, comparison.json and "
        "methods.svg)",
    )
    parser.add_argument(
        "--tie-tol", type=float, default=1e-7, help="ties within this fraction of each method's scale"
    )


def _methods(args) -> list[str]:
    """The methods asked for by ``--methods`` (and whether ``--anchor``/``--prior`` have one to set)."""
    methods = [m.strip() for m in args.methods.split(",") if m.strip()]
    unknown = [m for m in methods if m not in METHODS]
    if unknown or not methods:
        raise ValueError(f"--methods: unknown {unknown or methods}; choose from {', '.join(METHODS)}")
    if len(set(methods)) != len(methods):
        raise ValueError("--methods: a method is listed twice")
    if "elo" not in methods and (args.anchor is not None or args.prior is not None):
        raise ValueError("--anchor and --prior set the Elo fit (add elo to --methods)")
    return methods


class _Comparison(NamedTuple):
    """Ratings and ranks per method (``{method: [M]}``) in the first method's model order, and the rows:
    as printed (``headers``: each method, then its ``rank`` and ``moved``) and as numbers for CSV
    (``csv_headers``, unique: ``elo``, ``elo_rank``, ``elo_moved``)."""

    names: tuple[str, ...]
    values: dict
    ranks: dict
    headers: list
    right: list
    rows: list
    csv_headers: list
    csv_rows: list


def _table(rated, methods: list[str], tie_tol: float) -> _Comparison:
    """The comparison table of ``rated`` (one per method), best first under the first method."""
    from jaxrate.results.ranking import tied_ranks

    names = rated[0].strategies[0]
    ranks = {}
    values = {}
    for r in rated:
        lookup = dict(zip(r.strategies[0], r.ratings[0].tolist()))
        values[r.method] = np.array([lookup[n] for n in names])
        ranks[r.method] = tied_ranks(values[r.method], tie_tol * r.scale)
    reference = methods[0]
    order = np.lexsort((np.arange(len(names)), ranks[reference]))
    headers, csv_headers = [rated[0].players[0]], [rated[0].players[0]]
    right = [False]
    for m in methods:
        headers += [m, "rank"] + ([] if m == reference else ["moved"])
        csv_headers += [m, f"{m}_rank"] + ([] if m == reference else [f"{m}_moved"])
        right += [True, True] + ([] if m == reference else [True])
    shown = {m: _output.format_column(values[m]) for m in methods}  # decimals per method's magnitude
    rows, csv_rows = [], []
    for i in order.tolist():
        row, csv_row = [names[i]], [names[i]]
        for m in methods:
            row += [shown[m][i], str(ranks[m][i])]
            csv_row += [float(values[m][i]), int(ranks[m][i])]
            if m != reference:
                moved = int(ranks[reference][i]) - int(ranks[m][i])  # > 0: this method ranks it higher
                row.append(f"{moved:+d}" if moved else "0")
                csv_row.append(moved)
        rows.append(row)
        csv_rows.append(csv_row)
    return _Comparison(names, values, ranks, headers, right, rows, csv_headers, csv_rows)


def run(args, argv: Sequence[str]) -> int:
    methods = _methods(args)
    elo = elo_settings(args)
    for option, path in (("--json", args.json), ("--csv", args.csv), ("--plot", args.plot)):
        _output.check_output_path(option, path)
    _output.check_output_path("--report", args.report, folder=True)
    source = load_source(args)
    rated = [run_method(source, m, elo=elo) for m in methods]
    print_notes(source)  # with the table they describe: a refusal before it is one line alone
    for r in rated:
        print_method_notes(r)
    table = _table(rated, methods, args.tie_tol)
    reference = methods[0]
    print(describe(source))
    _output.print_table(table.headers, table.rows, table.right)
    times = ", ".join(f"{r.method} {r.seconds:.2f} s" for r in rated)
    print(f"'moved': rank under {reference} minus rank under the method (+ = ranked higher); {times}")
    payload = _payload(argv, source, table, methods)
    if args.plot is not None or args.report is not None:  # drawn, so the likelier to fail: first
        from jaxrate.cli import _report

        if args.plot is not None:
            _report.methods_figure(table.names, table.values, table.ranks, methods, args.plot)
        if args.report is not None:
            _report.write_comparison_report(args.report, source, table, methods, payload)
    if args.csv is not None:
        _output.write_csv(args.csv, table.csv_headers, table.csv_rows)
    if args.json is not None:
        _output.write_json(args.json, payload)
    return 0


def _payload(argv, source, table: _Comparison, methods: list[str]) -> dict:
    """The ``--json`` document (and the report's ``comparison.json``): every method's ratings and ranks."""
    import jaxrate

    return {
        "jaxrate_version": jaxrate.__version__,
        "command": ["jaxrate", *argv],
        "source": source.name,
        "game": source.description,
        "methods": {
            m: {
                "ratings": dict(zip(table.names, table.values[m].tolist())),
                "ranks": dict(zip(table.names, table.ranks[m].tolist())),
            }
            for m in methods
        },
    }
