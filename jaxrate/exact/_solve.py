"""Algorithm 1 (lexicographic min-max of deviation gains) on float64 LPs."""

from __future__ import annotations

import dataclasses
import functools
import time
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

from jaxrate.exact._board import BoardFailed
from jaxrate.exact._result import Certificate, ExactResult, LevelRoute, Progress
from jaxrate.game import gains
from jaxrate.game._game import Game, ScoreTableGame, as_game
from jaxrate.game.normalise import DECIMALS, normalise_payoffs
from jaxrate.results.certificate import rows_to_freeze

__all__ = ["deviation_ratings", "SOLVERS"]

#: The exact path's LP backends.
SOLVERS = ("highs", "glop", "naive", "rational")

# Slacks (relative to the payoff scale) tried, smallest first, when a level
# fails in floating point; see DESIGN.md "Frozen constraints and floating point".
_SLACK_LADDER = (0.0, 1e-13, 1e-12, 1e-11, 1e-10, 1e-9, 1e-8, 1e-7)  # up to certificate.MAX_SLACK
# Columns (joints) up to which the HiGHS master starts with every joint.
# Measured (2026-11-22): column generation is faster from ~200 joints on
# (65 x 12 agent-vs-task 0.088 s vs 0.224 s dense; 30 x 30 0.070 vs 0.217;
# 6 x 6 x 6 equal; 10 x 10 dense 0.009 vs 0.012).
_DENSE_JOINTS = 200
# Joints up to which a level that fails in HiGHS is retried in a fresh GLOP
# model (a dense [C, |A|] matrix), and the whole solve redone in exact
# rational arithmetic when floating point fails.
_OTHER_MAX_JOINTS = 50_000
_RATIONAL_MAX_JOINTS = 2_000_000
# HiGHS's feasibility tolerance for games beyond exact arithmetic (see _level_solver).
_LARGE_GAME_FEASIBILITY = 1e-7
# Payoffs written with a few decimals are short integers on their own grid
# (jaxrate.exact._rational.decimal_places): exact arithmetic is then the first
# rescue; payoffs on no such grid, or past this many units of it, get the
# budget below. Until 2026-11-30 the bound was 1e7 units: a 3-decimal board
# with one count column up to 1e5 (integers to 1e8) failed float levels on
# 8 of 20 3P boards (HiGHS's 1e-10 tolerance is 2% of a unit of that grid in
# normalised payoffs) and went to GLOP first: up to minutes, where the exact
# route rates each in 0.3-1.4 s (benchmarks/scales_apart.py).
_SHORT_INTEGERS = 10**12
# A proven but loose float result is confirmed exactly (see _tightened) below this many units of
# the grid only: a 3-decimal board with a count column to 1e6, proven in 0.06 s, took 0.6 s more
# to confirm (benchmarks/scales_apart.py) where the bound was 1e12.
_POLISH_INTEGERS = 10**7
_RATIONAL_BUDGET_S = 60.0
# Joints up to which a game that fails every rung is proven from a solution near it (_nearby).
_NEARBY_MAX_JOINTS = 50_000
# Joints up to which a failed float solve goes to the float-first exact route
# (HiGHS per level, its basis confirmed or repaired in exact arithmetic,
# jaxrate.exact._repair) instead of a level retry in GLOP or a whole re-solve.
_REPAIR_MAX_JOINTS = _RATIONAL_MAX_JOINTS
# Score tables' games rated through their table (jaxrate.exact._board): from 100 models,
# whatever the number of tasks. Measured (benchmarks/RESULTS.md, issue 44), table / general
# seconds: 100 x 6 0.14 / 0.12, 100 x 53 0.67 / 0.61, 200 x 53 1.46 / 4.36, 300 x 6 0.46 / 1.61,
# 500 x 50 3.3 / over 400; below 100 models the general path is 1.1-2x faster (and polishes
# up to 50,000 joints to 1e-12). The table route's pricing bounds every task at once; before
# (issue 32) it priced two sign cases per task and needed 16 models per task to win.
_BOARD_MODELS = 100
# Joints up to which a proven float solve whose residuals are loose is
# confirmed exactly (short integers only; see _tightened).
_POLISH_MAX_JOINTS = 50_000


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
    decimals: int = DECIMALS,
    columns: str = "auto",
    symmetry: Any = "auto",
    progress: Callable[[Progress], None] | None = None,
    certificate_tol: float = 1e-7,
    tighten: bool = True,
    previous: Any = None,
    _candidates: Callable | None = None,
) -> ExactResult:
    """Exact deviation ratings by Algorithm 1 of Marris et al. (2025).

    Level ``k`` solves :math:`t_k = \\min_{\\sigma \\in \\Delta} \\max_{c \\notin F} \\delta_c(\\sigma)` s.t.
    :math:`\\delta_c(\\sigma) \\le r_c \\; \\forall c \\in F`, and freezes ``r_c = t_k`` for every free
    constraint with a non-zero optimal dual (never by primal tightness, which is wrong on degenerate games).

    Args:
      game_or_payoffs: a :class:`jaxrate.Game` or payoffs ``[N, A_1, ..., A_N]``.
      solver: ``"highs"`` (incremental HiGHS, warm-started between levels, column generation for large
        games), ``"glop"`` (CVXPY + GLOP, the paper's solver, a fresh LP per level, frozen rows as ``<=``),
        ``"naive"`` (exactly the paper's method: frozen rows as equalities; the benchmark baseline) or
        ``"rational"`` (exact rational arithmetic from the start: slow, no tolerance; the others' fallback).
      dual_tol: a free constraint is frozen when its dual exceeds this.
      decimals: payoffs are quantized to this many decimals after normalising by their scale.
      columns: ``"all"`` (every joint in the LP), ``"generate"`` (column generation priced by ``A^T y``)
        or ``"auto"`` (all up to 200 joints). HiGHS only.
      symmetry: ``"auto"`` detects two interchangeable players (e.g. agent-vs-agent-vs-task's models) and
        restricts the LPs to swap-symmetric joints (same ratings, the LPs halve); ``None`` turns this off;
        a pair ``(p, q)`` asserts it. HiGHS only.
      progress: called with a :class:`Progress` after every level.
      certificate_tol: relative bound on the certificate residuals.
      previous: an earlier result (:class:`ExactResult` or :class:`jaxrate.Ratings`) of this board before
        models were added (a :class:`jaxrate.ScoreTableGame` with all of the earlier models, same tasks):
        only what changed is proved (:func:`jaxrate.exact._board.grown_ratings`), else it is rated afresh.
      tighten: make a proven float result exact to about 1e-12 of the range where its residuals say it may
        not be (short decimals, up to 50,000 joints: the exact check and repair). ``False`` returns it as
        proven to ``certificate_tol``: what resampling asks for (percentile bounds need no more).

    Returns:
      An :class:`ExactResult` whose certificate passed :func:`jaxrate.verify` (``steps``: each level's route).

    Raises:
      ValueError: on invalid payoffs or arguments.
      RuntimeError: only if no step of the ladder for a failed level or result (warm, cold, the other back
        end, exact rational arithmetic; a reported slack beyond its reach) yields verified ratings.

    Example:
      >>> import jaxrate
      >>> rps = [[[0, -1, 1], [1, 0, -1], [-1, 1, 0]], [[0, 1, -1], [-1, 0, 1], [1, -1, 0]]]
      >>> jaxrate.exact.deviation_ratings(rps).ratings[0].tolist()
      [0.0, 0.0, 0.0]
    """
    game = as_game(game_or_payoffs)
    _check_choices(solver, columns)
    asked = _Asked(solver, dual_tol, decimals, columns, symmetry, progress, certificate_tol, tighten)
    return _dispatch(game, asked._replace(candidates=_candidates), previous)


