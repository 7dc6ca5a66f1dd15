"""What the command line rates: a score table, battle records or a payoff tensor."""

from __future__ import annotations

import argparse
import os

import numpy as np

from jaxrate.cli._output import plural
from jaxrate.cli._source import Source, scores_source
from jaxrate.game._defaults import DEFAULTS

__all__ = ["Source", "add_input_options", "load_source"]


def add_input_options(parser) -> None:
    """The options that name the input and say how it is read, in the order ``--help`` shows them."""
    _add_source_options(parser)
    _add_table_options(parser)
    _add_harness_options(parser.add_argument_group("evaluation harness output"))


def _add_source_options(parser) -> None:
    """The input: ``PATH...`` or ``--dataset``, and how a text table is split (``--sep``, ``--decimal``)."""
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
    parser.add_argument(
        "--cells",
        metavar="split|N",
        help="score cells holding several numbers ('60.4 (55.5)', '154 / 334'): split rates each number as "
        "its own task (named from the header where it names the parts), N keeps the N-th number of each "
        "(default: split where the header names the parts and they are scores, said; else an error naming "
        "both)",
    )
    parser.add_argument("--dataset", choices=sorted(DATASETS), help="a built-in dataset instead of FILE")
    parser.add_argument(
        "--reading",
        metavar="FILE",
        help="read the input as a saved reading says (jaxrate read INPUT --save FILE): the same options, "
        "columns, directions and decisions, or refused naming what changed",
    )
    parser.add_argument(
        "--skip-unreadable",
        action="store_true",
        help="a folder's files that cannot be read (empty, cut short, not text, not JSON) are left out and "
        "named, not an error",
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help="refuse to assume anything that neither the input nor the options say (a direction, a column "
        "left out, a table turned, a name field chosen): for pipelines that must never guess "
        "(jaxrate read INPUT --save pins a reading once)",
    )


def _add_table_options(parser) -> None:
    """How a score table (or battle records) makes a game: ``--game``, ``--layout``, ``--missing``,
    ``--models``, ``--normalise``, ``--by``, and the tasks rated (``--tasks``, ``--exclude``)."""
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
        help="missing scores: error (default), drop-models, drop-tasks, block (the largest complete block "
        "of models and tasks, found greedily), pairwise (models against models: each pair's win rate over "
        "the tasks both have, pairs that share none filled as battles' are; even: the same, those pairs at "
        "1/2), fill:VALUE; battles, pairs that "
        "never met: model (default: filled from the Bradley-Terry fit of the observed battles), even "
        "(P = 1/2), drop-models (until every pair met) or error",
    )
    parser.add_argument(
        "--models",
        choices=("rows", "columns"),
        default=None,
        help="score tables: the axis that holds the models (default: decided from the table and said in a "
        "note: rows, unless the rows look like tasks: a first column headed game/task/benchmark/..., every "
        "row normalised to [0, 1], or metric names against model names; evidence both ways is an error "
        "that asks for this option)",
    )
    _add_direction_options(parser)
    parser.add_argument(
        "--normalise", choices=("none", "minmax", "rank"), default="none", help="per-task score normalisation"
    )
    parser.add_argument("--by", metavar="COLUMN", help="battles: category column for the 3p game")
    _add_pick_options(parser)
    _add_long_options(parser)


def _add_direction_options(parser) -> None:
    """``--lower-better`` and ``--higher-better``: a score table's directions, over the vocabulary."""
    parser.add_argument(
        "--lower-better",
        metavar="NAMES",
        help="score tables: tasks on which a lower score is better, as comma-separated names or globs; "
        "their scores are rated negated (names such as WER, error, loss, latency, time, cost are read so "
        "without it)",
    )
    parser.add_argument(
        "--higher-better",
        metavar="NAMES",
        help="score tables: tasks on which a higher score is better, where their names say otherwise "
        "(the vocabulary reads WER, error, loss, time, cost, ... as lower-is-better)",
    )


def _add_pick_options(parser) -> None:
    """``--tasks`` and ``--exclude``: the columns (tasks) rated."""
    parser.add_argument(
        "--tasks",
        metavar="NAMES",
        help="score tables: the tasks rated, as comma-separated names or globs (win_rate,mmlu_*): the "
        "score columns of a wide table, the tasks of a long one (default: every column of numbers; "
        "columns of text are skipped, standard errors such as X_stderr or standard_error are kept "
        "for --bootstrap)",
    )
    parser.add_argument(
        "--exclude",
        metavar="NAMES",
        help="score tables: columns or tasks left out, as comma-separated names or globs (n_*,avg_length)",
    )


