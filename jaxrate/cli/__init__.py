"""The ``jaxrate`` command line: ``rate``, ``read``, ``verify``, ``rate-many``, ``compare``, ``audit``,
``reproduce`` and ``sample``."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from jaxrate.game._xla_cache import compilation_cache

__all__ = ["main"]

EXAMPLES = """examples:
  jaxrate rate --dataset atari --game 3p
  jaxrate sample battles && jaxrate rate battles.csv --method elo
  jaxrate rate scores.csv --game 2p --json ratings.json --plot ratings.png
  jaxrate verify ratings.json scores.csv
  jaxrate rate long_scores.parquet --missing drop-tasks --normalise minmax
  jaxrate rate battles.csv --game 2p --bootstrap 200
  jaxrate rate scores.csv --bootstrap 1000 --report report/
  jaxrate compare scores.csv --methods deviation,uniform,elo,payoff
  jaxrate rate-many games/ --out ratings/ --scheduler tcp://scheduler:8786
  jaxrate reproduce livebench --data path/to/livebench_2024_08_17.csv --out livebench/
"""


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one readable line, exit code 2
        raise _UsageError(f"{self.prog}: {message}{_did_you_mean(self, message)} (see --help)")


def _options(parser: argparse.ArgumentParser, argv: Sequence[str]) -> list[str]:
    """The option strings of the command that ``argv`` names (``rate``, ...), else of ``parser``."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            named = next((a for a in argv if a in action.choices), None)
            if named is not None:
                return _options(action.choices[named], [])
    return [o for action in parser._actions for o in action.option_strings if o.startswith("--")]


def _did_you_mean(parser: argparse.ArgumentParser, message: str) -> str:
    """``"; did you mean --bootstrap?"`` for an unrecognized option close to one there is."""
    import difflib

    if not message.startswith("unrecognized arguments:"):
        return ""
    words = message.split(":", 1)[1].split()
    known = _options(parser, sys.argv[1:] if _ARGV is None else _ARGV)
    hints = []
    for word in (w.split("=", 1)[0] for w in words if w.startswith("--")):
        close = [o for o in known if o.startswith(word)] or difflib.get_close_matches(
            word, known, n=2, cutoff=0.7
        )
        if close:
            hints.append(f"{word}: did you mean {' or '.join(close[:2])}?")
    return "; " + "; ".join(hints) if hints else ""


_ARGV: list[str] | None = None  # the arguments main() is parsing (did-you-mean looks up their command)


def _build_parser() -> argparse.ArgumentParser:
    from jaxrate import __version__
    from jaxrate.cli import _audit, _compare, _rate, _rate_many, _read, _reproduce, _sample, _verify

    parser = _Parser(
        prog="jaxrate",
        description="Clone-invariant deviation ratings (Marris et al., ICLR 2025), and other ratings.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"jaxrate {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    for name, module, help_text in (
        ("rate", _rate, "rate the strategies of a score table, battle records or payoff tensor"),
        ("read", _read, "what jaxrate makes of an input: each column's role and direction, and why"),
        ("verify", _verify, "check a result file's proof (jaxrate rate --json) against its input"),
        ("rate-many", _rate_many, "rate every input in a folder, on local processes or a Dask cluster"),
        ("compare", _compare, "several rating methods side by side, with rank changes"),
        ("audit", _audit, "the fewest votes or tasks whose removal reverses the top spot and each pair"),
        ("reproduce", _reproduce, "reproduce one of the paper's studies into a folder"),
        ("sample", _sample, "write a sample input (Arena battles, harness output, ...) to try commands on"),
    ):
        command = sub.add_parser(
            name,
            help=help_text,
            description=help_text[0].upper() + help_text[1:] + ".",
            epilog=module.EXAMPLES if hasattr(module, "EXAMPLES") else EXAMPLES,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        module.add_options(command)
        command.set_defaults(run=module.run)
    return parser


def one_line(text: str) -> str:
    """An error as one line: line breaks and other control characters (a file name may hold them)
    written as escapes (``\\n``)."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _failed(said: str, shown: int = 2) -> str:
    """A failed solve's message in one line: its first problems, and how many more."""
    head, _, rest = said.partition(": ")
    problems = rest.split("; ") if rest else []
    if len(problems) > shown:
        said = f"{head}: {'; '.join(problems[:shown])}; and {len(problems) - shown} more"
    return f"{said} (nothing written: the ratings could not be proven; a defect: report it with the input)"


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``jaxrate`` command; returns the exit code."""
    global _ARGV
    argv = list(sys.argv[1:] if argv is None else argv)
    _ARGV = argv
    try:
        parser = _build_parser()
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help()
            return 2
        compilation_cache()  # JAX's persistent cache, for a JAX path that imports JAX later
        return args.run(args, argv)
    except BrokenPipeError:  # output piped into e.g. head, which closed early
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except _UsageError as err:
        print(str(err), file=sys.stderr)
        return 2
    except ValueError as err:
        print(f"jaxrate: error: {one_line(str(err))}", file=sys.stderr)
        return 2
    except OSError as err:
        said = f"{err.strerror or err}: {err.filename or ''}".rstrip(": ")
        print(f"jaxrate: error: {one_line(said)}", file=sys.stderr)
        return 2
    except RuntimeError as err:  # a solve whose proof failed every rescue: ours, not the input's
        print(f"jaxrate: error: {one_line(_failed(str(err)))}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("jaxrate: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
