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

import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from jaxrate.baselines import _elo_intervals
from jaxrate.battles import BattleCounts, battle_counts, battle_wins
from jaxrate.battles import _bradley_terry as bradley_terry
from jaxrate.game._defaults import DEFAULTS
from jaxrate.game._score_table import score_table

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["EloResult", "battle_wins", "elo_ratings", "online_elo", "win_probabilities"]

# Warn when at least this share of the pairs that met (and this many pairs) were won every time by one
# model: perfect separation, common with win rates from a few tasks (3 tasks: 84% of LiveBench's pairs).
SEPARATED_SHARE = 0.5
SEPARATED_PAIRS = 3


class EloResult(NamedTuple):
    """Elo ratings of ``M`` models.

    Attributes:
      ratings: ``[M]`` Elo points (fit on all the data).
      models: names, ``[M]``.
      lower, upper: ``[M]`` bootstrap percentile bounds, or ``None`` without bootstrap.
      confidence: the interval's coverage (e.g. 0.95).
      samples: ``[R, M]`` bootstrap ratings, or ``None``.
      prior: the virtual draws per pair that were added (``prior="auto"``
        says here what it chose).
      notes: lines worth telling the user, e.g. why a prior was added.
      intervals: how ``lower``/``upper`` were made: ``"bootstrap"``,
        ``"sandwich"`` or ``None``.
      failures: ``(resample, reason)`` for each bootstrap resample with no
        finite fit (e.g. ``"lost model 'x' (no battles drawn)"``); its row of
        ``samples`` is NaN and it is left out of ``lower``/``upper``.
    """

    ratings: np.ndarray
    models: tuple[str, ...]
    lower: np.ndarray | None = None
    upper: np.ndarray | None = None
    confidence: float = 0.95
    samples: np.ndarray | None = None
    prior: float = 0.0
    notes: tuple[str, ...] = ()
    intervals: str | None = None
    failures: tuple[tuple[int, str], ...] = ()

    def to_frame(self, tie_tol: float = 1e-6) -> pd.DataFrame:
        """A tidy ``pandas.DataFrame``: player ``"model"``, strategy, rating, rank (+ lower, upper)."""
        from jaxrate.results.result import ratings_frame

        frame = ratings_frame((self.ratings,), ("model",), (self.models,), tie_tol=tie_tol)
        if self.lower is not None:
            frame["lower"], frame["upper"] = self.lower, self.upper
        return frame

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
    table, models, _ = score_table(scores, agents)
    diff = table[:, None, :] - table[None, :, :]
    p = ((diff > 0) + 0.5 * (diff == 0)).mean(axis=-1)
    return p, models


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
    prior: float | str = DEFAULTS.elo_prior,
    bootstrap: int = 0,
    resample: str = "pairs",
    intervals: str = "bootstrap",
    confidence: float = 0.95,
    seed: int = 0,
) -> EloResult:
    r"""Bradley-Terry (BayesElo) ratings by maximum likelihood, with the defaults of LMArena's ``arena-rank``.

    Args:
      data: a win-probability matrix ``[M, M]`` (``p_ij`` = probability that ``i`` beats ``j``; diagonal
        ignored), e.g. from :func:`win_probabilities`, battle records (see :func:`battle_wins`; a tie is
        half a win each, as on Chatbot Arena), or a :class:`jaxrate.battles.BattleCounts` (categories summed).
      models: model names for a matrix (default ``0..M-1``), or the model order (and subset, for counts)
        for battle records.
      counts: ``[M, M]`` games behind each ``p_ij`` (matrix input; default 1 per pair), needed for intervals.
      scale, base: ``p_ij = 1 / (1 + base ** ((r_j - r_i) / scale))``; ``initial``: the mean rating.
      anchor: ``(model, value)``: instead of ``initial``, shift every rating (and interval) by one constant so
        that ``model`` is rated exactly ``value``.
      prior: virtual draws (BayesElo's prior, half a win each) between every pair that met: 0 (plain maximum
        likelihood) or ``"auto"`` (default, as on the command line: 0 when finite, else 1, said in ``notes``).
        A ``UserWarning`` says when most pairs were won every time by one model: the prior sets the spread.
      bootstrap, seed: resamples for percentile intervals (one with no finite fit: in ``failures``), and seed.
      resample: ``"pairs"``: each pair's observed battles are redrawn from its own outcomes (a multinomial
        over its wins, losses and ties; every resample keeps the comparison graph); ``"battles"``: all
        battles are drawn with replacement, as the public boards do.
      intervals, confidence: ``"bootstrap"`` (percentiles of ``bootstrap`` resamples) or ``"sandwich"``
        (arena-rank's default; no resampling): rating :math:`\pm z \sigma` with :math:`\sigma^2` the diagonal
        of :math:`H^{-1} G H^{-1}` (``H`` the Fisher information plus ``1e-5`` per battle on its diagonal,
        ``G`` the outer products of the battles' scores); ``confidence``: the intervals' coverage.

    Returns:
      An :class:`EloResult`.

    Raises:
      ValueError: on a malformed input, an unknown anchor, or a comparison graph that is not connected (naming
        its groups) or has no finite fit (a group never loses; prior 0), in the data or in every resample.

    Example:
      >>> r = elo_ratings([[0.5, 0.75], [0.25, 0.5]], models=["a", "b"])
      >>> round(float(r.ratings[0] - r.ratings[1]), 2)  # 400 log10(3)
      190.85
      >>> elo_ratings([[0.5, 1.0], [0.0, 0.5]], models=["a", "b"]).prior  # "auto": a never loses
      1.0
    """
    _check_options(prior, resample, intervals, confidence)
    k, observed = np.log(base) / scale, _observe(data, models, counts)
    centred, shift, point = _point_fit(observed, k, prior, initial, anchor, confidence)
    if intervals == "sandwich":
        return _with_sandwich(point, observed, centred, shift, k)
    return _with_bootstrap(point, observed, shift, k, bootstrap=bootstrap, resample=resample, seed=seed)


