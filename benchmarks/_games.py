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
