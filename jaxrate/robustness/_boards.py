"""What an audit removes and re-rates: an input's units, and the rating of what is left.

A board holds its units in **groups** of interchangeable units (all the votes
of one pair with one outcome; a task alone), ``sizes[g]`` units each. A removal
is an integer vector ``taken`` (units removed from each group). Each board
re-rates what is left with one of jaxrate's methods and, where its units are
many, predicts each group's first-order effect on a pair's gap:

* Bradley-Terry / Elo: the influence function of the fit (the inverse Hessian
  of the log-likelihood times one vote's gradient), as Huang, Shen, Wei and
  Broderick (2026) audit Chatbot Arena;
* deviation ratings: the derivative their proof holds
  (:mod:`jaxrate.sensitivity`: ``dr = M delta(dG, sigma)``), pulled back to
  the payoffs with the deviation gains' adjoint;
* uniform ratings: linear in the payoffs.

A board of few units (tasks) predicts nothing: the search re-rates each
candidate instead (:mod:`jaxrate.robustness._search`).
"""

from __future__ import annotations

import math
import warnings
from typing import Any

import numpy as np

from jaxrate.game.tolerances import payoff_scale

__all__ = ["METHODS", "BattleBoard", "ItemBoard", "TaskBoard", "payoff_adjoint"]

#: The rating methods the audit searches.
METHODS = ("deviation", "elo", "uniform")


def _check_method(method: str) -> None:
    if method not in METHODS:
        raise ValueError(f"the audit rates with {', '.join(METHODS)}; got method {method!r}")


def payoff_adjoint(proven, rows: np.ndarray) -> np.ndarray:
    """``W`` ``[N, A_1..A_N]``: how ``rows @ r`` (``rows`` ``[C]`` over the stacked ratings)
    moves per unit of each payoff, from a deviation rating's proof (the one-sided
    derivative along the final basis where that is degenerate)."""
    import jax
    import jax.numpy as jnp

    from jaxrate.game import gains
    from jaxrate.results import sensitivity

    duals = np.asarray(proven.certificate.duals, np.float64)
    num_c = int(rows.shape[0])
    square = np.zeros((num_c, num_c))
    square[: len(duals)] = duals
    m = sensitivity.rating_sensitivity(square, np.asarray(proven.frozen_at), len(duals))
    v = m.T @ rows  # d(rows . r) = v . delta(dG, sigma)
    with jax.enable_x64(True):
        joint = jnp.asarray(np.asarray(proven.joint, np.float64))
        shape = (len(proven.strategies),) + tuple(joint.shape)

        def moved(payoffs):
            return jnp.dot(jnp.asarray(v), jnp.concatenate(gains.deviation_gains_per_player(payoffs, joint)))

        return np.asarray(jax.grad(moved)(jnp.zeros(shape)))


class _Methods:
    """The rating methods, imported on first use (a board is made without JAX or pandas)."""

    @property
    def elo_ratings(self):
        from jaxrate.baselines import elo_ratings

        return elo_ratings

    @property
    def win_probabilities(self):
        from jaxrate.baselines import win_probabilities

        return win_probabilities

    @property
    def uniform_ratings(self):
        from jaxrate.game.gains import uniform_ratings

        return uniform_ratings

    @property
    def deviation_ratings(self):
        from jaxrate.solving.rate import deviation_ratings

        return deviation_ratings

    @staticmethod
    def table_game(kind: str):
        from jaxrate.games import agent_vs_agent_vs_task, agent_vs_task

        return agent_vs_task if kind == "2p" else agent_vs_agent_vs_task


_methods = _Methods()


def _quietly(fn, *args, **kwargs):
    """``fn`` with the library's warnings about the data silenced: the reader said them once already;
    a re-rating with a few votes removed says nothing new."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        return fn(*args, **kwargs)


class _Board:
    """Shared by the boards: the groups, their labels, and the rating of what is left."""

    kind: str
    method: str
    models: tuple[str, ...]
    sizes: np.ndarray

    @property
    def total(self) -> int:
        return int(self.sizes.sum())

    def scale(self, ratings: np.ndarray) -> float:
        """The ratings' scale, for the tie tolerance (the payoff range; Elo: the ratings' spread)."""
        return self._scale if self.method != "elo" else float(np.ptp(ratings)) or 1.0

    def effects(self, taken: np.ndarray, rated: Any, above: int, below: int) -> np.ndarray | None:
        return None

    def moves(self, rated: Any, loser: int) -> list[np.ndarray]:
        """Removals that change the rating's equilibrium, to be priced by re-rating (none here)."""
        return []

    def designs(self, rated: Any, winner: int, loser: int, limit: int) -> list[np.ndarray]:
        """Removals designed for an equilibrium that reverses the pair, to be re-rated (none here)."""
        return []

    def group_of(self, unit: dict) -> int:
        """The group of a unit as :meth:`label` names it (``ValueError`` when the board has none)."""
        if not hasattr(self, "_groups"):
            self._groups = {self._key(self.label(g, 0)): g for g in range(len(self.sizes))}
        key = self._key(unit)
        if key not in self._groups:
            raise ValueError(f"no such {self.kind} on this board: {key}")
        return self._groups[key]

    def _key(self, unit: dict) -> tuple:
        return tuple(sorted((k, str(v)) for k, v in unit.items() if k != "count"))


