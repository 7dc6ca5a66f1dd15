"""What the exact fallback costs a batch that does not need it (issue 52): ``jit(vmap(rate_game))``
with ``SimplexConfig(fallback=True)`` (the default) and ``fallback=False``, alternated in one process.

    python benchmarks/fallback_cost.py                 # 64 and 640 random 2P 10 x 10 games, 3P 6 x 6 x 6
    python benchmarks/fallback_cost.py --repeats 50

Under ``vmap`` the callback is made once per call whatever the statuses (``lax.cond`` on a batched
predicate runs both branches), and returns at once where no game failed: what is timed here. Prints
the machine, the median milliseconds of each and their ratio, and the compile seconds of each.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=30)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    import jax

    sys.path.insert(0, str(HERE))
    from _env import header

    from jaxrate.batched import rate_game
    from jaxrate.game._simplex_config import simplex_config

    header()
    print("| games | batch | fallback: compile s | off: compile s | fallback: ms | off: ms | ratio |")
    print("|---|---|---|---|---|---|---|")
    rng = np.random.default_rng(args.seed)
    for shape in ((2, 10, 10), (3, 6, 6, 6)):
        for batch in (64, 640):
            games = rng.uniform(size=(batch,) + shape).astype(np.float32)
            num_c = sum(shape[1:])
            on = simplex_config(num_c, "float64")
            fns, compiles = {}, {}
            for name, config in (("on", on), ("off", on._replace(fallback=False))):
                fns[name] = jax.jit(jax.vmap(functools.partial(rate_game, config=config)))
                started = time.perf_counter()
                jax.block_until_ready(fns[name](games))
                compiles[name] = time.perf_counter() - started
            times = {"on": [], "off": []}
            for _ in range(args.repeats):
                for name in ("on", "off"):
                    started = time.perf_counter()
                    out = jax.block_until_ready(fns[name](games))
                    times[name].append(1e3 * (time.perf_counter() - started))
            assert not np.asarray(out["status"]).any(), "a game not SOLVED: this measures batches that pass"
            on_ms, off_ms = statistics.median(times["on"]), statistics.median(times["off"])
            print(
                f"| {'x'.join(map(str, shape[1:]))} | {batch} | {compiles['on']:.1f} | {compiles['off']:.1f} "
                f"| {on_ms:.2f} | {off_ms:.2f} | {on_ms / off_ms:.3f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