def _point_fit(
    observed: _Observed,
    k: float,
    prior: float | str,
    initial: float,
    anchor: tuple[str, float] | None,
    confidence: float,
) -> tuple[np.ndarray, float, EloResult]:
    """The fit centred on 0, the shift to ``initial`` (or to ``anchor``), and the result without intervals."""
    names = observed.models
    if anchor is not None and anchor[0] not in names:
        raise ValueError(f"anchor model {anchor[0]!r} is not among the models")
    prior, notes = _choose_prior(observed, prior)
    centred = _fit_ratings(observed.wins, names, k, prior=prior)
    shift = initial if anchor is None else float(anchor[1]) - centred[names.index(anchor[0])]
    point = EloResult(centred + shift, names, prior=prior, notes=notes, confidence=confidence)
    _warn_separated(observed, point)
    return centred, shift, point


def separated_pairs(wins: np.ndarray) -> tuple[int, int]:
    """``(separated, met)``: the pairs that met, and those of them that one model won every time
    (``wins [M, M]``, ties as halves, so a tie splits a pair)."""
    upper = np.triu(np.ones(wins.shape, dtype=bool), 1)
    forward, backward = wins[upper], wins.T[upper]
    met = (forward + backward) > 0
    return int(np.sum(met & ((forward == 0) | (backward == 0)))), int(met.sum())


def _warn_separated(observed: _Observed, point: EloResult) -> None:
    """Warn (``UserWarning``) when most pairs that met are perfectly separated (see :func:`elo_ratings`)."""
    separated, met = separated_pairs(observed.wins)
    if separated < SEPARATED_PAIRS or separated < SEPARATED_SHARE * met:
        return
    spread = float(np.ptp(point.ratings))
    if point.prior > 0:
        tail = f" ({point.prior:g} virtual draw{'s' if point.prior != 1 else ''} per pair), not by the data"
    else:
        tail = (
            f", not by the data: here none (prior 0), so only the {met - separated:,} pairs that split hold "
            "the ratings in; a prior of 1 (a virtual draw per pair) would bound them"
        )
    warnings.warn(
        f"Elo: {separated:,} of {met:,} pairs that met ({100 * separated / met:.0f}%) were won every time by "
        "one model (on every task, or in every battle between them): perfect separation, whose "
        f"Bradley-Terry distance the data cannot bound, so the spread of the ratings ({spread:,.0f} points) "
        f"is set by the prior{tail}",
        UserWarning,
        stacklevel=4,
    )


def _with_sandwich(
    point: EloResult, observed: _Observed, centred: np.ndarray, shift: float, k: float
) -> EloResult:
    """``point`` with sandwich intervals (see ``intervals`` in :func:`elo_ratings`)."""
    if not observed.counted:
        raise ValueError("intervals from a win-probability matrix need counts (games per pair)")
    half = _elo_intervals.sandwich_halfwidth(observed, centred, k, point.confidence)
    lower, upper = centred - half + shift, centred + half + shift
    return point._replace(lower=lower, upper=upper, intervals="sandwich")


