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
