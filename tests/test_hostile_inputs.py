"""Hostile input to every reader and to ``jaxrate verify`` (issue 53): the cases of
``benchmarks/hostile_inputs.py`` (FIFOs, devices, long lines, deep nesting, duplicate keys, forged and
tampered result files, unchecked magnitudes, control characters in names), each run as a user runs it
(the command line's ``main``, here in-process under an alarm: a hang is interrupted and fails; the
benchmark runs each in a fresh process) and judged: refused in one line naming the problem (exit 2,
nothing written), rated, or, for a result file, tampering found (exit 1) or the tool's own file
verified (exit 0). Never a hang, a traceback, a lost model or a forged file accepted.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import shutil
import signal
import sys
import time
import traceback

import pytest

from jaxrate.cli import main

HERE = os.path.dirname(__file__)
_SPEC = importlib.util.spec_from_file_location(
    "hostile_inputs", os.path.join(HERE, "..", "benchmarks", "hostile_inputs.py")
)
hostile = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(hostile)

# Cases that write hundreds of megabytes or read a 100,000-column table: the slow run.
SLOW = ("200 MB", "300 MB", "3 x 100,000")


class _Hang(Exception):
    pass


def _in_process(*args: str, cwd: str):
    """:func:`hostile._jaxrate` in this process: ``(exit code or None on a hang, stdout, stderr, s)``."""

    def alarm(*_):
        raise _Hang

    here, out, err = os.getcwd(), io.StringIO(), io.StringIO()
    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(hostile.LIMIT_S)
    start = time.perf_counter()
    try:
        os.chdir(cwd)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(list(args))
            except _Hang:
                raise
            except BaseException:  # what escapes main is a traceback to the user
                traceback.print_exc(file=err)
                code = 1
    except _Hang:
        code = None
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
        os.chdir(here)
    return code, out.getvalue(), err.getvalue(), time.perf_counter() - start


@pytest.fixture(autouse=True)
def _run_in_process(monkeypatch):
    monkeypatch.setattr(hostile, "_jaxrate", _in_process)


def _check(case, tmp_path) -> None:
    name, kind, phrase, build = case
    folder = str(tmp_path / "case")
    os.makedirs(folder)
    argv = build(folder)
    before = sorted(os.listdir(folder))
    extra = ["--progress", "never"] if argv[0] == "rate" else []
    code, out, err, _ = hostile._jaxrate(*argv, *extra, cwd=folder)
    why = hostile.judge(kind, phrase, code, out, err)
    assert why is None, f"{name}: {why}"
    if kind == "refuse":
        assert sorted(os.listdir(folder)) == before, f"{name}: a file was written"
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.skipif(not hasattr(os, "mkfifo") or sys.platform == "win32", reason="POSIX FIFOs and devices")
@pytest.mark.parametrize(
    "case", [c for c in hostile.CASES if not any(s in c[0] for s in SLOW)], ids=lambda c: c[0]
)
def test_a_hostile_input_is_refused_in_one_line_or_read(case, tmp_path):
    _check(case, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize(
    "case", [c for c in hostile.CASES if any(s in c[0] for s in SLOW)], ids=lambda c: c[0]
)
def test_a_large_hostile_input_is_bounded(case, tmp_path):
    _check(case, tmp_path)


def test_every_case_of_the_issue_is_rebuilt():
    """The 36 failing cases of issue 53, by kind, are among the cases run (and more besides)."""
    names = " | ".join(c[0] for c in hostile.CASES)
    for kind in ("fifo: the input", "fifo: inside a results folder", "fifo: the result given to verify",
                 "200 MB one-line", "3 x 100,000 table", "3 x 100,000 table, --sep",
                 "deep JSON: in a results", "deep JSON: the result given to verify", "deep JSON: --previous",
                 "second ratings key",
                 "a task twice in a results file", "a model twice in a JSON table", "edited method name",
                 "joint index out of range", "joint entry listed twice", "--missing pairwise, untouched",
                 "--audit, untouched", "a model with no score", "a model sharing no task",
                 "1e308 in lm-eval", "newline in the file name", "BOM on one lm-eval", "BOM on HELM",
                 "1_000"):  # fmt: skip
        assert kind in names, kind
    assert len(hostile.CASES) >= 36
