"""The fewest units whose removal reverses a pair: predicted, then confirmed by re-rating.

With predicted effects (many units): take units in order of their predicted
effect on the pair's gap until the predicted gap changes sign, re-rate without
them, and either shrink the confirmed set (bisection over the units just
taken, each probe re-rated) or, when the re-rating does not confirm it, keep
the removal, predict again from the new rating and go on. Without predictions
(few units, e.g. tasks): each step re-rates every candidate unit and removes
the one that moves the gap most. Only a re-rating whose order is reversed is
reported as a reversal; a search that spends its budget reports "not found".
"""

from __future__ import annotations

import itertools
import math
import time
from typing import Any, NamedTuple

import numpy as np

__all__ = ["Finding", "exhaustive", "reverse"]

MAX_ROUNDS = 8  # predict-and-confirm rounds before a search gives up (the budget usually ends it first)


class Finding(NamedTuple):
    """One direction's search: ``taken`` (units removed per group) when ``found``."""

    found: bool
    taken: np.ndarray
    after: np.ndarray | None  # the ratings re-rated without ``taken`` (the confirming rating)
    rerated: int  # re-ratings the search took
    failed: str | None = None  # a re-rating that raised: its message
    checked: int = 0  # every removal of up to this many units was re-rated (none reverses it, or
    #                   the one found is the fewest when it is one more)


def _gap(ratings: np.ndarray, winner: int, loser: int) -> float:
    return float(ratings[winner] - ratings[loser])


class _Rater:
    """Re-ratings of one board, counted and cached (by the removal). A removal whose re-rating raises
    (the data left admit no rating: a pair's imputation with no finite fit, say) rates ``None``: it
    reverses nothing, and ``failures`` keeps the first message."""

    def __init__(self, board):
        self.board, self.count, self.cache, self.failures, self.messages = board, 0, {}, [], {}
        self.seconds = 0.0

    def __call__(self, taken: np.ndarray):
        key = taken.tobytes()
        if key not in self.cache:
            self.count += 1
            start = time.perf_counter()
            try:
                self.cache[key] = self.board.rate(taken)
            except (ValueError, ArithmeticError, np.linalg.LinAlgError) as err:
                self.cache[key] = None
                self.messages[key] = str(err)
            self.seconds += time.perf_counter() - start
        if self.cache[key] is None:
            self.failures.append(key)
        return self.cache[key]

    @property
    def seconds_each(self) -> float:
        """The mean time of one re-rating so far."""
        return self.seconds / max(self.count, 1)


def _gap_of(rated, winner: int, loser: int) -> float:
    """The gap of a re-rating; +inf where it failed (never a reversal, never progress)."""
    return np.inf if rated is None else _gap(rated[0], winner, loser)


def reverse(
    board, base, winner: int, loser: int, budget: int, tol: float, rater: _Rater | None = None
) -> Finding:
    """The fewest units found whose removal puts ``loser`` more than ``tol`` above ``winner``: the greedy
    search, then an exact search of the smaller removals where that costs at most :data:`POLISH`
    re-ratings."""
    rater = rater or _Rater(board)
    start = rater.count
    found = _greedy(board, base, winner, loser, budget, tol, rater)
    if found.failed:
        return found
    if found.found:
        found = _pruned(rater, found, winner, loser, tol)
    moved = _moves(
        board, rater, base, winner, loser, tol, int(found.taken.sum()) - 1 if found.found else budget
    )
    if moved is not None:
        found = Finding(True, moved[0], moved[1][0], 0)
    designed = _designed(
        board, rater, base, winner, loser, tol, int(found.taken.sum()) - 1 if found.found else budget
    )
    if designed is not None:
        found = designed
    limit = int(found.taken.sum()) - 1 if found.found else min(3, budget)
    smaller, checked = _polish(board, rater, winner, loser, tol, limit)
    if smaller is not None:
        return Finding(True, smaller[0], smaller[1][0], rater.count - start, checked=checked)
    return found._replace(rerated=rater.count - start, checked=checked)


MOVES = 16  # equilibrium moves re-rated per direction of a pair (fewest votes first)