class BattleBoard(_Board):
    """Battle records: the units are votes, grouped by (category, winner, loser) and ties by pair."""

    kind = "votes"

    def __init__(self, counts, method: str, *, by: str | None = None, missing: str = "model", elo=None):
        from jaxrate.battles._win_rate import win_rate_game_of_counts

        _check_method(method)
        if missing not in ("model", "even"):
            raise ValueError(
                f"the audit re-rates battles with the same models: --missing model or even, not {missing!r}"
            )
        if by is None and len(counts.keys) > 1:
            raise ValueError(
                f"these battle counts have {len(counts.keys)} categories: name the column (by=...) to audit "
                "the model vs model vs category game, or count them without categories"
            )
        self.counts, self.method, self.by, self.missing = counts, method, by, missing
        self.elo = {"prior": "auto", "anchor": None} if elo is None else dict(elo)
        self.models = tuple(counts.models)
        k_, i_, j_ = np.nonzero(counts.wins)
        tk, ti, tj = np.nonzero(np.triu(counts.ties, 1))
        self.cells = np.concatenate(
            [np.stack([k_, i_, j_, np.zeros_like(k_)], 1), np.stack([tk, ti, tj, np.ones_like(tk)], 1)]
        ).astype(np.int64)  # [G, 4]: category, model i, model j, tie
        self.sizes = np.concatenate([counts.wins[k_, i_, j_], counts.ties[tk, ti, tj]]).astype(np.int64)
        self._game = lambda c: _quietly(win_rate_game_of_counts, c, by=by, missing=missing).game
        # Elo's scale is its ratings' spread: no win-rate game (whose fill may admit no fit) is made.
        self._scale = 1.0 if method == "elo" else payoff_scale(self._game(counts)) or 1.0

    def label(self, group: int, count: int) -> dict:
        k, i, j, tie = (int(x) for x in self.cells[group])
        out = {"model_a": self.models[i], "model_b": self.models[j], "winner": "tie" if tie else "model_a"}
        if self.by is not None:
            out[self.by] = self.counts.keys[k]
        return out | {"count": int(count)}

    def describe(self, group: int) -> str:
        k, i, j, tie = (int(x) for x in self.cells[group])
        where = f" ({self.counts.keys[k]})" if self.by is not None else ""
        verb = "tied with" if tie else "beat"
        return f"{self.models[i]} {verb} {self.models[j]}{where}"

    def left(self, taken: np.ndarray):
        """The counts without the removed votes."""
        wins, ties = self.counts.wins.copy(), self.counts.ties.copy()
        k, i, j, tie = self.cells.T
        decisive, tied = (tie == 0) & (taken > 0), (tie == 1) & (taken > 0)
        np.subtract.at(wins, (k[decisive], i[decisive], j[decisive]), taken[decisive])
        np.subtract.at(ties, (k[tied], i[tied], j[tied]), taken[tied])
        np.subtract.at(ties, (k[tied], j[tied], i[tied]), taken[tied])
        return self.counts._replace(wins=wins, ties=ties)

    def rate(self, taken: np.ndarray):
        """``(ratings [M], what the effects need)`` of the votes left."""
        counts = self.left(taken)
        if self.method == "elo":
            fit = _quietly(_methods.elo_ratings, counts, models=self.models, **self.elo)
            return np.asarray(fit.ratings, np.float64), (counts, fit)
        game = self._game(counts)
        if self.method == "uniform":
            return np.asarray(_methods.uniform_ratings(game)[0], np.float64), (counts, game)
        proven = _methods.deviation_ratings(game)
        return np.asarray(proven.ratings[0], np.float64), (counts, proven)

    def moves(self, rated, loser: int) -> list[np.ndarray]:
        """Removals that change a deviation rating's equilibrium (issue 54), fewest votes first:

        * for each best-rated model ``s`` (nothing gains on it: the equilibrium holds it) and each
          model ``m`` it beats (per category), ``s``'s wins over ``m`` removed until ``m`` ties it
          head to head, and one more (``m`` beats it);
        * ``loser`` made to tie, then to beat, every model that beats it (each one's wins over it
          removed down to the tie, and one more): once it beats everyone it is rated best.

        A derivative taken at today's equilibrium cannot see its support change; these are
        priced by re-rating the changed game. ``[]`` for the other methods."""
        if self.method != "deviation":
            return []
        counts, proven = rated
        ratings = np.asarray(proven.ratings[0], np.float64)
        best = ratings >= ratings.max() - 1e-9 * self._scale
        if not hasattr(self, "_decisive"):
            self._decisive = {tuple(c[:3]): g for g, c in enumerate(self.cells) if c[3] == 0}
        out, beaten = [], [np.zeros(len(self.sizes), np.int64) for _ in range(2)]
        for (k, s, m), g in self._decisive.items():
            margin = int(counts.wins[k, s, m]) - int(counts.wins[k, m, s])
            if margin <= 0:
                continue
            if m == loser:
                for extra, taken in enumerate(beaten):
                    taken[g] = min(margin + extra, int(self.sizes[g]))
            if best[s]:
                for units in (margin, margin + 1):
                    if units <= self.sizes[g]:
                        taken = np.zeros(len(self.sizes), np.int64)
                        taken[g] = units
                        out.append(taken)
        out += [t for t in beaten if t.any()]
        return sorted(out, key=lambda t: int(t.sum()))

    def designs(self, rated, winner: int, loser: int, limit: int) -> list[np.ndarray]:
        """Removals designed to move the equilibrium so that ``loser`` is rated above ``winner``
        (:mod:`jaxrate.robustness._design`: a linear program over the win rates for each chosen
        support), of at most ``limit`` votes, fewest first. Deviation ratings of battles without
        categories (a two-player game); ``[]`` otherwise."""
        if self.method != "deviation" or self.by is not None:
            return []
        from jaxrate.robustness._design import designed_removals

        counts, proven = rated
        payoffs = np.asarray(self._game(counts).payoffs[0], np.float64)
        ratings = np.asarray(proven.ratings[0], np.float64)
        removals = designed_removals(counts.wins[0], counts.ties[0], payoffs, ratings, winner, loser, limit)
        if not hasattr(self, "_decisive"):
            self._decisive = {tuple(c[:3]): g for g, c in enumerate(self.cells) if c[3] == 0}
        out = []
        for removed in removals:
            taken = np.zeros(len(self.sizes), np.int64)
            for i, j in zip(*np.nonzero(removed)):
                taken[self._decisive[(0, int(i), int(j))]] = removed[i, j]
            out.append(taken)
        return out

    def effects(self, taken, rated, above, below):
        counts, fitted = rated
        k, i, j, tie = self.cells.T
        games = counts.games[k, i, j].astype(np.float64)
        rate = counts.scores[k, i, j] / np.where(games > 0, games, 1.0)
        if self.method == "elo":
            return self._elo_effects(counts, fitted, above, below, i, j, tie)
        # d gap / d P_k(i beats j), P_k(j beats i) = 1 - P_k(i beats j): from the payoffs' adjoint.
        m = len(self.models)
        num_k = len(counts.keys)
        if self.method == "uniform":
            per_rate = np.zeros((num_k, m, m))
            per_rate[:, above, :] += 1.0 / (m * num_k)
            per_rate[:, below, :] -= 1.0 / (m * num_k)
        else:
            rows = np.zeros(sum(len(s) for s in fitted.strategies))
            rows[above], rows[below] = 1.0, -1.0
            w = payoff_adjoint(fitted, rows)
            if self.by is None:
                per_rate = (w[0] - w[1])[None]
            else:
                g_a = np.asarray(self._game(counts).payoffs[0])
                per_rate = np.moveaxis(w[0] - w[1] + np.sign(g_a) * w[2], -1, 0)
        slope = per_rate[k, i, j] - per_rate[k, j, i]
        # One vote less: P moves by (P - outcome) / (n - 1); the pair's last vote leaves it unmet.
        outcome = np.where(tie == 1, 0.5, 1.0)
        step = np.where(games > 1, (rate - outcome) / np.maximum(games - 1, 1), 0.5 - rate)
        return slope * step

    def _elo_effects(self, counts, fit, above, below, i, j, tie):
        """One vote's influence on the Bradley-Terry gap (Elo points): ``u . grad l``, ``H u = e_a - e_b``."""
        theta = np.asarray(fit.ratings, np.float64) * math.log(10) / 400.0
        m = len(theta)
        n = counts.games.sum(axis=0).astype(np.float64)
        prior = float(fit.prior or 0.0)
        n = n + prior * (n > 0)
        p = 1.0 / (1.0 + np.exp(theta[None, :] - theta[:, None]))  # p[i, j] = P(i beats j)
        w = n * p * p.T
        hessian = np.diag(w.sum(axis=1)) - w + np.full((m, m), 1.0 / m)  # + 11^T/m: the shift fixed
        target = np.zeros(m)
        target[above], target[below] = 1.0, -1.0
        u = np.linalg.solve(hessian, target)
        coef = np.where(tie == 1, p[i, j] - 0.5, -(1.0 - p[i, j]))
        return 400.0 / math.log(10) * coef * (u[i] - u[j])