def _check_choices(solver: str, columns: str) -> None:
    """``ValueError`` for a ``solver`` or ``columns`` that is not one of the choices."""
    if solver not in SOLVERS:
        raise ValueError(f"solver must be one of {SOLVERS}; got {solver!r}")
    if columns not in ("auto", "all", "generate"):
        raise ValueError(f"columns must be 'auto', 'all' or 'generate'; got {columns!r}")


class _Asked(NamedTuple):
    """The options of one :func:`deviation_ratings` call, as the routes read them."""

    solver: str
    dual_tol: float
    decimals: int
    columns: str
    symmetry: Any
    progress: Callable[[Progress], None] | None
    certificate_tol: float
    tighten: bool
    nearby: bool = True  # the last rung (_nearby); off for the games it rates itself
    candidates: Callable | None = None  # game -> (how, result): _nearby's first candidates


def _dispatch(game: Game, asked: _Asked, previous) -> ExactResult:
    """The dispatch between routes: a large score table's through its table (:func:`_through_table`),
    falling back on the general path, which rates every other game."""
    board = None  # why the table route failed, where it was taken
    if _through_table(game, asked.solver, asked.columns, asked.symmetry):
        board = _table_route(game, previous, asked)
        if isinstance(board, ExactResult):
            return board
        asked = asked._replace(progress=_after_the_table(asked.progress))
    return _general_path(game, asked, board)


