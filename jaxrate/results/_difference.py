r"""Which differences are real: the paired difference of two strategies' resampled ratings.

Resample ``r`` of a :class:`~jaxrate.uncertainty.RatingIntervals` rates every
strategy on the same draw (of items, seeds, battles or tasks), so the
difference of two strategies' ratings is known resample by resample,

.. math::

   d_r = \delta_r(a) - \delta_r(b), \qquad r = 1, \dots, R,

and its spread is the spread of the difference, not of each rating alone. Two
models whose marginal intervals overlap can still be told apart when their
ratings move together (the same hard items pull both down): the paired
interval is the one that answers "is ``a`` rated above ``b``?".
"""

from __future__ import annotations

import dataclasses
import difflib
from typing import Any

import numpy as np

from jaxrate.results._significance import _player, tie_tolerance

__all__ = ["Difference", "difference_contributions", "name_index", "paired_difference", "resampling_p_value"]

_SUBSETS_NOTE = (
    "task-subset sensitivity, not a sampling statement: the interval and p-value say how much the "
    "difference depends on which tasks are included, not how it would move with other items or seeds"
)


@dataclasses.dataclass(frozen=True)
class Difference:
    """The paired difference ``a - b`` of two strategies of one player, from one set of resamples.

    Attributes:
      a, b: the strategies compared; ``player``: whose strategies they are.
      estimate: ``rating(a) - rating(b)`` of the point ratings (all the data).
      lower, upper: the paired percentile interval of the per-resample
        differences ``d_r`` at ``confidence`` (widened, like the ratings'
        intervals, to contain ``estimate`` where the percentiles miss it);
        NaN when no resample was rated.
      p_value: two-sided resampling p-value of "no difference" (see
        :meth:`jaxrate.uncertainty.RatingIntervals.difference`); NaN when no
        resample was rated.
      confidence: coverage of ``[lower, upper]``.
      resamples: the resamples used (``d_r`` finite).
      failed: the resamples left out: NaN for ``a`` or ``b`` (a failed
        resample, listed in the intervals' ``failures``).
      tied: ``|estimate| <= tie_tolerance``: the point ratings are tied.
      tie_tolerance: the tie tolerance in rating units (the options'
        ``tie_tol`` times the scale).
      kind, interval_kind: of the intervals (``"bootstrap"`` or ``"task subsets"``).
      note: what the interval is not, where it matters (task subsets), else ``""``.
      contributions: ``{task: c(a, task) - c(b, task)}``, each task's share of
        ``estimate`` (:func:`difference_contributions`), where the game was given;
        else ``None``.
    """

    a: str
    b: str
    player: str
    estimate: float
    lower: float
    upper: float
    p_value: float
    confidence: float
    resamples: int
    failed: int
    tied: bool
    tie_tolerance: float
    kind: str
    interval_kind: str = ""
    note: str = ""
    contributions: dict[str, float] | None = None

    @property
    def excludes_zero(self) -> bool:
        """The paired interval lies strictly on one side of 0."""
        return bool(self.lower > 0 or self.upper < 0)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values (NaN as ``None``), in the order of the fields."""
        out = dataclasses.asdict(self)
        for key, value in out.items():
            if isinstance(value, float) and not np.isfinite(value):
                out[key] = None
        out["excludes_zero"] = self.excludes_zero
        return out


def name_index(
    names: tuple[str, ...], name: str, owner: str, noun: str = "strategy", plural: str = ""
) -> int:
    """The position of ``name`` among ``names``, the strategies (or ``plural``) of ``owner``; else a
    ValueError naming them (up to 30) and the closest."""
    if name in names:
        return names.index(name)
    pool = list(names)
    close = [n for n in pool if n.lower() == str(name).lower()]
    close = close or difflib.get_close_matches(str(name), pool, n=3, cutoff=0.6)
    hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
    shown = ", ".join(pool[:30]) + (f", ... ({len(pool)} in all)" if len(pool) > 30 else "")
    raise ValueError(f"no {noun} {name!r} of {owner}{hint}; its {plural or 'strategies'}: {shown}")


def resampling_p_value(d: np.ndarray, estimate: float, tol: float = 0.0) -> float:
    """Two-sided resampling p-value of the differences ``d [R]`` (finite) against no difference.

    ``min(1, 2 (1 + #{r : s d_r <= tol}) / (1 + R))`` with ``s = sign(estimate)``: the
    resamples not on the estimate's side of the tie band count against it. 1 when the
    estimate is tied (``|estimate| <= tol``); NaN when ``R = 0``. The same p-value as the
    pairwise claims of ``jaxrate.results._significance`` (the smaller of "a above b" and
    "b above a").
    """
    if d.size == 0:
        return float("nan")
    if abs(estimate) <= tol:
        return 1.0
    against = int(np.count_nonzero(np.sign(estimate) * d <= tol))
    return float(min(1.0, 2.0 * (1 + against) / (1 + d.size)))


def paired_difference(
    intervals: Any,
    a: str,
    b: str,
    player: int | str = 0,
    *,
    scale: float | None = None,
    game: Any = None,
    joint: Any = None,
) -> Difference:
    """:meth:`jaxrate.uncertainty.RatingIntervals.difference` (its documentation holds the definitions)."""
    p = _player(intervals, player)
    name = intervals.players[p]
    i, j = (name_index(intervals.strategies[p], s, f"player {name!r}") for s in (a, b))
    samples = np.asarray(intervals.samples[p], dtype=np.float64)
    if samples.shape[0] == 0:
        raise ValueError(
            "these intervals hold no resampled ratings (a result file written without them: "
            "RatingIntervals.to_json(samples=True) keeps them)"
        )
    d = samples[:, i] - samples[:, j]  # [R]
    used = d[np.isfinite(d)]
    ratings = np.asarray(intervals.ratings[p], dtype=np.float64)
    estimate = float(ratings[i] - ratings[j])
    lower = upper = float("nan")
    if used.size:
        tail = 100 * (1 - intervals.confidence) / 2
        lo, hi = np.percentile(used, [tail, 100 - tail])
        lower, upper = float(min(lo, estimate)), float(max(hi, estimate))
    contributions = None
    if game is not None:
        if joint is None:
            raise ValueError("contributions need the rating joint with the game (joint=, or a Ratings)")
        if intervals.rating != "deviation":
            raise ValueError(f"task contributions are of deviation ratings, not {intervals.rating!r}")
        contributions = difference_contributions(game, joint, a, b, player=p)
    tol = tie_tolerance(intervals, ratings, scale, game)
    return Difference(
        a=a,
        b=b,
        player=name,
        estimate=estimate,
        lower=lower,
        upper=upper,
        p_value=resampling_p_value(used, estimate, tol),
        confidence=float(intervals.confidence),
        resamples=int(used.size),
        failed=int(d.size - used.size),
        tied=bool(abs(estimate) <= tol),
        tie_tolerance=tol,
        kind=intervals.kind,
        interval_kind=intervals.interval_kind,
        note=_SUBSETS_NOTE if intervals.kind == "task subsets" else "",
        contributions=contributions,
    )


def difference_contributions(
    game: Any, joint: Any, a: str, b: str, player: int = 0, over: int = -1
) -> dict[str, float]:
    r"""Each task's share of the rating difference ``a - b``: ``{task: c(a, task) - c(b, task)}``.

    .. math::

       c(a, t) - c(b, t), \qquad \sum_t \bigl[c(a, t) - c(b, t)\bigr] = \delta_p(a) - \delta_p(b),

    with ``c`` the task contributions of :func:`jaxrate.task_contributions` under
    the rating joint: the values sum to the difference of the deviation ratings
    of ``game`` (the ``estimate`` of a :class:`Difference` whose point ratings
    are those of ``game``). A positive value is a task on which ``a`` gains
    more than ``b`` by deviating.

    Args:
      game: a :class:`jaxrate.Game` (a score table's game: agent vs agent vs task,
        or agent vs task).
      joint: the rating joint ``[A_1, ..., A_N]``, or the :class:`jaxrate.Ratings` of ``game``.
      a, b: strategies of ``player``.
      player: the model player whose ratings are compared.
      over: the player whose strategies split the difference (default the
        last: the task player of a score table's game).

    Returns:
      ``{strategy of over: contribution}``, in the game's order.

    Raises:
      ValueError: an unknown strategy (naming the strategies there are), a
        batched result, or ``player`` and ``over`` the same player.

    Example:
      >>> import numpy as np, jaxrate
      >>> game = jaxrate.agent_vs_task(np.array([[0.9, 0.2], [0.5, 0.6]]), ["m", "n"], ["x", "y"])
      >>> rated = jaxrate.deviation_ratings(game)
      >>> c = difference_contributions(game, rated, "m", "n")
      >>> bool(np.isclose(sum(c.values()), rated.ratings[0][0] - rated.ratings[0][1]))
      True
    """
    from jaxrate.game._game import as_game
    from jaxrate.game.gains import task_contributions

    game = as_game(game)
    sigma = np.asarray(getattr(joint, "joint", joint), dtype=np.float64)
    if sigma.ndim != game.num_players:
        raise ValueError(
            f"joint must be one game's [A_1..A_N] {game.num_strategies}; got shape {sigma.shape}"
        )
    names = tuple(game.strategies[player])
    i, j = (name_index(names, s, f"player {game.players[player]!r}") for s in (a, b))
    c = np.asarray(task_contributions(game.payoffs, sigma, player=player, over=over), dtype=np.float64)
    q = over % game.num_players
    return {t: float(c[i, k] - c[j, k]) for k, t in enumerate(game.strategies[q])}