def _moves(board, rater, base, winner, loser, tol, limit: int):
    """The board's equilibrium moves (:meth:`BattleBoard.moves`) of at most ``limit`` units, fewest
    first, each re-rated. A move of one group that reverses the pair is shrunk to the fewest of its
    units that still do (bisection, each probe re-rated). ``(taken, rated)`` of the smallest
    reversal, or ``None``. (Searching on from a move that did not reverse the pair with the
    derivative-led steps was measured: on Arena it found nothing smaller, in 16 times the re-ratings.)"""
    best = None
    for taken in board.moves(base[1], loser)[:MOVES]:
        if taken.sum() > limit:
            break
        rated = rater(taken)
        if _gap_of(rated, winner, loser) >= -tol:
            continue
        if np.count_nonzero(taken) == 1:
            taken, rated = _fewest_of_one_group(rater, taken, rated, winner, loser, tol)
        best, limit = (taken, rated), int(taken.sum()) - 1
    return best


DESIGNS = 4  # designed removals re-rated per direction of a pair (fewest votes first)


def _designed(board, rater, base, winner, loser, tol, limit: int) -> Finding | None:
    """The board's removals designed for a new equilibrium (:meth:`BattleBoard.designs`) of at most
    ``limit`` units, fewest first, each re-rated; one that reverses the pair has every unit put back
    that it can spare (:func:`_pruned`). The smallest such :class:`Finding`, or ``None``."""
    best = None
    for taken in board.designs(base[1], winner, loser, limit)[:DESIGNS]:
        if taken.sum() > limit:
            break
        rated = rater(taken)
        if _gap_of(rated, winner, loser) >= -tol:
            continue
        best = _pruned(rater, Finding(True, taken, rated[0], 0), winner, loser, tol)
        limit = int(best.taken.sum()) - 1
    return best


def _fewest_of_one_group(rater, taken, rated, winner, loser, tol):
    """A removal from one group that reverses the pair, shrunk by bisection on its count."""
    (group,) = np.nonzero(taken)[0]
    lo, hi = 0, int(taken[group])  # ``hi`` units reverse it; ``lo`` not known to
    while hi - lo > 1:
        mid = (lo + hi) // 2
        trial = np.zeros_like(taken)
        trial[group] = mid
        probe = rater(trial)
        if _gap_of(probe, winner, loser) < -tol:
            hi, taken, rated = mid, trial, probe
        else:
            lo = mid
    return taken, rated


def _pruned(rater, found: Finding, winner, loser, tol) -> Finding:
    """The found removal with every unit put back whose return keeps the pair reversed (re-rated):
    the greedy search's earlier rounds can take units a later one made unnecessary."""
    taken, after = found.taken.copy(), found.after
    changed = True
    while changed and taken.sum() > 1:
        changed = False
        for g in np.nonzero(taken)[0]:
            trial = taken.copy()
            trial[g] -= 1
            rated = rater(trial)
            if _gap_of(rated, winner, loser) < -tol:
                taken, after, changed = trial, rated[0], True
                break
    return found._replace(taken=taken, after=after)


POLISH = 400  # re-ratings an exact search of the removals smaller than the greedy one may take...
POLISH_SECONDS = 2.0  # ...and at most this long (at the base rating's speed), per direction of a pair


def _polish(board, rater, winner, loser, tol, limit):
    """The smallest removal of at most ``limit`` units that reverses the pair, by trying them all, where
    that costs at most :data:`POLISH` re-ratings (and :data:`POLISH_SECONDS`); else every removal of
    as many units as that allows, then the larger ones of the ``K`` units that move the gap most alone
    (``K`` as large as the rest allows). ``(found or None, checked)``: ``checked``, the size up to
    which every removal was re-rated (a lower bound where nothing was found)."""
    groups = len(board.sizes)
    allowed = min(POLISH, POLISH_SECONDS / max(rater.seconds_each, 1e-9))
    full = _affordable(groups, limit, allowed)
    if full < 1:
        return None, 0
    found = _smallest(board, rater, winner, loser, tol, np.arange(groups), 1, full)
    if found is not None or full >= limit:
        return found, full if found is None else int(found[0].sum()) - 1
    gaps = np.array([_gap_of(rater(np.eye(groups, dtype=np.int64)[g]), winner, loser) for g in range(groups)])
    spent = sum(math.comb(groups + i - 1, i) for i in range(1, full + 1))
    k = groups
    while k > 1 and sum(math.comb(k + i - 1, i) for i in range(full + 1, limit + 1)) > allowed - spent:
        k -= 1
    if k < 2:
        return None, full
    ranked = np.argsort(gaps, kind="stable")[:k]
    return _smallest(board, rater, winner, loser, tol, ranked, full + 1, limit), full


def _affordable(groups: int, limit: int, allowed: float) -> int:
    """The largest size up to ``limit`` whose removals, all of them up to that size, cost ``allowed``."""
    cost, depth = 0, 0
    while depth < limit:
        more = math.comb(groups + depth, depth + 1)
        if cost + more > allowed:
            break
        cost, depth = cost + more, depth + 1
    return depth


