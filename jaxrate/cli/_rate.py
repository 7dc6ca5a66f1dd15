"""``jaxrate rate``: one method's ratings of the first player's strategies, as a table and files."""

from __future__ import annotations

import contextlib
import sys
import textwrap
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from jaxrate.cli import _output
from jaxrate.cli._inputs import describe, load_source, print_notes
from jaxrate.cli._methods import (
    elo_intervals,
    elo_settings,
    print_method_notes,
    relay_warnings,
    run_method,
)
from jaxrate.cli._pair import add_compare_option, check_compare, compare_view
from jaxrate.game._defaults import DEFAULTS
from jaxrate.game._joint import support
from jaxrate.game.tolerances import TOLERANCES
from jaxrate.io._assumed import assumed_in

EXAMPLES = """examples:
  jaxrate rate --dataset atari --game 3p                     # the paper's Atari agents
  jaxrate rate scores.csv                                    # wide or long; comma, ; or tab sniffed
  jaxrate rate scores.csv --decimal ,                        # decimal commas (0,5)
  jaxrate rate scores.xlsx --missing fill:0                  # Excel: pip install 'jaxrate[excel]'
  jaxrate rate scores.csv --game 2p --json r.json --csv r.csv --plot r.png --top 20
  jaxrate rate scores.csv --bootstrap 1000 --report report/  # intervals + HTML report
  jaxrate rate seeds.csv --bootstrap 1000                    # model,task,seed,score: sampling intervals
  jaxrate rate lm_eval_out/ --bootstrap 1000                 # lm-evaluation-harness folder (--log_samples)
  jaxrate rate runs/*/ old_run/results.json --metric acc_norm # several harness paths, merged; another metric
  jaxrate rate inspect_logs/ --bootstrap 1000                # inspect-ai logs: pip install 'jaxrate[inspect]'
  jaxrate rate benchmark_output/runs/v1                      # HELM runs (run groups' main metrics)
  jaxrate rate scores.csv --task-subsets 1000                # sensitivity to which tasks are included
  jaxrate rate battles.csv --method elo                      # model_a, model_b, winner
  jaxrate rate battles.csv --method elo --bootstrap 1000 --anchor mixtral-8x7b-instruct-v0.1=1114
  jaxrate rate game.npz --progress never                     # a payoff tensor, quietly

Deviation ratings are <= 0 and 0 is the best possible (the top of a
leaderboard need not reach it); tied models share a rank ('1=').
"""


def add_options(parser) -> None:
    from jaxrate.cli._inputs import add_input_options
    from jaxrate.cli._methods import METHODS, add_elo_options

    add_input_options(parser)
    parser.add_argument("--method", choices=sorted(METHODS), default="deviation", help="rating method")
    add_elo_options(parser)
    parser.add_argument("--fast", action="store_true", help="deviation ratings by the JAX path (float64)")
    parser.add_argument(
        "--solver", choices=("highs", "glop"), default="highs", help="exact path's LP back end"
    )
    parser.add_argument(
        "--jumps",
        action="store_true",
        help="check that the ratings are pinned by the data: the board rated twice more, its scores moved "
        "by 1e-8 of the range; a rating that moves by over 1e-6 of it is reported (docs/explanation.md)",
    )
    parser.add_argument(
        "--bootstrap",
        type=int,
        metavar="N",
        help="N resamples for intervals, P(top) and pairwise orders: scores with replicates (a "
        "replicate/item/seed/fold column, or an lm-evaluation-harness folder) resample each task's "
        "replicates (sampling intervals); battle records are resampled (--method elo: all battles drawn with "
        "replacement, as the public boards do); a table without replicates "
        "gets task subsets (as --task-subsets)",
    )
    parser.add_argument(
        "--task-subsets",
        type=int,
        metavar="N",
        help="N random subsets of the tasks: how much the ratings depend on which tasks are included "
        "(sensitivity, not a sampling interval)",
    )
    parser.add_argument("--seed", type=int, default=DEFAULTS.seed, help="resampling seed (0, as in Python)")
    parser.add_argument("--json", metavar="PATH", help="write ratings, joint and proof as JSON ('-': stdout)")
    parser.add_argument(
        "--previous",
        metavar="JSON",
        help="a board that grew: the --json of its earlier rating (same tasks, every earlier model still "
        "in it); its proof carries over and only the new models are proved (a fraction of a fresh solve)",
    )
    parser.add_argument("--csv", metavar="PATH", help="ranking as CSV ('-': stdout, the board to stderr)")
    _add_figure_options(parser)
    parser.add_argument(
        "--progress",
        choices=("auto", "always", "never"),
        default="auto",
        help="progress on stderr (levels solved, constraints frozen): always a bar, or never; auto "
        "(default): a bar on a terminal, else a plain line every 15 s once a solve has run 5 s",
    )
    parser.add_argument(
        "--tie-tol",
        type=float,
        default=TOLERANCES.ties,
        help=f"ratings within this fraction of the payoff scale are tied (default {TOLERANCES.ties:g})",
    )
    _add_audit_options(parser)
    _add_level_options(parser)
    add_compare_option(parser)


