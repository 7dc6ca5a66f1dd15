"""``jaxrate verify``: check a published result file, from the file and (optionally) its input.

The result file (``jaxrate rate ... --json FILE``, ``Ratings.to_json``) holds the
ratings, the joint and one dual vector per level. ``verify`` rebuilds the game
(from INPUT read with the options the file records, from the built-in dataset
it names, or from the table or payoffs it embeds), checks that it is the game
that was rated (its SHA-256), then checks the proof from scratch
(:func:`jaxrate.verify`): in floating point, or with ``--exact`` in rational
arithmetic. One line says what was proved (exit 0) or what failed (exit 1);
an unreadable file or input exits 2.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import time
from collections.abc import Sequence
from typing import Any

EXAMPLES = """examples:
  jaxrate rate scores.csv --json board.json && jaxrate verify board.json scores.csv
  jaxrate verify board.json                  # against the table the file embeds
  jaxrate verify board.json --exact          # every check in exact rational arithmetic
"""


def add_options(parser) -> None:
    parser.add_argument("result", metavar="RESULT.json", help="a result file (jaxrate rate --json)")
    parser.add_argument(
        "input",
        metavar="INPUT",
        nargs="*",
        default=[],  # optional: argparse would otherwise name it among the required arguments
        help="the input that was rated (read with the options the file records); default: the game the "
        "file embeds (a score table always, payoffs of small games) or the dataset it names",
    )
    parser.add_argument("--exact", action="store_true", help="check in exact rational arithmetic")


def input_options(args) -> dict:
    """The input options of a ``rate`` run, as the result file records them (how to rebuild its game)."""
    dests = list(_input_defaults())
    paths = getattr(args, "paths", None) or ([args.file] if getattr(args, "file", None) else [])
    return {"files": [str(p) for p in paths], "options": {d: getattr(args, d, None) for d in dests}}


def run(args, argv: Sequence[str]) -> int:
    from jaxrate.results._files import DuplicateKey
    from jaxrate.results._result_file import document_digest, read_document
    from jaxrate.results._saved import Inconsistent

    # Exit 2 only for a file that cannot be read as a result file (missing, not JSON, no format); any
    # inconsistency in one that can is exit 1: a key twice, a malformed block, or, in a file whose digest
    # is stale, anything that stops the check (an edited method name reads as "cannot check" otherwise).
    try:
        document = read_document(args.result)
    except DuplicateKey as err:
        said = str(err).removeprefix(args.result + ": ")
        return _failed(args.result, [f"{said} (a reader keeping the other sees what was never proved)"])
    edited = document.get("digest") != document_digest(document)
    try:
        return _check(args, *_read(args.result))
    except Inconsistent as err:
        return _failed(args.result, [str(err)] + [_EDITED] * edited)
    except (KeyError, TypeError, AttributeError, IndexError, ArithmeticError) as err:  # not as jaxrate writes
        return _failed(
            args.result, [f"malformed result file ({type(err).__name__}: {err})"] + [_EDITED] * edited
        )
    except ValueError as err:  # cannot check (exit 2), unless the file was changed: then it is why
        if not edited:
            raise
        return _failed(args.result, [_EDITED, str(err).removeprefix(args.result + ": ")])


def _check(args, saved, block: dict) -> int:
    """The check of a result file read back: one line, exit 0 (proved) or 1 (a problem found)."""
    from jaxrate.results._result_file import game_digest

    started = time.perf_counter()
    game, where, source = _game(args, saved, block)
    problems = _identity(game, block, where) or _names(saved.ratings, game)
    checked = None
    if not problems:
        checked = _proof(game, saved.ratings, args.exact)
        problems += list(checked.problems)
    problems += _consistency(saved.document, saved.ratings)
    audited, audit_problems = _audit(saved.document, source) if not problems else (0, [])
    problems += audit_problems
    if saved.edited:
        problems.append(_EDITED)
    seconds = time.perf_counter() - started
    if problems:
        return _failed(args.result, problems)
    line = _proved_line(args, saved, game, where, checked, seconds, game_digest(game), block)
    if "audit" in saved.document:
        line += (
            f"; audit: {audited} reversal(s) re-rated without their units, each order flipped"
            if source is not None
            else "; audit not re-checked (it needs the input: jaxrate verify RESULT.json INPUT)"
        )
    print(line)
    return 0


_EDITED = "the file was changed after jaxrate wrote it (its digest is missing or does not match)"


def _failed(path: str, problems: list[str]) -> int:
    """The one line of a check that found the file inconsistent (exit 1)."""
    extra = f" (and {len(problems) - 1} more: {'; '.join(problems[1:])})" if len(problems) > 1 else ""
    print(f"FAILED: {path}: {problems[0]}{extra}")
    return 1


def _audit(document: dict, source) -> tuple[int, list[str]]:
    """``--audit``'s reversals re-rated from the input without their units (none without the input)."""
    saved = document.get("audit")
    if not isinstance(saved, dict) or source is None:
        return 0, []
    from jaxrate.cli._audit import board_options
    from jaxrate.robustness import recheck

    options = source.info.get("read_with", {})
    try:
        data, made = board_options(source, units=saved.get("unit"), **options)
    except ValueError as err:
        return 0, [f"audit: {err}"]
    return recheck(data, saved, method=document.get("method", "deviation"), **made)


