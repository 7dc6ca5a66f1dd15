"""Clone attacks on a leaderboard: which ratings move when tasks or models are copied?

python examples/clone_attack.py [path/to/livebench_2024_08_17.csv] [--plot docs/clone_attack.png]
(from the clone's root, with the virtualenv active: `source .venv/bin/activate`, README)

Four attacks on the LiveBench snapshot (65 models x 18 tasks): one task copied
10 times, and 3 copies of the top model, each exactly and as near-copies
(Gaussian noise of 0.01 on the [0, 1] scores). For each method it prints how far
the original models' ratings move (largest |change|, and the largest change in
rank). Deviation ratings are clone invariant, so they do not move under exact
copies; under near-copies they move a little.

The snapshot is read from the project's shared data beside the clone
(``../shared/data``, or ``$JAXRATE_SHARED_DATA``); it is not shipped with
jaxrate. Without it (and no path given) the same attacks run on the built-in
Atari table (20 agents x 53 games: `pitfall` copied, `r2d2(bandit)` the top
agent), and the first line says so.
"""

import os
import sys
from pathlib import Path

import numpy as np
import pandas as pd

import jaxrate
from jaxrate.baselines import elo_ratings, win_probabilities
from jaxrate.ranking import tied_ranks

SHARED = Path(os.environ.get("JAXRATE_SHARED_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))
DEFAULT = SHARED / "livebench_2024_08_17.csv"


def load(args: list[str]) -> tuple[str, pd.DataFrame, str, str]:
    """``(name, table [models, tasks] in [0, 1], task to copy, top model)``: LiveBench, else Atari."""
    if args or DEFAULT.exists():
        path = Path(args[0]) if args else DEFAULT
        return (
            "LiveBench",
            pd.read_csv(path, index_col=0) / 100,
            "LCB_generation",
            "claude-3-5-sonnet-20240620",
        )
    table = jaxrate.datasets.load("atari")
    print(
        f"{DEFAULT} not found (the LiveBench snapshot is not shipped; download it with "
        f"curl -sSfL -o livebench_2024_08_17.csv {jaxrate.datasets.LIVEBENCH_URL} and pass its path): "
        f"using the built-in Atari dataset ({table.shape[0]} agents x {table.shape[1]} games)"
    )
    return "Atari", table, "pitfall", "r2d2(bandit)"


def ratings(table: pd.DataFrame, models: list[str]) -> dict[str, np.ndarray]:
    dev = jaxrate.exact.deviation_ratings(jaxrate.agent_vs_task(table)).rating_of("agent")
    dev3 = jaxrate.exact.deviation_ratings(jaxrate.agent_vs_agent_vs_task(table)).rating_of("agent_a")
    p, names = win_probabilities(table)
    elo = elo_ratings(p, models=names).rating_of()
    uniform = table.mean(axis=1)
    return {
        "deviation 2P": np.array([dev[m] for m in models]),
        "deviation 3P": np.array([dev3[m] for m in models]),
        "uniform": uniform.loc[models].to_numpy(),
        "elo": np.array([elo[m] for m in models]),
    }


def main() -> None:
    args = sys.argv[1:]
    plot = None
    if "--plot" in args:
        plot = args[args.index("--plot") + 1]
        del args[args.index("--plot") : args.index("--plot") + 2]
    data, table, task, top = load(args)
    models = list(table.index)
    rng = np.random.default_rng(0)
    base = ratings(table, models)

    def task_copies(noise):
        extra = [
            (table[[task]] + noise * rng.standard_normal((len(table), 1))).clip(0, 1).add_suffix(f"#{i}")
            for i in range(10)
        ]
        return pd.concat([table, *extra], axis=1)

    def model_copies(noise):
        extra = [
            (table.loc[[top]] + noise * rng.standard_normal((1, table.shape[1])))
            .clip(0, 1)
            .rename(index={top: f"{top}#{i}"})
            for i in range(3)
        ]
        return pd.concat([table, *extra])

    attacks = {
        f"{task} x10 (exact copies)": task_copies(0.0),
        f"{task} x10 (near copies, noise 0.01)": task_copies(0.01),
        "top model x3 (exact copies)": model_copies(0.0),
        "top model x3 (near copies, noise 0.01)": model_copies(0.01),
    }
    print(f"{'attack':44} {'method':13} {'max |dr|':>10} {'scale':>8} {'max rank shift':>15}")
    relative = {}
    for name, attacked in attacks.items():
        moved = ratings(attacked, models)
        for method, before in base.items():
            after = moved[method]
            scale = np.ptp(before)
            tol = 1e-7 * max(scale, 1e-12)
            shift = np.abs(tied_ranks(after, tol) - tied_ranks(before, tol)).max()
            print(f"{name:44} {method:13} {np.abs(after - before).max():10.3g} {scale:8.3g} {shift:15d}")
            relative[name, method] = np.abs(after - before).max() / scale
    if plot is not None:
        figure(relative, list(attacks), list(base), plot, data)


def figure(relative: dict, attacks: list, methods: list, path: str, data: str = "LiveBench") -> None:
    """Grouped bars: how far each method's ratings of the original models move, relative to their range."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    # Drawn narrow, with large type: on a phone the page shows it about 350 px wide (issue 56).
    fig, ax = plt.subplots(figsize=(5.6, 4.4))
    width = 0.8 / len(methods)
    for k, method in enumerate(methods):
        heights = [max(relative[a, method], 1e-16) for a in attacks]
        ax.bar(np.arange(len(attacks)) + k * width, heights, width, label=method)
    ax.set_yscale("log")
    ax.set_ylim(1e-16, 1)

    def short(attack: str) -> str:  # "LCB_generation x10 (exact copies)" -> "task x10\nexact"
        what = "task x10" if " x10 " in attack else "model x3"
        return what + ("\nexact" if "exact" in attack else "\nnoise 0.01")

    ax.set_xticks(np.arange(len(attacks)) + 0.4 - width / 2, [short(a) for a in attacks], fontsize=10)
    ax.tick_params(axis="y", labelsize=10)
    ax.set_ylabel("largest |rating change| / range", fontsize=11)
    ax.set_title(f"{data}: copies of a task or a model", fontsize=12)
    ax.legend(fontsize=10, frameon=False, loc="lower center", bbox_to_anchor=(0.5, 1.07), ncol=2)
    fig.savefig(path, bbox_inches="tight", dpi=130)


if __name__ == "__main__":
    main()
