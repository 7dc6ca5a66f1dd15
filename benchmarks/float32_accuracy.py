"""The JAX path's float32 mode against the exact path: accuracy, and how many games it re-solves in float64.

    python benchmarks/float32_accuracy.py                      # the families below, B = 128
    python benchmarks/float32_accuracy.py --families 2p-10x10 --batch 1024

For each seeded family of ``tests/game_families.py``: the share of games whose
float32 ratings are within 1e-3 of the payoff range of the exact path's, the
largest error, the statuses, how many games float32 could not certify on its own
(``retry=False``; these are re-solved in float64), and games/s of float32 mode and of float64 in the same run.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))

from game_families import family  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--families",
        nargs="*",
        default=["2p-10x10", "3p-6x6x6", "2p-16x16", "3p-8x8x8", "2p-32x32", "winloss-24", "lb-65x18"],
    )
    parser.add_argument("--batch", type=int, default=128)
    args = parser.parse_args()
    import jax
    from _env import header

    import jaxrate
    from jaxrate.batched._api import deviation_ratings as batched

    header()
    print(
        f"{'family':<12}{'B':>6}{'<=1e-3':>9}{'max err':>10}{'solved':>8}"
        f"{'re-solved f64':>15}{'f32 g/s':>9}{'f64 g/s':>9}"
    )
    for name in args.families:
        games = family(name, args.batch)
        exact = jaxrate.deviation_ratings(games, "highs")
        theirs = np.concatenate(exact.ratings, 1)
        span = np.ptp(games.reshape(len(games), -1), axis=1)[:, None]
        f32 = games.astype(np.float32)
        with jax.enable_x64(False):
            alone = batched(f32, retry=False)  # float32 only (also compiles)
            batched(f32)
            start = time.perf_counter()
            out = batched(f32)
            t32 = time.perf_counter() - start
        with jax.enable_x64(True):
            batched(games)
            start = time.perf_counter()
            batched(games)
            t64 = time.perf_counter() - start
        err = np.max(np.abs(np.concatenate(out.ratings, 1).astype(np.float64) - theirs) / span, axis=1)
        resolved = int(np.sum(alone.status != jaxrate.Status.SOLVED))
        print(
            f"{name:<12}{len(games):>6}{np.mean(err <= 1e-3):>9.1%}{err.max():>10.1e}"
            f"{np.mean(out.status == jaxrate.Status.SOLVED):>8.1%}{resolved:>15}"
            f"{len(games) / t32:>9.1f}{len(games) / t64:>9.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
