"""LiveBench top ten by every rating method, side by side.

python examples/livebench_methods.py [path/to/livebench_2024_08_17.csv]
(from the clone's root, with the virtualenv active: `source .venv/bin/activate`, README)

Methods: uniform (mean score), Elo (Bradley-Terry fit of the task win rates),
Nash averaging (agent vs task, zero-sum), alpha-rank (agent vs task), payoff
rating under the maximum-entropy CCE (agent vs task, and model vs model vs
task), and deviation ratings (both games). "=" marks a tie (within 1e-7 of the
payoff range) with the row above.

The snapshot is read from the project's shared data beside the clone
(``../shared/data``, or ``$JAXRATE_SHARED_DATA``); it is not shipped with
jaxrate. Without it (and no path given) the same table is made of the built-in
Atari dataset (20 agents x 53 games), and the first line says so.
"""

import os
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

import jaxrate
from jaxrate.baselines import alpha_rank, elo_ratings, nash_average, payoff_ratings, win_probabilities
from jaxrate.ranking import tied_ranks

SHARED = Path(os.environ.get("JAXRATE_SHARED_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))
DEFAULT = SHARED / "livebench_2024_08_17.csv"


def load(args: list[str]) -> pd.DataFrame:
    """The table ``[models, tasks]`` in [0, 1]: the path given, else the LiveBench snapshot, else Atari."""
    if args or DEFAULT.exists():
        return pd.read_csv(Path(args[0]) if args else DEFAULT, index_col=0) / 100
    table = jaxrate.datasets.load("atari")
    print(
        f"{DEFAULT} not found (the LiveBench snapshot is not shipped; download it with "
        f"curl -sSfL -o livebench_2024_08_17.csv {jaxrate.datasets.LIVEBENCH_URL} and pass its path): "
        f"using the built-in Atari dataset ({table.shape[0]} agents x {table.shape[1]} games)"
    )
    return table


def main() -> None:
    table = load(sys.argv[1:])
    two, three = jaxrate.agent_vs_task(table), jaxrate.agent_vs_agent_vs_task(table)
    p, names = win_probabilities(table)
    methods = {
        "uniform": lambda: table.mean(axis=1).to_numpy(),
        "elo": lambda: elo_ratings(p, models=names).ratings,
        "nash avg 2P": lambda: nash_average(two).ratings[0],
        "alpha-rank 2P": lambda: alpha_rank(two).ratings[0],
        "payoff ME-CCE 2P": lambda: payoff_ratings(two).ratings[0],
        "payoff ME-CCE 3P": lambda: payoff_ratings(three).ratings[0],
        "deviation 2P": lambda: jaxrate.exact.deviation_ratings(two).ratings[0],
        "deviation 3P": lambda: jaxrate.exact.deviation_ratings(three).ratings[0],
    }
    columns = {}
    for name, fn in methods.items():
        start = time.perf_counter()
        r = np.asarray(fn(), dtype=np.float64)
        seconds = time.perf_counter() - start
        ranks = tied_ranks(r, 1e-7 * max(np.ptp(r), 1e-12))
        order = np.argsort(-r, kind="stable")[:10]
        cells = []
        for k, i in enumerate(order):
            tied = k > 0 and ranks[i] == ranks[order[k - 1]]
            cells.append(("= " if tied else f"{ranks[i]} ") + short(table.index[i]))
        columns[f"{name} ({seconds:.2f} s)"] = cells
    # A markdown table: one column per method, one row per place.
    print("| " + " | ".join(["#", *columns]) + " |")
    print("|" + "---|" * (len(columns) + 1))
    for k in range(10):
        print("| " + " | ".join([str(k + 1), *(c[k] for c in columns.values())]) + " |")


def short(name: str) -> str:
    """Model names without their date suffixes, to keep the table narrow."""
    for long, short_form in (("-2024-08-06", "-0806"), ("-2024-05-13", "-0513"), ("-2024-04-09", "-0409")):
        name = name.replace(long, short_form)
    for suffix in ("-20240620", "-instruct-turbo", "-20240229"):
        name = name.replace(suffix, "")
    return name


if __name__ == "__main__":
    main()
