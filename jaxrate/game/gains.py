r"""CCE deviation gains: the one definition every path shares.

For payoffs ``G`` ``[N, A_1, ..., A_N]`` and a joint distribution ``sigma``
``[A_1, ..., A_N]`` the CCE deviation gain of player ``p``'s strategy ``a'`` is

.. math::

   \delta_p(a') = \sum_a \sigma(a) [G_p(a', a_{-p}) - G_p(a)]
                = \sum_{a_{-p}} m_{-p}(a_{-p}) G_p(a', a_{-p}) - \sum_a \sigma(a) G_p(a),

with ``m_{-p}`` the marginal of the other players. The constraints are stacked
player by player, ``C = sum_p A_p`` of them: constraint ``c`` of player ``p``
and strategy ``a'`` sits at ``offsets[p] + a'``. ``A`` below is the
``[C, |A|]`` constraint matrix, never built except by :func:`constraint_matrix`.

Every function here works on numpy arrays and, unchanged, on JAX arrays (it
uses the array module of its input), so the exact path (numpy, float64) and the
JAX path compute gains with the same code.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from jaxrate.game._game import Game

__all__ = [
    "constraint_offsets",
    "deviation_gains",
    "deviation_gains_per_player",
    "transpose_gains",
    "split_players",
    "constraint_matrix",
    "constraint_columns",
    "task_contributions",
    "uniform_ratings",
]


def _xp(x: Any):
    """The array module of ``x`` (``jax.numpy`` for JAX arrays, else numpy)."""
    if type(x).__module__.startswith(("jax", "jaxlib")):
        import jax.numpy as jnp

        return jnp
    return np


def _payoffs(game_or_payoffs: Any) -> Any:
    """The payoff tensor of a :class:`jaxrate.Game`, or the array itself."""
    return game_or_payoffs.payoffs if isinstance(game_or_payoffs, Game) else game_or_payoffs


def _joint(joint_or_result: Any) -> Any:
    """The joint of a :class:`jaxrate.Ratings` (or any result with one), or the array itself."""
    return getattr(joint_or_result, "joint", joint_or_result)


def constraint_offsets(num_strategies: tuple[int, ...]) -> np.ndarray:
    """Start of each player's constraints in the stacked order, ``[N + 1]``."""
    return np.concatenate([[0], np.cumsum(num_strategies)]).astype(np.int64)


def split_players(flat: Any, num_strategies: tuple[int, ...]) -> tuple:
    """A ``[..., C]`` vector stacked by player as one ``[..., A_p]`` array per player."""
    offsets = constraint_offsets(tuple(num_strategies))
    return tuple(flat[..., offsets[p] : offsets[p + 1]] for p in range(len(num_strategies)))


def _deviation_payoffs(payoffs_p: Any, p: int, sigma: Any) -> Any:
    """``sum_{a_-p} m_-p(a_-p) G_p(a', a_-p)`` for every ``a'``, ``[A_p]``."""
    xp = _xp(payoffs_p)
    marginal = sigma.sum(axis=p)  # [A_-p]
    moved = xp.moveaxis(payoffs_p, p, 0)  # [A_p, A_-p]
    return moved.reshape(moved.shape[0], -1) @ marginal.reshape(-1)


def deviation_gains_per_player(payoffs: Any, sigma: Any) -> list:
    """Deviation gains of every player, a list of ``[A_p]`` arrays.

    Args:
      payoffs: ``[N, A_1, ..., A_N]`` or a :class:`jaxrate.Game`.
      sigma: joint distribution ``[A_1, ..., A_N]`` (or a result's ``joint``).
    """
    payoffs, sigma = _payoffs(payoffs), _joint(sigma)
    n = payoffs.shape[0]
    out = []
    for p in range(n):
        value = (sigma * payoffs[p]).sum()
        out.append(_deviation_payoffs(payoffs[p], p, sigma) - value)
    return out


def deviation_gains(payoffs: Any, sigma: Any) -> Any:
    """All ``C = sum_p A_p`` deviation gains ``A @ sigma``, stacked by player, ``[C]``.

    Costs ``O(N |A|)``; the constraint matrix is never formed. ``payoffs`` may
    be a :class:`jaxrate.Game` and ``sigma`` a :class:`jaxrate.Ratings`.

    Example:
      >>> import numpy as np
      >>> g = np.array([[[1., -1.], [-1., 1.]], [[-1., 1.], [1., -1.]]])
      >>> deviation_gains(g, np.full((2, 2), 0.25)).tolist()
      [0.0, 0.0, 0.0, 0.0]
    """
    payoffs = _payoffs(payoffs)
    return _xp(payoffs).concatenate(deviation_gains_per_player(payoffs, sigma))


