"""Cross-check the JAX batched path against the exact path on seeded families.

    python benchmarks/crosscheck.py [--games 200]

For each family and precision: the largest |r_jax - r_exact| over solved games,
the fraction of games whose tie-aware ranking (every player; ties within the
precision's accuracy target, 1e-3 for float32 and 1e-5 for float64) is
identical, and the status counts [SOLVED, MAX_ITERATIONS, NONFINITE, FAILED].
Payoffs in [0, 1].
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

TIE = {"float32": 1e-3, "float64": 1e-5}


def families(count: int):
    import jaxrate

    rng = np.random.default_rng(2025)
    out = {}
    out["2P general-sum 5x5"] = rng.random((count, 2, 5, 5))
    g = rng.random((count, 5, 5))
    out["2P zero-sum 5x5"] = np.stack([g, 1 - g], axis=1)
    out["3P general-sum 4x4x4"] = rng.random((count, 3, 4, 4, 4))
    out["2P integer 5x5"] = rng.integers(0, 3, size=(count, 2, 5, 5)) / 2.0
    out["3P integer 3x3x3"] = rng.integers(0, 3, size=(count, 3, 3, 3, 3)) / 2.0
    out["model-model-task 5x5x4"] = np.stack(
        [jaxrate.agent_vs_agent_vs_task(rng.random((5, 4))).payoffs for _ in range(count)]
    )
    base = rng.random((count, 2, 3, 3))
    out["clone-heavy 2P 6x6"] = base[:, :, [0, 0, 0, 1, 1, 2]][:, :, :, [0, 1, 1, 2, 2, 2]]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    import jax

    jax.config.update("jax_enable_x64", True)  # benchmark script, not library code
    from _env import header
    from jaxrate.ranking import tied_ranks

    import jaxrate

    header()
    print(f"{'family':<24}{'prec':>8}{'max|dr|':>10}{'same ranking':>14}  status counts")
    for name, games in families(args.games).items():
        exact = [jaxrate.exact.deviation_ratings(g).ratings for g in games]
        for dtype in (np.float32, np.float64):
            out = jaxrate.batched.deviation_ratings(games.astype(dtype))
            tol = TIE[out.precision]
            worst, same = 0.0, 0
            for i, ex in enumerate(exact):
                fast = [r[i].astype(np.float64) for r in out.ratings]
                if out.status[i] == 0:
                    worst = max(worst, max(float(np.max(np.abs(f - e))) for f, e in zip(fast, ex)))
                same += all(np.array_equal(tied_ranks(f, tol), tied_ranks(e, tol)) for f, e in zip(fast, ex))
            counts = np.bincount(out.status, minlength=4).tolist()
            print(
                f"{name:<24}{out.precision:>8}{worst:>10.1e}{same / len(games):>14.3f}  {counts}", flush=True
            )


if __name__ == "__main__":
    main()
