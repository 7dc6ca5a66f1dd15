"""Populations of mixtures of the biased Shapley game's R, P and S: where uniform and deviation differ.

Deviation ratings are all equal when the population's convex hull holds the
game's equilibrium, whatever the mix; uniform ratings follow the mix (the
paper's figure of five populations).
"""

from __future__ import annotations

import numpy as np

from jaxrate.studies.shapley import biased_shapley

__all__ = ["POPULATIONS", "claims", "population", "population_game"]

POPULATIONS = {
    "unbiased": "R, P, S and 47 mixtures ~ Dirichlet(1, 1, 1)",
    "biased": "R, P, S and 47 mixtures ~ Dirichlet(1, 8, 1) (mostly paper)",
    "restricted": "corners 0.05 + 0.85 e_i and 47 mixtures 0.05 + 0.85 Dirichlet(1, 1, 1)",
    "minority S": "R, P and 48 mixtures ~ Dirichlet(1, 1, 1) with S <= 0.15",
    "impure": "50 mixtures ~ Dirichlet(5, 5, 5) (no pure strategy in the convex hull)",
}


def population(name: str, rng: np.random.Generator, size: int = 50) -> np.ndarray:
    """Mixtures over (R, P, S), ``[size, 3]``, for one of :data:`POPULATIONS`."""
    pure = np.eye(3)
    if name == "unbiased":
        return np.vstack([pure, rng.dirichlet([1, 1, 1], size - 3)])
    if name == "biased":
        return np.vstack([pure, rng.dirichlet([1, 8, 1], size - 3)])
    if name == "restricted":
        corners = 0.05 + 0.85 * pure
        return np.vstack([corners, 0.05 + 0.85 * rng.dirichlet([1, 1, 1], size - 3)])
    if name == "minority S":
        draws = rng.dirichlet([1, 1, 1], 20 * size)
        return np.vstack([pure[:2], draws[draws[:, 2] <= 0.15][: size - 2]])
    if name == "impure":
        return rng.dirichlet([5, 5, 5], size)
    raise ValueError(f"unknown population {name!r}")


def population_game(mixtures: np.ndarray) -> np.ndarray:
    """Symmetric two-player game between mixtures of the biased Shapley game's R, P, S."""
    base = biased_shapley()[0][:3, :3]
    g1 = mixtures @ base @ mixtures.T
    return np.stack([g1, g1.T])


def claims(name: str, mix: np.ndarray, deviation: np.ndarray, uniform: np.ndarray, mass: np.ndarray) -> list:
    """The paper's claims about the population ``name``.

    Args:
      name: one of :data:`POPULATIONS`.
      mix: ``[M, 3]`` the members' mixtures over R, P, S.
      deviation, uniform: ``[M]`` ratings.
      mass: ``[M]`` the members' mass in the rating equilibrium.

    Returns:
      ``(claim, paper, computed, holds)`` tuples (none for a population the paper says nothing of).
    """
    dev, uni = deviation, uniform
    out = []
    spread = float(np.ptp(dev))
    best_uniform = "RPS"[int(np.argmax(mix[np.argmax(uni)]))]
    if name in ("unbiased", "biased", "restricted"):
        out.append((f"{name}: deviation ratings all equal", "equal", f"spread {spread:.1e}", spread <= 1e-7))
    if name == "unbiased":
        out.append(("unbiased: uniform rates rock highest", "R", best_uniform, best_uniform == "R"))
    if name == "biased":
        out.append(
            ("biased (mostly paper): uniform favours scissors", "S", best_uniform, best_uniform == "S")
        )
    if name == "minority S":
        on_support = mix[mass > 1e-9]
        has_r = bool((on_support[:, 0] > 0.5).any())
        has_p = bool((on_support[:, 1] > 0.5).any())
        out.append(
            (
                "minority S: both R and P get equilibrium mass",
                "R and P",
                f"R-heavy {has_r}, P-heavy {has_p}",
                has_r and has_p,
            )
        )
        top = "RPS"[int(np.argmax(mix[np.argmax(dev)]))]
        out.append(("minority S: deviation ratings favour paper", "P", top, top == "P"))
    return out
