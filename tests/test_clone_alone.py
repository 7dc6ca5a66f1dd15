"""A clone without ``../shared`` beside it: the tests skip what they cannot read, the examples run.

``conftest.shared_file`` is the one rule for the shared data: a test without its
file skips, naming it, unless ``JAXRATE_REQUIRE_DATA=1`` (``.ci/run``), where it
fails. The examples that read the LiveBench snapshot fall back to the built-in
Atari table, saying so.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import shared_file

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ["clone_attack.py", "livebench_methods.py"]


def _example(name: str, shared: str | None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "JAXRATE_SHARED_DATA"}
    if shared is not None:
        env["JAXRATE_SHARED_DATA"] = shared
    return subprocess.run(
        [sys.executable, str(ROOT / "examples" / name)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_a_missing_shared_file_skips_naming_it(monkeypatch):
    monkeypatch.delenv("JAXRATE_REQUIRE_DATA", raising=False)
    with pytest.raises(pytest.skip.Exception, match=r"needs \.\./shared/data/no_such\.csv \(not shipped"):
        shared_file("no_such.csv")
    monkeypatch.setenv("JAXRATE_REQUIRE_DATA", "0")
    with pytest.raises(pytest.skip.Exception):
        shared_file("no_such.csv")


def test_a_missing_shared_file_fails_where_the_data_is_required(monkeypatch):
    monkeypatch.setenv("JAXRATE_REQUIRE_DATA", "1")
    with pytest.raises(
        pytest.fail.Exception, match=r"needs \.\./shared/data/no_such\.csv .*JAXRATE_REQUIRE_DATA"
    ):
        shared_file("no_such.csv")


@pytest.mark.parametrize("name", EXAMPLES)
def test_example_runs_on_atari_without_the_shared_data(name, tmp_path):
    done = _example(name, str(tmp_path / "no_shared_data"))
    assert done.returncode == 0, done.stderr
    first, *rest = done.stdout.splitlines()
    assert "livebench_2024_08_17.csv not found" in first and "using the built-in Atari dataset" in first
    assert "r2d2(bandit)" in done.stdout or "pitfall" in done.stdout  # Atari's agents and games
    assert rest and "claude" not in done.stdout


@pytest.mark.parametrize("name", EXAMPLES)
def test_example_reads_livebench_where_it_is(name):
    data = shared_file("livebench_2024_08_17.csv")
    done = _example(name, str(data.parent))
    assert done.returncode == 0, done.stderr
    assert "not found" not in done.stdout and "Atari" not in done.stdout
    assert "LCB_generation x10" in done.stdout or "claude-3-5-sonnet" in done.stdout  # as before
