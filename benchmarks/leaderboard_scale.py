"""Exact ratings of leaderboards of thousands of models: the table route vs the general path.

Boards are Open-LLM-Leaderboard-like (``_games.open_llm_scores``: scores 0-100
with two decimals from a logistic low-rank model, one dominant ability factor,
near-ties, 6 tasks; seeded), rated in the agent-vs-agent-vs-task game. Each
(board, route) runs in its own Python process, so its peak RSS is its own:

* ``table``: ``jaxrate.deviation_ratings(jaxrate.agent_vs_agent_vs_task(X))``,
  what the library and the CLI do (the exact path through the score table,
  :mod:`jaxrate.exact._board`; its time includes the proof check every result
  passes);
* ``general``: the same game as a plain :class:`jaxrate.Game` (dense payoffs),
  which takes the general sequential path (``jaxrate.exact._solve``): the
  route of every board before the table route, run up to ``--general-max``
  models (1,000 took 95-111 s; 2,000 took 1,142 s);
* ``cli``: ``jaxrate rate board.csv --json out.json`` end to end, as a user runs it;
* ``report``: the same with ``--report DIR`` (the HTML report, its figures and task
  contributions), reported in the ``cli`` columns;
* ``grown``: the board re-rated from the rating of the same board without its
  last model (``warm_start=previous``; that rating is not timed): a board
  that grew by one model.

Printed per board: the time of each route side by side, their ratio, levels,
peak RSS, a separate ``jaxrate.verify`` of the table route's result (from the
table), and the largest rating difference between the routes relative to the
ratings' range. ``--missing 0.1`` blanks 10% of the cells at random (seeded)
and rates with ``--missing fill:0`` on the CLI and its Python equivalent.

    python benchmarks/leaderboard_scale.py                       # 300, 1000, 2000, 5000
    python benchmarks/leaderboard_scale.py --models 2000 --routes table cli
    python benchmarks/leaderboard_scale.py --models 1000 --routes table grown
    python benchmarks/leaderboard_scale.py --models 2000 --missing 0.1 --routes table cli
    python benchmarks/leaderboard_scale.py --models 100 300 1000 --tasks 53 --routes table   # issue 44
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


def board(models: int, missing: float, seed: int = 0, tasks: int = 6) -> np.ndarray:
    """``tasks`` columns of :func:`_games.open_llm_scores`; 53: Open LLM v2's subtasks
    (:func:`_games.open_llm_subtask_scores`, a factor per benchmark)."""
    sys.path.insert(0, str(HERE))
    from _games import open_llm_scores, open_llm_subtask_scores

    table = open_llm_subtask_scores(models, seed)[0] if tasks == 53 else open_llm_scores(models, tasks, seed)
    if missing:
        rng = np.random.default_rng(seed + 1)
        table[rng.random(table.shape) < missing] = np.nan
    return table


def _write_csv(table: np.ndarray, path: Path) -> None:
    lines = ["model," + ",".join(f"task{t}" for t in range(table.shape[1]))]
    for i, row in enumerate(table):
        lines.append(f"model{i:05d}," + ",".join("" if np.isnan(v) else f"{v:.2f}" for v in row))
    path.write_text("\n".join(lines) + "\n")


def _filled(table: np.ndarray) -> np.ndarray:
    """``--missing fill:0``: a blank cell scores 0."""
    return np.where(np.isnan(table), 0.0, table)


def _child(models: int, route: str, missing: float, out: str, tasks: int = 6) -> None:
    import jaxrate

    table = board(models, missing, tasks=tasks)
    names = [f"model{i:05d}" for i in range(models)]
    payload: dict = {}
    if route in ("cli", "report"):
        with tempfile.TemporaryDirectory() as tmp:
            csv, js = Path(tmp) / "board.csv", Path(tmp) / "out.json"
            _write_csv(table, csv)
            cmd = [sys.executable, "-m", "jaxrate.cli", "rate", str(csv), "--json", str(js)]
            if route == "report":
                cmd += ["--report", str(Path(tmp) / "report")]
            if missing:
                cmd += ["--missing", "fill:0"]
            start = time.perf_counter()
            done = subprocess.run(cmd, capture_output=True, text=True)
            payload["seconds"] = time.perf_counter() - start
            if done.returncode != 0:
                raise RuntimeError(done.stderr.strip().splitlines()[-1])
            rated = json.loads(js.read_text())
            payload["peak_rss_gib"] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 2**20
            payload["levels"] = rated.get("levels", 0)
            order = {e["strategy"]: e["rating"] for e in rated["ranking"]}
            payload["ratings"] = [order.get(n, float("nan")) for n in names]
            Path(out).write_text(json.dumps(payload))
            return
    x = _filled(table) if missing else table
    game = jaxrate.agent_vs_agent_vs_task(x, agents=names)
    if route == "general":
        game = jaxrate.Game(game.payoffs, game.players, game.strategies)
    previous = None
    if route == "grown":  # last week's board, one model fewer, rated first (not timed)
        previous = jaxrate.deviation_ratings(jaxrate.agent_vs_agent_vs_task(x[:-1], agents=names[:-1]))
    start = time.perf_counter()
    result = jaxrate.deviation_ratings(game, warm_start=previous)
    payload["seconds"] = time.perf_counter() - start
    payload["grown_levels"] = list(result.proof.steps).count("board (grown)")
    start = time.perf_counter()
    check = jaxrate.verify(game, result)
    payload["verify_s"] = time.perf_counter() - start
    payload["verified"] = bool(check.ok)
    payload["levels"] = int(result.levels)
    payload["peak_rss_gib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
    payload["ratings"] = np.concatenate([result.ratings[0], result.ratings[2]]).tolist()
    payload["route"] = str(result.solved_by)
    Path(out).write_text(json.dumps(payload))


def _run(models: int, route: str, missing: float, timeout: float, tasks: int = 6) -> dict:
    fd, out = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    cmd = [sys.executable, __file__, "--child", str(models), route, str(missing), out, str(tasks)]
    try:
        done = subprocess.run(cmd, timeout=timeout, capture_output=True, text=True)
    except subprocess.TimeoutExpired:
        return {"timeout": timeout}
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return {"error": last[:200]}
    data = json.loads(Path(out).read_text())
    os.unlink(out)
    return data


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--models", nargs="*", type=int, default=[300, 1000, 2000, 5000])
    parser.add_argument("--routes", nargs="*", default=["table", "general", "cli"])
    parser.add_argument(
        "--general-max", type=int, default=1000, help="run the general path up to this many models"
    )
    parser.add_argument("--missing", type=float, default=0.0, help="fraction of cells blanked at random")
    parser.add_argument("--timeout", type=float, default=1800, help="seconds per (board, route)")
    parser.add_argument(
        "--tasks", type=int, default=6, help="columns: 6 benchmarks (default), or 53 (Open LLM v2's subtasks)"
    )
    parser.add_argument("--child", nargs=5, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        m, route, missing, out, tasks = args.child
        _child(int(m), route, float(missing), out, int(tasks))
        return
    sys.path.insert(0, str(HERE))
    from _env import header

    header()
    family = (
        "open_llm_subtask_scores(M, seed=0)"
        if args.tasks == 53
        else f"open_llm_scores(M, {args.tasks}, seed=0)"
    )
    print(f"boards: {family}, {args.missing:.0%} missing; routes {args.routes}")
    print(
        f"{'board':<12}{'joints':>13}{'general s':>11}{'table s':>9}{'ratio':>8}{'cli s':>8}{'levels':>8}"
        f"{'RSS GiB':>9}{'cli GiB':>9}{'verify s':>10}{'max|dr|/range':>15}"
    )
    for m in args.models:
        got = {}
        for route in args.routes:
            if route == "general" and m > args.general_max:
                continue
            got[route] = _run(m, route, args.missing, args.timeout, args.tasks)
        table, general = got.get("table", {}), got.get("general")
        cli = got.get("cli", got.get("report"))
        grown = got.get("grown")

        def secs(r):
            if r is None:
                return "-"
            if "timeout" in r:
                return "timeout"
            if "error" in r:
                return "error"
            return f"{r['seconds']:.1f}"

        ratio, diff = "", ""
        if general and "seconds" in general and "seconds" in table:
            ratio = f"{general['seconds'] / table['seconds']:.1f}x"
            a, b = np.asarray(table["ratings"]), np.asarray(general["ratings"])
            diff = f"{np.max(np.abs(a - b)) / np.ptp(b):.1e}"
        verify = (
            f"{table['verify_s']:.2f}" + ("" if table.get("verified") else " FAILED")
            if "verify_s" in table
            else "-"
        )
        print(
            f"{m:>5} x {args.tasks:<4}{m * m * args.tasks:>13,}{secs(general):>11}{secs(table):>9}"
            f"{ratio:>8}{secs(cli):>8}"
            f"{table.get('levels', '-'):>8}{table.get('peak_rss_gib', float('nan')):>9.2f}"
            f"{(cli or {}).get('peak_rss_gib', float('nan')):>9.2f}{verify:>10}{diff:>15}",
            flush=True,
        )
        if grown and "seconds" in grown and "seconds" in table:
            a, b = np.asarray(grown["ratings"]), np.asarray(table["ratings"])
            share = grown["seconds"] / table["seconds"]
            print(
                f"    grown by one model: {grown['seconds']:.2f} s = {share:.1%} "
                f"of the fresh table route, {grown['grown_levels']} new level(s), max|dr|/range "
                f"{np.max(np.abs(a - b)) / np.ptp(b):.1e}, verify {grown['verify_s']:.2f} s "
                f"{'ok' if grown['verified'] else 'FAILED'}"
            )
        for name, r in got.items():
            if "error" in r:
                print(f"    {name}: {r['error']}")


if __name__ == "__main__":
    main()
