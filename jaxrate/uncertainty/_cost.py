"""Which path rates a run of resamples: a cost model measured on this machine class.

A run of ``R`` resamples of a game of ``J`` joints costs about

.. math::

   \\text{exact} = R\\,(e_0 + e_1 J), \\qquad \\text{jax} = c + R\\, j_1 J,

the exact path one game after another, the JAX path a start-up ``c`` (its
import and the compilation of one chunk's batch) and then a batch cost per
game. The JAX path pays only when ``R`` is large enough for the batch to
amortise its start: ``R > c / (e_0 + e_1 J - j_1 J)``. The constants are fitted
by ``benchmarks/resample_cost.py`` (``benchmarks/RESULTS.md``, "Which path rates
resamples"); above :data:`jaxrate.solvers.AUTO_MAX_JAX_JOINTS` joints the exact
path rates every game.
"""

from __future__ import annotations

from typing import Any

__all__ = ["choose_path", "jax_pays"]

# Fitted on 2 CPU cores (benchmarks/resample_cost.py, RESULTS.md): seconds. Measured
# crossovers R* = c / (e - j): 659 resamples at 8 x 8 x 5, 727 at 12 x 12 x 6, 592 at
# 16 x 16 x 8, 1,039 at 20 x 20 x 10 (the JAX path 2.2x-4.8x slower at R = 200).
EXACT_BASE = 0.0055  # e_0: one exact solve of a small game, proof included
EXACT_PER_JOINT = 3.0e-6  # e_1
JAX_START = 5.4  # c: importing JAX and compiling one batch (no persistent cache)
JAX_PER_JOINT = 1.5e-6  # j_1: one game of a batch, per joint


def choose_path(num_joints: int, resamples: int) -> str:
    """``"jax"`` where the cost model says a batch of ``resamples`` games of ``num_joints``
    joints is rated faster on the JAX path, else ``"exact"``."""
    from jaxrate.solving.solvers import AUTO_MAX_JAX_JOINTS

    if num_joints > AUTO_MAX_JAX_JOINTS:
        return "exact"
    exact = resamples * (EXACT_BASE + EXACT_PER_JOINT * num_joints)
    jax = JAX_START + resamples * JAX_PER_JOINT * num_joints
    return "jax" if jax < exact else "exact"


def jax_pays(game: Any, resamples: int) -> bool:
    """Whether the JAX path should rate ``resamples`` resamples of games shaped as ``game``."""
    return choose_path(game.num_joints, resamples) == "jax"