def _add_figure_options(parser) -> None:
    """``--plot``, ``--report`` and ``--top``: the figure and the HTML report."""
    parser.add_argument("--plot", metavar="PATH", help="ratings figure (.png, .svg or .pdf)")
    parser.add_argument("--report", metavar="DIR", help="write a self-contained HTML report into DIR")
    parser.add_argument(
        "--top",
        type=int,
        metavar="K",
        help="figures (--plot, --report) show the best K only, and say 'top K of N shown' (default: all)",
    )


def _add_audit_options(parser) -> None:
    """``--audit`` and ``--audit-budget``: the board's robustness, into the result file and report."""
    parser.add_argument(
        "--audit",
        action="store_true",
        help="also audit the board (jaxrate audit): the fewest votes, items or tasks whose removal "
        "reverses the top spot and each of the first 10 adjacent pairs, confirmed by re-rating; into "
        "--json (checked by jaxrate verify) and --report",
    )
    parser.add_argument(
        "--audit-budget",
        type=float,
        default=None,
        metavar="F",
        help="--audit: the most units a search may remove, a fraction in (0, 1] (default 0.01, and at "
        "least 3 units)",
    )


def _add_level_options(parser) -> None:
    """``--level`` and ``--tiers``: what a resampling run's claims mean."""
    _add_level_option(parser)
    parser.add_argument(
        "--tiers",
        choices=("stepdown", "band", "holm"),
        help="the joint claims tiers are cut from (with --bootstrap or --task-subsets): stepdown (default; "
        "the max-|t| bootstrap band stepped down over the pairs not yet separated), band (single step) or "
        "holm (Holm on the paired p-values; needs thousands of resamples)",
    )


def _add_level_option(parser) -> None:
    parser.add_argument(
        "--level",
        type=float,
        metavar="L",
        help="coverage of the intervals, rank intervals, tiers and --compare, between 0 and 1 "
        f"(default {DEFAULTS.level:g}); with --bootstrap or --task-subsets",
    )


