"""How robust is this board (issue 43): ``jaxrate.audit`` on real boards, side by side with one rating.

    python benchmarks/robustness_audit.py                    # Arena (votes), LiveBench and Atari (tasks)
    python benchmarks/robustness_audit.py --boards arena
    python benchmarks/robustness_audit.py --boards arena --methods elo deviation --repeat 3
    python benchmarks/robustness_audit.py --boards livebench --exhaustive 3 --game 2p

Arena: Chatbot Arena's 1,670,250 battles of 14 Aug 2024 (``tests/data``); the top spot and the first
10 adjacent pairs under Elo (the Bradley-Terry fit), deviation ratings and uniform, each audit timed
beside one rating of the same records (counting the battles and fitting, as ``jaxrate rate`` does).
LiveBench (65 x 18) and Atari (20 x 53): by tasks. ``--exhaustive K`` also re-rates every removal of
up to K tasks and prints, per pair, the exact minimum beside the audit's. ``--small`` runs the
exhaustive comparison on seeded small boards (the tests' generator) for every method.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))
SHARED = HERE.parent.parent / "shared" / "data"
METHODS = ("elo", "deviation", "uniform")


def _print_audit(name, method, audit, rating_s=None):
    for label, pair in [("top", audit.top), *((f"#{k + 1}", p) for k, p in enumerate(audit.pairs))]:
        count = "-" if pair.count is None else f"{pair.count:,}"
        share = "-" if pair.count is None else f"{100 * pair.count / pair.total:.4f}%"
        print(
            f"{name:<10}{method:<10}{label:<5}{pair.above[:30]:<31}{pair.below[:30]:<31}"
            f"{'tied' if pair.tied else '':<5}{pair.status:<13}{count:>8}{share:>11}"
        )
    ratio = f", {audit.seconds / rating_s:.1f}x one rating ({rating_s:.2f} s)" if rating_s else ""
    print(f"{name:<10}{method:<10}audit {audit.seconds:.2f} s, {audit.rerated} re-ratings{ratio}", flush=True)


def arena(args):
    import jaxrate
    from jaxrate.battles import battle_counts, battles_from_counts

    data = json.loads((HERE.parent / "tests" / "data" / "chatbotarena_20240814.json").read_text())
    frame = battles_from_counts(data["models"], data["X"], data["Y"])
    for method in args.methods:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            start = time.perf_counter()
            if method == "elo":
                jaxrate.elo_ratings(frame)
            else:
                game = jaxrate.battle_game(frame)
                jaxrate.deviation_ratings(game) if method == "deviation" else jaxrate.uniform_ratings(game)
            rating_s = time.perf_counter() - start
            counts = battle_counts(frame)
            seconds = []
            for _ in range(max(args.repeat, 1)):
                audit = jaxrate.audit(counts, method=method, adjacent=10, budget=args.budget)
                seconds.append(audit.seconds)
        _print_audit("arena", method, audit, rating_s)
        if args.repeat > 1:
            print(
                f"arena     {method:<10}audit seconds of {args.repeat} runs in this process: "
                f"{', '.join(f'{s:.2f}' for s in seconds)}; median {sorted(seconds)[len(seconds) // 2]:.2f}",
                flush=True,
            )


def tables(args):
    import jaxrate
    from jaxrate.io import read

    boards = {}
    if "livebench" in args.boards:
        reading = read([str(SHARED / "livebench_2024_08_17.csv")])
        boards["livebench"] = (reading.scores, reading.models, reading.tasks)
    if "atari" in args.boards:
        reading = read([str(HERE.parent / "jaxrate" / "data" / "atari_normalized.csv")])
        boards["atari"] = (reading.scores, reading.models, reading.tasks)
    for name, (scores, models, tasks) in boards.items():
        budget = args.task_budget or min(1.0, 3.5 / len(tasks))
        for method in args.methods:
            start = time.perf_counter()
            if method == "elo":
                p, _ = jaxrate.baselines.win_probabilities(scores, models)
                jaxrate.elo_ratings(p, models=models)
            else:
                make = jaxrate.agent_vs_task if args.game == "2p" else jaxrate.agent_vs_agent_vs_task
                game = make(scores, models, tasks)
                jaxrate.deviation_ratings(game) if method == "deviation" else jaxrate.uniform_ratings(game)
            rating_s = time.perf_counter() - start
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", UserWarning)
                audit = jaxrate.audit(
                    scores,
                    models=models,
                    tasks=tasks,
                    method=method,
                    game=args.game,
                    budget=budget,
                    adjacent=args.adjacent,
                )
            _print_audit(f"{name}-{args.game}", method, audit, rating_s)
            if args.exhaustive:
                from jaxrate.robustness import exhaustive_minimum

                start = time.perf_counter()
                named = [(p.above, p.below) for p in audit.pairs]
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", UserWarning)
                    exact = exhaustive_minimum(
                        scores,
                        named,
                        args.exhaustive,
                        method=method,
                        game=args.game,
                        models=models,
                        tasks=tasks,
                    )
                same = sum(
                    exact[(p.above, p.below)] == p.count for p in audit.pairs if exact[(p.above, p.below)]
                )
                known = sum(1 for p in audit.pairs if exact[(p.above, p.below)] is not None)
                print(
                    f"{name}-{args.game:<4}{method:<10}exhaustive up to {args.exhaustive} tasks "
                    f"({time.perf_counter() - start:.1f} s): minimal in {same} of {known} pairs reversible "
                    f"within {args.exhaustive}; exact per pair: {[exact[k] for k in named]}; audit: "
                    f"{[p.count for p in audit.pairs]}",
                    flush=True,
                )


def small(args):
    """The tests' comparison with the exhaustive minimum, larger: every input kind and method."""
    import test_audit

    from jaxrate.robustness import _search

    for greedy_only in (False, True):
        saved = _search.POLISH
        if greedy_only:
            _search.POLISH = 0  # the greedy search alone, without the exact search of smaller removals
        for kind, method in test_audit.COMBOS + [("tasks-2p", m) for m in METHODS]:
            start = time.perf_counter()
            compared, minimal, reported, confirmed = test_audit._compare_with_exhaustive(
                kind, method, boards=args.small, depth=3, seed=args.small_seed
            )
            print(
                f"small {kind:<9}{method:<10}{'greedy alone' if greedy_only else 'audit':<13}"
                f"minimal {minimal}/{compared} ({100 * minimal / max(compared, 1):.0f}%), "
                f"reversals reported {reported}, confirmed independently {confirmed} "
                f"({time.perf_counter() - start:.1f} s)",
                flush=True,
            )
        _search.POLISH = saved


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--boards", nargs="*", default=["arena", "livebench", "atari"])
    parser.add_argument("--methods", nargs="*", default=list(METHODS))
    parser.add_argument("--budget", type=float, default=0.01, help="votes (Arena): the audit's default, 1%%")
    parser.add_argument("--task-budget", type=float, default=None, help="tasks: default 3 tasks' worth")
    parser.add_argument("--adjacent", type=int, default=10)
    parser.add_argument(
        "--repeat", type=int, default=1, help="Arena: audits per method in this process (median)"
    )
    parser.add_argument("--game", default="3p", choices=["2p", "3p"])
    parser.add_argument("--exhaustive", type=int, default=0, metavar="K")
    parser.add_argument("--small", type=int, default=0, metavar="BOARDS")
    parser.add_argument("--small-seed", type=int, default=11, help="--small: the boards' seed")
    args = parser.parse_args()
    from _env import header

    header()
    if args.small:
        small(args)
        return
    if "arena" in args.boards:
        arena(args)
    if {"livebench", "atari"} & set(args.boards):
        tables(args)


if __name__ == "__main__":
    main()
