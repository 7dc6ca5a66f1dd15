"""What the command line rates: a score table, battle records or a payoff tensor."""

from __future__ import annotations

import argparse
import os

import numpy as np

from jaxrate.cli._source import Source, scores_source

__all__ = ["Source", "add_input_options", "load_source"]


def add_input_options(parser) -> None:
    from jaxrate.datasets import DATASETS

    parser.add_argument(
        "file",
        nargs="*",
        metavar="PATH",
        help="scores (wide or long CSV/TSV/Parquet/Excel/JSON), battle records (model_a, model_b, winner), "
        "a payoff tensor (.npy/.npz), or evaluation harness output (lm-evaluation-harness, inspect-ai, "
        "HELM: folders or files; several paths and globs are merged)",
    )
    parser.add_argument(
        "--sep",
        type=_separator,
        metavar="SEP",
        help="field delimiter of a text table: ',' ';' tab, or another character such as '|' "
        "(default: comma, semicolon or tab, sniffed from the file)",
    )
    parser.add_argument(
        "--decimal",
        choices=(".", ","),
        default=".",
        help="decimal mark of a text table's scores: '.' (default) or ',' (0,5 is one half)",
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
    harness = parser.add_argument_group("evaluation harness output")
    harness.add_argument(
        "--metric",
        action="append",
        metavar="[TASK=]NAME",
        help="the metric rated instead of each task's first (lm-evaluation-harness: a metric such as "
        "acc_norm; inspect-ai: a scorer; HELM: a stat name); TASK=NAME for one task; repeatable",
    )
    harness.add_argument(
        "--filter",
        action="append",
        metavar="[TASK=]NAME",
        help="lm-evaluation-harness: the filter rated (default: the first the results report); repeatable",
    )
    harness.add_argument(
        "--prefer",
        choices=("error", "newest"),
        default="error",
        help="two runs of one model and task that measured differently (--limit, few-shot count, filter, "
        "version): stop and name both files (default), or rate the newest",
    )


def _separator(text: str) -> str:
    """``--sep``: a name (comma, semicolon, tab) or any one character that is not a letter, digit,
    quote, period or space."""
    names = {",": ",", "comma": ",", ";": ";", "semicolon": ";", "tab": "\t", "\\t": "\t", "\t": "\t"}
    if text.lower() in names:
        return names[text.lower()]
    if len(text) == 1 and not (text.isalnum() or text in "\"'. \r\n"):
        return text
    raise argparse.ArgumentTypeError(
        f"{text!r} is not a delimiter: give ',', ';', 'tab' or one other character such as '|'"
    )


def load_source(args) -> Source:
    """The input named by ``args`` as a game, with notes and warnings about it."""
    from jaxrate.cli._replicate_source import replicate_source

    if isinstance(args.file, list):  # argparse's PATH...: several paths are harness output only
        args.paths = list(args.file)
        args.file = args.paths[0] if args.paths else None

    source = replicate_source(args) or _load(args)  # scores with seeds, folds or items first
    source.notes.extend(_warnings(source))
    return source


def print_notes(source: Source, data_warnings: bool = True) -> None:
    """Notes and warnings about the input on stderr, one line each.

    ``data_warnings=False`` leaves out the notes and warnings about how the
    game was made from the data (the battle pairs imputed, and the share),
    for a method that rates the data itself rather than the game (Elo on
    battles).
    """
    import sys

    for note in source.notes + (source.warnings if data_warnings else []):
        what = note if note.startswith("warning: ") else f"note: {note}"
        print(f"jaxrate: {what}", file=sys.stderr)


def _warnings(source: Source) -> list:
    """Inputs that rate without error but whose ratings say nothing (one model, no differences)."""
    out = []
    models = source.game.strategies[0]
    if len(models) == 1:
        out.append(f"warning: only one {_label(source)} ({models[0]!r}): its rating is 0 by definition")
    elif source.kind == "scores":
        from jaxrate.io import far_outliers

        models, tasks = source.game.strategies[0], source.game.strategies[-1]
        out += [f"warning: {source.name}: {w}" for w in far_outliers(source.scores, models, tasks)[:3]]
        spread = np.ptp(source.scores, axis=0)
        if np.ptp(source.scores) == 0:
            out.append(
                f"warning: every score is {source.scores.flat[0]:g}: all {len(models)} "
                f"{_label(source)}s are rated 0 and tied"
            )
        elif not spread.any():
            out.append(
                f"warning: every task gives all {len(models)} {_label(source)}s the same score: "
                "all are rated 0 and tied"
            )
    elif source.kind == "payoffs" and np.ptp(source.game.payoffs) == 0:
        out.append("warning: every payoff is equal: all strategies are rated 0 and tied")
    return out


def _label(source: Source) -> str:
    return {"scores": "agent", "battles": "model"}.get(source.kind, "strategy")


def _load(args) -> Source:
    import warnings

    from jaxrate import battles, datasets, io

    if (args.file is None) == (args.dataset is None):
        raise ValueError("give exactly one of FILE or --dataset")
    if args.dataset is not None:
        args.game = args.game or "3p"
        if args.normalise != "none" or args.models == "columns":
            table = datasets.load(args.dataset)
            table = io.normalise_scores(table.T if args.models == "columns" else table, args.normalise)
            return scores_source(args.dataset, table, args.game, [])
        return scores_source(args.dataset, datasets.load_arrays(args.dataset), args.game, [])
    path = args.file
    sep = getattr(args, "sep", None)
    decimal = getattr(args, "decimal", ".")
    if sep is None and path.lower().endswith(io.DELIMITED) and os.path.exists(path):
        sep = io.sniff_delimiter(path)
    kind = io.input_kind(path, sep)
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
        return _battles_source(name, battles.read_battles(path), args)
    args.game = args.game or "3p"
    missing = "error" if args.missing is None else args.missing
    plain = missing == "error" and args.normalise == "none" and args.models != "columns"
    names = io.header(path, sep) if plain and sep is not None else None
    parsed = None
    if names is not None and not io.is_long(names, args.layout):
        # A wide text table as it is: the strict reader, without pandas (start-up time).
        # When its rows look like tasks, read_scores' warning is given on the same parse.
        parsed = io.read_wide_text(path, sep=sep, decimal=decimal)
        if args.models == "rows" or io.transposed_evidence(parsed[0], names[0]) is None:
            return scores_source(name, parsed, args.game, _sep_notes(path, sep, decimal))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        if parsed is not None:
            table, notes = io.wide_scores(path, parsed, names[0], models=args.models)
        else:
            table, notes = io.read_scores(
                path,
                layout=args.layout,
                missing=missing,
                normalise=args.normalise,
                models=args.models,
                sep=sep,
                decimal=decimal,
            )
    source = scores_source(name, table, args.game, _sep_notes(path, sep, decimal) + notes)
    source.warnings = [f"warning: {w.message}" for w in caught if issubclass(w.category, UserWarning)]
    if args.models == "columns":
        source.notes.append("models are the table's columns (--models columns)")
    return source


def cli_hints(text: str) -> str:
    """An error about battles with its hints in command-line syntax, not Python's."""
    from jaxrate.battles import _win_rate as battle_records

    choose = "choose --missing model (Bradley-Terry fill), even or drop-models"
    text = text.replace(battle_records.HINT, choose)
    return text.replace(battle_records.IMPUTE_HINT, "use --missing even or drop-models")


def _battles_source(name: str, battles, args) -> Source:
    import warnings

    from jaxrate.battles import TIES
    from jaxrate.battles import _win_rate as battle_records

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
    notes = [f"{ties:,} ties: {TIES}"] if ties else []
    notes += [made.note()] if made.dropped else []
    # How the game was made (pairs imputed) is said with the warnings about it:
    # a method that rates the battles themselves (Elo) imputes nothing and says neither.
    warned = [made.note()] if made.imputed_pairs and not made.dropped else []
    warned += [f"warning: {w.message}" for w in caught if issubclass(w.category, UserWarning)]
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
        "ties": {"battles": ties, "counted_as": TIES},
    }
    source = Source(name, "battles", made.game, what, battles=battles, notes=notes, info=info)
    source.warnings, source.counts, source.imputed = warned, made.counts, made.imputed
    return source


def _sep_notes(path: str, sep: str | None, decimal: str) -> list:
    """Say how a text table was split when that was not the usual comma (or tab for .tsv)."""
    from jaxrate import io

    usual = "\t" if path.lower().endswith((".tsv", ".tab")) else ","
    notes = []
    if sep is not None and sep != usual:
        notes.append(f"read as {io.delimiter_name(sep)}-separated")
    if decimal == ",":
        notes.append("read with decimal commas")
    return notes


def describe(source: Source) -> str:
    g = source.game
    if source.kind == "scores":
        m, t = source.scores.shape
        head = f"{source.name}: {m} agents x {t} tasks, {source.description}"
    elif source.kind == "battles":
        models = g.num_strategies[0]
        head = f"{source.name}: {len(source.battles):,} battles, {models} models, {source.description}"
    else:
        head = f"{source.name}: {source.description}"
    return f"{head}, {int(np.prod(g.num_strategies)):,} joints"
