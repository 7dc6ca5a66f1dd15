"""The certificate of deviation ratings, and an independent checker for it.

A deviation rating is the lexicographic min-max of the deviation gains
(Algorithm 1 of Marris et al., 2025). A result proves itself with

* the **joint** ``sigma`` under which every gain equals its rating
  (``delta_c(sigma) = r_c``): the ratings are achievable; and
* for each level ``k`` a **dual vector** ``d_k`` ``[C]``: multipliers
  ``y_k >= 0`` on the rows still free at ``k`` (summing to one) and
  ``lambda_k >= 0`` on the rows frozen before ``k``, with

  .. math::

     \\min_a \\big(A^T d_k\\big)(a) - \\sum_{c \\text{ frozen before } k} d_{k,c}\\, r_c
     \\;\\ge\\; t_k ,

  a lower bound on the level value ``t_k`` (LP weak duality), and ``y_k > 0``
  on every row frozen at ``k``: by complementary slackness those rows are tight
  in every optimum of level ``k``, so no lexicographically better joint exists.

The joint is feasible for every level and meets each bound, so the two together
are a complete proof. The levels are checked in order, and each one proves its
rows tight (``delta_c = r_c``) at every later optimum, so the frozen rows may
equally be read as equalities: ``lambda_k`` of either sign is then a valid
proof (the paper's own method, frozen rows as equalities, gives such signs);
``lambda_k >= 0`` is what the inequality form gives. :func:`verify` rebuilds it from the game and the result
alone, with the ``A^T d`` contraction of :mod:`jaxrate.gains` (no dense matrix).
Every solver's results are checked by it; the tolerances are defined here once.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, NamedTuple

import numpy as np

from jaxrate.game import gains
from jaxrate.game._game import ScoreTableGame, as_game
from jaxrate.game._joint import SparseJoint, support
from jaxrate.game.normalise import DECIMALS, quantized_payoffs
from jaxrate.game.tolerances import TOLERANCES, payoff_scale

__all__ = [
    "CERTIFICATE_TOL",
    "FREEZE_DUAL_TOL",
    "Certificate",
    "LevelRoute",
    "Proof",
    "Verification",
    "certificate_tolerance",
    "rows_to_freeze",
    "verify",
]

# Aliases of jaxrate.TOLERANCES (the one place tolerances are defined):
# a free row is frozen when its optimal dual exceeds FREEZE_DUAL_TOL (the
# freeze rule); residuals are checked against CERTIFICATE_TOL times the payoff
# scale; |sum(joint) - 1| plus the most negative entry may not exceed SIMPLEX_SUM_TOL.
#: The freeze rule: a free row is frozen when its optimal dual exceeds this (``TOLERANCES.freeze_dual``).
FREEZE_DUAL_TOL = TOLERANCES.freeze_dual
#: Certificate residuals are checked against this times the payoff scale (``TOLERANCES.certificate``).
CERTIFICATE_TOL = TOLERANCES.certificate
SIMPLEX_SUM_TOL = TOLERANCES.simplex_sum
SIMPLEX_TOL = SIMPLEX_SUM_TOL  # former name; jaxrate.solvers.SIMPLEX_TOL is the JAX simplex's tolerance
# Joints from which a score table's game is checked through its table (below, the dense
# check is as fast: Atari 3P, 21,200 joints, 0.006 s dense against 0.099 s through the table).
TABLE_CHECK_JOINTS = 200_000
# The largest slack a level retry adds to a frozen row, relative to the payoff scale (the last
# rung of the exact path's slack ladder); a result claiming more is refused, not believed.
MAX_SLACK = 1e-7
# Largest game (joints) checked in exact arithmetic by verify(rational=True).
RATIONAL_MAX_JOINTS = 2_000_000


def certificate_tolerance(scale: float, slack: float = 0.0, rel_tol: float = CERTIFICATE_TOL) -> float:
    """The bound residuals are checked against, in payoff units.

    ``rel_tol`` times the payoff ``scale`` (the largest range of one player's
    payoffs), plus ten times any slack a level needed.
    """
    return rel_tol * scale + 10 * slack  # no float(): also traced inside the JAX solver


def rows_to_freeze(duals: Any, free: Any, dual_tol: float = FREEZE_DUAL_TOL) -> Any:
    """The freeze rule, for every solver: free rows whose optimal dual exceeds ``dual_tol``.

    A row with a non-zero dual is tight in every optimum of its level, so
    freezing it is safe (never freeze by primal tightness). The free duals sum
    to one, so in exact arithmetic some row qualifies; should floating point
    leave none, the row with the largest dual is frozen. numpy or JAX arrays.
    """
    xp = gains._xp(duals)
    weight = xp.where(free, duals, -xp.inf)
    new = free & (weight > dual_tol)
    # The first largest, without argmax (whose JAX lowering breaks under a local x64 scope).
    index = xp.arange(weight.shape[0])
    largest = index == xp.min(xp.where(weight == xp.max(weight), index, weight.shape[0]))
    return new | (free & largest & ~xp.any(new))


class Certificate(NamedTuple):
    """Checked facts about a deviation-rating result, in the user's payoff units.

    Attributes:
      max_gain: largest deviation gain ``max_c delta_c(joint)`` under the
        returned joint (``<= 0`` up to ``tolerance``: the joint is a CCE).
      max_rating_residual: ``max_c |delta_c(joint) - r_c|``.
      max_simplex_residual: ``|sum(joint) - 1|`` plus the most negative entry.
      slack: the largest slack added to a frozen row in a level retry, in
        payoff units (0 when no level needed one).
      tolerance: the bound the residuals were checked against.
      scale: the payoff scale the solver normalised by.
      duals: the dual proof of each level, ``[levels, C]`` (see the module
        docstring); entries of rows frozen before a level are its ``lambda``,
        the others its ``y``.
      max_dual_gap: ``max_k (t_k - bound_k)``, how far the dual bounds fall
        short of the level values (``<= tolerance``; 0 or less when exact).
      min_frozen_dual: the smallest ``y_k`` on a row frozen at level ``k``.
    """

    max_gain: float
    max_rating_residual: float
    max_simplex_residual: float
    slack: float
    tolerance: float
    scale: float
    duals: np.ndarray | None = None
    max_dual_gap: float = 0.0
    min_frozen_dual: float = 0.0

    def as_dict(self) -> dict:
        out = {k: float(v) for k, v in self._asdict().items() if k != "duals"}
        out["levels_proven"] = 0 if self.duals is None else int(len(self.duals))
        return out


class LevelRoute(NamedTuple):
    """What rated one level of an exact solve."""

    level: int  # 0-based
    # "warm" / "cold" / "glop" / "highs" / "slack" (floating point alone),
    # "highs + exact check" (HiGHS's basis confirmed optimal in exact
    # arithmetic), "highs + exact repair" (exact pivots from it) or
    # "rational" (exact pivots from the previous level's exact basis).
    route: str
    exact_pivots: int  # exact simplex pivots spent on the level
    seconds: float  # wall time of the level, float and exact work together
    float_seconds: float = 0.0  # of which the float solve (HiGHS)
    repair_seconds: float = 0.0  # of which exact pivots (the rest: the exact check)


class Proof(NamedTuple):
    """What one game's result carries to be checked by :func:`verify`
    (:class:`jaxrate.Ratings` of a single game carries the same fields).

    Attributes:
      level_values: each level's value ``[levels]`` (payoff units).
      frozen_at: the level of each constraint ``[C]``.
      certificate: the :class:`Certificate`, with one dual vector per level.
      steps: how each level was solved where the solver says (the exact path:
        ``"warm"``, ``"cold"``, ``"glop"``, ``"highs"``, ``"rational"``,
        ``"slack"``, ``"highs + exact check"``, ``"highs + exact repair"``);
        empty for the JAX simplex.
      routes: the exact path's per-level records
        (:class:`jaxrate.exact.LevelRoute`: route, exact pivots, seconds).
      table: the ``[M, T]`` scores of a score table's game, else ``None``
        (what a board that grows is re-proved against).
    """

    level_values: np.ndarray
    frozen_at: np.ndarray
    certificate: Certificate
    steps: tuple[str, ...] = ()
    routes: tuple = ()
    table: np.ndarray | None = None


class Verification(NamedTuple):
    """What :func:`verify` found.

    Attributes:
      ok: every check passed.
      problems: one readable line per failed check (empty when ``ok``).
      max_rating_residual: ``max_c |delta_c(joint) - r_c|``.
      max_gain: ``max_c delta_c(joint)``.
      max_dual_gap: ``max_k (t_k - bound_k)``.
      min_frozen_dual: the smallest dual on a row frozen at its level.
      tolerance: the tolerance used, in payoff units.
      rational: whether the checks ran in exact rational arithmetic.
    """

    ok: bool
    problems: tuple[str, ...]
    max_rating_residual: float
    max_gain: float
    max_dual_gap: float
    min_frozen_dual: float
    tolerance: float
    rational: bool

    def __bool__(self) -> bool:
        return self.ok

    def raise_for_failure(self) -> None:
        """Raise ``RuntimeError`` naming the failed checks, if any."""
        if not self.ok:
            raise RuntimeError("ratings failed verification: " + "; ".join(self.problems))


def _field(result: Any, name: str) -> Any:
    if isinstance(result, dict):
        return result[name]
    return getattr(result, name)


def _duals_of(result: Any) -> Any:
    cert = _field(result, "certificate") if not isinstance(result, dict) or "certificate" in result else None
    duals = None
    if cert is not None:
        duals = cert.get("duals") if isinstance(cert, dict) else getattr(cert, "duals", None)
    if duals is None and isinstance(result, dict):
        duals = result.get("duals")
    return duals


def verify(
    game: Any,
    result: Any,
    *,
    rational: bool = False,
    rel_tol: float = CERTIFICATE_TOL,
    dual_tol: float = FREEZE_DUAL_TOL,
    decimals: int | None = DECIMALS,
    _lowest: list | None = None,
    _dense: bool | None = None,
) -> Verification:
    """Check that ``result`` holds the deviation ratings of ``game``, from scratch.

    Rebuilds the proof (see the module docstring) from the payoffs and the result's ``ratings``, ``joint``,
    ``level_values``, ``frozen_at`` and ``certificate.duals`` alone, so ratings computed elsewhere (or
    assembled by hand, as an object or a dict with those fields) can be checked too.

    Checks, with ``tol = rel_tol * scale`` (plus ten times a reported slack):

    1. the joint is a distribution (``SIMPLEX_SUM_TOL``);
    2. ``|delta_c(joint) - r_c| <= tol`` for every constraint ``c``;
    3. every row's rating is its level's value, and level values never rise;
    4. for each level ``k``: ``y_k >= 0``, ``y_k`` sums to one, the dual bound ``>= t_k - tol``, and
       ``y_k > dual_tol`` on the rows frozen at ``k``.

    Args:
      game: a :class:`jaxrate.Game` or payoffs ``[N, A_1, ..., A_N]``.
      result: the result to check.
      rational: do every check in exact rational arithmetic (payoffs and result entries are finite floats,
        so exact rationals); for games of up to ``RATIONAL_MAX_JOINTS`` joints.
      rel_tol: relative tolerance (times the payoff scale).
      dual_tol: the smallest dual that proves a row is tight at its level.
      decimals: check against the game as every jaxrate solver defines it, payoffs quantized to
        ``decimals`` places of their scale (:mod:`jaxrate.normalise`); ``None`` checks the payoffs as
        given. The two differ by at most ``0.5e-12`` of the scale, but a level's dual bound moves by that
        times the dual's total weight, which reaches 1e5 on large random games: a proof is exact for one
        game, not for both.

    Returns:
      A :class:`Verification`; ``bool(v)`` is ``v.ok``.

    Raises:
      ValueError: if the result's arrays do not fit the game, or a rational check is asked of a game that
        is too large.
    """
    game = as_game(game)
    check, scale = _checks_for(game, rational, decimals, _dense)
    fields = _as_checked(_read_result(game, result), check)
    tol = certificate_tolerance(scale, min(max(fields.slack, 0.0), MAX_SLACK * scale), rel_tol)
    early = _trivial_verdict(fields, scale, tol, rational)
    if early is not None:
        return early
    problems, frozen_at = _level_problems(fields, scale)
    ratings, joint, values, duals = fields.ratings, fields.joint, fields.values, fields.duals
    name = _row_namer(game)
    residual, max_gain = _check_joint(check, joint, ratings, values, frozen_at, tol, problems, name)
    gap, min_dual = _check_levels(
        check, duals, values, frozen_at, ratings, tol, dual_tol, _lowest, problems, name
    )
    return _verdict(problems, residual, max_gain, gap, min_dual, tol, rational)


def _as_checked(fields: _Fields, check) -> _Fields:
    """The fields with a sparse joint made dense where the game is checked on its payoffs (a small
    game); through a table it stays sparse."""
    if isinstance(fields.joint, SparseJoint) and not isinstance(check, _TableChecks):
        return fields._replace(joint=fields.joint.todense())
    return fields


def _trivial_verdict(fields: _Fields, scale: float, tol: float, rational: bool) -> Verification | None:
    """The verdict on a constant game (every rating 0, nothing to prove) or on a result with non-finite
    entries (nothing can be checked); ``None`` for every other result, whose proof is then checked."""
    ratings, joint, duals = fields.ratings, fields.joint, fields.duals
    if scale == 0.0:  # a constant game: every rating is 0, nothing to prove
        bad = np.abs(ratings).max(initial=0.0)
        problems = (f"a constant game rates 0; a rating is {bad:g}",) if bad > 0 else ()
        return Verification(not problems, problems, float(bad), 0.0, 0.0, 0.0, tol, rational)
    if not (
        np.all(np.isfinite(ratings)) and np.all(np.isfinite(support(joint)[1])) and np.all(np.isfinite(duals))
    ):
        return Verification(
            False, ("result has non-finite entries",), np.inf, np.inf, np.inf, 0.0, tol, rational
        )
    return None


def _level_problems(fields: _Fields, scale: float) -> tuple[list[str], np.ndarray]:
    """``(problems, frozen_at)``: a slack no solver adds, a dual vector missing for some level, or a row
    of no level (its ``frozen_at`` then clipped to the levels, so that the other checks can still run)."""
    values, duals, frozen_at = fields.values, fields.duals, fields.frozen_at
    problems: list[str] = []
    if not 0 <= fields.slack <= MAX_SLACK * scale:  # the tolerance never grows by more than a retry adds
        problems.append(
            f"the result claims a slack of {fields.slack:.3g}; no solver adds over {MAX_SLACK:g} of the scale"
        )
    levels = len(values)
    if levels == 0 or duals.shape[0] != levels:
        problems.append(f"{duals.shape[0]} dual vectors for {levels} levels: the levels are not proven")
    if np.any((frozen_at < 0) | (frozen_at >= max(levels, 1))):
        problems.append("some row has no level (frozen_at out of range)")
        frozen_at = np.clip(frozen_at, 0, max(levels - 1, 0))
    return problems, frozen_at


def _verdict(
    problems: list[str], residual, max_gain, gap, min_dual, tol: float, rational: bool
) -> Verification:
    """The :class:`Verification` of the checks' problems and measures."""
    return Verification(
        ok=not problems,
        problems=tuple(problems),
        max_rating_residual=float(residual),
        max_gain=float(max_gain),
        max_dual_gap=float(max(gap, 0.0)) if np.isfinite(gap) else 0.0,
        min_frozen_dual=float(min_dual) if np.isfinite(min_dual) else 0.0,
        tolerance=tol,
        rational=rational,
    )