def _table_route(game, previous, asked: _Asked) -> ExactResult | str:
    """A score table's ratings through its table, or why that failed (``"board path: ..."``).

    With ``previous``, re-proved from it where its proof carries over
    (:func:`jaxrate.exact._board.grown_ratings`); else solved afresh
    (:func:`_through_the_table`).
    """
    if previous is not None:
        from jaxrate.exact._board import grown_ratings

        grown = grown_ratings(
            game,
            previous,
            dual_tol=asked.dual_tol,
            certificate_tol=asked.certificate_tol,
            decimals=asked.decimals,
        )
        if grown is not None:
            return grown
    try:
        return _through_the_table(game, asked.progress, asked.certificate_tol, asked.dual_tol, asked.decimals)
    except BoardFailed as err:  # the general path, on the game's payoffs
        return f"board path: {err}"


def _after_the_table(progress):
    """``progress`` with its reports marked as the general path's after a failed table route."""
    if progress is None:
        return None
    return lambda p: progress(p._replace(phase="general path after the table route"))


def _general_path(game: Game, asked: _Asked, board: str | None) -> ExactResult:
    """The game's quantized payoffs rated: in exact arithmetic for ``solver="rational"``, else in
    floating point (tightened where loose) with the rescue ladder past a failure (:func:`_rescue`).

    ``board``: why the table route failed, where it was taken first.
    """
    payoffs, scale = normalise_payoffs(game.payoffs, asked.decimals)
    if scale == 0.0:
        return _constant_game(game)
    options, short = _general_options(game, payoffs, scale, asked)
    check_args = (game, scale, asked.solver, asked.certificate_tol, asked.dual_tol, asked.decimals)
    supports: list[np.ndarray] = []
    if asked.solver == "rational":
        result, check = _rational_result(
            game, payoffs, scale, asked.decimals, supports, None, check_args, None, False, strict=False
        )
        check.raise_for_failure()
        return result
    try:
        run = _float_run(payoffs, game, options, supports, allow_slack=False)
        result, check = _checked(run, *check_args, rescue=board)
        if check.ok:
            polish = lambda: short() and _short_integers(game, _POLISH_INTEGERS)  # noqa: E731
            return _tightened(result, game, payoffs, options, supports, check_args, polish)
        rescue = "certificate: " + check.problems[0]
    except _LevelFailed as err:
        rescue = str(err)
    try:
        return _rescue(game, payoffs, options, supports, rescue, check_args, short(), last=asked.nearby)
    except RuntimeError as err:
        if not asked.nearby or game.num_joints > _NEARBY_MAX_JOINTS:
            raise
        return _nearby(game, asked, check_args, err)


def _nearby(game: Game, asked: _Asked, check_args, failure: RuntimeError) -> ExactResult:
    """The last rung, past every other: a proof for this game found by solving something near it.

    Next to a jump in the ratings (:mod:`jaxrate.jumps`: a level's multiplier
    passing through zero) the exact ratings' proof needs multipliers of the
    inverse of a tiny one, beyond what floating point can check, and every rung
    above can fail on it (19 of 8,047 games along random payoff paths,
    ``benchmarks/jumps.py``). Other solutions pass the check at the
    certificate's tolerance: tried in turn, the caller's (through
    :func:`jaxrate.deviation_ratings`: the JAX simplex's solution in float64;
    without it 5 of 8,255 such games were left unrated, with it none), the
    game solved with the freeze rule's threshold raised to 1e-8, 1e-7 and
    1e-6 (a row whose multiplier is below it stays free), then the game moved
    by 1e-10, 1e-9 and 1e-8 of its scale both ways along the jump check's
    direction. The first that
    :func:`jaxrate.verify` proves for this game, at its own tolerances, is
    returned, its ``rescue`` saying so. The ratings are then not pinned by the
    data: ``jumps=True`` says by how much they can move.

    Raises:
      RuntimeError: ``failure``, where no candidate is proven.
    """
    from jaxrate.game.jumps import jump_direction

    scale = check_args[1]
    plain = asked._replace(nearby=False, progress=None)
    raised = sorted({max(t, asked.dual_tol) for t in (1e-8, 1e-7, 1e-6)})
    tries = [(f"the freeze threshold raised to {t:g}", game, plain._replace(dual_tol=t)) for t in raised]
    for step in (1e-10, 1e-9, 1e-8):
        for sign in (1.0, -1.0):
            moved = Game(game.payoffs + sign * step * scale * jump_direction(game.payoffs.shape))
            tries.append((f"the game moved by {sign * step:g} of its scale", moved, plain))
    why = f"{failure}; next to a jump in the ratings every rung failed, so a solution near it was proven: "
    for how, candidate in _candidates(asked, game, tries):
        result, check = _checked(_run_of(candidate, scale), *check_args, rescue=why + how)
        if check.ok:
            return result
    raise failure


