"""The ``jaxrate`` command line."""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

__all__ = ["main"]

EXAMPLES = """examples:
  jaxrate rate --dataset atari --game 3p
  jaxrate rate scores.csv --game 2p --json ratings.json
"""


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one readable line, exit code 2
        raise _UsageError(f"{self.prog}: {message} (see --help)")


def _build_parser() -> argparse.ArgumentParser:
    from jaxrate import __version__
    from jaxrate.datasets import DATASETS

    parser = _Parser(
        prog="jaxrate",
        description="Clone-invariant deviation ratings (Marris et al., ICLR 2025).",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"jaxrate {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    rate = sub.add_parser(
        "rate",
        help="rate the agents of a score table",
        description="Rate agents (rows) from their scores on tasks (columns) with exact "
        "deviation ratings, next to uniform (mean score) ratings.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    rate.add_argument("file", nargs="?", help="CSV/TSV: header row of tasks, one row per agent")
    rate.add_argument("--dataset", choices=sorted(DATASETS), help="a built-in dataset instead of FILE")
    rate.add_argument(
        "--game",
        choices=("2p", "3p"),
        default="3p",
        help="2p: agent vs task (zero-sum); 3p: agent vs agent vs task (default)",
    )
    rate.add_argument("--solver", choices=("highs", "glop"), default="highs", help="LP back end")
    rate.add_argument("--json", metavar="PATH", help="also write ratings, joint and certificate as JSON")
    rate.add_argument(
        "--progress",
        choices=("auto", "always", "never"),
        default="auto",
        help="progress bar on stderr (levels solved, constraints frozen); auto: when stderr is a terminal",
    )
    rate.add_argument(
        "--tie-tol",
        type=float,
        default=1e-7,
        help="ratings within this fraction of the payoff scale are tied (default 1e-7)",
    )
    return parser


def _load_scores(args: argparse.Namespace):
    from jaxrate import datasets
    from jaxrate._io import read_score_csv

    if (args.file is None) == (args.dataset is None):
        raise _UsageError("jaxrate rate: give exactly one of FILE or --dataset (see --help)")
    if args.dataset is not None:
        frame = datasets.load(args.dataset)
        return frame.to_numpy(dtype=np.float64), tuple(frame.index), tuple(frame.columns), args.dataset
    table, agents, tasks = read_score_csv(args.file)
    return table, agents, tasks, os.path.basename(args.file)


def _format_table(headers: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]

    def fmt(cells):
        return "  ".join(c.rjust(w) if r else c.ljust(w) for c, w, r in zip(cells, widths, right)).rstrip()

    return "\n".join([fmt(headers), fmt(["-" * w for w in widths])] + [fmt(r) for r in rows])


def _rank_labels(ranks: np.ndarray) -> list[str]:
    counts = np.bincount(ranks)
    return [f"{r}=" if counts[r] > 1 else f"{r}" for r in ranks.tolist()]


def _joint_summary(result, top: int = 10) -> dict[str, Any]:
    joint = result.joint
    flat = joint.reshape(-1)
    support = np.nonzero(flat > 1e-12)[0]
    order = support[np.argsort(-flat[support])][:top]
    entries = []
    for index in order.tolist():
        multi = np.unravel_index(index, joint.shape)
        entries.append(
            {
                "joint": [result.strategies[p][int(a)] for p, a in enumerate(multi)],
                "probability": float(flat[index]),
            }
        )
    marginals = {
        player: dict(
            zip(
                result.strategies[p],
                joint.sum(axis=tuple(q for q in range(joint.ndim) if q != p)).tolist(),
            )
        )
        for p, player in enumerate(result.players)
    }
    return {"support_size": int(len(support)), "top": entries, "marginals": marginals}


def _write_json_atomic(path: str, payload: dict) -> None:
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".jaxrate-", suffix=".json", dir=directory)
    try:
        with os.fdopen(fd, "w") as f:
            json.dump(payload, f, indent=2)
            f.write("\n")
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


class _ProgressBar:
    """Levels done and constraints frozen, redrawn in place on stderr."""

    def __init__(self, width: int = 30) -> None:
        self.width = width
        self.start = time.perf_counter()
        self.drawn = False

    def __call__(self, p) -> None:
        filled = int(self.width * p.frozen / max(p.total, 1))
        bar = "#" * filled + "-" * (self.width - filled)
        seconds = time.perf_counter() - self.start
        sys.stderr.write(f"\r[{bar}] {p.frozen}/{p.total} frozen, level {p.level}, {seconds:.1f} s")
        sys.stderr.flush()
        self.drawn = True

    def close(self) -> None:
        if self.drawn:
            sys.stderr.write("\n")
            sys.stderr.flush()


