"""What ``rate_game``'s derivative is where the game is degenerate (issue 45).

    python benchmarks/degenerate_derivative.py

Twenty random 4 x 4 games with strategies 0 and 3 of each player cloned (6 x 6,
flagged ``degenerate``): the JVP of the ratings against the exact path's forward
and backward difference quotients (step 1e-5), along a direction that keeps the
clones and along a random one. Prints each case's largest differences.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))


def main() -> None:
    import jax
    import jax.numpy as jnp
    from _env import header

    import jaxrate
    from jaxrate.batched import rate_game

    header()

    def exact(game):
        return np.concatenate(jaxrate.exact.deviation_ratings(game).ratings)

    rng = np.random.default_rng(5)
    clone, h = [0, 0, 1, 2, 3, 3], 1e-5
    with jax.enable_x64(True):
        jvp = jax.jit(lambda g, d: jax.jvp(lambda x: rate_game(x)["ratings"], (g,), (d,))[1])
        flagged = jax.jit(lambda g: rate_game(g)["degenerate"])
        rows = {"keeps the clones": [], "random": []}
        for _ in range(20):
            base = rng.random((2, 4, 4))
            game = base[:, clone][:, :, clone]
            keep = rng.normal(size=(2, 4, 4))[:, clone][:, :, clone]
            for name, d in (("keeps the clones", keep), ("random", rng.normal(size=game.shape))):
                t = np.asarray(jvp(jnp.asarray(game), jnp.asarray(d)))
                fwd, bwd = (exact(game + h * d) - exact(game)) / h, (exact(game) - exact(game - h * d)) / h
                central = (fwd + bwd) / 2
                gaps = [np.abs(t - x).max() for x in (central, fwd, bwd)]
                rows[name].append((bool(flagged(jnp.asarray(game))), *gaps))
    for name, found in rows.items():
        found = np.array(found)
        one_side = int(np.sum(np.minimum(found[:, 2], found[:, 3]) <= 1e-4))
        print(
            f"{name:<17} flagged {int(found[:, 0].sum())}/20; |jvp - central| max {found[:, 1].max():.1e}; "
            f"equal to one side (1e-4) in {one_side}/20; off both sides by "
            f"{np.minimum(found[:, 2], found[:, 3]).max():.2g} at most"
        )


if __name__ == "__main__":
    main()