def _candidates(asked: _Asked, game: Game, tries):
    """``(how, result)`` of each candidate of :func:`_nearby` that rated: the caller's first
    (``asked.candidates``: the JAX simplex's solution, from :mod:`jaxrate.solvers`), then ``tries``."""
    if asked.candidates is not None:
        yield from asked.candidates(game)
    for how, near, options in tries:
        try:
            yield how, _dispatch(near, options, None)
        except RuntimeError:
            continue


def _run_of(result: ExactResult, scale: float) -> _Run:
    """An exact result (payoff units) as a :class:`_Run` (normalised units) for :func:`_checked`."""
    values = np.asarray(result.level_values, dtype=np.float64) / scale
    return _Run(
        values=list(values),
        frozen_at=np.asarray(result.frozen_at, dtype=np.int64),
        ratings=np.concatenate([np.asarray(r, dtype=np.float64) for r in result.ratings]) / scale,
        joint=np.asarray(result.joint, dtype=np.float64),
        duals=np.asarray(result.certificate.duals, dtype=np.float64),
        steps=tuple(result.steps) or ("simplex",) * len(values),
        slack=float(result.certificate.slack) / scale,
        routes=tuple(getattr(result, "routes", None) or ()),
    )


def _general_options(game: Game, payoffs: np.ndarray, scale: float, asked: _Asked):
    """The float solve's :class:`_Options` (symmetry resolved) and ``short()``: whether the
    payoffs are short integers within the exact repair route's reach (asked when needed)."""
    solver = asked.solver
    swap = _resolve_symmetry(payoffs, asked.symmetry) if solver == "highs" else None
    # Where the exact repair route takes over (short integers), a level that
    # fails in HiGHS goes there at once: a fresh GLOP model per failed level
    # cost up to 3.4 s on the hard sub-leaderboards.
    # Decided on the first failed level, not up front (80 ms on LiveBench 3P).
    short = functools.cache(lambda: game.num_joints <= _REPAIR_MAX_JOINTS and _short_integers(game))
    options = _Options(
        solver, asked.columns, swap, asked.dual_tol, asked.progress, lambda: solver != "highs" or not short()
    )
    return options._replace(tighten=asked.tighten), short


def _through_the_table(game, progress, certificate_tol: float, dual_tol: float, decimals: int) -> ExactResult:
    """The table route's solve (:func:`jaxrate.exact._board.board_run`), checked as every result is.

    Each level's minimum of ``A^T d`` over every joint was taken by its last
    pricing: the check reuses it (as the general path's does), but takes it
    afresh on the whole game where copied columns were rated once;
    :func:`jaxrate.verify` recomputes it. Where a copy's share of a dual is
    too small to prove its level, the board is rated again with every column.

    Raises:
      BoardFailed: where a level does not converge or the check fails.
    """
    from jaxrate.exact._board import board_run

    done = board_run(game, dual_tol=dual_tol, progress=progress)
    result, check = _board_checked(done, game, certificate_tol, dual_tol, decimals)
    if not check.ok and done.merged:  # copies' shares of a dual too small to prove them: rate them all
        done = board_run(game, dual_tol=dual_tol, progress=progress, merge_copies=False)
        result, check = _board_checked(done, game, certificate_tol, dual_tol, decimals)
    if not check.ok:
        raise BoardFailed("certificate: " + check.problems[0])
    return result


