"""The paper's biased Shapley game: deviation ratings tie R, P, S and N where uniform ratings rank them."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

__all__ = ["NAMES", "biased_shapley", "claims", "fraction"]

NAMES = ("R", "P", "S", "N")


def fraction(x: float) -> str:
    """``x`` as the nearest fraction with a denominator up to 100,000 (``"-680/241"``)."""
    return str(Fraction(float(x)).limit_denominator(100_000))


def biased_shapley() -> np.ndarray:
    """The paper's biased Shapley game with the Nash strategy N added, payoffs ``[2, 4, 4]``."""
    n = 241
    p1 = np.array(
        [
            [-8, -2, 4, -680 / n],
            [2, -8, -1, -680 / n],
            [-4, 1, -8, -680 / n],
            [-712 / n, -920 / n, -184 / n, -680 / n],
        ]
    )
    return np.stack([p1, p1.T])


def claims(deviation: np.ndarray, uniform: np.ndarray) -> list[tuple]:
    """The paper's claims (Table 2) beside the computed ``[4]`` deviation and uniform ratings.

    Returns:
      ``(claim, paper, computed, holds)`` tuples.
    """
    dev, uni = deviation, uniform
    paper_uni = np.array([-2126, -2367, -3331, -2497]) / 964
    return [
        (
            "deviation ratings R = P = S = N = -2720/964",
            "-2720/964 (= -680/241)",
            ", ".join(fraction(x) for x in dev),
            bool(np.allclose(dev, -2720 / 964, atol=1e-9)),
        ),
        (
            "uniform ratings of R, P, S (Table 2b)",
            "-2126, -2367, -3331 (/964)",
            ", ".join(f"{x * 964:.2f}" for x in uni[:3]) + " (/964)",
            bool(np.allclose(uni[:3], paper_uni[:3], atol=1e-9)),
        ),
        (
            "uniform rating of N (Table 2b; the N row averages to -2496/964, a typo in the paper?)",
            "-2497/964",
            f"{uni[3] * 964:.2f}/964",
            bool(abs(uni[3] - paper_uni[3]) < 1e-9),
        ),
        (
            "uniform ranks R > P > N > S",
            "R P N S",
            " ".join(NAMES[i] for i in np.argsort(-uni)),
            bool(list(np.argsort(-uni)) == [0, 1, 3, 2]),
        ),
    ]