def run(args, argv: Sequence[str]) -> int:

    _check_options(args)
    source = load_source(args)
    check_compare(args, source)  # --compare A,B: two models of the input, and resampling
    _check_elo_resampling(args, source)
    if args.bootstrap is not None and source.kind == "payoffs":
        raise ValueError(
            "--bootstrap needs the observations behind the game (scores or battles), not a tensor"
        )
    if source.info.get("pairwise") and (args.bootstrap or args.task_subsets):
        raise ValueError(
            "--missing pairwise rates a sparse table's comparisons, which share tasks: they are not "
            "independent battles to resample; for intervals, rate a complete block (--missing block)"
        )
    if args.task_subsets is not None and source.kind != "scores":
        raise ValueError("--task-subsets needs a score table (models by tasks)")
    if args.bootstrap and source.replicates is not None and source.replicates.without_items:
        source.replicates.replicates()  # says which model and task have no items, before any output
    rated = _rate(source, args)
    with relay_warnings(skip=rated.info.get("method_warnings", ())):  # e.g. fewer distinct resamples
        intervals = (
            _recorded(_intervals(source, args), source, args) if args.bootstrap or args.task_subsets else None
        )
    table = _ranking_table(source, rated, intervals, args)
    audit = _audit(source, args) if args.audit else None  # before any output: a refusal leaves none
    # The input's notes with the board they describe (a refusal before it is one line alone). Elo
    # fits the battles themselves, not the game made from them: no imputation warning.
    print_notes(source, data_warnings=not (args.method == "elo" and source.kind == "battles"))
    print_method_notes(rated)
    # --csv - or --json - writes the document to standard output: the board goes to stderr
    piped = sys.stderr if "-" in (args.csv, args.json) else sys.stdout
    with contextlib.redirect_stdout(piped):
        print(describe(source))
        _output.print_table(table.headers, table.rows, table.right)
        footer = _footer(rated, table.tol, intervals, args)
        for paragraph in footer.split("\n"):
            print(textwrap.fill(paragraph, _output.terminal_width(), break_on_hyphens=False))
        lines, difference = compare_view(args, source, rated, intervals)  # ([], None) without --compare
        for line in lines:
            print(line)
        for line in audit.lines() if audit is not None else ():
            print(line)
    payload = _payload(argv, source, rated, table, intervals, args)
    if difference is not None:
        payload["difference"] = difference
    if audit is not None:
        payload["audit"] = audit.to_dict()
    _write_outputs(args, source, rated, intervals, payload, table)
    return 0


def _audit(source, args):
    """``--audit``: :func:`jaxrate.audit` of the board just rated (the top spot, 10 adjacent pairs)."""
    from jaxrate.cli._audit import audit_source

    return audit_source(
        source,
        method=args.method,
        game=args.game,
        by=getattr(args, "by", None),
        missing=getattr(args, "missing", None),
        budget=args.audit_budget,
        elo=elo_settings(args),
        tie_tol=args.tie_tol,
    )


def _check_options(args) -> None:
    """Refuse option values and combinations before any input is read."""
    if args.json == "-" and args.csv == "-":
        raise ValueError("--csv - and --json - both ask for standard output; send one of them to a file")
    for option, path in (("--json", args.json), ("--csv", args.csv), ("--plot", args.plot)):
        _output.check_output_path(option, None if path == "-" and option != "--plot" else path)
    _output.check_output_path("--report", args.report, folder=True)
    if args.top is not None and args.top < 1:
        raise ValueError(f"--top must be >= 1; got {args.top}")
    if not args.tie_tol >= 0:
        raise ValueError(f"--tie-tol must be >= 0; got {args.tie_tol}")
    if args.bootstrap is not None and args.bootstrap < 1:
        raise ValueError(f"--bootstrap must be >= 1; got {args.bootstrap}")
    if args.method != "elo" and (args.anchor is not None or args.prior is not None):
        raise ValueError("--anchor and --prior set the Elo fit (--method elo)")
    elo_settings(args)  # a malformed --prior or --anchor is refused before the input is read
    if args.task_subsets is not None and args.task_subsets < 1:
        raise ValueError(f"--task-subsets must be >= 1; got {args.task_subsets}")
    if args.bootstrap is not None and args.task_subsets is not None:
        raise ValueError("give one of --bootstrap (sampling) or --task-subsets (sensitivity), not both")
    if args.fast and args.method != "deviation":
        raise ValueError("--fast is the JAX path for deviation ratings (--method deviation)")
    if args.jumps and args.method != "deviation":
        raise ValueError("--jumps checks deviation ratings (--method deviation)")
    if args.previous is not None and (args.method != "deviation" or args.fast):
        raise ValueError("--previous re-proves exact deviation ratings (--method deviation, without --fast)")
    if args.audit and args.method not in ("deviation", "elo", "uniform"):
        raise ValueError(f"--audit audits deviation, elo and uniform ratings; not --method {args.method}")
    if args.audit_budget is not None and not (0 < args.audit_budget <= 1):
        raise ValueError(
            f"--audit-budget must be a fraction of the units in (0, 1]; got {args.audit_budget:g}"
        )
    _check_level(args)
    _check_tiers(args)