def _board_checked(done, game, certificate_tol: float, dual_tol: float, decimals: int):
    """The table route's run as a result, and its check through the table."""
    steps = ("board",) * len(done.values)
    run = _Run(
        done.values,
        done.frozen_at,
        done.ratings,
        done.joint,
        done.duals,
        steps,
        0.0,
        done.lowest,
        done.routes,
    )
    return _checked(run, game, game.scale, "highs", certificate_tol, dual_tol, decimals, dense=False)


def _through_table(game: Game, solver: str, columns: str, symmetry: Any) -> bool:
    """Whether the game is rated through its score table (:mod:`jaxrate.exact._board`).

    A :class:`jaxrate.ScoreTableGame` with the default options and at least
    ``_BOARD_MODELS`` models, whatever its number of tasks: the route that
    measured cheaper (the general path's cost grows as ``M^2.8 T``, the table
    route's as ``M^1.3 T``; they cross near 100 models for 6 to 53 tasks).
    """
    if not isinstance(game, ScoreTableGame) or game.scale == 0.0:
        return False
    board = game.table.shape[0] >= _BOARD_MODELS
    return (
        board and solver == "highs" and columns == "auto" and isinstance(symmetry, str) and symmetry == "auto"
    )


def _loose(result: ExactResult) -> str | None:
    """Why a proven float result may be off the exact ratings by over 1e-12 of the range, or ``None``."""
    from jaxrate.game.tolerances import TOLERANCES

    cert = result.certificate
    if cert.max_rating_residual > TOLERANCES.polish_residual * cert.scale:
        return f"rating residual {cert.max_rating_residual / cert.scale:.1e} of the scale"
    if cert.max_dual_gap > TOLERANCES.polish_gap * cert.scale:
        return f"dual gap {cert.max_dual_gap / cert.scale:.1e} of the scale"
    return None


def _tightened(result: ExactResult, game, payoffs, options, supports, check_args, short) -> ExactResult:
    """A proven float result made as tight as the exact path promises (1e-12 of the range).

    Every level's vertex is already solved again from HiGHS's basis
    (:meth:`HighsLevelSolver._refined`); where the result's rating residual or
    dual gap still says it may be more than 1e-12 of the range off the exact
    ratings (:func:`_loose`: a basis HiGHS accepted within its tolerance that
    is not exactly optimal) and the payoffs make short rationals, the exact
    check and repair rate it (:func:`_polished`; up to 50,000 joints).
    """
    if not options.tighten or options.solver != "highs" or game.num_joints > _POLISH_MAX_JOINTS:
        return result
    loose = _loose(result)
    if loose is None or not short():
        return result
    return _polished(game, payoffs, supports, check_args, loose) or result


def _polished(game, payoffs, supports, check_args, loose: str) -> ExactResult | None:
    """The proven float result of short-integer payoffs re-rated exactly (HiGHS's bases
    confirmed or repaired in exact arithmetic), or ``None`` past the budget."""
    scale, decimals = check_args[1], check_args[5]
    why = f"floating point proven, but its {loose} leaves the ratings unsure to 1e-12: confirmed exactly"
    try:
        result, check = _rational_result(
            game, payoffs, scale, decimals, supports, _RATIONAL_BUDGET_S, check_args, why, True
        )
    except TimeoutError:
        return None
    return result if check.ok else None


def _short_integers(game, bound: int = _SHORT_INTEGERS) -> bool:
    """Whether the payoffs are integers below ``bound`` on their own decimal grid (scores with a few
    decimals)."""
    from jaxrate.exact._rational import decimal_places

    places = decimal_places(game.payoffs)
    return places is not None and float(np.abs(game.payoffs).max(initial=0.0)) * 10.0**places < bound


