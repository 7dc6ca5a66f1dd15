"""The normal-form game type shared by every path."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

__all__ = ["Batch", "Game", "ScoreTableGame", "as_batch", "as_game", "player_masks"]


def _check_names(kind: str, names: Sequence[Any], expected: int) -> tuple[str, ...]:
    names = tuple(str(n) for n in names)
    if len(names) != expected:
        raise ValueError(f"{kind}: expected {expected} names, got {len(names)}: {list(names)!r}")
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        if name in seen:
            raise ValueError(f"{kind}: duplicate name {name!r} at positions {seen[name]} and {i}")
        seen[name] = i
    return names


def refuse_traced(payoffs: Any) -> None:
    """A clear error for payoffs traced by ``jax.jit``, ``vmap`` or ``grad``: games,
    ratings and results live on the host, where their values are known."""
    if type(payoffs).__module__.startswith(("jax", "jaxlib")):
        import jax

        if isinstance(payoffs, jax.core.Tracer):
            raise ValueError(
                "jaxrate's games and rating functions take concrete payoffs, not arrays traced by "
                "jax.jit, vmap or grad; inside a traced function use jaxrate.batched.rate_game "
                "(one game [N, A_1, ..., A_N], a pure JAX function: vmap it over a batch)"
            )


def _as_payoff_array(payoffs: Any) -> np.ndarray:
    refuse_traced(payoffs)
    try:
        array = np.asarray(payoffs, dtype=np.float64)
    except (ValueError, TypeError) as err:
        raise ValueError(f"payoffs must be a rectangular numeric array [N, A_1, ..., A_N]: {err}") from None
    return array


class Game:
    """An N-player normal-form game with named players and strategies.

    Payoffs are one float64 tensor ``[N, A_1, ..., A_N]`` (players first):
    ``payoffs[p, a_1, ..., a_N]`` is player ``p``'s payoff at the joint strategy
    ``(a_1, ..., a_N)``.

    Args:
      payoffs: array-like ``[N, A_1, ..., A_N]`` of finite numbers.
      players: ``N`` unique player names (default ``"player0"``, ...).
      strategies: one sequence of unique names per player, ``len == A_p``
        (default ``"0"``, ``"1"``, ...).

    Raises:
      ValueError: if the payoffs are ragged, empty, non-finite, or their
        leading axis does not match the number of strategy axes; or if names are
        missing, of the wrong length, or repeated.

    Example:
      >>> import jaxrate
      >>> g = jaxrate.Game([[[1, 0], [0, 1]], [[1, 0], [0, 1]]], players=["row", "col"])
      >>> g.num_players, g.num_strategies
      (2, (2, 2))
    """

    __slots__ = ("_payoffs", "_players", "_strategies")

    def __init__(
        self,
        payoffs: Any,
        players: Sequence[Any] | None = None,
        strategies: Sequence[Sequence[Any]] | None = None,
    ) -> None:
        array = _as_payoff_array(payoffs)
        if array.ndim < 2:
            raise ValueError(
                f"payoffs must have shape [N, A_1, ..., A_N] with N >= 1 strategy axes; "
                f"got shape {array.shape}"
            )
        n = array.shape[0]
        if array.ndim - 1 != n:
            raise ValueError(
                f"payoffs of shape {array.shape} describe {n} players on the leading axis "
                f"but have {array.ndim - 1} strategy axes; expected shape [N, A_1, ..., A_N] "
                f"with N = {array.ndim - 1}"
            )
        if any(a == 0 for a in array.shape[1:]):
            raise ValueError(f"every player needs at least one strategy; got payoffs of shape {array.shape}")
        if not np.all(np.isfinite(array)):
            bad = np.argwhere(~np.isfinite(array))[0]
            raise ValueError(
                f"payoffs must be finite; found {array[tuple(bad)]} at index {tuple(int(i) for i in bad)}"
            )
        array = array.copy()
        array.setflags(write=False)
        self._payoffs = array
        if players is None:
            players = [f"player{p}" for p in range(n)]
        self._players = _check_names("players", players, n)
        if strategies is None:
            strategies = [[str(i) for i in range(a)] for a in array.shape[1:]]
        if len(strategies) != n:
            raise ValueError(f"strategies: expected {n} name lists (one per player), got {len(strategies)}")
        self._strategies = tuple(
            _check_names(f"strategies of player {self._players[p]!r}", s, array.shape[1 + p])
            for p, s in enumerate(strategies)
        )

    @property
    def payoffs(self) -> np.ndarray:
        """Read-only float64 payoffs ``[N, A_1, ..., A_N]``."""
        return self._payoffs

    @property
    def players(self) -> tuple[str, ...]:
        return self._players

    @property
    def strategies(self) -> tuple[tuple[str, ...], ...]:
        return self._strategies

    @property
    def num_players(self) -> int:
        return self._payoffs.shape[0]

    @property
    def num_strategies(self) -> tuple[int, ...]:
        return tuple(self._payoffs.shape[1:])

    @property
    def num_joints(self) -> int:
        return int(np.prod(self.num_strategies))

    def __repr__(self) -> str:
        shape = "x".join(str(a) for a in self.num_strategies)
        return f"Game({self.num_players} players {list(self.players)}, {shape} strategies)"


class ScoreTableGame(Game):
    """The agent-vs-agent-vs-task game of an ``[M, T]`` score table, held as the table.

    ``G_A(a, b, t) = X(a, t) - X(b, t)``, ``G_B = -G_A``, ``G_T = |G_A|``
    (:func:`jaxrate.agent_vs_agent_vs_task` returns one). It is a
    :class:`Game` like any other; its ``3 M^2 T`` payoffs are built only when
    read (``payoffs``), so a board of 5,000 models x 6 tasks costs the table's
    240 kB, not 3.6 GB. The exact path and :func:`jaxrate.verify` work from
    the table (:mod:`jaxrate.exact._board`, :mod:`jaxrate.game._table_gains`).

    Args:
      table: ``[M, T]`` finite float64 scores (validated by the caller,
        :func:`jaxrate.games.score_table`).
      agents, tasks: unique names of the rows and columns.
    """

    __slots__ = ("_table",)

    def __init__(self, table: np.ndarray, agents: Sequence[Any], tasks: Sequence[Any]) -> None:
        table = np.array(table, dtype=np.float64)
        if table.ndim != 2 or not np.all(np.isfinite(table)):
            raise ValueError(f"a score table must be a finite [agents, tasks] array; got shape {table.shape}")
        table.setflags(write=False)
        self._table = table
        self._payoffs = None
        self._players = ("agent_a", "agent_b", "task")
        agents = _check_names("strategies of player 'agent_a'", agents, table.shape[0])
        tasks = _check_names("strategies of player 'task'", tasks, table.shape[1])
        self._strategies = (agents, agents, tasks)

    @property
    def table(self) -> np.ndarray:
        """Read-only ``[M, T]`` scores."""
        return self._table

    @property
    def scale(self) -> float:
        """The game's payoff scale (:func:`jaxrate.payoff_scale`) from the table: twice its
        largest task range (``G_A`` spans ``[-R, R]``, ``G_T`` ``[0, R]``)."""
        return float(2 * np.ptp(self._table, axis=0).max())

    @property
    def payoffs(self) -> np.ndarray:
        """Read-only float64 payoffs ``[3, M, M, T]``, built on first read."""
        if self._payoffs is None:
            x = self._table
            g_a = x[:, None, :] - x[None, :, :]
            payoffs = np.stack([g_a, -g_a, np.abs(g_a)])
            payoffs.setflags(write=False)
            self._payoffs = payoffs
        return self._payoffs

    @property
    def num_players(self) -> int:
        return 3

    @property
    def num_strategies(self) -> tuple[int, ...]:
        m, t = self._table.shape
        return (m, m, t)


def as_game(game_or_payoffs: Any) -> Game:
    """Return ``game_or_payoffs`` as a :class:`Game` (validating raw payoffs)."""
    if isinstance(game_or_payoffs, Game):
        return game_or_payoffs
    return Game(game_or_payoffs)


def player_masks(masks: Any, shape: tuple[int, ...], batch: int) -> tuple[np.ndarray, ...] | None:
    """Per-player strategy masks as bool arrays ``[B, A_p]`` (``None`` stays ``None``).

    Each mask may be ``[A_p]`` (the same for every game) or ``[B, A_p]``.

    Raises:
      ValueError: for a wrong number of masks or a mask of the wrong shape.
    """
    if masks is None:
        return None
    if len(masks) != len(shape):
        raise ValueError(f"masks: expected one mask per player ({len(shape)}), got {len(masks)}")
    out = []
    for p, (m, a) in enumerate(zip(masks, shape)):
        m = np.asarray(m, dtype=bool)
        if m.ndim == 1:
            m = np.broadcast_to(m, (batch, a))
        if m.shape != (batch, a):
            raise ValueError(f"masks[{p}]: expected shape ({batch}, {a}) or ({a},), got {m.shape}")
        out.append(m)
    return tuple(out)


class Batch(NamedTuple):
    """Games of one shape, read from whatever the caller passed (:func:`as_batch`)."""

    payoffs: Any  # [B, N, A_1, ..., A_N]: numpy, or a JAX array left as it is
    batched: bool  # whether the caller passed a batch (else one game, B = 1)
    players: tuple[str, ...]
    strategies: tuple[tuple[str, ...], ...]
    game: Game | None = None  # the one Game the caller passed, if any


class _LazyPayoffs:
    """``[1, N, A..]`` payoffs of one :class:`ScoreTableGame`, built only where a path reads them
    (the exact path rates the game through its table and never does)."""

    def __init__(self, game: ScoreTableGame) -> None:
        self.game = game
        self.shape = (1, game.num_players) + game.num_strategies
        self.dtype = np.dtype(np.float64)
        self.ndim = len(self.shape)

    def __getitem__(self, index: Any) -> np.ndarray:
        return self.game.payoffs[None][index]

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        out = self.game.payoffs[None]
        if dtype is not None:
            out = out.astype(dtype)
        return np.array(out) if copy else out


def _read_shape(shape: tuple[int, ...], batched: bool | None) -> bool:
    """Whether an array of ``shape`` is a batch: the one place the shape is read.

    ``[N, A_1, ..., A_N]`` is one game and ``[B, N, A_1, ..., A_N]`` a batch; a
    shape that reads both ways (``[4, 3, 6, 6, 6]``: one 4-player game or four
    3-player games) needs the caller's ``batched``.
    """
    one = len(shape) >= 2 and len(shape) - 1 == shape[0]
    many = len(shape) >= 3 and len(shape) - 2 == shape[1]
    if batched is None and one and many:
        raise ValueError(
            f"payoffs of shape {list(shape)} read two ways: one {shape[0]}-player game "
            f"[N, A_1, ..., A_N] or a batch of {shape[0]} {shape[1]}-player games "
            "[B, N, A_1, ..., A_N]; say which with batched=False or batched=True"
        )
    if batched is None:
        batched = many
    if not (many if batched else one):
        form = "[B, N, A_1, ..., A_N]" if batched else "[N, A_1, ..., A_N]"
        if batched is None or not (one or many):
            form = "[N, A_1, ..., A_N] or [B, N, A_1, ..., A_N]"
        raise ValueError(f"payoffs must have shape {form}; got {tuple(shape)}")
    return bool(batched)


def _batch_of_games(games: Sequence[Game], batched: bool | None) -> Batch:
    if batched is False:
        raise ValueError("a list of games is a batch; got batched=False")
    shapes = {g.payoffs.shape for g in games}
    if len(shapes) != 1:
        raise ValueError(f"games in one batch must share a shape; got {sorted(shapes)}")
    first = games[0]
    return Batch(np.stack([g.payoffs for g in games]), True, first.players, first.strategies)


def as_batch(game_or_payoffs: Any, batched: bool | None = None) -> Batch:
    """One game or a batch as a :class:`Batch` ``[B, N, A_1, ..., A_N]``.

    Args:
      game_or_payoffs: a :class:`Game` (one game), a list of games of one shape
        (a batch), or payoffs ``[N, A..]`` / ``[B, N, A..]`` (numpy, nested
        lists, or a JAX array, kept as it is).
      batched: whether an array is a batch; ``None`` reads it from the shape
        and needs it only where the shape reads both ways.

    Raises:
      ValueError: for a non-numeric, empty or malformed input, an ambiguous
        shape without ``batched``, or ``batched`` contradicting the input.
    """
    if isinstance(game_or_payoffs, Game):
        if batched:
            raise ValueError("a Game is one game; got batched=True (pass a list of games)")
        g = game_or_payoffs
        payoffs = _LazyPayoffs(g) if isinstance(g, ScoreTableGame) else g.payoffs[None]
        return Batch(payoffs, False, g.players, g.strategies, g)
    if (
        isinstance(game_or_payoffs, Sequence)
        and game_or_payoffs
        and all(isinstance(g, Game) for g in game_or_payoffs)
    ):
        return _batch_of_games(game_or_payoffs, batched)
    refuse_traced(game_or_payoffs)
    is_jax = type(game_or_payoffs).__module__.startswith(("jax", "jaxlib"))
    array = game_or_payoffs if is_jax else np.asarray(game_or_payoffs)
    if not np.issubdtype(array.dtype, np.number) and array.dtype != bool:
        raise ValueError(f"payoffs must be numeric; got dtype {array.dtype}")
    many = _read_shape(tuple(int(a) for a in array.shape), batched)
    array = array if many else array[None]
    if any(a == 0 for a in array.shape):
        raise ValueError(f"payoffs must be non-empty; got shape {tuple(array.shape)}")
    shape = tuple(int(a) for a in array.shape[2:])
    players = tuple(f"player{p}" for p in range(len(shape)))  # Game's default names
    return Batch(array, many, players, tuple(tuple(str(i) for i in range(a)) for a in shape))