def _check_level(args) -> None:
    """``--level``: a coverage strictly between 0 and 1, for a run that resamples."""
    if args.level is None:
        return
    if not 0 < args.level < 1:
        raise ValueError(f"--level is a coverage between 0 and 1 (0.9 for 90% intervals); got {args.level:g}")
    if args.bootstrap is None and args.task_subsets is None:
        raise ValueError(
            "--level sets the coverage of resampled intervals: add --bootstrap N (or --task-subsets N)"
        )


def _check_elo_resampling(args, source) -> None:
    """Elo resamples of a score table are fit with the automatic prior and no anchor (the resampling
    record has no place for them): refuse ``--prior``/``--anchor`` there rather than give intervals
    of another fit than the ratings printed."""
    resampled = args.bootstrap is not None or args.task_subsets is not None
    if args.method != "elo" or not resampled or source.kind == "battles":
        return
    given = [o for o, v in (("--prior", args.prior), ("--anchor", args.anchor)) if v not in (None, "auto")]
    if given:
        raise ValueError(
            f"{' and '.join(given)} with resampled Elo on a score table: its resamples are fit with the "
            "automatic prior and no anchor, so the intervals would be of another fit; leave out "
            f"{' and '.join(given)} (or rate battle records, whose Elo bootstrap uses them)"
        )


def _check_tiers(args) -> None:
    """``--tiers``: tiers are cut from resamples."""
    if args.tiers is not None and args.bootstrap is None and args.task_subsets is None:
        raise ValueError(
            f"--tiers {args.tiers}: tiers are cut from resampled ratings: add --bootstrap N "
            "(or --task-subsets N)"
        )


def _rate(source, args):
    """The method's ratings of the source's game, with progress on stderr as ``--progress`` asks."""
    bar = None
    if args.fast or args.progress == "never":
        pass
    elif args.progress == "always" or sys.stderr.isatty():
        bar = _output.ProgressBar()
    else:  # a log or a pipe: plain lines, only for long solves
        bar = _output.ProgressLines()
    try:
        elo = elo_settings(args) if args.method == "elo" else None
        previous = None
        if args.previous is not None:
            from jaxrate.cli._previous import read_previous

            previous = read_previous(args.previous)
        return run_method(
            source,
            args.method,
            fast=args.fast,
            solver=args.solver,
            progress=bar,
            elo=elo,
            previous=previous,
            jumps=args.jumps,
        )
    finally:
        if bar is not None:
            bar.close()


class _RankCells(NamedTuple):
    """The table's rank intervals and tiers, ``[M]`` int each in the ratings' order, and the
    :class:`jaxrate.cli._interval_output.Significance` they come from."""

    best: np.ndarray
    worst: np.ndarray
    tier: np.ndarray
    found: object


class _Table(NamedTuple):
    """The ranking as printed (``rows``) and as written to CSV (``csv_rows``), best first.

    ``ranks`` ``[M]`` (tied models share one), ``order`` ``[M]`` the row order,
    ``tol`` the tie tolerance in payoff units, ``uniform`` ``[M]`` uniform
    ratings shown beside deviation ratings of a score table (else ``None``),
    ``ranked`` the rank intervals and tiers shown with intervals (else ``None``).
    """

    headers: list[str]
    right: list[bool]
    rows: list[list]
    csv_rows: list[list]
    ranks: np.ndarray
    order: np.ndarray
    tol: float
    uniform: np.ndarray | None
    ranked: _RankCells | None = None


