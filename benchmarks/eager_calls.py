"""``rate_game`` called outside ``jit``: seconds a call and the process's memory mappings (issue 55).

    python benchmarks/eager_calls.py                          # 1,000 calls and 100 jax.grad calls, 2P 4 x 4
    PYTHONPATH=<other checkout> python benchmarks/eager_calls.py --calls 10 --grads 3   # an older version

A loop that rates games one by one without ``jax.jit`` (central differences around a few games,
``jax.grad`` of a plain function, a notebook cell run again) is how many users first call it. Each
call rates a fresh random 2P 4 x 4 game (float32 payoffs, JAX's default x64 off). Prints the first
call, the slowest and the median of the others, and the mappings in ``/proc/self/maps`` (Linux)
after the first call and after the last: a process dies with "Cannot allocate memory" at the
system's limit (``vm.max_map_count``, 65,530 by default).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent


def _mappings() -> int:
    with open("/proc/self/maps") as maps:
        return sum(1 for _ in maps)


def _timed(calls: int, call, rng) -> tuple[list[float], list[int]]:
    seconds, maps = [], []
    for _ in range(calls):
        game = rng.random((2, 4, 4)).astype(np.float32)
        start = time.perf_counter()
        call(game)
        seconds.append(time.perf_counter() - start)
        maps.append(_mappings())
    return seconds, maps


def _line(name: str, seconds: list[float], maps: list[int]) -> str:
    rest = sorted(seconds[1:]) or [float("nan")]
    return (
        f"{name:<14} {len(seconds):>5} calls: first {seconds[0]:.2f} s, "
        f"then median {1e3 * rest[len(rest) // 2]:.1f} ms, "
        f"slowest {1e3 * rest[-1]:.1f} ms; mappings after the first {maps[0]:,}, after the last {maps[-1]:,} "
        f"(+{maps[-1] - maps[0]:,})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=1000)
    parser.add_argument("--grads", type=int, default=100)
    args = parser.parse_args()
    import jax

    sys.path.insert(0, str(HERE))  # in main only
    from _env import header

    from jaxrate.batched import rate_game

    header()
    rng = np.random.default_rng(0)
    print(f"mappings before any call: {_mappings():,}", flush=True)

    def rated(game):
        out = rate_game(game)
        assert int(out["status"]) == 0, int(out["status"])
        return jax.block_until_ready(out["ratings"])

    print(_line("rate_game", *_timed(args.calls, rated, rng)), flush=True)
    fitness = jax.grad(lambda g: rate_game(g)["ratings"][0])
    print(
        _line("jax.grad", *_timed(args.grads, lambda g: jax.block_until_ready(fitness(g)), rng)), flush=True
    )


if __name__ == "__main__":
    main()