def _checks_for(game, rational: bool, decimals: int | None, dense: bool | None):
    """``(checks, scale)``: the arithmetic :func:`verify` runs in, and the game's payoff scale.

    A large score table's game is checked through its table (the exact path says
    which it solved: ``dense``, the general path the quantized payoffs, the
    table route the table); every other game on its (quantized) payoffs, in
    float64 or, ``rational``, in exact rationals.

    Raises:
      ValueError: ``rational`` for a game of more than ``RATIONAL_MAX_JOINTS`` joints.
    """
    if rational and game.num_joints > RATIONAL_MAX_JOINTS:
        raise ValueError(
            f"rational verification is for games of up to {RATIONAL_MAX_JOINTS} joints; "
            f"this one has {game.num_joints}"
        )
    large = game.num_joints >= TABLE_CHECK_JOINTS if dense is None else not dense
    if isinstance(game, ScoreTableGame) and large and not rational:  # the table's game, never built
        return _TableChecks(game.table), game.scale
    payoffs = game.payoffs if decimals is None else quantized_payoffs(game.payoffs, decimals, centred=True)
    check = _RationalChecks(payoffs) if rational else _FloatChecks(payoffs)
    return check, payoff_scale(payoffs)


def _row_namer(game):
    """``name(c)``: constraint ``c`` in words, ``"constraint 5 (agent_a 'human')"``."""
    rows = [(p, s) for p, names in zip(game.players, game.strategies) for s in names]

    def name(c: int) -> str:
        player, strategy = rows[c]
        return f"constraint {c} ({player} {strategy!r})"

    return name


