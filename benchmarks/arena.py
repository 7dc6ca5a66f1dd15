"""Chatbot Arena (14 Aug 2024, 129 models, 1.67M battles): jaxrate beside evalica, choix and OpenSpiel.

    python benchmarks/arena.py                 # everything below
    python benchmarks/arena.py --skip-openspiel --resamples 20
    python benchmarks/arena.py --arena-rank-python /tmp/arena-venv/bin/python
    python benchmarks/arena.py --only-arena-rank --arena-rank-python .venv/bin/python \
        --arena-rank-bootstrap 50

One run, side by side (these machines are noisy):

* read + fit: Bradley-Terry from the raw battles (a DataFrame in memory, and
  from the CSV file) by ``jaxrate.elo_ratings`` and ``evalica.bradley_terry``
  (its defaults, and at tolerance 1e-12); choix's ``ilsr_pairwise_dense`` on the
  win-count matrix (it cannot read battles with ties), and the largest
  difference from jaxrate in Elo points after anchoring gpt-4-0613 at 1000.
* arena-rank (LMArena's own Bradley-Terry), only with ``--arena-rank-python``:
  it pins jax 0.8.1 and numpy 2.3.3, so it lives in its own virtualenv
  (``python3 -m venv /tmp/arena-venv && /tmp/arena-venv/bin/pip install
  arena-rank pandas``) and runs in a subprocess with that interpreter
  (``benchmarks/_arena_rank_fit.py``) on the same CSV: read + fit time (best
  of 3; the first includes jax's compilation) and the largest difference from
  jaxrate, with its defaults and with tight tolerances. Then the board as
  LMArena prints it (mixtral-8x7b-instruct-v0.1 anchored at 1114 in both):
  ratings and 95% interval ends against arena-rank's default (sandwich)
  intervals, and against its bootstrap with ``--arena-rank-bootstrap N``.
* the command line end to end: ``jaxrate rate battles.csv --method elo`` and
  the start-up-dominated ``jaxrate rate --dataset atari --game 2p`` (best of 5,
  interleaved so that a shared machine's load falls on each alike).
* intervals: ``elo_ratings(..., bootstrap=R)`` (each pair's battles redrawn) and
  ``evalica.bootstrap`` (R resamples of all battles, percentile).
* alpha-rank: the 129-model win-rate game (16,641 profiles) multi-population,
  time and peak traced memory; sparse vs dense vs OpenSpiel on the 39 models
  that all met (1,521 profiles) and LiveBench 2P (1,170); single-population on
  all 129 vs OpenSpiel's.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import tracemalloc
import warnings
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent))
ROOT = Path(__file__).resolve().parents[1]
ARENA = ROOT / "tests" / "data" / "chatbotarena_20240814.json"
LIVEBENCH = ROOT.parent / "shared" / "data" / "livebench_2024_08_17.csv"
ELO = 400 / np.log(10)


def timed(fn, repeat: int = 1):
    best, out = np.inf, None
    for _ in range(repeat):
        start = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - start)
    return best, out


def anchored(values: np.ndarray, models, anchor: str = "gpt-4-0613") -> np.ndarray:
    return values - values[list(models).index(anchor)]


def read_and_fit(battles: pd.DataFrame, csv: str):
    import choix
    import evalica

    import jaxrate
    from jaxrate.battles import battle_counts

    print("\n== read + fit: Bradley-Terry on the 1,670,250 raw battles")
    t_ours, ours = timed(lambda: jaxrate.elo_ratings(battles), 3)
    ref = anchored(ours.ratings, ours.models)
    w = evalica.Winner
    outcome = {"model_a": w.X, "model_b": w.Y, "tie": w.Draw, "tie (bothbad)": w.Draw}

    def evalica_fit(**options):
        winners = battles["winner"].astype(str).map(outcome)
        fit = evalica.bradley_terry(
            battles["model_a"].astype(str), battles["model_b"].astype(str), winners, **options
        )
        return np.log(fit.scores.reindex(list(ours.models)).to_numpy()) * ELO

    t_ev, ev = timed(evalica_fit, 3)
    t_ev12, ev12 = timed(lambda: evalica_fit(tolerance=1e-12, limit=100_000))
    t_count, counts = timed(lambda: battle_counts(battles), 3)
    wins = counts.scores[0]
    t_choix, theta = timed(lambda: choix.ilsr_pairwise_dense(wins, tol=1e-12, max_iter=10_000), 3)

    def from_file(fit):
        frame = pd.read_csv(csv, dtype=str, keep_default_na=False)
        return fit(frame)

    t_file, _ = timed(lambda: from_file(jaxrate.elo_ratings), 3)
    t_read, frame = timed(lambda: pd.read_csv(csv, dtype=str, keep_default_na=False))
    rows = [
        ("jaxrate.elo_ratings(DataFrame)", t_ours, 0.0),
        ("evalica.bradley_terry (defaults)", t_ev, np.abs(anchored(ev, ours.models) - ref).max()),
        ("evalica.bradley_terry (tol 1e-12)", t_ev12, np.abs(anchored(ev12, ours.models) - ref).max()),
        (
            "choix.ilsr_pairwise_dense (counts)",
            t_choix,
            np.abs(anchored(theta * ELO, ours.models) - ref).max(),
        ),
        ("  + jaxrate.battles.battle_counts", t_count, np.nan),
        ("pandas.read_csv (80 MB)", t_read, np.nan),
        ("read_csv + jaxrate.elo_ratings (best of 3)", t_file, np.nan),
    ]
    print(f"{'what':40} {'seconds':>8} {'max |Elo diff|':>15}")
    for name, seconds, diff in rows:
        print(f"{name:40} {seconds:8.3f} {diff:15.2e}")
    print(f"ratio evalica (defaults) / jaxrate: {t_ev / t_ours:.2f}")
    return t_file, ours


def arena_rank(
    csv: str, python: str | None, t_ours: float, ours, battles, rounds: int, board_rounds: int
) -> None:
    """arena-rank in its own interpreter, on the same CSV; ``t_ours`` is jaxrate's read_csv + fit."""
    print("\n== arena-rank (LMArena's Bradley-Terry), its own interpreter, same CSV")
    if python is None:
        print("not run: pass --arena-rank-python PATH, an interpreter with arena-rank installed (it pins")
        print(
            "jax==0.8.1 and numpy==2.3.3; `pip install --no-deps arena-rank jaxtyping` beside jaxrate runs)"
        )
        return
    script = Path(__file__).resolve().parent / "_arena_rank_fit.py"
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "arena_rank.json")
        start = time.perf_counter()
        argv = [python, str(script), csv, out, "3", str(rounds)]
        done = subprocess.run(argv, capture_output=True, text=True)
        wall = time.perf_counter() - start
        if done.returncode != 0:
            print(f"arena-rank failed (exit {done.returncode}): {done.stderr.strip().splitlines()[-1:]}")
            return
        result = json.loads(Path(out).read_text())
    print(", ".join(f"{name} {v}" for name, v in result["versions"].items()))
    ref = anchored(ours.ratings, ours.models)

    def gap(key):
        theirs = pd.Series(result[key], index=result["models"]).reindex(list(ours.models)).to_numpy()
        diff = np.abs(anchored(theirs, ours.models) - ref)
        return diff.max(), ours.models[int(np.argmax(diff))]

    print(f"{'what':52} {'read':>6} {'dataset':>8} {'fit':>6} {'total':>6} {'max |Elo diff|':>15}")
    for name, key, times in (
        ("arena-rank defaults, first run (jax compiles)", "ratings", result["first"]),
        ("arena-rank defaults, best of 3", "ratings", result["best"]),
        ("arena-rank ftol=0, gtol=1e-15, max_iter=1e5", "ratings_tight", result["tight"]),
    ):
        worst, model = gap(key)
        print(
            f"{name:52} {times['read']:6.2f} {times['dataset']:8.2f} {times['fit']:6.2f} "
            f"{sum(times.values()):6.2f} {worst:15.2e}  ({model})"
        )
    print(f"{'read_csv + jaxrate.elo_ratings (above)':52} {'':6} {'':8} {'':6} {t_ours:6.2f} {0:15.2e}")
    print(
        f"ratio arena-rank (best of 3) / jaxrate: {sum(result['best'].values()) / t_ours:.2f}; "
        f"the subprocess (imports {result['import_seconds']:.2f} s, 4 read + fits): {wall:.1f} s wall"
    )
    board_intervals(result, battles, board_rounds)


