"""Which differences are real: rank intervals and tiers from the resamples a run already stores.

Every resample of a :class:`jaxrate.uncertainty.RatingIntervals` rates all
strategies of a player on one draw, so ``d_r(i, j) = s_r(i) - s_r(j)`` is a
paired draw of the difference of two ratings. Everything here is NumPy over the
stored ``samples`` (no rating is solved again), in one pass over them:

* per pair, the point difference ``D(i, j) = r(i) - r(j)``, its bootstrap
  standard deviation ``sd(i, j)`` and the count of resamples in which ``i`` is
  *not* above ``j`` by more than the tie tolerance;
* three ways to turn them into claims "``i`` is significantly above ``j``", each
  needing ``D(i, j) > tol`` (so ties within the tolerance are never claimed):

  - ``"pair"`` (LMArena's convention; per pair, not joint): the paired percentile
    interval of ``d_r(i, j)`` at the level lies above the tolerance,
    ``2 (1 + #{r : d_r(i, j) <= tol}) / (R + 1) <= 1 - level``;
  - ``"band"`` (joint): a simultaneous bootstrap band over all pairwise
    differences, ``D(i, j) > q sd(i, j)`` with ``q`` the ``ceil(level (R + 1))``-th
    smallest over the resamples of ``max_{pairs} |d_r(i, j) - D(i, j)| / sd(i, j)``;
  - ``"stepdown"`` (joint; Romano and Wolf's step-down): the band's claims, then the band
    again with ``q`` recomputed over the pairs not yet claimed, until no new pair is claimed.
    Every claim of the band is one of its claims, at the same family-wise error (the max over
    fewer pairs is stochastically smaller; each step is one more pass over the resamples,
    a handful in all);
  - a claim of ``"band"`` or ``"stepdown"`` must also be one of ``"pair"`` (the band's symmetric,
    studentised threshold can pass a pair whose skewed paired interval holds 0; dropping such
    claims keeps the error within the band's), so tiers never split what rank intervals join;
  - ``"holm"`` (joint): Holm's step-down at ``1 - level`` over the ``m = A (A - 1) / 2``
    paired bootstrap p-values ``p = min(1, 2 (1 + #{r : d_r(i, j) <= tol}) / (R + 1))``
    (the ``+1`` counts the data as one resample: ``p >= 2 / (R + 1)``, so Holm can
    separate anything only from ``R >= 2 m / (1 - level) - 1``, 2,639 for 12 models at 0.95);

* :func:`rank_intervals` (best and worst rank of each strategy) and
  :func:`tiers` (groups that the joint claims separate) from those claims.

Joint means: as far as the resamples stand for the sampling distribution of the
ratings, the chance that any of the claims is false is at most ``1 - level``.
``benchmarks/tier_calibration.py`` measures it on simulated boards: the bands
studentise by the run's bootstrap sd (the stored resamples carry no standard
error of their own), which makes their claims somewhat liberal with few items per
task (up to 0.095 at 0.95 with 50 items per task, the step-down as the band where
nothing is real); Holm's were 0.02 to 0.05. A tier is split far more rarely than
a claim is wrong (never, in the boards of 3 tiers of 4).

Failed resamples (``failures``, whose samples are NaN) are left out and counted;
a pair is compared over the resamples in which both strategies are present.
"""

from __future__ import annotations

import dataclasses
import math
import warnings
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from jaxrate.game._defaults import DEFAULTS
from jaxrate.game.tolerances import TOLERANCES
from jaxrate.results.ranking import tied_ranks

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["METHODS", "TIER_RULES", "Tiers", "rank_intervals", "tie_tolerance", "tier_method", "tiers"]

METHODS = ("pair", "band", "stepdown", "holm")

TIER_RULES = {  # how each joint method claims, in a few words (the command line's footer, report, figure)
    "stepdown": "step-down max-|t| bootstrap band",
    "band": "max-|t| bootstrap band",
    "holm": "Holm on the paired p-values",
}

TASK_SUBSETS_NOTE = (
    "task subsets measure how the ratings move with the choice of tasks, not sampling error: "
    "these are not significance statements"
)


class _Resampled(Protocol):
    """What this module reads of a :class:`jaxrate.uncertainty.RatingIntervals`."""

    ratings: tuple[np.ndarray, ...]
    samples: tuple[np.ndarray, ...]
    confidence: float
    kind: str
    players: tuple[str, ...]
    strategies: tuple[tuple[str, ...], ...]
    failures: tuple[tuple[int, str], ...]
    options: Any


