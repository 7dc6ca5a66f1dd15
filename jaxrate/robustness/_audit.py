"""``jaxrate.audit``: how few units reverse a board's top spot and its adjacent pairs."""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from jaxrate.robustness._boards import METHODS, BattleBoard, ItemBoard, TaskBoard
from jaxrate.robustness._search import _Rater, exhaustive, reverse

__all__ = ["Audit", "PairAudit", "audit", "board_of", "exhaustive_minimum", "recheck"]

TOP_CHALLENGERS = 4  # the top spot: the leader against each of the next four models


@dataclasses.dataclass(frozen=True)
class PairAudit:
    """One pair of the board: the fewest units found whose removal reverses it (or, tied, separates it).

    ``status``: ``"reversed"`` (confirmed by re-rating: ``below`` is then rated above ``above``),
    ``"separated"`` (a tied pair, now apart: ``after_order`` says which way), ``"not found"``
    (no set within the budget was found: the pair may still have one the search missed),
    ``"failed"`` (the search itself raised: ``message``).
    """

    above: str
    below: str
    tied: bool
    status: str
    count: int | None
    total: int
    budget: int
    unit: str
    removed: tuple[dict, ...]
    gap: float
    gap_after: float | None
    rerated: int
    after_order: tuple[str, str] | None = None
    message: str | None = None
    checked: int = 0  # every removal of up to this many units was re-rated: none of them reverses it

    @property
    def fraction(self) -> float | None:
        return None if self.count is None else self.count / self.total

    def line(self) -> str:
        pair = f"{self.above} and {self.below} (tied)" if self.tied else f"{self.above} over {self.below}"
        if self.status == "failed":
            return f"{pair}: the search failed ({self.message})"
        if self.count is None:
            share = _percent(self.budget / self.total)
            verb = "separated" if self.tied else "reversed"
            said = (
                f"{pair}: no set found that {verb[:-1]}s it within {self.budget:,} of {self.total:,} "
                f"{self.unit} ({share})"
            )
            if self.checked:
                said += f"; none of up to {self.checked:,} {self.unit} does: every such removal re-rated"
            return said + (f"; {self.message}" if self.message else "")
        verb = "separated" if self.tied else "reversed"
        first = f" ({self.after_order[0]} above)" if self.tied and self.after_order else ""
        fewest = ", the fewest (every smaller removal re-rated)" if self.checked >= self.count - 1 > 0 else ""
        return (
            f"{pair}: {verb} by dropping {self.count:,} of {self.total:,} {self.unit} "
            f"({_percent(self.count / self.total)}), confirmed{first}{fewest}"
        )

    def to_dict(self) -> dict:
        out = dataclasses.asdict(self)
        out["fraction"] = self.fraction
        out["removed"] = list(self.removed)
        out["after_order"] = list(self.after_order) if self.after_order else None
        return out


@dataclasses.dataclass(frozen=True)
class Audit:
    """The audit of one board: its top spot and pairs, each a :class:`PairAudit`."""

    method: str
    unit: str
    total: int
    budget: int
    tie_tol: float
    models: tuple[str, ...]
    ratings: np.ndarray
    top: PairAudit | None
    pairs: tuple[PairAudit, ...]
    rerated: int
    seconds: float

    def lines(self) -> list[str]:
        out = []
        if self.top is not None:
            out.append(f"top spot, {self.top.line()}")
        return out + [p.line() for p in self.pairs]

    def to_dict(self) -> dict:
        return {
            "method": self.method,
            "unit": self.unit,
            "total": self.total,
            "budget": self.budget,
            "tie_tol": self.tie_tol,
            "ratings": dict(zip(self.models, (float(r) for r in self.ratings))),
            "top": None if self.top is None else self.top.to_dict(),
            "pairs": [p.to_dict() for p in self.pairs],
            "rerated": self.rerated,
            "seconds": self.seconds,
        }


def _percent(fraction: float) -> str:
    """A share in percent to two significant digits, never in exponent notation (0.00006%)."""
    return np.format_float_positional(100 * fraction, precision=2, fractional=False, trim="-") + "%"