class _Fields(NamedTuple):
    ratings: np.ndarray  # [C]
    joint: np.ndarray | SparseJoint  # [A_1, ..., A_N]
    values: np.ndarray  # [levels]
    frozen_at: np.ndarray  # [C]
    duals: np.ndarray  # [levels', C]
    slack: float


def _read_result(game, result) -> _Fields:
    """The arrays of ``result`` (an object or a dict), checked against the game's shape."""
    shape = game.num_strategies
    num_c = int(sum(shape))
    ratings = np.concatenate([np.asarray(r, dtype=np.float64).reshape(-1) for r in _field(result, "ratings")])
    joint = _field(result, "joint")
    joint = joint if isinstance(joint, SparseJoint) else np.asarray(joint, dtype=np.float64)
    values = np.asarray(_field(result, "level_values"), dtype=np.float64).reshape(-1)
    frozen_at = np.asarray(_field(result, "frozen_at")).reshape(-1)
    duals = _duals_of(result)
    if ratings.shape != (num_c,):
        raise ValueError(f"result has {ratings.size} ratings; the game has {num_c} strategies")
    if joint.shape != shape:
        raise ValueError(f"result joint has shape {joint.shape}; the game's joints are {shape}")
    if frozen_at.shape != (num_c,):
        raise ValueError(f"result frozen_at has shape {frozen_at.shape}; expected ({num_c},)")
    duals = np.zeros((0, num_c)) if duals is None else np.asarray(duals, dtype=np.float64)
    if duals.ndim != 2 or duals.shape[1] != num_c:
        raise ValueError(f"certificate duals have shape {duals.shape}; expected (levels, {num_c})")
    cert = _field(result, "certificate") if not isinstance(result, dict) or "certificate" in result else None
    slack = 0.0
    if cert is not None and not isinstance(cert, dict):
        slack = float(getattr(cert, "slack", 0.0) or 0.0)
    return _Fields(ratings, joint, values, frozen_at, duals, slack)


