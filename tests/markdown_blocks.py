"""Fenced code blocks of Markdown files (README.md, docs/), run the way a reader would.

Shared by ``tests/test_readme.py`` and ``tests/test_docs.py``. Each ```python
block runs on its own, in a fresh namespace and a temporary working directory,
with the global random generators seeded; an exception (or, since pytest turns
warnings into errors, a warning) fails the block's test, which names the file
and line the block starts on.

A block fenced as ```python no-run is compiled but not executed, *by design*,
only for the reasons in ``NO_RUN``: each such block must contain the marker of
one of them, so the tag cannot quietly hide a block that fails. A comment that
starts with a Python literal shows its line's value, and is checked.

``run_shell_page`` runs a page's ```bash blocks as a reader would, in an empty
folder with the virtualenv active, and checks the outputs the page shows.
"""

from __future__ import annotations

import ast
import io
import random
import re
import shlex
import tokenize
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]

# Blocks that are not executed: marker (a string the block contains) -> why.
NO_RUN = {
    "jax.distributed.initialize": "needs one process per host, started together (jax.distributed)",
    'Client("tcp://': "needs a running Dask scheduler to connect to",
}

_FENCE = re.compile(r"^(`{3,})(\S*)[ \t]*(.*)$")


class Block(NamedTuple):
    path: Path
    lang: str
    tags: str
    line: int  # first line of the code, 1-based
    code: str

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def blocks(path: Path) -> list[Block]:
    """Every top-level fenced block of ``path``, in order (a fence closes on its own backticks)."""
    found, lines = [], path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        match = _FENCE.match(lines[i])
        if match is None:
            i += 1
            continue
        fence = match.group(1)
        end = next(j for j in range(i + 1, len(lines)) if lines[j].strip() == fence)
        code = "\n".join(lines[i + 1 : end]) + "\n"
        found.append(Block(path, match.group(2), match.group(3).strip(), i + 2, code))
        i = end + 1
    return found


def no_run_reason(code: str) -> str:
    reasons = [why for marker, why in NO_RUN.items() if marker in code]
    assert len(reasons) == 1, f"a no-run block must match exactly one reason in NO_RUN; got {reasons}"
    return reasons[0]


def _shown_value(comment: str):
    """``(text, value)`` of the Python literal a ``# ...`` comment starts with (a string, list, tuple,
    dict, set, None, True or False: what the line's expression evaluates to), else ``None``."""
    text = comment.lstrip("#").strip()
    if not text or text[0] not in "'\"[({" and not text.startswith(("None", "True", "False")):
        return None
    for end in range(len(text), 0, -1):
        try:
            return text[:end], ast.literal_eval(text[:end])
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            continue
    return None


def _same(value, shown) -> bool:
    """``value`` is what the page shows: numbers to the digits shown, arrays as lists."""
    if isinstance(value, np.ndarray | np.generic):
        value = value.tolist()
    if isinstance(shown, float) or (isinstance(shown, int) and not isinstance(shown, bool)):
        if not isinstance(value, int | float) or isinstance(value, bool):
            return False
        digits = len(repr(float(shown)).split(".")[1].rstrip("0")) if "." in repr(float(shown)) else 0
        return abs(value - shown) <= 0.5 * 10.0**-digits + 1e-12
    if isinstance(shown, dict):
        return (
            isinstance(value, dict)
            and value.keys() == shown.keys()
            and all(_same(value[k], shown[k]) for k in shown)
        )
    if isinstance(shown, list | tuple):
        return isinstance(value, list | tuple) and len(value) == len(shown) and all(map(_same, value, shown))
    return value == shown


def _shown_outputs(block: Block, tree: ast.Module) -> dict[int, tuple[str, object]]:
    """Line -> (text, value) of every top-level expression whose comment shows its value."""
    comments = {}
    for token in tokenize.generate_tokens(io.StringIO("\n" * (block.line - 1) + block.code).readline):
        if token.type == tokenize.COMMENT:
            comments[token.start[0]] = token.string
    shown = {}
    for statement in tree.body:
        if isinstance(statement, ast.Expr) and statement.end_lineno in comments:
            found = _shown_value(comments[statement.end_lineno])
            if found is not None:
                shown[statement.end_lineno] = found
                statement.value = ast.Call(  # record the value: __shown__(line, expression)
                    ast.Name("__shown__", ast.Load()),
                    [ast.Constant(statement.end_lineno), statement.value],
                    [],
                )
    ast.fix_missing_locations(tree)
    return shown


