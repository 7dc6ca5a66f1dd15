"""Where boards sit on the axis of issue 57: the share of a board's variance its first factor explains.

    python benchmarks/board_shares.py

Prints the share (:func:`_games.first_factor_share`: the largest eigenvalue of the
covariance of the board's columns, each centred, over their total) of the real boards at
hand: the LiveBench snapshot and the paper's Atari table (``../shared/data``), every board of
the published corpus (``tests/data/published/**/expected.csv``) with at least 10 models, 5
tasks and at most 20% of its cells missing (lower-is-better columns negated; missing cells
filled with their column's mean), the benchmark board of issue 44
(``_games.open_llm_subtask_scores``) and the members of ``_games.subtask_family``, so that the
family can be seen to cover where real boards sit.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SHARED = ROOT.parent / "shared" / "data"


def _real_boards():
    import pandas as pd

    live = pd.read_csv(SHARED / "livebench_2024_08_17.csv", index_col=0).select_dtypes("number")
    yield "LiveBench snapshot (2024-08-17)", live.to_numpy()
    atari = pd.read_csv(SHARED / "atari_normalized.csv", index_col=0).select_dtypes("number")
    yield "Atari (the paper's table)", atari.to_numpy()
    published = ROOT / "tests" / "data" / "published"
    for path in sorted(published.glob("**/expected.csv")):
        data = pd.read_csv(path)
        if not {"model", "task", "score"} <= set(data.columns):
            continue
        wide = data.pivot_table(index="model", columns="task", values="score", aggfunc="mean")
        if wide.shape[0] < 10 or wide.shape[1] < 5 or wide.isna().to_numpy().mean() > 0.2:
            continue
        x = wide.to_numpy(dtype=float)
        if "higher_is_better" in data:
            higher = data.groupby("task")["higher_is_better"].first()
            x = x * np.array([1.0 if str(higher[t]).lower() == "true" else -1.0 for t in wide.columns])
        yield f"corpus: {path.parent.relative_to(published)}", x


def main() -> None:
    sys.path.insert(0, str(HERE))
    from _env import header
    from _games import first_factor_share, open_llm_subtask_scores, subtask_family

    header()
    rows = [(name, x.shape, first_factor_share(x)) for name, x in _real_boards()]
    board = open_llm_subtask_scores(4500, 0)[0]
    rows.append(
        (
            "issue 44's benchmark board (open_llm_subtask_scores, seed 0)",
            board.shape,
            first_factor_share(board),
        )
    )
    for share in (0.95, 0.9, 0.8, 0.7, 0.6, 0.5):
        x = subtask_family(1000, share, 0)[0]
        rows.append((f"subtask_family(1000, {share})", x.shape, first_factor_share(x)))
    print(f"{'share':>6}  {'board':>11}  source")
    for name, shape, share in sorted(rows, key=lambda r: -r[2]):
        print(f"{100 * share:5.1f}%  {shape[0]:>5} x {shape[1]:<4} {name}")


if __name__ == "__main__":
    main()
