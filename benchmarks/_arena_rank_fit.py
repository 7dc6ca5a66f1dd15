"""Run by ``benchmarks/arena.py`` with an interpreter that has arena-rank (it cannot share jaxrate's pins).

    /path/to/arena-venv/bin/python benchmarks/_arena_rank_fit.py battles.csv result.json [repeats]

Reads the battles CSV (``model_a,model_b,winner``) and fits arena-rank's
Bradley-Terry the way its README does (``PairDataset.from_pandas`` then
``BradleyTerry(...).fit``, defaults), timing read + dataset + fit; then once
more with tight tolerances, to tell the model from the optimiser's stopping
rule. Writes the timings and the ratings (Elo points, its ``scale=400,
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
        return (t1 - t0, t2 - t1, t3 - t2), list(dataset.competitors), ratings

    runs = [read_and_fit() for _ in range(repeats)]  # the first includes jax's compilation
    best = min(range(repeats), key=lambda r: sum(runs[r][0]))
    tight = read_and_fit(max_iter=100_000, ftol=0.0, gtol=1e-15)
    result = {
        "versions": {p: version(p) for p in ("arena-rank", "jax", "numpy", "pandas", "optax")},
        "import_seconds": imported,
        "first": dict(zip(("read", "dataset", "fit"), runs[0][0])),
        "best": dict(zip(("read", "dataset", "fit"), runs[best][0])),
        "tight": dict(zip(("read", "dataset", "fit"), tight[0])),
        "models": runs[best][1],
        "ratings": runs[best][2].tolist(),
        "ratings_tight": tight[2].tolist(),
    }
    with open(out, "w") as f:
        json.dump(result, f)


if __name__ == "__main__":
    main()
