"""Run by ``benchmarks/arena.py`` with an interpreter that has arena-rank (it cannot share jaxrate's pins).

    /path/to/arena-venv/bin/python benchmarks/_arena_rank_fit.py battles.csv result.json [repeats [bootstrap]]

Reads the battles CSV (``model_a,model_b,winner``) and fits arena-rank's
Bradley-Terry the way its README does (``PairDataset.from_pandas`` then
``BradleyTerry(...).fit``, defaults), timing read + dataset + fit; then once
more with tight tolerances, to tell the model from the optimiser's stopping
rule. Its intervals: ``compute_ratings_and_cis`` with its defaults (95%,
``ci_method="sandwich"``) and, when ``bootstrap`` > 0, with
``ci_method="bootstrap"`` and that many rounds (its code, in one process:
see :func:`bootstrap`). Writes the
timings, the ratings and the interval ends (Elo points, its ``scale=400,
base=10, init_rating=1000``) as JSON. Imports nothing from jaxrate.
"""

from __future__ import annotations

import json
import sys
import time
from importlib.metadata import version


def main() -> None:
    csv, out = sys.argv[1], sys.argv[2]
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 0
    start = time.perf_counter()
    import numpy as np
    import pandas as pd
    from arena_rank.models.bradley_terry import BradleyTerry
    from arena_rank.utils.data_utils import PairDataset

    imported = time.perf_counter() - start

    def read_and_fit(**options):
        t0 = time.perf_counter()
        frame = pd.read_csv(csv, dtype=str, keep_default_na=False)
        t1 = time.perf_counter()
        dataset = PairDataset.from_pandas(frame)
        t2 = time.perf_counter()
        model = BradleyTerry(n_competitors=len(dataset.competitors), **options).fit(dataset)
        ratings = np.asarray(model.params["ratings"]) * model.alpha + model.init_rating
        t3 = time.perf_counter()
        return (t1 - t0, t2 - t1, t3 - t2), list(dataset.competitors), ratings, model, dataset

    runs = [read_and_fit() for _ in range(repeats)]  # the first includes jax's compilation
    best = min(range(repeats), key=lambda r: sum(runs[r][0]))
    tight = read_and_fit(max_iter=100_000, ftol=0.0, gtol=1e-15)
    model, dataset = runs[best][3], runs[best][4]
    start = time.perf_counter()
    sandwich = model.compute_ratings_and_cis(dataset)  # its defaults: 95%, sandwich
    sandwich_seconds = time.perf_counter() - start
    boot = {}
    if rounds > 0:
        start = time.perf_counter()
        lower, upper = bootstrap(model, dataset, rounds)
        boot = {
            "bootstrap_rounds": rounds,
            "bootstrap_seconds": time.perf_counter() - start,
            "bootstrap_lower": lower.tolist(),
            "bootstrap_upper": upper.tolist(),
        }
    result = {
        "versions": {p: version(p) for p in ("arena-rank", "jax", "numpy", "pandas", "optax")},
        "import_seconds": imported,
        "first": dict(zip(("read", "dataset", "fit"), runs[0][0])),
        "best": dict(zip(("read", "dataset", "fit"), runs[best][0])),
        "tight": dict(zip(("read", "dataset", "fit"), tight[0])),
        "models": runs[best][1],
        "ratings": runs[best][2].tolist(),
        "ratings_tight": tight[2].tolist(),
        "sandwich_seconds": sandwich_seconds,
        "sandwich_lower": np.asarray(sandwich["rating_lower"]).tolist(),
        "sandwich_upper": np.asarray(sandwich["rating_upper"]).tolist(),
        **boot,
    }
    with open(out, "w") as f:
        json.dump(result, f)


def bootstrap(model, dataset, rounds: int, seed: int = 42):
    """arena-rank's ``compute_ratings_and_cis(ci_method="bootstrap")``, its draws and fits, in one process.

    Its own code forks a ``multiprocessing`` pool after jax has started its
    threads, which hangs here; the draws (``jax.random.multinomial`` of all
    battles, its seed 42), the per-round fit (its ``fit_single_bootstrap_sample``)
    and the 2.5% / 97.5% quantiles are its own, run in a loop instead.
    """
    import jax
    import jax.numpy as jnp
    from arena_rank.models.bradley_terry import fit_single_bootstrap_sample

    total = jnp.sum(dataset.counts)
    draws = jax.random.multinomial(
        key=jax.random.PRNGKey(seed),
        n=int(total),
        p=dataset.counts / total,
        shape=(rounds, dataset.counts.shape[0]),
        dtype=model.dtype,
    )
    samples = jnp.stack([fit_single_bootstrap_sample(d, model, dataset)["ratings"] for d in draws])
    scaled = samples * model.alpha + model.init_rating
    return jnp.quantile(scaled, 0.025, axis=0), jnp.quantile(scaled, 0.975, axis=0)


if __name__ == "__main__":
    main()
