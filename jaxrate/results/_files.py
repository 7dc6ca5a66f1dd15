"""Files read and written as a hostile world hands them over (shared by the library and the command line).

Writing: never a half-written file. Reading: only a regular file (a FIFO would block forever), within a
size, decoded as its byte-order mark says (UTF-8, UTF-16, UTF-32) and JSON parsed strictly: a key twice
in one object, or nesting deeper than Python's parser goes, is an error naming the file.
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
from typing import Any

__all__ = ["MAX_JSON_BYTES", "DuplicateKey", "decode", "load_json", "parse_json", "read_bytes",
           "regular_file", "write_atomic"]  # fmt: skip

MAX_JSON_BYTES = 2**31  # a JSON document larger than 2 GiB is refused before it is read
_BOMS = ((b"\xef\xbb\xbf", "utf-8-sig"), (b"\xff\xfe\x00\x00", "utf-32"), (b"\x00\x00\xfe\xff", "utf-32"),
         (b"\xff\xfe", "utf-16"), (b"\xfe\xff", "utf-16"))  # fmt: skip


def regular_file(path: str | os.PathLike) -> None:
    """A ``ValueError`` naming ``path`` where it is not a regular file (a FIFO, a device, a socket, a
    folder): reading one could block forever or never end."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise ValueError(f"{os.fspath(path)}: no such file") from None
    except OSError as err:
        raise ValueError(f"{os.fspath(path)}: cannot read it ({err.strerror or err})") from None
    if not stat.S_ISREG(mode):
        kind = "a folder" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode) else "not a regular file"
        raise ValueError(f"{os.fspath(path)}: {kind}, not a file jaxrate reads (give a regular file)")


def read_bytes(path: str | os.PathLike, limit: int = MAX_JSON_BYTES, what: str = "file") -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (a ``ValueError`` naming it otherwise)."""
    regular_file(path)
    size = os.path.getsize(path)
    if size > limit:
        raise ValueError(f"{os.fspath(path)}: {size:,} bytes, over the {limit:,} a {what} may hold")
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as err:
        raise ValueError(f"{os.fspath(path)}: cannot read it ({err.strerror or err})") from None


def decode(data: bytes, where: str) -> str:
    """Text as its byte-order mark says (UTF-8 without one); a ``ValueError`` naming ``where`` for bytes
    that are not text (undecodable, or holding NUL characters)."""
    encoding = next((e for bom, e in _BOMS if data.startswith(bom)), "utf-8")
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as err:
        raise ValueError(
            f"{where}: not UTF-8 text (byte {err.start}: {data[err.start : err.start + 1]!r})"
        ) from None
    if "\x00" in text:
        raise ValueError(f"{where}: holds NUL characters, not text (a binary file, or a damaged one)")
    return text


class DuplicateKey(ValueError):
    """A JSON object holding one key twice: which one counts is a reader's guess (in a result file,
    tampering: a reader keeping the first sees what was never proved)."""


class _Twice(Exception):
    pass


def _strict_object(pairs: list) -> dict:
    out = dict(pairs)
    if len(out) < len(pairs):
        seen: set = set()
        raise _Twice(next(k for k, _ in pairs if k in seen or seen.add(k)))
    return out


def parse_json(text: str, where: str) -> Any:
    """JSON parsed strictly: a key twice in one object (which one counts would be a reader's guess)
    and nesting deeper than Python's parser goes (about 1,000) are errors naming ``where``, as is text
    that is not JSON."""
    try:
        return json.loads(text, object_pairs_hook=_strict_object)
    except _Twice as err:
        raise DuplicateKey(f"{where}: the key {err.args[0]!r} appears twice in one object") from None
    except json.JSONDecodeError as err:
        raise ValueError(f"{where}: not JSON ({err})") from None
    except RecursionError:
        raise ValueError(
            f"{where}: JSON nested too deep to read (no results file nests more than a few levels)"
        ) from None


def load_json(path: str | os.PathLike) -> Any:
    """A JSON file read strictly (:func:`read_bytes`, :func:`decode`, :func:`parse_json`)."""
    where = os.fspath(path)
    data = read_bytes(path)
    if not data.strip():
        raise ValueError(f"{where}: the file is empty")
    return parse_json(decode(data, where), where)


def write_atomic(path: str, text: str | bytes) -> None:
    """Write through a temporary file and rename: never a half-written file.

    An error names ``path``, not the temporary file.
    """
    directory = os.path.dirname(os.path.abspath(path))
    suffix = os.path.splitext(path)[1]
    try:
        fd, tmp = tempfile.mkstemp(prefix=".jaxrate-", suffix=suffix, dir=directory)
    except OSError as err:
        raise OSError(err.errno, err.strerror, path) from None
    try:
        with os.fdopen(fd, "wb" if isinstance(text, bytes) else "w") as f:
            f.write(text)
        # mkstemp creates the file 0600; give it the permissions a plain open() would.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException as err:
        if os.path.exists(tmp):
            os.unlink(tmp)
        if isinstance(err, OSError):
            raise OSError(err.errno, err.strerror, path) from None
        raise