def _add_long_options(parser) -> None:
    """The columns of a long score table, where their names are not the common ones."""
    long = parser.add_argument_group(
        "long score tables",
        "one row per model and task (and perhaps seed, fold or item); columns found by their common names "
        "(model/agent/classifier..., task/dataset/benchmark..., score/accuracy/value..., "
        "seed/fold/resample/item/run...) unless named here",
    )
    helps = {
        "model": "the column naming the models, or several joined (name,pretrained: 'ViT-B-32:openai'); a "
        "wide table's too, where its names are not in the first column",
        "task": "the column naming the tasks, or several joined (env,dataset: 'hopper/medium-v0')",
        "score": "the column of scores; several: one metric each (MASE,WQL), each of each task a task of its "
        "own (pick among them with --metric)",
        "metric": "the column naming each row's metric (model,dataset,metric,value): --metric picks the ones "
        "rated",
        "replicate": "the column of seeds, folds or items: several scores per model and task, whose mean is "
        "rated (--bootstrap resamples them)",
    }
    for role, text in helps.items():
        long.add_argument(f"--{role}-col", metavar="COLUMN", help=text)
    long.add_argument(
        "--table",
        metavar="N|HEADING|all|N,M",
        help="a Markdown file's table to rate: its number (1 is the first), its heading, or all: every table "
        "holding numbers as one board (tables of one header and the same models are one per task, named "
        "by their headings; of other models, more models; of other columns, more tasks); N,M,...: those "
        "tables as one board, as all joins them (default: the largest holding numbers, said; refused where "
        "several look like parts of one board)",
    )
    long.add_argument(
        "--where",
        action="append",
        metavar="COLUMN=VALUE",
        help="keep the rows whose COLUMN holds VALUE (several values: COLUMN=A|B; COLUMN!=A: the other "
        "rows); repeatable, every condition holds",
    )