class TaskBoard(_Board):
    """A score table: the units are its tasks (columns), one a group."""

    kind = "tasks"

    def __init__(self, table, models, tasks, method: str, *, game: str = "3p", elo=None):
        _check_method(method)
        self.table = np.asarray(table, np.float64)
        self.models, self.tasks = tuple(models), tuple(tasks)
        self.method, self.game_kind = method, game
        self.elo = {"prior": "auto", "anchor": None} if elo is None else dict(elo)
        self.sizes = np.ones(len(self.tasks), np.int64)
        self._scale = float(np.ptp(self.table)) or 1.0

    def label(self, group: int, count: int) -> dict:
        return {"task": self.tasks[group], "count": int(count)}

    def describe(self, group: int) -> str:
        return str(self.tasks[group])

    def rate(self, taken: np.ndarray):
        keep = taken == 0
        table = self.table[:, keep]
        tasks = tuple(t for t, k in zip(self.tasks, keep) if k)
        if self.method == "elo":
            p, _ = _methods.win_probabilities(table, self.models)
            fit = _quietly(_methods.elo_ratings, p, models=self.models, **self.elo)
            return np.asarray(fit.ratings, np.float64), None
        game = _methods.table_game(self.game_kind)(table, self.models, tasks)
        if self.method == "uniform":
            return np.asarray(_methods.uniform_ratings(game)[0], np.float64), None
        return np.asarray(_methods.deviation_ratings(game).ratings[0], np.float64), None


