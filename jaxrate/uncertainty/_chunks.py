"""Rating many resamples in chunks of bounded memory, with progress and a status per member.

A resampling run builds its resamples a chunk at a time (``make(start, stop)``),
rates each chunk (``rate(tables, start)``) and keeps only the ratings
``[R, C]``, so memory does not grow with the number of resamples. A member
that cannot be rated gets a reason (it is counted and left out of the
intervals); one that takes ten times the median is named with its time.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable

import numpy as np

__all__ = ["SLOW_FACTOR", "SLOW_FLOOR", "ResampleProgress", "Resampled", "rate_each", "run_chunks"]

SLOW_FACTOR = 10.0  # a member (or chunk) this many times the median is named as slow
SLOW_FLOOR = 0.5  # seconds: shorter members are never named (timer noise, garbage collection)


@dataclasses.dataclass(frozen=True)
class ResampleProgress:
    """How far a resampling run has come: ``done`` of ``total`` after ``seconds``."""

    done: int
    total: int
    seconds: float

    @property
    def seconds_left(self) -> float:
        """Estimated seconds to go, at the mean pace so far (NaN before the first member)."""
        if self.done == 0:
            return float("nan")
        return self.seconds / self.done * (self.total - self.done)


@dataclasses.dataclass(frozen=True)
class Resampled:
    """What :func:`run_chunks` returns.

    Attributes:
      samples: ratings ``[R, C]``; a failed member's row is NaN.
      failures: ``(member, reason)`` for each member that could not be rated.
      slow: ``(first, last, seconds)`` for each member (``first == last``) or
        chunk that took at least :data:`SLOW_FACTOR` times the median (and
        at least :data:`SLOW_FLOOR` seconds).
      seconds: wall time of the run.
      extra: per-chunk values returned by ``rate`` beside the ratings (summed
        when numbers, e.g. the JAX path's fallbacks).
    """

    samples: np.ndarray
    failures: tuple[tuple[int, str], ...]
    slow: tuple[tuple[int, int, float], ...]
    seconds: float
    extra: int = 0


def _slow(spans: list[tuple[int, int, float]]) -> tuple[tuple[int, int, float], ...]:
    """The spans that took ``SLOW_FACTOR`` times the median span and ``SLOW_FLOOR`` or more (of 5 or more)."""
    if len(spans) < 5:
        return ()
    median = float(np.median([s for _, _, s in spans]))
    limit = max(SLOW_FACTOR * median, SLOW_FLOOR)
    return tuple(span for span in spans if span[2] >= limit)


def run_chunks(
    total: int,
    chunk: int,
    width: int,
    make: Callable[[int, int], np.ndarray],
    rate: Callable[[np.ndarray, int], tuple],
    progress: Callable[[ResampleProgress], None] | None = None,
) -> Resampled:
    """Rate ``total`` resamples ``chunk`` at a time.

    Args:
      total: number of resamples ``R``.
      chunk: resamples built and rated together.
      width: ratings per member ``C``.
      make: ``make(start, stop)`` builds the resamples ``[stop - start, ...]``.
      rate: ``rate(tables, start)`` returns ``(ratings [k, C], failures, extra,
        seconds)`` with failures ``(member, reason)`` numbered from 0 in the
        whole run and ``seconds`` ``[k]`` per member (``None``: only the
        chunk's time is known, and slow chunks are named instead of members).
        An exception from ``rate`` fails the members of that chunk, not the run.
      progress: called after each chunk with a :class:`ResampleProgress`.
    """
    start_all = time.perf_counter()
    rows: list[np.ndarray] = []
    failures: list[tuple[int, str]] = []
    spans: list[tuple[int, int, float]] = []
    extra = 0
    for start in range(0, total, chunk):
        stop = min(total, start + chunk)
        began = time.perf_counter()
        try:
            ratings, failed, more, seconds = rate(make(start, stop), start)
        except Exception as err:  # noqa: BLE001 - one chunk's failure is its members' status
            failed = [(i, f"{type(err).__name__}: {err}") for i in range(start, stop)]
            ratings, more, seconds = np.full((stop - start, width), np.nan), 0, None
        if seconds is None:
            spans.append((start, stop - 1, time.perf_counter() - began))
        else:
            spans += [(start + i, start + i, float(s)) for i, s in enumerate(seconds)]
        rows.append(ratings)
        failures.extend(failed)
        extra += int(more)
        if progress is not None:
            progress(ResampleProgress(stop, total, time.perf_counter() - start_all))
    samples = np.concatenate(rows) if rows else np.zeros((0, width))
    return Resampled(samples, tuple(failures), _slow(spans), time.perf_counter() - start_all, extra)


def rate_each(
    tables: np.ndarray, start: int, width: int, rate_one: Callable[[np.ndarray, int], np.ndarray]
) -> tuple[np.ndarray, list, int, np.ndarray]:
    """A chunk rated member by member (``rate_one(table, member) -> [C]``), each timed.

    A member whose rating raises gets NaN ratings and the exception as its reason.
    """
    out = np.full((len(tables), width), np.nan)
    seconds = np.zeros(len(tables))
    failures = []
    for k, table in enumerate(tables):
        began = time.perf_counter()
        try:
            out[k] = rate_one(table, start + k)
        except Exception as err:  # noqa: BLE001 - one member's failure is its status
            failures.append((start + k, f"{type(err).__name__}: {err}"))
        seconds[k] = time.perf_counter() - began
    return out, failures, 0, seconds
