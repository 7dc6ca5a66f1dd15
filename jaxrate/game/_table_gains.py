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
minimum in the order of ``X(., t)``. While task ``t`` is played the
coefficient of ``|D_{t'}|`` is ``d_T(t')`` for every other task, so every
task's ``v`` and ``w`` are one product ``X d_T`` less the task's own term: the
bounds of all ``T`` tasks cost ``O(M T)`` together, a few array operations
(the cost of a pricing pass no longer grows as ``T`` passes). The same bound
with one more task's sign flipped (``|D| >= -s D`` too) gives two more
variants; a model is flagged only where all of them are below the limit, and
its partners are listed from the variant that bounds it tightest, then checked
pair by pair against the others. The bound follows the tasks' correlation (a
strong model is strong on every task), so on real boards only a few thousand
of the millions of joints are left to evaluate one by one. Every bound is a
true lower bound, so a minimum taken this way is a valid dual bound (never
above the true minimum). Where ``d_A = d_B`` (every dual of the board's own
solve, which splits a model's multiplier evenly between the two agent players)
``(A^T d)(a, b, t) = (A^T d)(b, a, t)``, and each pair is searched once, in the
sign case ``D_t >= 0`` of its better model on ``t``: half the bounds and half the
listing of both cases.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

__all__ = ["TableGains", "TableDuals", "uniform_payoffs"]

# Joints whose |D| rows are held at once when a joint's gains are taken.
_JOINT_CHUNK = 1 << 18
# Dual vectors bounded at once: at most 64, and at most this many bound cells
# (the bound arrays are [T, M, levels], a few dozen of them alive at once).
_LEVEL_CHUNK = 64
_BOUND_CELLS = 1 << 19
# Tasks whose sign is flipped, one at a time, in the bound's other variants (flipping each
# benchmark's subtasks together measured 1.9x slower on the 1,000 x 53 subtask board).
_FLIPS = 2
# The bound's shrunk variants: |D_t'| >= lambda s D_t' for any lambda in [-1, 1], with
# lambda = rho^p (rho: the correlation of tasks t and t' over the models, sign kept), one
# variant per power.
_SHRINK_POWERS = (2, 8)
# Partners per level that the base and flipped bounds would list, past which the shrunk
# variants are added (they cost two more bound passes; below this they save less).
_SHRINK_FROM = 100_000
# Candidate (row, partner) pairs of the bound checked at once: small enough to stay in cache
# (1 << 20 took 5,000 x 6 from 93 to 156 s).
_PAIRS = 1 << 16
# Models of each task's order sampled to estimate how many partners a bound leaves a row.
_SAMPLE = 64
# Flagged rows sampled to estimate how many partners a level's bound would list.
_SAMPLE_ROWS = 128


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
        # The same orders and ends as flat indices into [T, M] arrays (fast gathers).
        rows = np.arange(self.tasks)[:, None] * self.models
        self.order_flat = (self.order + rows).ravel()
        self.end_flat = [(self.end[:, case] + rows).ravel() for case in (0, 1)]
        self.shrink = _shrink(table, _SHRINK_POWERS)

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
        chunk = max(1, min(_LEVEL_CHUNK, _BOUND_CELLS // (self.models * self.tasks)))
        for start in range(0, k_all, chunk):
            levels = slice(start, min(start + chunk, k_all))
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
        lowest first (with ``d_A = d_B``, one joint of each pair ``(a, b, t)``, ``(b, a, t)``
        of equal value: the one with ``X(a, t) >= X(b, t)``), and ``lowest`` the minimum of
        ``A^T d`` over every joint resolved down to ``limit`` (see :meth:`lowest`: a valid lower bound of
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


def _flips(pos: np.ndarray, count: int) -> np.ndarray:
    """For every played task ``t`` and level ``k``, the ``count`` tasks other than ``t`` of
    largest positive coefficient ``pos`` ``[K, T]``, as ``[count, T, K]`` (flipping a task of
    zero coefficient changes nothing): the first ``count`` of each level's ranking that are not ``t``."""
    n_t = pos.shape[1]
    count = min(count, n_t - 1)
    ranked = np.argsort(-pos, axis=1, kind="stable")[:, : count + 1]  # [K, count + 1]
    past = np.cumsum(ranked[None] == np.arange(n_t)[:, None, None], axis=2)  # [T, K, count + 1]
    at = np.arange(count) + past[:, :, :count]  # rank i, or i + 1 where t is ranked at or before i
    flips = np.take_along_axis(np.broadcast_to(ranked, (n_t,) + ranked.shape), at, axis=2)
    return flips.transpose(2, 0, 1)


class _Search:
    """The bound-then-evaluate minimum for a few dual vectors at once (one chunk of levels)."""

    def __init__(self, tg: TableGains, duals: TableDuals) -> None:
        self.tg = tg
        self.u = (duals.agent_a + duals.agent_b) @ tg.table  # [K, T]
        self.s_a, self.s_b = duals.agent_a.sum(1), duals.agent_b.sum(1)
        self.s_t, self.d_t = duals.task.sum(1), duals.task
        # With d_A = d_B (every dual of the board's own solve) (a, b, t) and (b, a, t) are worth
        # the same, and the pair with X(b, t) <= X(a, t) is one of row a's sign case D_t >= 0:
        # that case alone covers every joint (the other case listed each pair a second time).
        self.signs = (1.0,) if np.array_equal(duals.agent_a, duals.agent_b) else (1.0, -1.0)
        self.stopped = False  # whether the last search stopped at `most` joints

    def _exact(self, a: np.ndarray, b: np.ndarray, t: np.ndarray, k: int) -> np.ndarray:
        """``(A^T d_k)(a, b, t)`` joint by joint, for one level ``k``: the ``|D_t'|`` terms over
        the tasks of non-zero dual only (about 20 of 53 on the subtask boards)."""
        x = self.tg.table
        used = np.flatnonzero(self.d_t[k])
        x_used, d_used = x[:, used], self.d_t[k, used]
        values = np.empty(len(a))
        for start in range(0, len(a), _JOINT_CHUNK // 4):
            part = slice(start, start + _JOINT_CHUNK // 4)
            pa, pb, pt = a[part], b[part], t[part]
            values[part] = np.abs(x_used[pa] - x_used[pb]) @ d_used
            values[part] -= self.s_t[k] * np.abs(x[pa, pt] - x[pb, pt])
        values += self.u[k, t]
        values -= self.s_a[k] * x[a, t]
        values -= self.s_b[k] * x[b, t]
        return values

    def _bounds(self) -> list:
        """The lower bounds of every task's joints in both sign cases of ``D_t``, all tasks at
        once: ``[(sign, (low [T, M, K], tightest [T, M, K], variants))]``, ``variants`` the
        ``(v, w)`` of each bound (the base one, then those with one more task's sign flipped;
        ``w[t]`` in the order of ``X(., t)``), ``low`` the largest and ``tightest`` which
        variant gives it.

        While task ``t`` is played the coefficient of ``|D_t'|`` is ``d_T(t')`` for
        ``t' != t``, so each task's bound is the same product ``X d_T`` less task
        ``t``'s own term: ``O(M T)`` for every task together, not ``O(M T)`` per task;
        the terms that do not depend on the sign case are taken once for both.
        With the sign of one more task flipped (``|D| >= -s D`` as well), for each of
        the tasks of largest coefficient: a model whose strongest partner crosses it
        there is cleared by one of these.
        """
        tg, x = self.tg, self.tg.table
        pos, neg = np.maximum(self.d_t, 0.0), np.minimum(self.d_t, 0.0)  # [K, T]
        xt = x.T[:, :, None]  # [T, M, 1]
        # The played task's own coefficient, c_t = d_T(t) - S_T, less the pos(t) that the
        # product over every task counts: [T, M, K].
        self.own = xt * (self.d_t - self.s_t[:, None] - pos).T[:, None, :]
        # s times: sum_{t' != t} pos(t') X(., t') plus task t's own coefficient: [T, M, K]
        signed = (x @ pos.T)[None] + self.own
        self.a_part = xt * -self.s_a + self.u.T[:, None, :]
        if neg.any():  # c < 0: |D| <= far
            self.a_part = self.a_part + (tg.far @ neg.T)[None] - tg.far.T[:, :, None] * neg.T[:, None, :]
        self.b_in_order = tg.sorted[:, :, None] * -self.s_b  # [T, M, K]: b's part, each task's order
        flips = [
            2.0
            * np.take(x, flip, axis=1).transpose(1, 0, 2)
            * np.take_along_axis(pos.T, flip, axis=0)[:, None, :]
            for flip in _flips(pos, _FLIPS)  # [T, K] each
        ]
        cases = [(sign, (None, None, [])) for sign in self.signs]
        return self._with(cases, [signed, *(signed - f for f in flips)])

    def _shrunk(self, cases: list) -> list:
        """``cases`` with the shrunk variants of the bound added (one per ``lambda``): with
        ``|D_t'| >= lambda s D_t'`` for ``lambda = rho(t, t')^p``, a task that moves with ``t``
        keeps most of its term and one that does not gives up little of it, where the base bound
        (``lambda = 1``) gives up twice the term for every partner on its other side."""
        x, pos = self.tg.table, np.maximum(self.d_t, 0.0)
        k, (m, n_t) = len(pos), x.shape
        lams = np.stack(self.tg.shrink)  # [P, T, T]
        weighted = (x[None] * pos[:, None, :]).reshape(k * m, n_t)
        products = (weighted @ lams.transpose(2, 0, 1).reshape(n_t, -1)).reshape(k, m, len(lams), n_t)
        return self._with(
            cases, [products[:, :, i, :].transpose(2, 1, 0) + self.own for i in range(len(lams))]
        )

    def _with(self, cases: list, sources: list) -> list:
        """``cases`` with one variant of the bound added per ``sources`` array (``s`` times the
        bound's ``X`` terms, ``[T, M, K]``): ``v = s * source + a_part``, ``w = -s * source +
        b_part`` in each task's order."""
        tg = self.tg
        shape = sources[0].shape
        k = shape[2]
        # Each source in each task's order once, for both sign cases (the gather cost as much as
        # the rest of a variant).
        ordered = [s_i.reshape(-1, k).take(tg.order_flat, axis=0).reshape(shape) for s_i in sources]
        out = []
        for sign, (low, which, parts) in cases:
            parts = list(parts)
            for s_i, in_order in zip(sources, ordered):
                v = sign * s_i + self.a_part
                w = self.b_in_order - sign * in_order
                if sign > 0:  # D_t >= 0: the b with X(b, t) <= X(a, t), a prefix
                    best = np.minimum.accumulate(w, axis=1)
                else:  # D_t <= 0: the b with X(b, t) >= X(a, t), a suffix
                    best = np.minimum.accumulate(w[:, ::-1], axis=1)[:, ::-1]
                bound = v + best.reshape(-1, k).take(tg.end_flat[0 if sign > 0 else 1], axis=0).reshape(shape)
                if low is None:
                    low, which = bound, np.zeros(shape, dtype=np.int8)
                else:
                    which = which.copy()
                    which[bound > low] = len(parts)
                    low = np.maximum(low, bound)
                parts.append((v, w))
            out.append((sign, (low, which, parts)))
        return out

    def _listing(self, cases: list, flagged: list, limit: np.ndarray) -> float:
        """About how many partners the flagged rows would list from their tightest bound, per
        level (every ``_SAMPLE``-th model of each task's order counted)."""
        step = max(1, self.tg.models // _SAMPLE)
        total = 0
        for (_, (_, which, parts)), flags in zip(cases, flagged):
            tt, aa, kk = np.nonzero(flags)
            every = max(1, len(tt) // _SAMPLE_ROWS)  # and every `every`-th flagged row
            tt, aa, kk = tt[::every], aa[::every], kk[::every]
            step_rows = step * every
            tightest = which[tt, aa, kk]
            for i, (v, w) in enumerate(parts):
                at = np.flatnonzero(tightest == i)
                if len(at):
                    t, a, k = tt[at], aa[at], kk[at]
                    threshold = limit[k] - v[t, a, k]
                    total += int((w[:, ::step, :][t, :, k] < threshold[:, None]).sum()) * step_rows
        return total / len(limit)

    def below(self, limit: np.ndarray, keep: bool, most: int | None = None):
        """Each level's minimum resolved below ``limit`` ``[K]`` (see :meth:`TableGains.lowest`),
        and with ``keep`` the joints found below it ``(flat, values)``.

        With ``most``, the search stops once that many joints are found (the
        pricing of column generation needs some, not all, while its LP is far
        from optimal; the minimum returned is then not resolved), task by task.
        """
        out = np.full(len(limit), np.inf)
        self.found_j, self.found_v = [np.zeros(0, dtype=np.int64)], [np.zeros(0)]
        self.found, self.most = 0, most
        cases = self._bounds()
        flagged = [low < limit for _, (low, *_) in cases]  # [T, M, K] per sign case
        # (The listing and the shrunk variants' cost both scale with the sign cases searched.)
        if self.tg.shrink and self._listing(cases, flagged, limit) * 2 / len(cases) > _SHRINK_FROM:
            cases = self._shrunk(cases)
            flagged = [low < limit for _, (low, *_) in cases]
        for (_, (low, *_)), flags in zip(cases, flagged):
            np.minimum(out, np.where(flags, np.inf, low).min(axis=(0, 1)), out=out)
        for k in np.flatnonzero(np.any([flags.any(axis=(0, 1)) for flags in flagged], axis=0)):
            # Partners left by the bound are >= limit: that bound stands for them.
            out[k] = min(out[k], limit[k])
            for (sign, parts), flags in zip(cases, flagged):
                for a, b, t in self._left(k, sign, parts, flags[:, :, k], limit[k]):
                    out[k] = min(out[k], self._evaluated(a, b, t, k, limit[k], keep))
                    if self.stopped:
                        return out, (np.concatenate(self.found_j), np.concatenate(self.found_v))
        return out, (np.concatenate(self.found_j), np.concatenate(self.found_v))

    def _evaluated(self, a, b, t, k: int, limit: float, keep: bool) -> float:
        """The lowest value of joints ``(a, b, t)`` at level ``k``; with ``keep``, those below
        ``limit`` are kept (and the search stops at ``most`` of them)."""
        values = self._exact(a, b, t, k)
        if keep:
            hit = values < limit
            self.found_j.append(self.tg.flat(a[hit], b[hit], t[hit]))
            self.found_v.append(values[hit])
            self.found += int(hit.sum())
            self.stopped = self.most is not None and self.found >= self.most
        return float(values.min(initial=np.inf))

    def _left(self, k: int, sign: float, parts, flags: np.ndarray, limit: float):
        """The joints ``(a, b, t)`` that level ``k``'s bound leaves in sign case ``sign``, every
        task at once, in chunks of about ``_PAIRS``: the rows ``(t, a)`` flagged by the bound,
        each with the partners ``b`` on its side that no variant of the bound clears. Each row's
        partners are listed from one variant (a prefix of its task's candidates sorted by that
        variant's ``w``): the tightest at the row, or with the shrunk variants the one estimated
        to list the fewest (:func:`_fewest`); then checked against the others pair by pair,
        the pairs a variant clears dropped before the next is checked."""
        tg = self.tg
        _, which, variants = parts
        tt, aa = np.nonzero(flags)  # [R]: flagged rows, by task
        row_at = tt * tg.models + aa  # flat [T, M] indices
        bounds = [b_w[:, :, k].ravel() for _, b_w in variants]
        # Each row's threshold under each bound: a partner b clears the row where w(b) >= it.
        thresholds = np.stack([limit - b_v[:, :, k].ravel().take(row_at) for b_v, _ in variants])
        listed_by = which[:, :, k].ravel().take(row_at)
        if len(bounds) > 1 + _FLIPS:  # with the shrunk variants: from the one that lists fewest
            listed_by = _fewest(tg, tt, thresholds, bounds, listed_by)
        ends_k = tg.end[:, 0 if sign > 0 else 1].ravel()
        for i, b_w in enumerate(bounds):
            rows_i = np.flatnonzero(listed_by == i)
            if not len(rows_i):
                continue
            ci, first, count = _candidates(tg, tt[rows_i], thresholds[i, rows_i], b_w)
            count = _scatter(count, rows_i, len(tt))
            ends = np.cumsum(count[rows_i])
            start = 0
            while start < len(rows_i):
                base = ends[start] - count[rows_i[start]]
                stop = min(len(rows_i), max(start + 1, int(np.searchsorted(ends, base + _PAIRS, "right"))))
                chunk = rows_i[start:stop]
                rows = np.repeat(chunk, count[chunk])
                within = np.arange(len(rows)) - np.repeat(
                    ends[start:stop] - count[chunk] - base, count[chunk]
                )
                t = tt.take(rows)
                at = ci.take(first.take(t) + within)
                start = stop
                keep = np.flatnonzero(
                    at <= ends_k.take(row_at.take(rows)) if sign > 0 else at >= ends_k.take(row_at.take(rows))
                )
                for j, w_j in enumerate(bounds):  # the other bounds, pair by pair, on what is left
                    if j != i and len(keep):
                        r, partner = rows.take(keep), t.take(keep) * tg.models + at.take(keep)
                        keep = keep[w_j.take(partner) < thresholds[j].take(r)]
                if len(keep):
                    t_k = t.take(keep)
                    yield aa.take(rows.take(keep)), tg.order[t_k, at.take(keep)], t_k


def _fewest(tg: TableGains, tt: np.ndarray, thresholds: np.ndarray, bounds: list, tightest: np.ndarray):
    """For each flagged row, the bound to list its partners from: the one that leaves it the
    fewest, estimated from every ``_SAMPLE``-th model of its task's order (the tightest bound
    where the estimates tie)."""
    if len(bounds) == 1:
        return tightest
    step = max(1, tg.models // _SAMPLE)
    counts = np.stack(
        [
            (w.reshape(tg.tasks, tg.models)[:, ::step].take(tt, axis=0) < thr[:, None]).sum(axis=1)
            for w, thr in zip(bounds, thresholds)
        ]
    )  # [V, R]
    fewest = counts.min(axis=0)
    return np.where(counts[tightest, np.arange(len(tt))] == fewest, tightest, counts.argmin(axis=0))


def _candidates(tg: TableGains, tt: np.ndarray, threshold: np.ndarray, w: np.ndarray):
    """One bound's candidate partners of rows ``(tt, .)`` (``tt`` by task, as ``np.nonzero``
    lists them) with thresholds ``threshold`` ``[R]``: ``(positions [P], first [T], count [R])``,
    the positions (in each task's order of ``X``) of every task's ``b`` with ``w`` below its
    largest threshold, sorted by task then ``w`` (``w`` flat ``[T, M]``); each task's first;
    each row's count below its own threshold (strictly).

    Task by task: a sort of the task's candidates and one search of its rows' thresholds
    (two ``lexsort`` of every candidate and row together took 1.5x as long, 18% of a
    2,000 x 53 board's rating)."""
    top = np.full(tg.tasks, -np.inf)
    np.maximum.at(top, tt, threshold)
    ct, ci = np.nonzero(w.reshape(tg.tasks, tg.models) < top[:, None])  # by task, then model
    wc = w.take(ct * tg.models + ci)
    first = np.searchsorted(ct, np.arange(tg.tasks + 1))
    rows = np.searchsorted(tt, np.arange(tg.tasks + 1))
    count = np.empty(len(tt), dtype=np.int64)
    for t in np.flatnonzero(rows[1:] > rows[:-1]):
        lo, hi = first[t], first[t + 1]
        order = np.argsort(wc[lo:hi], kind="stable")  # ties by model, as before
        ci[lo:hi] = ci[lo:hi].take(order)
        mine = slice(rows[t], rows[t + 1])
        count[mine] = np.searchsorted(wc[lo:hi].take(order), threshold[mine])
    return ci, first[:-1], count


def _shrink(table: np.ndarray, powers: tuple) -> list:
    """The bound's shrunk coefficients ``[T, T]``, one per power ``p``: ``sign(rho) |rho|^p`` with
    ``rho`` the correlation of two tasks' columns (0 where a column is constant), 1 on the
    diagonal (the played task's own term is exact)."""
    if table.shape[0] < 2 or table.shape[1] < 2:
        return []
    centred = table - table.mean(axis=0)
    norm = np.sqrt(np.einsum("mt,mt->t", centred, centred))
    moves = norm > 0
    safe = np.where(moves, norm, 1.0)
    rho = np.clip((centred.T @ centred) / np.outer(safe, safe), -1.0, 1.0)
    rho[~moves, :] = 0.0
    rho[:, ~moves] = 0.0
    out = []
    for p in powers:
        lam = np.sign(rho) * np.abs(rho) ** p
        np.fill_diagonal(lam, 1.0)
        out.append(lam)
    return out


def _scatter(values: np.ndarray, at: np.ndarray, size: int) -> np.ndarray:
    """``values`` placed at ``at`` in a zero array of ``size``."""
    out = np.zeros(size, dtype=values.dtype)
    out[at] = values
    return out
