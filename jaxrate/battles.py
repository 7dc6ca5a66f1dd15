"""Battle records (Chatbot Arena's format): parsing, win counts and the comparison graph.

A battle is ``(model_a, model_b, winner)`` with ``winner`` one of ``model_a``,
``model_b``, ``tie`` or ``tie (bothbad)``. Ties are counted as in Chatbot
Arena's Bradley-Terry fit: a tie (of either kind) is half a win for each model.

Parsing is vectorised (categorical codes and one ``bincount``), so that a
million battles are counted in a fraction of a second; everything downstream
(Elo, the win-rate game, bootstraps) works on the ``[K, M, M]`` counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

from jaxrate._bradley_terry import check_connected, check_estimable, comparison_components, fit

__all__ = [
    "TIES",
    "BattleCounts",
    "battle_counts",
    "battle_wins",
    "battles_from_counts",
    "check_connected",
    "comparison_components",
]

TIES = "a tie ('tie' or 'tie (bothbad)') counts as half a win for each model (Chatbot Arena's convention)"

# Outcome codes: 0 model_a won, 1 model_b won, 2 tie.
_OUTCOMES = {"model_a": 0, "a": 0, "model_b": 1, "b": 1, "tie": 2, "tie (bothbad)": 2, "draw": 2}
_SCORE_A = np.array([1.0, 0.0, 0.5])


class BattleCounts(NamedTuple):
    """Outcome counts of battle records, per category.

    Attributes:
      wins: ``[K, M, M]`` decisive wins of model ``i`` over model ``j``.
      ties: ``[K, M, M]`` ties between ``i`` and ``j`` (symmetric).
      models: ``[M]`` names.
      keys: ``[K]`` category names (``("all",)`` without categories).
    """

    wins: np.ndarray
    ties: np.ndarray
    models: tuple[str, ...]
    keys: tuple[str, ...]

    @property
    def scores(self) -> np.ndarray:
        """``[K, M, M]`` wins with ties counted as halves."""
        return self.wins + 0.5 * self.ties

    @property
    def games(self) -> np.ndarray:
        """``[K, M, M]`` battles between ``i`` and ``j`` (symmetric)."""
        return self.wins + np.swapaxes(self.wins, 1, 2) + self.ties


def _frame(battles: Any):
    """Battle records as a DataFrame with columns model_a, model_b, winner (and the rest)."""
    import pandas as pd

    if hasattr(battles, "columns"):
        missing = {"model_a", "model_b", "winner"} - set(battles.columns)
        if missing:
            raise ValueError(
                f"battle records need columns model_a, model_b, winner; missing {sorted(missing)}"
            )
        return battles
    rows = battles if isinstance(battles, np.ndarray) else list(battles)
    if len(rows) == 0:
        raise ValueError("no battle records")
    for k, row in enumerate(rows):
        if isinstance(row, str) or len(row) != 3:
            raise ValueError(f"battle {k} is not (model_a, model_b, winner): {row!r}")
    return pd.DataFrame([tuple(r) for r in rows], columns=["model_a", "model_b", "winner"])


def _codes(frame, models: Sequence[str] | None):
    """``(a [K], b [K], outcome [K], models)`` as integer codes; errors name the first bad record."""
    import pandas as pd

    if len(frame) == 0:
        raise ValueError("no battle records")
    # factorize hashes each column once; the few distinct values are mapped after.
    fa, ua = pd.factorize(frame["model_a"])
    fb, ub = pd.factorize(frame["model_b"])
    ua, ub = [str(x) for x in ua], [str(x) for x in ub]
    names = sorted(set(ua) | set(ub)) if models is None else [str(m) for m in models]
    index = {name: i for i, name in enumerate(names)}
    ca = np.array([index.get(x, -1) for x in ua] + [-1], dtype=np.int64)[fa]
    cb = np.array([index.get(x, -1) for x in ub] + [-1], dtype=np.int64)[fb]

    def record(k: int):
        return tuple(frame[c].iloc[k] for c in ("model_a", "model_b", "winner"))

    empty = (fa < 0) | (fb < 0)  # NaN / None names
    if empty.any():
        k = int(np.argmax(empty))
        raise ValueError(f"battle {k} has no model name: {record(k)!r}")
    unknown = (ca < 0) | (cb < 0)
    if unknown.any():
        k = int(np.argmax(unknown))
        raise ValueError(f"battle {k} names a model not in the model list: {record(k)!r}")
    same = ca == cb
    if same.any():
        k = int(np.argmax(same))
        raise ValueError(f"battle {k} pits {names[ca[k]]!r} against itself")
    fw, uw = pd.factorize(frame["winner"])
    lookup = np.array([_OUTCOMES.get(str(w).strip().lower(), -1) for w in uw] + [-1], dtype=np.int64)
    outcome = lookup[fw]
    bad = outcome < 0
    if bad.any():
        k = int(np.argmax(bad))
        raise ValueError(
            f"battle {k} has winner {record(k)[2]!r}; expected one of model_a, model_b, tie, tie (bothbad)"
        )
    return ca, cb, outcome, tuple(names)


def battle_wins(
    battles: Any, models: Sequence[str] | None = None
) -> tuple[np.ndarray, np.ndarray, tuple[str, ...]]:
    """Parse battle records into per-battle indices and outcomes.

    Args:
      battles: a DataFrame with columns ``model_a``, ``model_b``, ``winner``
        (Chatbot Arena's format; ``winner`` one of ``model_a``, ``model_b``,
        ``tie``, ``tie (bothbad)``), or a sequence of ``(model_a, model_b, winner)``.
      models: the model order (default: sorted names).

    Returns:
      ``(pairs [K, 2] int, score_a [K] in {0, 0.5, 1}, models)``.

    Raises:
      ValueError: naming the first malformed record.
    """
    ca, cb, outcome, names = _codes(_frame(battles), models)
    return np.stack([ca, cb], axis=1), _SCORE_A[outcome], names


def battle_counts(
    battles: Any, *, models: Sequence[str] | None = None, by: str | None = None
) -> BattleCounts:
    """Count wins and ties per pair of models (and per category with ``by``).

    Raises:
      ValueError: naming the first malformed record, or a missing ``by`` column.
    """
    frame = _frame(battles)
    ca, cb, outcome, names = _codes(frame, models)
    m = len(names)
    if by is None:
        keys, group = ("all",), np.zeros(len(ca), dtype=np.int64)
    else:
        if by not in frame.columns:
            raise ValueError(f"battle records have no column {by!r}")
        import pandas as pd

        codes, uniques = pd.factorize(frame[by].astype(str))
        order = np.argsort([str(u) for u in uniques], kind="stable")
        rank = np.empty(len(order), dtype=np.int64)
        rank[order] = np.arange(len(order))
        keys, group = tuple(str(uniques[i]) for i in order), rank[codes]
    flat = ((group * m + ca) * m + cb) * 3 + outcome
    c = np.bincount(flat, minlength=len(keys) * m * m * 3).astype(np.float64).reshape(len(keys), m, m, 3)
    wins = c[..., 0] + np.swapaxes(c[..., 1], 1, 2)
    ties = c[..., 2] + np.swapaxes(c[..., 2], 1, 2)
    return BattleCounts(wins, ties, names, keys)


def battles_from_counts(models: Sequence[str], pairs: Any, counts: Any):
    """Battle records from per-pair counts (leaderbot's ``X``, ``Y`` format).

    Args:
      models: ``[M]`` names.
      pairs: ``[P, 2]`` model indices ``(i, j)``; ``i`` plays as ``model_a``.
      counts: ``[P, 3]`` or ``[P, 4]`` counts ``(i won, j won, tie[, tie (bothbad)])``.

    Returns:
      A DataFrame with columns ``model_a``, ``model_b``, ``winner``, one row per battle.
    """
    import pandas as pd

    pairs = np.asarray(pairs, dtype=np.int64)
    counts = np.asarray(counts, dtype=np.int64)
    if pairs.ndim != 2 or pairs.shape[1] != 2 or counts.shape[:1] != pairs.shape[:1]:
        raise ValueError(f"pairs must be [P, 2] and counts [P, 3 or 4]; got {pairs.shape}, {counts.shape}")
    if counts.ndim != 2 or counts.shape[1] not in (3, 4) or np.any(counts < 0):
        raise ValueError(f"counts must be non-negative [P, 3 or 4]; got shape {counts.shape}")
    labels = np.array(["model_a", "model_b", "tie", "tie (bothbad)"][: counts.shape[1]])
    n = counts.reshape(-1)
    a = np.repeat(np.repeat(pairs[:, 0], counts.shape[1]), n)
    b = np.repeat(np.repeat(pairs[:, 1], counts.shape[1]), n)
    w = np.repeat(np.tile(np.arange(counts.shape[1]), len(pairs)), n)
    names = np.asarray([str(x) for x in models], dtype=object)
    return pd.DataFrame(
        {
            "model_a": pd.Categorical.from_codes(a, names),
            "model_b": pd.Categorical.from_codes(b, names),
            "winner": pd.Categorical.from_codes(w, labels),
        }
    )


MISSING = ("model", "even", "drop-models", "error")
# Hints in Python syntax; the command line rewrites them in its own.
HINT = "pass missing='model' (Bradley-Terry fill), 'even' or 'drop-models'"
IMPUTE_HINT = "use missing='even' or 'drop-models'"
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
        raise ValueError(f"cannot impute pairs that never met{where}: {err}") from None
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


def win_rate_game(battles: Any, *, by: str | None = None, missing: str = "model") -> WinRateGame:
    """The win-rate game of battle records, and what was imputed (see :func:`jaxrate.battle_game`).

    Raises:
      ValueError: on malformed records, an unknown ``missing``, a pair that
        never met with ``missing="error"``, or (``"model"``) a comparison graph
        that is not connected or whose Bradley-Terry fit is not finite.
    """
    import warnings

    from jaxrate._game import Game

    if missing not in MISSING:
        raise ValueError(f"missing must be one of {', '.join(MISSING)}; got {missing!r}")
    counts = battle_counts(battles, by=by)
    models, keys = counts.models, counts.keys
    m = len(models)
    scores, games = counts.scores, counts.games
    off = ~np.eye(m, dtype=bool)
    never = (games == 0) & off[None]
    dropped: tuple[str, ...] = ()
    if missing == "error" and never.any():
        c, i, j = np.argwhere(never)[0]
        where = f" in {by} {keys[c]!r}" if by is not None else ""
        raise ValueError(
            f"{models[i]!r} and {models[j]!r} never met{where} ({int(never.sum()) // 2} pairs in all); "
            + HINT
        )
    if missing == "drop-models" and never.any():
        keep = _drop_until_all_met(never, games)
        if keep.sum() < 2:
            raise ValueError("no two models met in every category; nothing is left after dropping")
        dropped = tuple(models[i] for i in np.nonzero(~keep)[0])
        models = tuple(models[i] for i in np.nonzero(keep)[0])
        scores, games = scores[:, keep][:, :, keep], games[:, keep][:, :, keep]
        m, off = len(models), ~np.eye(len(models), dtype=bool)
        never = (games == 0) & off[None]
    observed = scores / np.where(games > 0, games, 1.0)
    rate = np.where(games > 0, observed, 0.5)
    pooled: list[str] = []
    if missing == "model":
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
    result = WinRateGame(None, never, dropped, missing, counts, tuple(pooled))
    if missing in ("model", "even") and result.imputed_share > IMPUTED_WARNING:
        warnings.warn(
            f"{100 * result.imputed_share:.1f}% of the win-rate game's pairs never met and were imputed "
            "(more than a quarter): its ratings lean on that fill",
            stacklevel=3,
        )
    g = np.where(off[None], rate - 0.5, 0.0)  # [K, M, M]
    if by is None:
        game = Game(np.stack([g[0], -g[0]]), players=("model_a", "model_b"), strategies=(models, models))
    else:
        g_a = np.moveaxis(g, 0, -1)  # [M, M, K]
        game = Game(
            np.stack([g_a, -g_a, np.abs(g_a)]),
            players=("model_a", "model_b", by),
            strategies=(models, models, keys),
        )
    return result._replace(game=game)
