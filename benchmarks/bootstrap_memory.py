"""Wall time and peak RSS of ``jaxrate rate DATA --bootstrap N --report DIR``: two trees side by side.

    git archive BASE jaxrate | tar -x -C /tmp/before      # the tree to compare with
    python benchmarks/bootstrap_memory.py --before /tmp/before
    python benchmarks/bootstrap_memory.py --before /tmp/before --resamples 200 --repeats 2

Each run is its own process under ``/usr/bin/time -v`` (peak RSS of the whole
command, the report included), with ``PYTHONPATH`` set to the tree it rates
with (``--before``, then this checkout), alternating so that both meet the
same machine load. The table gives each run's wall time, peak RSS and the
last progress line; the ratings of the two trees are compared from their JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
HERE = Path(__file__).resolve().parents[1]
DATA = HERE.parent / "shared" / "data" / "livebench_2024_08_17.csv"


def run_once(tree: Path, data: Path, resamples: int, out: Path) -> dict:
    """One ``rate --bootstrap --report --json`` in a fresh process; wall s, peak RSS GiB, JSON payload."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    check = [sys.executable, "-c", "import jaxrate; print(jaxrate.__file__)"]
    where = subprocess.run(check, env=env, cwd=out, capture_output=True, text=True, check=True).stdout.strip()
    if not where.startswith(str(tree)):
        raise SystemExit(f"{tree}: python imports jaxrate from {where}")
    command = [
        "/usr/bin/time", "-v", sys.executable, "-m", "jaxrate.cli", "rate", str(data),
        "--bootstrap", str(resamples), "--report", str(out / "report"), "--json", str(out / "r.json"),
    ]  # fmt: skip
    # cwd: the temporary folder, so that `-m jaxrate.cli` imports from PYTHONPATH, not the working folder.
    done = subprocess.run(command, env=env, cwd=out, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{tree}: exit {done.returncode}\n{done.stderr[-2000:]}")
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", done.stderr).group(1)
    seconds = sum(float(x) * 60**k for k, x in enumerate(reversed(wall.split(":"))))
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr).group(1))
    return {"seconds": seconds, "rss_gib": rss / 2**20, "payload": json.loads((out / "r.json").read_text())}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--before", type=Path, required=True, help="source tree holding the jaxrate to compare"
    )
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--resamples", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=1)
    args = parser.parse_args()
    from _env import header

    header()
    print(f"data {args.data.name}, --bootstrap {args.resamples} --report, {args.repeats} repeat(s)")
    print(f"{'tree':<8} {'wall s':>8} {'peak RSS GiB':>13}")
    results: dict = {"before": [], "after": []}
    for _ in range(args.repeats):
        for name, tree in (("before", args.before), ("after", HERE)):
            with tempfile.TemporaryDirectory() as tmp:
                one = run_once(tree.resolve(), args.data, args.resamples, Path(tmp))
            results[name].append(one)
            print(f"{name:<8} {one['seconds']:8.1f} {one['rss_gib']:13.3f}", flush=True)
    before, after = (
        {e["strategy"]: (e["rating"], e["lower"], e["upper"]) for e in r[-1]["payload"]["ranking"]}
        for r in results.values()
    )
    # Matched by strategy (tied strategies may be listed in another order).
    diff = max(abs(x - y) for k in before for x, y in zip(before[k], after.get(k, (np.nan,) * 3)))
    same = before.keys() == after.keys() and diff < 1e-9
    best = {k: min(r["seconds"] for r in v) for k, v in results.items()}
    ratio = best["after"] / best["before"]
    print(
        f"after / before wall (best of each): {ratio:.2f}; "
        f"same ratings and bounds (1e-9): {same}, max diff {diff:.1e}"
    )
    after = results["after"][-1]["payload"]["intervals"]
    kind, failed = after.get("interval_kind"), after.get("failed_count")
    print(f"after: interval_kind {kind!r}, failed {failed}, slow {after.get('slow')}")


if __name__ == "__main__":
    main()
