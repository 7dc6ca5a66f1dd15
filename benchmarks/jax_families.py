"""The JAX simplex against the exact path, family by family, through the one entry point.

    python benchmarks/jax_families.py                    # every family below
    python benchmarks/jax_families.py --families 10x10 8x8x8 --batch 256

For each seeded family: games/s of ``jaxrate.deviation_ratings(batch,
"simplex")`` (float64, steady state: the second call; the first call's extra time
is the compilation) and of ``jaxrate.deviation_ratings(batch, "highs")`` on the
same games in the same run, their ratio, the share the simplex solved, and the
largest rating difference on solved games (relative to the payoff range). This
is what ``Auto``'s ``max_jax_joints`` threshold rests on.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

FAMILIES = {
    "10x10": (2, 10, 10),
    "6x6x6": (3, 6, 6, 6),
    "8x8x8": (3, 8, 8, 8),
    "16x16": (2, 16, 16),
    "24x24": (2, 24, 24),
    "32x32": (2, 32, 32),
    "65x18": (2, 65, 18),
    "winloss24": (2, 24, 24),
}


def family(name: str, batch: int, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    shape = FAMILIES[name]
    if name.startswith("winloss"):  # 0/1 win-loss meta-games: ties everywhere
        wins = rng.integers(0, 2, size=(batch,) + shape[1:]).astype(np.float64)
        return np.stack([wins, 1.0 - wins], axis=1)
    return rng.random((batch,) + shape)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--families", nargs="*", default=list(FAMILIES))
    parser.add_argument("--batch", type=int, default=128)
    args = parser.parse_args()
    from _env import header

    import jaxrate

    header()
    print(
        f"{'family':<10}{'joints':>8}{'B':>6}{'jax g/s':>10}{'exact g/s':>11}{'ratio':>8}"
        f"{'compile s':>11}{'solved':>8}{'max|dr|/range':>15}"
    )
    for name in args.families:
        games = family(name, args.batch)
        start = time.perf_counter()
        jaxrate.deviation_ratings(games, "simplex")
        first = time.perf_counter() - start
        start = time.perf_counter()
        fast = jaxrate.deviation_ratings(games, "simplex")
        jax_s = time.perf_counter() - start
        start = time.perf_counter()
        exact = jaxrate.deviation_ratings(games, "highs")
        exact_s = time.perf_counter() - start
        solved = fast.status == jaxrate.Status.SOLVED
        span = np.ptp(games.reshape(len(games), -1), axis=1)[:, None]
        diff = np.abs(np.concatenate(fast.ratings, 1) - np.concatenate(exact.ratings, 1)) / span
        worst = float(np.max(diff[solved])) if solved.any() else float("nan")
        joints = int(np.prod(FAMILIES[name][1:]))
        print(
            f"{name:<10}{joints:>8}{len(games):>6}{len(games) / jax_s:>10.1f}{len(games) / exact_s:>11.1f}"
            f"{exact_s / jax_s:>7.2f}x{first - jax_s:>11.1f}{solved.mean():>7.0%}{worst:>15.1e}",
            flush=True,
        )


if __name__ == "__main__":
    main()