def _check_joint(check, joint, ratings, values, frozen_at, tol, problems: list, name) -> tuple[float, float]:
    """Checks 1-3: the joint is a distribution that achieves every rating, at its level's value."""
    simplex = check.simplex_residual(joint)
    if simplex > SIMPLEX_SUM_TOL:
        problems.append(f"joint is not a distribution (residual {simplex:.3g})")
    gains_ = check.gains(joint)
    residual = check.max_abs_diff(gains_, ratings)
    if residual > tol:
        c = check.argmax_abs_diff(gains_, ratings)
        problems.append(
            f"the joint does not achieve the ratings: |delta - r| = {residual:.3g} > {tol:.3g} at {name(c)}"
        )
    if len(values):
        offs = np.abs(values[frozen_at] - ratings)
        if offs.max() > tol:
            c = int(np.argmax(offs))
            problems.append(f"the rating of {name(c)} differs from its level's value by {offs[c]:.3g}")
        rises = np.diff(values)
        if rises.size and rises.max() > tol:
            problems.append(f"level values rise by {rises.max():.3g} (they never rise)")
    return residual, check.max(gains_)


def _check_levels(check, duals, values, frozen_at, ratings, tol, dual_tol, known, problems: list, name):
    """Check 4: each level's dual proof. Returns ``(largest dual gap, smallest frozen dual)``."""
    gap, min_dual = -np.inf, np.inf
    proven = min(len(values), duals.shape[0])
    bounds = check.dual_bounds(duals[:proven], frozen_at, ratings, known, values[:proven])
    for k in range(proven):
        d = duals[k]
        free = frozen_at >= k
        at_k = frozen_at == k
        if d[free].min(initial=0.0) < -dual_tol:
            problems.append(f"level {k + 1}: a negative multiplier on a free row ({d[free].min():.3g})")
        total = float(d[free].sum())
        if abs(total - 1.0) > 1e-6:
            problems.append(f"level {k + 1}: free multipliers sum to {total:.9g}, not 1")
        if not np.isfinite(bounds[k]):  # multipliers beyond float range: the bound means nothing
            problems.append(f"level {k + 1}: its dual bound is not finite (multipliers too large)")
            continue
        gap = max(gap, float(values[k] - bounds[k]))
        if values[k] - bounds[k] > tol:
            problems.append(
                f"level {k + 1}: dual bound {bounds[k]:.12g} is below the level value {values[k]:.12g} "
                f"by {values[k] - bounds[k]:.3g} > {tol:.3g}"
            )
        if at_k.any():
            smallest = float(d[at_k].min())
            min_dual = min(min_dual, smallest)
            if smallest <= dual_tol:
                c = int(np.flatnonzero(at_k)[np.argmin(d[at_k])])
                problems.append(
                    f"level {k + 1}: {name(c)} is frozen at this level without a positive dual "
                    f"({smallest:.3g}): nothing proves it cannot go lower"
                )
    return gap, min_dual


