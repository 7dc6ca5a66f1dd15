"""``precision="float32"`` against the exact path on 1,000 random games a family (issue 52).

    python benchmarks/float32_bound.py

For 2P 10 x 10 and 3P 6 x 6 x 6 uniform games (float32 payoffs, seed 7):
the games ``jit(vmap(rate_game(precision="float32")))`` leaves unsolved, the
SOLVED ones off by more than 1e-4 and 1e-3 of the range from the exact ratings
of the same payoffs, the worst and the 99th percentile: the documented bound.
"""

from __future__ import annotations

import functools
import sys
import warnings
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))


def main() -> None:
    warnings.simplefilter("ignore")
    import jax
    import jax.numpy as jnp
    from _env import header

    import jaxrate
    from jaxrate.batched import rate_game

    header()
    rate = jax.jit(jax.vmap(functools.partial(rate_game, precision="float32")))
    for shape in [(2, 10, 10), (3, 6, 6, 6)]:
        games = np.random.default_rng(7).uniform(size=(1000,) + shape).astype(np.float32)
        out = rate(jnp.asarray(games))
        status, ratings = np.asarray(out["status"]), np.asarray(out["ratings"], np.float64)
        errors = []
        for i in np.flatnonzero(status == 0):
            game = np.asarray(games[i], np.float64)
            want = np.concatenate(jaxrate.exact.deviation_ratings(game).ratings)
            errors.append(np.max(np.abs(ratings[i] - want)) / np.ptp(game))
        errors = np.array(errors)
        print(
            f"{shape}: not SOLVED {int((status != 0).sum())}, "
            f"SOLVED off > 1e-4 {int((errors > 1e-4).sum())}, "
            f"> 1e-3 {int((errors > 1e-3).sum())}, worst {errors.max():.2e}, 99th percentile "
            f"{np.quantile(errors, 0.99):.1e}"
        )


if __name__ == "__main__":
    main()
