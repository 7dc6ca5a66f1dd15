"""Exact path on seeded random sub-leaderboards of the real tables: failures and rescues.

python benchmarks/hard_leaderboards.py 5000

Counts, over the games of tests/subleaderboards.py, the results that floating
point alone would have failed (``result.rescue`` set: a level failed in HiGHS,
or the float result failed verification) and which route rated their levels,
the proven float results confirmed in exact arithmetic because their
residuals are loose (rating residual over 5e-13 or dual gap over 1e-10 of the
scale), the failures (none expected), and the total time against the floor: the
same scan with every exact-arithmetic step skipped (HiGHS alone, its own points
without the vertex refinement, a slack where a level fails; ``_float_floor.py``),
timed game by game in the same run.
"""

import collections
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from _env import header  # noqa: E402
from _float_floor import float_floor  # noqa: E402
from subleaderboards import sub_leaderboard, tables  # noqa: E402

import jaxrate  # noqa: E402

header()
count = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
seed = int(sys.argv[2]) if len(sys.argv) > 2 else 0
data = tables()
failures, rescued, polished, steps = [], [], [], collections.Counter()
start = time.perf_counter()
solve_time = floor_time = 0.0
for i in range(count):
    name, game = sub_leaderboard(data, seed, i)
    t0 = time.perf_counter()
    float_floor(game)
    floor_time += time.perf_counter() - t0
    t0 = time.perf_counter()
    try:
        result = jaxrate.exact.deviation_ratings(game)
    except Exception as err:  # noqa: BLE001 - the count is the point
        failures.append((name, f"{type(err).__name__}: {err}"))
        continue
    solve_time += time.perf_counter() - t0
    steps.update(result.steps)
    if result.rescue is not None:
        kind = polished if result.rescue.startswith("floating point proven") else rescued
        kind.append((name, result.rescue, result.route_summary, f"{time.perf_counter() - t0:.2f} s"))
total = time.perf_counter() - start
print(f"games: {count} (seed {seed}), wall {total:.1f} s")
print(
    f"exact path {solve_time:.1f} s, floor (float alone) {floor_time:.1f} s,",
    f"ratio {solve_time / floor_time:.2f}",
)
print(f"failures: {len(failures)}")
for f in failures:
    print("  FAILED", *f)
print(f"rescued (floating point alone would have failed): {len(rescued)}")
for r in rescued:
    print("  ", *r)
print(
    "proven in floating point, confirmed exactly (rating residual over 5e-13 or dual gap",
    f"over 1e-10 of the scale): {len(polished)}",
)
for r in polished:
    print("  ", *r)
print("levels by route:", dict(steps))
