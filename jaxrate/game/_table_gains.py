r"""The deviation gains of the agent-vs-agent-vs-task game, through its score table.

The game of an ``[M, T]`` score table ``X`` (:func:`jaxrate.agent_vs_agent_vs_task`)
has payoffs ``G_A(a, b, t) = X(a, t) - X(b, t)``, ``G_B = -G_A`` and
``G_T = |G_A|``: ``3 M^2 T`` numbers made of ``M T``. With ``D_t(a, b) = X(a, t) - X(b, t)``
the gains of :mod:`jaxrate.gains` (the one definition; the tests check these
against it) are

.. math::

   \delta_A(a') &= \sum_t m(t) X(a', t) - \mathbb{E}_\sigma X(a, t), \qquad
   \delta_B(b') = \sum_t m(t) X(b', t) - \mathbb{E}_\sigma X(b, t), \\
   \delta_T(t') &= \mathbb{E}_\sigma |D_{t'}(a, b)| - \mathbb{E}_\sigma |D_t(a, b)|,

with ``m`` the task marginal of ``sigma``, and the adjoint of a dual ``d =
(d_A, d_B, d_T)`` is

.. math::

   (A^T d)(a, b, t) = u(t) - S_A X(a, t) - S_B X(b, t)
                      + \sum_{t'} d_T(t') |D_{t'}(a, b)| - S_T |D_t(a, b)|,

``u(t) = \sum_{a'} (d_A + d_B)(a') X(a', t)`` and ``S`` the sums of ``d_A``,
``d_B``, ``d_T``. A sparse joint's gains cost ``O(M T)``, not ``O(M^2 T)``.

The minimum of ``A^T d`` over all ``M^2 T`` joints (the pricing of column
generation, and every level of a certificate) is taken by **bounding, then
evaluating the few joints the bound cannot clear**. On the joints where
``D_t`` has sign ``s``, ``|D_t| = s D_t`` exactly and ``c |D_{t'}| >= c s
D_{t'}`` for ``c >= 0`` (a term with ``c < 0`` is bounded by model ``a``'s
largest ``|D_{t'}|``), so ``A^T d >= v(a) + w(b)``, a function of ``a`` plus one
of ``b``. Its minimum over the ``b`` of each sign case is a prefix (or suffix)
minimum in the order of ``X(., t)``: ``O(M log M)`` per task and case. The
bound follows the tasks' correlation (a strong model is strong on every task),
so on real boards only a few hundred of the millions of joints are left to
evaluate one by one. Every bound is a true lower bound, so a minimum taken
this way is a valid dual bound (never above the true minimum).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

__all__ = ["TableGains", "TableDuals", "uniform_payoffs"]

# Joints whose |D| rows are held at once when a joint's gains are taken.
_JOINT_CHUNK = 1 << 18
# Dual vectors bounded at once (the bound arrays are [M, levels]).
_LEVEL_CHUNK = 64
# Tasks whose sign is flipped, one at a time, in a second round of the bound.
_FLIPS = 2
# Models whose partners the bound leaves are listed at once, lowest bound first.
_ROWS = 256


def uniform_payoffs(table: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each strategy's mean payoff against uniform opponents (:func:`jaxrate.uniform_ratings`).

    Agents: ``mean_t X(a', t) - mean X``; tasks: the mean ``|X(a, t') - X(b, t')|``
    over the ``M^2`` ordered pairs, from the sorted column in ``O(M log M)``
    (``sum_{i<j} x_(j) - x_(i) = sum_k x_(k) (2k - M + 1)``).
    """
    m = table.shape[0]
    agents = table.mean(axis=1) - table.mean()
    ranks = 2 * np.arange(m) - m + 1
    tasks = 2 * (np.sort(table, axis=0) * ranks[:, None]).sum(axis=0) / m**2
    return agents, agents.copy(), tasks


class TableDuals(NamedTuple):
    """Dual vectors of the table game in its three parts, ``[K, M]``, ``[K, M]``, ``[K, T]``."""

    agent_a: np.ndarray
    agent_b: np.ndarray
    task: np.ndarray

    @classmethod
    def from_flat(cls, duals: np.ndarray, models: int) -> TableDuals:
        """Split ``[K, 2M + T]`` (the game's constraint order) into the three parts."""
        duals = np.atleast_2d(np.asarray(duals, dtype=np.float64))
        return cls(duals[:, :models], duals[:, models : 2 * models], duals[:, 2 * models :])