def _ranking_table(source, rated, intervals, args) -> _Table:
    import jaxrate
    from jaxrate.results.ranking import tied_ranks

    tol = args.tie_tol * rated.scale
    values = rated.ratings[0]
    names = rated.strategies[0]
    ranks = tied_ranks(values, tol)
    uniform = None
    if args.method == "deviation" and source.kind == "scores":
        uniform = jaxrate.uniform_ratings(source.game)[0]
        order = np.lexsort((tied_ranks(uniform, tol), ranks))
    else:
        order = np.lexsort((np.arange(len(values)), ranks))
    labels = _output.rank_labels(ranks)
    label = {"scores": "agent", "battles": "model"}.get(source.kind, rated.players[0])
    headers = ["rank", label, args.method]
    right = [True, False, True]
    if uniform is not None:
        u_labels = _output.rank_labels(tied_ranks(uniform, tol))
        headers += ["u.rank", "uniform"]
        right += [True, True]
    cells = _interval_cells(rated, intervals, ranks, args) if intervals is not None else None
    if cells is not None:
        headers += cells[0]
        right += [True] * len(cells[0])
    # Every number column to the decimals its magnitude needs (intervals share the ratings').
    shown = _output.format_column(values)
    if uniform is not None:
        u_shown = _output.format_column(uniform)
    rows, csv_rows = [], []
    for i in order.tolist():
        row = [labels[i], names[i], shown[i]]
        csv_row = [int(ranks[i]), names[i], float(values[i])]
        if uniform is not None:
            row += [u_labels[i], u_shown[i]]
            csv_row += [int(u_labels[i].rstrip("=")), float(uniform[i])]
        if cells is not None:
            row += cells[1][i]
            csv_row += cells[2][i]
        rows.append(row)
        csv_rows.append(csv_row)
    ranked = None if cells is None else cells[3]
    return _Table(headers, right, rows, csv_rows, ranks, order, tol, uniform, ranked)


def _interval_cells(rated, intervals, ranks: np.ndarray, args) -> tuple:
    """``(headers, printed, numbers, ranked)``: the interval columns (``lower``, ``upper``, ``P(top)``,
    then ``best``, ``worst``, ``tier``), each model's printed cells and CSV numbers (in the ratings'
    order), and its rank interval and tier (``ranked``; ``None`` with no resamples to read them from)."""
    from jaxrate.cli._interval_output import significance

    values = rated.ratings[0]
    n = len(values)
    bounds = np.concatenate([values, intervals.lower[0], intervals.upper[0]])
    lo_shown, hi_shown = np.split(np.array(_output.format_column(bounds))[n:], 2)
    lo, hi, top = intervals.lower[0], intervals.upper[0], intervals.top_probability[0]
    printed = [[lo_shown[i], hi_shown[i], f"{top[i]:.3f}"] for i in range(n)]
    numbers = [[float(lo[i]), float(hi[i]), float(top[i])] for i in range(n)]
    headers = ["lower", "upper", "P(top)"]
    found = significance(intervals, rated.scale, args.tie_tol)
    if found is None:
        return headers, printed, numbers, None
    # The shown rank lies in its interval, also where the intervals' own point ratings rank a model
    # otherwise (--fast rates the point by the JAX path): the interval is widened to it.
    best = np.minimum(found.ranks["rank_best"].to_numpy(dtype=np.int64), ranks)
    worst = np.maximum(found.ranks["rank_worst"].to_numpy(dtype=np.int64), ranks)
    tier = np.asarray(found.tiers.tier, dtype=np.int64)
    for i in range(n):
        printed[i] += [str(best[i]), str(worst[i]), str(tier[i])]
        numbers[i] += [int(best[i]), int(worst[i]), int(tier[i])]
    return [*headers, "best", "worst", "tier"], printed, numbers, _RankCells(best, worst, tier, found)


