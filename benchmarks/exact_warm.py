"""Exact path on one game, warm (imports and first solve done), two trees alternating.

    git archive BASE jaxrate | tar -x -C /tmp/before
    python benchmarks/exact_warm.py --before /tmp/before --rounds 2

Each round runs, for the ``--before`` tree and then this checkout, a fresh
process (``PYTHONPATH`` set to the tree) that rates each case once to warm up,
then ``--repeat`` times, and prints the best time, the route and the
certificate's rating residual relative to the scale. Separates the per-solve
cost from the one-time import and start-up cost that ``exact_scale.py`` (one
process per case) includes.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
CHILD = """
import sys, time
sys.path.insert(0, {here!r})
import exact_scale, jaxrate
print(jaxrate.__file__, file=sys.stderr)
for case in {cases!r}:
    game = exact_scale._build(case)
    jaxrate.exact.deviation_ratings(game)
    best = float("inf")
    for _ in range({repeat}):
        began = time.perf_counter()
        result = jaxrate.exact.deviation_ratings(game)
        best = min(best, time.perf_counter() - began)
    cert = result.certificate
    residual = cert.max_rating_residual / cert.scale
    print(f"{{case:<12}} {{best:8.3f}}  {{residual:9.1e}}  {{result.route_summary}}")
"""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", type=Path, required=True)
    parser.add_argument("--cases", nargs="*", default=["atari3p", "livebench3p"])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    sys.path.insert(0, str(HERE))
    from _env import header

    header()
    code = CHILD.format(here=str(HERE), cases=args.cases, repeat=args.repeat)
    print(f"{'tree':<8} {'case':<12} {'best s':>8}  {'residual':>9}  route")
    for _ in range(args.rounds):
        for name, tree in (("before", args.before.resolve()), ("after", HERE.parent)):
            env = {**os.environ, "PYTHONPATH": str(tree)}
            # cwd: not the checkout (``python -c`` puts the working directory first on sys.path).
            out = subprocess.run(
                [sys.executable, "-c", code],
                env=env,
                cwd=tempfile.gettempdir(),
                capture_output=True,
                text=True,
                check=True,
            )
            if f"{tree}/jaxrate/__init__.py" not in out.stderr:
                raise SystemExit(f"{tree}: the child imported another jaxrate: {out.stderr.strip()}")
            for line in out.stdout.splitlines():
                print(f"{name:<8} {line}", flush=True)


if __name__ == "__main__":
    main()