def _replicates(data):
    """The :class:`jaxrate.io._replicate_data.Replicates` behind ``data``, if it holds any."""
    from jaxrate.io._replicate_data import Replicates
    from jaxrate.io._replicates import ScoreReplicates

    if isinstance(data, Replicates):
        return data
    if isinstance(data, ScoreReplicates):
        if data.column is None:
            return None
        return data.replicates()
    return None


def _battle_counts(data, by, units):
    """The :class:`jaxrate.battles.BattleCounts` of battle records (``None`` for other data)."""
    from jaxrate.battles import BattleCounts, battle_counts

    is_battles = isinstance(data, BattleCounts) or (
        hasattr(data, "columns") and {"model_a", "model_b", "winner"} <= set(data.columns)
    )
    if not is_battles:
        return None
    if units not in (None, "votes"):
        raise ValueError(f"battle records are audited by votes; units {units!r} do not exist for them")
    return data if isinstance(data, BattleCounts) else battle_counts(data, by=by)


def board_of(
    data: Any,
    method: str,
    *,
    units: str | None = None,
    by=None,
    missing="model",
    game="3p",
    elo=None,
    models=None,
    tasks=None,
):
    """The board of ``data``: battle records (a DataFrame with ``model_a``, ``model_b``, ``winner``, or
    :class:`jaxrate.battles.BattleCounts`: units are votes), scores with replicates (units are items or
    seeds, or on request tasks) or a score table ``[models, tasks]`` (a DataFrame, or an array with
    ``models`` and ``tasks``: units are tasks).

    Args:
      data: the input, as above (:class:`jaxrate.io.ScoreReplicates` from
        :func:`jaxrate.io.read_harness` for items).
      method: ``"deviation"``, ``"elo"`` or ``"uniform"``.
      units: ``"votes"``, ``"items"``, ``"seeds"`` or ``"tasks"`` (default: the input's).
      by, missing: battles' category column and pairs that never met (``"model"`` or ``"even"``), as
        :func:`jaxrate.battle_game`.
      game: ``"3p"`` (agent vs agent vs task, default) or ``"2p"`` for a table.
      elo: ``{"prior": ..., "anchor": ...}`` for the Elo fit.
      models, tasks: names for a score-table array.
    """
    if isinstance(data, (BattleBoard, TaskBoard, ItemBoard)):
        return data
    counts = _battle_counts(data, by, units)
    if counts is not None:
        return BattleBoard(counts, method, by=by, missing=missing, elo=elo)
    from jaxrate.io._replicates import ScoreReplicates

    if units == "tasks" and isinstance(data, ScoreReplicates):  # the table, items or not
        data = data.table()
    replicates = _replicates(data)
    if replicates is not None and units != "tasks":
        board = ItemBoard(replicates, method, game=game)
        if units not in (None, board.kind):
            raise ValueError(
                f"this input's replicates are {board.kind} ({replicates.column!r}); units {units!r} do not "
                f"exist for it: use {board.kind} or tasks"
            )
        return board
    if replicates is not None:  # its tasks, on request
        data, models, tasks = replicates.table(), replicates.models, replicates.tasks
    elif units not in (None, "tasks"):
        raise ValueError(f"a score table is audited by tasks; units {units!r} do not exist for it")
    from jaxrate.game._score_table import score_table

    table, found_models, found_tasks = score_table(data, models, tasks)
    return TaskBoard(table, found_models, found_tasks, method, game=game, elo=elo)


