"""Meta-games and CCE gaps of populations of tabular policies in OpenSpiel games.

Needs OpenSpiel (``pip install 'jaxrate[openspiel]'``). The game tree is walked
once; after that everything is arrays:

* a policy of player ``p`` is a vector of probabilities over ``p``'s sequences
  (information state, action), and its reach at terminal ``z`` is the product
  over ``p``'s sequences on the path to ``z``;
* the meta-game payoff of a profile of policies is
  ``sum_z chance(z) u(z) prod_p reach_p(z)``, a tensor contraction for all
  profiles at once (equal to ``pyspiel`` expected returns; see the tests);
* the CCE gap of a distribution over profiles is, for each player, the value of
  a best response to the others' correlated mixture (a backward pass over the
  player's information sets) minus the player's expected payoff.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    import pyspiel
    from open_spiel.python.policy import TabularPolicy

__all__ = [
    "GameTables",
    "cce_gap",
    "game_tables",
    "expected_returns_meta_game",
    "load_game",
    "meta_game",
    "random_policy",
    "to_tabular_policy",
]


def _pyspiel():
    try:
        import pyspiel
    except ImportError:
        raise ImportError("this needs OpenSpiel: pip install 'jaxrate[openspiel]'") from None
    return pyspiel


def load_game(name: str, **params: Any) -> pyspiel.Game:
    """``pyspiel.load_game(name, params)``."""
    return _pyspiel().load_game(name, params)


@dataclasses.dataclass(frozen=True)
class GameTables:
    """The game tree of a sequential OpenSpiel game as arrays.

    Attributes:
      num_players: ``N``.
      chance: ``[Z]`` chance probability of each terminal.
      utility: ``[Z, N]`` returns at each terminal.
      paths: per player ``[Z, D_p]`` the player's sequence ids on the path to
        each terminal (``-1`` padding).
      infosets: per player, information state strings, ``[I_p]``.
      sequences: per player, ``[S_p, 2]`` (infoset index, action) of each sequence.
      parent: per player ``[I_p]``, the sequence before the infoset (``-1`` at the root).
      last: per player ``[Z]``, the player's last sequence before each terminal (``-1``: none).
    """

    num_players: int
    chance: np.ndarray
    utility: np.ndarray
    paths: tuple
    infosets: tuple
    sequences: tuple
    parent: tuple
    last: tuple


def game_tables(game: pyspiel.Game) -> GameTables:
    """Walk the whole tree of ``game`` (sequential, perfect recall) once."""
    n = game.num_players()
    infoset_index = [dict() for _ in range(n)]
    infosets = [[] for _ in range(n)]
    parent = [[] for _ in range(n)]
    seq_index = [dict() for _ in range(n)]
    sequences = [[] for _ in range(n)]
    chance, utility, paths = [], [], [[] for _ in range(n)]

    def walk(state, prob, path):
        if state.is_terminal():
            chance.append(prob)
            utility.append(state.returns())
            for p in range(n):
                paths[p].append(path[p])
            return
        if state.is_chance_node():
            for action, p_action in state.chance_outcomes():
                walk(state.child(action), prob * p_action, path)
            return
        if state.is_simultaneous_node():
            raise ValueError("simultaneous-move games are not supported")
        p = state.current_player()
        key = state.information_state_string(p)
        i = infoset_index[p].get(key)
        if i is None:
            i = infoset_index[p][key] = len(infosets[p])
            infosets[p].append(key)
            parent[p].append(path[p][-1] if path[p] else -1)
        for action in state.legal_actions():
            s = seq_index[p].get((i, action))
            if s is None:
                s = seq_index[p][(i, action)] = len(sequences[p])
                sequences[p].append((i, action))
            walk(state.child(action), prob, path[:p] + (path[p] + (s,),) + path[p + 1 :])

    walk(game.new_initial_state(), 1.0, tuple(() for _ in range(n)))
    padded, last = [], []
    for p in range(n):
        depth = max(1, max(len(x) for x in paths[p]))
        arr = np.full((len(paths[p]), depth), -1, dtype=np.int64)
        for z, seqs in enumerate(paths[p]):
            arr[z, : len(seqs)] = seqs
        padded.append(arr)
        last.append(np.array([seqs[-1] if seqs else -1 for seqs in paths[p]], dtype=np.int64))
    return GameTables(
        num_players=n,
        chance=np.asarray(chance),
        utility=np.asarray(utility, dtype=np.float64),
        paths=tuple(padded),
        infosets=tuple(tuple(x) for x in infosets),
        sequences=tuple(np.asarray(s, dtype=np.int64).reshape(-1, 2) for s in sequences),
        parent=tuple(np.asarray(x, dtype=np.int64) for x in parent),
        last=tuple(last),
    )


def random_policy(
    tables: GameTables,
    player: int,
    rng: np.random.Generator,
    concentration: float = 1.0,
    *,
    game: pyspiel.Game | None = None,
) -> np.ndarray:
    """A random stochastic policy as sequence probabilities.

    By default each information state's actions ~ Dirichlet(concentration)
    (OpenSpiel's ``GetFlatDirichletPolicy`` for concentration 1). Given the
    ``pyspiel`` ``game``, OpenSpiel's ``GetRandomPolicy`` draws it instead
    (each action's weight uniform on [0, 1), normalised: less extreme
    policies), seeded from ``rng``.
    """
    if game is not None:
        table = _pyspiel().GetRandomPolicy(game, int(rng.integers(2**31)), player).policy_table()
        by_infoset = [dict(table[key]) for key in tables.infosets[player]]
        return np.array([by_infoset[i][int(a)] for i, a in tables.sequences[player]])
    seqs = tables.sequences[player]
    probs = rng.gamma(concentration, size=len(seqs))
    totals = np.zeros(len(tables.infosets[player]))
    np.add.at(totals, seqs[:, 0], probs)
    return probs / totals[seqs[:, 0]]


def _reach(tables: GameTables, player: int, policies: np.ndarray) -> np.ndarray:
    """``[K, Z]`` reach probability of each policy at each terminal (the player's own actions only)."""
    path = tables.paths[player]  # [Z, D]
    padded = np.concatenate([np.asarray(policies, dtype=np.float64), np.ones((len(policies), 1))], axis=1)
    return padded[:, path].prod(axis=2)  # index -1 reads the column of ones


def meta_game(tables: GameTables, populations: Sequence[np.ndarray]) -> np.ndarray:
    """Payoffs ``[N, K_1, ..., K_N]`` of every profile of the populations' policies.

    Args:
      populations: per player a ``[K_p, S_p]`` array of policies (sequence probabilities).
    """
    n = tables.num_players
    reaches = [_reach(tables, p, populations[p]) for p in range(n)]
    weights = tables.chance[:, None] * tables.utility  # [Z, N]
    letters = "abcdefgh"[:n]
    spec = ",".join(f"{c}z" for c in letters) + ",zq->q" + letters
    return np.einsum(spec, *reaches, weights, optimize=True)


def expected_returns_meta_game(
    game: pyspiel.Game, tables: GameTables, populations: Sequence[np.ndarray], cache: dict | None = None
) -> np.ndarray:
    """:func:`meta_game` by OpenSpiel's ``pyspiel.expected_returns``, one profile at a time.

    The same payoffs as :func:`meta_game` (to rounding), computed by OpenSpiel's
    C++ tree walk per profile: use it to check the contraction, or for games
    whose terminals are too many to tabulate at once.

    Args:
      game: the ``pyspiel`` game ``tables`` was built from.
      populations: per player a ``[K_p, S_p]`` array of policies.
      cache: optional dict kept between calls of a population loop: profiles
        already evaluated are looked up, not walked again (members are keyed
        by their probabilities); entries of members no longer present are
        dropped, so it stays the size of one meta-game.

    Returns:
      Payoffs ``[N, K_1, ..., K_N]``.
    """
    pyspiel = _pyspiel()
    n = tables.num_players
    populations = [np.asarray(pop, dtype=np.float64) for pop in populations]
    shape = tuple(len(pop) for pop in populations)
    keys = [[member.tobytes() for member in pop] for pop in populations]
    policies: list[dict] = [{} for _ in range(n)]

    def policy(p: int, k: int):
        if k not in policies[p]:
            table: dict = {}
            for s, (i, action) in enumerate(tables.sequences[p]):
                table.setdefault(tables.infosets[p][i], []).append((int(action), float(populations[p][k][s])))
            policies[p][k] = pyspiel.TabularPolicy(table)
        return policies[p][k]

    known = {} if cache is None else cache
    current = {}
    out = np.empty((n,) + shape)
    for profile in np.ndindex(*shape):
        key = tuple(keys[p][profile[p]] for p in range(n))
        value = known.get(key)
        if value is None:
            players = [policy(p, profile[p]) for p in range(n)]
            value = np.asarray(pyspiel.expected_returns(game.new_initial_state(), players, -1, True))
        current[key] = value
        out[(slice(None),) + profile] = value
    if cache is not None:
        cache.clear()
        cache.update(current)
    return out


def cce_gap(
    tables: GameTables, populations: Sequence[np.ndarray], sigma: np.ndarray
) -> tuple[float, np.ndarray]:
    """The CCE gap of a distribution over population profiles, in the full game.

    For each player, the value of a best response (any policy of the full game)
    against the other players' correlated mixture under ``sigma``, minus the
    player's expected payoff under ``sigma``.

    Args:
      populations: per player ``[K_p, S_p]`` policies.
      sigma: ``[K_1, ..., K_N]`` distribution over profiles.

    Returns:
      ``(sum of the players' gains, per-player gains [N])``.
    """
    n = tables.num_players
    reaches = [_reach(tables, p, populations[p]) for p in range(n)]
    letters = "abcdefgh"[:n]
    gains = np.zeros(n)
    for p in range(n):
        others = [q for q in range(n) if q != p]
        # w(z) = chance(z) * sum_profile sigma(profile) prod_{q != p} reach_q(z)
        spec = letters + "," + ",".join(f"{letters[q]}z" for q in others) + "->z"
        w = tables.chance * np.einsum(spec, sigma, *(reaches[q] for q in others), optimize=True)
        contribution = w * tables.utility[:, p]
        own = np.einsum(letters + "," + f"{letters[p]}z" + "->z", sigma, reaches[p], optimize=True)
        expected = float((contribution * own).sum())
        gains[p] = _best_response_value(tables, p, contribution) - expected
    return float(gains.sum()), gains


def _best_response_value(tables: GameTables, player: int, contribution: np.ndarray) -> float:
    """Max over the player's pure policies of ``sum_z contribution(z) * [z consistent with the policy]``."""
    seqs = tables.sequences[player]
    num_s = len(seqs)
    leaf = np.zeros(num_s + 1)  # last slot: terminals the player never acts before
    np.add.at(leaf, tables.last[player], contribution)  # -1 indexes the last slot
    parent = tables.parent[player]
    depth = np.zeros(len(parent), dtype=np.int64)
    seq_infoset = seqs[:, 0]
    for i in range(len(parent)):  # infosets were registered parents first
        depth[i] = 0 if parent[i] < 0 else depth[seq_infoset[parent[i]]] + 1
    value = leaf.copy()
    for i in np.argsort(-depth, kind="stable"):
        best = value[:num_s][seq_infoset == i].max()
        value[parent[i]] += best  # parent -1 adds to the root slot
    return float(value[-1])


def to_tabular_policy(
    game: pyspiel.Game, tables: GameTables, policies: Sequence[np.ndarray]
) -> TabularPolicy:
    """An OpenSpiel ``TabularPolicy`` playing ``policies[p]`` (sequence probabilities) for each player."""
    from open_spiel.python import policy as policy_lib

    tabular = policy_lib.TabularPolicy(game)
    for p in range(tables.num_players):
        for s, (i, action) in enumerate(tables.sequences[p]):
            row = tabular.state_lookup[tables.infosets[p][i]]
            tabular.action_probability_array[row, action] = policies[p][s]
    return tabular
