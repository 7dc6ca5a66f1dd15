"""Which path should rate a run of resamples? The measurements behind the cost model.

    python benchmarks/resample_cost.py
    python benchmarks/resample_cost.py --shapes 8x5 20x10 --resamples 20 256

For each ``MxT`` score table (random, seeded; the agent-vs-agent-vs-task game
of ``M^2 T`` joints) and each number of task-subset resamples ``R``, a fresh
process runs ``jaxrate.uncertainty.task_subsets`` on the exact path and on the
JAX path (no persistent compilation cache: a Python user's first run) and
prints the wall time of the call, JAX's import and compilation included. From
two ``R`` per shape it fits ``exact = R e`` and ``jax = c + R j`` and prints the
crossover ``R* = c / (e - j)`` above which the JAX path pays; then what the
cost model in ``jaxrate.uncertainty._cost`` picks for each case.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

_CHILD = """
import json, sys, time
import numpy as np
m, t, r, path = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
import jaxrate
table = np.random.default_rng(0).random((m, t))
start = time.perf_counter()
out = jaxrate.uncertainty.task_subsets(table, resamples=r, seed=0, method=path)
seconds = time.perf_counter() - start
print(json.dumps({"seconds": seconds, "failed": len(out.failures), "path": out.method}))
"""


def _run(m: int, t: int, r: int, path: str) -> float:
    env = {
        **os.environ,
        "JAX_COMPILATION_CACHE_DIR": "",
        "JAX_PLATFORMS": os.environ.get("JAX_PLATFORMS", ""),
    }
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(m), str(t), str(r), path],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["failed"] == 0 and out["path"] == path, out
    return out["seconds"]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--shapes", nargs="+", default=["8x5", "12x6", "16x8", "20x10"])
    parser.add_argument("--resamples", nargs=2, type=int, default=[20, 200])
    args = parser.parse_args()
    from _env import header

    from jaxrate.uncertainty._cost import choose_path

    header()
    r1, r2 = args.resamples
    print(f"{'shape':>7} {'joints':>7} {'R':>5} {'exact s':>9} {'jax s':>9} {'jax/exact':>9} {'model':>6}")
    fits = []
    for shape in args.shapes:
        m, t = (int(x) for x in shape.split("x"))
        times = {}
        for r in (r1, r2):
            times[r] = (_run(m, t, r, "exact"), _run(m, t, r, "jax"))
            e, j = times[r]
            pick = choose_path(m * m * t, r)
            print(f"{shape:>7} {m * m * t:>7} {r:>5} {e:>9.2f} {j:>9.2f} {j / e:>9.2f} {pick:>6}")
        e_per = (times[r2][0] - times[r1][0]) / (r2 - r1)
        j_per = (times[r2][1] - times[r1][1]) / (r2 - r1)
        c = times[r1][1] - r1 * j_per
        cross = c / (e_per - j_per) if e_per > j_per else float("inf")
        fits.append((shape, m * m * t, e_per, j_per, c, cross))
    print()
    print(f"{'shape':>7} {'joints':>7} {'exact s/R':>10} {'jax s/R':>9} {'jax start s':>11} {'R*':>7}")
    for shape, joints, e_per, j_per, c, cross in fits:
        print(f"{shape:>7} {joints:>7} {e_per:>10.4f} {j_per:>9.4f} {c:>11.2f} {cross:>7.0f}")


if __name__ == "__main__":
    main()
