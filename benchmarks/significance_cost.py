"""What rank intervals, tiers and a paired difference cost beside the resampling run they read (issue 35).

    python benchmarks/significance_cost.py                     # LiveBench, 1,000 task subsets
    python benchmarks/significance_cost.py --resamples 200     # a quick look

Rates the shared LiveBench table (``../shared/data/livebench_2024_08_17.csv``) with
``uncertainty.task_subsets`` (the run ``jaxrate rate livebench.csv --task-subsets N``
makes; 2 worker processes), then times, over the run's stored resamples, the
rank intervals (``"pair"``) and the tiers of each joint method, median of 5 each,
as a share of the run. ``passes`` counts the passes over the stored resamples
each takes beyond the first (the step-down's extra steps).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "livebench_2024_08_17.csv"


def _timed(fn, repeats: int = 5) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--resamples", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    from _env import header

    from jaxrate import io, uncertainty
    from jaxrate.results import _significance as sig

    header()
    table, _ = io.read_scores(str(DATA))
    print(f"LiveBench: {table.shape[0]} models x {table.shape[1]} tasks, {args.resamples} task subsets")
    start = time.perf_counter()
    intervals = uncertainty.task_subsets(
        table, options=uncertainty.Resampling(args.resamples), workers=args.workers
    )
    run = time.perf_counter() - start
    print(f"the resampling run: {run:.1f} s\n")

    passes = []
    real = sig._max_t_over

    def counted(*a, **k):
        passes.append(1)
        return real(*a, **k)

    sig._max_t_over = counted
    print("| what | seconds (median of 5) | share of the run | passes beyond the first |")
    print("|---|---|---|---|")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        rows = [("rank_intervals (pair)", lambda: intervals.rank_intervals(0))]
        rows += [(f"tiers ({m})", lambda m=m: intervals.tiers(0, m)) for m in ("stepdown", "band", "holm")]
        names = intervals.strategies[0]
        rows.append(("difference (first two models)", lambda: intervals.difference(names[0], names[1])))
        for label, fn in rows:
            passes.clear()
            seconds = _timed(fn)
            share = f"{100 * seconds / run:.2f}%"
            print(f"| {label} | {seconds:.3f} | {share} | {len(passes) // 5} |", flush=True)


if __name__ == "__main__":
    main()
