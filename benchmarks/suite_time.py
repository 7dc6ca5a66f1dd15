"""Per-test CPU and wall time of the test suite, one test file per pytest process.

    python benchmarks/suite_time.py tests/test_batched_proofs.py tests/test_population.py
    python benchmarks/suite_time.py --slow tests/test_properties.py   # the slow tests too
    python benchmarks/suite_time.py                                   # every file (long)

On a shared machine wall time measures the neighbours; the process CPU time
(all threads) of each test is the figure to compare, and on an idle 2-core
machine a file's wall time is at most about its CPU time. Each file runs in its
own process, so compilations a full run would share between files are paid by
each (a file's figure is an upper bound on its share of a full run).

Also a pytest plugin (``-p suite_time`` with ``benchmarks`` on ``PYTHONPATH``):
it writes each test's CPU and wall seconds to ``$SUITE_TIME_OUT``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
_rows: list[tuple[float, float, str]] = []


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    cpu, wall = time.process_time(), time.perf_counter()
    yield
    _rows.append((time.process_time() - cpu, time.perf_counter() - wall, item.nodeid))


def pytest_sessionfinish(session, exitstatus):
    out = os.environ.get("SUITE_TIME_OUT")
    if out:
        Path(out).write_text("".join(f"{c:.3f}\t{w:.3f}\t{n}\n" for c, w, n in _rows))


def _run(path: str, slow: bool, out: Path) -> tuple[float, float, list[tuple[float, float, str]]]:
    """One pytest process on ``path``: its CPU and wall seconds, and each test's."""
    env = {**os.environ, "SUITE_TIME_OUT": str(out), "PYTHONPATH": str(HERE)}
    marks = [] if slow else ["-m", "not slow"]
    cmd = [sys.executable, "-m", "pytest", path, "-q", "-p", "no:cacheprovider", "-p", "suite_time", *marks]
    before, start = os.times(), time.perf_counter()
    done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    after = os.times()
    cpu = after.children_user + after.children_system - before.children_user - before.children_system
    tail = done.stdout.strip().splitlines()[-1:] or [""]
    print(f"{path}: {tail[0]}", flush=True)
    rows = [tuple(line.split("\t")) for line in out.read_text().splitlines()] if out.exists() else []
    return cpu, time.perf_counter() - start, [(float(c), float(w), n) for c, w, n in rows]


def main() -> None:
    from _env import header

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*", help="test files or folders (default: every tests/test_*.py)")
    parser.add_argument("--slow", action="store_true", help="run the slow tests too (as CI does)")
    parser.add_argument("--top", type=int, default=25, help="slowest tests to list")
    args = parser.parse_args()
    header()
    files = args.files or sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests").glob("test_*.py"))
    totals, tests = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for i, path in enumerate(files):
            cpu, wall, rows = _run(path, args.slow, Path(tmp) / f"{i}.tsv")
            totals.append((cpu, wall, path))
            tests.extend(rows)
    print(f"\n{'cpu s':>8} {'wall s':>8}  file (process: import, collection, tests)")
    for cpu, wall, path in sorted(totals, reverse=True):
        print(f"{cpu:8.1f} {wall:8.1f}  {path}")
    cpu, wall = sum(t[0] for t in totals), sum(t[1] for t in totals)
    print(f"{cpu:8.1f} {wall:8.1f}  total ({len(files)} files, {'all tests' if args.slow else 'not slow'})")
    print(f"\n{'cpu s':>8} {'wall s':>8}  slowest tests (setup + call + teardown)")
    for cpu, wall, node in sorted(tests, reverse=True)[: args.top]:
        print(f"{cpu:8.2f} {wall:8.2f}  {node}")


if __name__ == "__main__":
    main()