def transpose_gains(payoffs: Any, y: Any) -> Any:
    r"""The adjoint ``A^T y`` ``[A_1, ..., A_N]`` of :func:`deviation_gains`.

    .. math::

       (A^T y)(a) = \sum_p \Big[\sum_{a'} y_p(a') G_p(a', a_{-p})
                    - \big(\sum_{a'} y_p(a')\big) G_p(a)\Big]

    Args:
      payoffs: ``[N, A_1, ..., A_N]``, a :class:`jaxrate.Game`, or a tuple of the
        ``N`` tensors ``[A_1, ..., A_N]`` (a JAX loop that prices at every step slices once).
      y: constraint weights ``[C]`` stacked by player.
    """
    payoffs = _payoffs(payoffs)
    xp = _xp(payoffs[0])
    n = len(payoffs)
    offsets = constraint_offsets(tuple(payoffs[0].shape))
    if xp is np and not isinstance(payoffs, tuple):
        return _transpose_gains_numpy(payoffs, y, offsets)
    total = None
    for p in range(n):
        y_p = y[offsets[p] : offsets[p + 1]]
        dev = xp.tensordot(y_p, payoffs[p], axes=([0], [p]))  # [A_-p]
        term = xp.expand_dims(dev, p) - y_p.sum() * payoffs[p]
        total = term if total is None else total + term
    return total