def board_intervals(
    result: dict, battles: pd.DataFrame, rounds: int, anchor: str = "mixtral-8x7b-instruct-v0.1"
) -> None:
    """The board as LMArena prints it: ratings and 95% intervals, both anchored at ``anchor`` = 1114.

    Rows: jaxrate's sandwich intervals against arena-rank's default (sandwich);
    jaxrate's bootstrap of all battles (``rounds``) against that same default;
    and, when arena-rank's bootstrap ran, jaxrate's with as many rounds against it.
    """
    import jaxrate

    print(f"\n== the board's Elo and 95% intervals, {anchor} anchored at 1114 in both")
    models = result["models"]
    theirs = np.asarray(result["ratings"])
    shift = 1114.0 - theirs[models.index(anchor)]  # arena-rank is centred on 1000: one shift for all
    rows = [
        ("sandwich vs arena-rank's default (sandwich)", "sandwich", 0, "sandwich"),
        (f"bootstrap {rounds} vs arena-rank's default", "bootstrap", rounds, "sandwich"),
    ]
    if "bootstrap_rounds" in result:
        n = result["bootstrap_rounds"]
        rows.append((f"bootstrap {n} vs arena-rank bootstrap {n}", "bootstrap", n, "bootstrap"))
    print(
        f"{'jaxrate intervals vs arena-rank':44} {'jaxrate s':>9} {'max |rating diff|':>18} "
        f"{'max |lower diff|':>17} {'max |upper diff|':>17}"
    )
    for name, how, n, reference in rows:
        options = {"bootstrap": n, "resample": "battles"} if how == "bootstrap" else {}
        start = time.perf_counter()
        ours = jaxrate.elo_ratings(battles, anchor=(anchor, 1114.0), intervals=how, seed=0, **options)
        seconds = time.perf_counter() - start
        index = [models.index(m) for m in ours.models]
        lower = np.asarray(result[f"{reference}_lower"])[index] + shift
        upper = np.asarray(result[f"{reference}_upper"])[index] + shift
        rating_gap = np.abs(theirs[index] + shift - ours.ratings).max()
        low_gap, high_gap = np.abs(lower - ours.lower), np.abs(upper - ours.upper)
        print(f"{name:44} {seconds:9.2f} {rating_gap:18.3f} {low_gap.max():17.3f} {high_gap.max():17.3f}")
    width = np.asarray(result["sandwich_upper"]) - np.asarray(result["sandwich_lower"])
    print(
        f"arena-rank's sandwich intervals: median width {np.median(width):.1f} Elo, "
        f"widest {width.max():.1f}; "
        f"{anchor} prints {ours.rating_of()[anchor]:.2f} in jaxrate"
    )
    if "bootstrap_rounds" in result:
        print(
            f"arena-rank bootstrap: {result['bootstrap_rounds']} rounds "
            f"in {result['bootstrap_seconds']:.0f} s"
        )


