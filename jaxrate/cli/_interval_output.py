"""What ``rate`` says about its intervals: footer notes and the JSON ``intervals`` block."""

from __future__ import annotations

__all__ = ["interval_notes"]


def _span(first: int, last: int) -> str:
    return f"#{first}" if first == last else f"#{first}-#{last}"


def interval_notes(intervals) -> list[str]:
    """Footer sentences: kind of interval, resamples, failures and slow resamples."""
    resamples = int(intervals.samples[0].shape[0])
    if intervals.kind == "task subsets":
        what = "task subsets"
    elif intervals.interval_kind == "sampling (standard errors)":
        what = "resamples drawing each score from Normal(score, its standard error)"
    elif intervals.interval_kind.startswith("sampling ("):  # "sampling (items within task)"
        replicates = intervals.interval_kind[len("sampling (") :].split(" within")[0]
        what = f"bootstrap resamples of the {replicates} within each task"
    elif intervals.interval_kind == "battles":
        what = "bootstrap resamples of the battles"
    else:
        what = "bootstrap resamples"
    if intervals.method in ("jax", "exact"):
        path = f"{intervals.method} path"
    else:  # a baseline's own fit of each resample (Elo: all battles drawn with replacement)
        path = "drawn with replacement" if intervals.interval_kind == "battles" else "its own function"
    notes = [f"{int(round(100 * intervals.confidence))}% intervals from {resamples} {what} ({path})"]
    if intervals.failures:
        first, why = intervals.failures[0]
        notes.append(
            f"{len(intervals.failures)} of {resamples} resamples could not be rated and are left out "
            f"(first: #{first}: {why})"
        )
    if intervals.slow:
        named = ", ".join(f"{_span(a, b)} {s:.1f} s" for a, b, s in intervals.slow[:5])
        more = f" and {len(intervals.slow) - 5} more" if len(intervals.slow) > 5 else ""
        notes.append(f"slow resamples (10x the median or more): {named}{more}")
    return notes