def _smallest(board, rater, winner, loser, tol, candidates, lo: int, hi: int):
    """The first removal (by size, from ``lo`` to ``hi`` units of ``candidates``) that reverses the pair."""
    groups = len(board.sizes)
    for size in range(lo, hi + 1):
        for combo in itertools.combinations_with_replacement(candidates, size):
            taken = np.bincount(np.asarray(combo), minlength=groups).astype(np.int64)
            if (taken > board.sizes).any():
                continue
            rated = rater(taken)
            if _gap_of(rated, winner, loser) < -tol:
                return taken, rated
    return None


def _greedy(board, base, winner, loser, budget, tol, rater) -> Finding:
    start = rater.count
    taken = np.zeros(len(board.sizes), np.int64)
    rated, rounds = base, 0
    try:
        while taken.sum() < budget:
            gap = _gap_of(rated, winner, loser)
            try:
                effects = board.effects(taken, rated[1], winner, loser)
            except (ValueError, ArithmeticError, np.linalg.LinAlgError):
                effects = None  # no prediction: exact steps instead
            if effects is not None and rounds < MAX_ROUNDS:
                rounds += 1
                adds = _predicted(effects, board.sizes - taken, gap + tol, int(budget - taken.sum()))
                if adds:
                    trial, removal, done = _confirm(rater, taken, adds, winner, loser, tol)
                    if done:
                        if board.method == "elo" and removal.sum() - taken.sum() >= WALK_FROM:
                            removal, trial = _repredicted(
                                board, rater, taken, removal, trial, winner, loser, tol
                            )
                        return Finding(True, removal, trial[0], rater.count - start)
                    if _gap_of(trial, winner, loser) < gap:  # confirmed progress: keep it, predict again
                        taken, rated = removal, trial
                        continue
            # No prediction, or one the re-rating did not bear out: one exact step.
            candidates = _candidates(effects, board.sizes - taken)
            step = _look_ahead(board, rater, taken, winner, loser, tol, candidates)
            if (step is None or _gap_of(step[1], winner, loser) >= gap) and taken.sum() + 2 <= budget:
                # A plateau (deviation ratings are piecewise linear: no single unit moves the gap):
                # two units at once, among those that moved the gap, then the board, most alone.
                ranked = _ranked(rater, taken, rated, winner, loser, candidates)
                step = _look_ahead(board, rater, taken, winner, loser, tol, ranked[:PLATEAU], units=2)
            if step is None or _gap_of(step[1], winner, loser) >= gap:
                break
            taken, rated = step
            if _gap_of(rated, winner, loser) < -tol:
                return Finding(True, taken, rated[0], rater.count - start)
    except (ValueError, ArithmeticError, np.linalg.LinAlgError) as err:
        return Finding(False, taken, None, rater.count - start, str(err))
    return Finding(False, taken, None, rater.count - start)


STEPS = 8  # re-predictions on the way to a removal, when a first prediction reversed the pair at once
WALK_FROM = 200  # ...of at least this many units (a first-order prediction drifts most over many)


