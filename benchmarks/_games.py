"""Seeded benchmark games shared by the benchmark scripts."""

from __future__ import annotations

import numpy as np

import jaxrate


def leaderboard_scores(models: int, tasks: int, seed: int = 0) -> np.ndarray:
    """A synthetic leaderboard ``[models, tasks]`` in [0, 1]: ability x difficulty + noise."""
    rng = np.random.default_rng(seed)
    ability = rng.normal(size=(models, 1))
    skill = rng.normal(scale=0.5, size=(models, tasks))  # model-specific strengths
    difficulty = rng.normal(size=(1, tasks))
    logits = ability + skill - difficulty
    return np.round(1 / (1 + np.exp(-logits)), 3)


def leaderboard_game(models: int, tasks: int, seed: int = 0) -> jaxrate.Game:
    return jaxrate.agent_vs_agent_vs_task(leaderboard_scores(models, tasks, seed))


def random_game(shape: tuple[int, ...], seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return rng.random((len(shape),) + tuple(shape))


def open_llm_scores(models: int, tasks: int = 6, seed: int = 0) -> np.ndarray:
    """An Open-LLM-Leaderboard-like board ``[models, tasks]``: scores 0-100 with two decimals.

    A logistic low-rank model: one dominant ability factor, a weak second
    factor (e.g. code vs knowledge), a little model-task noise; rounding to
    two decimals makes near-ties, as on the real board.
    """
    rng = np.random.default_rng(seed)
    ability = rng.normal(size=(models, 1))
    second = rng.normal(scale=0.35, size=(models, 1))
    loading = rng.normal(size=(1, tasks))
    difficulty = rng.normal(scale=0.7, size=(1, tasks))
    noise = rng.normal(scale=0.15, size=(models, tasks))
    logits = 1.3 * ability + second * loading - difficulty + noise
    return np.round(100 / (1 + np.exp(-logits)), 2)


# Open LLM Leaderboard v2's six benchmarks and their subtask columns (53 in all).
OPEN_LLM_SUBTASKS = {"bbh": 24, "math": 7, "musr": 3, "gpqa": 3, "ifeval": 2, "mmlu_pro": 14}


def open_llm_subtask_scores(models: int, seed: int = 0) -> tuple[np.ndarray, list[str]]:
    """An Open-LLM-v2-like board rated on its subtasks: ``([models, 53], column names)``.

    :func:`open_llm_scores`'s model (one dominant ability, a weak second factor, noise, two
    decimals) with a per-benchmark factor shared by that benchmark's subtasks, so that BBH's 24
    columns move together as one benchmark's would.
    """
    rng = np.random.default_rng(seed)
    ability = rng.normal(size=(models, 1))
    second = rng.normal(scale=0.35, size=(models, 1))
    blocks, names = [], []
    for bench, count in OPEN_LLM_SUBTASKS.items():
        factor = rng.normal(scale=0.4, size=(models, 1))
        loading = rng.normal(size=(1, count))
        difficulty = rng.normal(scale=0.7, size=(1, count))
        noise = rng.normal(scale=0.15, size=(models, count))
        blocks.append(1.3 * ability + second * loading + factor - difficulty + noise)
        names += [f"{bench}_{k}" for k in range(count)]
    return np.round(100 / (1 + np.exp(-np.concatenate(blocks, axis=1))), 2), names


def first_factor_share(table: np.ndarray) -> float:
    """The share of a board's variance its first factor explains: the largest eigenvalue of
    the covariance of its columns (each centred, not scaled) over their total variance.

    Missing cells (NaN) are filled with their column's mean first."""
    x = np.asarray(table, dtype=np.float64)
    x = np.where(np.isnan(x), np.nanmean(x, axis=0, keepdims=True), x)
    x = x - x.mean(axis=0, keepdims=True)
    s = np.linalg.svd(x, compute_uv=False) ** 2
    return float(s[0] / s.sum()) if s.sum() > 0 else 1.0


def subtask_family(
    models: int,
    share: float,
    seed: int = 0,
    *,
    bench_scale: float = 0.6,
    interactions: int = 3,
    interaction_scale: float = 0.35,
    noise: float = 0.25,
    decimals: int = 2,
) -> tuple[np.ndarray, list[str]]:
    """A member of a family of Open-LLM-v2-like subtask boards ``([models, 53], names)`` whose
    first factor explains ``share`` of the variance (to about 0.5 percentage points).

    The logit of a score is ``w * ability + per-benchmark factor (bench_scale, shared by the
    benchmark's subtasks, each with its own loading) + interactions (a rank-``interactions``
    model x subtask term) + noise - difficulty``; scores are ``100 * sigmoid`` rounded to
    ``decimals`` (ties). Only the general ability's weight ``w`` is solved for (bisection on
    the board itself, every other draw fixed by ``seed``), so a family at one seed differs only
    in how far it is from one ability. Boards at 95% to 50% are reachable with the defaults.
    """
    rng = np.random.default_rng(seed)
    ability = rng.normal(size=(models, 1))
    parts, names = [], []
    for bench, count in OPEN_LLM_SUBTASKS.items():
        factor = rng.normal(scale=bench_scale, size=(models, 1))
        loading = rng.uniform(0.5, 1.5, size=(1, count))
        parts.append(factor * loading)
        names += [f"{bench}_{k}" for k in range(count)]
    rest = np.concatenate(parts, axis=1)
    tasks = rest.shape[1]
    rest += rng.normal(size=(models, interactions)) @ rng.normal(
        scale=interaction_scale, size=(interactions, tasks)
    )
    rest += rng.normal(scale=noise, size=(models, tasks))
    rest -= rng.normal(scale=0.7, size=(1, tasks))
    gloading = rng.uniform(0.7, 1.3, size=(1, tasks))

    def board(w: float) -> np.ndarray:
        return np.round(100 / (1 + np.exp(-(w * ability * gloading + rest))), decimals)

    lo, hi = 0.0, 8.0
    for _ in range(40):
        mid = 0.5 * (lo + hi)
        lo, hi = (mid, hi) if first_factor_share(board(mid)) < share else (lo, mid)
    return board(0.5 * (lo + hi)), names