def _with_bootstrap(
    point: EloResult, observed: _Observed, shift: float, k: float, *, bootstrap: int, resample: str, seed: int
) -> EloResult:
    """``point`` with percentile intervals of ``bootstrap`` resamples (refit with ``point.prior``), if any.

    A resample with no finite fit (a model drawn in no battle, a graph not connected, a group that never
    loses) is a failed member: NaN samples and a reason in ``failures``; only if every one fails, raise.
    """
    if bootstrap <= 0:
        return point
    if not observed.counted:
        raise ValueError("bootstrap from a win-probability matrix needs counts (games per pair)")
    rng = np.random.default_rng(seed)
    samples = np.full((bootstrap, len(point.models)), np.nan)
    failures = []
    for i in range(bootstrap):
        wins = _elo_intervals.resample(rng, observed, resample)
        try:
            samples[i] = _fit_ratings(wins, point.models, k, prior=point.prior) + shift
        except ValueError as err:  # the data's own fit is finite: this resample's status
            failures.append((i, _resample_failure(wins, point.models, err)))
    if len(failures) == bootstrap:
        first, why = failures[0]
        unbeaten = any("never lose" in reason for _, reason in failures)  # virtual draws bound those
        fix = "use more battles" + (", or pass prior > 0 (virtual draws)" if unbeaten else "")
        raise ValueError(
            f"none of the {bootstrap:,} bootstrap resamples has a finite Bradley-Terry fit (first: #{first}: "
            f"{why}); {fix}"
        )
    lower, upper = _percentiles(samples[~np.isnan(samples).any(axis=1)], point.confidence)
    found = {"samples": samples, "failures": tuple(failures), "intervals": "bootstrap"}
    return point._replace(lower=lower, upper=upper, **found)


def _resample_failure(wins: np.ndarray, models: tuple[str, ...], err: ValueError) -> str:
    """Why a resample's wins ``[M, M]`` have no finite fit, in a few words: the model drawn in no
    battle, else the error of :func:`jaxrate.battles._bradley_terry.check_estimable` without its advice."""
    unplayed = [models[i] for i in np.flatnonzero((wins + wins.T).sum(axis=1) == 0)]
    if unplayed:
        more = f" and {len(unplayed) - 1} more" if len(unplayed) > 1 else ""
        return f"lost model {unplayed[0]!r}{more} (no battles drawn)"
    why = str(err).replace("the Bradley-Terry fit has no finite solution: ", "no finite fit: ")
    for advice in ("pass prior > 0 (virtual draws) or more games", "rate each group on its own"):
        why = why.removesuffix(f"; {advice}")
    return why


def _check_options(prior: float | str, resample: str, intervals: str, confidence: float) -> None:
    if isinstance(prior, str):
        if prior != "auto":
            raise ValueError(f"prior must be a number >= 0 or 'auto'; got {prior!r}")
    elif not (np.isfinite(prior) and prior >= 0):
        raise ValueError(f"prior must be a number >= 0 or 'auto'; got {prior!r}")
    if resample not in ("pairs", "battles"):
        raise ValueError(f"resample must be 'pairs' or 'battles'; got {resample!r}")
    if intervals not in ("bootstrap", "sandwich"):
        raise ValueError(f"intervals must be 'bootstrap' or 'sandwich'; got {intervals!r}")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be in (0, 1); got {confidence}")


def _choose_prior(observed: _Observed, prior: float | str) -> tuple[float, tuple[str, ...]]:
    """The prior to fit with, and a note when ``"auto"`` had to add one."""
    if prior != "auto":
        return float(prior), ()
    try:
        bradley_terry.check_estimable(observed.wins, observed.models)
    except ValueError as err:
        message = str(err)
        if not message.startswith("the Bradley-Terry fit has no finite solution: "):
            raise  # not connected: no prior places separate groups
        why = message.removeprefix("the Bradley-Terry fit has no finite solution: ").split(";")[0]
        note = f"Elo: prior 1 (a virtual draw per pair that met) added: {why}, so no finite fit without it"
        return 1.0, (note,)
    return 0.0, ()


