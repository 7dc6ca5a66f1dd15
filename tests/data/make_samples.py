"""Writes ``jaxrate/data/samples/``: the sample data ``jaxrate sample NAME`` writes out (issue 56).

Run from the repository root: ``python tests/data/make_samples.py``. Every file is
copied from data in this folder (see its README for where each came from) or, for
the Arena battles, drawn with a fixed seed from the leaderbot counts. The archives
are byte-for-byte reproducible (fixed time stamps, sorted entries), and
``tests/test_samples.py`` checks that they still equal what this script makes.
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
OUT = HERE.parents[1] / "jaxrate" / "data" / "samples"
HARNESS = HERE / "harness"

# Ten Chatbot Arena models of August 2024 that met each other often (names as the Arena wrote them).
ARENA_MODELS = (
    "gpt-4o-2024-05-13",
    "claude-3-5-sonnet-20240620",
    "gemini-1.5-pro-api-0514",
    "gpt-4-turbo-2024-04-09",
    "claude-3-opus-20240229",
    "llama-3-70b-instruct",
    "gpt-4-0613",
    "claude-3-haiku-20240307",
    "mixtral-8x7b-instruct-v0.1",
    "gpt-3.5-turbo-0125",
)
ARENA_SHARE = 0.05  # of each pair's votes, drawn without replacement
ARENA_SEED = 56
OUTCOMES = ("model_a", "model_b", "tie", "tie (bothbad)")


def arena_battles() -> str:
    """A random 5% of the Arena votes among ``ARENA_MODELS``, as ``model_a,model_b,winner`` rows."""
    data = json.loads((HERE / "chatbotarena_20240814.json").read_text())
    names = data["models"]
    keep = {names.index(m) for m in ARENA_MODELS}
    rng = np.random.default_rng(ARENA_SEED)
    rows = []
    for (i, j), counts in zip(data["X"], data["Y"]):
        if i in keep and j in keep:
            counts = np.asarray(counts, dtype=np.int64)
            drawn = rng.multivariate_hypergeometric(counts, int(round(ARENA_SHARE * counts.sum())))
            for outcome, n in zip(OUTCOMES, drawn):
                rows += [(names[i], names[j], outcome)] * int(n)
    order = rng.permutation(len(rows))
    return "model_a,model_b,winner\n" + "".join(",".join(rows[k]) + "\n" for k in order)


def zip_folder(target: Path, members: dict[str, Path]) -> None:
    """``members``: name in the archive -> folder copied under it (every file)."""
    texts = {}
    for name, folder in members.items():
        for path in (p for p in folder.rglob("*") if p.is_file()):
            texts[f"{name}/{path.relative_to(folder).as_posix()}"] = path.read_bytes()
    zip_texts(target, texts)


def returns() -> str:
    """The replicate table of the intervals page's example: three agents, two games, five seeds each."""
    rng = np.random.default_rng(0)
    means = {"ppo": 400, "dqn": 380, "a2c": 300}
    rows = [
        f"{m},{t},{s},{rng.normal(means[m], 20):.1f}\n"
        for m in means
        for t in ("breakout", "pong")
        for s in range(5)
    ]
    return "model,task,seed,score\n" + "".join(rows)


def long_table() -> str:
    """A long table (one row per model and task) on two scales, with one score missing."""
    scores = {
        "model-a": {"gsm8k": 0.81, "humaneval": 0.62, "mt_bench": 8.1, "mmlu": 0.74},
        "model-b": {"gsm8k": 0.64, "humaneval": 0.71, "mt_bench": 7.4, "mmlu": 0.69},
        "model-c": {"gsm8k": 0.58, "humaneval": 0.40, "mt_bench": 7.9},
    }
    rows = [f"{m},{t},{v}\n" for m, tasks in scores.items() for t, v in tasks.items()]
    return "model,task,score\n" + "".join(rows)


def atari_boards() -> dict[str, str]:
    """Sub-boards of the paper's Atari table (agents as rows): two weeks of a board, and six games folders."""
    lines = (HERE.parents[1] / "jaxrate" / "data" / "atari_normalized.csv").read_text().splitlines()
    cells = [line.split(",") for line in lines]
    agents, games = cells[0][1:], [row[0] for row in cells[1:]]

    def table(rows: list[int], columns: list[int]) -> str:
        head = "agent," + ",".join(games[g] for g in columns) + "\n"
        return head + "".join(
            agents[a] + "," + ",".join(cells[1 + g][1 + a] for g in columns) + "\n" for a in rows
        )

    everyone, every_game = list(range(len(agents))), list(range(len(games)))
    boards = {
        "board_last_week.csv": table(everyone[:-1], every_game),
        "board.csv": table(everyone, every_game),
    }
    for k in range(6):
        boards[f"games/atari_{k}.csv"] = table(everyone, every_game[k::6])
    return boards


def zip_texts(target: Path, texts: dict[str, str | bytes]) -> None:
    """A zip of ``texts`` (name -> contents), sorted, with fixed time stamps: the same bytes every time."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name in sorted(texts):
            info = zipfile.ZipInfo(name, (2026, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, texts[name])
    target.write_bytes(buffer.getvalue())


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "scores.csv").write_text("model,math,code\na,0.8,0.6\nb,0.5,0.4\n")  # the README's table
    (OUT / "battles.csv").write_text(arena_battles())
    (OUT / "returns.csv").write_text(returns())
    (OUT / "long.csv").write_text(long_table())
    (OUT / "leaderboard.csv").write_bytes((HERE / "alpaca_eval_2_rows.csv").read_bytes())
    boards = atari_boards()
    zip_texts(OUT / "boards.zip", {k: v for k, v in boards.items() if not k.startswith("games/")})
    zip_texts(OUT / "games.zip", {k: v for k, v in boards.items() if k.startswith("games/")})
    lm_eval = HARNESS / "lm_eval" / "outputs"
    zip_folder(OUT / "lm_eval.zip", {"runs": lm_eval / "shared", "per_model": lm_eval / "per_model"})
    zip_folder(OUT / "inspect.zip", {"logs": HARNESS / "inspect" / "logs" / "eval"})
    zip_folder(OUT / "helm.zip", {"benchmark_output": HARNESS / "helm" / "benchmark_output"})


if __name__ == "__main__":
    main()