def command_line(csv: str, repeat: int = 5) -> None:
    # Interleaved (atari, elo, deviation, atari, ...), best of `repeat`: on a
    # shared machine the load then falls on all three alike.
    print(f"\n== command line, wall time, best of {repeat}, interleaved")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    commands = {
        "jaxrate rate --dataset atari --game 2p": ["rate", "--dataset", "atari", "--game", "2p"],
        "jaxrate rate battles.csv --method elo": ["rate", csv, "--method", "elo"],
        "jaxrate rate battles.csv (deviation)": ["rate", csv],
    }
    times = dict.fromkeys(commands, np.inf)
    for _ in range(repeat):
        for name, argv in commands.items():
            cmd = [sys.executable, "-m", "jaxrate.cli", *argv]
            seconds, _ = timed(lambda cmd=cmd: subprocess.run(cmd, env=env, capture_output=True, check=True))
            times[name] = min(times[name], seconds)
    for name in commands:
        print(f"{name:45} {times[name]:7.2f} s")
    base = times["jaxrate rate --dataset atari --game 2p"]
    print(f"ratio elo / atari start-up: {times['jaxrate rate battles.csv --method elo'] / base:.2f}")


def intervals(battles: pd.DataFrame, resamples: int) -> None:
    import evalica

    import jaxrate

    print(f"\n== intervals: {resamples} bootstrap resamples of the battles")
    t_ours, ours = timed(lambda: jaxrate.elo_ratings(battles, bootstrap=resamples, seed=0))
    covered = np.mean((ours.lower <= ours.ratings) & (ours.ratings <= ours.upper))
    centre = np.abs(np.median(ours.samples, axis=0) - ours.ratings).max()
    w = evalica.Winner
    outcome = {"model_a": w.X, "model_b": w.Y, "tie": w.Draw, "tie (bothbad)": w.Draw}
    winners = battles["winner"].astype(str).map(outcome)
    t_ev, _ = timed(
        lambda: evalica.bootstrap(
            evalica.bradley_terry,
            battles["model_a"].astype(str),
            battles["model_b"].astype(str),
            winners,
            n_resamples=resamples,
            bootstrap_method="percentile",
            random_state=0,
        )
    )
    print(
        f"jaxrate.elo_ratings(bootstrap={resamples})   {t_ours:7.2f} s  (point inside its interval: "
        f"{covered:.1%} of models; max |median - point| {centre:.2f} Elo)"
    )
    print(f"evalica.bootstrap(bradley_terry, {resamples})  {t_ev:7.2f} s")


