"""`jaxrate verify` on published result files: the float check and `--exact`, side by side.

    python benchmarks/verify_file.py
    python benchmarks/verify_file.py --cases atari livebench3p

For each case the board is rated once (`jaxrate rate INPUT --json FILE`), then
`jaxrate verify FILE INPUT` runs in a fresh process, in floating point and with
`--exact`, each three times; the table prints the median wall time of the
whole command, the check's own time (as `verify` prints it) and the ratio of
the exact check to the float one. Every run must exit 0.

Cases: `atari` (the built-in 20 x 20 x 53 game), `livebench2p` and
`livebench3p` (the shared snapshot, 65 models x 18 tasks), `battles` (the
Chatbot Arena counts of tests/data as 1,670,250 battle rows, 129 x 129),
`harness` (an lm-evaluation-harness folder written by the harness itself),
`board2000` (a 2,000 x 6 board, rated through its table; float only).
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent))
HERE = Path(__file__).resolve().parent
REPO = HERE.parent
SHARED = REPO.parent / "shared" / "data" / "livebench_2024_08_17.csv"


def _inputs(case: str, folder: Path) -> tuple[list[str], list[str]]:
    """``(rate arguments, verify inputs)`` of a case, writing its input into ``folder``."""
    if case == "atari":
        return ["--dataset", "atari", "--game", "3p"], []
    if case.startswith("livebench"):
        return [str(SHARED), "--game", case[-2:]], [str(SHARED)]
    if case == "battles":
        from jaxrate.battles import battles_from_counts

        counts = json.loads((REPO / "tests" / "data" / "chatbotarena_20240814.json").read_text())
        path = folder / "battles.csv"
        battles_from_counts(counts["models"], counts["X"], counts["Y"]).to_csv(path, index=False)
        return [str(path), "--game", "2p"], [str(path)]
    if case == "harness":
        path = REPO / "tests" / "data" / "harness" / "lm_eval" / "outputs" / "shared"
        return [str(path)], [str(path)]
    if case == "board2000":
        from _games import open_llm_scores

        table = open_llm_scores(2000, 6, seed=0)
        path = folder / "board2000.csv"
        pd.DataFrame(table, index=[f"model{i:04d}" for i in range(len(table))]).to_csv(path)
        return [str(path)], [str(path)]
    raise ValueError(case)


def _command(argv: list[str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "jaxrate.cli", *argv], capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"{argv}: exit {done.returncode}: {done.stdout}{done.stderr}")
    return seconds, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--cases",
        nargs="+",
        default=["atari", "livebench2p", "livebench3p", "battles", "harness", "board2000"],
    )
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    from _env import header

    header()
    print(
        f"{'case':>12} {'game':>16} {'rate s':>7} {'verify s':>9} {'check s':>8} {'--exact s':>9} "
        f"{'check s':>8} {'exact/float':>11}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for case in args.cases:
            rate, inputs = _inputs(case, folder)
            out = folder / f"{case}.json"
            rated, _ = _command(["rate", *rate, "--json", str(out), "--progress", "never"])
            game = " x ".join(str(a) for a in json.loads(out.read_text())["game"]["shape"])
            rows = {}
            for flags in ([], ["--exact"]):
                if flags and case == "board2000":
                    continue
                runs = [_command(["verify", str(out), *inputs, *flags]) for _ in range(args.repeats)]
                checks = [float(re.search(r" in ([0-9.]+) s ", line).group(1)) for _, line in runs]
                rows[bool(flags)] = (statistics.median(s for s, _ in runs), statistics.median(checks))
            whole, check = rows[False]
            exact = rows.get(True, (np.nan, np.nan))
            print(
                f"{case:>12} {game:>16} {rated:>7.2f} {whole:>9.2f} {check:>8.2f} {exact[0]:>9.2f} "
                f"{exact[1]:>8.2f} {exact[1] / check if check else np.nan:>11.1f}"
            )


if __name__ == "__main__":
    main()