def _write_outputs(args, source, rated, intervals, payload: dict, table: _Table) -> None:
    """The files asked for: ``--plot`` and ``--report`` (drawn, so the likelier to fail) first,
    then ``--csv`` and ``--json``; every path was checked before the run (``_check_options``)."""
    if args.plot is not None or args.report is not None:
        from jaxrate.cli import _report

        ranking = (table.order, _output.rank_labels(table.ranks))  # the figures follow the table
        if args.plot is not None:
            _report.ratings_figure(source, rated, intervals, args.plot, top=args.top, ranking=ranking)
        if args.report is not None:
            _report.write_report(args.report, source, rated, intervals, payload, table, args.top, ranking)
    if args.csv is not None:  # the one writer of the ranking CSV, as the report's ratings.csv
        _output.write_ranking_csv(args.csv, table.headers, table.csv_rows)
    if args.json is not None:
        from jaxrate.results._result_file import write_document

        text = write_document(payload, None if args.json == "-" else args.json)
        if args.json == "-":
            sys.stdout.write(text)


def _recorded(intervals, source, args):
    """``intervals`` with the run's options as it ran: ``--tiers`` (so that every view of the run cuts
    its tiers by the method asked for) and, for Elo's battle bootstrap, whose own result records
    none, the resamples, seed, level, game and ``--tie-tol`` it was run with."""
    import dataclasses

    from jaxrate.uncertainty import Resampling

    method = args.tiers or DEFAULTS.tiers
    options = intervals.options
    if options is None:  # Elo's battle bootstrap
        options = Resampling(
            max(1, int(intervals.samples[0].shape[0])),
            seed=args.seed,
            level=intervals.confidence,
            game="2p" if source.game.num_players == 2 else "3p",
            rating=intervals.rating,
            tie_tol=args.tie_tol,
        )
    elif options.tiers == method:
        return intervals
    return dataclasses.replace(intervals, options=dataclasses.replace(options, tiers=method))


def _intervals(source, args):
    from jaxrate.cli._resample_progress import resample_progress

    if source.kind == "battles" and args.method == "elo":  # all battles drawn with replacement
        if args.level is not None and args.level != DEFAULTS.level:
            raise ValueError(f"--level: Elo's battle bootstrap gives {DEFAULTS.level:.0%} intervals only")
        return elo_intervals(source, args.bootstrap, args.seed, elo_settings(args))
    if source.kind == "battles":
        if args.method != "deviation":
            raise ValueError(
                "--bootstrap gives intervals for deviation ratings of battles (--method deviation)"
            )
        return _battle_intervals(source, args)
    from jaxrate import uncertainty

    options = _resampling(args)
    if args.bootstrap and source.standard_errors is not None:  # each score drawn from N(score, se)
        return uncertainty.bootstrap_standard_errors(source.table, source.standard_errors, options=options)
    workers = _resample_workers(source, args)
    bar = resample_progress(args.progress)
    try:
        if args.bootstrap and source.replicates is not None:
            return uncertainty.bootstrap_replicates(
                source.replicates, options=options, progress=bar, workers=workers
            )
        return uncertainty.task_subsets(source.table, options, progress=bar, workers=workers)
    finally:
        if bar is not None:
            bar.close()


def _resampling(args):
    """The one options record of the resampling functions, from the command line's options
    (the record's defaults are the command line's: ``--seed 0``, a 95% interval, the 3P game)."""
    from jaxrate.uncertainty import Resampling

    resamples = args.task_subsets or args.bootstrap
    level = DEFAULTS.level if args.level is None else args.level
    return Resampling(
        resamples,
        seed=args.seed,
        level=level,
        game=args.game,
        rating=args.method,
        tie_tol=args.tie_tol,
        tiers=args.tiers or DEFAULTS.tiers,
    )


def _resample_workers(source, args) -> int | None:
    """Processes for the resamples of a board rated through its table (each resample takes
    seconds on the exact path: one per core pays for the pool); ``None`` (one process) otherwise."""
    import os

    from jaxrate import ScoreTableGame
    from jaxrate.exact._solve import _BOARD_MODELS

    board = args.method == "deviation" and isinstance(source.game, ScoreTableGame)
    if not board or source.game.table.shape[0] < _BOARD_MODELS or (os.cpu_count() or 1) < 2:
        return None
    return min(os.cpu_count() or 1, 8)


