"""Seconds to rate one board of ``_games.subtask_family`` through the table route (issue 57).

    python benchmarks/board_time.py 1000                     # 1,000 x 53 at 80% first-factor share
    PYTHONPATH=<other checkout> python benchmarks/board_time.py 2000 --share 0.6

Prints the machine, the board and the seconds of ``jaxrate.deviation_ratings`` alone (the result's
own check included), the process's peak memory, and the sum of the first player's ratings: two
versions compared on one board print the same sum where they rate it alike. Run two versions
alternated (the VM is noisy).
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("models", type=int)
    parser.add_argument("--share", type=float, default=0.8)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    sys.path.insert(0, str(HERE))  # in main only
    from _env import header
    from _games import subtask_family

    import jaxrate

    header()
    print(f"jaxrate from {Path(jaxrate.__file__).parent}")
    game = jaxrate.agent_vs_agent_vs_task(subtask_family(args.models, args.share, args.seed)[0])
    start = time.perf_counter()
    result = jaxrate.deviation_ratings(game)
    seconds = time.perf_counter() - start
    total = float(np.sum(result.ratings[0]))
    board = f"{args.models} x 53 at {args.share:.0%}"
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20  # KiB on Linux: GiB
    print(
        f"{board}: {seconds:.1f} s, status {result.status}, ratings sum {total:.12f}, peak RSS {peak:.2f} GiB"
    )


if __name__ == "__main__":
    main()