@dataclasses.dataclass(frozen=True)
class _Pairs:
    """Paired statistics of one player's strategies over the stored resamples (``[A, A]``: ``i`` vs ``j``)."""

    point: np.ndarray  # [A] the point ratings
    diff: np.ndarray  # [A, A] r(i) - r(j)
    count: np.ndarray  # [A, A] int, resamples with both present
    not_above: np.ndarray  # [A, A] int, resamples with s(i) - s(j) <= tol
    sd: np.ndarray  # [A, A] bootstrap sd of s(i) - s(j) (ddof 1; NaN under 2 resamples)
    max_t: np.ndarray  # [R'] per used resample, max over pairs of |d_r - D| / sd (0 if none)
    resamples: int  # R', the resamples used
    left_out: int  # failed resamples left out
    tol: float  # the tie tolerance in rating units
    used: np.ndarray  # [R', A] the samples of the used resamples (for the step-down's passes)


@dataclasses.dataclass(frozen=True)
class Tiers:
    """Tiers of one player's strategies: groups that the joint claims separate, best first.

    Attributes:
      tier: ``[A]`` int, the tier of each strategy (1 = top), in the order of ``strategies``.
      strategies: the player's strategy names.
      ratings: ``[A]`` the point ratings.
      above: ``[A, A]`` bool, ``above[i, j]``: strategy ``i`` is significantly above ``j``
        (the joint claims the tiers are cut from).
      method: ``"stepdown"``, ``"band"`` or ``"holm"``.
      level: the joint level (the family-wise error rate is ``1 - level``).
      resamples: the resamples used; left_out: failed resamples left out.
      threshold: ``"band"``: the critical value ``q`` of the max-``|t|`` band; ``"stepdown"``: that of
        its last step (over the pairs then not yet claimed); ``"holm"``: NaN; ``inf`` where the
        resamples are too few to calibrate a band.
      note: what the tiers do not mean (task subsets), or why nothing could be separated; else ``""``.
    """

    tier: np.ndarray
    strategies: tuple[str, ...]
    ratings: np.ndarray
    above: np.ndarray
    method: str
    level: float
    resamples: int
    left_out: int
    threshold: float
    note: str = ""

    def groups(self) -> list[list[str]]:
        """The strategy names of each tier, best tier first, by point rating within a tier."""
        order = np.argsort(-np.where(np.isnan(self.ratings), -np.inf, self.ratings), kind="stable")
        out: list[list[str]] = [[] for _ in range(int(self.tier.max(initial=0)))]
        for i in order.tolist():
            out[int(self.tier[i]) - 1].append(self.strategies[i])
        return out

    def table(self) -> pd.DataFrame:
        """A ``pandas.DataFrame``: ``strategy``, ``rating``, ``tier``, one row per strategy."""
        import pandas as pd

        return pd.DataFrame(
            {"strategy": list(self.strategies), "rating": self.ratings, "tier": self.tier.astype(int)}
        )


def _player(intervals: _Resampled, player: int | str) -> int:
    if isinstance(player, str):
        if player not in intervals.players:
            raise ValueError(f"no player {player!r}; the players are {list(intervals.players)}")
        return intervals.players.index(player)
    if not 0 <= int(player) < len(intervals.ratings):
        raise ValueError(f"player must be in [0, {len(intervals.ratings)}); got {player}")
    return int(player)


def tie_tolerance(intervals: Any, point: np.ndarray, scale: float | None = None, game: Any = None) -> float:
    """``tie_tol * scale``: the run's tie tolerance (default :data:`TOLERANCES`.ties) in rating units,
    shared by rank intervals, tiers and :meth:`RatingIntervals.difference`.

    ``scale``: given, else ``game``'s payoff scale, else the one the run recorded
    (``intervals.scale``), else the range of the player's point ratings ``point`` (as
    :func:`jaxrate.result.ratings_frame`)."""
    tie_tol = TOLERANCES.ties if intervals.options is None else float(intervals.options.tie_tol)
    if scale is None and game is not None:
        from jaxrate.game.tolerances import payoff_scale

        scale = payoff_scale(game)
    if scale is None:
        scale = getattr(intervals, "scale", None)
    if scale is None:
        finite = point[np.isfinite(point)]
        scale = float(np.ptp(finite)) if finite.size else 0.0
    return float(tie_tol * (scale or 1.0))