def audit(
    data: Any,
    *,
    method: str = "deviation",
    pairs: Sequence[tuple[str, str]] | None = None,
    adjacent: int = 10,
    budget: float | None = None,
    tie_tol: float = 1e-7,
    top: bool = True,
    **board: Any,
) -> Audit:
    """How robust a board is: the fewest units found whose removal reverses its top spot (the leader
    against each of the next four) and its first ``adjacent`` adjacent pairs (or the ``pairs`` named,
    ``(above, below)``). Units are ranked by their predicted effect on the pair's gap, removed until
    it is predicted to change sign, and the data **re-rated without them**: only reversals the
    re-rating confirms are reported. ``data``, and ``board`` (``units``, ``by``, ``missing``,
    ``game``, ``elo``, ``models``, ``tasks``): as :func:`board_of`. ``method``: ``"deviation"``,
    ``"elo"`` (the Bradley-Terry fit) or ``"uniform"``; ``budget``: the most units a search may
    remove, a fraction in (0, 1] (at least one unit); by default 1% of the units and at least 3
    (where every removal of up to 3 is a few hundred re-ratings, each is tried, and the line says
    that none reverses a pair); ``tie_tol``: ratings within this fraction of
    the scale are tied (a tied pair is separated, in either direction, instead of reversed).

    Returns an :class:`Audit`. Raises ``ValueError`` on an unknown method, pair or unit, a budget
    outside (0, 1], a board of fewer than two models or units, or a board that cannot be rated.
    """
    start = time.perf_counter()
    _check(method, budget, tie_tol, adjacent)
    board = board_of(data, method, **board)
    index = _named(board, pairs)
    rater = _Rater(board)
    base = rater(np.zeros(len(board.sizes), np.int64))
    if base is None:
        raise ValueError(f"the board itself could not be rated: {next(iter(rater.messages.values()))}")
    ratings = base[0]
    tol = tie_tol * board.scale(ratings)
    allowed = _allowed(board, budget)
    order = [int(i) for i in np.argsort(-ratings, kind="stable")]

    def one(a: int, b: int, most: int = allowed) -> PairAudit:
        return _pair(board, rater, base, a, b, tol, most)

    if pairs:
        audited = [one(index[a], index[b]) for a, b in pairs]
    else:
        audited = [one(order[k], order[k + 1]) for k in range(min(adjacent, len(order) - 1))]
    return Audit(
        method=method,
        unit=board.kind,
        total=board.total,
        budget=allowed,
        tie_tol=tie_tol,
        models=board.models,
        ratings=ratings,
        top=_top_spot(one, order, allowed) if top else None,
        pairs=tuple(audited),
        rerated=rater.count,
        seconds=time.perf_counter() - start,
    )


DEFAULT_BUDGET = 0.01  # of the units
SMALL_DEPTH = 3  # the default budget's least number of units


def _allowed(board, budget: float | None) -> int:
    """The most units a search may remove: ``budget`` of them, or by default 1% and at least
    :data:`SMALL_DEPTH` (on a board of 10 tasks or 40 votes, 1% is one unit: pairs that two or
    three reverse were "not found")."""
    allowed = max(1, math.floor((DEFAULT_BUDGET if budget is None else budget) * board.total))
    if budget is None:
        allowed = max(allowed, min(SMALL_DEPTH, board.total - 1))
    return allowed


def _check(method: str, budget: Any, tie_tol: Any, adjacent: Any) -> None:
    """``audit``'s arguments, refused before any data is read."""
    if method not in METHODS:
        raise ValueError(f"the audit rates with {', '.join(METHODS)}; got method {method!r}")
    if budget is not None and not (isinstance(budget, (int, float)) and 0 < budget <= 1):
        raise ValueError(f"budget must be a fraction of the units in (0, 1]; got {budget!r}")
    if not (isinstance(tie_tol, (int, float)) and 0 <= tie_tol < 1):
        raise ValueError(f"tie_tol must be a fraction of the scale in [0, 1); got {tie_tol!r}")
    if not (isinstance(adjacent, int) and adjacent >= 0):
        raise ValueError(f"adjacent must be a whole number >= 0; got {adjacent!r}")


