"""What the command line rates: a score table, battle records or a payoff tensor."""

from __future__ import annotations

import dataclasses
import os
from typing import Any

import numpy as np

from jaxrate._game import Game

__all__ = ["Source", "add_input_options", "load_source"]


@dataclasses.dataclass
class Source:
    name: str  # file name or dataset
    kind: str  # "scores", "battles" or "payoffs"
    game: Game
    description: str  # the game, in words
    table: Any = None  # DataFrame [models, tasks] for scores
    battles: Any = None  # DataFrame for battle records
    notes: list = dataclasses.field(default_factory=list)
    info: dict = dataclasses.field(default_factory=dict)  # kept in the JSON output
    warnings: list = dataclasses.field(default_factory=list)  # printed on stderr
    counts: Any = None  # BattleCounts of battle records


def add_input_options(parser) -> None:
    from jaxrate.datasets import DATASETS

    parser.add_argument(
        "file",
        nargs="?",
        help="scores (wide or long CSV/TSV/Parquet/JSON), battle records (model_a, model_b, winner), "
        "or a payoff tensor (.npy/.npz)",
    )
    parser.add_argument("--dataset", choices=sorted(DATASETS), help="a built-in dataset instead of FILE")
    parser.add_argument(
        "--game",
        choices=("2p", "3p"),
        default=None,
        help="scores: 2p agent vs task (zero-sum), 3p agent vs agent vs task (default); "
        "battles: 2p win-rate game (default), 3p model vs model vs --by category (default with --by)",
    )
    parser.add_argument(
        "--layout", choices=("auto", "wide", "long"), default="auto", help="score table layout"
    )
    parser.add_argument(
        "--missing",
        default=None,
        metavar="HOW",
        help="missing scores: error (default), drop-models, drop-tasks, fill:VALUE; battles, pairs that "
        "never met: model (default: filled from the Bradley-Terry fit of the observed battles), even "
        "(P = 1/2), drop-models (until every pair met) or error",
    )
    parser.add_argument(
        "--models",
        choices=("rows", "columns"),
        default=None,
        help="score tables: the axis that holds the models (default rows; a warning when the rows look "
        "like tasks: a first column headed game/task/benchmark/..., or every row normalised to [0, 1])",
    )
    parser.add_argument(
        "--normalise", choices=("none", "minmax", "rank"), default="none", help="per-task score normalisation"
    )
    parser.add_argument("--by", metavar="COLUMN", help="battles: category column for the 3p game")


def load_source(args) -> Source:
    import warnings

    from jaxrate import datasets, io

    if (args.file is None) == (args.dataset is None):
        raise ValueError("give exactly one of FILE or --dataset")
    if args.dataset is not None:
        table = datasets.load(args.dataset)
        table = io.normalise_scores(table.T if args.models == "columns" else table, args.normalise)
        args.game = args.game or "3p"
        return _scores_source(args.dataset, table, args.game, [])
    path = args.file
    kind = io.input_kind(path)
    name = os.path.basename(path)
    # rate-many (args.folder) applies --models to the folder's score tables and nothing else.
    if (
        kind != "scores"
        and getattr(args, "models", None) is not None
        and getattr(args, "folder", None) is None
    ):
        what = "battle records" if kind == "battles" else "a payoff tensor"
        raise ValueError(f"--models is for score tables (which axis holds the models); {name} holds {what}")
    if kind == "payoffs":
        game = io.read_payoffs(path)
        shape = " x ".join(str(a) for a in game.num_strategies)
        return Source(name, kind, game, f"{game.num_players}-player payoff tensor ({shape})")
    if kind == "battles":
        return _battles_source(name, io.read_battles(path), args)
    args.game = args.game or "3p"
    missing = "error" if args.missing is None else args.missing
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table, notes = io.read_scores(
            path, layout=args.layout, missing=missing, normalise=args.normalise, models=args.models
        )
    source = _scores_source(name, table, args.game, notes)
    source.warnings = [f"warning: {w.message}" for w in caught if issubclass(w.category, UserWarning)]
    if args.models == "columns":
        source.notes.append("models are the table's columns (--models columns)")
    return source


def cli_hints(text: str) -> str:
    """An error from :mod:`jaxrate.battles` with its hints in command-line syntax, not Python's."""
    from jaxrate import battles as battle_records

    choose = "choose --missing model (Bradley-Terry fill), even or drop-models"
    text = text.replace(battle_records.HINT, choose)
    return text.replace(battle_records.IMPUTE_HINT, "use --missing even or drop-models")


def _battles_source(name: str, battles, args) -> Source:
    import warnings

    from jaxrate import battles as battle_records

    args.missing = "model" if args.missing is None else args.missing
    if args.missing not in battle_records.MISSING:
        raise ValueError(
            f"--missing for battle records must be one of {', '.join(battle_records.MISSING)}; "
            f"got {args.missing!r}"
        )
    args.game = args.game or ("3p" if args.by else "2p")
    by = args.by if args.game == "3p" else None
    if args.game == "3p" and args.by is None:
        by = "category" if "category" in battles.columns else None
        if by is None:
            raise ValueError("battle records: --game 3p needs --by COLUMN (e.g. category), or use --game 2p")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            made = battle_records.win_rate_game(battles, by=by, missing=args.missing)
        except ValueError as err:
            raise ValueError(cli_hints(str(err))) from None
    ties = int(made.counts.ties.sum()) // 2
    notes = [f"{ties:,} ties: {battle_records.TIES}"] if ties else []
    notes += [made.note()] if made.note() else []
    warned = [f"warning: {w.message}" for w in caught if issubclass(w.category, UserWarning)]
    what = "model vs model win rates (2P)" if by is None else f"model vs model vs {by} (3P)"
    k, m, _ = made.imputed.shape
    info = {
        "missing": {
            "how": args.missing,
            "imputed_pairs": made.imputed_pairs,
            "pairs": k * m * (m - 1) // 2,
            "imputed_share": made.imputed_share,
            "dropped": list(made.dropped),
        },
        "ties": {"battles": ties, "counted_as": battle_records.TIES},
    }
    source = Source(name, "battles", made.game, what, battles=battles, notes=notes, info=info)
    source.warnings, source.counts = warned, made.counts
    return source


def _scores_source(name: str, table, game_kind: str, notes: list) -> Source:
    import jaxrate

    make = jaxrate.agent_vs_task if game_kind == "2p" else jaxrate.agent_vs_agent_vs_task
    game = make(table)
    what = "agent vs task (2P)" if game_kind == "2p" else "agent vs agent vs task (3P)"
    return Source(name, "scores", game, what, table=table, notes=notes)


def describe(source: Source) -> str:
    g = source.game
    if source.kind == "scores":
        m, t = source.table.shape
        head = f"{source.name}: {m} agents x {t} tasks, {source.description}"
    elif source.kind == "battles":
        models = g.num_strategies[0]
        head = f"{source.name}: {len(source.battles):,} battles, {models} models, {source.description}"
    else:
        head = f"{source.name}: {source.description}"
    return f"{head}, {int(np.prod(g.num_strategies)):,} joints"
