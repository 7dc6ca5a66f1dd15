"""``jaxrate audit``: the fewest votes or tasks whose removal reverses the top spot and each pair."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from jaxrate.cli import _output
from jaxrate.cli._inputs import add_input_options, describe, load_source, print_notes
from jaxrate.cli._methods import add_elo_options, elo_settings

METHODS = ("deviation", "elo", "uniform")
EXAMPLES = """examples:
  jaxrate audit battles.csv --method elo                  # top spot and the first 10 adjacent pairs
  jaxrate audit battles.csv --pairs gpt-4o,claude-3.5 --budget 0.001
  jaxrate audit --dataset livebench --budget 0.2 --json audit.json
  jaxrate audit scores.csv --game 2p --adjacent 5

Units are the input's: votes for battle records, tasks for score tables. Each
reversal is confirmed by re-rating without the units listed; a pair whose
search spends the budget says 'no set found ... within' it.
"""


def add_options(parser) -> None:
    add_input_options(parser)
    parser.add_argument(
        "--method", default="deviation", choices=METHODS, help="the rating audited (default deviation)"
    )
    add_elo_options(parser)
    parser.add_argument(
        "--pairs",
        action="append",
        metavar="A,B",
        help="audit the pair A over B (repeatable) instead of the adjacent pairs of the ranking",
    )
    parser.add_argument(
        "--adjacent",
        type=int,
        default=10,
        metavar="N",
        help="adjacent pairs of the ranking, from the top (default 10)",
    )
    parser.add_argument(
        "--budget",
        type=float,
        default=None,
        metavar="F",
        help="the most units a search may remove: a fraction in (0, 1]; default 0.01 (at least one unit), "
        "and at least 3 units",
    )
    parser.add_argument(
        "--units", choices=("votes", "tasks", "items", "seeds"), help="what is removed (default: the input's)"
    )
    parser.add_argument(
        "--tie-tol",
        type=float,
        default=1e-7,
        help="ties within this fraction of the method's scale (default 1e-7)",
    )
    parser.add_argument(
        "--json", metavar="PATH", help="write the audit (every pair, the units removed) as JSON"
    )


def _pairs(args) -> list[tuple[str, str]] | None:
    if not args.pairs:
        return None
    out = []
    for text in args.pairs:
        names = [n.strip() for n in text.split(",")]
        if len(names) != 2 or not all(names):
            raise ValueError(f"--pairs needs A,B (two model names); got {text!r}")
        out.append((names[0], names[1]))
    return out


def board_options(source, *, game, by, missing, units=None) -> tuple:
    """``(data, options)`` for :func:`jaxrate.audit` and :func:`jaxrate.robustness.recheck` from an input
    read by the command line: its battle counts, its replicates (items, seeds) or its score table."""
    if source.kind == "battles":
        game_players = source.game.players
        by = game_players[2] if len(game_players) == 3 else None  # the category column the game was made by
        if missing not in ("model", "even"):
            raise ValueError(
                f"--missing {missing}: the audit re-rates the same models with votes removed; use "
                "--missing model (the default) or even"
            )
        return source.counts, {"by": by, "missing": missing}
    replicates = getattr(source, "replicates", None)
    if source.kind == "scores" and replicates is not None and replicates.column is not None:
        return replicates, {"game": game}  # items or seeds (its tasks with units="tasks")
    if source.kind == "scores":
        if units in ("items", "seeds"):
            raise ValueError(
                f"--units {units}: {source.name} has one score per model and task, no {units}; "
                "audit its tasks (the default)"
            )
        models, tasks = source.game.strategies[0], source.game.strategies[-1]
        return source.scores, {"game": game, "models": models, "tasks": tasks}
    raise ValueError(
        "a payoff tensor has no units to remove (votes, tasks); audit the battle records or the "
        "score table it came from"
    )


def audit_source(source, *, method, game, by, missing, units=None, **options):
    """:func:`jaxrate.audit` of an input read by the command line (``options``: its other arguments)."""
    import jaxrate

    data, made = board_options(source, game=game, by=by, missing=missing, units=units)
    return jaxrate.audit(data, method=method, units=units, **made, **options)


def run(args, argv: Sequence[str]) -> int:
    import jaxrate

    if args.budget is not None and not (0 < args.budget <= 1):
        raise ValueError(f"--budget must be a fraction of the units in (0, 1]; got {args.budget:g}")
    if args.adjacent < 0:
        raise ValueError(f"--adjacent must be >= 0; got {args.adjacent}")
    if not args.tie_tol >= 0:
        raise ValueError(f"--tie-tol must be >= 0; got {args.tie_tol}")
    _output.check_output_path("--json", args.json)
    pairs = _pairs(args)
    elo = elo_settings(args)
    source = load_source(args)
    result = audit_source(
        source,
        method=args.method,
        pairs=pairs,
        adjacent=args.adjacent,
        budget=args.budget,
        units=args.units,
        elo=elo,
        tie_tol=args.tie_tol,
        game=args.game,
        by=getattr(args, "by", None),
        missing=getattr(args, "missing", None),
    )
    print_notes(source)  # with the audit they describe: a refusal before it is one line alone
    print(describe(source))
    for line in result.lines():
        print(line)
    print(
        f"{args.method}: {result.rerated:,} re-ratings in {result.seconds:.1f} s; budget {result.budget:,} "
        f"of {result.total:,} {result.unit}; every reversal above was re-rated and its order checked",
        file=sys.stderr,
    )
    if args.json is not None:
        payload = {
            "jaxrate_version": jaxrate.__version__,
            "command": ["jaxrate", *argv],
            "source": source.name,
            "game": source.description,
            "audit": result.to_dict(),
        }
        _output.write_json(args.json, payload)
    return 0
