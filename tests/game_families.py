"""Seeded game families for the JAX path (shared by tests and benchmarks/jax_families.py).

Each family is a batch ``[B, N, A_1, ..., A_N]`` of float64 payoffs:

* ``2p-KxK``, ``2p-65x18``, ``3p-KxKxK``: uniform random payoffs in [0, 1] (general-sum);
* ``lb-MxT``: two-player agent-vs-task games of synthetic leaderboards (M models,
  T tasks; ability x difficulty + noise, scores with 3 decimals), the shape of
  LiveBench (65 x 18) and larger;
* ``aat-MxMxT``: the paper's agent-vs-agent-vs-task game of such leaderboards;
* ``winloss-K``: 0/1 win-loss meta-games, ``G_B = 1 - G_A`` (ties everywhere);
* ``clones-K``: a 2P random 8 x 8 game whose strategies are each cloned until
  each player has ``K`` (clone invariance makes its ratings the 8 x 8 game's);
* ``es-KxA``: an evolution strategy's meta-game: ``K`` candidates per player,
  each ``softmax(std z)`` (antithetic ``z``) over the actions of a shared random
  2P ``A x A`` game (near-ties everywhere).
"""

from __future__ import annotations

import re

import numpy as np

import jaxrate

# Every family of the JAX path's issue, with the batch the benchmark uses.
FAMILIES = {
    "2p-10x10": 1024,
    "2p-16x16": 256,
    "2p-24x24": 256,
    "2p-32x32": 256,
    "2p-48x48": 256,
    "2p-64x64": 256,
    "2p-65x18": 256,
    "lb-65x18": 256,
    "lb-100x20": 256,
    "3p-6x6x6": 1024,
    "3p-8x8x8": 256,
    "3p-12x12x12": 256,
    "3p-16x16x16": 64,
    "winloss-24": 256,
    "winloss-48": 256,
    "aat-12x12x8": 256,
    "clones-24": 256,
}


def leaderboard_scores(rng: np.random.Generator, models: int, tasks: int) -> np.ndarray:
    """A synthetic leaderboard ``[models, tasks]`` in [0, 1]: ability x difficulty + noise."""
    ability = rng.normal(size=(models, 1))
    skill = rng.normal(scale=0.5, size=(models, tasks))
    difficulty = rng.normal(size=(1, tasks))
    return np.round(1 / (1 + np.exp(-(ability + skill - difficulty))), 3)


def _clones(rng: np.random.Generator, size: int) -> np.ndarray:
    base = rng.random((2, 8, 8))
    picks = [np.sort(np.concatenate([np.arange(8), rng.integers(0, 8, size - 8)])) for _ in range(2)]
    return base[:, picks[0]][:, :, picks[1]]


def es_game(
    rng: np.random.Generator, candidates: int, actions: int, mean=None, std: float = 1.0
) -> np.ndarray:
    """An evolution strategy's meta-game ``[2, K, K]`` over a random ``A x A`` base game (``mean``
    ``[2, A]``: the search distribution's means, zero by default)."""
    base = rng.random((2, actions, actions))
    half = rng.normal(size=(2, candidates // 2, actions))
    theta = (np.zeros((2, 1, actions)) if mean is None else mean[:, None, :]) + std * np.concatenate(
        [half, -half], 1
    )
    mixed = np.exp(theta - theta.max(-1, keepdims=True))
    mixed /= mixed.sum(-1, keepdims=True)
    return np.einsum("ia,pab,jb->pij", mixed[0], base, mixed[1])


def family_game(name: str, rng: np.random.Generator) -> np.ndarray:
    """One game of family ``name``, ``[N, A_1, ..., A_N]``."""
    kind, dims = name.split("-")
    sizes = tuple(int(d) for d in re.findall(r"\d+", dims))
    if kind in ("2p", "3p"):
        return rng.random((len(sizes),) + sizes)
    if kind == "lb":
        return jaxrate.agent_vs_task(leaderboard_scores(rng, *sizes)).payoffs
    if kind == "aat":
        return jaxrate.agent_vs_agent_vs_task(leaderboard_scores(rng, sizes[0], sizes[2])).payoffs
    if kind == "winloss":
        wins = rng.integers(0, 2, size=(sizes[0], sizes[0])).astype(np.float64)
        return np.stack([wins, 1.0 - wins])
    if kind == "clones":
        return _clones(rng, sizes[0])
    if kind == "es":
        return es_game(rng, *sizes)
    raise ValueError(f"unknown family {name!r}")


def family(name: str, batch: int | None = None, seed: int = 0) -> np.ndarray:
    """A seeded batch ``[B, N, A..]`` of family ``name`` (``B`` defaults to the benchmark's)."""
    rng = np.random.default_rng(seed)
    return np.stack([family_game(name, rng) for _ in range(batch or FAMILIES[name])])
