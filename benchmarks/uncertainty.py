"""Task-subset resamples per second: the exact path (1 and 2 processes) vs the JAX path.

    python benchmarks/uncertainty.py                       # all cases below
    python benchmarks/uncertainty.py --cases livebench2p:1000 livebench3p:100

Cases ``NAME:R``: ``R`` task-subset resamples of ``livebench2p`` (65 x 18 agent
vs task, the shared snapshot), ``livebench3p`` (65 x 65 x 18), or a random
``MxT`` agent-vs-task table (``random10x5``). For each case: wall time of
``jaxrate.uncertainty.task_subsets`` with ``method="exact"`` (``workers`` 1 and
2) and ``method="jax"`` (float64; first call with compilation, second without),
and the largest |difference| between the paths' resampled ratings.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent))
SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "livebench_2024_08_17.csv"


def table_for(name: str) -> tuple[pd.DataFrame, str]:
    if name.startswith("livebench"):
        return pd.read_csv(SHARED, index_col=0) / 100, name[-2:]
    m, t = (int(x) for x in name.removeprefix("random").split("x"))
    rng = np.random.default_rng(0)
    return pd.DataFrame(rng.random((m, t))), "2p"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--cases",
        nargs="*",
        default=["random10x5:1000", "random20x10:1000", "livebench2p:1000", "livebench3p:100"],
    )
    parser.add_argument("--no-jax", nargs="*", default=["livebench3p"], help="cases not run on the JAX path")
    args = parser.parse_args()
    from _env import header

    from jaxrate import uncertainty

    header()
    columns = ("exact 1p s", 11), ("exact 2p s", 11), ("jax 1st s", 10), ("jax s", 8), ("max|dr|", 9)
    print(f"{'case':18} {'R':>5} " + " ".join(f"{name:>{width}}" for name, width in columns))
    for case in args.cases:
        name, r = case.split(":")
        r = int(r)
        table, gam = table_for(name)
        t0 = time.perf_counter()
        one = uncertainty.task_subsets(table, gamification=gam, resamples=r, method="exact", workers=1)
        t_one = time.perf_counter() - t0
        t0 = time.perf_counter()
        two = uncertainty.task_subsets(table, gamification=gam, resamples=r, method="exact", workers=2)
        t_two = time.perf_counter() - t0
        diff2 = max(np.nanmax(np.abs(a - b)) for a, b in zip(one.samples, two.samples))
        assert diff2 == 0.0, diff2
        jax_first = jax_second = dr = float("nan")
        if name not in args.no_jax:
            t0 = time.perf_counter()
            uncertainty.task_subsets(table, gamification=gam, resamples=r, method="jax")
            jax_first = time.perf_counter() - t0
            t0 = time.perf_counter()
            fast = uncertainty.task_subsets(table, gamification=gam, resamples=r, method="jax")
            jax_second = time.perf_counter() - t0
            dr = max(np.nanmax(np.abs(a - b)) for a, b in zip(one.samples, fast.samples))
            print(f"  (jax fallbacks to exact: {fast.fallbacks})")
        print(
            f"{name:18} {r:5d} {t_one:11.1f} {t_two:11.1f} {jax_first:10.1f} {jax_second:8.1f} {dr:9.2g}",
            flush=True,
        )


if __name__ == "__main__":
    main()