def alpha_rank(battles: pd.DataFrame, skip_openspiel: bool) -> None:
    import jaxrate
    from jaxrate.games import win_rate_game

    print("\n== alpha-rank (m = 50, alpha = 10 / payoff range)")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        full = win_rate_game(battles).game.payoffs
    met = win_rate_game(battles, missing="drop-models").game.payoffs
    livebench = jaxrate.agent_vs_task(pd.read_csv(LIVEBENCH, index_col=0) / 100).payoffs
    tracemalloc.start()
    t_full, res = timed(lambda: jaxrate.alpha_rank(full))
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    print(
        f"129 x 129 multi-population (16,641 profiles): {t_full:.2f} s, peak traced {peak:.0f} MiB, "
        f"top mass {res.ratings[0].max():.6f}"
    )
    if not skip_openspiel:
        from open_spiel.python.egt import alpharank
    for name, g in (("39 Arena models that all met", met), ("LiveBench 2P (65 x 18)", livebench)):
        alpha = 10.0 / np.ptp(g)
        t_sparse, sparse = timed(lambda g=g: jaxrate.alpha_rank(g).stationary)
        t_dense, dense = timed(lambda g=g: jaxrate.alpha_rank(g, method="dense").stationary)
        gap = np.abs(sparse - dense).max()
        line = f"{name:32} sparse {t_sparse:6.2f} s, dense {t_dense:6.2f} s, |sparse-dense| {gap:.1e}"
        if not skip_openspiel:
            t_os, theirs = timed(
                lambda g=g, a=alpha: alpharank.compute([g[0], g[1]], m=50, alpha=a, verbose=False)[2]
            )
            line += (
                f", OpenSpiel {t_os:6.2f} s, |sparse-OpenSpiel| {np.abs(sparse.ravel() - theirs).max():.1e}"
            )
        print(line)
    t_single, single = timed(lambda: jaxrate.alpha_rank(full, populations="single"))
    line = f"129 models single-population: {t_single:.3f} s"
    if not skip_openspiel:
        t_os, theirs = timed(
            lambda: alpharank.compute(
                [full[0]], m=50, alpha=10.0 / np.ptp(full), use_local_selection_model=False, verbose=False
            )[2]
        )
        line += f", OpenSpiel {t_os:.3f} s, max |diff| {np.abs(single.stationary - theirs).max():.1e}"
    print(line)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--resamples", type=int, default=20, help="bootstrap resamples for the intervals")
    parser.add_argument("--skip-openspiel", action="store_true")
    parser.add_argument(
        "--arena-rank-python",
        metavar="PATH",
        help="a Python interpreter with arena-rank installed (its own virtualenv); skipped without",
    )
    parser.add_argument(
        "--arena-rank-bootstrap",
        type=int,
        default=0,
        metavar="N",
        help="also compare bootstrap intervals, N rounds each (arena-rank: one worker); default 0: only "
        "its default sandwich intervals",
    )
    parser.add_argument(
        "--board-rounds",
        type=int,
        default=1000,
        metavar="N",
        help="jaxrate's bootstrap rounds (all battles) compared with arena-rank's default intervals",
    )
    parser.add_argument("--only-arena-rank", action="store_true", help="run the arena-rank sections only")
    args = parser.parse_args()
    from importlib.metadata import version

    from _env import header

    from jaxrate.battles import battles_from_counts

    header()
    print(
        f"evalica {version('evalica')}, choix {version('choix')}, open_spiel {version('open_spiel')}, "
        f"pandas {pd.__version__}; arena-rank "
        + ("in its own virtualenv (below)" if args.arena_rank_python else "not run (no --arena-rank-python)")
    )
    data = json.loads(ARENA.read_text())
    battles = battles_from_counts(data["models"], data["X"], data["Y"])
    with tempfile.TemporaryDirectory() as folder:
        csv = os.path.join(folder, "battles.csv")
        battles.astype(str).to_csv(csv, index=False)
        battles = pd.read_csv(csv, dtype=str, keep_default_na=False)  # plain strings, as a user has them
        if args.only_arena_rank:
            t_ours, ours = timed(lambda: jaxrate_fit_file(csv))
        else:
            t_ours, ours = read_and_fit(battles, csv)
        arena_rank(
            csv, args.arena_rank_python, t_ours, ours, battles, args.arena_rank_bootstrap, args.board_rounds
        )
        if args.only_arena_rank:
            return
        command_line(csv)
    intervals(battles, args.resamples)
    alpha_rank(battles, args.skip_openspiel)


def jaxrate_fit_file(csv: str):
    import jaxrate

    return jaxrate.elo_ratings(pd.read_csv(csv, dtype=str, keep_default_na=False))


if __name__ == "__main__":
    main()