class _FloatChecks:
    """The arithmetic of :func:`verify` in float64."""

    def __init__(self, payoffs: np.ndarray) -> None:
        self.payoffs = payoffs

    def simplex_residual(self, joint: np.ndarray) -> float:
        return float(abs(joint.sum() - 1.0) + max(0.0, -joint.min()))

    def gains(self, joint: np.ndarray) -> np.ndarray:
        return gains.deviation_gains(self.payoffs, joint)

    def max_abs_diff(self, a, b) -> float:
        return float(np.max(np.abs(a - b)))

    def argmax_abs_diff(self, a, b) -> int:
        return int(np.argmax(np.abs(a - b)))

    def max(self, a) -> float:
        return float(np.max(a))

    def dual_bounds(
        self, duals: np.ndarray, frozen_at: np.ndarray, ratings: np.ndarray, known=None, values=None
    ) -> list:
        """``min_a (A^T d_k)(a) - sum_{frozen before k} d_k,c r_c`` for every level ``k``.

        ``known[k]``, where given and not ``None``, is ``min_a (A^T d_k)(a)``
        already computed by the solver's last pricing pass over every joint.

        ``A^T d`` as in :func:`jaxrate.gains.transpose_gains`, with each
        player's payoffs laid out once as ``[A_p, A_-p]`` and one buffer reused
        across levels (about twice as fast on LiveBench 3P's 70 levels).
        """
        payoffs = self.payoffs
        n, shape = payoffs.shape[0], payoffs.shape[1:]
        offsets = gains.constraint_offsets(shape)
        moved = [np.ascontiguousarray(np.moveaxis(payoffs[p], p, 0).reshape(shape[p], -1)) for p in range(n)]
        flat = payoffs.reshape(n, -1)
        total = np.empty(shape)
        out = []
        for k, d in enumerate(duals):
            before = frozen_at < k
            if known is not None and k < len(known) and known[k] is not None:
                out.append(float(known[k] - d[before] @ ratings[before]))
                continue
            sums = np.array([d[offsets[p] : offsets[p + 1]].sum() for p in range(n)])
            if not np.all(np.isfinite(sums)) or np.abs(d).max(initial=0.0) > 1e300:
                out.append(np.nan)  # out of float range: the level fails (check it exactly)
                continue
            np.matmul(-sums, flat, out=total.reshape(-1))
            for p in range(n):
                dev = d[offsets[p] : offsets[p + 1]] @ moved[p]
                total += np.expand_dims(dev.reshape(shape[:p] + shape[p + 1 :]), p)
            out.append(float(total.min() - d[before] @ ratings[before]))
        return out


