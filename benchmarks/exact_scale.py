"""Exact path at leaderboard scale: fast (HiGHS) vs the paper's method (naive).

Each (case, method) runs in its own Python process so that its peak RSS is its
own. Prints the machine, library versions and, per case: joints, time of
naive and fast in the same run, their ratio, levels, peak RSS, the largest
rating difference from the reference (naive where it runs; otherwise HiGHS
with symmetry reduction off, an LP of twice the size), and what the
certificate costs: ``check`` is the verification every result passes inside
``fast`` (included in its time; it reuses the minimum over joints that the
last column-generation pricing pass of each level took), ``verify`` a separate
``jaxrate.verify`` call that recomputes everything from the game and the result.

    python benchmarks/exact_scale.py                      # every case
    python benchmarks/exact_scale.py --cases atari3p livebench3p
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
SHARED = HERE.parents[1] / "shared" / "data"

CASES = {
    # name: (description, builder spec)
    "atari3p": "Atari agent vs agent vs task, 20 x 20 x 53",
    "livebench3p": "LiveBench model vs model vs task, 65 x 65 x 18 (scores / 100)",
    "random200": "random 3-player game 200 x 200 x 100, float64 payoffs",
    "leaderboard500": "synthetic leaderboard 500 models x 50 tasks (model vs model vs task)",
}
SCALING = [(20, 25), (50, 40), (100, 50), (200, 50), (300, 50), (500, 50)]


def _build(case: str):
    sys.path.insert(0, str(HERE))
    from _games import leaderboard_game, random_game

    import jaxrate

    if case == "atari3p":
        return jaxrate.agent_vs_agent_vs_task(jaxrate.datasets.load("atari"))
    if case == "livebench3p":
        import pandas as pd

        table = pd.read_csv(SHARED / "livebench_2024_08_17.csv", index_col=0) / 100
        return jaxrate.agent_vs_agent_vs_task(table)
    if case == "random200":
        return jaxrate.Game(random_game((200, 200, 100)))
    if case == "leaderboard500":
        return leaderboard_game(500, 50)
    if case.startswith("leaderboard:"):
        m, t = (int(x) for x in case.split(":")[1].split("x"))
        return leaderboard_game(m, t)
    raise ValueError(case)


def _child(case: str, method: str, out: str) -> None:
    """Rate one case with one method; write timings and ratings as JSON."""
    import jaxrate

    game = _build(case)
    kwargs = {
        "fast": {},
        "naive": {"solver": "naive"},
        "reference": {"symmetry": None},
    }[method]
    import jaxrate.certificate

    inner = {"seconds": 0.0}
    real_verify = jaxrate.certificate.verify

    def timed_verify(*args, **kw):
        t0 = time.perf_counter()
        try:
            return real_verify(*args, **kw)
        finally:
            inner["seconds"] += time.perf_counter() - t0

    jaxrate.certificate.verify = timed_verify
    start = time.perf_counter()
    result = jaxrate.exact.deviation_ratings(game, **kwargs)
    seconds = time.perf_counter() - start
    jaxrate.certificate.verify = real_verify
    t0 = time.perf_counter()
    check = jaxrate.verify(game, result)
    verify_seconds = time.perf_counter() - t0
    payload = {
        "check_s": inner["seconds"],
        "verify_s": verify_seconds,
        "verified": bool(check.ok),
        "seconds": seconds,
        "levels": result.levels,
        "joints": game.num_joints,
        "peak_rss_gib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20,
        "ratings": np.concatenate(result.ratings).tolist(),
        "certificate": result.certificate.as_dict(),
    }
    Path(out).write_text(json.dumps(payload))


def _run(case: str, method: str, timeout: float) -> dict | None:
    out = f"/tmp/jaxrate-bench-{os.getpid()}-{method}.json"
    cmd = [sys.executable, __file__, "--child", case, method, out]
    try:
        done = subprocess.run(cmd, timeout=timeout, capture_output=True, text=True)
    except subprocess.TimeoutExpired:
        return {"timeout": timeout}
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return {"error": last[:160]}
    data = json.loads(Path(out).read_text())
    os.unlink(out)
    return data


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--cases", nargs="*", default=[*CASES, "scaling"])
    parser.add_argument("--naive-max-joints", type=int, default=25_000, help="run naive up to this size")
    parser.add_argument("--timeout", type=float, default=1800, help="seconds per (case, method)")
    parser.add_argument("--no-reference", action="store_true", help="skip the reference solve")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(*args.child)
        return
    sys.path.insert(0, str(HERE))
    from _env import header

    header()
    cases = [c for c in args.cases if c != "scaling"]
    if "scaling" in args.cases:
        cases += [f"leaderboard:{m}x{t}" for m, t in SCALING]
    print(
        f"{'case':<22}{'joints':>12}{'naive s':>10}{'fast s':>9}{'ratio':>9}{'levels':>8}"
        f"{'RSS GiB':>9}{'max|dr|':>10}{'check s':>9}{'check %':>8}{'verify s':>9}  reference"
    )
    for case in cases:
        fast = _run(case, "fast", args.timeout)
        if "timeout" in fast or "error" in fast:
            why = "timed out" if "timeout" in fast else f"failed: {fast['error']}"
            print(f"{case:<22}  fast {why}", flush=True)
            continue
        reference, ref_name, ratio = None, "naive", ""
        if args.no_reference:
            ref_name = "none"
        elif fast["joints"] <= args.naive_max_joints:
            reference = _run(case, "naive", args.timeout)
            if "timeout" not in reference:
                ratio = f"{reference['seconds'] / fast['seconds']:.0f}x"
        else:
            ref_name = "HiGHS, no symmetry"
            reference = _run(case, "reference", args.timeout)
        if reference is None:
            diff, naive_s = "n/a", "-"
        elif "timeout" in reference or "error" in reference:
            diff, naive_s = "n/a", "timeout" if "timeout" in reference else "error"
        else:
            diff = f"{np.max(np.abs(np.subtract(fast['ratings'], reference['ratings']))):.1e}"
            naive_s = f"{reference['seconds']:.1f}" if ref_name == "naive" else "-"
        print(
            f"{case:<22}{fast['joints']:>12,}{naive_s:>10}{fast['seconds']:>9.2f}{ratio:>9}"
            f"{fast['levels']:>8}{fast['peak_rss_gib']:>9.2f}{diff:>10}{fast['check_s']:>9.3f}"
            f"{100 * fast['check_s'] / fast['seconds']:>7.1f}%{fast['verify_s']:>9.3f}"
            f"{'' if fast['verified'] else ' NOT VERIFIED'}  {ref_name}",
            flush=True,
        )


if __name__ == "__main__":
    main()
