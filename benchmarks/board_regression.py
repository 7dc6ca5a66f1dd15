"""Two checkouts side by side on the real games and the leaderboard boards (issue 44: nothing regresses).

    git worktree add /tmp/before 245ef4f       # today's code, before issue 44
    python benchmarks/board_regression.py /tmp/before .
    python benchmarks/board_regression.py /tmp/before . --cases atari3 livebench3 hard board2000x6

Each (case, checkout) runs in its own Python process with ``PYTHONPATH`` set to
the checkout, so its peak RSS is its own; the two checkouts of one case run
back to back (the machine is shared and noisy). Printed per case: seconds and
peak RSS of each, their ratio, the largest rating difference relative to the
ratings' range, and whether each result verifies (``jaxrate.verify``).

Cases: Atari 2P / 3P (``agent_vs_task`` / ``agent_vs_agent_vs_task`` of the
paper's table), LiveBench 2P / 3P (the shared snapshot, scores / 100), the
sixteen hard sub-leaderboards (their total time), the 6-task boards of
``leaderboard_scale.py`` at 2,000 and 5,000 models, a growing board (1,000 x 6
re-rated from the board without its last model) and the subtask boards
(``--cases sub300 sub1000``) and the members of a family of subtask boards further from
one ability (``--cases fam60x1000``: ``_games.subtask_family`` at 60% first-factor share,
1,000 models; issue 57).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
SHARED = HERE.parents[1] / "shared" / "data"
CASES = ("atari2", "atari3", "livebench2", "livebench3", "hard", "board2000x6", "board5000x6", "grown1000x6")


def _games(case: str) -> list:
    """The games of one case, each as ``(game, warm_start)``."""
    import pandas as pd

    import jaxrate

    sys.path.insert(0, str(HERE))
    from _games import open_llm_scores, open_llm_subtask_scores, subtask_family

    if case.startswith("atari"):
        atari = jaxrate.datasets.load("atari").to_numpy()  # [agents, games], the paper's table
        make = jaxrate.agent_vs_task if case == "atari2" else jaxrate.agent_vs_agent_vs_task
        return [(make(atari), None)]
    if case.startswith("livebench"):
        table = pd.read_csv(SHARED / "livebench_2024_08_17.csv", index_col=0).select_dtypes("number")
        x = np.nan_to_num(table.to_numpy() / 100.0)
        make = jaxrate.agent_vs_task if case == "livebench2" else jaxrate.agent_vs_agent_vs_task
        return [(make(x), None)]
    if case == "hard":
        data = np.load(SHARED / "hard_subleaderboards.npz")
        return [(jaxrate.Game(data[k]), None) for k in sorted(data.files)]
    if case.startswith("board"):
        m, t = (int(v) for v in case[len("board") :].split("x"))
        return [(jaxrate.agent_vs_agent_vs_task(open_llm_scores(m, t, 0)), None)]
    if case.startswith("grown"):
        m, t = (int(v) for v in case[len("grown") :].split("x"))
        x = open_llm_scores(m, t, 0)
        names = [f"m{i}" for i in range(m)]
        previous = jaxrate.deviation_ratings(jaxrate.agent_vs_agent_vs_task(x[:-1], agents=names[:-1]))
        return [(jaxrate.agent_vs_agent_vs_task(x, agents=names), previous)]
    if case.startswith("fam"):  # famSSxM: a subtask_family board of M models at SS% first-factor share
        share, m = (int(v) for v in case[len("fam") :].split("x"))
        return [(jaxrate.agent_vs_agent_vs_task(subtask_family(m, share / 100, 0)[0]), None)]
    if case.startswith("sub"):
        return [(jaxrate.agent_vs_agent_vs_task(open_llm_subtask_scores(int(case[3:]), 0)[0]), None)]
    raise ValueError(f"unknown case {case!r}")


def _child(case: str, out: str) -> None:
    import jaxrate

    ratings, seconds, verified, verify_seconds = [], 0.0, True, 0.0
    for game, previous in _games(case):
        start = time.perf_counter()
        result = jaxrate.deviation_ratings(game, warm_start=previous)
        seconds += time.perf_counter() - start
        start = time.perf_counter()
        verified &= bool(jaxrate.verify(game, result).ok)
        verify_seconds += time.perf_counter() - start
        ratings.append(np.concatenate([np.asarray(r, np.float64) for r in result.ratings]).tolist())
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
    Path(out).write_text(
        json.dumps(
            {
                "seconds": seconds,
                "rss": rss,
                "ratings": ratings,
                "verified": verified,
                "verify": verify_seconds,
            }
        )
    )


def _run(checkout: str, case: str, timeout: float) -> dict:
    fd, out = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    env = dict(os.environ, PYTHONPATH=str(Path(checkout).resolve()))
    cmd = [sys.executable, __file__, "--child", case, out]
    try:
        done = subprocess.run(cmd, env=env, timeout=timeout, capture_output=True, text=True)
    except subprocess.TimeoutExpired:
        return {"timeout": timeout}
    if done.returncode != 0:
        return {"error": (done.stderr.strip().splitlines() or ["no output"])[-1][:200]}
    data = json.loads(Path(out).read_text())
    os.unlink(out)
    return data


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "checkouts", nargs="*", help="before and after (two checkouts' roots); one: that checkout alone"
    )
    parser.add_argument("--cases", nargs="*", default=list(CASES))
    parser.add_argument("--timeout", type=float, default=1200, help="seconds per (case, checkout)")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(*args.child)
        return
    sys.path.insert(0, str(HERE))
    from _env import header

    header()
    before, after = args.checkouts if len(args.checkouts) == 2 else (None, args.checkouts[0])
    for name, path in (("before", before), ("after", after)):
        if path is None:
            continue
        rev = subprocess.run(
            ["git", "-C", path, "rev-parse", "--short", "HEAD"], capture_output=True, text=True
        )
        print(f"{name}: {path} at {rev.stdout.strip() or '?'}")
    print(
        f"{'case':<14}{'before s':>10}{'after s':>10}{'ratio':>8}{'before GiB':>12}{'after GiB':>11}"
        f"{'verified':>10}{'max|dr|/range':>15}{'verify s (after)':>18}"
    )
    for case in args.cases:
        a = _run(before, case, args.timeout) if before else {"skipped": True}
        b = _run(after, case, args.timeout)

        def secs(r):
            if "skipped" in r:
                return "-"
            return "timeout" if "timeout" in r else "error" if "error" in r else f"{r['seconds']:.2f}"

        ratio = diff = ""
        if "seconds" in a and "seconds" in b:
            ratio = f"{a['seconds'] / b['seconds']:.2f}x"
            worst = 0.0
            for x, y in zip(a["ratings"], b["ratings"]):
                x, y = np.asarray(x), np.asarray(y)
                worst = max(worst, float(np.max(np.abs(x - y)) / (np.ptp(x) or 1.0)))
            diff = f"{worst:.1e}"
        ok = "/".join("yes" if r.get("verified") else "-" for r in (a, b))
        print(
            f"{case:<14}{secs(a):>10}{secs(b):>10}{ratio:>8}{a.get('rss', float('nan')):>12.2f}"
            f"{b.get('rss', float('nan')):>11.2f}{ok:>10}{diff:>15}{b.get('verify', float('nan')):>18.2f}",
            flush=True,
        )
        for name, r in (("before", a), ("after", b)):
            if "error" in r:
                print(f"    {name}: {r['error']}")


if __name__ == "__main__":
    main()
