"""`jaxrate rate small.csv --bootstrap 20` against a single `rate` of the same file.

    python benchmarks/cli_bootstrap.py
    python benchmarks/cli_bootstrap.py --models 8 --tasks 5 --resamples 20 100 1000

A random 8 x 5 table (seeded) is written to a CSV; each command runs in a fresh
process five times, alternating, with no XLA compilation cache (as on a first
run). Prints the median wall time of each and its ratio to the plain `rate`,
and which path rated the resamples (the cost model's choice).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent))


def _run(argv: list[str]) -> float:
    env = {**os.environ, "JAXRATE_CACHE_DIR": ""}
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "jaxrate.cli", *argv], check=True, capture_output=True, env=env)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--models", type=int, default=8)
    parser.add_argument("--tasks", type=int, default=5)
    parser.add_argument("--resamples", type=int, nargs="+", default=[20, 100, 1000])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    from _env import header

    header()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "small.csv"
        table = np.random.default_rng(0).random((args.models, args.tasks)).round(3)
        pd.DataFrame(table, index=[f"m{i}" for i in range(args.models)]).to_csv(path)
        commands = {"rate": ["rate", str(path), "--progress", "never"]}
        for r in args.resamples:
            commands[f"--bootstrap {r}"] = [*commands["rate"], "--bootstrap", str(r)]
        times = {name: [] for name in commands}
        for _ in range(args.repeats):
            for name, argv in commands.items():
                times[name].append(_run(argv))
        out = Path(tmp) / "r.json"
        base = statistics.median(times["rate"])
        print(f"{args.models} x {args.tasks} table; median of {args.repeats} fresh processes")
        print(f"{'command':>18} {'seconds':>8} {'/ rate':>7} {'path':>6}")
        for name, argv in commands.items():
            path_used = ""
            if name != "rate":
                subprocess.run(
                    [sys.executable, "-m", "jaxrate.cli", *argv, "--json", str(out)],
                    check=True,
                    capture_output=True,
                )
                path_used = json.loads(out.read_text())["intervals"]["path"]
            median = statistics.median(times[name])
            print(f"{name:>18} {median:>8.2f} {median / base:>7.2f} {path_used:>6}")


if __name__ == "__main__":
    main()
