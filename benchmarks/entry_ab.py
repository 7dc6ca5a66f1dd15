"""Two checkouts of jaxrate through the one entry point, side by side (throughput A/B).

    git archive main | tar -x -C /tmp/main_tree
    python benchmarks/entry_ab.py /tmp/main_tree . --families 2p-10x10 3p-6x6x6 --batch 256

Each checkout runs in a worker process of its own (``PYTHONPATH`` = the tree),
which compiles once and then times ``jaxrate.deviation_ratings(batch,
Simplex())`` (float64) on the same seeded games of ``tests/game_families.py``
whenever asked. The workers take turns, round after round (the machine is
shared and noisy); each prints its fastest and median games/s, and the largest
rating difference between the two checkouts. Used for issue 22 (the entry point
reads the batch once and splits the ratings once: no throughput lost).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

WORKER = r"""
import json, sys, time
import numpy as np
sys.path.insert(0, {tests!r})
from game_families import family
import jaxrate
games = {{name: family(name, {batch}) for name in {families!r}}}
for name, g in games.items():  # compile (and warm) every family first
    jaxrate.deviation_ratings(g, jaxrate.Simplex())
print(json.dumps({{"ready": jaxrate.__file__}}), flush=True)
for line in sys.stdin:
    name = line.strip()
    start = time.perf_counter()
    out = jaxrate.deviation_ratings(games[name], jaxrate.Simplex())
    seconds = time.perf_counter() - start
    flat = np.concatenate(out.ratings, axis=1)
    print(json.dumps({{"seconds": seconds, "ratings": flat.tolist()}}), flush=True)
"""


def _worker(tree: str, families: list, batch: int) -> subprocess.Popen:
    code = WORKER.format(tests=str(HERE.parent / "tests"), batch=batch, families=families)
    env = dict(os.environ, PYTHONPATH=str(Path(tree).resolve()), PYTHONDONTWRITEBYTECODE="1")
    proc = subprocess.Popen(
        [sys.executable, "-c", code],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        cwd=Path(tree).resolve(),  # "-c" puts the working folder first on the path
    )
    print(f"{tree}: {json.loads(proc.stdout.readline())['ready']}", flush=True)
    return proc


def _ask(proc: subprocess.Popen, name: str) -> dict:
    proc.stdin.write(name + "\n")
    proc.stdin.flush()
    return json.loads(proc.stdout.readline())


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("trees", nargs=2, help="two checkouts (folders holding jaxrate/)")
    parser.add_argument("--families", nargs="+", default=["2p-10x10", "3p-6x6x6"])
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    import numpy as np

    sys.path.insert(0, str(HERE))
    from _env import header

    header()
    start = time.perf_counter()
    workers = [_worker(tree, args.families, args.batch) for tree in args.trees]
    print(f"compiled in {time.perf_counter() - start:.0f} s; {args.rounds} alternating rounds per family")
    print(f"{'family':<12} {'tree':<28} {'best games/s':>13} {'median':>9} {'ratio':>7} {'max |dr|':>9}")
    for name in args.families:
        times = [[], []]
        ratings = [None, None]
        for r in range(args.rounds):
            for k in (0, 1) if r % 2 == 0 else (1, 0):
                got = _ask(workers[k], name)
                times[k].append(got["seconds"])
                ratings[k] = np.asarray(got["ratings"], dtype=float)
        diff = float(np.nanmax(np.abs(ratings[0] - ratings[1])))
        best = [args.batch / min(t) for t in times]
        for k, tree in enumerate(args.trees):
            median = args.batch / float(np.median(times[k]))
            ratio = best[k] / best[0]
            print(f"{name:<12} {tree[-28:]:<28} {best[k]:>13.0f} {median:>9.0f} {ratio:>7.2f} {diff:>9.1e}")
    for proc in workers:
        proc.stdin.close()
        proc.wait()


if __name__ == "__main__":
    main()
