"""The win-rate game of battle records: who beats whom how often, with pairs that never met filled in.

Without categories the game is two-player symmetric zero-sum,
``G_A(a, b) = P(a beats b) - 1/2``; with categories ``c`` it is model vs model
vs category, ``G_A(a, b, c) = P_c(a beats b) - 1/2``, ``G_B = -G_A``,
``G_C = |G_A|``. Pairs that never met are filled from the Bradley-Terry fit of
the observed battles, set even, or their models dropped (``missing=``).
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

from jaxrate.battles._bradley_terry import check_estimable, fit
from jaxrate.battles._records import BattleCounts, battle_counts
from jaxrate.game._defaults import DEFAULTS
from jaxrate.game._game import Game

__all__ = ["HINT", "IMPUTE_FAILED", "IMPUTE_HINT", "MISSING", "WinRateGame", "battle_game", "win_rate_game"]

MISSING = ("model", "even", "drop-models", "error")
# Hints in Python syntax; the command line rewrites them in its own.
HINT = "pass missing='model' (Bradley-Terry fill), 'even' or 'drop-models'"
IMPUTE_HINT = "use missing='even' or 'drop-models'"
# How the error starts when pairs that never met cannot be filled from a Bradley-Terry fit: only the
# win-rate game needs the fill (Elo fits the battles themselves), so the command line knows it by this.
IMPUTE_FAILED = "cannot impute pairs that never met"
IMPUTED_WARNING = 0.25  # warn when more than this share of the game's pairs is imputed


class WinRateGame(NamedTuple):
    """The win-rate game of battle records, with what was filled or dropped to make it.

    Attributes:
      game: the :class:`jaxrate.Game` (2P, or 3P with categories).
      imputed: ``[K, M, M]`` bool, pairs (per category) whose win rate was imputed.
      dropped: models dropped (``missing="drop-models"``).
      missing: how pairs that never met were handled.
      counts: the :class:`BattleCounts` of all the records (before any drop).
      pooled: categories whose own battles admit no Bradley-Terry fit (not
        connected, or a group that never loses), filled from the fit over all
        categories instead.
    """

    game: Any
    imputed: np.ndarray
    dropped: tuple[str, ...]
    missing: str
    counts: BattleCounts
    pooled: tuple[str, ...] = ()

    @property
    def imputed_pairs(self) -> int:
        """Unordered pairs (summed over categories) whose win rate was imputed."""
        return int(self.imputed.sum()) // 2

    @property
    def imputed_share(self) -> float:
        """Imputed pairs over all pairs of the game (``K * M (M - 1) / 2``)."""
        k, m, _ = self.imputed.shape
        return self.imputed_pairs / max(k * m * (m - 1) // 2, 1)

    def note(self) -> str | None:
        """One line saying what was imputed or dropped, or ``None``."""
        if self.dropped:
            return f"dropped {len(self.dropped)} model(s) so that every pair met: {', '.join(self.dropped)}"
        if self.imputed_pairs == 0:
            return None
        how = "the Bradley-Terry fit of the observed battles" if self.missing == "model" else "even (0.5)"
        k, m, _ = self.imputed.shape
        pooled = (
            f" ({len(self.pooled)} categor{'y' if len(self.pooled) == 1 else 'ies'} too sparse for a fit "
            f"of their own, from the fit over all categories: {', '.join(self.pooled)})"
            if self.pooled
            else ""
        )
        return (
            f"imputed {self.imputed_pairs:,} of {k * m * (m - 1) // 2:,} pairs that never met "
            f"({100 * self.imputed_share:.1f}%) from {how}{pooled}"
        )


def _bradley_terry_rates(scores: np.ndarray, models: Sequence[str], where: str) -> np.ndarray:
    """``[M, M]`` win probabilities of the Bradley-Terry fit of ``scores`` (wins, ties as halves)."""
    try:
        check_estimable(scores, models, hint=IMPUTE_HINT)
    except ValueError as err:
        raise ValueError(f"{IMPUTE_FAILED}{where}: {err}") from None
    r = fit(scores, 1.0)
    return 0.5 * (1.0 + np.tanh(0.5 * (r[:, None] - r[None, :])))


def _drop_until_all_met(never: np.ndarray, games: np.ndarray) -> np.ndarray:
    """Models kept: greedily drop the model with most unmet pairs (fewest battles breaks ties)."""
    keep = np.ones(never.shape[-1], dtype=bool)
    unmet = never.sum(axis=0)  # [M, M] over categories
    played = games.sum(axis=(0, 2))
    while True:
        sub = unmet[np.ix_(keep, keep)].sum(axis=1)
        if not sub.any():
            return keep
        alive = np.nonzero(keep)[0]
        worst = np.lexsort((played[alive], -sub))[0]
        keep[alive[worst]] = False


def win_rate_game(
    battles: Any, *, by: str | None = None, missing: str = DEFAULTS.battle_missing
) -> WinRateGame:
    """The win-rate game of battle records, and what was imputed (see :func:`jaxrate.battle_game`).

    Raises:
      ValueError: on malformed records, an unknown ``missing``, a pair that
        never met with ``missing="error"``, or (``"model"``) a comparison graph
        that is not connected or whose Bradley-Terry fit is not finite.
    """
    if missing not in MISSING:
        raise ValueError(f"missing must be one of {', '.join(MISSING)}; got {missing!r}")
    return win_rate_game_of_counts(battle_counts(battles, by=by), by=by, missing=missing)


def win_rate_game_of_counts(counts: BattleCounts, *, by: str | None, missing: str) -> WinRateGame:
    """:func:`win_rate_game` of counted records (``jaxrate audit`` re-rates counts with votes removed)."""
    models, scores, games = counts.models, counts.scores, counts.games
    never = _never_met(games)
    dropped: tuple[str, ...] = ()
    if missing == "error" and never.any():
        _raise_never_met(never, counts, by)
    if missing == "drop-models" and never.any():
        dropped, models, scores, games = _drop_unmet_models(never, models, scores, games)
        never = _never_met(games)
    observed = scores / np.where(games > 0, games, 1.0)
    rate = np.where(games > 0, observed, 0.5)  # [K, M, M], unmet pairs even
    pooled = _fill_unmet(rate, scores, never, models, counts.keys, by) if missing == "model" else ()
    result = WinRateGame(None, never, dropped, missing, counts, pooled)
    if missing in ("model", "even") and result.imputed_share > IMPUTED_WARNING:
        warnings.warn(
            f"{100 * result.imputed_share:.1f}% of the win-rate game's pairs never met and were imputed "
            "(more than a quarter): its ratings lean on that fill",
            stacklevel=3,
        )
    return result._replace(game=_win_rate_payoffs(rate, models, counts.keys, by))


def _never_met(games: np.ndarray) -> np.ndarray:
    """``[K, M, M]`` bool: the pairs of distinct models (per category) without a battle."""
    off = ~np.eye(games.shape[-1], dtype=bool)
    return (games == 0) & off[None]


def _raise_never_met(never: np.ndarray, counts: BattleCounts, by: str | None) -> None:
    """Raise (``missing="error"``) naming the first pair that never met."""
    models = counts.models
    c, i, j = np.argwhere(never)[0]
    where = f" in {by} {counts.keys[c]!r}" if by is not None else ""
    raise ValueError(
        f"{models[i]!r} and {models[j]!r} never met{where} ({int(never.sum()) // 2} pairs in all); " + HINT
    )


def _drop_unmet_models(
    never: np.ndarray, models: tuple[str, ...], scores: np.ndarray, games: np.ndarray
) -> tuple[tuple[str, ...], tuple[str, ...], np.ndarray, np.ndarray]:
    """``(dropped, models, scores, games)`` after dropping models until every pair met."""
    keep = _drop_until_all_met(never, games)
    if keep.sum() < 2:
        raise ValueError("no two models met in every category; nothing is left after dropping")
    dropped = tuple(models[i] for i in np.nonzero(~keep)[0])
    models = tuple(models[i] for i in np.nonzero(keep)[0])
    return dropped, models, scores[:, keep][:, :, keep], games[:, keep][:, :, keep]


def _fill_unmet(
    rate: np.ndarray,
    scores: np.ndarray,
    never: np.ndarray,
    models: tuple[str, ...],
    keys: tuple[str, ...],
    by: str | None,
) -> tuple[str, ...]:
    """Fill ``rate``'s unmet pairs in place from Bradley-Terry fits; the categories pooled to fit."""
    pooled: list[str] = []
    for c in np.nonzero(never.any(axis=(1, 2)))[0]:
        try:
            fill = _bradley_terry_rates(scores[c], models, "")
        except ValueError:
            if by is None:
                raise
            # A category too sparse for its own fit borrows the fit over all categories.
            fill = _bradley_terry_rates(scores.sum(axis=0), models, " (all categories)")
            pooled.append(keys[c])
        rate[c] = np.where(never[c], fill, rate[c])
    return tuple(pooled)


