"""What reading the published corpus costs: ``jaxrate.io.read`` on every rated set, two versions side by side.

    python benchmarks/corpus_read_cost.py --against /path/to/older/checkout [--rounds 3]

Each round reads, in a fresh process per version (alternated: the machine is shared and noisy),
every set that both versions rate with the same options (the manifest of this checkout and of the
other), from this checkout's files, best of 3 reads per set; the table prints the sum per round and
the ratio of the medians. Reading only: no rating is solved.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DATA = os.path.join(ROOT, "tests", "data", "published")

_CHILD = r"""
import contextlib, io as _io, json, os, sys, time
from jaxrate import io
sets, data = json.loads(sys.argv[1]), sys.argv[2]
total = 0.0
for entry in sets:
    given = entry["input"]
    path = os.path.join(data, entry["set"], given) if isinstance(given, str) else [
        os.path.join(data, entry["set"], p) for p in given]
    best = None
    for _ in range(3):
        for module in list(sys.modules.values()):  # each read as a fresh process reads: no warm caches
            if getattr(module, "__name__", "").startswith("jaxrate.io"):
                for f in vars(module).values():
                    if hasattr(f, "cache_clear"):
                        f.cache_clear()
        start = time.perf_counter()
        with contextlib.redirect_stderr(_io.StringIO()):
            io.read(path, io.ReadOptions(cli=True, **entry["options"]))
        seconds = time.perf_counter() - start
        best = seconds if best is None else min(best, seconds)
    total += best
print(json.dumps({"seconds": total}))
"""


def _sets(other: str) -> list[dict]:
    with open(os.path.join(DATA, "manifest.json"), encoding="utf-8") as f:
        mine = {s["set"]: s for s in json.load(f)["sets"] if s["outcome"] == "rated"}
    with open(os.path.join(other, "tests", "data", "published", "manifest.json"), encoding="utf-8") as f:
        theirs = {s["set"]: s for s in json.load(f)["sets"] if s["outcome"] == "rated"}
    both = [
        mine[k]
        for k in mine
        if k in theirs
        and mine[k]["options"] == theirs[k]["options"]
        and mine[k]["input"] == theirs[k]["input"]
        and not mine[k].get("sparse")
    ]
    return both


def _run(code_root: str, python: str, sets: list[dict]) -> float:
    env = {**os.environ, "PYTHONPATH": code_root, "JAX_PLATFORMS": "cpu"}
    done = subprocess.run(
        [python, "-c", _CHILD, json.dumps(sets), DATA], env=env, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])["seconds"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", required=True, help="another checkout (its jaxrate and manifest)")
    parser.add_argument("--python", default=sys.executable, help="the Python of the other checkout")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    from _env import header

    header()
    sets = _sets(args.against)
    print(f"{len(sets)} sets rated with the same options by both versions")
    here, there = [], []
    for k in range(args.rounds):
        here.append(_run(ROOT, sys.executable, sets))
        there.append(_run(os.path.abspath(args.against), args.python, sets))
        print(f"round {k + 1}: this checkout {here[-1]:.2f} s, {args.against} {there[-1]:.2f} s", flush=True)
    here.sort(), there.sort()
    mid = args.rounds // 2
    print(
        f"median: this checkout {here[mid]:.2f} s, other {there[mid]:.2f} s, "
        f"ratio {here[mid] / there[mid]:.3f}"
    )


if __name__ == "__main__":
    sys.path.insert(0, HERE)
    main()