def _battle_intervals(source, args):
    import warnings

    from jaxrate import uncertainty
    from jaxrate.cli._inputs import cli_hints

    with warnings.catch_warnings():  # the share imputed was reported once, for the data itself
        warnings.simplefilter("ignore", UserWarning)
        try:
            return uncertainty.bootstrap_battles(
                source.battles,
                by=source.game.players[2] if source.game.num_players == 3 else None,
                missing=args.missing,
                resamples=args.bootstrap,
                seed=args.seed,
                confidence=args.level,
                tie_tol=args.tie_tol,
            )
        except ValueError as err:
            raise ValueError(cli_hints(str(err))) from None


def _interval_notes(intervals) -> list[str]:
    from jaxrate.cli._interval_output import interval_notes

    return interval_notes(intervals)


def _proof_line(rated) -> str:
    """How the deviation rating was solved and its proof, from the public :class:`jaxrate.Ratings`.

    The JAX path's proof is a paragraph of its own (no run time in it), then its
    usual timing line, so that the footer wraps the same way however long it ran.
    """
    result, by = rated.proven, rated.proven.solved_by
    cert, levels = result.certificate, int(result.levels)
    proof = (
        f"joint + {_output.plural(levels, 'dual proof')}, max gain {cert.max_gain:+.2e}, "
        f"max |delta - r| {cert.max_rating_residual:.1e}, slack {cert.slack:.1e}"
    )
    if by.solver.startswith("simplex"):
        return (
            f"JAX path proof: {_output.plural(levels, 'level')}, {proof}\n"
            f"JAX path, {result.precision}, {rated.seconds:.2f} s (with compilation); "
            f"residual {cert.max_rating_residual:.1e}"
        )
    how = by.route or by.solver
    how = "exact rational arithmetic" if how == "rational" else how
    ladder = sorted(set(result.steps) - {"warm", "highs + exact check", "highs + exact repair", "rational"})
    if ladder:
        how += ", ladder: " + ", ".join(ladder)
    if by.fallback_from is not None:  # --fast: say that the JAX path did not rate it
        how = f"the JAX path ended {by.reason}, so the exact path rated it: {how}"
    return f"{_output.plural(levels, 'level')} in {rated.seconds:.2f} s ({how}); verified: {proof}"


def _footer(rated, tol: float, intervals, args) -> str:
    parts = []
    if rated.proven is not None and rated.proven.certificate is not None:
        parts.append(_proof_line(rated))
    elif "jax_status" in rated.info:
        parts.append(
            f"JAX path, float64, {rated.seconds:.2f} s (with compilation); "
            f"residual {rated.info['jax_residual']:.1e}"
        )
    else:
        parts.append(f"{rated.method} in {rated.seconds:.2f} s")
    if intervals is not None:
        parts += _interval_notes(intervals)
    parts.append(f"'=' marks ties within {tol:.1e}")
    text = "; ".join(parts)
    if intervals is not None:  # what best, worst and tier mean, a paragraph of its own
        from jaxrate.cli._interval_output import significance, significance_line

        found = significance(intervals, rated.scale, args.tie_tol)
        if found is not None:
            text += "\n" + significance_line(found, intervals)
    return text


def _payload(argv, source, rated, table: _Table, intervals, args) -> dict:
    """The ``--json`` document: the result file (:mod:`jaxrate.results._result_file`: ratings, proof, the
    game and how to read it from its input), with the board as printed beside it."""
    document = _result_document(source, rated, intervals, args)
    board = _board(argv, source, rated, table, intervals)
    return {**document, **{k: v for k, v in board.items() if k not in document}}


