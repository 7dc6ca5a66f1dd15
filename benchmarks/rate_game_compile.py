"""``jax.jit(jax.vmap(rate_game))``: seconds to compile and milliseconds a call, on random games.

    python benchmarks/rate_game_compile.py                       # 2P 10 x 10 and 3P 6 x 6 x 6, 64 games
    PYTHONPATH=<other checkout> python benchmarks/rate_game_compile.py   # the same for another version
    python benchmarks/rate_game_compile.py --jumps   # with and without the jump check, side by side

Run two versions alternated (the VM is noisy): each run prints its machine and versions, then per
family the compile time (``lower(...).compile()``) and the best-of-five call time.
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=64)
    parser.add_argument("--calls", type=int, default=5)
    parser.add_argument("--jumps", action="store_true", help="also time rate_game(..., jumps=True)")
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    import jax
    import jax.numpy as jnp

    sys.path.insert(0, str(HERE))  # in main only
    from _env import header

    import jaxrate
    from jaxrate.batched import rate_game

    header()
    print(f"jaxrate from {Path(jaxrate.__file__).parent}")
    modes = [("plain", rate_game)]
    if args.jumps:
        modes.append(("jumps=True", lambda g: rate_game(g, jumps=True)))
    for shape, (mode, rate) in ((s, m) for s in ((2, 10, 10), (3, 6, 6, 6)) for m in modes):
        games = jnp.asarray(np.random.default_rng(0).uniform(size=(args.games,) + shape).astype(np.float32))
        started = time.perf_counter()
        fn = jax.jit(jax.vmap(rate)).lower(games).compile()
        compiled = time.perf_counter() - started
        jax.block_until_ready(fn(games))
        best = np.inf
        for _ in range(args.calls):
            started = time.perf_counter()
            out = jax.block_until_ready(fn(games))
            best = min(best, time.perf_counter() - started)
        unsolved = int(np.sum(np.asarray(out["status"]) != 0))
        line = f"{shape} {mode}: compile {compiled:.2f} s, call {best * 1e3:.1f} ms, not SOLVED {unsolved}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