def _transpose_gains_numpy(payoffs: np.ndarray, y: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """:func:`transpose_gains` in a few BLAS passes, without transposed copies.

    Column generation prices every joint with this at every level, so it is
    the exact path's inner loop at scale.
    """
    n = payoffs.shape[0]
    shape = payoffs.shape[1:]
    sums = np.array([y[offsets[p] : offsets[p + 1]].sum() for p in range(n)])
    total = (-sums) @ payoffs.reshape(n, -1)  # -sum_p s_p G_p(a), one gemv
    total = total.reshape(shape)
    for p in range(n):
        pre = int(np.prod(shape[:p], dtype=np.int64))
        post = int(np.prod(shape[p + 1 :], dtype=np.int64))
        y_p = y[offsets[p] : offsets[p + 1]]
        dev = y_p @ payoffs[p].reshape(pre, shape[p], post)  # [pre, post]
        total += dev.reshape(shape[:p] + (1,) + shape[p + 1 :])
    return total


def constraint_matrix(payoffs: Any) -> Any:
    """The dense constraint matrix ``A`` ``[C, |A|]`` (small games only).

    ``A[offsets[p] + a', a] = G_p(a', a_-p) - G_p(a)``; ``payoffs`` ``[N, A..]`` or a :class:`jaxrate.Game`.
    """
    payoffs = _payoffs(payoffs)
    xp = _xp(payoffs)
    n = payoffs.shape[0]
    shape = tuple(payoffs.shape[1:])
    rows = []
    for p in range(n):
        g = payoffs[p]
        moved = xp.moveaxis(g, p, 0)  # [A_p, A_-p]
        # dev[a', a] = G_p(a', a_-p), constant along the deviating player's own axis.
        dev = xp.broadcast_to(xp.expand_dims(moved, 1 + p), (shape[p],) + shape)
        rows.append((dev - g[None]).reshape(shape[p], -1))
    return xp.concatenate(rows, axis=0)


def constraint_columns(payoffs: Any, joints: Any) -> Any:
    """Columns of ``A`` for selected joint strategies, ``[C, K]``.

    Args:
      payoffs: ``[N, A_1, ..., A_N]``, a :class:`jaxrate.Game` (or a tuple of the ``N`` tensors).
      joints: integer multi-indices ``[K, N]`` of the joints wanted.
    """
    payoffs = _payoffs(payoffs)
    xp = _xp(payoffs[0])
    n = len(payoffs)
    joints = xp.asarray(joints)
    rows = []
    for p in range(n):
        own = payoffs[p][tuple(joints[:, q] for q in range(n))]  # [K]
        moved = xp.moveaxis(payoffs[p], p, -1)  # [A_-p, A_p]
        dev = moved[tuple(joints[:, q] for q in range(n) if q != p)]  # [K, A_p]
        dev = xp.broadcast_to(dev, (joints.shape[0], payoffs[p].shape[p]))  # N == 1
        rows.append(dev.T - own[None, :])
    return xp.concatenate(rows, axis=0)


def task_contributions(payoffs: Any, sigma: Any, player: int = 0, over: int = -1) -> Any:
    r"""How much each strategy of player ``over`` adds to player ``player``'s gains.

    .. math::

       c(a', t) = \sum_{a : a_q = t} \sigma(a) \, [G_p(a', a_{-p}) - G_p(a)],
       \qquad \sum_t c(a', t) = \delta_p(a'),

    the paper's LiveBench decomposition (``p`` a model player, ``q`` the task
    player): under the deviation ratings' ``sigma*`` the rows sum to the
    ratings. Works on numpy and JAX arrays (and under ``jax.vmap``).

    Args:
      payoffs: ``[N, A_1, ..., A_N]`` or a :class:`jaxrate.Game`.
      sigma: joint distribution ``[A_1, ..., A_N]`` (or a result's ``joint``).
      player: ``p``, whose gains are decomposed.
      over: ``q != p``, whose strategies split them (default: the last player).

    Returns:
      ``[A_p, A_q]``.

    Raises:
      ValueError: if ``player`` and ``over`` are the same player or out of range.
    """
    from jaxrate.game._game import ScoreTableGame
    from jaxrate.game._joint import SparseJoint

    joint = _joint(sigma)
    numpy_joint = isinstance(joint, SparseJoint) or (isinstance(joint, np.ndarray) and joint.ndim == 3)
    if isinstance(payoffs, ScoreTableGame) and numpy_joint and int(player) in (0, 1) and int(over) in (2, -1):
        return _table_contributions(payoffs.table, joint, int(player))  # no payoffs built
    payoffs, sigma = _payoffs(payoffs), _joint(sigma)
    xp = _xp(payoffs)
    n = payoffs.shape[0]
    p, q = int(player), int(over)
    q = q + n if -n <= q < 0 else q
    if not (0 <= p < n and 0 <= q < n) or p == q:
        raise ValueError(f"player and over must be two different players in 0..{n - 1}; got {player}, {over}")
    g = payoffs[p]
    marginal = xp.expand_dims(sigma.sum(axis=p), 0)  # [1, A_-p], p's axis summed out
    moved = xp.moveaxis(g, p, 0)  # [A_p, A_-p]
    q_rest = q - (q > p)  # q's axis among the others
    rest = tuple(1 + i for i in range(n - 1) if i != q_rest)
    deviate = (moved * marginal).sum(axis=rest)  # [A_p, A_q]
    own = (sigma * g).sum(axis=tuple(i for i in range(n) if i != q))  # [A_q]
    return deviate - own[None, :]


def _table_contributions(table: np.ndarray, sigma: Any, player: int) -> np.ndarray:
    """:func:`task_contributions` of an agent player over the tasks of a score table's game, from
    the table and the joint's support: ``c(a', t) = m(t) X(a', t) - E_sigma[X(own, t); t]`` with
    ``m`` the task marginal and ``own`` the player's model (``O(M T)``, no payoffs built)."""
    from jaxrate.game._joint import support

    m, n_t = table.shape
    flat, w = support(sigma)
    a, b, t = np.unravel_index(flat, (m, m, n_t))
    own = np.bincount(t, weights=w * table[a if player == 0 else b, t], minlength=n_t)
    return table * np.bincount(t, weights=w, minlength=n_t)[None, :] - own[None, :]


def uniform_ratings(game_or_payoffs: Any) -> tuple[np.ndarray, ...]:
    """Uniform ratings: each strategy's mean payoff against uniform opponents.

    ``r_p(a') = mean_{a_-p} G_p(a', a_-p)``, one float64 array ``[A_p]`` per player.

    Example:
      >>> import jaxrate
      >>> jaxrate.uniform_ratings([[[1., 0.], [0., 0.]], [[0., 1.], [1., 1.]]])[0].tolist()
      [0.5, 0.0]
    """
    from jaxrate.game._game import ScoreTableGame, as_game

    game = as_game(game_or_payoffs)
    if isinstance(game, ScoreTableGame):  # from the table: its payoffs are not built
        from jaxrate.game._table_gains import uniform_payoffs

        noise = 1e-12 * game.scale  # the payoffs' ptp is the scale, 2 R
        return tuple(np.where(np.abs(u) <= noise, 0.0, u) for u in uniform_payoffs(game.table))
    g = game.payoffs
    # A mean that is zero but for rounding (e.g. +-2.8e-17 in a mirrored table)
    # is printed as zero: within 1e-12 of the payoff range.
    noise = 1e-12 * float(np.ptp(g))  # a rounding floor of the tensor, not a game's scale
    out = []
    for p in range(game.num_players):
        axes = tuple(i for i in range(game.num_players) if i != p)
        mean = np.asarray(g[p].mean(axis=axes), dtype=np.float64)
        out.append(np.where(np.abs(mean) <= noise, 0.0, mean))
    return tuple(out)
