"""Boards whose columns differ in scale: the exact path on a count column beside scores (issue 52).

    python benchmarks/scales_apart.py                           # this tree, 40 boards a cell
    python benchmarks/scales_apart.py --against /tmp/old_tree   # and another tree, same boards

A published table can carry a column far from its scores' scale (ProteinGym's
``Number of Mutants``, up to 5.4e5 beside Spearman values below 1): the game's
range is then the big column's, and the scores' differences are 1e-3 to 1e-6
of it, where a float LP's absolute tolerances leave frozen rows slack and
proofs loose. Each board: ``m`` models (10-49), ``t`` tasks (3-11), scores
with three decimals in [-1, 1] and ties, and one column of integers in
``[1, 10**k]``; rated as ``agent_vs_task`` and ``agent_vs_agent_vs_task``.
Per cell and tree: boards rated (every result is checked by ``verify``
inside the exact path), failed (``RuntimeError``), over ``--limit`` seconds,
and the median and largest seconds. Trees run in turn in subprocesses, the
same boards for each, cell by cell (the machine's load hits both alike).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
FORMS = ("agent_vs_task", "agent_vs_agent_vs_task")
DIGITS = (3, 4, 5, 6)


def board(seed: int, digits: int) -> np.ndarray:
    """A board of 3-decimal scores and one count column of up to ``10**digits``."""
    rng = np.random.default_rng(seed)
    m, t = int(rng.integers(10, 50)), int(rng.integers(3, 12))
    scores = np.round(rng.uniform(-1, 1, (m, t - 1)), 3)
    counts = rng.integers(1, 10**digits + 1, (m, 1)).astype(np.float64)
    return np.concatenate([scores, counts], axis=1)


def small_board(seed: int) -> np.ndarray:
    """A 4-8 model board of 2-decimal scores and one count column of up to 1e2..1e5."""
    rng = np.random.default_rng(seed)
    m, t = int(rng.integers(4, 9)), int(rng.integers(3, 6))
    scores = np.round(rng.uniform(-1, 1, (m, t - 1)), 2)
    counts = rng.integers(1, 10 ** int(rng.integers(2, 6)) + 1, (m, 1)).astype(np.float64)
    return np.concatenate([scores, counts], axis=1)


def rational_worker(seeds: list[int]) -> None:
    """``solver="rational"`` on small boards, both forms: proofs ``verify`` refuses at its defaults."""
    import jaxrate

    for seed in seeds:
        for form in FORMS:
            game = getattr(jaxrate, form)(small_board(seed))
            try:
                result = jaxrate.exact.deviation_ratings(game, solver="rational")
                outcome = "proven" if jaxrate.verify(game, result).ok else "refused by verify"
            except RuntimeError:
                outcome = "failed"
            print(json.dumps({"seed": seed, "form": form, "outcome": outcome, "s": 0.0}), flush=True)


class _Late(Exception):
    pass


def _late(*_):
    raise _Late


def worker(form: str, digits: int, seeds: list[int], limit: int) -> None:
    """One JSON line per board: its outcome and seconds."""
    import jaxrate

    make = getattr(jaxrate, form)
    signal.signal(signal.SIGALRM, _late)
    for seed in seeds:
        game = make(board(seed, digits))
        began = time.perf_counter()
        signal.alarm(limit)
        try:
            jaxrate.exact.deviation_ratings(game)
            outcome = "rated"
        except RuntimeError:
            outcome = "failed"
        except _Late:
            outcome = "late"
        finally:
            signal.alarm(0)
        print(json.dumps({"seed": seed, "outcome": outcome, "s": time.perf_counter() - began}), flush=True)


def _run(tree: str, form: str, digits: int, seeds: list[int], limit: int) -> list[dict]:
    env = dict(os.environ, PYTHONPATH=tree)
    command = [sys.executable, __file__, "--worker", form, str(digits), ",".join(map(str, seeds)), str(limit)]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--rational-worker":
        rational_worker([int(s) for s in sys.argv[2].split(",")])
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        form, digits, seeds, limit = sys.argv[2:6]
        worker(form, int(digits), [int(s) for s in seeds.split(",")], int(limit))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=40, help="boards a cell")
    parser.add_argument("--seed", type=int, default=5200, help="first board's seed")
    parser.add_argument("--limit", type=int, default=60, help="seconds a board before it counts as late")
    parser.add_argument("--against", default=None, help="another source tree, rated on the same boards")
    parser.add_argument("--forms", nargs="+", default=FORMS, choices=FORMS)
    parser.add_argument(
        "--rational", type=int, default=0, help="also: solver='rational' on this many small boards"
    )
    parser.add_argument("--digits", nargs="+", type=int, default=DIGITS, help="count columns up to 10**d")
    args = parser.parse_args()
    sys.path.insert(0, str(HERE))
    from _env import header

    header()
    trees = [("this", str(HERE.parent))] + ([("against", args.against)] if args.against else [])
    seeds = list(range(args.seed, args.seed + args.boards))
    print(f"{args.boards} boards a cell, seeds {seeds[0]}..{seeds[-1]}, late past {args.limit} s")
    print("| form | count column up to | tree | rated | failed | late | median s | max s | total s |")
    print("|---|---|---|---|---|---|---|---|---|")
    if args.rational:
        small = list(range(args.seed, args.seed + args.rational))
        print(f"\nsolver='rational' on {args.rational} small boards a form (seeds {small[0]}..{small[-1]}):")
        for name, tree in trees:
            env = dict(os.environ, PYTHONPATH=tree)
            command = [sys.executable, __file__, "--rational-worker", ",".join(map(str, small))]
            out = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout
            rows = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
            tally = {
                k: sum(r["outcome"] == k for r in rows) for k in ("proven", "refused by verify", "failed")
            }
            print(f"  {name}: " + ", ".join(f"{k} {v}" for k, v in tally.items()), flush=True)
        print()
    for form in args.forms:
        for digits in args.digits:
            for name, tree in trees:
                rows = _run(tree, form, digits, seeds, args.limit)
                count = {k: sum(r["outcome"] == k for r in rows) for k in ("rated", "failed", "late")}
                s = np.array([r["s"] for r in rows])
                tally = f"{count['rated']} | {count['failed']} | {count['late']}"
                print(
                    f"| {form} | 1e{digits} | {name} | {tally} | {np.median(s):.2f} | {s.max():.1f} "
                    f"| {s.sum():.1f} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
