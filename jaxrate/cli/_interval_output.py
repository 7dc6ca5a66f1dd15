"""What ``rate`` says about its intervals: footer notes and the JSON ``intervals`` block."""

from __future__ import annotations

from jaxrate.cli._output import plural

__all__ = ["interval_notes"]


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
    if intervals.slow:
        named = ", ".join(f"{_span(a, b)} {s:.1f} s" for a, b, s in intervals.slow[:5])
        more = f" and {len(intervals.slow) - 5} more" if len(intervals.slow) > 5 else ""
        notes.append(f"slow resamples (10x the median or more): {named}{more}")
    return notes
