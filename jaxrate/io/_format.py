"""One format of input: what it recognises (:class:`Head`, :class:`Format`) and what it parses to
(:class:`Parsed`), the types every format module and the registry (:mod:`jaxrate.io._formats`) share."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable
from typing import Any, NamedTuple

__all__ = ["Format", "Head", "Parsed"]


class Head(NamedTuple):
    """What recognising a file looks at: its path, lower-case name, suffix and first characters."""

    path: str
    name: str
    suffix: str
    text: str
    error: str | None = None  # why the file's start is not text (not a regular file, not UTF-8, NULs)

    @classmethod
    def of(cls, path: str, size: int = 4096) -> Head:
        """The file's first ``size`` bytes as text, as its byte-order mark says (UTF-8, UTF-16)."""
        from jaxrate.io._text import suffix
        from jaxrate.results._files import decode, regular_file

        text, error = "", None
        try:
            regular_file(path)  # never opened otherwise: a FIFO would block
            with open(path, "rb") as f:
                data = f.read(size)
            text = decode(data[: _whole(data, size)], path)
        except ValueError as err:
            error = str(err).removeprefix(f"{path}: ")
        except OSError as err:
            error = f"cannot read it ({err.strerror or err})"
        return cls(path, os.path.basename(path).lower(), suffix(path), text, error)

    def json(self, opens: str, *keys: str) -> bool:
        """Whether the file is JSON starting with ``opens`` and naming every one of ``keys``."""
        return self.text.lstrip().startswith(opens) and all(f'"{k}"' in self.text for k in keys)


def _whole(data: bytes, size: int) -> int:
    """Where to cut a file's first ``size`` bytes so that no UTF-8 or UTF-16 character is cut in two."""
    if len(data) < size:
        return len(data)
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return len(data) - len(data) % 4
    end = len(data)
    for back in range(1, 4):  # a UTF-8 character's start, at most 3 bytes back
        if end - back >= 0 and (data[end - back] & 0xC0) == 0xC0:
            return end - back
    return end


@dataclasses.dataclass(frozen=True)
class Format:
    """One format: ``recognise(head)`` says why a file is of it (or ``None``); ``parse`` reads its files;
    ``role``: ``"runs"``, ``"table"``, ``"battles"``, ``"payoffs"``, ``"part"`` or ``"listing"``;
    ``folders``: recognised inside folders, not only when named."""

    name: str
    role: str
    recognise: Callable[[Head], str | None]
    parse: Callable[..., Any] | None = None
    folders: bool = True


class Parsed(NamedTuple):
    """What the parse stage gives: harness ``runs``, or one table's ``cells`` with what the source
    declares of its columns, or battle records / a payoff game (``data``); ``notes``."""

    kind: str
    name: str
    runs: list = []
    cells: Any = None
    declared: dict = {}
    data: Any = None
    notes: list = []
    sep: str | None = None
    column: str = "item"  # what the runs' replicates are (a table's seed, fold, ...)
