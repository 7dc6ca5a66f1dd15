"""Exact ratings through executors: games/s for 1 and 2 workers, and the per-game overhead.

    python benchmarks/distributed.py
    python benchmarks/distributed.py --games 200 --shape 2x20x20

For each executor (the default process pool of ``jaxrate.exact.rate_many`` and
a Dask ``LocalCluster`` with one thread per worker), games/s with 1 and 2
workers, next to a plain loop in this process over the same games. The
per-game overhead is (executor time with 1 worker - loop time) / games.
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
# This file is named like the Dask package it benchmarks: take its folder off
# the import path (Python put it first) so that `import distributed` is Dask's.
sys.path = [p for p in sys.path if Path(p or ".").resolve() != HERE]


def row(case, executor, workers, rate, loop_rate, overhead) -> None:
    print(
        f"{case:>16} {executor:>12} {workers:>7} {rate:9.1f} {loop_rate:13.1f} {overhead:17.2f}", flush=True
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--cases", nargs="*", default=["200:2x20x20", "40:3x12x12x10"], help="GAMES:SHAPE")
    args = parser.parse_args()
    import importlib.util

    import distributed

    spec = importlib.util.spec_from_file_location("_env", HERE / "_env.py")
    env = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(env)
    header = env.header

    from jaxrate.exact import deviation_ratings, rate_many

    header()
    from importlib.metadata import version

    print(f"dask distributed {version('distributed')}")
    print(f"{'case':>16} {'executor':>12} {'workers':>7} {'games/s':>9} {'loop games/s':>13} ", end="")
    print(f"{'overhead ms/game':>17}")
    for case in args.cases:
        count, shape = case.split(":")
        shape = tuple(int(a) for a in shape.split("x"))
        games = list(np.random.default_rng(0).random((int(count),) + shape))
        t0 = time.perf_counter()
        for g in games:
            deviation_ratings(g)
        loop = time.perf_counter() - t0
        for workers in (1, 2):
            t0 = time.perf_counter()
            out = rate_many(games, workers=workers)
            took = time.perf_counter() - t0
            assert all(o.ok for o in out)
            overhead = 1e3 * (took - loop) / len(games) if workers == 1 else float("nan")
            row(case, "processes", workers, len(games) / took, len(games) / loop, overhead)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for workers in (1, 2):
                with (
                    distributed.LocalCluster(
                        n_workers=workers, threads_per_worker=1, dashboard_address=None, host="127.0.0.1"
                    ) as cluster,
                    distributed.Client(cluster) as client,
                ):
                    client.submit(sum, [1]).result()  # workers up
                    t0 = time.perf_counter()
                    out = rate_many(games, executor=client.get_executor())
                    took = time.perf_counter() - t0
                assert all(o.ok for o in out)
                overhead = 1e3 * (took - loop) / len(games) if workers == 1 else float("nan")
                row(case, "dask", workers, len(games) / took, len(games) / loop, overhead)


if __name__ == "__main__":
    main()
