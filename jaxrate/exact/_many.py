"""Many exact ratings through any ``concurrent.futures.Executor`` (process pool, Dask, Ray)."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED as _FIRST
from concurrent.futures import Executor, Future, wait
from typing import Any, NamedTuple

from jaxrate.game._game import as_game
from jaxrate.results.result import Ratings

__all__ = ["RateOutcome", "rate_many"]


class RateOutcome(NamedTuple):
    """What happened to one game of :func:`rate_many`.

    Attributes:
      index: position of the game in the input.
      result: the game's :class:`jaxrate.Ratings` (with its proof), or ``None``
        if the game failed.
      error: ``"ValueError: ..."`` for a game that could not be rated (bad
        payoffs, a failed certificate) or whose task was lost more often than
        ``retries`` allows; ``None`` on success.
      attempts: how many times the game was submitted.
      seconds: solve time on the worker (0 when it failed).
    """

    index: int
    result: Ratings | None
    error: str | None
    attempts: int
    seconds: float

    @property
    def ok(self) -> bool:
        return self.error is None


def _rate_one(payoffs: Any, options: dict) -> tuple[Ratings | None, str | None, float]:
    """Runs on the worker: errors of the game itself come back as values, not exceptions."""
    from jaxrate.exact._solve import deviation_ratings
    from jaxrate.results._filling import from_exact

    solver = options.get("solver", "highs")
    if hasattr(solver, "options"):  # a jaxrate.Exact value: its settings are the exact path's options
        options = {**options, **solver.options()}
    start = time.perf_counter()
    try:
        result = deviation_ratings(payoffs, **options)
    except (ValueError, RuntimeError) as err:
        return None, f"{type(err).__name__}: {err}", 0.0
    return from_exact(payoffs, result, options.get("solver", "highs")), None, time.perf_counter() - start


class _Light(NamedTuple):
    """What a resampling run keeps of a result: its ratings (a board's joint per resample
    would hold ``R x M^2 T`` floats: 4.8 GB for 100 resamples of 1,000 models x 6 tasks)."""

    ratings: tuple


def _rate_light(payoffs: Any, options: dict) -> tuple[_Light | None, str | None, float]:
    """:func:`_rate_one` returning the ratings alone (``rate_many(..., _light=True)``)."""
    result, error, seconds = _rate_one(payoffs, options)
    return (None if result is None else _Light(result.ratings)), error, seconds


class _Bar:
    def __init__(self, total: int) -> None:
        self.total, self.start = total, time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        width = 30
        filled = int(width * done / max(total, 1))
        seconds = time.perf_counter() - self.start
        sys.stderr.write(f"\r[{'#' * filled}{'-' * (width - filled)}] {done}/{total} games, {seconds:.1f} s")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def _own_pool(workers: int | None) -> Executor:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("spawn" if "jax" in sys.modules else "fork")
    return ProcessPoolExecutor(workers or os.cpu_count() or 1, mp_context=context)


def rate_many(
    games: Iterable[Any],
    *,
    executor: Executor | None = None,
    workers: int | None = None,
    retries: int = 2,
    progress: bool | Callable[[int, int], None] = False,
    _light: bool = False,
    **options: Any,
) -> list[RateOutcome]:
    """Exact deviation ratings of many games, one task per game, results in input order.

    Each game's payoffs are sent to a worker once; all of its levels are solved
    there. A game that cannot be rated gets its error in the outcome; the
    others go on. A task lost with its worker (a killed process, a lost Dask
    worker) is submitted again, up to ``retries`` more times; with the default
    process pool, a pool broken by a dead worker is replaced.

    Args:
      games: :class:`jaxrate.Game` objects or payoff arrays ``[N, A_1..A_N]``.
      executor: any ``concurrent.futures.Executor``: a Dask client's
        ``client.get_executor()``, Ray's, a thread or process pool. Default: a
        process pool of ``workers`` processes (every core), closed on return.
      workers: processes of the default pool.
      retries: resubmissions allowed per game when its task is lost.
      progress: ``True`` for a progress bar on stderr, or ``callback(done, total)``.
      **options: passed to :func:`jaxrate.exact.deviation_ratings`; ``solver``
        may be a :class:`jaxrate.Exact` value (its settings are used).

    Returns:
      One :class:`RateOutcome` per game, in input order.

    Raises:
      ValueError: if a game is not a valid game (checked before any work is sent).

    Example:
      >>> from concurrent.futures import ThreadPoolExecutor
      >>> rps = [[[0, -1, 1], [1, 0, -1], [-1, 1, 0]], [[0, 1, -1], [-1, 0, 1], [1, -1, 0]]]
      >>> with ThreadPoolExecutor(2) as pool:
      ...     out = rate_many([rps, rps], executor=pool)
      >>> [o.ok for o in out], out[1].result.ratings[0].tolist()
      ([True, True], [0.0, 0.0, 0.0])
    """
    payloads = _checked(games, options)
    report = _Bar(len(payloads)) if progress is True else (progress or None)
    owned = executor is None
    pool = _own_pool(workers) if owned else executor
    run = _Run(pool, _rate_light if _light else _rate_one, payloads, options, retries, report)
    try:
        return run.until_done(renew=(lambda: _own_pool(workers)) if owned else None)
    finally:
        if owned:
            run.pool.shutdown(wait=True, cancel_futures=True)


class _Run:
    """The task loop of :func:`rate_many`: the tasks in flight, and each game's attempts and outcome."""

    def __init__(self, pool: Executor, task: Callable, payloads: list, options: dict, retries: int, report):
        self.pool, self.task, self.payloads, self.options = pool, task, payloads, options
        self.retries, self.report = retries, report
        self.total = len(payloads)
        self.attempts = [0] * self.total
        self.outcomes: list[RateOutcome | None] = [None] * self.total
        self.pending: dict[Future, int] = {}
        self.done_count = 0

    def until_done(self, renew: Callable[[], Executor] | None) -> list[RateOutcome]:
        """Every game's outcome; ``renew`` (the default pool only) replaces a pool a dead worker broke."""
        for i in range(self.total):
            self._submit(i)
        while self.pending:
            finished, _ = wait(list(self.pending), return_when=_FIRST)
            lost = self._collect(finished)
            if lost and renew is not None and _broken(self.pool):
                lost = self._renewed(lost, renew)
            for i, err in lost:
                self._retry(i, err)
        return self.outcomes  # type: ignore[return-value]

    def _submit(self, i: int) -> None:
        self.attempts[i] += 1
        self.pending[self.pool.submit(self.task, self.payloads[i], self.options)] = i

    def _collect(self, finished) -> list:
        """The outcomes of the ``finished`` tasks recorded; returns ``(game, error)`` of those lost."""
        lost = []
        for future in finished:
            i = self.pending.pop(future)
            try:
                result, error, seconds = future.result()
            except Exception as err:  # the task, not the game, failed: worker lost, pool broken
                lost.append((i, err))
                continue
            self._record(RateOutcome(i, result, error, self.attempts[i], seconds))
        return lost

    def _renewed(self, lost: list, renew: Callable[[], Executor]) -> list:
        """``lost`` and every pending task, with a new pool to run them.

        A dead process breaks a ProcessPoolExecutor for good: every other
        pending task is lost too.
        """
        cause = lost[0][1]
        lost += [(i, cause) for i in self.pending.values()]
        self.pending.clear()
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.pool = renew()
        return lost

    def _retry(self, i: int, err: BaseException) -> None:
        """Game ``i``'s lost task submitted again, or its error recorded past ``retries``."""
        if self.attempts[i] <= self.retries:
            self._submit(i)
        else:
            error = f"task lost {self.attempts[i]} times: {type(err).__name__}: {err}"
            self._record(RateOutcome(i, None, error, self.attempts[i], 0.0))

    def _record(self, outcome: RateOutcome) -> None:
        self.outcomes[outcome.index] = outcome
        self.done_count += 1
        if self.report is not None:
            self.report(self.done_count, self.total)


def _checked(games: Iterable[Any], options: dict) -> list:
    """Every game as a :class:`jaxrate.Game`: a bad one fails here, before any work is sent."""
    payloads = []
    for i, g in enumerate(games):
        try:
            payloads.append(as_game(g))
        except ValueError as err:
            raise ValueError(f"game {i}: {err}") from None
    return payloads


def _broken(pool: Executor) -> bool:
    return bool(getattr(pool, "_broken", False))
