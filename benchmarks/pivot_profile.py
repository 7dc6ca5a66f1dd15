"""Where a step of ``jit(vmap(rate_game))`` spends its time, and what a call pays besides its steps.

    python benchmarks/pivot_profile.py                        # 2P 10 x 10, B = 1,024
    python benchmarks/pivot_profile.py --shape 3x6x6x6 --games 1024

Each part of the simplex's step (:mod:`jaxrate.batched._simplex`) runs alone, ``--steps`` times in a
``fori_loop`` over the vmapped batch from its crash basis (each part's result feeds the carry, so
nothing is left out of the program); best of seven calls, microseconds a step for the whole batch.
Then a whole call, its page faults (fresh memory XLA's CPU runtime takes from the system) and its
temporary buffers as XLA counts them.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
import warnings
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shape", default="2x10x10", help="N x A_1 x ... (default 2x10x10)")
    parser.add_argument("--games", type=int, default=1024)
    parser.add_argument("--steps", type=int, default=40)
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    import jax
    import jax.numpy as jnp

    jax.config.update("jax_enable_x64", True)
    sys.path.insert(0, str(HERE))  # in main only
    from _env import header

    from jaxrate.batched import _lp, _simplex, _unique, rate_game
    from jaxrate.batched._core import init, prepare
    from jaxrate.game._simplex_config import simplex_config

    header()
    shape = tuple(int(x) for x in args.shape.split("x"))
    rng = np.random.default_rng(0)
    games = jnp.asarray(rng.uniform(size=(args.games,) + shape).astype(np.float32))
    config = simplex_config(sum(shape[1:]), "float64")
    masks = tuple(jnp.ones(a, bool) for a in shape[1:])
    preps = jax.jit(jax.vmap(lambda g: prepare(g.astype(jnp.float64), masks)))(games)
    attempt = {"perturb": 0.0, "harris": 0.0, "pivot_rel": 0.0, "unique": True, "largest_pivot": False}
    attempt = {k: jnp.asarray(v) for k, v in (attempt | {"max_pivots": config.max_pivots}).items()}
    start = jax.jit(jax.vmap(lambda p: init(p, jnp.int32(-1), config, attempt)))(preps)
    steps = args.steps

    def best(fn, *arrays, calls=7):
        jax.block_until_ready(fn(*arrays))
        seconds = np.inf
        for _ in range(calls):
            began = time.perf_counter()
            jax.block_until_ready(fn(*arrays))
            seconds = min(seconds, time.perf_counter() - began)
        return seconds

    def part(name, fn, count=steps):
        def body(p, st):
            lp = _lp.layout(p["payoffs"], p["joint_mask"], p["row_mask"], config)
            return jax.lax.fori_loop(0, count, lambda i, s: fn(lp, s, i), st)

        micro = best(jax.jit(jax.vmap(body)), preps, start) / count * 1e6
        print(f"| {name} | {micro:,.0f} |", flush=True)

    def priced(lp, s, i):
        red, r_s, floor = _simplex.reduced_costs(lp, s)
        return s._replace(fixed_value=s.fixed_value + red, values=s.values + r_s + floor)

    def entering(lp, s, i):
        return s._replace(
            obj=_simplex.entering(lp, s, s.fixed_value, jnp.min(s.fixed_value)).astype(jnp.int32)
        )

    def ratio(lp, s, i):
        p, b = _simplex._leaving(lp, s, s.xb - 0.3)
        return s._replace(pivots=s.pivots + p, base=s.base + b)

    def column(i, s, lp):
        return (jnp.int32(3) + s.pivots + i) % lp.num_j

    print(f"\n{args.shape}, B = {args.games}: microseconds a step for the batch\n")
    print("| part | us |\n|---|---|")
    part("the loop alone", lambda lp, s, i: s._replace(pivots=s.pivots + 1))
    part("a whole step (`_simplex.step`)", lambda lp, s, i: _simplex.step(lp, s))
    part("pricing (`reduced_costs`)", priced)
    part("the entering column's choice", entering)
    part(
        "the level's end (`next_level`, every 7th step closing)",
        lambda lp, s, i: _simplex.next_level(lp, s, s.values, s.base, (i % 7) == 3),
    )
    part(
        "a pivot (`pivot`: column, B^-1 a, ratio test, update)",
        lambda lp, s, i: _simplex.pivot(lp, s, column(i, s, lp), ~s.done),
    )
    part(
        "  its column (`_lp.column`)",
        lambda lp, s, i: s._replace(xb=s.xb + _lp.column(lp, column(i, s, lp), s.frozen_at)),
    )
    part("  B^-1 times a vector", lambda lp, s, i: s._replace(xb=s.xb + s.binv @ s.xb))
    part("  its ratio test (`_leaving`)", ratio)
    part(
        "  the inverse's update (an outer product)",
        lambda lp, s, i: s._replace(binv=s.binv - jnp.outer(s.xb, s.binv[i % lp.m])),
    )
    part("a refactorisation (`_lp.refactor`)", lambda lp, s, i: _lp.refactor(lp, s))
    part("a unique finish (`_unique.finish_unique`)", lambda lp, s, i: _unique.finish_unique(lp, s), 10)

    program = jax.jit(jax.vmap(rate_game)).lower(games).compile()
    out = program(games)
    faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    seconds = best(program, games, calls=5)
    faults = (resource.getrusage(resource.RUSAGE_SELF).ru_minflt - faults) // 6
    temp = program.memory_analysis().temp_size_in_bytes
    print(
        f"\nwhole call: {seconds * 1e3:.1f} ms (best of 5), {faults:,} page faults a call, "
        f"temporaries {temp / 2**20:.0f} MiB; pivots a game mean {np.mean(out['iterations']):.1f}, "
        f"max {int(np.max(out['iterations']))}"
    )


if __name__ == "__main__":
    main()
