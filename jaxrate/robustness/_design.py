"""Removals designed for a new equilibrium: a linear program over a two-player win-rate game.

A deviation rating of a two-player win-rate game (``P - 1/2``, symmetric and zero-sum) is
measured against the game's equilibrium ``sigma``: ``r_i = sum_j sigma_j (P_ij - 1/2)``. A pair
(``winner`` above ``loser``) reverses where the equilibrium moves so that the loser gains more
against it than the winner. For a chosen support ``S`` (up to three of the loser and the best-rated
models, never the winner) and weights ``sigma`` on it, the votes that make ``sigma`` an equilibrium
with the loser above the winner are found by a linear program in the win rates' changes:

* each pair's win rate ``P_ab`` falls by removing ``a``'s wins over ``b`` and rises by removing its
  losses, priced in votes per unit of rate at the slope of the first removal (``n / (1 - P)`` and
  ``n / P``; later votes move the rate further, so the price is an upper bound), and bounded by the
  votes there are (one of each pair's stays);
* every model's payoff against ``sigma`` at most 0 (``sigma`` is then an equilibrium), and the
  loser's above the winner's by :data:`MARGIN`.

The designs are rounded up to whole votes from the exact effect of removing ``x`` votes, and the
search re-rates the cheapest (:func:`jaxrate.robustness._search.reverse`): only a confirmed
reversal is reported. A derivative at today's equilibrium cannot see these moves; the designed
support is what it misses (issue 54: Chatbot Arena's top pair, 41 votes).
"""

from __future__ import annotations

import itertools
import math

import numpy as np

__all__ = ["designed_removals"]

SUPPORT = 3  # best-rated models (besides the pair) a designed support is drawn from, with the loser
GRID = 10  # ``sigma`` on a grid of 1 / GRID, then refined to 1 / (5 GRID) around the cheapest designs
REFINED = 2  # designs refined on the finer grid
MARGIN = 1e-4  # the loser's designed lead over the winner, in win rate


def designed_removals(wins, ties, payoffs, ratings, winner: int, loser: int, limit: int) -> list:
    """Removals ``[M, M]`` (``[a, b]``: ``a``'s wins over ``b`` removed) that are designed to put
    ``loser`` above ``winner`` under deviation ratings, of at most ``limit`` votes, fewest first.

    ``wins`` and ``ties`` ``[M, M]``: the votes (``wins[a, b]``: ``a`` beat ``b``; ``ties``
    symmetric); ``payoffs`` ``[M, M]``: the game rated (``P - 1/2``, its unmet pairs filled; they
    are held fixed); ``ratings`` ``[M]``: today's deviation ratings (the supports are drawn from the
    best-rated)."""
    wins = np.asarray(wins, np.float64)
    games = wins + wins.T + np.asarray(ties, np.float64)
    scores = wins + 0.5 * np.asarray(ties, np.float64)
    lp = _Program(wins, games, scores, np.asarray(payoffs, np.float64), winner, loser)
    best = [int(m) for m in np.argsort(-np.asarray(ratings), kind="stable") if m not in (winner, loser)]
    pool = [loser, *best[:SUPPORT]]
    tried: dict[bytes, tuple[int, np.ndarray]] = {}
    costs = []
    for support in itertools.chain.from_iterable(itertools.combinations(pool, size) for size in (1, 2, 3)):
        for weights in _simplex_grid(len(support), GRID):
            costs.append((lp.solve(support, weights, tried), support, weights))
    costs.sort(key=lambda c: c[0])
    for _, support, weights in costs[:REFINED]:
        for near in _near(weights, 1.0 / GRID, 5 * GRID):
            lp.solve(support, near, tried)
    found = sorted(tried.values(), key=lambda t: t[0])
    return [removed for votes, removed in found if 0 < votes <= limit]


def _simplex_grid(size: int, steps: int) -> list[np.ndarray]:
    """Every weight vector of ``size`` positive entries in multiples of ``1 / steps``."""
    return [
        np.asarray(w, np.float64) / steps
        for w in itertools.product(range(1, steps + 1), repeat=size)
        if sum(w) == steps
    ]


def _near(weights: np.ndarray, radius: float, steps: int) -> list[np.ndarray]:
    """The weight vectors on the ``1 / steps`` grid within ``radius`` of ``weights`` (each entry)."""
    return [
        w
        for w in _simplex_grid(len(weights), steps)
        if np.all(np.abs(w - weights) <= radius + 1e-12) and not np.allclose(w, weights)
    ]