def _named(board, pairs) -> dict:
    """``{model: index}`` of a board big enough to audit, every named pair on it."""
    names = board.models
    if len(names) < 2 or board.total < 2:
        raise ValueError(
            f"a board of {len(names)} model(s) and {board.total} {board.kind} is too small to audit"
        )
    index = {n: i for i, n in enumerate(names)}
    for pair in pairs or ():
        unknown = [n for n in pair if n not in index]
        if unknown:
            raise ValueError(f"--pairs: no model {unknown[0]!r} on this board")
        if len(pair) != 2 or pair[0] == pair[1]:
            raise ValueError(f"--pairs needs two different models; got {pair!r}")
    return index


def _top_spot(one, order: list, allowed: int) -> PairAudit:
    """The leader against each of the next :data:`TOP_CHALLENGERS`; once a set is found, the next
    challengers need only beat it. The smallest set found, or the first challenger's search."""
    best = first = None
    checked = []
    for c in order[1 : 1 + TOP_CHALLENGERS]:
        most = allowed if best is None else min(allowed, best.count - 1)
        if most < 1:
            break
        tried = dataclasses.replace(one(order[0], c, most), budget=allowed)
        checked.append(tried.checked)
        if tried.count is not None:
            best = tried
        first = first or tried
    chosen = best or first
    return dataclasses.replace(chosen, checked=min(checked)) if chosen is not None else None


def _pair(board, rater, base, a: int, b: int, tol: float, allowed: int) -> PairAudit:
    ratings = base[0]
    if ratings[a] < ratings[b] - tol:  # named the other way round: audit it as ranked
        a, b = b, a
    gap = float(ratings[a] - ratings[b])
    tied = gap <= tol
    directions = [(a, b), (b, a)] if tied else [(a, b)]
    failures_before = len(rater.failures)
    findings = [(w, lo, reverse(board, base, w, lo, allowed, tol, rater)) for w, lo in directions]
    failed_here = [rater.messages[k] for k in dict.fromkeys(rater.failures[failures_before:])]
    found = [f for f in findings if f[2].found]
    names, unit = board.models, board.kind
    common = {
        "above": names[a],
        "below": names[b],
        "tied": tied,
        "total": board.total,
        "budget": allowed,
        "unit": unit,
        "gap": gap,
        "rerated": sum(f[2].rerated for f in findings),
    }
    if found:
        w, lo, best = min(found, key=lambda f: int(f[2].taken.sum()))
        removed = tuple(board.label(g, c) for g, c in enumerate(best.taken) if c > 0)
        return PairAudit(
            status="separated" if tied else "reversed",
            count=int(best.taken.sum()),
            removed=removed,
            gap_after=float(best.after[a] - best.after[b]),
            after_order=(names[lo], names[w]),
            checked=min(f[2].checked for f in findings),
            **common,
        )
    failed = [f[2].failed for f in findings if f[2].failed]
    if failed:
        return PairAudit(status="failed", count=None, removed=(), gap_after=None, message=failed[0], **common)
    # Removals the data could not be rated without (a fit with no finite solution): said, not hidden.
    note = f"{len(failed_here)} removal(s) could not be re-rated: {failed_here[0]}" if failed_here else None
    checked = min(f[2].checked for f in findings)
    return PairAudit(
        status="not found", count=None, removed=(), gap_after=None, message=note, checked=checked, **common
    )


def exhaustive_minimum(data: Any, pairs: Sequence[tuple[str, str]], max_units: int = 3, **options) -> dict:
    """The exact fewest units (up to ``max_units``) that reverse (tied: separate) each named pair,
    by re-rating every removal: ``{(above, below): units or None}``. For small boards and tests."""
    method = options.pop("method", "deviation")
    tie_tol = options.pop("tie_tol", 1e-7)
    board = board_of(data, method, **options)
    rater = _Rater(board)
    ratings = rater(np.zeros(len(board.sizes), np.int64))[0]
    tol = tie_tol * board.scale(ratings)
    index = {n: i for i, n in enumerate(board.models)}
    wanted = []
    for a, b in pairs:
        i, j = index[a], index[b]
        if ratings[i] - ratings[j] <= tol:  # tied (or named upwards): either direction
            wanted += [(i, j, tol), (j, i, tol)] if abs(ratings[i] - ratings[j]) <= tol else [(j, i, tol)]
        else:
            wanted.append((i, j, tol))
    found = exhaustive(board, wanted, max_units, rater)
    out = {}
    for a, b in pairs:
        i, j = index[a], index[b]
        sizes = [v for (w, lo, _), v in found.items() if {w, lo} == {i, j} and v is not None]
        out[(a, b)] = min(sizes) if sizes else None
    return out


