"""Two versions of the JAX simplex core, side by side in one process (per-step cost A/B).

    git show HEAD~3:jaxrate/batched/_simplex.py > /tmp/old_simplex.py
    python benchmarks/simplex_ab.py 2p-10x10 1024 /tmp/old_simplex.py jaxrate/batched/_simplex.py
    python benchmarks/simplex_ab.py 3p-6x6x6 1024 A.py B.py --rounds 7

Each file is loaded as a module of its own; its ``make_solver`` runs one
``jax.jit(jax.vmap(...))`` of init, advance and finish (float64, every game in
one wave, no lanes) on the same prepared games of a seeded family of
``tests/game_families.py``. The versions alternate, round after round (this
machine is shared and noisy), and each prints its fastest and median time. The
first file is the reference the others' ratings are compared with. Used for
the "what changed" tables of benchmarks/RESULTS.md (issue 15).
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))

from game_families import family  # noqa: E402


def _load(path: str, index: int):
    spec = importlib.util.spec_from_file_location(f"simplex_version_{index}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("family")
    parser.add_argument("batch", type=int)
    parser.add_argument("files", nargs="+", help="versions of jaxrate/batched/_simplex.py")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    import jax
    import jax.numpy as jnp
    from _env import header
    from jaxrate.solvers import Simplex

    from jaxrate.batched._core import prepare

    jax.config.update("jax_enable_x64", True)
    header()
    games = jnp.asarray(family(args.family, args.batch))
    shape = games.shape[2:]
    config = Simplex().config(sum(shape))
    masks = tuple(jnp.ones((args.batch, a), bool) for a in shape)
    prep = jax.jit(jax.vmap(prepare))(games, masks)
    start = jnp.full((args.batch,), -1, jnp.int32)

    def rater(module):
        def one(p, s):
            solver = module.make_solver(p["payoffs"], p["joint_mask"], p["row_mask"], config)
            init, advance, finish = (
                (solver.init, solver.advance, solver.finish) if hasattr(solver, "init") else solver
            )
            out = finish(advance(init(s)))
            return out["ratings"] if isinstance(out, dict) else out[0]

        return jax.jit(jax.vmap(one))

    fns = [rater(_load(f, i)) for i, f in enumerate(args.files)]
    ratings = [np.asarray(f(prep, start)) for f in fns]  # compiles each
    for f, r in zip(args.files[1:], ratings[1:]):
        print(f"{f}: max |dr| against {args.files[0]}: {np.nanmax(np.abs(r - ratings[0])):.1e}")
    times: list[list[float]] = [[] for _ in fns]
    for _ in range(args.rounds):
        for i, f in enumerate(fns):
            begin = time.perf_counter()
            jax.block_until_ready(f(prep, start))
            times[i].append(time.perf_counter() - begin)
    for f, t in zip(args.files, times):
        print(f"{args.family} B={args.batch} {f:<40} min {min(t):.4f} s  median {np.median(t):.4f} s")


if __name__ == "__main__":
    main()