def _used_rows(intervals: _Resampled, s: np.ndarray) -> tuple[np.ndarray, int]:
    """The resamples not listed in ``failures`` (nor all NaN), and how many were failures."""
    rows = np.ones(s.shape[0], dtype=bool)
    failed = {i for i, _ in intervals.failures if 0 <= i < s.shape[0]}
    rows[list(failed)] = False
    if s.shape[1]:
        rows &= ~np.isnan(s).all(axis=1)
    return rows, len(failed)


def _block_stats(
    s: np.ndarray, present: np.ndarray, diff: np.ndarray, rows: slice, tol: float, tiny: float
) -> tuple:
    """``(count, not_above, sd, max_t)`` of the pairs ``(i, j)`` with ``i`` in ``rows``: ``[b, A]``
    each, and the max over them of each resample's studentised deviation ``[R]``. An sd of at most
    ``tiny`` (rounding in a difference that does not move) counts as 0: every resample agrees."""
    d = s[:, rows, None] - s[:, None, :]  # [R, b, A]
    both = present[:, rows, None] & present[:, None, :]
    count = both.sum(axis=0)
    with np.errstate(invalid="ignore"):
        not_above = (both & (d <= tol)).sum(axis=0)
    masked = np.where(both, d, np.nan)
    with warnings.catch_warnings():  # a pair present in fewer than 2 resamples: NaN sd
        warnings.simplefilter("ignore", RuntimeWarning)
        sd = np.nanstd(masked, axis=0, ddof=1)
    sd = np.where(sd > tiny, sd, np.where(np.isnan(sd), np.nan, 0.0))
    with np.errstate(invalid="ignore", divide="ignore"):
        t = np.abs(masked - diff[rows]) / np.where(sd > 0, sd, np.nan)
    max_t = np.where(np.isnan(t), 0.0, t).max(axis=(1, 2), initial=0.0)
    return count, not_above, sd, max_t


