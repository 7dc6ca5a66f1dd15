"""Algorithm 1 (lexicographic min-max of deviation gains) on float64 LPs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from jaxrate import gains
from jaxrate._game import Game, as_game
from jaxrate.exact._result import Certificate, ExactResult, Progress

__all__ = ["deviation_ratings", "normalise_payoffs", "SOLVERS"]

SOLVERS = ("highs", "glop", "naive")

# Slacks (relative to the payoff scale) tried, smallest first, when a level
# fails in floating point; see DESIGN.md "Frozen constraints and floating point".
_SLACK_LADDER = (0.0, 1e-13, 1e-12, 1e-11, 1e-10, 1e-9, 1e-8, 1e-7)
# Columns (joints) up to which the HiGHS master starts with every joint.
# Measured (2026-11-22): column generation is faster from ~200 joints on
# (65 x 12 agent-vs-task 0.088 s vs 0.224 s dense; 30 x 30 0.070 vs 0.217;
# 6 x 6 x 6 equal; 10 x 10 dense 0.009 vs 0.012).
_DENSE_JOINTS = 200


def normalise_payoffs(payoffs: np.ndarray, decimals: int = 12) -> tuple[np.ndarray, float]:
    """Centre each player's payoffs, divide by the largest range, quantize.

    Deviation gains are invariant to a per-player constant and scale linearly,
    so ratings of the returned payoffs times ``scale`` are the ratings of
    ``payoffs``. Rounding to ``decimals`` (relative to the scale, not absolute as
    in the paper) makes payoffs that differ only by floating-point noise equal.

    Returns:
      ``(normalised [N, A..], scale)``; ``scale == 0`` for a constant game.
    """
    n = payoffs.shape[0]
    flat = payoffs.reshape(n, -1)
    lo, hi = flat.min(axis=1), flat.max(axis=1)
    scale = float(np.max(hi - lo))
    if scale == 0.0:
        return np.zeros_like(payoffs), 0.0
    mid = (hi + lo) / 2
    centred = (payoffs - mid.reshape((n,) + (1,) * (payoffs.ndim - 1))) / scale
    return np.round(centred, decimals), scale


def _support_gains(payoffs: np.ndarray, sol) -> np.ndarray:
    """Gains of a sparse sigma from its support's columns: O(C K), not O(N |A|)."""
    multi = np.stack(np.unravel_index(sol.joints, payoffs.shape[1:]), axis=1)
    return gains.constraint_columns(payoffs, multi) @ sol.weights


def _check_level(
    payoffs: np.ndarray,
    sol,
    frozen: np.ndarray,
    bounds: np.ndarray,
    slack: float,
    tol: float,
) -> bool:
    """Independent check of a level solution before anything is frozen from it."""
    if not np.isfinite(sol.value) or np.any(sol.weights < -tol):
        return False
    # HiGHS may return sum(sigma) = 1 + 1.5e-8 on large degenerate masters (seen
    # on a 4M-joint game); the gains are checked on the renormalised joint,
    # which is also what the result returns.
    total = sol.weights.sum()
    if abs(total - 1.0) > 1e-6:
        return False
    dev = _support_gains(payoffs, sol._replace(weights=sol.weights / total))
    limit = np.where(frozen, bounds + slack, sol.value)
    return bool(np.all(dev <= limit + 100 * tol))