def _add_harness_options(harness) -> None:
    """Evaluation harness output: the metric and filter rated, and runs that measured differently."""
    harness.add_argument(
        "--metric",
        action="append",
        metavar="[TASK=]NAME",
        help="the metric rated instead of each task's first (lm-evaluation-harness: a metric such as "
        "acc_norm; inspect-ai: a scorer; HELM: a stat name); TASK=NAME for one task; repeatable; a long "
        "score table's metrics (its metric column's values, or its score columns): the ones rated, "
        "comma-separated names or globs",
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


_BATTLE_ONLY = ("model", "even")  # --missing values that only battle records take


def load_source(args) -> Source:
    """The input named by ``args`` as a game, with notes and warnings about it: read by the one
    pipeline (:func:`jaxrate.io.read`) with the options as one record."""
    from jaxrate import io

    if isinstance(args.file, list):  # argparse's PATH...: several paths are harness output only
        args.paths = list(args.file)
        args.file = args.paths[0] if args.paths else None
    if (args.file is None) == (getattr(args, "dataset", None) is None):
        raise ValueError("give exactly one of FILE or --dataset")
    missing = getattr(args, "missing", None)
    paths = getattr(args, "paths", None) or [args.file]
    # --missing even on a score table: pairwise, and the pairs that share no task at 1/2
    even = missing == "even" and getattr(args, "dataset", None) is None and not _battle_file(paths)
    options = io.ReadOptions.from_args(
        args, missing="pairwise" if even else "error" if missing in _BATTLE_ONLY else missing or "error"
    )
    if getattr(args, "dataset", None) is not None:
        return _dataset_source(args, options)
    if missing in _BATTLE_ONLY and not even and not _battle_file(paths):
        raise ValueError(
            f"--missing {missing} is for battle records (pairs that never met); {paths[0]} is not"
        )
    if getattr(args, "folder", None) is not None and io.table_kind(paths[0]) != "scores":
        options = options.replace(models=None)  # rate-many turns the folder's score tables only
    saved = _saved_reading(args, options)
    if saved is not None:
        options = saved[0]
    reading = io.read(paths, options)
    if saved is not None:
        from jaxrate.io._saved import apply_saved

        reading = apply_saved(reading, saved[1], args.reading)
    _refuse_misplaced(args, reading)
    if reading.kind == "payoffs":
        game = reading.data
        shape = " x ".join(str(a) for a in game.num_strategies)
        source = Source(reading.name, "payoffs", game, f"{game.num_players}-player payoff tensor ({shape})")
    elif reading.kind == "battles":
        if missing == "pairwise" or even:
            args.missing = "even" if even else DEFAULTS.battle_missing
        from jaxrate.battles import read_battles

        frame = (
            read_battles(reading.data) if isinstance(reading.data, str) else reading.data
        )  # pairwise: made
        source = _battles_source(reading.name, frame, args)
        source.notes[:0] = reading.notes + list(frame.attrs.get("notes", ()))
        if missing == "pairwise" or even:
            source.info["pairwise"] = True  # a sparse table's comparisons, not battles
    else:
        source = _scores_source(args, reading)
    source.notes.extend(_warnings(source))
    return source


def _saved_reading(args, options):
    """``(options, document)`` of ``--reading FILE``; a reading option given beside it is refused."""
    if getattr(args, "reading", None) is None:
        return None
    from jaxrate import io
    from jaxrate.io._saved import _KEPT, saved_options

    plain = io.ReadOptions(cli=True)
    given = [options.flag(k) for k in _KEPT if getattr(options, k) != getattr(plain, k)]
    if given:
        raise ValueError(
            f"--reading {args.reading} pins how the input is read; {', '.join(given)} beside it would read "
            "it "
            "otherwise: save a new reading with them (jaxrate read INPUT ... --save FILE)"
        )
    return saved_options(args.reading)


def _battle_file(paths: list) -> bool:
    from jaxrate import io

    try:
        return len(paths) == 1 and os.path.isfile(paths[0]) and io.table_kind(paths[0]) == "battles"
    except ValueError:
        return False


def _refuse_misplaced(args, reading) -> None:
    """Options that the input read has no use for: an error, not silence."""
    missing = getattr(args, "missing", None)
    either = (None, "pairwise", *_BATTLE_ONLY, "error", "drop-models")
    if reading.kind == "battles" and getattr(args, "by", None) is None and missing not in either:
        raise ValueError(f"--missing {missing} is for score tables; {reading.name} holds battle records")
    if reading.kind != "battles" and getattr(args, "by", None) and getattr(args, "folder", None) is None:
        holds = "a score table" if reading.kind == "scores" else "a payoff tensor"
        raise ValueError(
            f"--by is for battle records (the category column of the 3p game); {reading.name} holds {holds}"
            + (" (its tasks are already the third player)" if reading.kind == "scores" else "")
        )


def _scores_source(args, reading) -> Source:
    """A score table (perhaps with the replicates or standard errors behind it) as a source."""
    args.game = args.game or DEFAULTS.score_game
    table = (reading.scores, tuple(reading.models), tuple(reading.tasks))
    source = scores_source(reading.name, table, args.game, [])
    source.notes = _sep_notes(args) + [n for n in reading.notes if not n.startswith("warning: ")]
    source.warnings = [n for n in reading.notes if n.startswith("warning: ")]
    if args.models == "columns":
        source.notes.append("models are the table's columns (--models columns)")
    if reading.replicates is not None:
        return _with_replicates(source, reading.replicates)
    return _standard_errors(source, reading.standard_errors, reading.error_columns, args)


def _with_replicates(source: Source, found) -> Source:
    """The replicates behind a source's scores (items, seeds, folds), said in its notes and info."""
    source.replicates = found
    harness = bool((found.runs["harness"] != "table").any())
    if harness:
        source.info["harness_runs"] = found.runs.to_dict(orient="records")
    if found.column is None:  # harness output without per-item samples: a plain score table
        source.replicates = found if found.without_items else None
        return source
    if found.without_items:  # some scores without items: rated, but nothing to resample for them
        m, t, why = found.without_items[0]
        more = f" ({len(found.without_items) - 1} more)" if len(found.without_items) > 1 else ""
        source.notes.append(f"{m} / {t}: {why}{more}: rated from the aggregate, no per-item interval")
        return source
    data = found.replicates()
    fewest, most = data.counts()
    what = "the harness's own aggregates, checked against them" if harness else "their mean"
    pairing = "paired across models" if data.paired else "resampled per model"
    source.notes.append(
        f"{len(found.frame):,} scores, {plural((int(fewest), int(most)), found.column)} per model and task "
        f"({pairing}); the table is {what}"
    )
    source.info["replicates"] = {
        "column": found.column,
        "paired": data.paired,
        "fewest": int(fewest),
        "most": int(most),
        "observations": int(len(found.frame)),
    }
    return source


def print_notes(source: Source, data_warnings: bool = True) -> None:
    """Notes and warnings about the input on stderr, one line each.

    ``data_warnings=False`` leaves out the notes and warnings about how the
    game was made from the data (the battle pairs imputed, and the share),
    for a method that rates the data itself rather than the game (Elo on
    battles).
    """
    import sys

    from jaxrate.io._assumed import Assumed

    for note in source.notes + (source.warnings if data_warnings else []):
        what = note if note.startswith("warning: ") else f"note: {note}"
        what = f"assumed: {note}" if isinstance(note, Assumed) else what
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


def _dataset_source(args, options) -> Source:
    """A built-in dataset's score table; read as arrays (no pandas) unless its table is reshaped, then
    through the pipeline's choose, complete and finish stages, as a file would be."""
    from jaxrate import datasets
    from jaxrate.io import _pipeline
    from jaxrate.io._cells import Cells
    from jaxrate.io._format import Parsed

    given = [f"--{r}-col" for r in ("model", "task", "score", "replicate") if getattr(args, f"{r}_col", None)]
    if given:
        raise ValueError(f"{', '.join(given)}: for long score tables; --dataset {args.dataset} is wide")
    args.game = args.game or DEFAULTS.score_game
    values, agents, tasks = datasets.load_arrays(args.dataset)
    reshaped = ("normalise", "models", "tasks", "exclude", "lower_better", "higher_better")
    if all(getattr(options, f) in (None, "none") for f in reshaped):
        return scores_source(args.dataset, (values, agents, tasks), args.game, [])
    if options.models == "columns":
        values, agents, tasks = values.T, tasks, agents
    columns = [list(c) for c in values.T]
    cells = Cells(
        args.dataset,
        "agent",
        list(agents),
        list(tasks),
        columns,
        lambda k: f"agent {agents[k]!r}",
        what="task",
    )
    options = options.replace(models="rows")
    board = _pipeline.choose(Parsed("table", args.dataset, cells=cells), options)
    reading = _pipeline.finish(_pipeline.complete(board, options), options, [])
    table = (reading.scores, tuple(reading.models), tuple(reading.tasks))
    return scores_source(args.dataset, table, args.game, reading.notes)


def _standard_errors(source: Source, errors, columns: dict, args) -> Source:
    """Keep a score table's standard errors beside it; with ``--bootstrap``, which draws every score
    from its standard error, refuse a task without any, and draw a score without one with its
    column's largest (said in a warning) unless ``--missing`` drops it."""
    if errors is None:
        return source
    source.standard_errors = errors
    source.info["standard_errors"] = dict(columns)
    if not getattr(args, "bootstrap", None):
        return source
    name, tasks = source.name, list(source.game.strategies[-1])
    lacking = [t for t in tasks if t not in columns]
    if lacking:
        index = {t: k for k, t in enumerate(tasks)}
        empty = {t: int(np.isnan(errors[:, index[t]]).sum()) for t in columns}
        have = ", ".join(
            f"{t!r} ({c!r}" + (f", {empty[t]} of {len(errors)} empty)" if empty[t] else ")")
            for t, c in columns.items()
        )
        raise ValueError(
            f"{name}: --bootstrap draws each score from its standard error, and "
            f"{_quoted(lacking)} {'has' if len(lacking) == 1 else 'have'} none (standard errors: {have}); "
            f"rate the tasks with standard errors (--tasks {','.join(columns)}), or use --task-subsets N "
            "for intervals over subsets of the tasks"
        )
    if args.method != "deviation":
        raise ValueError(
            f"{name}: --bootstrap from standard errors gives intervals for deviation ratings; for "
            f"--method {args.method} use --task-subsets N"
        )
    holes = np.isnan(errors)
    if not holes.any():
        return source
    return _drop_without_errors(source, holes, columns, args)


def _drop_without_errors(source: Source, holes, columns: dict, args) -> Source:
    """``--missing drop-models`` or ``drop-tasks`` applied to the scores without a standard error;
    without either, those are drawn with their column's largest standard error."""
    models, tasks = list(source.game.strategies[0]), list(source.game.strategies[-1])
    if args.missing in ("drop-models", "drop-tasks"):
        axis = 1 if args.missing == "drop-models" else 0
        keep = ~holes.any(axis=axis)
        gone = [n for n, k in zip(models if axis == 1 else tasks, keep) if not k]
        if keep.any():
            table = source.table.loc[keep] if axis == 1 else source.table.loc[:, keep]
            what = "model" if axis == 1 else "task"
            shown = ", ".join(gone[:5]) + (f" and {len(gone) - 5} more" if len(gone) > 5 else "")
            note = f"dropped {len(gone)} {what}(s) without a standard error, for --bootstrap: {shown}"
            kept = scores_source(source.name, table, args.game, source.notes + [note])
            left = set(kept.game.strategies[-1])
            kept.warnings = source.warnings
            kept.info = {**source.info, "standard_errors": {t: c for t, c in columns.items() if t in left}}
            kept.standard_errors = (
                source.standard_errors[keep] if axis == 1 else source.standard_errors[:, keep]
            )
            return kept
    # Conservative by default: an empty standard error is drawn with the largest its column reports,
    # so a model without one gets a wider interval, never a narrower one; and the output says so.
    filled = source.standard_errors.copy()
    for j in np.flatnonzero(holes.any(axis=0)):
        largest = float(np.nanmax(filled[:, j]))
        filled[holes[:, j], j] = largest
        source.warnings.append(
            f"warning: {source.name}: {int(holes[:, j].sum())} of {len(models)} scores on {tasks[j]!r} have "
            f"no standard error ({columns[tasks[j]]!r} empty); --bootstrap draws them with the column's "
            "largest, "
            f"{largest:.4g} (wider intervals, never narrower); --missing drop-models keeps the "
            f"{int((~holes.any(axis=1)).sum())} models with every standard error"
        )
    source.standard_errors = filled
    source.info["standard_errors_filled"] = {tasks[j]: int(n) for j, n in enumerate(holes.sum(axis=0)) if n}
    return source


def _quoted(names: list) -> str:
    return ", ".join(repr(n) for n in names[:10]) + (
        f" and {len(names) - 10} more" if len(names) > 10 else ""
    )


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

    args.missing = DEFAULTS.battle_missing if args.missing is None else args.missing
    if args.missing not in battle_records.MISSING:
        raise ValueError(
            f"--missing for battle records must be one of {', '.join(battle_records.MISSING)}; "
            f"got {args.missing!r}"
        )
    args.game = args.game or ("3p" if args.by else DEFAULTS.battle_game)
    by = args.by if args.game == "3p" else None
    if args.game == "3p" and args.by is None:
        by = "category" if "category" in battles.columns else None
        if by is None:
            raise ValueError("battle records: --game 3p needs --by COLUMN (e.g. category), or use --game 2p")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        made, notes = _win_rate_game(battles, by, args)
    ties = int(made.counts.ties.sum()) // 2
    notes += [f"{ties:,} ties: {TIES}"] if ties else []
    notes += [made.note()] if made.dropped else []
    # How the game was made (pairs imputed) is said with the warnings about it:
    # a method that rates the battles themselves (Elo) imputes nothing and says neither.
    warned = [made.note()] if made.imputed_pairs and not made.dropped else []
    warned += [f"warning: {w.message}" for w in caught if issubclass(w.category, UserWarning)]
    if getattr(args, "method", None) == "elo":  # not on the report page either
        warned = []
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


def _win_rate_game(battles, by, args):
    """``(the win-rate game, notes)``. Elo (``--method elo``) fits the battles and imputes nothing: where
    no Bradley-Terry fit fills the pairs that never met, they are left even in the game it does not
    rate (which ``--json`` records), with a note, instead of stopping."""
    from jaxrate.battles import _win_rate as battle_records

    try:
        return battle_records.win_rate_game(battles, by=by, missing=args.missing), []
    except ValueError as err:
        if getattr(args, "method", None) != "elo" or not str(err).startswith(battle_records.IMPUTE_FAILED):
            raise ValueError(cli_hints(str(err))) from None
    args.missing = "even"
    made = battle_records.win_rate_game(battles, by=by, missing="even")
    note = (
        f"Elo fits the battles and imputes nothing: the {made.imputed_pairs:,} pairs that never met, which "
        "no Bradley-Terry fit can fill here, are left even (--missing even) in the win-rate game that --json "
        "records"
    )
    return made, [note]


def _sep_notes(args) -> list:
    """Say how a text table was split when that was not the usual comma (tab for .tsv), and that
    ``--decimal ,`` read decimal commas."""
    from jaxrate import io

    path = args.file
    if io.suffix(path) not in io.DELIMITED or not os.path.isfile(path):
        return []
    sep = getattr(args, "sep", None) or io.sniff_delimiter(path)
    usual = "\t" if io.suffix(path) in (".tsv", ".tab") else ","
    notes = [f"read as {io.delimiter_name(sep)}-separated"] if sep != usual else []
    return notes + (["read with decimal commas"] if getattr(args, "decimal", ".") == "," else [])


def describe(source: Source) -> str:
    g = source.game
    if source.kind == "scores":
        m, t = source.scores.shape
        head = f"{source.name}: {plural(m, 'agent')} x {plural(t, 'task')}, {source.description}"
    elif source.kind == "battles":
        models = g.num_strategies[0]
        n = len(source.battles)
        battles = f"{n:,} {'battle' if n == 1 else 'battles'}"
        head = f"{source.name}: {battles}, {plural(models, 'model')}, {source.description}"
    else:
        head = f"{source.name}: {source.description}"
    return f"{head}, {int(np.prod(g.num_strategies)):,} joints"
