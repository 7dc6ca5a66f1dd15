"""The README runs as written: its Python example, the command-line example and its output, the CI command.

The README is the front door; the long pages live in ``docs/`` (``tests/test_docs.py``).
Blocks are run by ``markdown_blocks`` (fresh namespace, temporary directory, seeded).
"""

from __future__ import annotations

import pytest
from markdown_blocks import ROOT, blocks, check_cli_output, cli_examples, jaxrate_commands, run_python

README = ROOT / "README.md"
CI_RUN = ROOT / ".ci" / "run"
BLOCKS = blocks(README)
PYTHON = [b for b in BLOCKS if b.lang == "python"]
MAX_LINES = 150  # the front door: what jaxrate is, two commands, one example each, links


def test_readme_is_a_front_door():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_LINES, f"README.md has {len(lines)} lines; long content belongs in docs/"
    assert any("sphinx-build" in b.code for b in BLOCKS if b.lang == "bash"), "say how to build the docs"
    assert len(PYTHON) == 1 and PYTHON[0].tags == "", "one Python example, run by the tests"


@pytest.mark.parametrize("block", PYTHON, ids=[b.where for b in PYTHON])
def test_python_block_runs(block, tmp_path, monkeypatch):
    run_python(block, tmp_path, monkeypatch)


def test_scores_csv_output_is_what_the_command_prints(tmp_path, monkeypatch, capsys):
    csv = [b.code for b in BLOCKS if b.lang == "csv"]
    assert len(csv) == 1, "the README shows one scores.csv"
    assert csv[0].splitlines()[0] == "model,math,code" and len(csv[0].splitlines()) == 3
    examples = cli_examples(BLOCKS)
    assert [c for c, _ in examples] == ["jaxrate rate scores.csv"]
    check_cli_output(csv[0], examples, tmp_path, monkeypatch, capsys)


def test_readme_commands_parse():
    from jaxrate.cli import _build_parser

    commands = jaxrate_commands(BLOCKS)
    assert len(commands) >= 2
    for _, args in commands:
        _build_parser().parse_args(args)  # a renamed option or command fails here


def test_readme_test_command_is_what_ci_runs():
    """CI runs the README's command verbatim (the default run), then the slow tests."""
    ci = [
        line.strip()
        for line in CI_RUN.read_text().splitlines()
        if "pytest" in line and not line.lstrip().startswith("#")
    ]
    assert len(ci) == 2 and '-m "not slow"' in ci[0] and "-m slow" in ci[1], ci
    bash = [line.strip() for b in BLOCKS if b.lang == "bash" for line in b.code.splitlines()]
    assert ci[0] in bash, f"the README's test command differs from .ci/run's: {ci[0]}"