def deviation_ratings(
    game_or_payoffs: Any,
    *,
    solver: str = "highs",
    dual_tol: float = 1e-9,
    decimals: int = 12,
    columns: str = "auto",
    symmetry: Any = "auto",
    progress: Callable[[Progress], None] | None = None,
    certificate_tol: float = 1e-7,
) -> ExactResult:
    """Exact deviation ratings by Algorithm 1 of Marris et al. (2025).

    Level ``k`` solves

    .. math::

       t_k = \\min_{\\sigma \\in \\Delta} \\max_{c \\notin F} \\delta_c(\\sigma)
       \\quad \\text{s.t.} \\quad \\delta_c(\\sigma) \\le r_c \\;\\; \\forall c \\in F

    and freezes ``r_c = t_k`` for every free constraint with a non-zero optimal
    dual (never by primal tightness, which is wrong on degenerate games).

    Args:
      game_or_payoffs: a :class:`jaxrate.Game` or payoffs ``[N, A_1, ..., A_N]``.
      solver: ``"highs"`` (incremental HiGHS, warm-started between levels,
        column generation for large games), ``"glop"`` (CVXPY + GLOP, the
        paper's solver, a fresh LP per level, frozen rows as ``<=``) or
        ``"naive"`` (exactly the paper's method: CVXPY + GLOP, fresh LP per
        level, frozen rows as equalities; the benchmark baseline).
      dual_tol: a free constraint is frozen when its dual exceeds this.
      decimals: payoffs are quantized to this many decimals after normalising
        by their scale.
      columns: ``"all"`` (every joint in the LP), ``"generate"`` (column
        generation priced by ``A^T y``) or ``"auto"`` (all up to 200 joints).
        HiGHS only.
      symmetry: ``"auto"`` detects two interchangeable players (e.g. the model
        players of agent-vs-agent-vs-task) and restricts the LPs to
        swap-symmetric joints (ratings are unchanged; the LPs halve);
        ``None`` turns this off; a pair ``(p, q)`` asserts it. HiGHS only.
      progress: called with a :class:`Progress` after every level.
      certificate_tol: relative bound on the certificate residuals.

    Returns:
      An :class:`ExactResult`; its certificate has been checked.

    Raises:
      ValueError: on invalid payoffs or arguments.
      RuntimeError: if a level cannot be solved at any allowed slack, or the
        final certificate fails (never returns ratings from a failed level).

    Example:
      >>> import jaxrate
      >>> rps = [[[0, -1, 1], [1, 0, -1], [-1, 1, 0]], [[0, 1, -1], [-1, 0, 1], [1, -1, 0]]]
      >>> jaxrate.exact.deviation_ratings(rps).ratings[0].tolist()
      [0.0, 0.0, 0.0]
    """
    game = as_game(game_or_payoffs)
    if solver not in SOLVERS:
        raise ValueError(f"solver must be one of {SOLVERS}; got {solver!r}")
    if columns not in ("auto", "all", "generate"):
        raise ValueError(f"columns must be 'auto', 'all' or 'generate'; got {columns!r}")
    payoffs, scale = normalise_payoffs(game.payoffs, decimals)
    shape = game.num_strategies
    num_c = int(sum(shape))
    if scale == 0.0:
        return _constant_game(game)

    swap = _resolve_symmetry(payoffs, symmetry) if solver == "highs" else None
    if solver == "highs":
        from jaxrate.exact._highs import HighsLevelSolver

        dense = columns == "all" or (columns == "auto" and game.num_joints <= _DENSE_JOINTS)
        lp = HighsLevelSolver(payoffs, all_columns=dense, swap=swap)
    else:
        from jaxrate.exact._cvxpy import CvxpyLevelSolver

        lp = CvxpyLevelSolver(payoffs, equalities=solver == "naive")

    frozen = np.zeros(num_c, dtype=bool)
    ratings = np.zeros(num_c)
    frozen_at = np.full(num_c, -1, dtype=np.int64)
    values: list[float] = []
    sol = None
    while not frozen.all():
        sol = _solve_level(lp, payoffs, frozen, ratings, len(values))
        dual = sol.duals
        new = (~frozen) & (dual > dual_tol)
        if not new.any():  # cannot happen in exact arithmetic: free duals sum to 1
            new = np.zeros(num_c, dtype=bool)
            new[np.argmax(np.where(frozen, -np.inf, dual))] = True
        ratings[new] = sol.value
        frozen_at[new] = len(values)
        frozen |= new
        values.append(sol.value)
        lp.freeze(np.nonzero(new)[0], np.full(int(new.sum()), sol.value))
        if progress is not None:
            progress(Progress(level=len(values), frozen=int(frozen.sum()), total=num_c))

    joint = np.zeros(game.num_joints)
    joint[sol.joints] = np.maximum(sol.weights, 0.0)
    joint = (joint / joint.sum()).reshape(shape)
    certificate = _certify(game.payoffs, joint, ratings * scale, lp.slack * scale, scale, certificate_tol)
    offsets = gains.constraint_offsets(shape)
    return ExactResult(
        ratings=tuple(ratings[offsets[p] : offsets[p + 1]] * scale + 0.0 for p in range(game.num_players)),
        joint=joint,
        levels=len(values),
        level_values=np.asarray(values) * scale,
        frozen_at=frozen_at,
        certificate=certificate,
        players=game.players,
        strategies=game.strategies,
        solver=solver,
    )