class _TableChecks(_FloatChecks):
    """The arithmetic of :func:`verify` through a score table's game (:class:`jaxrate.ScoreTableGame`).

    The game of an ``[M, T]`` table is checked from the table
    (:mod:`jaxrate.game._table_gains`): the joint's gains from its support,
    ``O(M T)`` per joint, and each level's ``min_a (A^T d_k)(a)`` by bounding
    then evaluating the joints the bound leaves, resolved down to the level's
    value (a bound that clears it is as good a proof as the minimum). The
    payoffs are the table's differences as given, not quantized: the two
    differ by at most ``0.5e-12`` of the scale.
    """

    def __init__(self, table: np.ndarray) -> None:
        from jaxrate.game._table_gains import TableGains

        self.tg = TableGains(table)

    def gains(self, joint) -> np.ndarray:
        flat, weight = support(joint)
        return self.tg.gains(*self.tg.joints(flat), weight)

    def dual_bounds(
        self, duals: np.ndarray, frozen_at: np.ndarray, ratings: np.ndarray, known=None, values=None
    ) -> list:
        from jaxrate.game._table_gains import TableDuals

        before = frozen_at[None, :] < np.arange(len(duals))[:, None]
        frozen_part = np.einsum("kc,kc,c->k", duals, before, ratings)
        if known is not None and len(known) >= len(duals) and all(v is not None for v in known[: len(duals)]):
            return list(np.asarray(known[: len(duals)], dtype=np.float64) - frozen_part)
        above = None if values is None else np.asarray(values) + frozen_part
        lowest = self.tg.lowest(TableDuals.from_flat(duals, self.tg.models), above=above)
        return list(lowest - frozen_part)