def _rescue(game, payoffs, options, supports, rescue: str, check_args, short: bool, last: bool = True):
    """The ladder past a failed float solve; returns a verified result or raises.

    Scores given with a few decimals make short rationals: then the
    float-first exact route (:mod:`jaxrate.exact._repair`: every level solved
    in HiGHS, its basis confirmed or repaired in exact rational arithmetic;
    0.1-0.5 s on the hard real sub-leaderboards, where an exact simplex from
    scratch took 0.2-56 s) goes first, without a budget. Otherwise (random
    reals: 12-digit integers, where the float basis is often off by many exact
    pivots) the other back end re-solves the whole problem (GLOP, up to 50,000
    joints), then the exact route within a budget, then the smallest slack
    that works (reported), and last exact arithmetic from scratch without a
    budget: it never gives up. ``last=False`` (a candidate of :func:`_nearby`)
    skips that unbudgeted solve: the game it stands for has other candidates.
    """
    scale, decimals = check_args[1], check_args[5]
    if short:
        result, check = _rational_result(
            game, payoffs, scale, decimals, supports, None, check_args, rescue, True
        )
        if check.ok:
            return result
    if game.num_joints <= _OTHER_MAX_JOINTS:
        other = options._replace(
            solver="glop" if options.solver == "highs" else "highs", swap=None, level_fallback=_always
        )
        try:
            run = _float_run(payoffs, game, other, supports, allow_slack=False)
            relabel = tuple(r._replace(route=other.solver) for r in run.routes)
            run = run._replace(steps=(other.solver,) * len(run.values), routes=relabel)
            result, check = _checked(run, *check_args)
            if check.ok:
                return dataclasses.replace(result, rescue=rescue)
        except _LevelFailed:
            pass
    if not short and game.num_joints <= _REPAIR_MAX_JOINTS:
        try:
            result, check = _rational_result(
                game, payoffs, scale, decimals, supports, _RATIONAL_BUDGET_S, check_args, rescue, True
            )
            if check.ok:
                return result
        except TimeoutError:
            pass
    try:
        run = _float_run(payoffs, game, options._replace(level_fallback=_always), supports, allow_slack=True)
        result, check = _checked(run, *check_args, rescue=rescue)
        if check.ok:
            return result
    except _LevelFailed:
        pass
    if not last:
        raise RuntimeError(rescue)
    result, check = _rational_result(
        game, payoffs, scale, decimals, supports, None, check_args, rescue, False
    )
    check.raise_for_failure()
    return result


def _rational_result(
    game, payoffs, scale, decimals, supports, seconds, check_args, rescue, repair: bool, strict: bool = True
):
    """The whole solve in exact arithmetic (within ``seconds``, or ``TimeoutError``), checked.

    With ``repair`` each level is solved in HiGHS first and its basis
    confirmed or repaired exactly; without, by the exact simplex from scratch.
    """
    from jaxrate.exact._rational import integer_payoffs, solve_rational
    from jaxrate.exact._repair import solve_repaired

    hint = np.unique(np.concatenate(supports)) if supports else None
    integers, unit = integer_payoffs(game.payoffs, payoffs, scale, decimals)
    exact = (solve_repaired if repair else solve_rational)(integers, hint=hint, seconds=seconds)
    run = _from_rational(exact, shape=game.num_strategies, unit=unit)
    result, check = _checked(run, *check_args, rescue=rescue)
    # Exact arithmetic freezes a row on any positive dual; one below the freeze threshold (next to a
    # jump: 6.9e-10 on a 3 x 3 game) is a proof that jaxrate.verify, at its defaults, refuses. Such
    # a result goes on down the ladder (to a solution near the game, proven at the defaults);
    # ``solver="rational"`` (``strict=False``) returns it.
    dual_tol = check_args[4]
    if strict and check.ok and check.min_frozen_dual < dual_tol:
        problem = (
            f"a row is frozen on a dual of {check.min_frozen_dual:.2g}, below the threshold {dual_tol:g}"
        )
        check = check._replace(ok=False, problems=(problem,))
    return result, check


def _always() -> bool:
    return True


class _Options(NamedTuple):
    solver: str
    columns: str
    swap: tuple[int, int] | None
    dual_tol: float
    progress: Callable[[Progress], None] | None
    # Whether a failed level is retried in the other back end (asked on failure).
    level_fallback: Callable[[], bool] = lambda: True
    # Whether HiGHS's level vertices are solved again from its basis (HighsLevelSolver._refined).
    refine: bool = True
    # Whether a proven but loose float result is tightened (see _tightened).
    tighten: bool = True


class _Run(NamedTuple):
    """A lexicographic solve in normalised units."""

    values: list  # t_k per level
    frozen_at: np.ndarray  # [C]
    ratings: np.ndarray  # [C]
    joint: np.ndarray  # [A_1, ..., A_N]
    duals: np.ndarray  # [levels, C]
    steps: tuple  # how each level was solved
    slack: float
    lowest: list | None = None  # min_a (A^T d_k)(a) per level from the solver's pricing, or None
    routes: tuple = ()  # one LevelRoute per level


