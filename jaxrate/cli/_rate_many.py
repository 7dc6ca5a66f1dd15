"""``jaxrate rate-many FOLDER``: exact ratings of every input in a folder, locally or on a Dask cluster."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

import numpy as np

from jaxrate.cli import _output
from jaxrate.game._defaults import DEFAULTS

EXAMPLES = """examples:
  jaxrate rate-many games/ --out ratings/                      # local process pool, every core
  jaxrate rate-many games/ --out ratings/ --scheduler tcp://scheduler:8786
  jaxrate rate-many games/ --out ratings/ --game 2p --workers 2

Re-running skips inputs whose result is already in --out (results are written
atomically, so an interrupted run loses nothing); --force re-rates them.
Exit code 0 when every input was rated, 1 when some failed (listed), 2 for bad options.
"""
_TABLES = (".csv", ".tsv", ".tab", ".json", ".jsonl")
SUFFIXES = (
    _TABLES
    + tuple(t + z for t in _TABLES for z in (".gz", ".bz2", ".xz"))
    + (".zip", ".parquet", ".pq", ".feather", ".xlsx", ".npy", ".npz")
)


def add_options(parser) -> None:
    parser.add_argument("folder", help="folder of inputs (any format `jaxrate rate` reads), one game each")
    parser.add_argument("--out", required=True, metavar="DIR", help="one JSON result per input (created)")
    parser.add_argument(
        "--scheduler", metavar="ADDRESS", help="Dask scheduler address (default: local processes)"
    )
    parser.add_argument("--workers", type=int, help="local processes (default: every core)")
    parser.add_argument(
        "--retries", type=int, default=2, help="resubmissions of a game whose worker was lost"
    )
    parser.add_argument("--force", action="store_true", help="re-rate inputs that already have a result")
    parser.add_argument("--game", choices=("2p", "3p"), default=None, help="as for `jaxrate rate`")
    parser.add_argument("--missing", default=None, metavar="HOW", help="as for `jaxrate rate`")
    parser.add_argument("--normalise", choices=("none", "minmax", "rank"), default="none")
    parser.add_argument("--layout", choices=("auto", "wide", "long"), default="auto")
    parser.add_argument(
        "--models",
        choices=("rows", "columns"),
        default=None,
        help="as for `jaxrate rate` (score tables only)",
    )
    parser.add_argument("--by", metavar="COLUMN", help="battles: category column for the 3p game")
    parser.add_argument("--progress", choices=("auto", "always", "never"), default="auto")


def _done(path: str) -> bool:
    from jaxrate.results._files import load_json

    try:
        return "ratings" in load_json(path)  # a regular file only (a FIFO would block), strictly
    except (OSError, ValueError, TypeError):
        return False


def run(args, argv: Sequence[str]) -> int:
    files = _inputs(args)
    os.makedirs(args.out, exist_ok=True)
    rows, todo, sources = _load_pending(args, files)
    outcomes = _rate_all([s.game for s in sources], args)
    for (name, target, file_args), source, outcome in zip(todo, sources, outcomes):
        rows.append(_write_result(name, target, file_args, source, outcome))
    _output.print_table(
        ["input", "status", "levels", "seconds", "top group", "note"],
        rows,
        [False, False, True, True, False, False],
    )
    rated_count = sum(r[1] == "rated" for r in rows)
    skipped = sum(r[1] == "skipped" for r in rows)
    failed = sum(r[1] == "failed" for r in rows)
    print(f"{rated_count} rated, {skipped} skipped, {failed} failed; results in {args.out}")
    return 1 if failed else 0


def _inputs(args) -> list[str]:
    """The input files of ``args.folder``, sorted, after checking the options."""
    if not os.path.isdir(args.folder):
        raise ValueError(f"{args.folder}: not a folder")
    if args.workers is not None and args.workers < 1:
        raise ValueError(f"--workers must be >= 1; got {args.workers}")
    parent = os.path.dirname(os.path.abspath(args.out))
    if not os.path.isdir(parent):
        raise ValueError(f"--out {args.out}: directory {parent} does not exist")
    files = sorted(
        f for f in os.listdir(args.folder) if f.lower().endswith(SUFFIXES) and not f.startswith(".")
    )
    if not files:
        raise ValueError(f"{args.folder}: no inputs ({', '.join(SUFFIXES)})")
    return files


def _load_pending(args, files: list[str]):
    """``(rows, todo, sources)``: rows for inputs skipped or unreadable, and the games still to rate.

    ``todo`` holds ``(name, target, input options)`` per source to rate.
    """
    from jaxrate.cli._inputs import load_source

    rows, todo, sources = [], [], []
    for name in files:
        target = os.path.join(args.out, os.path.splitext(name)[0] + ".json")
        if not args.force and _done(target):
            rows.append([name, "skipped", "", "", "", "result exists"])
            continue
        file_args = argparse.Namespace(
            **{**vars(args), "file": os.path.join(args.folder, name), "dataset": None}
        )
        try:
            source = load_source(file_args)
        except ValueError as err:
            rows.append([name, "failed", "", "", "", str(err)])
            continue
        todo.append((name, target, file_args))
        sources.append(source)
    return rows, todo, sources


def _rate_all(games: list, args) -> list:
    """Every game's outcome, on local processes or the Dask cluster of ``--scheduler``."""
    from jaxrate.exact import rate_many

    executor, client = None, None
    if args.scheduler is not None and games:
        try:
            from distributed import Client
        except ImportError:
            raise ValueError("--scheduler needs Dask: pip install 'jaxrate[dask]'") from None
        client = Client(args.scheduler, timeout="20s")
        executor = client.get_executor()
    show = args.progress == "always" or (args.progress == "auto" and sys.stderr.isatty())
    try:
        return rate_many(games, executor=executor, workers=args.workers, retries=args.retries, progress=show)
    finally:
        if client is not None:
            client.close()


def _write_result(name: str, target: str, file_args, source, outcome) -> list:
    """Write one outcome's result file (as ``jaxrate rate --json`` would) and return its summary row."""
    import jaxrate
    from jaxrate.cli._methods import Rated
    from jaxrate.cli._rate import _payload, _Table
    from jaxrate.results._result_file import write_document
    from jaxrate.results.ranking import tied_ranks

    if not outcome.ok:
        return [name, "failed", "", "", "", outcome.error]
    result = outcome.result
    scale = float(np.ptp(source.game.payoffs)) or 1.0
    proven = result  # rate_many's outcome is the public Ratings, with its proof
    rated = Rated(
        "deviation", result.ratings, result.players, result.strategies, scale, outcome.seconds, proven
    )
    tol = 1e-7 * scale
    ranks = tied_ranks(result.ratings[0], tol)
    uniform = jaxrate.uniform_ratings(source.game)[0] if source.kind == "scores" else None
    # Same order as `jaxrate rate`: ties broken by the uniform rank.
    second = tied_ranks(uniform, tol) if uniform is not None else np.arange(len(ranks))
    order = np.lexsort((second, ranks))
    command = ["rate", source.name, "--game", file_args.game or DEFAULTS.score_game]
    table = _Table([], [], [], [], ranks, order, tol, uniform)
    write_document(_payload(command, source, rated, table, None, file_args), target)
    top = [result.strategies[0][i] for i in np.nonzero(ranks == 1)[0]]
    # Every name whole: the table wraps the cell between names, never inside one.
    return [name, "rated", str(result.levels), f"{outcome.seconds:.2f}", ", ".join(top), ""]
