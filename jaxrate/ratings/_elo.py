r"""Elo and Bradley-Terry ratings, the baselines leaderboards know.

Two forms:

* :func:`elo_ratings`, the maximum-likelihood (BayesElo / Bradley-Terry) fit of
  the paper's appendix,

  .. math::

     \min_r \sum_{i \ne j} W_{ij} \, -\log \hat p_{ij}, \qquad
     \hat p_{ij} = \bigl(1 + \mathrm{base}^{(r_j - r_i)/\mathrm{scale}}\bigr)^{-1},

  with ``W_ij`` the (possibly fractional) number of wins of ``i`` over ``j``
  (from a win-probability matrix times game counts, or from battle records);
* :func:`online_elo`, the sequential update Chatbot Arena started with.

Both give bootstrap percentile intervals. Neither is clone invariant: adding
copies of an opponent changes everyone's rating (see ``examples/clone_attack.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

__all__ = ["EloResult", "battle_wins", "elo_ratings", "online_elo", "win_probabilities"]

_WINNERS = {"model_a": 1.0, "a": 1.0, "model_b": 0.0, "b": 0.0, "tie": 0.5, "tie (bothbad)": 0.5, "draw": 0.5}


class EloResult(NamedTuple):
    """Elo ratings of ``M`` models.

    Attributes:
      ratings: ``[M]`` Elo points (fit on all the data).
      models: names, ``[M]``.
      lower, upper: ``[M]`` bootstrap percentile bounds, or ``None`` without bootstrap.
      confidence: the interval's coverage (e.g. 0.95).
      samples: ``[R, M]`` bootstrap ratings, or ``None``.
    """

    ratings: np.ndarray
    models: tuple[str, ...]
    lower: np.ndarray | None = None
    upper: np.ndarray | None = None
    confidence: float = 0.95
    samples: np.ndarray | None = None

    def rating_of(self) -> dict[str, float]:
        """``{model: rating}``."""
        return dict(zip(self.models, self.ratings.tolist()))


def win_probabilities(scores: Any, agents: Sequence[Any] | None = None) -> tuple[np.ndarray, tuple[str, ...]]:
    """Pairwise win probabilities from a ``[models, tasks]`` score table.

    ``p_ij`` is the fraction of tasks on which model ``i`` scores above model
    ``j``, a tie counting one half (the model-vs-model game the paper compares
    Elo on).

    Returns:
      ``(P [M, M], models)``; the diagonal is 0.5.
    """
    from jaxrate.games import score_table

    table, models, _ = score_table(scores, agents)
    diff = table[:, None, :] - table[None, :, :]
    p = ((diff > 0) + 0.5 * (diff == 0)).mean(axis=-1)
    return p, models


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
    if hasattr(battles, "columns"):
        missing = {"model_a", "model_b", "winner"} - set(battles.columns)
        if missing:
            raise ValueError(
                f"battle records need columns model_a, model_b, winner; missing {sorted(missing)}"
            )
        rows = list(zip(battles["model_a"], battles["model_b"], battles["winner"]))
    else:
        rows = list(battles)
    if not rows:
        raise ValueError("no battle records")
    names = sorted({str(r[0]) for r in rows} | {str(r[1]) for r in rows}) if models is None else list(models)
    index = {m: i for i, m in enumerate(names)}
    pairs = np.zeros((len(rows), 2), dtype=np.int64)
    score = np.zeros(len(rows))
    for k, row in enumerate(rows):
        if len(row) != 3:
            raise ValueError(f"battle {k} is not (model_a, model_b, winner): {row!r}")
        a, b, w = str(row[0]), str(row[1]), str(row[2]).strip().lower()
        if a not in index or b not in index:
            raise ValueError(f"battle {k} names a model not in the model list: {row!r}")
        if a == b:
            raise ValueError(f"battle {k} pits {a!r} against itself")
        if w not in _WINNERS:
            raise ValueError(f"battle {k} has winner {row[2]!r}; expected one of model_a, model_b, tie")
        pairs[k] = index[a], index[b]
        score[k] = _WINNERS[w]
    return pairs, score, tuple(names)


def _is_battles(data: Any) -> bool:
    if hasattr(data, "columns"):
        return True
    if isinstance(data, np.ndarray):
        return data.dtype == object and data.ndim == 2 and data.shape[1] == 3
    try:
        first = data[0]
    except (TypeError, IndexError, KeyError):
        return False
    return isinstance(first, (tuple, list)) and len(first) > 0 and isinstance(first[0], str)


def _wins_from_battles(pairs: np.ndarray, score: np.ndarray, m: int) -> np.ndarray:
    wins = np.zeros((m, m))
    np.add.at(wins, (pairs[:, 0], pairs[:, 1]), score)
    np.add.at(wins, (pairs[:, 1], pairs[:, 0]), 1.0 - score)
    return wins


def _check_estimable(wins: np.ndarray, models: Sequence[str]) -> None:
    """The Bradley-Terry MLE is finite iff "beat at least partly" is strongly connected."""
    from scipy.sparse.csgraph import connected_components

    n, labels = connected_components(wins > 0, directed=True, connection="strong")
    if n > 1:
        # A strongly connected component no one outside it ever beats.
        beaten = wins > 0
        for c in range(n):
            inside = labels == c
            if not beaten[np.ix_(~inside, inside)].any():
                top = [models[i] for i in np.nonzero(inside)[0][:5]]
                raise ValueError(
                    f"the Bradley-Terry fit has no finite solution: {top} never lose to the "
                    f"other models (or never meet them); pass prior > 0 (virtual draws) or more games"
                )


def _nll(wins: np.ndarray, r: np.ndarray, k: float) -> float:
    d = k * (r[:, None] - r[None, :])
    return float((wins * np.logaddexp(0.0, -d)).sum())


def _fit(wins: np.ndarray, k: float) -> np.ndarray:
    """Damped Newton on the (convex) negative log-likelihood; ratings sum to 0."""
    m = len(wins)
    games = wins + wins.T
    r = np.zeros(m)
    loss = _nll(wins, r, k)
    for _ in range(200):
        d = k * (r[:, None] - r[None, :])
        s = 0.5 * (1.0 + np.tanh(0.5 * d))  # predicted P(i beats j), stable
        grad = -k * (wins * (1.0 - s) - wins.T * s).sum(axis=1)
        h = -(k * k) * games * s * (1.0 - s)
        np.fill_diagonal(h, 0.0)
        np.fill_diagonal(h, -h.sum(axis=1))
        step = np.linalg.solve(h + np.full((m, m), 1.0 / m), -grad)
        step -= step.mean()
        t = 1.0
        while t > 1e-6:  # backtracking: Newton on logistic losses can overshoot
            trial = _nll(wins, r + t * step, k)
            if trial <= loss + 1e-12 * abs(loss):
                break
            t /= 2
        r = r + t * step
        loss = min(loss, trial)
        if np.max(np.abs(t * step)) * k < 1e-13:
            break
    return r


def _percentiles(samples: np.ndarray, confidence: float) -> tuple[np.ndarray, np.ndarray]:
    tail = 100 * (1.0 - confidence) / 2
    return np.percentile(samples, tail, axis=0), np.percentile(samples, 100 - tail, axis=0)


def elo_ratings(
    data: Any,
    *,
    models: Sequence[str] | None = None,
    counts: Any = None,
    scale: float = 400.0,
    base: float = 10.0,
    initial: float = 1000.0,
    anchor: tuple[str, float] | None = None,
    prior: float = 0.0,
    bootstrap: int = 0,
    confidence: float = 0.95,
    seed: int = 0,
) -> EloResult:
    """Bradley-Terry (BayesElo) ratings by maximum likelihood.

    Args:
      data: a win-probability matrix ``[M, M]`` (``p_ij`` = probability that
        ``i`` beats ``j``; diagonal ignored), e.g. from :func:`win_probabilities`,
        or battle records (see :func:`battle_wins`).
      models: model names for a matrix (default ``0..M-1``), or the model order
        for battle records.
      counts: ``[M, M]`` games behind each ``p_ij`` (matrix input; default 1
        per pair); needed for bootstrap intervals from a matrix.
      scale, base: ``p_ij = 1 / (1 + base ** ((r_j - r_i) / scale))``.
      initial: the mean rating (without ``anchor``).
      anchor: ``(model, value)``: shift so that ``model`` is rated ``value``.
      prior: virtual drawn games added between every pair that met (BayesElo's
        prior); 0 gives the plain maximum-likelihood fit.
      bootstrap: number of resamples (battles with replacement; binomial
        counts for a matrix) for percentile intervals.
      confidence: interval coverage.
      seed: bootstrap seed.

    Returns:
      An :class:`EloResult`.

    Raises:
      ValueError: on a malformed input, a comparison graph whose maximum
        likelihood is not finite (a group that never loses), or an unknown anchor.

    Example:
      >>> r = elo_ratings([[0.5, 0.75], [0.25, 0.5]], models=["a", "b"])
      >>> round(float(r.ratings[0] - r.ratings[1]), 2)  # 400 log10(3)
      190.85
    """
    k = np.log(base) / scale
    rng = np.random.default_rng(seed)
    if _is_battles(data):
        pairs, score, names = battle_wins(data, models)
        m = len(names)
        wins = _wins_from_battles(pairs, score, m)

        def resample():
            pick = rng.integers(len(score), size=len(score))
            return _wins_from_battles(pairs[pick], score[pick], m)

    else:
        p = np.asarray(data, dtype=np.float64)
        if p.ndim != 2 or p.shape[0] != p.shape[1] or p.shape[0] < 2:
            raise ValueError(
                f"win probabilities must be a square [M, M] matrix with M >= 2; got shape {p.shape}"
            )
        off = ~np.eye(len(p), dtype=bool)
        if not np.all(np.isfinite(p[off])) or np.any((p[off] < 0) | (p[off] > 1)):
            raise ValueError("win probabilities must be finite numbers in [0, 1]")
        n = np.ones_like(p) if counts is None else np.asarray(counts, dtype=np.float64)
        if n.shape != p.shape or np.any(n[off] < 0) or not np.all(np.isfinite(n)):
            raise ValueError(
                f"counts must be a non-negative [M, M] matrix like the probabilities; got {n.shape}"
            )
        names = tuple(str(x) for x in (models if models is not None else range(len(p))))
        if len(names) != len(p):
            raise ValueError(f"{len(names)} model names for a {len(p)} x {len(p)} matrix")
        wins = np.where(off, n * p, 0.0)

        def resample():
            if counts is None:
                raise ValueError("bootstrap from a win-probability matrix needs counts (games per pair)")
            upper = np.triu(off)
            total = np.rint(n[upper] + n.T[upper]).astype(np.int64)
            share = np.where(total > 0, wins[upper] / np.maximum(total, 1), 0.5)
            drawn = rng.binomial(total, np.clip(share, 0.0, 1.0))
            w = np.zeros_like(wins)
            w[upper] = drawn
            w.T[upper] = total - drawn
            return w

    def fit(w):
        if prior > 0:
            met = (w + w.T) > 0
            w = w + np.where(met, prior / 2, 0.0)
        _check_estimable(w, names)
        r = _fit(w, k)
        if anchor is not None:
            return r - r[names.index(anchor[0])] + float(anchor[1])
        return r + initial

    if anchor is not None and anchor[0] not in names:
        raise ValueError(f"anchor model {anchor[0]!r} is not among the models")
    ratings = fit(wins)
    if bootstrap <= 0:
        return EloResult(ratings, names, confidence=confidence)
    samples = np.stack([fit(resample()) for _ in range(bootstrap)])
    lower, upper = _percentiles(samples, confidence)
    return EloResult(ratings, names, lower, upper, confidence, samples)


def online_elo(
    battles: Any,
    *,
    k: float = 4.0,
    scale: float = 400.0,
    base: float = 10.0,
    initial: float = 1000.0,
    models: Sequence[str] | None = None,
    bootstrap: int = 0,
    confidence: float = 0.95,
    seed: int = 0,
) -> EloResult:
    """Sequential Elo updates over battle records, in the order given.

    For each battle ``r_a += k (S_a - E_a)`` and ``r_b -= k (S_a - E_a)`` with
    ``E_a = 1 / (1 + base ** ((r_b - r_a) / scale))`` and ``S_a`` 1, 0.5 or 0.
    Bootstrap resamples battles with replacement, in a random order (as
    Chatbot Arena did), since the result depends on the order.

    Example:
      >>> online_elo([("a", "b", "model_a")], k=32).rating_of()
      {'a': 1016.0, 'b': 984.0}
    """
    pairs, score, names = battle_wins(battles, models)

    def run(order):
        r = np.full(len(names), float(initial))
        for i in order.tolist():
            a, b = pairs[i]
            expected = 1.0 / (1.0 + base ** ((r[b] - r[a]) / scale))
            delta = k * (score[i] - expected)
            r[a] += delta
            r[b] -= delta
        return r

    ratings = run(np.arange(len(score)))
    if bootstrap <= 0:
        return EloResult(ratings, names, confidence=confidence)
    rng = np.random.default_rng(seed)
    samples = np.stack([run(rng.integers(len(score), size=len(score))) for _ in range(bootstrap)])
    lower, upper = _percentiles(samples, confidence)
    return EloResult(ratings, names, lower, upper, confidence, samples)