def _cmd_rate(args: argparse.Namespace, argv: Sequence[str]) -> int:
    import jaxrate
    from jaxrate.ranking import tied_ranks

    if args.json is not None:
        directory = os.path.dirname(os.path.abspath(args.json))
        if not os.path.isdir(directory):
            raise ValueError(f"--json {args.json}: directory {directory} does not exist")
    if not args.tie_tol >= 0:
        raise ValueError(f"--tie-tol must be >= 0; got {args.tie_tol}")
    table, agents, tasks, source = _load_scores(args)
    make = jaxrate.agent_vs_task if args.game == "2p" else jaxrate.agent_vs_agent_vs_task
    game = make(table, agents, tasks)
    show = args.progress == "always" or (args.progress == "auto" and sys.stderr.isatty())
    bar = _ProgressBar() if show else None
    start = time.perf_counter()
    try:
        result = jaxrate.exact.deviation_ratings(game, solver=args.solver, progress=bar)
    finally:
        if bar is not None:
            bar.close()
    elapsed = time.perf_counter() - start
    uniform = jaxrate.uniform_ratings(game)

    tol = args.tie_tol * max(result.certificate.scale, 1e-300)
    dev, uni = result.ratings[0], uniform[0]
    dev_rank, uni_rank = tied_ranks(dev, tol), tied_ranks(uni, tol)
    order = np.lexsort((uni_rank, dev_rank))
    dev_labels, uni_labels = _rank_labels(dev_rank), _rank_labels(uni_rank)
    rows = [
        [dev_labels[i], agents[i], f"{dev[i]:+.6f}", uni_labels[i], f"{uni[i]:+.6f}"] for i in order.tolist()
    ]
    game_name = "agent vs task (2P)" if args.game == "2p" else "agent vs agent vs task (3P)"
    print(f"{source}: {len(agents)} agents x {len(tasks)} tasks, {game_name}, {game.num_joints:,} joints")
    print(
        _format_table(
            ["rank", "agent", "deviation", "u.rank", "uniform"], rows, [True, False, True, True, True]
        )
    )
    cert = result.certificate
    print(
        f"{result.levels} levels in {elapsed:.2f} s ({result.solver}); certificate: "
        f"max gain {cert.max_gain:+.2e}, max |delta - r| {cert.max_rating_residual:.1e}, "
        f"slack {cert.slack:.1e}; '=' marks ties within {tol:.1e}"
    )
    if args.json is not None:
        payload = {
            "jaxrate_version": jaxrate.__version__,
            "command": ["jaxrate", *argv],
            "source": source,
            "game": {
                "kind": args.game,
                "players": list(game.players),
                "shape": list(game.num_strategies),
            },
            "ratings": {
                player: dict(zip(result.strategies[p], result.ratings[p].tolist()))
                for p, player in enumerate(result.players)
            },
            "uniform": {
                player: dict(zip(game.strategies[p], uniform[p].tolist()))
                for p, player in enumerate(game.players)
            },
            "ranking": [
                {
                    "agent": agents[i],
                    "rank": int(dev_rank[i]),
                    "rating": float(dev[i]),
                    "uniform_rank": int(uni_rank[i]),
                    "uniform": float(uni[i]),
                }
                for i in order.tolist()
            ],
            "tie_tolerance": tol,
            "levels": result.levels,
            "level_values": result.level_values.tolist(),
            "solver": result.solver,
            "seconds": elapsed,
            "joint": _joint_summary(result),
            "certificate": cert.as_dict(),
        }
        _write_json_atomic(args.json, payload)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``jaxrate`` command; returns the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        parser = _build_parser()
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help()
            return 2
        return _cmd_rate(args, argv)
    except BrokenPipeError:  # output piped into e.g. head, which closed early
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except _UsageError as err:
        print(str(err), file=sys.stderr)
        return 2
    except ValueError as err:
        print(f"jaxrate: error: {err}", file=sys.stderr)
        return 2
    except OSError as err:
        print(f"jaxrate: error: {err.strerror or err}: {err.filename or ''}".rstrip(": "), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("jaxrate: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