def recheck(data: Any, saved: dict, *, method: str | None = None, **options) -> tuple[int, list[str]]:
    """``(reversals re-rated, problems)``: each reversal of a saved audit (:meth:`Audit.to_dict`) re-rated
    from ``data`` without the units it lists, and its flipped order checked (``jaxrate verify``).

    Nothing in the audit is taken on trust but the units it names: the pair must be ranked as it
    says (or tied) on the board re-rated from ``data``, every unit must be on the board, removed at
    least once and no more often than it occurs, the counts must add up, and without them the pair's
    former loser (for a tied pair, the one the audit names first) must be rated above the other by
    more than the tie tolerance. ``method``: the method the file's ratings were made with (the audit
    must use it); ``options``: how the board was made (``by``, ``missing``, ``game``, ``models``, ``tasks``).
    """
    try:
        return _recheck(data, saved, method, options)
    except (KeyError, TypeError, AttributeError, IndexError) as err:
        return 0, [f"audit: malformed ({type(err).__name__}: {err})"]
    except (ValueError, ArithmeticError, np.linalg.LinAlgError) as err:
        return 0, [f"audit: {err}"]


def _recheck(data, saved: dict, method: str | None, options: dict) -> tuple[int, list[str]]:
    if method is not None and saved["method"] != method:
        return 0, [f"audit: it audits {saved['method']} ratings; the file holds {method} ratings"]
    tie_tol = float(saved["tie_tol"])
    if not 0 <= tie_tol < 1:
        return 0, [f"audit: its tie tolerance {tie_tol!r} is not a fraction in [0, 1)"]
    board = board_of(data, saved["method"], units=saved["unit"], **options)
    ratings = board.rate(np.zeros(len(board.sizes), np.int64))[0]
    tol = tie_tol * board.scale(ratings)
    index = {n: i for i, n in enumerate(board.models)}
    checked, problems = 0, []
    for pair in [saved.get("top"), *saved.get("pairs", [])]:
        if pair is None or pair["count"] is None:
            continue
        checked += 1
        name = f"audit: {pair['above']} over {pair['below']}"
        a, b = index[pair["above"]], index[pair["below"]]
        gap = ratings[a] - ratings[b]
        tied = abs(gap) <= tol
        if bool(pair["tied"]) != tied or (not tied and gap < 0):
            problems.append(
                f"{name}: the board rates them {ratings[a]:.6g} and {ratings[b]:.6g}, not as the audit says"
            )
            continue
        order = [str(x) for x in (pair.get("after_order") or [])]
        want = {pair["above"], pair["below"]} if tied else None
        if (tied and (len(order) != 2 or set(order) != want)) or (
            not tied and order != [pair["below"], pair["above"]]
        ):
            problems.append(f"{name}: its order after the removal {order} is not a reversal of the pair")
            continue
        taken = np.zeros(len(board.sizes), np.int64)
        for unit in pair["removed"]:
            count = int(unit["count"])
            if count < 1:
                raise ValueError(f"{name}: a unit removed {count} times")
            taken[board.group_of(unit)] += count
        if int(pair["count"]) < 1 or int(taken.sum()) != int(pair["count"]) or (taken > board.sizes).any():
            problems.append(f"{name}: its units do not add up to the {pair['count']} it says")
            continue
        after = board.rate(taken)[0]
        first, second = index[order[0]], index[order[1]]
        if not after[first] - after[second] > tol:
            problems.append(
                f"{name}: re-rated without its {pair['count']} {saved['unit']}, {order[0]} is not above "
                f"{order[1]} ({after[first]:.6g} vs {after[second]:.6g})"
            )
    return checked, problems