def _win_rate_payoffs(
    rate: np.ndarray, models: tuple[str, ...], keys: tuple[str, ...], by: str | None
) -> Game:
    """The game ``P - 1/2``: two-player zero-sum, or model vs model vs category (``G_C = |G_A|``)."""
    off = ~np.eye(len(models), dtype=bool)
    g = np.where(off[None], rate - 0.5, 0.0)  # [K, M, M]
    if by is None:
        return Game(np.stack([g[0], -g[0]]), players=("model_a", "model_b"), strategies=(models, models))
    g_a = np.moveaxis(g, 0, -1)  # [M, M, K]
    return Game(
        np.stack([g_a, -g_a, np.abs(g_a)]),
        players=("model_a", "model_b", by),
        strategies=(models, models, keys),
    )


def battle_game(battles: Any, *, by: str | None = None, missing: str = DEFAULTS.battle_missing) -> Game:
    """Game from pairwise battle records (Chatbot Arena's format).

    Without ``by``: the two-player symmetric zero-sum win-rate game,
    ``G_A(a, b) = P(a beats b) - 1/2`` (ties count one half), ``G_B = -G_A``.
    With ``by`` (a column such as ``"category"``): the model vs model vs
    category game, ``G_A(a, b, c) = P_c(a beats b) - 1/2``, ``G_B = -G_A``,
    ``G_C = |G_A|``, like :func:`jaxrate.agent_vs_agent_vs_task`.

    Args:
      battles: DataFrame with ``model_a``, ``model_b``, ``winner`` (and ``by``),
        or a sequence of ``(model_a, model_b, winner)`` without ``by``.
      by: the column that splits battles into categories.
      missing: pairs that never met (in a category): ``"model"`` (default)
        fills them from the Bradley-Terry fit of the observed battles (of that
        category; of all categories where the category's own battles admit no
        fit); ``"even"`` treats them as even (``P = 1/2``);
        ``"drop-models"`` drops models (most unmet pairs first) until every pair
        met; ``"error"`` raises. :func:`jaxrate.battles.win_rate_game` also says
        how many pairs were imputed; a ``UserWarning`` is raised when more than
        a quarter of the game's pairs are.

    Raises:
      ValueError: on malformed records, a pair that never met with
        ``missing="error"``, or with ``missing="model"`` a comparison graph that
        is not connected (naming its groups) or has no finite Bradley-Terry fit.
    """
    return win_rate_game(battles, by=by, missing=missing).game
