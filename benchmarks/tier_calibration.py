"""Do jaxrate's tiers hold jointly? False separations and power on simulated boards (issue 35).

    python benchmarks/tier_calibration.py                   # the table of benchmarks/RESULTS.md
    python benchmarks/tier_calibration.py --boards 100 --deviation-boards 0   # a quick look

Each board: 12 models in 3 true tiers of 4 (or one tier: no real difference; or 6 tiers
of 2, ``--pair-tiers-gap``, where one false claim splits a tier), ``T``
tasks of ``n`` items, each item a Bernoulli draw at the model's true accuracy on that
task (task base accuracies spread from 0.55 to 0.85; equal within a tier). Adjacent
tiers are ``gap`` standard errors apart, the standard error being that of the
paired difference of two models' mean accuracy over all ``T n`` items
(``sqrt(2 sum_t p_t (1 - p_t)) / (T sqrt(n))``). Each board is resampled by
jaxrate itself (:func:`jaxrate.uncertainty.bootstrap_items`: items drawn with
replacement within each task, the same draw for every model), then
``RatingIntervals.tiers`` (``"stepdown"``, ``"band"`` and ``"holm"``), the same cut
from uncorrected per-pair claims (``pair-cut``: not joint, so not offered by jaxrate;
the most a cut of this rule can find at this level) and ``rank_intervals``
(``"pair"``) at level 0.95. With 6 tiers the extreme tiers' accuracies are clipped
to 0.99 and 0.01, so only ``split`` and ``claim`` mean anything there.

Per setting it prints the rate of boards with

* ``split``: two models of one true tier in different tiers (what the family-wise
  error bounds; target <= alpha + 0.02 = 0.07),
* ``claim``: any false claim "``i`` above ``j``" between models of one true tier (the
  family-wise error of the claims themselves; a split needs one),
* ``found``: a boundary between adjacent true tiers found (every model of the upper
  tier in a better tier than every model of the lower one), averaged over both
  boundaries; ``exact``: all three tiers recovered; ``pairs``: share of adjacent-tier
  pairs claimed apart;
* ``pair-rank`` (boards of one tier only): the per-pair rule of ``rank_intervals``
  (LMArena's convention): any claim at all, all false there, for contrast.

The main part rates the resamples with the uniform rating (``rating="uniform"``,
linear in the scores: the calibration of the tests themselves) with 2,999
resamples, as Holm's bootstrap p-values are at least ``2 / (R + 1)`` and need
``R >= 2 m / alpha - 1 = 2,639`` for 66 pairs. The deviation rating (3-player
game, exact path) costs about 9 ms a resample on 2 cores, so it runs fewer boards
at 200 resamples and the bands only (Holm cannot separate anything at ``R = 200``).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
import warnings
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent))

MODELS, TIERS = 12, 3
LEVEL = 0.95


def board(
    rng: np.random.Generator, gap: float, tasks: int, items: int, tiers: int = TIERS
) -> tuple[pd.DataFrame, np.ndarray]:
    """A long item table ``(model, task, item, score)`` and the true tier of each model (all 1 when
    ``gap`` is 0: one tier)."""
    base = np.linspace(0.55, 0.85, tasks)
    se = math.sqrt(2 * np.sum(base * (1 - base))) / (tasks * math.sqrt(items))
    truth = np.repeat(np.arange(1, tiers + 1), MODELS // tiers) if gap else np.ones(MODELS, dtype=int)
    shift = (tiers + 1) / 2 - truth if gap else np.zeros(MODELS)
    p = np.clip(base[None, :] + gap * se * shift[:, None], 0.01, 0.99)  # [M, T]
    y = (rng.random((MODELS, tasks, items)) < p[:, :, None]).astype(np.float64)
    m, t, k = np.meshgrid(np.arange(MODELS), np.arange(tasks), np.arange(items), indexing="ij")
    frame = pd.DataFrame(
        {"model": [f"m{i:02d}" for i in m.ravel()], "task": t.ravel(), "item": k.ravel(), "score": y.ravel()}
    )
    return frame, truth


def _per_pair_cut(intervals):
    """Tiers cut by the same rule from the per-pair claims (no multiplicity correction at all): not
    joint, so not offered by jaxrate; the most a cut of this rule could find at this level."""
    from types import SimpleNamespace

    from jaxrate.results import _significance as sig

    pairs = sig._pairs(intervals, 0, None)
    above, _ = sig._claims(pairs, "pair", LEVEL)
    return SimpleNamespace(tier=sig._cut(pairs.point, above), above=above)


def measures(intervals, truth: np.ndarray, methods: tuple[str, ...]) -> dict[str, float]:
    """The per-board outcomes of each method (see the module docstring)."""
    same = truth[:, None] == truth[None, :]
    adjacent = truth[:, None] + 1 == truth[None, :]
    out = {}
    for method in methods:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            t = _per_pair_cut(intervals) if method == "pair-cut" else intervals.tiers(0, method)
        tier = t.tier
        found = [tier[truth == g].max() < tier[truth == g + 1].min() for g in range(1, truth.max())]
        out[f"{method} split"] = float((same & (tier[:, None] != tier[None, :])).any())
        out[f"{method} claim"] = float((same & t.above).any())
        out[f"{method} found"] = float(np.mean(found)) if found else math.nan
        out[f"{method} exact"] = float(all(found)) if found else math.nan
        out[f"{method} pairs"] = float((t.above | t.above.T)[adjacent].mean()) if adjacent.any() else math.nan
    if truth.max() == 1:  # one true tier: any claim of the per-pair rule is false
        frame = intervals.rank_intervals(0, method="pair")
        out["pair-rank claim"] = float((frame["rank_best"] > 1).any() or (frame["rank_worst"] < MODELS).any())
    return out


def run(setting: dict, args: argparse.Namespace, seed: int) -> tuple[dict[str, float], float]:
    """Mean outcomes over ``setting['boards']`` boards, and the seconds per board."""
    from jaxrate import uncertainty

    rng = np.random.default_rng(seed)
    options = uncertainty.Resampling(
        resamples=setting["resamples"], rating=setting["rating"], game="3p", level=LEVEL
    )
    rows = []
    start = time.perf_counter()
    for b in range(setting["boards"]):
        frame, truth = board(rng, setting["gap"], args.tasks, args.items, setting.get("tiers", TIERS))
        intervals = uncertainty.bootstrap_items(frame, seed=seed + b, options=options)
        assert not intervals.failures, intervals.failures
        rows.append(measures(intervals, truth, setting["methods"]))
    return pd.DataFrame(rows).mean().to_dict(), (time.perf_counter() - start) / max(1, setting["boards"])


def settings(args: argparse.Namespace) -> list[dict]:
    out = [
        {"rating": "uniform", "gap": g, "boards": args.boards, "resamples": args.resamples}
        | {"methods": ("band", "stepdown", "holm", "pair-cut")}
        for g in args.gaps
    ]
    if args.pair_tiers_gap:  # 6 tiers of 2: a split needs one false claim, so the correction matters
        out.append(
            {"rating": "uniform", "gap": args.pair_tiers_gap, "boards": args.boards, "tiers": 6}
            | {"resamples": args.resamples, "methods": ("band", "stepdown", "holm", "pair-cut")}
        )
    out += [
        {"rating": "deviation", "gap": g, "boards": args.deviation_boards}
        | {"resamples": args.deviation_resamples, "methods": ("band", "stepdown")}
        for g in args.deviation_gaps
        if args.deviation_boards
    ]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--boards", type=int, default=400, help="boards per uniform-rating setting")
    parser.add_argument("--resamples", type=int, default=2999)
    parser.add_argument(
        "--gaps", type=float, nargs="*", default=[0.0, 4.0, 5.0, 6.0], help="0: no real difference"
    )
    parser.add_argument(
        "--pair-tiers-gap", type=float, default=6.0, help="6 tiers of 2 this far apart (0: not run)"
    )
    parser.add_argument("--deviation-boards", type=int, default=40)
    parser.add_argument("--deviation-resamples", type=int, default=200)
    parser.add_argument("--deviation-gaps", type=float, nargs="*", default=[0.0, 6.0])
    parser.add_argument("--tasks", type=int, default=4)
    parser.add_argument("--items", type=int, default=50, help="items per task")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    from _env import header

    header()
    print(
        f"{MODELS} models, {TIERS} tiers of {MODELS // TIERS} (gap 0: one tier), {args.tasks} tasks x "
        f"{args.items} items, level {LEVEL}, bootstrap_items, 3-player game\n"
    )
    head = "| rating | tiers | gap (SE) | boards | R | method | split | claim | found | exact | pairs "
    head += "| s/board |"
    print(head + "\n|" + "---|" * head.count(" | ") + "---|")
    for k, setting in enumerate(settings(args)):
        mean, per_board = run(setting, args, args.seed + 100_000 * k)
        for method in setting["methods"] + (("pair-rank",) if "pair-rank claim" in mean else ()):
            cells = [
                mean.get(f"{method} {m}", math.nan) for m in ("split", "claim", "found", "exact", "pairs")
            ]
            text = " | ".join("" if math.isnan(c) else f"{c:.3f}" for c in cells)
            print(
                f"| {setting['rating']} | {setting.get('tiers', TIERS) if setting['gap'] else 1} | "
                f"{setting['gap']:g} | {setting['boards']} | "
                f"{setting['resamples']} | {method} | {text} | {per_board:.2f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