def _read(path: str) -> tuple[Any, dict]:
    """The result file read back, and its game block; ``ValueError`` (exit 2) when it holds no proof."""
    from jaxrate.results._result_file import read_document
    from jaxrate.results._saved import read_result

    method = read_document(path).get("method", "deviation")
    if method != "deviation":
        raise ValueError(f"{path}: no proof to check ({method} ratings: only deviation ratings carry one)")
    saved = read_result(path)
    document = saved.document
    if "games" in document:
        raise ValueError(f"{path} holds a batch of games; check each from Python (jaxrate.verify)")
    if saved.ratings is None or saved.ratings.proof is None:
        raise ValueError(f"{path}: no proof to check (status {document.get('status')})")
    block = document.get("game")
    if not isinstance(block, dict):
        raise ValueError(f"{path} records no game; write it with `jaxrate rate ... --json`")
    return saved, block


def _names(ratings, game) -> list[str]:
    """The ratings are named as the game's players and strategies, in the game's order."""
    if tuple(ratings.players) != tuple(game.players):
        return [f"players: the ratings are of {list(ratings.players)}; the game's are {list(game.players)}"]
    for player, got, want in zip(game.players, ratings.strategies, game.strategies):
        if tuple(got) != tuple(want):
            first = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), 0)
            where = f"{player} strategy {first}"
            return [f"names: {where} is {got[first]!r} in the ratings, {want[first]!r} in the game"]
    return []


def _game(args, saved, block: dict) -> tuple[Any, str]:
    """The game to check against, and where it came from (for the one line)."""
    from jaxrate.cli._inputs import load_source

    recipe = block.get("input")
    if args.input or (recipe and recipe["options"].get("dataset")):
        if not recipe:
            raise ValueError(
                f"{args.result} records no input options (written from Python); "
                f"check it against the game it embeds: jaxrate verify {args.result}"
            )
        options = dict(recipe["options"])
        options["file"] = list(args.input) or None
        if args.input:
            options["dataset"] = None
        namespace = argparse.Namespace(**options)
        with contextlib.redirect_stderr(io.StringIO()):  # the reader's notes: the one line says it all
            source = load_source(namespace)
        source.info["read_with"] = {k: getattr(namespace, k, None) for k in ("game", "by", "missing")}
        where = " ".join(args.input) if args.input else f"dataset {options.get('dataset')}"
        return source.game, where, source
    if saved.game is None:
        raise ValueError(
            f"{args.result} does not embed its game ({block.get('kind')}, shape {block.get('shape')}); "
            f"give the input it rated: jaxrate verify {args.result} INPUT"
        )
    return saved.game, "the game embedded in the file", None


