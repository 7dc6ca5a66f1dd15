"""The JAX paths' first call in a new process, cold and from JAX's persistent compilation cache (issue 55).

    python benchmarks/compile_cache.py                 # 2P 10 x 10, B = 1,024, float32 payoffs
    python benchmarks/compile_cache.py --rounds 2      # each case twice, alternated

Each case runs in a fresh process twice on one new cache folder (``JAXRATE_CACHE_DIR``, which
importing :mod:`jaxrate.batched` turns on): the first process compiles and writes the cache, the
second may load from it. Per process: seconds to trace, to lower, to compile (``lower().compile()``;
from the cache: a load) and the first call. The cases: ``jit(vmap(rate_game))`` as it is (its exact
fallback is a host callback, which JAX does not cache), the same with ``SimplexConfig(fallback=False)``,
``jit(grad)`` of the sum of one game's ratings both ways, and the host batched path
(``deviation_ratings(..., solver="simplex")``, first call as a whole).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CASES = ("vmap", "vmap-no-fallback", "grad", "grad-no-fallback", "host")


def child(case: str, games: int) -> dict:
    """One case's timings in this (fresh) process."""
    import jax
    import numpy as np

    import jaxrate
    from jaxrate.batched import SimplexConfig, rate_game
    from jaxrate.batched._pure import simplex_config

    payoffs = np.random.default_rng(0).uniform(size=(games, 2, 10, 10)).astype(np.float32)
    if case == "host":
        started = time.perf_counter()
        jaxrate.deviation_ratings(payoffs, solver="simplex")
        return {"first call": time.perf_counter() - started, "cache": jax.config.jax_compilation_cache_dir}
    config = None
    if case.endswith("no-fallback"):
        config = SimplexConfig(**(simplex_config(20, "float64")._asdict() | {"fallback": False}))

    def rate(g):
        return rate_game(g, config=config)

    if case.startswith("vmap"):
        fn, args = jax.jit(jax.vmap(rate)), (payoffs,)
    else:
        fn, args = jax.jit(jax.grad(lambda g: jax.numpy.sum(rate(g)["ratings"]))), (payoffs[0],)
    times = {}
    started = time.perf_counter()
    traced = fn.trace(*args)
    times["trace"] = time.perf_counter() - started
    started = time.perf_counter()
    lowered = traced.lower()
    times["lower"] = time.perf_counter() - started
    started = time.perf_counter()
    compiled = lowered.compile()
    times["compile"] = time.perf_counter() - started
    started = time.perf_counter()
    jax.block_until_ready(compiled(*args))
    times["first call"] = time.perf_counter() - started
    return times | {"cache": jax.config.jax_compilation_cache_dir}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1024)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.games)))
        return
    sys.path.insert(0, str(HERE))  # in main only
    from _env import header

    header()
    chosen = ("JAX_COMPILATION_CACHE", "JAXRATE_CACHE")  # the user's own settings: not here
    env = {k: v for k, v in os.environ.items() if not k.startswith(chosen)}
    steps = ("trace", "lower", "compile", "first call")
    print("| case | process | trace s | lower s | compile s | first call s | total s |")
    print("|---|---|---|---|---|---|---|")
    for _ in range(args.rounds):
        for case in CASES:
            with tempfile.TemporaryDirectory() as folder:
                for process in ("cold", "from the cache"):
                    command = [sys.executable, __file__, "--child", case, "--games", str(args.games)]
                    mine = env | {"JAXRATE_CACHE_DIR": folder}
                    done = subprocess.run(command, capture_output=True, text=True, env=mine, check=True)
                    t = json.loads(done.stdout.strip().splitlines()[-1])
                    assert t.pop("cache") == folder, "the cache was not turned on"
                    cells = [f"{t[k]:.2f}" if k in t else "" for k in steps]
                    print(f"| {case} | {process} | {' | '.join(cells)} | {sum(t.values()):.2f} |", flush=True)


if __name__ == "__main__":
    main()