class _Observed(NamedTuple):
    """What Elo ratings are fit to, and what a bootstrap resample redraws.

    Attributes:
      wins: ``[M, M]`` wins of ``i`` over ``j``, ties as halves.
      models: ``[M]`` names.
      upper: ``[M, M]`` bool, the pairs ``i < j`` (the rows of ``outcomes``).
      outcomes: ``[P, 3]`` int, each pair's battles as (``i`` won, ``j`` won, tie).
      counted: whether ``outcomes`` are counts of battles (a matrix without
        ``counts`` has none, and cannot be resampled).
    """

    wins: np.ndarray
    models: tuple[str, ...]
    upper: np.ndarray
    outcomes: np.ndarray
    counted: bool = True
    share: np.ndarray | None = None  # [P] a matrix's exact win rate per pair (redrawn binomially)


def _observe(data: Any, models: Sequence[str] | None, counts: Any) -> _Observed:
    if isinstance(data, BattleCounts):
        return _from_counts(data, models)
    if _is_battles(data):
        return _from_counts(battle_counts(data, models=models), None)
    return _from_matrix(data, models, counts)


def _from_counts(counts: BattleCounts, models: Sequence[str] | None) -> _Observed:
    """Battle counts (categories summed; ``models``: the subset, in order) as wins and per-pair outcomes."""
    wins, ties = counts.wins.sum(axis=0), counts.ties.sum(axis=0)
    names = counts.models
    if models is not None:
        unknown = [m for m in models if m not in names]
        if unknown:
            raise ValueError(f"models not in the battle counts: {unknown[:5]}")
        keep = [names.index(m) for m in models]
        wins, ties, names = wins[np.ix_(keep, keep)], ties[np.ix_(keep, keep)], tuple(models)
    upper = np.triu(np.ones((len(names),) * 2, dtype=bool), 1)
    # Each pair's battles as outcome counts (i won, j won, tie); a resample
    # redraws them (per pair, or all battles at once).
    outcomes = np.stack([wins[upper], wins.T[upper], ties[upper]], axis=1)
    return _Observed(wins + 0.5 * ties, names, upper, np.rint(outcomes).astype(np.int64))


def _from_matrix(data: Any, models: Sequence[str] | None, counts: Any) -> _Observed:
    """A win-probability matrix ``[M, M]`` (and games per pair) as wins and per-pair outcomes."""
    p = np.asarray(data, dtype=np.float64)
    if p.ndim != 2 or p.shape[0] != p.shape[1] or p.shape[0] < 2:
        raise ValueError(f"win probabilities must be a square [M, M] matrix with M >= 2; got shape {p.shape}")
    off = ~np.eye(len(p), dtype=bool)
    if not np.all(np.isfinite(p[off])) or np.any((p[off] < 0) | (p[off] > 1)):
        raise ValueError("win probabilities must be finite numbers in [0, 1]")
    n = np.ones_like(p) if counts is None else np.asarray(counts, dtype=np.float64)
    if n.shape != p.shape or np.any(n[off] < 0) or not np.all(np.isfinite(n)):
        raise ValueError(f"counts must be a non-negative [M, M] matrix like the probabilities; got {n.shape}")
    names = tuple(str(x) for x in (models if models is not None else range(len(p))))
    if len(names) != len(p):
        raise ValueError(f"{len(names)} model names for a {len(p)} x {len(p)} matrix")
    wins = np.where(off, n * p, 0.0)
    upper = np.triu(off)
    # A pair's observed battles: wins_ij + wins_ji of them (rounded), each won by
    # i at the pair's observed rate (ties unknown here: each battle is redrawn as
    # a win or a loss). The rate is kept as it is: rounding half-integer wins
    # (ties counted as halves) would move it (40 battles at 0.6125 -> 0.600).
    played = wins[upper] + wins.T[upper]
    total = np.rint(played).astype(np.int64)
    share = wins[upper] / np.where(played > 0, played, 1.0)
    won = np.rint(share * total)
    outcomes = np.stack([won, total - won, np.zeros_like(total)], axis=1)
    return _Observed(wins, names, upper, outcomes.astype(np.int64), counted=counts is not None, share=share)


def _fit_ratings(wins: np.ndarray, models: tuple[str, ...], k: float, *, prior: float) -> np.ndarray:
    """``[M]`` Elo ratings of ``wins`` centred on 0, BayesElo's prior added."""
    if prior > 0:
        met = (wins + wins.T) > 0
        wins = wins + np.where(met, prior / 2, 0.0)
    bradley_terry.check_estimable(wins, models)
    return bradley_terry.fit(wins, k)


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
