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
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "TIES",
    "BattleCounts",
    "battle_counts",
    "battle_wins",
    "battles_from_counts",
    "check_connected",
    "comparison_components",
]

#: What a tie counts for, as the notes and the result file say it.
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
            f"battle {k} has winner {record(k)[2]!r}; expected one of {', '.join(_OUTCOMES)} (any case)"
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


def battles_from_counts(models: Sequence[str], pairs: Any, counts: Any) -> pd.DataFrame:
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


def comparison_components(games: np.ndarray, models: Sequence[str]) -> list[tuple[str, ...]]:
    """Connected components of the comparison graph (an edge where two models met), largest first."""
    from scipy.sparse.csgraph import connected_components

    n, labels = connected_components(np.asarray(games) > 0, directed=False)
    groups = [tuple(models[i] for i in np.nonzero(labels == c)[0]) for c in range(n)]
    return sorted(groups, key=lambda g: (-len(g), g))


def check_connected(games: np.ndarray, models: Sequence[str], where: str = "") -> None:
    """Raise ``ValueError`` naming the components when some models never meet the rest, even indirectly."""
    groups = comparison_components(games, models)
    if len(groups) > 1:

        def show(g):
            return "[" + ", ".join(g[:4]) + (f", ... {len(g)} models" if len(g) > 4 else "") + "]"

        raise ValueError(
            f"the comparison graph{where} is not connected: {len(groups)} groups of models never meet "
            f"each other, directly or through others: {'; '.join(show(g) for g in groups[:5])}"
            f"{'; ...' if len(groups) > 5 else ''}; rate each group on its own"
        )