def _resolve_symmetry(payoffs: np.ndarray, symmetry: Any) -> tuple[int, int] | None:
    from jaxrate.symmetry import find_interchangeable_pair, interchangeable_players

    if symmetry is None or symmetry == "none":
        return None
    if isinstance(symmetry, str):
        if symmetry != "auto":
            raise ValueError(f"symmetry must be 'auto', None or a pair of players; got {symmetry!r}")
        return find_interchangeable_pair(payoffs)
    try:
        p, q = (int(i) for i in symmetry)
    except (TypeError, ValueError):
        raise ValueError(f"symmetry must be 'auto', None or a pair of players; got {symmetry!r}") from None
    n = payoffs.shape[0]
    if not (0 <= p < n and 0 <= q < n) or not interchangeable_players(payoffs, p, q):
        raise ValueError(f"players {p} and {q} are not interchangeable in this game")
    return (min(p, q), max(p, q))


def _solve_level(lp, payoffs, frozen, ratings, level: int):
    """One level, retried cold and then with the smallest slack that works."""
    check_tol = 1e-9
    tries = [("warm", lp.slack), ("cold", lp.slack)]
    tries += [("slack", s) for s in _SLACK_LADDER if s > lp.slack]
    for how, slack in tries:
        if how == "cold":
            lp.reset_basis()
        elif how == "slack":
            lp.set_slack(slack)
        sol = lp.solve()
        if sol is not None and _check_level(payoffs, sol, frozen, ratings, lp.slack, check_tol):
            return sol
    raise RuntimeError(
        f"level {level + 1} failed at every allowed slack up to {_SLACK_LADDER[-1]:g} "
        f"({int(frozen.sum())} of {len(frozen)} constraints frozen)"
    )


def _certify(payoffs, joint, ratings, slack, scale, rel_tol) -> Certificate:
    dev = gains.deviation_gains(payoffs, joint)
    tol = rel_tol * scale + 10 * slack
    cert = Certificate(
        max_gain=float(dev.max()),
        max_rating_residual=float(np.max(np.abs(dev - ratings))),
        max_simplex_residual=float(abs(joint.sum() - 1.0) + max(0.0, -joint.min())),
        slack=float(slack),
        tolerance=float(tol),
        scale=float(scale),
    )
    if not (cert.max_rating_residual <= tol and cert.max_gain <= tol and cert.max_simplex_residual <= 1e-9):
        raise RuntimeError(f"exact ratings failed their certificate: {cert}")
    return cert


def _constant_game(game: Game) -> ExactResult:
    shape = game.num_strategies
    joint = np.full(shape, 1.0 / game.num_joints)
    num_c = int(sum(shape))
    return ExactResult(
        ratings=tuple(np.zeros(a) for a in shape),
        joint=joint,
        levels=0,
        level_values=np.zeros(0),
        frozen_at=np.full(num_c, -1, dtype=np.int64),
        certificate=Certificate(0.0, 0.0, 0.0, 0.0, 0.0, 0.0),
        players=game.players,
        strategies=game.strategies,
        solver="none",
    )
