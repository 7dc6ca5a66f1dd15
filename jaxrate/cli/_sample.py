"""``jaxrate sample NAME [FOLDER]``: write the sample inputs the documentation's commands read."""

from __future__ import annotations

from collections.abc import Sequence

EXAMPLES = """examples:
  jaxrate sample                  list the samples
  jaxrate sample battles          write battles.csv into the current folder
  jaxrate sample all try/         every sample, into try/

Every command of the documentation runs on these files as written. A file already
there is kept when it is the same and never overwritten when it differs.
"""

__all__ = ["EXAMPLES", "add_options", "run"]


def add_options(parser) -> None:
    parser.add_argument("name", nargs="?", help="the sample to write (no name: list them), or all")
    parser.add_argument("folder", nargs="?", default=".", help="where to write it (default: here)")


def run(args, argv: Sequence[str]) -> int:
    from jaxrate.datasets import SAMPLES, write_sample

    if args.name is None:
        width = max(map(len, SAMPLES))
        for name, (what, _) in SAMPLES.items():
            print(f"{name:<{width}}  {what}")
        print(f"{'all':<{width}}  every sample above")
        return 0
    for path in write_sample(args.name, args.folder):
        print(f"wrote {path}{'/' if path.is_dir() else ''}")
    return 0