def _pairs(intervals: _Resampled, player: int | str, scale: float | None) -> _Pairs:
    """The paired statistics of ``player`` in one pass over its stored samples (blocks of rows ``i``)."""
    p = _player(intervals, player)
    point = np.asarray(intervals.ratings[p], dtype=np.float64)
    s_all = np.asarray(intervals.samples[p], dtype=np.float64).reshape(-1, point.size)
    if s_all.shape[0] == 0:
        raise ValueError(
            "these intervals hold no resamples (a result file written without samples): "
            "rerun, or write the file with to_json(..., samples=True)"
        )
    tol = tie_tolerance(intervals, point, scale)
    rows, left_out = _used_rows(intervals, s_all)
    s = s_all[rows]
    present = ~np.isnan(s)
    a = point.size
    diff = point[:, None] - point[None, :]
    count, not_above = np.zeros((a, a), dtype=np.int64), np.zeros((a, a), dtype=np.int64)
    sd, max_t = np.full((a, a), np.nan), np.zeros(s.shape[0])
    block = max(1, 2**22 // max(1, s.size))
    tiny = 1e-12 * float(np.nanmax(np.abs(s), initial=0.0)) if s.size else 0.0
    for start in range(0, a, block):
        rows_i = slice(start, min(a, start + block))
        c, n, dev, m = _block_stats(s, present, diff, rows_i, tol, tiny)
        count[rows_i], not_above[rows_i], sd[rows_i] = c, n, dev
        max_t = np.maximum(max_t, m)
    return _Pairs(point, diff, count, not_above, sd, max_t, int(s.shape[0]), left_out, tol, s)


def _p_values(pairs: _Pairs) -> np.ndarray:
    r"""``[A, A]`` two-sided paired bootstrap p-value of "``i`` above ``j``", 1 unless ``D(i, j) > tol``.

    .. math::

       p(i, j) = \min\Bigl(1,\; 2\,\frac{1 + \#\{r : d_r(i, j) \le \mathrm{tol}\}}{R_{ij} + 1}\Bigr)

    The side is the point estimate's (never smaller than ``2 min`` over both sides); the ``+1``
    counts the data as one more resample, so a p-value is never 0 and is valid at any ``R``."""
    with np.errstate(invalid="ignore"):
        p = np.minimum(1.0, 2.0 * (1.0 + pairs.not_above) / (pairs.count + 1.0))
        return np.where((pairs.diff > pairs.tol) & (pairs.count > 0), p, 1.0)


def _holm(pairs: _Pairs, alpha: float) -> np.ndarray:
    """``[A, A]`` bool: Holm's step-down over the unordered pairs compared in at least one resample."""
    p = _p_values(pairs)
    upper = np.triu(pairs.count > 0, k=1)
    i, j = np.nonzero(upper)
    pair_p = np.minimum(p[i, j], p[j, i])
    m = pair_p.size
    order = np.argsort(pair_p, kind="stable")
    passed = pair_p[order] <= alpha / (m - np.arange(m))
    stop = m if passed.all() else int(np.argmin(passed))
    rejected = np.zeros((pairs.point.size,) * 2, dtype=bool)
    rejected[i[order[:stop]], j[order[:stop]]] = True
    rejected |= rejected.T
    return rejected & (pairs.diff > pairs.tol)


def _band_threshold(pairs: _Pairs, level: float) -> float:
    """``q``: the ``ceil(level (R + 1))``-th smallest max-|t| (``inf`` when ``R`` is too small)."""
    return _quantile(pairs.max_t, level)


def _max_t_over(pairs: _Pairs, keep: np.ndarray) -> np.ndarray:
    """``[R']`` per used resample: the max over the pairs in ``keep`` (``[A, A]`` bool) of
    ``|d_r(i, j) - D(i, j)| / sd(i, j)`` (0 where none), in blocks of rows ``i``."""
    samples = pairs.used
    present = ~np.isnan(samples)
    out = np.zeros(samples.shape[0])
    a = pairs.point.size
    block = max(1, 2**22 // max(1, samples.size))
    for start in range(0, a, block):
        rows = slice(start, min(a, start + block))
        d = samples[:, rows, None] - samples[:, None, :]
        mask = keep[rows] & (pairs.sd[rows] > 0)
        with np.errstate(invalid="ignore", divide="ignore"):
            t = np.abs(d - pairs.diff[rows]) / np.where(mask, pairs.sd[rows], np.nan)
        t = np.where(present[:, rows, None] & present[:, None, :] & ~np.isnan(t), t, 0.0)
        out = np.maximum(out, t.max(axis=(1, 2), initial=0.0))
    return out


def _quantile(max_t: np.ndarray, level: float) -> float:
    """The ``ceil(level (R + 1))``-th smallest of ``max_t`` (``inf`` when ``R`` is too small)."""
    k = math.ceil(level * (max_t.size + 1))
    return math.inf if k > max_t.size else float(np.sort(max_t)[k - 1])


def _beyond(pairs: _Pairs, q: float) -> np.ndarray:
    """``[A, A]`` bool: ``D(i, j) > q sd(i, j)`` and beyond the tolerance (none where ``q`` is ``inf``,
    too few resamples to calibrate it; ``sd = 0``: every resample agrees)."""
    if not math.isfinite(q):
        return np.zeros(pairs.diff.shape, dtype=bool)
    with np.errstate(invalid="ignore"):
        bar = np.where(pairs.sd > 0, q * pairs.sd, 0.0)
        return (pairs.diff > pairs.tol) & (pairs.diff > bar) & (pairs.count >= 2)


def _step_down(pairs: _Pairs, level: float) -> tuple[np.ndarray, float]:
    """Romano and Wolf's step-down max-``|t|``: the band's claims, then the band again over the pairs
    not yet claimed, until no new pair is claimed. ``(above, the last threshold)``."""
    q = _band_threshold(pairs, level)
    above = np.zeros(pairs.diff.shape, dtype=bool)
    while math.isfinite(q):
        now = _beyond(pairs, q)
        if not (now & ~above).any():
            break
        above |= now
        open_pairs = ~(above | above.T) & (pairs.count >= 2) & (pairs.sd > 0)  # sd 0: no deviation
        if not open_pairs.any():
            break
        q = _quantile(_max_t_over(pairs, open_pairs), level)
    return above, q


def _claims(pairs: _Pairs, method: str, level: float) -> tuple[np.ndarray, float]:
    """``(above [A, A] bool, threshold)``: "``i`` significantly above ``j``" under ``method``.

    A joint claim is also a claim of ``"pair"`` at the same level: the bands studentise
    ``d_r`` by its standard deviation and take a symmetric threshold, which on a skewed
    bootstrap distribution (a rating near the best possible, 0) can separate a pair whose
    own paired interval holds 0 (issue 56: ``ppo`` over ``dqn`` in 95.5% of 1,000 resamples,
    rank intervals both [1, 2], yet tiers 1 and 2). Keeping only claims that both make cannot
    add a false claim, so the joint error stays within the band's, and a tier boundary never
    separates a pair that the rank intervals leave together."""
    alpha = 1.0 - level
    pair = (_p_values(pairs) <= alpha) & (pairs.diff > pairs.tol)
    if method == "pair":
        return pair, math.nan
    if method == "holm":
        return _holm(pairs, alpha), math.nan  # Holm's thresholds are pair's, divided: a subset
    if method == "stepdown":
        above, q = _step_down(pairs, level)
        return above & pair, q
    q = _band_threshold(pairs, level)
    return _beyond(pairs, q) & pair, q


def _resolution_note(pairs: _Pairs, method: str, level: float) -> str:
    """Why ``method`` can separate nothing with this many resamples (warned of), else ``""``."""
    alpha, r = 1.0 - level, pairs.resamples
    a = pairs.point.size
    m = a * (a - 1) // 2
    least = {"pair": 2 / alpha - 1, "holm": 2 * m / alpha - 1}.get(method, level / alpha)  # bands
    need = math.ceil(least - 1e-9)  # 2 / 0.05 - 1 is 39.000000000000004 in floating point
    if a < 2 or r >= need:
        return ""
    note = f"{r} resamples cannot separate anything by {method!r} at level {level} (needs >= {need})"
    warnings.warn(note, UserWarning, stacklevel=3)
    return note


def _checked(intervals: _Resampled, method: str, level: float | None, joint: bool = False) -> float:
    if joint and method == "pair":
        raise ValueError("tiers need joint claims: method must be 'stepdown', 'band' or 'holm'")
    if method not in METHODS:
        raise ValueError(f"method must be one of {METHODS}; got {method!r}")
    level = intervals.confidence if level is None else level
    if not 0 < level < 1:
        raise ValueError(f"level must be in (0, 1); got {level}")
    return float(level)


def _note(intervals: _Resampled, *more: str) -> str:
    parts = [TASK_SUBSETS_NOTE] if intervals.kind == "task subsets" else []
    return "; ".join(parts + [m for m in more if m])


def rank_intervals(
    intervals: _Resampled,
    player: int | str = 0,
    *,
    method: str = "pair",
    level: float | None = None,
    scale: float | None = None,
) -> pd.DataFrame:
    """Best and worst rank of each strategy that the paired resamples support.

    With ``D(i, j) = r(i) - r(j)`` and claims "``j`` significantly above ``i``" under ``method``:

    .. math::

       \\mathrm{rank\\_best}(i) = 1 + \\#\\{j : j \\succ i\\}, \\qquad
       \\mathrm{rank\\_worst}(i) = A - \\#\\{j : i \\succ j\\}

    ``method="pair"`` (the default, LMArena's convention; claims in the module docstring)
    makes each interval a per-model statement, not a joint one (with many models some
    interval misses its true rank); ``"stepdown"``, ``"band"`` or ``"holm"`` use the joint claims of
    :func:`tiers`, and all intervals then hold together at ``level``.

    ``rank`` is the point rank (competition ranks, ties within the tolerance sharing
    one, :func:`jaxrate.ranking.tied_ranks`); ``rank_best <= rank <= rank_worst``, as a
    claim needs the point difference beyond the tolerance. Ties are never separated.

    Args:
      intervals: a :class:`jaxrate.uncertainty.RatingIntervals` with its samples.
      player: a player's name or index.
      method: ``"pair"``, ``"stepdown"``, ``"band"`` or ``"holm"``.
      level: the level (default: ``intervals.confidence``).
      scale: the game's payoff scale (:func:`jaxrate.payoff_scale`), which ``tie_tol``
        multiplies; default: the range of the player's point ratings.

    Returns:
      A ``pandas.DataFrame``: ``strategy``, ``rank``, ``rank_best``, ``rank_worst``; its ``attrs``:
      ``method``, ``level``, ``resamples`` (used), ``left_out`` (failed, left out), ``note``.

    Raises:
      ValueError: an unknown player or method, a level outside (0, 1), or no stored resamples.
    """
    import pandas as pd

    level = _checked(intervals, method, level)
    pairs = _pairs(intervals, player, scale)
    above, _ = _claims(pairs, method, level)
    a = pairs.point.size
    frame = pd.DataFrame(
        {
            "strategy": list(intervals.strategies[_player(intervals, player)]),
            "rank": tied_ranks(np.where(np.isnan(pairs.point), -np.inf, pairs.point), pairs.tol),
            "rank_best": 1 + above.sum(axis=0),
            "rank_worst": a - above.sum(axis=1),
        }
    )
    note = _note(intervals, _resolution_note(pairs, method, level))
    frame.attrs.update(
        method=method, level=level, resamples=pairs.resamples, left_out=pairs.left_out, note=note
    )
    return frame


def tier_method(intervals: Any) -> str:
    """The joint method a run's tiers are cut by: its ``options.tiers``, else ``DEFAULTS.tiers``."""
    options = getattr(intervals, "options", None)
    return DEFAULTS.tiers if options is None else str(options.tiers)


def _cut(point: np.ndarray, above: np.ndarray) -> np.ndarray:
    """``[A]`` tiers: sorted by point rating, a cut between positions ``k - 1`` and ``k`` where every
    strategy above it is claimed above every strategy below it."""
    order = np.argsort(-np.where(np.isnan(point), -np.inf, point), kind="stable")
    tier = np.zeros(point.size, dtype=np.int64)
    current = 1
    for k, i in enumerate(order.tolist()):
        if k and above[np.ix_(order[:k], order[k:])].all():
            current += 1
        tier[i] = current
    return tier


def tiers(
    intervals: _Resampled,
    player: int | str = 0,
    method: str | None = None,
    *,
    level: float | None = None,
    scale: float | None = None,
) -> Tiers:
    """Tiers of strategies that hold jointly: every member of a tier is significantly above every
    member of each lower tier, with family-wise error ``1 - level`` over all pairs.

    Sorted by point rating, a new tier starts at position ``k`` when every strategy above
    ``k`` is claimed above every strategy from ``k`` down. Two strategies of equal true rating
    are then in different tiers only after the false claim "one above the other": the chance
    of splitting any true tier is at most the claims' family-wise error. Ties are never
    claimed, so never split. The price is power: each pair across a boundary must separate.

    Args:
      intervals: a :class:`jaxrate.uncertainty.RatingIntervals` with its samples.
      player: a player's name or index.
      method: ``"stepdown"`` (the max-|t| band stepped down over the pairs not yet claimed),
        ``"band"`` (single step) or ``"holm"`` (needs thousands of resamples), as the module
        docstring defines them; default: ``intervals.options.tiers``, else ``"stepdown"``.
      level: the joint level (default: ``intervals.confidence``).
      scale: the payoff scale that ``tie_tol`` multiplies (see :func:`rank_intervals`).

    Returns:
      A :class:`Tiers`; for task subsets its ``note`` says they are no significance statement.

    Raises:
      ValueError: an unknown player or method (not ``"pair"``), a level outside (0, 1), no resamples.

    Example:
      >>> import numpy as np
      >>> from jaxrate.results._intervals import RatingIntervals
      >>> rng = np.random.default_rng(0)
      >>> s = np.array([1.0, 1.0, 0.0]) + 0.1 * rng.normal(size=(500, 3))
      >>> ri = RatingIntervals((s.mean(0),), (), (), (), (s,), 0.95, "bootstrap", "exact", 0, 0.0,
      ...                      ("model",), (("a", "b", "c"),))
      >>> tiers(ri).tier.tolist()
      [1, 1, 2]
    """
    method = method or tier_method(intervals)
    level = _checked(intervals, method, level, joint=True)
    pairs = _pairs(intervals, player, scale)
    above, threshold = _claims(pairs, method, level)
    return Tiers(
        tier=_cut(pairs.point, above),
        strategies=tuple(intervals.strategies[_player(intervals, player)]),
        ratings=pairs.point,
        above=above,
        method=method,
        level=level,
        resamples=pairs.resamples,
        left_out=pairs.left_out,
        threshold=threshold,
        note=_note(intervals, _resolution_note(pairs, method, level)),
    )