def _identity(game, block: dict, where: str) -> list[str]:
    """The game is the one that was rated: its kind, shape and SHA-256."""
    from jaxrate.results._result_file import game_digest, game_kind

    kind = game_kind(game)
    if kind != block.get("kind"):
        return [f"game kind: the file says {block.get('kind')!r}; {where} makes a {kind!r} game"]
    if list(game.num_strategies) != list(block.get("shape", [])):
        return [f"game shape: the file says {block.get('shape')}; {where} makes {list(game.num_strategies)}"]
    digest = game_digest(game)
    if digest != block.get("sha256"):
        return [
            f"input: {where} is not the game that was rated (sha256 {digest[:12]}..., "
            f"the file records {str(block.get('sha256'))[:12]}...)"
        ]
    return []


def _proof(game, ratings, exact: bool):
    from jaxrate.results.certificate import RATIONAL_MAX_JOINTS, verify

    if exact and game.num_joints > RATIONAL_MAX_JOINTS:
        raise ValueError(
            f"--exact checks games of up to {RATIONAL_MAX_JOINTS:,} joints; this one has "
            f"{game.num_joints:,} (check it in floating point: drop --exact)"
        )
    return verify(game, ratings, rational=exact)


def _consistency(document: dict, ratings) -> list[str]:
    """The board as printed (``ranking``) shows the ratings that were proved, at their ranks."""
    from jaxrate.results.ranking import tied_ranks

    ranking = document.get("ranking")
    if ranking is None:
        return []
    if not isinstance(ranking, list) or not all(isinstance(e, dict) for e in ranking):
        return ["ranking: not a list of entries"]
    values = ratings.ratings[0]
    index = {name: i for i, name in enumerate(ratings.strategies[0])}
    ranks = tied_ranks(values, float(document.get("tie_tolerance", 0.0)))
    if sorted(e.get("strategy") for e in ranking if e.get("strategy") in index) != sorted(index):
        return ["ranking: it does not list every rated strategy once"]
    for entry in ranking:
        i = index[entry["strategy"]]
        if entry.get("rating") != float(values[i]) or entry.get("rank") != int(ranks[i]):
            return [
                f"ranking: {entry['strategy']!r} is listed at rank {entry.get('rank')!r}, rating "
                f"{entry.get('rating')!r}; its rating is {float(values[i])!r}, rank {int(ranks[i])}"
            ]
    return []


def _proved_line(args, saved, game, where: str, checked, seconds: float, digest: str, block: dict) -> str:
    ratings = saved.ratings
    count = sum(len(s) for s in ratings.strategies)
    shape = " x ".join(str(a) for a in game.num_strategies)
    arithmetic = "exact rational arithmetic" if args.exact else "floating point"
    read = _read_with(block.get("input"))
    return (
        f"verified: {args.result} holds the deviation ratings of {where}{read} ({shape} game, sha256 "
        f"{digest}): {count} ratings, joint + {len(ratings.proof.level_values)} level proofs "
        f"checked in {arithmetic} in {seconds:.2f} s (max |delta - r| {checked.max_rating_residual:.1e}, "
        f"dual gap {checked.max_dual_gap:.1e}, tolerance {checked.tolerance:.1e})"
    )


def _read_with(recipe: dict | None) -> str:
    """The input options the rating was read with, where they are not the defaults."""
    if not recipe:
        return ""
    defaults = _input_defaults()
    shown = [
        f"--{k.replace('_', '-')} {v}"
        for k, v in recipe.get("options", {}).items()
        if k not in ("dataset", "file") and v is not None and v != defaults.get(k)
    ]
    return f" read with {' '.join(shown)}" if shown else ""


def _input_defaults() -> dict:
    """``{option: default}`` of every input option of ``jaxrate rate`` (the positional FILE aside)."""
    from jaxrate.cli._inputs import add_input_options

    probe = argparse.ArgumentParser(add_help=False)
    add_input_options(probe)
    return {a.dest: a.default for a in probe._actions if a.dest not in ("help", "file")}