def _result_document(source, rated, intervals, args) -> dict:
    """The result file's fields: the proven ratings (or a baseline's), the game and its input options."""
    from jaxrate.cli._verify import input_options
    from jaxrate.results._result_file import game_block, head, named, ratings_document

    recipe = input_options(args)
    if rated.proven is not None and rated.proven.certificate is not None:  # exact or JAX: its proof
        document = ratings_document(rated.proven, source.game, recipe, method=rated.method)
    else:
        document = {**head(rated.method), "players": list(rated.players)}
        document["ratings"] = named(rated.players, rated.strategies, rated.ratings)
        document["game"] = game_block(source.game, recipe)
    document["game"]["description"] = source.description
    if intervals is not None:  # with the rank intervals and tiers the table shows
        from jaxrate.cli._interval_output import significance
        from jaxrate.results._intervals import interval_block

        found = significance(intervals, rated.scale, args.tie_tol)
        if found is None:  # no resamples to read them from
            document["intervals"] = interval_block(intervals)
        else:
            computed = (found.ranks, found.tiers)
            document["intervals"] = interval_block(intervals, scale=found.scale, computed=computed)
    return document


def _board(argv, source, rated, table: _Table, intervals) -> dict:
    """The board as printed: the command, the ranking with ties (and uniform ratings), notes."""
    board = {
        "command": ["jaxrate", *argv],
        "source": source.name,
        "input": source.kind,
        "ranking": [],
        "tie_tolerance": table.tol,
        "seconds": rated.seconds,
        "notes": list(source.notes) + list(source.warnings),
        "assumed": [n.as_dict() for n in assumed_in(source.notes)],
        **source.info,
    }
    for i in table.order.tolist():
        entry = {
            "strategy": rated.strategies[0][i],
            "rank": int(table.ranks[i]),
            "rating": float(rated.ratings[0][i]),
        }
        if table.uniform is not None:
            entry["uniform"] = float(table.uniform[i])
        if intervals is not None:
            entry["lower"] = float(intervals.lower[0][i])
            entry["upper"] = float(intervals.upper[0][i])
            entry["p_top"] = float(intervals.top_probability[0][i])
        if table.ranked is not None:
            entry["rank_best"] = int(table.ranked.best[i])
            entry["rank_worst"] = int(table.ranked.worst[i])
            entry["tier"] = int(table.ranked.tier[i])
        board["ranking"].append(entry)
    if table.uniform is not None:
        import jaxrate

        uniform = jaxrate.uniform_ratings(source.game)
        board["uniform"] = {
            player: dict(zip(source.game.strategies[p], u.tolist()))
            for p, (player, u) in enumerate(zip(source.game.players, uniform))
        }
    proven = rated.proven
    if proven is not None and proven.certificate is not None:
        board["solver"] = proven.solved_by.solver
        board["route"] = proven.solved_by.route
        if proven.rescue is not None:
            board["rescue"] = proven.rescue
        if proven.jump is not None:
            board["jump"] = {"flag": bool(proven.jump), "size": float(proven.jump_size)}
        board["joint_summary"] = _joint_summary(proven)
    board.update({k: v for k, v in rated.info.items() if k not in board})
    return board


def _joint_summary(result, top: int = 10) -> dict:
    """The joint's largest entries and each player's marginal, from its support (dense or sparse)."""
    joint = result.joint
    shape = tuple(np.shape(joint))
    all_flat, all_weight = support(joint)
    big = all_weight > 1e-12
    support_size = int(big.sum())
    flat, weight = all_flat[big], all_weight[big]
    order = np.argsort(-weight, kind="stable")[:top]
    entries = []
    for index, w in zip(flat[order].tolist(), weight[order].tolist()):
        multi = np.unravel_index(index, shape)
        entries.append(
            {"joint": [result.strategies[p][int(a)] for p, a in enumerate(multi)], "probability": w}
        )
    at = np.unravel_index(all_flat, shape)
    marginals = {
        player: dict(
            zip(result.strategies[p], np.bincount(at[p], weights=all_weight, minlength=shape[p]).tolist())
        )
        for p, player in enumerate(result.players)
    }
    return {"support_size": support_size, "top": entries, "marginals": marginals}