class _LevelFailed(Exception):
    pass


def _float_run(payoffs, game, options: _Options, supports: list, allow_slack: bool) -> _Run:
    """Algorithm 1 in float64, each level down the ladder warm -> cold -> other back end."""
    shape = game.num_strategies
    num_c = int(sum(shape))
    lp = _level_solver(
        payoffs, options.solver, options.columns, options.swap, game.num_joints, options.refine
    )
    frozen = np.zeros(num_c, dtype=bool)
    ratings = np.zeros(num_c)
    frozen_at = np.full(num_c, -1, dtype=np.int64)
    values: list[float] = []
    duals, steps, lowest, routes = [], [], [], []
    sol = None
    while not frozen.all():
        began = time.perf_counter()
        sol, step = _solve_level(lp, payoffs, options, frozen, ratings, len(values), allow_slack)
        seconds = time.perf_counter() - began
        routes.append(LevelRoute(len(values), step, 0, seconds, float_seconds=seconds))
        supports.append(sol.joints)
        new = rows_to_freeze(sol.duals, ~frozen, options.dual_tol)
        ratings[new] = sol.value
        frozen_at[new] = len(values)
        frozen |= new
        values.append(sol.value)
        duals.append(sol.multipliers if sol.multipliers is not None else np.zeros(num_c))
        lowest.append(getattr(sol, "lowest", None))
        steps.append(step)
        lp.freeze(np.nonzero(new)[0], np.full(int(new.sum()), sol.value))
        if options.progress is not None:
            options.progress(Progress(level=len(values), frozen=int(frozen.sum()), total=num_c))
    joint = np.zeros(game.num_joints)
    joint[sol.joints] = np.maximum(sol.weights, 0.0)
    joint = (joint / joint.sum()).reshape(shape)
    return _Run(
        values, frozen_at, ratings, joint, np.asarray(duals), tuple(steps), lp.slack, lowest, tuple(routes)
    )


def _level_solver(payoffs, solver: str, columns: str, swap, num_joints: int, refine: bool = False):
    if solver == "highs":
        from jaxrate.exact._highs import HighsLevelSolver

        dense = columns == "all" or (columns == "auto" and num_joints <= _DENSE_JOINTS)
        # HiGHS's own 1e-7 beyond exact arithmetic's reach: with refined
        # vertices the 4M-joint random game is certified in 54 s with no slack
        # (residual 3.4e-11) where 1e-10 took 150 s and a 1e-10 slack. Below,
        # 1e-10: at 1e-7 bbtcomp resample 18 fails a level (214 s in GLOP).
        feasibility = _LARGE_GAME_FEASIBILITY if num_joints > _RATIONAL_MAX_JOINTS else None
        return HighsLevelSolver(payoffs, all_columns=dense, swap=swap, refine=refine, feasibility=feasibility)
    from jaxrate.exact._cvxpy import CvxpyLevelSolver

    return CvxpyLevelSolver(payoffs, equalities=solver == "naive")


def _from_rational(exact, shape: tuple[int, ...], unit: float) -> _Run:
    num_joints = int(np.prod(shape))
    joint = np.zeros(num_joints)
    joint[exact.joints] = [float(w) for w in exact.weights]
    return _Run(
        values=[float(v) * unit for v in exact.values],
        frozen_at=exact.frozen_at,
        ratings=np.array([float(r) for r in exact.ratings]) * unit,
        joint=joint.reshape(shape),
        duals=np.array([[float(d) for d in row] for row in exact.duals]),
        steps=tuple(r.route for r in exact.routes) or ("rational",) * len(exact.values),
        slack=0.0,
        routes=exact.routes,
    )


