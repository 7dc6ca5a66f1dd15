"""The find stage: the files behind the paths given (globs expanded, folders walked).

A folder is walked at any depth, hidden folders included (lm-eval names the folder of a model
given as ``../ckpt`` ``..__ckpt``), except version control's and caches (:data:`SKIPPED`).
"""

from __future__ import annotations

import glob
import os
from collections.abc import Sequence
from typing import NamedTuple

__all__ = ["Found", "SKIPPED", "find"]

SKIPPED = (".git", ".hg", ".svn", "__pycache__", ".ipynb_checkpoints", "eval_cache", "node_modules")


class Found(NamedTuple):
    """A file to read: ``named`` when it was given itself (not found in a folder)."""

    path: str
    named: bool


def _expand(paths: str | os.PathLike | Sequence) -> list[str]:
    out = []
    for path in [paths] if isinstance(paths, (str, os.PathLike)) else list(paths):
        path = os.fspath(path)
        if not os.path.exists(path) and glob.has_magic(path):
            matches = sorted(glob.glob(path, recursive=True))  # '**': any folders, as the advice writes
            if not matches:
                raise ValueError(f"{path}: no file or folder matches this pattern")
            out += matches
        elif not os.path.exists(path):
            raise ValueError(f"{path}: no such file or folder")
        else:
            out.append(path)
    if not out:
        raise ValueError("no input given")
    return list(dict.fromkeys(out))


def find(paths: str | os.PathLike | Sequence) -> list[Found]:
    """Every file at or under ``paths`` (a path, a glob, or a sequence of them), each once."""
    found, seen = [], set()
    for path in _expand(paths):
        files = [(f, False) for f in _walk(path)] if os.path.isdir(path) else [(path, True)]
        for f, named in files:
            real = os.path.realpath(f)
            if real not in seen:
                seen.add(real)
                found.append(Found(f, named))
    return found


def _walk(folder: str) -> list[str]:
    out = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED)
        out += [os.path.join(root, f) for f in sorted(files)]
    return out