def _table_adjoint(
    method: str, proven, table: np.ndarray, game_kind: str, above: int, below: int
) -> np.ndarray:
    """``W`` ``[M, T]``: how the gap ``r_above - r_below`` moves per unit of each score of the table."""
    m, t = table.shape
    if method == "uniform":  # r_a: a's mean payoff against uniform opponents, in both games
        w = np.zeros((m, t))
        w[above], w[below] = 1.0 / t, -1.0 / t
        return w
    rows = np.zeros(sum(len(s) for s in proven.strategies))
    rows[above], rows[below] = 1.0, -1.0
    w = payoff_adjoint(proven, rows)
    if game_kind == "2p":  # G_agent = T, G_task = -T
        return w[0] - w[1]
    g_a = table[:, None, :] - table[None, :, :]  # G_A(a, b, t) = T(a, t) - T(b, t); G_B = -G_A, G_T = |G_A|
    k = w[0] - w[1] + np.sign(g_a) * w[2]
    return k.sum(axis=1) - k.sum(axis=0)


class ItemBoard(_Board):
    """Scores with replicates (a harness's items, a table's seeds): the units are the replicates, each
    dropped from its task's aggregate as the source defines it (the harness's own statistic).

    Paired replicates (every model answered the same items) are dropped for every model at once;
    unpaired ones (each model's own seeds) one model's at a time."""

    def __init__(self, replicates, method: str, *, game: str = "3p", kind: str | None = None):
        _check_method(method)
        if method == "elo":
            raise ValueError(
                "--method elo rates a score table by the share of tasks each model wins, which removing an "
                "item moves only where it flips an order: audit its tasks (--units tasks), or use deviation "
                "or uniform"
            )
        self.data, self.method, self.game_kind = replicates, method, game
        self.kind = kind or ("seeds" if "seed" in str(replicates.column).lower() else "items")
        self.models, self.tasks = tuple(replicates.models), tuple(replicates.tasks)
        units = []  # (task, model or -1 when paired, replicate index)
        for j, values in enumerate(replicates.values):
            if replicates.paired:
                units += [(j, -1, r) for r in range(values.shape[1])]
            else:
                units += [(j, i, r) for i, v in enumerate(values) for r in range(len(v))]
        self.units = np.asarray(units, np.int64).reshape(-1, 3)
        self.sizes = np.ones(len(self.units), np.int64)
        self.table0 = replicates.table()
        self._scale = float(np.ptp(self.table0)) or 1.0

    def _id(self, j: int, i: int, r: int):
        """The replicate's own id (a harness's doc_id, a seed), as read; its position where none was kept."""
        if not self.data.ids:
            return r
        ids = self.data.ids[j] if i < 0 else self.data.ids[j][i]
        value = ids[r]
        return value.item() if hasattr(value, "item") else value

    def label(self, group: int, count: int) -> dict:
        j, i, r = (int(x) for x in self.units[group])
        out = {"task": self.tasks[j], self.data.column: self._id(j, i, r)}
        return out | ({"model": self.models[i]} if i >= 0 else {}) | {"count": int(count)}

    def describe(self, group: int) -> str:
        j, i, r = (int(x) for x in self.units[group])
        of = f" of {self.models[i]}" if i >= 0 else ""
        return f"{self.tasks[j]} {self.data.column} {self._id(j, i, r)}{of}"

    def table(self, taken: np.ndarray) -> np.ndarray:
        """The score table without the removed replicates (a task left with none: no rating)."""
        out = self.table0.copy()
        data = self.data
        for j in np.unique(self.units[taken > 0, 0]):
            mine = self.units[:, 0] == j
            agg, w = data.aggregate(j), data._weights(j)
            if data.paired:
                keep = np.ones(data.values[j].shape[1], bool)
                keep[self.units[mine & (taken > 0), 2]] = False
                if not keep.any():
                    raise ValueError(f"task {self.tasks[j]!r} has no {data.column} left")
                out[:, j] = agg.of(data.values[j][:, keep], None if w is None else w[:, keep])
                continue
            for i in np.unique(self.units[mine & (taken > 0), 1]):
                keep = np.ones(len(data.values[j][i]), bool)
                keep[self.units[mine & (taken > 0) & (self.units[:, 1] == i), 2]] = False
                if not keep.any():
                    raise ValueError(
                        f"model {self.models[i]!r} has no {data.column} left on {self.tasks[j]!r}"
                    )
                out[i, j] = agg.of(data.values[j][i][keep], None if w is None else w[i][keep])
        return out

    def rate(self, taken: np.ndarray):
        table = self.table(taken)
        game = _methods.table_game(self.game_kind)(table, self.models, self.tasks)
        if self.method == "uniform":
            return np.asarray(_methods.uniform_ratings(game)[0], np.float64), (table, None)
        proven = _methods.deviation_ratings(game)
        return np.asarray(proven.ratings[0], np.float64), (table, proven)

    def effects(self, taken, rated, above, below):
        table, proven = rated
        w = _table_adjoint(self.method, proven, table, self.game_kind, above, below)
        data = self.data
        out = np.zeros(len(self.units))
        for j, values in enumerate(data.values):
            agg, weights = data.aggregate(j), data._weights(j)
            rows = np.flatnonzero((self.units[:, 0] == j) & (taken < self.sizes))
            if rows.size == 0:
                continue
            if data.paired:
                keep = np.ones(values.shape[1], bool)
                keep[self.units[(self.units[:, 0] == j) & (taken > 0), 2]] = False
                moved = _dropped(agg, values, weights, keep, self.units[rows, 2])
                out[rows] = w[:, j] @ (moved - table[:, j][:, None])
                continue
            for row in rows:
                i, r = self.units[row, 1], self.units[row, 2]
                keep = np.ones(len(values[i]), bool)
                keep[self.units[(self.units[:, 0] == j) & (self.units[:, 1] == i) & (taken > 0), 2]] = False
                cell = _dropped(
                    agg, values[i][None], None if weights is None else weights[i][None], keep, [r]
                )
                out[row] = w[i, j] * (cell[0, 0] - table[i, j])
        return out


def _dropped(agg, values, weights, keep, rows) -> np.ndarray:
    """``[M, len(rows)]``: each model's score of the task without each replicate of ``rows`` (and those
    ``keep`` already leaves out): every aggregate is ``sign * f(sum v / sum w)``, so one subtraction each."""
    from jaxrate.io._replicate_data import _TRANSFORMS

    values = np.asarray(values, np.float64)
    total = values[:, keep].sum(axis=1, keepdims=True)
    if weights is None:
        count = np.full_like(total, keep.sum()) - 1.0
    else:
        w = np.asarray(weights, np.float64)
        count = w[:, keep].sum(axis=1, keepdims=True) - w[:, rows]
    with np.errstate(divide="ignore", invalid="ignore"):
        mean = (total - values[:, rows]) / count
    return np.where(count > 0, agg.sign * _TRANSFORMS[agg.name](mean), np.nan)
