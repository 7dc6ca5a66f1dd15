"""Games per second: the JAX batched path (float32, float64) vs the exact path.

    python benchmarks/batch_throughput.py                  # B in 256 1024 4096
    python benchmarks/batch_throughput.py --batches 256 --exact-games 100

Random payoffs in [0, 1]: 2-player 10 x 10 and 3-player 6 x 6 x 6. The JAX
figures exclude compilation (reported separately: first call minus a second
call); the exact path rates games one after another in the same run (on
``--exact-games`` of them, its rate does not depend on B). Accuracy is the
largest |r_jax - r_exact| over the games both rated. MPAX is not installed in
the project's environment, so the MPAX-based loop of the issue is not measured.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--batches", type=int, nargs="*", default=[256, 1024, 4096])
    parser.add_argument("--exact-games", type=int, default=200)
    parser.add_argument("--shapes", nargs="*", default=["10x10", "6x6x6"])
    args = parser.parse_args()

    import jax

    jax.config.update("jax_enable_x64", True)  # benchmark script, not library code
    from _env import header

    import jaxrate

    header()
    print(
        f"{'shape':<8}{'B':>6}{'exact g/s':>11}{'f32 g/s':>10}{'f64 g/s':>10}{'f32 x':>8}{'f64 x':>8}"
        f"{'compile f32 s':>15}{'compile f64 s':>15}{'f32 max|dr|':>13}{'f64 max|dr|':>13}"
        "  f32 status / f64 status"
    )
    for spec in args.shapes:
        shape = tuple(int(a) for a in spec.split("x"))
        rng = np.random.default_rng(0)
        games = rng.random((max(args.batches), len(shape)) + shape)
        k = args.exact_games
        start = time.perf_counter()
        exact = [np.concatenate(jaxrate.exact.deviation_ratings(g).ratings) for g in games[:k]]
        exact_rate = k / (time.perf_counter() - start)
        exact = np.stack(exact)
        for b in args.batches:
            row = {}
            for dtype in (np.float32, np.float64):
                batch = games[:b].astype(dtype)
                t0 = time.perf_counter()
                jaxrate.batched.deviation_ratings(batch)
                t1 = time.perf_counter()
                out = jaxrate.batched.deviation_ratings(batch)
                t2 = time.perf_counter()
                fast = np.concatenate(out.ratings, axis=1)[: min(b, k)]
                ok = out.status[: min(b, k)] == 0
                diff = float(np.max(np.abs(fast[ok] - exact[: min(b, k)][ok]))) if ok.any() else float("nan")
                row[dtype] = (
                    b / (t2 - t1),
                    max((t1 - t0) - (t2 - t1), 0.0),
                    diff,
                    np.bincount(out.status, minlength=4),
                )
            f32, f64 = row[np.float32], row[np.float64]
            print(
                f"{spec:<8}{b:>6}{exact_rate:>11.0f}{f32[0]:>10.0f}{f64[0]:>10.0f}{f32[0] / exact_rate:>8.1f}"
                f"{f64[0] / exact_rate:>8.1f}{f32[1]:>15.1f}{f64[1]:>15.1f}{f32[2]:>13.1e}{f64[2]:>13.1e}"
                f"  {f32[3].tolist()} / {f64[3].tolist()}",
                flush=True,
            )


if __name__ == "__main__":
    main()
