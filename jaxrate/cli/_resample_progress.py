"""Progress over a resampling run on stderr: a bar on a terminal, plain lines in a log or a pipe."""

from __future__ import annotations

import sys
import time

from jaxrate.cli._output import Bar, TimedLines

__all__ = ["LINES_AFTER", "LINES_EVERY", "ResampleBar", "ResampleLines", "resample_progress"]

LINES_AFTER = 5.0  # seconds before the first plain line (short runs stay quiet)
LINES_EVERY = 5.0  # seconds between plain lines


def _left(p) -> str:
    left = p.seconds_left
    return "" if left != left else f", about {left:.0f} s left"  # NaN before the first resample


class ResampleBar(Bar):
    """``[#####-----] 120/1000 resamples, 12.3 s, about 90 s left``, redrawn in place."""

    def __call__(self, p) -> None:
        self.draw(p.done, p.total, f"{p.done}/{p.total} resamples, {p.seconds:.1f} s{_left(p)}   ")


class ResampleLines(TimedLines):
    """``jaxrate: resamples: 120/1000, 12.3 s, about 90 s left``, every few seconds from a timer thread.

    Nothing for runs shorter than ``after`` seconds; a last line when a run that printed ends.
    """

    def __init__(self, after: float = LINES_AFTER, every: float = LINES_EVERY) -> None:
        super().__init__(after, every)

    def _line(self, final: bool) -> str:
        p, now = self.latest, time.perf_counter() - self.start
        if p is None:
            state = f"rating the first resamples, {now:.1f} s"
        else:
            left = now / max(p.done, 1) * (p.total - p.done)
            state = f"{p.done}/{p.total}, {now:.1f} s, about {left:.0f} s left"
            if p.done < p.total and now - p.seconds > LINES_EVERY:
                state += f" (the current resample has run {now - p.seconds:.0f} s)"
        return f"jaxrate: resamples: {state}"


def resample_progress(mode: str):
    """The reporter ``--progress`` asks for (``None`` for ``never``); call ``close()`` when done."""
    if mode == "never":
        return None
    if mode == "always" or sys.stderr.isatty():
        return ResampleBar()
    return ResampleLines()
