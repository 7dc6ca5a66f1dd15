"""The JAX path's float32 mode against the exact path: what it keeps, how accurate, how fast.

    python benchmarks/float32_accuracy.py                      # the families below, B = 512
    python benchmarks/float32_accuracy.py --families 2p-10x10 --batch 1024
    python benchmarks/float32_accuracy.py --criteria 3p-6x6x6 --batch 1024

For each seeded family of ``tests/game_families.py``: the share of games whose
float32 result the mode keeps (its proof, rechecked in float64, bounds its
error by 1e-3 of the range; the others are re-solved in float64), how accurate
the kept ones are, how accurate every game the mode returns is (errors as
fractions of the payoff range, against the exact path), the share SOLVED, and
games/s of the float32 mode and of float64 in the same run.

``--criteria FAMILY``: the study behind the recheck. The float32 pass alone,
and for candidate acceptance rules (each computed in float64 from the
payoffs and the float32 proof) the share of games accepted, how many of those
are within 1e-3, the worst accepted error, and how many of the games float32
returns SOLVED but more than 1e-3 off each rule catches.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))

from game_families import family  # noqa: E402


def _errors(ratings: np.ndarray, exact: np.ndarray, games: np.ndarray) -> np.ndarray:
    span = np.ptp(games.reshape(len(games), -1), axis=1)[:, None]
    return np.max(np.abs(np.asarray(ratings, np.float64) - exact) / span, axis=1)


def _float32_alone(games: np.ndarray) -> dict:
    """One float32 pass, before its float64 recheck and re-solve."""
    import jax
    import jax.numpy as jnp

    from jaxrate import Simplex
    from jaxrate.batched import _api

    batch, shape = len(games), games.shape[2:]
    masks = tuple(jnp.ones((batch, a), bool) for a in shape)
    with jax.enable_x64(False):
        config = Simplex("float32").config(sum(shape))
        start = jnp.full(batch, -1, jnp.int32)
        return _api._rate_here(jnp.asarray(games, jnp.float32), masks, start, config, None)


def _proof_terms(games: np.ndarray, alone: dict):
    """Per game and level, in float64: gap_k, rho, |lambda_k|_1 and the smallest frozen dual."""
    import jax
    import jax.numpy as jnp

    from jaxrate.batched import _api, _core

    batch, shape = len(games), games.shape[2:]
    with jax.enable_x64(True):
        masks = tuple(jnp.ones((batch, a), bool) for a in shape)
        prep = _api._prepare_batch(jnp.asarray(games.astype(np.float32).astype(np.float64)), masks)
        out = {k: jnp.asarray(v) for k, v in alone.items()}
        return [np.asarray(x) for x in jax.vmap(_core.recheck_terms)(prep, out)[:4]]


def criteria(name: str, batch: int) -> None:
    import jaxrate

    games = family(name, batch)
    exact = np.concatenate(jaxrate.deviation_ratings(games, "highs").ratings, 1)
    alone = _float32_alone(games)
    err = _errors(alone["ratings"], exact, games)
    solved = alone["status"] == jaxrate.Status.SOLVED
    wrong = solved & (err > 1e-3)
    print(
        f"{name}, B = {batch}, float32 alone: SOLVED {solved.mean():.1%}, of which "
        f"{np.mean(err[solved] <= 1e-3):.2%} within 1e-3, worst {err[solved].max():.1e}"
    )
    gap, rho, lam, low = _proof_terms(games, alone)
    rules = {
        "level gap <= 1e-3": gap.max(1),
        "gap + rho <= 1e-3": gap.max(1) + rho,
        "(gap + rho) / y_min <= 1e-3": ((gap + rho[:, None]) / low).max(1),
        "(gap + rho)(1 + |lambda|) / y_min <= 1e-3 (kept)": ((gap + rho[:, None]) * (1 + lam) / low).max(1),
    }
    print(f"{'accept if (float64 recheck)':<50}{'accepted':>9}{'within 1e-3':>13}{'worst':>10}{'caught':>8}")
    for rule, value in rules.items():
        kept = solved & (value <= 1e-3)
        within = np.mean(err[kept] <= 1e-3) if kept.any() else float("nan")
        worst = err[kept].max() if kept.any() else float("nan")
        caught = int(np.sum(wrong & ~kept))
        print(f"{rule:<50}{kept.mean():>9.1%}{within:>13.2%}{worst:>10.1e}{caught:>5}/{int(wrong.sum())}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--families", nargs="*", default=["3p-6x6x6", "2p-10x10", "3p-8x8x8", "2p-32x32", "winloss-24"]
    )
    parser.add_argument("--batch", type=int, default=512)
    parser.add_argument("--criteria", metavar="FAMILY", help="the acceptance-rule study on one family")
    args = parser.parse_args()
    import jax
    from _env import header

    import jaxrate
    from jaxrate.batched._api import deviation_ratings as batched

    header()
    if args.criteria:
        criteria(args.criteria, args.batch)
        return
    print(
        f"{'family':<12}{'B':>6}{'kept':>7}{'kept<=1e-3':>12}{'kept max':>10}"
        f"{'all<=1e-3':>11}{'all max':>9}{'SOLVED':>8}{'f32 g/s':>9}{'f64 g/s':>9}"
    )
    for name in args.families:
        games = family(name, args.batch)
        exact = np.concatenate(jaxrate.deviation_ratings(games, "highs").ratings, 1)
        f32 = games.astype(np.float32)
        with jax.enable_x64(False):
            kept = batched(f32, retry=False).status == jaxrate.Status.SOLVED  # recheck applied, no re-solve
            batched(f32)
            start = time.perf_counter()
            out = batched(f32)
            t32 = time.perf_counter() - start
        with jax.enable_x64(True):
            batched(games)
            start = time.perf_counter()
            batched(games)
            t64 = time.perf_counter() - start
        err = _errors(np.concatenate(out.ratings, 1), exact, games)
        ok = out.status == jaxrate.Status.SOLVED
        kept_ok = np.mean(err[kept] <= 1e-3) if kept.any() else float("nan")
        kept_max = err[kept].max() if kept.any() else float("nan")
        print(
            f"{name:<12}{len(games):>6}{kept.mean():>7.1%}{kept_ok:>12.1%}{kept_max:>10.1e}"
            f"{np.mean(err[ok] <= 1e-3):>11.1%}{err[ok].max():>9.1e}{ok.mean():>8.1%}"
            f"{len(games) / t32:>9.1f}{len(games) / t64:>9.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