class _RationalChecks:
    """The arithmetic of :func:`verify` in exact rationals.

    Every quantity checked is computed exactly: the joint's sum and gains from
    its support (``Fraction`` arithmetic on the float64 entries, which are
    exact rationals), and each level's ``min_a (A^T d_k)(a)`` by a filter
    that is itself a proof. ``A^T d_k`` is first evaluated in float64 at every
    joint together with a rigorous bound on its rounding error (``gamma_n``
    times the same sum of absolute values, Higham's bound for any order of
    summation); the exact minimum lies at a joint whose lower end is no
    higher than the least upper end, and only those joints (a handful) are
    evaluated exactly.
    """

    # gamma_n = n u / (1 - n u), u = 2^-53, for the n terms of one entry of A^T d
    # (C multipliers times a difference of two payoffs, and the N player sums).

    def __init__(self, payoffs: np.ndarray) -> None:
        self.payoffs = payoffs
        self.floats = _FloatChecks(payoffs)
        self.magnitudes = _FloatChecks(np.abs(payoffs))
        self.offsets = gains.constraint_offsets(payoffs.shape[1:])

    def simplex_residual(self, joint: np.ndarray) -> float:
        j = _to_fractions(joint.reshape(-1)[np.flatnonzero(joint)])
        low = min(j, default=Fraction(0))
        return float(abs(sum(j, Fraction(0)) - 1) + max(Fraction(0), -low))

    def _row_values(self, index: tuple, k: int) -> tuple[list, Fraction]:
        """``(u_p(s, a_-p) for every row s of p, u_p(a))`` at joint ``index``, exact; ``k`` the player."""
        moved = np.moveaxis(self.payoffs[k], k, 0)
        rest = tuple(a for p, a in enumerate(index) if p != k)
        row = moved[(slice(None), *rest)]
        return [Fraction(float(v)) for v in row], Fraction(float(self.payoffs[k][index]))

    def gains(self, joint: np.ndarray) -> np.ndarray:
        shape = joint.shape
        out = np.empty(int(sum(shape)), dtype=object)
        out[:] = [Fraction(0)] * len(out)
        for flat in np.flatnonzero(joint).tolist():
            index = np.unravel_index(flat, shape)
            w = Fraction(float(joint.reshape(-1)[flat]))
            for p in range(len(shape)):
                row, own = self._row_values(index, p)
                for s, v in enumerate(row):
                    out[self.offsets[p] + s] += w * (v - own)
        return out

    def max_abs_diff(self, a, b) -> float:
        return float(max(abs(x - y) for x, y in zip(a, _to_fractions(b))))

    def argmax_abs_diff(self, a, b) -> int:
        diffs = [abs(x - y) for x, y in zip(a, _to_fractions(b))]
        return int(max(range(len(diffs)), key=diffs.__getitem__))

    def max(self, a) -> float:
        return float(max(a))

    def dual_bounds(
        self, duals: np.ndarray, frozen_at: np.ndarray, ratings: np.ndarray, known=None, values=None
    ) -> list:
        return [self._dual_bound(d, frozen_at < k, ratings) for k, d in enumerate(duals)]

    def _dual_bound(self, d: np.ndarray, before: np.ndarray, ratings: np.ndarray) -> float:
        shape = self.payoffs.shape[1:]
        n = len(d) + len(shape) + 4
        gamma = 1.01 * n * 2.0**-53 / (1 - n * 2.0**-53)
        with np.errstate(over="ignore", invalid="ignore"):  # out of float range: every joint exactly
            value = _adjoint(self.floats, d, shape)
            error = gamma * _adjoint(self.magnitudes, np.abs(d), shape, absolute=True)
            error = error * (1 + 4 * 2.0**-53) + np.finfo(np.float64).tiny  # the bound's own rounding
        if not (np.all(np.isfinite(value)) and np.all(np.isfinite(error))):  # float range left
            candidates = np.arange(value.size)  # every joint, exactly
        else:
            candidates = np.flatnonzero(value - error <= np.min(value + error))
        frozen = np.flatnonzero(before & (d != 0))
        x, y = self._terms(np.unravel_index(candidates, shape), d, np.flatnonzero(d))
        x = np.concatenate([x, np.broadcast_to(-d[frozen], (len(candidates), len(frozen)))], axis=1)
        y = np.concatenate([y, np.broadcast_to(ratings[frozen], (len(candidates), len(frozen)))], axis=1)
        return min(_exact_dot(xr, yr) for xr, yr in zip(x, y))

    def _terms(self, index: tuple, d: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Factors ``[K, 2 R]`` of ``(A^T d)(a) = sum_c d_c u_p(s_c, a_-p) - d_c u_p(a)`` at the
        joints ``index`` (``K`` of them) over the ``R`` rows with a non-zero ``d``."""
        xs, ys = [np.zeros(len(index[0]))], [np.zeros(len(index[0]))]  # a zero term: never empty
        for c in rows.tolist():
            k = int(np.searchsorted(self.offsets, c, side="right") - 1)
            deviated = list(index)
            deviated[k] = np.full_like(index[k], c - self.offsets[k])
            xs += [np.full(len(index[0]), d[c]), np.full(len(index[0]), -d[c])]
            ys += [self.payoffs[k][tuple(deviated)], self.payoffs[k][index]]
        return np.stack(xs, axis=1), np.stack(ys, axis=1)


def _exact_dot(x: np.ndarray, y: np.ndarray) -> float:
    """``sum_i x_i y_i`` computed exactly and rounded once to float64.

    Each product is split exactly into ``p + e`` (Dekker's TwoProduct, Veltkamp
    splitting) and :func:`math.fsum` rounds the exact sum of the pieces
    correctly. Where a piece could leave float64's exact range (an entry above
    ``2^995`` or a product below ``2^-960``), the sum is taken in ``Fraction``.
    """
    with np.errstate(over="ignore", invalid="ignore"):
        prod = x * y
    big = max(np.abs(x).max(initial=0.0), np.abs(y).max(initial=0.0)) > 2.0**995
    big = big or not np.all(np.isfinite(prod)) or np.abs(prod).max(initial=0.0) > 2.0**1000
    tiny = np.any((x != 0) & (y != 0) & (np.abs(prod) < 2.0**-960))
    if big or tiny:
        exact = sum((Fraction(float(a)) * Fraction(float(b)) for a, b in zip(x, y)), Fraction(0))
        try:
            return float(exact)
        except OverflowError:  # beyond float64: an infinite bound, which fails its level
            return math.inf if exact > 0 else -math.inf
    split = 134217729.0  # 2^27 + 1
    cx, cy = split * x, split * y
    xh, yh = cx - (cx - x), cy - (cy - y)
    xl, yl = x - xh, y - yh
    err = ((xh * yh - prod) + xh * yl + xl * yh) + xl * yl
    return math.fsum(np.concatenate([prod, err]).tolist())


def _adjoint(check: _FloatChecks, d: np.ndarray, shape: tuple, absolute: bool = False) -> np.ndarray:
    """``(A^T d)(a)`` at every joint in float64, ``[A_1..A_N]``; ``absolute``: the sum of the
    absolute values of its terms (payoffs and ``d`` given as absolute values)."""
    payoffs = check.payoffs
    n = payoffs.shape[0]
    offsets = gains.constraint_offsets(shape)
    sums = np.array([d[offsets[p] : offsets[p + 1]].sum() for p in range(n)])
    total = np.tensordot(sums if absolute else -sums, payoffs, axes=1)
    for p in range(n):
        moved = np.moveaxis(payoffs[p], p, 0).reshape(shape[p], -1)
        dev = d[offsets[p] : offsets[p + 1]] @ moved
        total = total + np.expand_dims(dev.reshape(shape[:p] + shape[p + 1 :]), p)
    return total


def _to_fractions(values: np.ndarray) -> np.ndarray:
    flat = np.asarray(values, dtype=np.float64).reshape(-1)
    out = np.empty(flat.shape, dtype=object)
    out[:] = [Fraction(float(v)) for v in flat]
    return out.reshape(np.shape(values))