def _repredicted(board, rater, start, removal, rated, winner, loser, tol):
    """A prediction that reversed the pair at once was only shrunk (bisection over its own order),
    its units ranked by the effects at the base. Walk to the pair's reversal again in :data:`STEPS`
    steps, each taking the units predicted to help most *from where the last step left the
    ratings* (re-rated), the last step shrunk by bisection; keep the smaller confirmed removal
    (issue 54: a Bradley-Terry pair came out 6 votes above a set found independently)."""
    taken, here = start.copy(), rater(start)
    chunk = max(1, int(removal.sum() - start.sum()) // STEPS)
    while taken.sum() < removal.sum() - 1 and here is not None:
        gap = _gap_of(here, winner, loser)
        try:
            effects = board.effects(taken, here[1], winner, loser)
        except (ValueError, ArithmeticError, np.linalg.LinAlgError):
            break
        left = int(removal.sum() - taken.sum()) - 1  # smaller than the removal found, or nothing
        adds = _predicted(effects, board.sizes - taken, gap + tol, left)
        if sum(u for _, u in adds) > chunk:  # not the last step: take the first ``chunk`` units only
            trimmed, need = [], chunk
            for g, u in adds:
                if need <= 0:
                    break
                trimmed.append((g, min(u, need)))
                need -= min(u, need)
            trial, step, done = _confirm(rater, taken, trimmed, winner, loser, tol)
        else:
            trial, step, done = _confirm(rater, taken, adds, winner, loser, tol)
        if done:
            return (step, trial) if step.sum() < removal.sum() else (removal, rated)
        if not adds or trial is None:
            break
        taken, here = step, trial
    return removal, rated


def _ranked(rater, taken, rated, winner, loser, candidates) -> list:
    """``candidates`` by the gap without each alone (re-ratings the exact step made: cached), then by
    how far that removal moved the board (on a plateau the gap alone does not tell them apart)."""

    def key(g):
        trial = taken.copy()
        trial[g] += 1
        after = rater(trial)
        if after is None:
            return (np.inf, 0.0)
        return (_gap_of(after, winner, loser), -float(np.max(np.abs(after[0] - rated[0]))))

    return sorted(candidates, key=key)


LOOK_AHEAD = 48  # groups re-rated one by one in an exact step (those predicted to help most)


def _candidates(effects: np.ndarray | None, remaining: np.ndarray) -> np.ndarray:
    """The groups an exact step re-rates: all of them when few, else those predicted to help most."""
    there = np.nonzero(remaining > 0)[0]
    if effects is None or len(there) <= LOOK_AHEAD:
        return there
    return there[np.argsort(effects[there], kind="stable")[:LOOK_AHEAD]]


def _predicted(effects: np.ndarray, remaining: np.ndarray, gap: float, left: int) -> list:
    """``[(group, units), ...]`` in order of predicted effect until the predicted gap is below zero
    (or the budget ends): one unit at a time, so the order is the bisection's."""
    order = [g for g in np.argsort(effects, kind="stable") if effects[g] < 0 and remaining[g] > 0]
    adds, need = [], gap
    for g in order:
        if need < 0 or left <= 0:
            break
        units = int(min(remaining[g], left, np.floor(need / -effects[g]) + 1))
        adds.append((int(g), units))
        need += units * effects[g]
        left -= units
    return adds


def _confirm(rater, taken, adds, winner, loser, tol):
    """Re-rate with every unit of ``adds`` removed; when reversed, the shortest prefix of ``adds`` (in
    units) that still reverses it (bisection, each probe re-rated)."""
    sequence = np.repeat([g for g, _ in adds], [u for _, u in adds])

    def removal(length: int) -> np.ndarray:
        out = taken.copy()
        np.add.at(out, sequence[:length], 1)
        return out

    full = removal(len(sequence))
    rated = rater(full)
    if _gap_of(rated, winner, loser) >= -tol:
        return rated, full, False
    lo, hi, best = 0, len(sequence), (full, rated)  # prefix ``hi`` reverses; ``lo`` not known to
    while hi - lo > 1:
        mid = (lo + hi) // 2
        trial = removal(mid)
        probe = rater(trial)
        if _gap_of(probe, winner, loser) < -tol:
            hi, best = mid, (trial, probe)
        else:
            lo = mid
    return best[1], best[0], True


def _look_ahead(board, rater, taken, winner, loser, tol, candidates, units: int = 1):
    """One exact step: re-rate without each ``units`` candidate units at once (1, or 2 on a plateau),
    keep the removal that moves the gap most."""
    best = None
    for combo in itertools.combinations_with_replacement(candidates, units):
        trial = taken.copy()
        np.add.at(trial, list(combo), 1)
        if (trial > board.sizes).any():
            continue
        rated = rater(trial)
        gap = _gap_of(rated, winner, loser)
        if best is None or gap < best[0]:
            best = (gap, trial, rated)
        if gap < -tol:
            break
    return None if best is None else (best[1], best[2])


PLATEAU = 12  # candidates whose pairs an exact step re-rates on a plateau (78 re-ratings)


def exhaustive(
    board, pairs: list[tuple[int, int, float]], max_units: int, rater: _Rater | None = None
) -> dict:
    """The exact minimum for each ``(winner, loser, tol)``: every removal of up to ``max_units`` units
    (``{pair: units or None}``; None: none reverses it within ``max_units``)."""
    rater = rater or _Rater(board)
    groups = len(board.sizes)
    best: dict[Any, int | None] = {p: None for p in pairs}
    for size in range(1, max_units + 1):
        for combo in itertools.combinations_with_replacement(range(groups), size):
            taken = np.bincount(np.asarray(combo), minlength=groups).astype(np.int64)
            if (taken > board.sizes).any():
                continue
            open_pairs = [p for p in pairs if best[p] is None]
            if not open_pairs:
                return best
            rated = rater(taken)
            for p in open_pairs:
                if _gap_of(rated, p[0], p[1]) < -p[2]:
                    best[p] = size
    return best
