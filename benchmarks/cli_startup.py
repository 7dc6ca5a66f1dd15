"""Start-up of the ``jaxrate`` command: ``--version`` vs a whole exact rating.

Each command runs in a fresh process (``python -m jaxrate.cli ...``), ``--runs``
times, interleaved so that a noisy neighbour slows both alike; the median wall
time of each is printed, with their ratio, and the modules of the rating run
that take the longest to import (``python -X importtime``).

    python benchmarks/cli_startup.py --runs 7
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from _env import header

COMMANDS = {
    "version": ["--version"],
    "atari 3p": ["rate", "--dataset", "atari", "--game", "3p"],
    "atari 2p": ["rate", "--dataset", "atari", "--game", "2p"],
}


def _wall(argv: list[str], env: dict) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "jaxrate.cli", *argv], check=True, capture_output=True, env=env)
    return time.perf_counter() - start


def _slowest_imports(argv: list[str], env: dict, top: int = 5) -> list[tuple[str, float]]:
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "jaxrate.cli", *argv],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    rows = []
    for line in done.stderr.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and not parts[2].startswith("  ") and parts[1].strip().isdigit():
            rows.append((parts[2].strip(), int(parts[1]) / 1e6))  # top-level modules, cumulative
    return sorted(rows, key=lambda r: -r[1])[:top]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    header()
    # The compilation cache on, as for a user (it made the command import JAX before).
    cache = tempfile.mkdtemp(prefix="jaxrate-startup-")
    env = dict(os.environ, JAXRATE_CACHE_DIR=cache)
    env.pop("JAX_COMPILATION_CACHE_DIR", None)
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for argv in COMMANDS.values():
        _wall(argv, env)  # warm the file cache
    for _ in range(args.runs):
        for name, argv in COMMANDS.items():
            times[name].append(_wall(argv, env))
    base = statistics.median(times["version"])
    print(f"{'command':<10} {'median s':>9} {'min s':>7} {'x version':>10}  runs")
    for name, values in times.items():
        median = statistics.median(values)
        print(
            f"{name:<10} {median:9.3f} {min(values):7.3f} {median / base:10.2f}  "
            + " ".join(f"{v:.2f}" for v in values)
        )
    shutil.rmtree(cache, ignore_errors=True)
    print("slowest top-level imports of `rate --dataset atari --game 3p` (cumulative s):")
    for module, seconds in _slowest_imports(COMMANDS["atari 3p"], env):
        print(f"  {module:<28} {seconds:.3f}")


if __name__ == "__main__":
    main()