class TableGains:
    """Gains, LP columns and the minimum of ``A^T d`` of the game of a score table.

    Args:
      table: ``[M, T]`` float64 scores (in whatever units the caller rates:
        the exact path passes the table divided by the game's payoff scale).
    """

    def __init__(self, table: np.ndarray) -> None:
        table = np.ascontiguousarray(table, dtype=np.float64)
        if table.ndim != 2:
            raise ValueError(f"table must be [models, tasks]; got shape {table.shape}")
        self.table = table
        self.models, self.tasks = table.shape
        self.order = np.argsort(table, axis=0, kind="stable").T  # [T, M]: models by X(., t)
        self.sorted = np.take_along_axis(table, self.order.T, axis=0).T  # [T, M]
        # Where model a's sign cases end in that order: [T, 2, M] (the last b with
        # X(b, t) <= X(a, t), and the first with X(b, t) >= X(a, t)).
        self.end = np.stack(
            [
                np.stack(
                    [
                        np.searchsorted(self.sorted[t], table[:, t], side="right") - 1,
                        np.searchsorted(self.sorted[t], table[:, t], side="left"),
                    ]
                )
                for t in range(self.tasks)
            ]
        )
        # Model a's largest |D_t(a, b)| over every b: [M, T].
        self.far = np.maximum(table - table.min(axis=0), table.max(axis=0) - table)

    # ------------------------------------------------------------ joints and columns

    def joints(self, flat: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(a, b, t)`` of flat joint indices of the ``[M, M, T]`` game."""
        ab, t = np.divmod(np.asarray(flat, dtype=np.int64), self.tasks)
        a, b = np.divmod(ab, self.models)
        return a, b, t

    def flat(self, a: np.ndarray, b: np.ndarray, t: np.ndarray) -> np.ndarray:
        return (np.asarray(a, dtype=np.int64) * self.models + b) * self.tasks + t

    def gains(self, a: np.ndarray, b: np.ndarray, t: np.ndarray, w: np.ndarray) -> np.ndarray:
        """Every gain ``[2M + T]`` of the joint with weights ``w`` on joints ``(a, b, t)``."""
        x = self.table
        m = np.bincount(t, weights=w, minlength=self.tasks)
        own_a = float(w @ x[a, t])
        own_b = float(w @ x[b, t])
        deviate = x @ m
        spread = np.zeros(self.tasks)  # E |D_t'| under the joint
        played = 0.0  # E |D_t| at the played task
        for start in range(0, len(t), _JOINT_CHUNK):
            part = slice(start, start + _JOINT_CHUNK)
            dist = np.abs(x[a[part]] - x[b[part]])  # [K, T]
            spread += w[part] @ dist
            played += float(w[part] @ dist[np.arange(len(dist)), t[part]])
        return np.concatenate([deviate - own_a, deviate - own_b, spread - played])

    def columns(self, rows: np.ndarray, a: np.ndarray, b: np.ndarray, t: np.ndarray) -> np.ndarray:
        """Entries ``[len(rows), K]`` of the constraint matrix: ``rows`` in the game's order,
        joints ``(a, b, t)``."""
        x = self.table
        m = self.models
        rows = np.asarray(rows, dtype=np.int64)
        out = np.empty((len(rows), len(t)))
        dist = np.abs(x[a] - x[b])  # [K, T]
        played = dist[np.arange(len(t)), t]
        is_a, is_b = rows < m, (rows >= m) & (rows < 2 * m)
        is_t = rows >= 2 * m
        out[is_a] = x[rows[is_a]][:, t] - x[a, t][None, :]
        out[is_b] = x[rows[is_b] - m][:, t] - x[b, t][None, :]
        out[is_t] = dist[:, rows[is_t] - 2 * m].T - played[None, :]
        return out

    # ------------------------------------------------------------ minimum of A^T d

    def lowest(self, duals: TableDuals, above: np.ndarray | None = None) -> np.ndarray:
        """``min_a (A^T d_k)(a)`` over every joint, for each level ``k``: ``[K]``.

        With ``above`` ``[K]``, a level's minimum is only resolved below it:
        the value returned is then ``min(true minimum, a lower bound >= above)``,
        so it is the exact minimum where that is below ``above`` and a valid
        lower bound that clears ``above`` otherwise (what a certificate needs).
        """
        k_all = len(duals.task)
        above = np.full(k_all, np.inf) if above is None else np.asarray(above, dtype=np.float64)
        out = np.full(k_all, np.inf)
        for start in range(0, k_all, _LEVEL_CHUNK):
            levels = slice(start, min(start + _LEVEL_CHUNK, k_all))
            part = TableDuals(*(d[levels] for d in duals))
            lows, _ = _Search(self, part).below(above[levels], keep=False)
            out[levels] = lows
        return out

    def lowest_with(self, duals: TableDuals, models: np.ndarray) -> np.ndarray:
        """``min (A^T d_k)(a)`` over the joints in which one of ``models`` plays, ``[K]``:
        ``2 M T`` joints per model, every one evaluated (a board that grew by these)."""
        x = self.table
        u = (duals.agent_a + duals.agent_b) @ x  # [K, T]
        s_a, s_b, s_t = duals.agent_a.sum(1), duals.agent_b.sum(1), duals.task.sum(1)
        out = np.full(len(s_a), np.inf)
        for n in np.asarray(models).tolist():
            dist = np.abs(x[n] - x)  # [M, T]: |D_t'| of (n, b) and of (a, n)
            spread = dist @ duals.task.T  # [M, K]
            for t in range(self.tasks):
                common = spread + u[:, t] - dist[:, t, None] * s_t
                as_a = common - s_a * x[n, t] - x[:, t, None] * s_b  # joints (n, b, t)
                as_b = common - s_b * x[n, t] - x[:, t, None] * s_a  # joints (a, n, t)
                np.minimum(out, np.minimum(as_a.min(axis=0), as_b.min(axis=0)), out=out)
        return out

    def below(
        self, duals: TableDuals, limit: float, most: int | None
    ) -> tuple[np.ndarray, np.ndarray, float]:
        """Joints with ``(A^T d)(a) < limit`` for one dual (column generation's pricing).

        Returns ``(flat joints, values, lowest)``: at most ``most`` joints,
        lowest first, and ``lowest`` the minimum of ``A^T d`` over every joint
        resolved down to ``limit`` (see :meth:`lowest`: a valid lower bound of
        it), which is the level's certificate; ``-inf`` where the search
        stopped at ``most`` joints (``None``: never).
        """
        search = _Search(self, duals)
        out, (joints, values) = search.below(np.array([limit]), keep=True, most=most)
        lowest = -np.inf if search.stopped else float(out[0])
        if len(joints) == 0:
            return joints, values, lowest
        joints, first = np.unique(joints, return_index=True)  # the two sign cases may meet at D_t = 0
        values = values[first]
        keep = np.argsort(values, kind="stable")[:most]
        return joints[keep], values[keep], lowest


def _flips(pos: np.ndarray, played: int, count: int) -> list[np.ndarray]:
    """For each level (column of ``pos`` ``[T, K]``), its tasks other than ``played`` of
    ``count`` largest positive coefficients, as arrays ``[K]`` (flipping a task of zero
    coefficient changes nothing)."""
    ranked = np.argsort(
        -np.where(np.arange(len(pos))[:, None] == played, -np.inf, pos), axis=0, kind="stable"
    )
    return [ranked[i] for i in range(min(count, len(pos) - 1))]


class _Search:
    """The bound-then-evaluate minimum for a few dual vectors at once (one chunk of levels)."""

    def __init__(self, tg: TableGains, duals: TableDuals) -> None:
        self.tg = tg
        self.u = (duals.agent_a + duals.agent_b) @ tg.table  # [K, T]
        self.s_a, self.s_b = duals.agent_a.sum(1), duals.agent_b.sum(1)
        self.s_t, self.d_t = duals.task.sum(1), duals.task
        self.stopped = False  # whether the last search stopped at `most` joints

    def _exact(self, a: np.ndarray, b: np.ndarray, t: int, k: int) -> np.ndarray:
        """``(A^T d_k)(a, b, t)`` joint by joint, for one level ``k``."""
        x = self.tg.table
        c = self.d_t[k].copy()
        c[t] -= self.s_t[k]
        values = np.abs(x[a] - x[b]) @ c
        values += self.u[k, t]
        values -= self.s_a[k] * x[a, t]
        values -= self.s_b[k] * x[b, t]
        return values

    def _bound(self, t: int, sign: float, c, pos, neg, n_k: int):
        """The lower bound of each model's joints at task ``t`` on sign case ``sign`` of
        ``D_t``: ``(low [M, K], v [M, K], w [M, K], flipped)``, ``w`` in the order of
        ``X(., t)``, ``flipped`` the ``(v, w)`` of the bounds with one more task's sign flipped.

        The base bound, and the same with the sign of one more task flipped
        (``|D| >= -s D`` as well) for each of the tasks of largest coefficient:
        a model whose strongest partner crosses it there is cleared by one of these.
        """
        tg, x = self.tg, self.tg.table
        alpha, beta = sign * pos, -sign * pos
        alpha[t] = -self.s_a + sign * c[t]
        beta[t] = -self.s_b - sign * c[t]
        alphas, betas = [alpha], [beta]
        for flip in _flips(pos, t, _FLIPS):
            cols = np.arange(len(flip))
            alpha_f, beta_f = alpha.copy(), beta.copy()
            alpha_f[flip, cols] *= -1.0
            beta_f[flip, cols] *= -1.0
            alphas.append(alpha_f), betas.append(beta_f)
        v_all = (x @ np.hstack(alphas)) + np.tile(tg.far @ neg + self.u[:, t], len(alphas))  # [M, P K]
        w_all = (x @ np.hstack(betas))[tg.order[t]]
        end = tg.end[t, 0 if sign > 0 else 1]
        if sign > 0:  # D_t >= 0: the b with X(b, t) <= X(a, t), a prefix
            best = np.minimum.accumulate(w_all, axis=0)[end]
        else:  # D_t <= 0: the b with X(b, t) >= X(a, t), a suffix
            best = np.minimum.accumulate(w_all[::-1], axis=0)[::-1][end]
        low = (v_all + best).reshape(len(x), len(alphas), n_k).max(axis=1)
        parts = [
            (v_all[:, i * n_k : (i + 1) * n_k], w_all[:, i * n_k : (i + 1) * n_k]) for i in range(len(alphas))
        ]
        return low, parts[0][0], parts[0][1], parts[1:]

    @staticmethod
    def _partners(a, k, v, w, perm, limit, end, sign):
        """The joints the bound leaves for rows ``(a, k)`` of one level ``k``:
        ``(a, position of b in the order of X(., t))`` for the ``b`` on ``a``'s side
        with ``v(a) + w(b) < limit``, a prefix of ``w``'s sorted order ``perm``."""
        count = np.searchsorted(w[perm, k], limit[k] - v[a, k], side="left")
        first = np.repeat(np.cumsum(count) - count, count)
        at = perm[np.arange(int(count.sum())) - first]
        a = np.repeat(a, count)
        side = at <= end[a] if sign > 0 else at >= end[a]
        return a[side], at[side]

    def below(self, limit: np.ndarray, keep: bool, most: int | None = None):
        """Each level's minimum resolved below ``limit`` ``[K]`` (see :meth:`TableGains.lowest`),
        and with ``keep`` the joints found below it ``(flat, values)``.

        With ``most``, the search stops once that many joints are found (the
        pricing of column generation needs some, not all, while its LP is far
        from optimal; the minimum returned is then not resolved): the models
        whose bound is lowest are searched first.
        """
        tg = self.tg
        out = np.full(len(limit), np.inf)
        found_j, found_v = [np.zeros(0, dtype=np.int64)], [np.zeros(0)]
        found = 0
        for t in range(tg.tasks):
            c = self.d_t.T.copy()  # [T, K]: coefficient of |D_t'| while t is played
            c[t] -= self.s_t
            pos, neg = np.maximum(c, 0.0), np.minimum(c, 0.0)
            pos[t] = neg[t] = 0.0
            order = tg.order[t]
            for sign in (1.0, -1.0):
                low, v, w, flipped = self._bound(t, sign, c, pos, neg, len(limit))
                end = tg.end[t, 0 if sign > 0 else 1]
                flagged = low < limit[None, :]
                np.minimum(out, np.where(flagged, np.inf, low).min(axis=0), out=out)
                for k in np.flatnonzero(flagged.any(axis=0)):
                    # Partners left by the bound are >= limit: that bound stands for them.
                    out[k] = min(out[k], limit[k])
                    rows = np.flatnonzero(flagged[:, k])
                    rows = rows[np.argsort(low[rows, k], kind="stable")]
                    # Only the b below the largest threshold can be anyone's partner: sort those.
                    perm = np.flatnonzero(w[:, k] < limit[k] - v[rows, k].min())
                    perm = perm[np.argsort(w[perm, k], kind="stable")]
                    for start in range(0, len(rows), _ROWS):
                        a, at = self._partners(rows[start : start + _ROWS], k, v, w, perm, limit, end, sign)
                        for v_f, w_f in flipped:  # each flipped bound, pair by pair: cheaper than the value
                            near = v_f[a, k] + w_f[at, k] < limit[k]
                            a, at = a[near], at[near]
                        b = order[at]
                        values = self._exact(a, b, t, k)
                        out[k] = min(out[k], values.min(initial=np.inf))
                        if keep:
                            hit = values < limit[k]
                            found_j.append(tg.flat(a[hit], b[hit], np.full(int(hit.sum()), t)))
                            found_v.append(values[hit])
                            found += int(hit.sum())
                            if most is not None and found >= most:
                                self.stopped = True
                                return out, (np.concatenate(found_j), np.concatenate(found_v))
        return out, (np.concatenate(found_j), np.concatenate(found_v))
