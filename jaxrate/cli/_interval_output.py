"""What ``rate`` says about its intervals: footer notes, and the rank intervals and tiers that its table,
CSV, JSON, report and figure show (computed once per run: :func:`significance`)."""

from __future__ import annotations

import warnings
from typing import Any, NamedTuple

from jaxrate.cli._output import plural

__all__ = [
    "RANK_METHOD",
    "Significance",
    "interval_notes",
    "significance",
    "significance_line",
]

RANK_METHOD = "pair"  # rank intervals: LMArena's convention, each pair at the intervals' level
# tiers: all claims jointly at the intervals' level, by the run's --tiers (``intervals.options.tiers``)


def _span(first: int, last: int) -> str:
    return f"#{first}" if first == last else f"#{first}-#{last}"


def interval_notes(intervals) -> list[str]:
    """Footer sentences: kind of interval, resamples, failures and slow resamples."""
    resamples = int(intervals.samples[0].shape[0])
    if intervals.kind == "task subsets":
        noun, rest = "task subset", ""
    elif intervals.interval_kind == "sampling (standard errors)":
        noun, rest = "resample", " drawing each score from Normal(score, its standard error)"
    elif intervals.interval_kind.startswith("sampling ("):  # "sampling (items within task)"
        replicates = intervals.interval_kind[len("sampling (") :].split(" within")[0]
        noun, rest = "bootstrap resample", f" of the {replicates} within each task"
    elif intervals.interval_kind == "battles":
        noun, rest = "bootstrap resample", " of the battles"
    else:
        noun, rest = "bootstrap resample", ""
    if intervals.method in ("jax", "exact"):
        path = f"{intervals.method} path"
    else:  # a baseline's own fit of each resample (Elo: all battles drawn with replacement)
        path = "drawn with replacement" if intervals.interval_kind == "battles" else "its own function"
    distinct = getattr(intervals, "distinct", None)
    if distinct is not None:  # fewer distinct resamples than drawn (3 tasks: 7 subsets)
        tasks = f": {(distinct + 1).bit_length() - 1} tasks" if intervals.kind == "task subsets" else ""
        path = f"only {distinct:,} distinct{tasks}; {path}"
    notes = [
        f"{int(round(100 * intervals.confidence))}% intervals from {plural(resamples, noun)}{rest} ({path})"
    ]
    if intervals.failures:
        first, why = intervals.failures[0]
        failed = len(intervals.failures)
        notes.append(
            f"{failed} of {plural(resamples, 'resample')} could not be rated and "
            f"{'is' if failed == 1 else 'are'} left out (first: #{first}: {why})"
        )
        if failed > 0.1 * resamples:  # what is left is no longer a draw from all the data's resamples
            notes.append(
                f"with {failed / resamples:.0%} left out, the intervals describe only the resamples that "
                "could be rated and may be too narrow: use more data"
            )
    if intervals.slow:
        named = ", ".join(f"{_span(a, b)} {s:.1f} s" for a, b, s in intervals.slow[:5])
        more = f" and {len(intervals.slow) - 5} more" if len(intervals.slow) > 5 else ""
        notes.append(f"slow resamples (10x the median or more): {named}{more}")
    return notes


class Significance(NamedTuple):
    """Rank intervals and tiers of the first player's strategies, from a run's stored resamples.

    ``ranks``: :meth:`jaxrate.uncertainty.RatingIntervals.rank_intervals` (``strategy``, ``rank``,
    ``rank_best``, ``rank_worst``; by :data:`RANK_METHOD`); ``tiers``: the
    :class:`jaxrate.uncertainty.Tiers` by the run's ``--tiers``; ``scale``: the payoff scale that the
    intervals' ``tie_tol`` multiplies into the tie tolerance of both.
    """

    ranks: Any
    tiers: Any
    scale: float


# One run's result, so that its table, footer, JSON and figures share one computation: the
# intervals it was computed from (compared by identity), the scale, and the result.
_LAST: list = []


def significance(intervals, scale: float, tie_tol: float | None = None) -> Significance | None:
    """Rank intervals and tiers of ``intervals``' first player, ties within ``tie_tol * scale``, at
    the intervals' confidence; ``None`` where they hold no resamples (read back without samples).

    ``scale``: the run's payoff scale (``rated.scale``); ``tie_tol``: the run's ``--tie-tol``, where
    it differs from the one the intervals record (Elo's and battles' intervals record none: the
    default). Too few resamples to separate anything is no warning here: it is the results' ``note``.
    """
    from jaxrate.game.tolerances import TOLERANCES

    own = TOLERANCES.ties if intervals.options is None else float(intervals.options.tie_tol)
    if tie_tol is not None and tie_tol != own and own > 0:
        scale = scale * tie_tol / own  # the intervals' tie_tol times this scale is the run's tolerance
    if _LAST and _LAST[0][0] is intervals and _LAST[0][1] == scale:
        return _LAST[0][2]
    if not intervals.samples[0].shape[0]:
        return None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        ranks = intervals.rank_intervals(0, method=RANK_METHOD, scale=scale)
        tiers = intervals.tiers(0, scale=scale)
    found = Significance(ranks, tiers, scale)
    _LAST[:] = [(intervals, scale, found)]
    return found


def significance_line(found: Significance, intervals) -> str:
    """The footer's one line: what ``best``, ``worst`` and ``tier`` mean (and why nothing could be
    separated, where too few resamples)."""
    from jaxrate.results._significance import TASK_SUBSETS_NOTE, TIER_RULES

    level = f"{int(round(100 * found.tiers.level))}%"
    how = TIER_RULES[found.tiers.method]
    if intervals.kind == "task subsets":
        rule = (
            f"best, worst: rank interval (LMArena's convention, per pair at {level}); tier: {how}, "
            f"jointly at {level} (tier 1 is the top); {TASK_SUBSETS_NOTE}"
        )
    else:
        count = len(found.tiers.strategies)
        rule = (
            f"best, worst: rank interval, LMArena's convention (1 + models significantly above; {count} - "
            f"models significantly below), per pair at {level}; tier: no true tier split, with {level} "
            f"confidence jointly ({how}); tier 1 is the top"
        )
    notes = [found.ranks.attrs.get("note", ""), found.tiers.note]
    parts = {p: None for note in notes for p in note.split("; ") if p and p != TASK_SUBSETS_NOTE}
    return "; ".join([rule, *parts])
