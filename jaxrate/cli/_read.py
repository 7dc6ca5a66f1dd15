"""``jaxrate read``: what jaxrate makes of an input, without rating it; and the reading saved to pin it.

Prints the models and tasks read, every column's role (a score, a standard error, a count, text, ...)
and direction with its reason, what was assumed and the notes; ``--save FILE`` writes the reading,
which ``jaxrate rate INPUT --reading FILE`` takes back so that the input is read the same way every
time (a new column or decision is refused, naming it).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence

from jaxrate.cli import _output

EXAMPLES = """examples:
  jaxrate read scores.csv                       what each column is, and why
  jaxrate read runs/ --save reading.json        pin the reading of a board published every week
  jaxrate rate runs/ --reading reading.json     read it as pinned: a new column or decision is refused
"""

__all__ = ["EXAMPLES", "add_options", "run"]

_WHY = {
    "convention": "assumed: nothing in the input says which way it points",
    "by name": "assumed: by name (the vocabulary of metric names)",
    "option": "said by the options",
    "declared": "declared by the source",
    "named": "named by --tasks",
}


def add_options(parser) -> None:
    from jaxrate.cli._inputs import add_input_options

    add_input_options(parser)
    out = parser.add_argument_group("output")
    out.add_argument(
        "--save", metavar="FILE", help="write the reading (for jaxrate rate INPUT --reading FILE)"
    )
    out.add_argument("--json", metavar="FILE", help="write what was read as JSON ('-': standard output)")


def run(args, argv: Sequence[str]) -> int:
    from jaxrate import io
    from jaxrate.io._saved import reading_document

    if args.file in (None, []):
        raise ValueError("give the input to read: jaxrate read PATH")
    for option, path in (("--save", args.save), ("--json", args.json)):
        _output.check_output_path(option, path)
    paths = list(args.file) if isinstance(args.file, list) else [args.file]
    options = io.ReadOptions.from_args(args, missing=args.missing or "error")
    reading = io.read(paths, options)
    document = reading_document(reading, options, paths)
    _print(reading, paths)
    if args.save is not None:
        from jaxrate.results._files import write_atomic

        write_atomic(args.save, json.dumps(document, indent=1) + "\n")
        print(
            f"saved to {args.save}: jaxrate rate {' '.join(paths)} --reading {args.save} reads it the same "
            "way"
        )
    if args.json is not None:
        text = json.dumps(
            {**document, "models": list(map(str, reading.models)), "notes": list(reading.notes)}
        )
        if args.json == "-":
            sys.stdout.write(text + "\n")
        else:
            from jaxrate.results._files import write_atomic

            write_atomic(args.json, text + "\n")
    return 0


def _print(reading, paths: list[str]) -> None:
    shape = (
        f"{len(reading.models)} models x {len(reading.tasks)} tasks"
        if reading.kind == "scores"
        else reading.kind
    )
    print(f"{reading.name}: {shape}")
    if reading.kind == "scores":
        shown = ", ".join(map(str, reading.models[:12])) + (" ..." if len(reading.models) > 12 else "")
        print(f"models ({len(reading.models)}): {shown}")
        rows = []
        for role in reading.columns:
            way = {True: "higher", False: "lower", None: ""}[role.higher]
            why = _WHY.get(role.why, role.why) + (f" ({role.of})" if role.of else "")
            rows.append([str(role.name), role.role, way, why])
        _output.print_table(["column", "role", "better", "why"], rows, [False] * 4)
    from jaxrate.io._assumed import Assumed

    for note in reading.notes:
        kind = (
            "assumed" if isinstance(note, Assumed) else "warning" if note.startswith("warning: ") else "note"
        )
        print(f"{kind}: {note.removeprefix('warning: ')}")