class _Program:
    """The linear program of one pair, for any support and weights."""

    def __init__(self, wins, games, scores, payoffs, winner, loser):
        self.wins, self.games, self.payoffs = wins, games, payoffs
        self.winner, self.loser = winner, loser
        self.rate = np.where(games > 0, scores / np.where(games > 0, games, 1.0), 0.5)
        self.scores = scores

    def solve(self, support, weights, tried: dict) -> float:
        """The program's cost for ``sigma`` = ``weights`` on ``support`` (``inf`` if infeasible); its
        rounded removal recorded in ``tried`` (by its bytes: ``(votes, removal)``)."""
        m = len(self.payoffs)
        sigma = np.zeros(m)
        sigma[list(support)] = weights
        in_s = sigma > 0
        a, b = np.nonzero(np.triu((self.games > 0) & (in_s[:, None] | in_s[None, :]), 1))
        n, p = self.games[a, b], self.rate[a, b]
        fall_by = np.minimum(self.wins[a, b], n - 1)  # votes that may go (one of the pair's stays)
        rise_by = np.minimum(self.wins[b, a], n - 1)
        price = np.concatenate([n / np.maximum(1 - p, 1e-12), n / np.maximum(p, 1e-12)])
        upper = np.concatenate([fall_by * (1 - p) / (n - fall_by), self.scores[a, b] / (n - rise_by) - p])
        # Delta P_ab = rise - fall; row a sees sigma_b Delta P_ab, row b sees -sigma_a Delta P_ab.
        k = len(a)
        col = np.concatenate([np.arange(k), np.arange(k), np.arange(k, 2 * k), np.arange(k, 2 * k)])
        row = np.concatenate([a, b, a, b])
        val = np.concatenate([-sigma[b], sigma[a], sigma[b], -sigma[a]])
        # The lead row (number m): the winner's row less the loser's, so that it reads
        # -(loser's change - winner's change) <= (loser's - winner's payoff) - MARGIN.
        lead = (row == self.winner) | (row == self.loser)
        col = np.concatenate([col, col[lead]])
        val = np.concatenate([val, np.where(row[lead] == self.winner, val[lead], -val[lead])])
        row = np.concatenate([row, np.full(int(lead.sum()), m)])
        against = self.payoffs @ sigma
        bound = np.concatenate([-against, [against[self.loser] - against[self.winner] - MARGIN]])
        x = _solved(price, upper, bound, row, col, val)
        if x is None:
            return math.inf
        fun = float(price @ x)
        removed = self._rounded(x[:k], x[k:], a, b, n, p, fall_by, rise_by)
        tried.setdefault(removed.tobytes(), (int(removed.sum()), removed))
        return fun

    def _rounded(self, fall, rise, a, b, n, p, fall_by, rise_by) -> np.ndarray:
        """Whole votes: ``x`` of ``a``'s wins move ``P_ab`` by ``x (1 - P) / (n - x)``; ``y`` of its
        losses by ``P n / (n - y) - P``; the fewest that move it at least as far as designed, never
        more than the program's bounds allow (one vote of each pair stays)."""
        removed = np.zeros(self.wins.shape, np.int64)
        down = fall > 1e-12
        x = np.ceil(fall[down] * n[down] / (1 - p[down] + fall[down]) - 1e-9)
        removed[a[down], b[down]] = np.minimum(x, fall_by[down])
        up = rise > 1e-12
        y = np.ceil(n[up] - self.scores[a[up], b[up]] / (p[up] + rise[up]) - 1e-9)
        removed[b[up], a[up]] = np.minimum(y, rise_by[up])
        return removed


def _solved(cost, upper, bound, row, col, val) -> np.ndarray | None:
    """``min cost . x`` over ``0 <= x <= upper``, ``A x <= bound`` (``A`` from its entries), by HiGHS;
    ``None`` where it is infeasible."""
    import highspy

    keep = val != 0
    row, col, val = row[keep], col[keep], val[keep]
    order = np.argsort(col, kind="stable")
    row, col, val = row[order], col[order], val[order]
    starts = np.searchsorted(col, np.arange(len(cost)))
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    inf = highspy.kHighsInf
    h.addRows(
        len(bound),
        np.full(len(bound), -inf),
        bound,
        0,
        np.zeros(0, np.int32),
        np.zeros(0, np.int32),
        np.zeros(0),
    )
    h.addCols(
        len(cost),
        cost,
        np.zeros(len(cost)),
        upper,
        len(val),
        starts.astype(np.int32),
        row.astype(np.int32),
        val,
    )
    h.run()
    if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        return None
    x = np.asarray(h.getSolution().col_value, np.float64)
    return x if x.shape == (len(cost),) else None  # a model HiGHS refused: no design
