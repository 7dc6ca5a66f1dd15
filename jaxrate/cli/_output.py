"""Tables, files and progress bars of the command line."""

from __future__ import annotations

import csv
import io
import json
import os
import sys
import tempfile
import time
from collections.abc import Sequence

import numpy as np

__all__ = [
    "ProgressBar",
    "check_output_path",
    "print_table",
    "rank_labels",
    "write_atomic",
    "write_csv",
    "write_json",
]


def format_table(headers: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool]) -> str:
    """Plain-text table: a header, a rule, then the rows (what pipes and files get)."""
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]

    def fmt(cells):
        return "  ".join(c.rjust(w) if r else c.ljust(w) for c, w, r in zip(cells, widths, right)).rstrip()

    return "\n".join([fmt(headers), fmt(["-" * w for w in widths])] + [fmt(r) for r in rows])


def print_table(
    headers: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool], title: str = ""
) -> None:
    """A rich table on a terminal (when ``rich`` is installed), plain text otherwise."""
    if sys.stdout.isatty():
        try:
            from rich.console import Console
            from rich.table import Table
        except ImportError:  # pragma: no cover - rich is optional
            pass
        else:
            table = Table(title=title or None, title_justify="left")
            for h, r in zip(headers, right):
                table.add_column(h, justify="right" if r else "left")
            for row in rows:
                table.add_row(*row)
            Console().print(table)
            return
    if title:
        print(title)
    print(format_table(headers, rows, right))


def rank_labels(ranks: np.ndarray) -> list[str]:
    """``"1="`` for a rank shared with another strategy, ``"4"`` otherwise."""
    counts = np.bincount(ranks)
    return [f"{r}=" if counts[r] > 1 else f"{r}" for r in ranks.tolist()]


def check_output_path(option: str, path: str | None) -> None:
    """Fail before any work when an output's directory does not exist."""
    if path is None:
        return
    directory = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(directory):
        raise ValueError(f"{option} {path}: directory {directory} does not exist")


def write_atomic(path: str, text: str | bytes) -> None:
    """Write through a temporary file and rename: never a half-written file."""
    directory = os.path.dirname(os.path.abspath(path))
    suffix = os.path.splitext(path)[1]
    fd, tmp = tempfile.mkstemp(prefix=".jaxrate-", suffix=suffix, dir=directory)
    try:
        with os.fdopen(fd, "wb" if isinstance(text, bytes) else "w") as f:
            f.write(text)
        # mkstemp creates the file 0600; give it the permissions a plain open() would.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def write_json(path: str, payload: dict) -> None:
    write_atomic(path, json.dumps(payload, indent=2) + "\n")


def write_csv(path: str, headers: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(headers)
    writer.writerows(rows)
    write_atomic(path, buffer.getvalue())


class ProgressBar:
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