def run_python(block: Block, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    """Run one ```python block in ``tmp_path`` (skipped, with its reason, when tagged no-run).

    A top-level expression whose comment starts with a Python literal (``x  # 'a string'``,
    ``y  # [0.5, 0.25]: why``) shows its value: the value must be that (numbers to the digits
    shown). Returns how many such values were checked."""
    tree = ast.parse("\n" * (block.line - 1) + block.code, str(block.path))  # tracebacks name lines
    shown = _shown_outputs(block, tree)
    source = compile(tree, str(block.path), "exec")
    if block.tags == "no-run":
        pytest.skip(f"{block.where}: not run by design: {no_run_reason(block.code)}")
    assert block.tags == "", f"{block.where}: unknown tag {block.tags!r} (only no-run)"
    monkeypatch.chdir(tmp_path)
    random.seed(0)
    np.random.seed(0)
    seen = {}
    exec(source, {"__name__": "__docs__", "__shown__": lambda line, value: seen.setdefault(line, value)})
    for line, (text, value) in shown.items():
        assert line in seen, f"{block.path.name}:{line}: the line whose value is shown did not run"
        assert _same(seen[line], value), (
            f"{block.path.name}:{line}: the page shows {text}, it is {seen[line]!r}"
        )
    return len(shown)


def cli_examples(found: list[Block]) -> list[tuple[str, str]]:
    """Each ``jaxrate rate scores.csv ...`` command followed by its printed output (a text block)."""
    examples = []
    for k, block in enumerate(found):
        if block.lang == "text" and block.code.startswith("scores.csv:"):
            command = found[k - 1]
            assert command.lang == "bash", f"{block.where}: an output follows the command that printed it"
            examples.append((command.code.strip(), block.code))
    return examples


def normalise_output(text: str) -> str:
    return re.sub(r" in \d+\.\d+ s ", " in T s ", text).strip()


def check_cli_output(csv: str, examples, tmp_path: Path, monkeypatch, capsys) -> None:
    """Run each example on ``csv`` saved as ``scores.csv`` and compare what it prints."""
    from jaxrate.cli import main

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "120")  # the width of output written to a pipe or file
    (tmp_path / "scores.csv").write_text(csv)
    for command, printed in examples:
        args = shlex.split(command)[1:]
        assert main(args) == 0, command
        assert normalise_output(capsys.readouterr().out) == normalise_output(printed), command


def jaxrate_commands(found: list[Block]) -> list[tuple[Block, list[str]]]:
    """The arguments of every ``jaxrate ...`` command line in the ```bash blocks (comments dropped)."""
    commands = []
    for block in found:
        if block.lang != "bash":
            continue
        for line in block.code.splitlines():
            for part in line.split("&&"):
                words = shlex.split(part, comments=True)
                if words and words[0] in ("jaxrate", ".venv/bin/jaxrate"):
                    commands.append((block, words[1:]))
    return commands


# ```bash blocks not run by the tests, by tag -> why (each is counted: issue 56 allows at most 10).
SHELL_NOT_RUN = {
    "network": "needs the network: a package index, a model download, a hosted model or a running service",
}
_TINY = re.compile(r"[+-]?\d\.\d+e-(?:[1-9]\d|\d{3})")  # |x| < 1e-9: rounding, which differs by machine
_SECONDS = re.compile(r"\b\d+\.\d+ s\b")


def normalise_shell_output(text: str) -> list[str]:
    """The words a reader compares: times, and numbers below 1e-9 (rounding, which differs by
    machine), left out; line breaks and runs of spaces are one space (terminals wrap at their width)."""
    return _TINY.sub("~0", _SECONDS.sub("T s", text)).split()


def shown_output_matches(shown: str, printed: str) -> bool:
    """``printed`` holds ``shown`` word for word, in order; a line ``...`` in ``shown`` is any text."""
    chunks = [normalise_shell_output(part) for part in re.split(r"(?m)^[ \t]*\.\.\.[ \t]*$", shown)]
    words, start = normalise_shell_output(printed), 0
    for chunk in (c for c in chunks if c):
        found = next(
            (k for k in range(start, len(words) - len(chunk) + 1) if words[k : k + len(chunk)] == chunk), None
        )
        if found is None:
            return False
        start = found + len(chunk)
    return True


def run_shell_page(path: Path, folder: Path, timeout: float = 900) -> dict[str, int]:
    """Run every ```bash block of a page in order, in ``folder``, as a reader with the virtualenv active.

    Python blocks run too, in order, in the same folder (a page's Python may write a file that
    its commands read). A ```text output block right after a bash block is what that block
    prints (stdout and stderr together): it must be found in what it printed, in order. A block
    tagged as in ``SHELL_NOT_RUN`` is skipped and counted. Returns the counts (blocks run, not
    run, outputs checked).
    """
    import os
    import subprocess
    import sys

    env = dict(
        os.environ, COLUMNS="120", PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"
    )
    env.pop("VIRTUAL_ENV", None)
    counts = {"run": 0, "not run": 0, "outputs": 0}
    found = blocks(path)
    for k, block in enumerate(found):
        if block.lang == "python" and block.tags == "":  # the page's Python may write a file a command reads
            script = folder / f"block_{block.line}.py"
            script.write_text(block.code)
            ran = subprocess.run(
                [sys.executable, script.name], cwd=folder, env=env, capture_output=True, text=True
            )
            script.unlink()
            assert ran.returncode == 0, f"{block.where}: exit {ran.returncode}:\n{ran.stderr[-3000:]}"
            continue
        if block.lang != "bash":
            continue
        if block.tags in SHELL_NOT_RUN:
            counts["not run"] += 1
            continue
        assert block.tags == "", (
            f"{block.where}: unknown tag {block.tags!r} (only {', '.join(SHELL_NOT_RUN)})"
        )
        run = subprocess.run(
            ["bash", "-e", "-o", "pipefail", "-c", block.code],
            cwd=folder,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=timeout,
        )
        counts["run"] += 1
        shown = found[k + 1] if k + 1 < len(found) and found[k + 1].tags == "output" else None
        expected = 2 if shown is not None and "jaxrate: error:" in shown.code else 0
        assert run.returncode == expected, f"{block.where}: exit {run.returncode}:\n{run.stdout[-3000:]}"
        if shown is not None:
            counts["outputs"] += 1
            assert shown_output_matches(shown.code, run.stdout), (
                f"{shown.where}: the page shows\n{shown.code}\nthe commands printed\n{run.stdout[-6000:]}"
            )
    return counts


def shown_values(block: Block) -> int:
    """How many values a ```python block shows in its comments (what ``run_python`` checks)."""
    tree = ast.parse("\n" * (block.line - 1) + block.code, str(block.path))
    return len(_shown_outputs(block, tree))