def _checked(run: _Run, game, scale, solver, rel_tol, dual_tol, decimals, rescue=None, dense=True):
    """The result of ``run`` in the user's units, and its independent verification.

    ``dense``: checked against the quantized dense payoffs the general path
    solved; ``False`` (the table route) through a score table's game.
    """
    from jaxrate.results.certificate import certificate_tolerance, verify

    shape = game.num_strategies
    ratings = run.ratings * scale
    provisional = Certificate(0.0, 0.0, 0.0, run.slack * scale, 0.0, scale, duals=run.duals)
    result = ExactResult(
        ratings=tuple(r + 0.0 for r in gains.split_players(ratings, shape)),
        joint=run.joint,
        levels=len(run.values),
        level_values=np.asarray(run.values) * scale,
        frozen_at=run.frozen_at,
        certificate=provisional,
        players=game.players,
        strategies=game.strategies,
        solver=solver,
        steps=run.steps,
        rescue=rescue,
        routes=run.routes,
        table=game.table if isinstance(game, ScoreTableGame) else None,
    )
    # Duals of rows shared by two interchangeable players are split in half.
    # Where the solver's last pricing pass already took min_a (A^T d_k)(a) over
    # every joint (column generation), that minimum is reused: recomputing it
    # costs as much as the pricing (534 passes over 12.5M joints on the
    # largest leaderboard); every other check is redone from scratch here.
    lowest = None
    if run.lowest is not None:
        lowest = [None if v is None else v * scale for v in run.lowest]
    check = verify(
        game, result, rel_tol=rel_tol, dual_tol=dual_tol / 2, decimals=decimals, _lowest=lowest, _dense=dense
    )
    certificate = Certificate(
        max_gain=check.max_gain,
        max_rating_residual=check.max_rating_residual,
        max_simplex_residual=float(abs(run.joint.sum() - 1.0) + max(0.0, -run.joint.min())),
        slack=float(run.slack * scale),
        tolerance=certificate_tolerance(scale, run.slack * scale, rel_tol),
        scale=float(scale),
        duals=run.duals,
        max_dual_gap=check.max_dual_gap,
        min_frozen_dual=check.min_frozen_dual,
    )
    return dataclasses.replace(result, certificate=certificate), check


def _resolve_symmetry(payoffs: np.ndarray, symmetry: Any) -> tuple[int, int] | None:
    from jaxrate.game.symmetry import find_interchangeable_pair, interchangeable_players

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


def _solve_level(lp, payoffs, options: _Options, frozen, ratings, level: int, allow_slack: bool):
    """One level down the ladder: warm re-solve, cold, the other back end fresh, then slack.

    Returns ``(solution, step)``. Without ``allow_slack`` a level that every
    step fails raises :class:`_LevelFailed` (the caller goes on in exact
    arithmetic); slack is the last resort, for games too large for that.
    """
    check_tol = 1e-9
    for how in ("warm", "cold"):
        if how == "cold":
            lp.reset_basis()
        sol = lp.solve()
        if sol is not None and _check_level(payoffs, sol, frozen, ratings, lp.slack, check_tol):
            return sol, how
    other = _other_back_end(payoffs, options, frozen, ratings, lp.slack)
    if other is not None:
        name, solver = other
        sol = solver.solve()
        if sol is not None and _check_level(payoffs, sol, frozen, ratings, lp.slack, check_tol):
            return sol, name
    if allow_slack:
        for slack in (s for s in _SLACK_LADDER if s > lp.slack):
            lp.set_slack(slack)
            sol = lp.solve()
            if sol is not None and _check_level(payoffs, sol, frozen, ratings, lp.slack, check_tol):
                return sol, "slack"
    raise _LevelFailed(
        f"level {level + 1} failed in floating point ({int(frozen.sum())} of {len(frozen)} "
        f"constraints frozen)"
        + (f" at every allowed slack up to {_SLACK_LADDER[-1]:g}" if allow_slack else "")
    )


def _other_back_end(payoffs, options: _Options, frozen, ratings, slack):
    """A fresh solver of the other kind holding the same frozen rows, or ``None``."""
    num_joints = int(np.prod(payoffs.shape[1:]))
    if not options.level_fallback():
        return None
    if options.solver == "highs":
        if num_joints > _OTHER_MAX_JOINTS:  # GLOP's model is a dense [C, |A|] matrix
            return None
        from jaxrate.exact._cvxpy import CvxpyLevelSolver

        name, solver = "glop", CvxpyLevelSolver(payoffs)
    else:
        from jaxrate.exact._highs import HighsLevelSolver

        name, solver = "highs", HighsLevelSolver(payoffs, all_columns=num_joints <= _DENSE_JOINTS)
    if slack:
        solver.set_slack(slack)
    rows = np.nonzero(frozen)[0]
    if len(rows):
        solver.freeze(rows, ratings[rows])
    return name, solver


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
        certificate=Certificate(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, duals=np.zeros((0, num_c))),
        players=game.players,
        strategies=game.strategies,
        solver="none",
    )
