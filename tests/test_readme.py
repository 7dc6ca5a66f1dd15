"""The README runs as written: every Python example, the quick-start output, the CI command.

Each ```python block is executed on its own, in a fresh namespace and a
temporary working directory, with the global random generators seeded; an
exception (or, since pytest turns warnings into errors, a warning) fails the
block's test, which names the README line the block starts on.

A block fenced as ```python no-run is compiled but not executed, *by design*,
only for the reasons in ``NO_RUN``: each such block must contain the marker of
one of them, so the tag cannot quietly hide a block that fails.
"""

from __future__ import annotations

import random
import re
import shlex
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
CI_RUN = ROOT / ".ci" / "run"

# Blocks that are not executed: marker (a string the block contains) -> why.
NO_RUN = {
    "jax.distributed.initialize": "needs one process per host, started together (jax.distributed)",
    'Client("tcp://': "needs a running Dask scheduler to connect to",
}

_FENCE = re.compile(r"^```(\S*)[ \t]*(.*)$")


def _blocks() -> list[tuple[str, str, int, str]]:
    """``(language, tags, first line of the code, code)`` of every fenced block, in order."""
    blocks, lines = [], README.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        match = _FENCE.match(lines[i])
        if match is None:
            i += 1
            continue
        end = next(j for j in range(i + 1, len(lines)) if lines[j].startswith("```"))
        blocks.append((match.group(1), match.group(2).strip(), i + 2, "\n".join(lines[i + 1 : end]) + "\n"))
        i = end + 1
    return blocks


PYTHON = [b for b in _blocks() if b[0] == "python"]


def _no_run_reason(code: str) -> str:
    reasons = [why for marker, why in NO_RUN.items() if marker in code]
    assert len(reasons) == 1, f"a no-run block must match exactly one reason in NO_RUN; got {reasons}"
    return reasons[0]


def test_readme_has_python_examples():
    runs = [line for _, tags, line, _ in PYTHON if tags != "no-run"]
    assert len(runs) >= 6, f"Python examples that run: README lines {runs}"
    assert len(PYTHON) - len(runs) <= len(NO_RUN), "keep the blocks that are not run to a minimum"
    assert {tags for _, tags, _, _ in PYTHON} <= {"", "no-run"}


@pytest.mark.parametrize(
    "line, tags, code",
    [(line, tags, code) for _, tags, line, code in PYTHON],
    ids=[f"README.md:{line}" for _, _, line, _ in PYTHON],
)
def test_python_block_runs(line, tags, code, tmp_path, monkeypatch, capsys):
    source = compile("\n" * (line - 1) + code, str(README), "exec")  # tracebacks name README lines
    if tags == "no-run":
        pytest.skip(f"README line {line}: not run by design: {_no_run_reason(code)}")
    monkeypatch.chdir(tmp_path)
    random.seed(0)
    np.random.seed(0)
    exec(source, {"__name__": "__readme__"})


def _cli_examples() -> tuple[str, list[tuple[str, str]]]:
    """The README's ``scores.csv`` and each ``jaxrate rate scores.csv ...`` command with its output."""
    blocks = _blocks()
    csv = [code for lang, _, _, code in blocks if lang == "csv"]
    assert len(csv) == 1, "the README shows one scores.csv"
    examples = []
    for k, (lang, _, _, code) in enumerate(blocks):
        if lang == "text" and code.startswith("scores.csv:"):
            command = blocks[k - 1]
            assert command[0] == "bash", "each scores.csv output follows the command that printed it"
            examples.append((command[3].strip(), code))
    return csv[0], examples


def _normalise(text: str) -> str:
    return re.sub(r" in \d+\.\d+ s ", " in T s ", text).strip()


def test_scores_csv_output_is_what_the_command_prints(tmp_path, monkeypatch, capsys):
    from jaxrate.cli import main

    csv, examples = _cli_examples()
    assert csv.splitlines()[0] == "model,math,code" and len(csv.splitlines()) == 3
    assert [c.split(" --")[0] for c, _ in examples] == [".venv/bin/jaxrate rate scores.csv"] * 2
    assert any("--bootstrap" in c for c, _ in examples)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "120")  # the width of output written to a pipe or file
    (tmp_path / "scores.csv").write_text(csv)
    for command, printed in examples:
        args = shlex.split(command)[1:]
        assert main(args) == 0, command
        assert _normalise(capsys.readouterr().out) == _normalise(printed), command


def test_readme_test_command_is_what_ci_runs():
    ci = [
        line.strip()
        for line in CI_RUN.read_text().splitlines()
        if "pytest" in line and not line.lstrip().startswith("#")
    ]
    assert len(ci) == 1, ci
    bash = [line.strip() for lang, _, _, code in _blocks() if lang == "bash" for line in code.splitlines()]
    assert ci[0] in bash, f"the README's test command differs from .ci/run's: {ci[0]}"
