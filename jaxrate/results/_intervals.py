"""Resampling intervals of ratings, the options record that made them, and their block of the result file."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import numpy as np

from jaxrate.game._defaults import DEFAULTS
from jaxrate.game.tolerances import TOLERANCES

if TYPE_CHECKING:
    import pandas as pd

    from jaxrate.results._difference import Difference
    from jaxrate.results._significance import Tiers

__all__ = ["RatingIntervals", "Resampling", "interval_block"]


@dataclasses.dataclass(frozen=True)
class Resampling:
    """How a resampling run draws and rates its resamples (the same defaults in Python and the CLI).

    Attributes:
      resamples: number of resamples ``R`` (``--bootstrap N``, ``--task-subsets N``).
      seed: the random seed (``--seed``); the same seed gives the same draws
        however the resamples are chunked or spread over processes.
      level: coverage of the percentile interval ``[lower, upper]``.
      game: the game made of each resampled table: ``"3p"`` (agent vs agent vs
        task, the default of Python and the command line alike) or ``"2p"`` (agent vs task).
      rating: the rating resampled: ``"deviation"`` or a baseline
        (``"uniform"``, ``"elo"``, ``"nash"``, ``"alpharank"``, ``"payoff"``).
      solver: the path that rates the resamples: ``"exact"``, ``"jax"`` or
        ``"auto"`` (the cost model of :mod:`jaxrate.uncertainty._cost` picks).
      paired: stratification of a replicate bootstrap (draws are always within
        each task): ``None`` pairs a task's replicates when every model has the
        same ones, ``True`` requires it, ``False`` draws each model's own.
      tie_tol: ratings within this fraction of the payoff scale share the top.
      tiers: the joint claims that :meth:`RatingIntervals.tiers` cuts tiers from
        (``--tiers``): ``"stepdown"``, ``"band"`` or ``"holm"``
        (:mod:`jaxrate.results._significance`).
    """

    resamples: int = DEFAULTS.resamples
    seed: int = DEFAULTS.seed
    level: float = DEFAULTS.level
    game: str = DEFAULTS.score_game
    rating: str = "deviation"
    solver: str = "auto"
    paired: bool | None = None
    tie_tol: float = TOLERANCES.ties
    tiers: str = DEFAULTS.tiers

    def __post_init__(self) -> None:
        if isinstance(self.resamples, bool) or int(self.resamples) != self.resamples or self.resamples < 1:
            raise ValueError(f"resamples must be an integer >= 1; got {self.resamples!r}")
        if not 0 < self.level < 1:
            raise ValueError(f"level (confidence) must be in (0, 1); got {self.level}")
        if self.solver not in ("auto", "exact", "jax"):
            raise ValueError(f"method must be 'auto', 'exact' or 'jax'; got {self.solver!r}")
        if self.game not in ("2p", "3p"):
            raise ValueError(f"gamification must be '2p' or '3p'; got {self.game!r}")
        if self.tiers not in ("band", "stepdown", "holm"):
            raise ValueError(f"tiers must be 'stepdown', 'band' or 'holm'; got {self.tiers!r}")
        if not self.tie_tol >= 0:
            raise ValueError(f"tie_tol must be >= 0; got {self.tie_tol}")

    def as_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclasses.dataclass(frozen=True)
class RatingIntervals:
    """Deviation ratings with resampling intervals.

    Attributes:
      ratings: point estimate from the exact path on all the data, ``[A_p]`` per player.
      lower, upper: percentile bounds of the resampled ratings, ``[A_p]`` per player.
      top_probability: fraction of resamples in which each strategy is in the
        top tied group of its player, ``[A_p]`` per player.
      samples: resampled ratings ``[R, A_p]`` per player; NaN where a strategy
        is absent from a resample (a task left out of a subset).
      confidence: coverage of ``[lower, upper]``.
      kind: ``"bootstrap"`` or ``"task subsets"``.
      method: ``"exact"`` or ``"jax"`` (the path that rated the resamples).
      fallbacks: resamples the JAX path did not solve, re-rated exactly.
      seconds: wall time of rating the resamples.
      players, strategies: names from the game.
      failures: ``(resample, reason)`` for each resample that could not be
        rated; its samples are NaN and it is left out of the intervals and
        ``top_probability``. A run never dies of one resample.
      pairwise: ``[A_0, A_0]``, the fraction of resamples in which the first
        player's strategy ``i`` is rated above ``j`` (by more than the tie
        tolerance), from the same resamples as the intervals.
      slow: ``(first, last, seconds)`` for each resample (``first == last``)
        or chunk of resamples rated together that took at least ten times the
        median.
      interval_kind: what the interval measures, in words:
        ``"sampling (items within task)"`` (or seeds, folds, replicates),
        ``"sampling (standard errors)"``, ``"battles"`` or
        ``"task-subset sensitivity"``.
      rating: the rating method resampled (``"deviation"``, ``"uniform"``, ...).
      options: the :class:`Resampling` the run used (resamples, seed, level,
        game, solver, stratification), where the run records it.
      distinct: how many distinct resamples the data admit, where that is fewer
        than the resamples drawn (the resamples then repeat one another: 3 tasks
        have 7 subsets), else ``None``.
      scale: the payoff scale that the tie tolerance multiplies (the point game's
        :func:`jaxrate.payoff_scale`, or the rating method's own), which rank
        intervals, tiers and differences use for ties; ``None`` where the run
        did not record it (the range of the ratings then stands in).
    """

    ratings: tuple[np.ndarray, ...]
    lower: tuple[np.ndarray, ...]
    upper: tuple[np.ndarray, ...]
    top_probability: tuple[np.ndarray, ...]
    samples: tuple[np.ndarray, ...]
    confidence: float
    kind: str
    method: str
    fallbacks: int
    seconds: float
    players: tuple[str, ...]
    strategies: tuple[tuple[str, ...], ...]
    failures: tuple[tuple[int, str], ...] = ()
    pairwise: np.ndarray | None = None
    slow: tuple[tuple[int, int, float], ...] = ()
    interval_kind: str = ""
    rating: str = "deviation"
    options: Resampling | None = None
    distinct: int | None = None
    scale: float | None = None

    def above(self, a: str, b: str) -> float:
        """Fraction of resamples in which strategy ``a`` of the first player is rated above ``b``."""
        names = self.strategies[0]
        for name in (a, b):
            if name not in names:
                raise ValueError(f"no strategy {name!r}; the first player's are {list(names)}")
        return float(self.pairwise[names.index(a), names.index(b)])

    def difference(
        self,
        a: str,
        b: str,
        player: int | str = 0,
        *,
        scale: float | None = None,
        game: Any = None,
        joint: Any = None,
    ) -> Difference:
        r"""The paired difference ``a - b`` of two strategies of ``player`` (a name or an index).

        Every resample rates both on the same draw, so ``d_r = s_r[a] - s_r[b]`` is the difference
        in resample ``r``; failed resamples (NaN) are left out and counted (``failed``).

        .. math::

           [\mathrm{lower}, \mathrm{upper}] = \bigl[q_{\alpha/2}(d), q_{1-\alpha/2}(d)\bigr], \qquad
           p = \min\Bigl(1, \; 2\,\frac{1 + \#\{r : \operatorname{sign}(\hat d)\, d_r \le \tau\}}{1 + R}\Bigr)

        with ``q`` the percentiles of the ``R`` resamples used (``1 - alpha`` the intervals'
        ``confidence``; widened to contain the estimate ``d^ = rating(a) - rating(b)``, like the
        ratings' bounds) and ``tau`` the tie tolerance: ``tie_tol`` times ``scale`` (default: the
        game's payoff scale, else the range of the player's ratings). ``tied`` when
        ``|d^| <= tau``, and then ``p = 1``. A resample not on the estimate's side of the tie band
        counts against it; the ``+1`` keeps ``p >= 2 / (R + 1)``. For ``kind == "task subsets"``
        both say how much the difference depends on the task set, not sampling error (``note``).

        Args:
          a, b: strategies of ``player``; ``scale``: the payoff scale ties are relative to.
          game, joint: the point game and its rating joint (or its :class:`jaxrate.Ratings`):
            fills ``contributions``, each task's share (:func:`jaxrate.uncertainty.difference_contributions`).

        Raises:
          ValueError: an unknown player or strategy (naming those there are, and the closest),
            intervals read back without their samples, or ``game`` without ``joint``.
        """
        from jaxrate.results._difference import paired_difference

        return paired_difference(self, a, b, player, scale=scale, game=game, joint=joint)

    def table(self, player: int | str = 0) -> pd.DataFrame:
        """A ``pandas.DataFrame``, one row per strategy of ``player`` (a name or an index): columns
        ``strategy``, ``rating``, ``lower``, ``upper``, ``p_top`` (P(top)); :meth:`records` as a list."""
        import pandas as pd

        return pd.DataFrame(self.records(player), columns=["strategy", "rating", "lower", "upper", "p_top"])

    def records(self, player: int | str = 0) -> list[dict]:
        """The rows of :meth:`table` as a list of dicts (plain floats), one per strategy of ``player``."""
        p = self.players.index(player) if isinstance(player, str) else player
        return [
            {
                "strategy": s,
                "rating": float(self.ratings[p][i]),
                "lower": float(self.lower[p][i]),
                "upper": float(self.upper[p][i]),
                "p_top": float(self.top_probability[p][i]),
            }
            for i, s in enumerate(self.strategies[p])
        ]

    def to_json(self, path: str | None = None, *, samples: bool = False) -> str:
        """The result file (:mod:`jaxrate.results._result_file`): the point ratings and an ``intervals``
        block (bounds, P(top), pairwise orders, failures, the options and seed); ``samples``
        adds every resample's ratings. Written to ``path`` (atomically) if given."""
        from jaxrate.results._result_file import head, named, write_document

        document = {**head(self.rating), "players": list(self.players)}
        document["ratings"] = named(self.players, self.strategies, self.ratings)
        document["intervals"] = interval_block(self, samples=samples)
        return write_document(document, path)

    @classmethod
    def from_json(cls, source: Any) -> RatingIntervals:
        """The intervals a result file holds (a path, JSON text or the parsed document).

        Raises:
          ValueError: the file is unreadable, not a result file, or holds no intervals.
        """
        from jaxrate.results._result_file import read_document

        document = read_document(source)
        try:
            return _from_block(document, cls)
        except (KeyError, TypeError, IndexError) as err:
            raise ValueError(f"malformed intervals block ({type(err).__name__}: {err})") from None

    def rank_intervals(
        self,
        player: int | str = 0,
        *,
        method: str = "pair",
        level: float | None = None,
        scale: float | None = None,
    ) -> pd.DataFrame:
        """Best and worst rank of each strategy of ``player`` from the paired resamples: columns ``strategy``,
        ``rank``, ``rank_best``, ``rank_worst`` (:func:`jaxrate.results._significance.rank_intervals`)."""
        from jaxrate.results._significance import rank_intervals

        return rank_intervals(self, player, method=method, level=level, scale=scale)

    def tiers(
        self,
        player: int | str = 0,
        method: str | None = None,
        *,
        level: float | None = None,
        scale: float | None = None,
    ) -> Tiers:
        """Tiers of ``player``'s strategies that hold jointly at ``level`` (``method``: ``"stepdown"``,
        ``"band"`` or ``"holm"``; default: the run's ``options.tiers``;
        :func:`jaxrate.results._significance.tiers`)."""
        from jaxrate.results._significance import tiers

        return tiers(self, player, method, level=level, scale=scale)


def interval_block(
    intervals: RatingIntervals,
    samples: bool = False,
    *,
    scale: float | None = None,
    computed: tuple[pd.DataFrame, Tiers] | None = None,
) -> dict:
    """The result file's ``intervals`` block (also the command line's ``--json``).

    Where the intervals hold their resamples, it carries the first player's ``rank_intervals``
    (:meth:`RatingIntervals.rank_intervals`, ``"pair"``) and ``tiers`` (:meth:`RatingIntervals.tiers`,
    by the run's ``options.tiers``), at the intervals' confidence with ties within ``tie_tol * scale``
    (``scale``: the game's payoff scale; default: the run's, else the range of the ratings);
    ``computed``: those two, already
    computed at that ``scale`` (the command line's, which its table shows).
    """
    from jaxrate.results._result_file import json_number, named

    names = intervals.strategies[0]
    pairwise = intervals.pairwise
    block = {
        "kind": intervals.kind,
        "interval_kind": intervals.interval_kind,
        "rating": intervals.rating,
        "resamples": int(intervals.samples[0].shape[0])
        or (0 if intervals.options is None else intervals.options.resamples),
        "confidence": intervals.confidence,
        "path": intervals.method,
        "fallbacks": int(intervals.fallbacks),
        "seconds": intervals.seconds,
        "options": None if intervals.options is None else intervals.options.as_dict(),
        "distinct": intervals.distinct,
        "scale": intervals.scale,
        "lower": named(intervals.players, intervals.strategies, intervals.lower),
        "upper": named(intervals.players, intervals.strategies, intervals.upper),
        "top_probability": named(intervals.players, intervals.strategies, intervals.top_probability),
        "failed_count": len(intervals.failures),
        "failed": [{"resample": i, "reason": why} for i, why in intervals.failures],
        "slow": [{"resamples": [a, b], "seconds": s} for a, b, s in intervals.slow],
        "p_above": {
            a: {b: json_number(pairwise[i, j]) for j, b in enumerate(names) if j != i}
            for i, a in enumerate(names)
        }
        if pairwise is not None
        else None,
    }
    block.update(_significance_block(intervals, scale, computed))
    if samples:
        block["samples"] = {
            p: [[json_number(v) for v in row] for row in np.asarray(s).tolist()]
            for p, s in zip(intervals.players, intervals.samples)
        }
    return block


def _significance_block(intervals: RatingIntervals, scale: float | None, computed) -> dict:
    """``{"rank_intervals": ..., "tiers": ...}`` of the first player, named by strategy as ``p_above``
    is; ``{}`` where the intervals hold no resamples (read back from a file written without them)."""
    import math
    import warnings

    from jaxrate.results._significance import tie_tolerance

    if computed is None:
        if not np.asarray(intervals.samples[0]).shape[0]:
            return {}
        with warnings.catch_warnings():  # too few resamples to separate anything: the block's note
            warnings.simplefilter("ignore", UserWarning)
            computed = (intervals.rank_intervals(0, scale=scale), intervals.tiers(0, scale=scale))
    ranks, tiers = computed
    names = [str(s) for s in ranks["strategy"]]
    tol = tie_tolerance(intervals, np.asarray(intervals.ratings[0], dtype=np.float64), scale)
    column = {c: dict(zip(names, ranks[c].astype(int).tolist())) for c in ("rank", "rank_best", "rank_worst")}
    attrs = ranks.attrs
    return {
        "rank_intervals": {
            **{k: attrs[k] for k in ("method", "level", "resamples", "left_out")},
            "tie_tolerance": tol,
            "note": attrs.get("note", ""),
            **column,
        },
        "tiers": {
            "method": tiers.method,
            "level": tiers.level,
            "resamples": tiers.resamples,
            "left_out": tiers.left_out,
            "tie_tolerance": tol,
            "threshold": tiers.threshold if math.isfinite(tiers.threshold) else None,
            "note": tiers.note,
            "tier": dict(zip(map(str, tiers.strategies), tiers.tier.astype(int).tolist())),
        },
    }


def _from_block(document: dict, cls: type) -> RatingIntervals:
    from jaxrate.results._result_file import unnamed

    block = document.get("intervals")
    if not isinstance(block, dict) or "lower" not in block:
        raise ValueError("the result file holds no intervals")
    players = tuple(document["players"])
    strategies, ratings = unnamed(document["ratings"], players, "ratings")
    shape = [len(s) for s in strategies]
    if "samples" in block:
        samples = tuple(
            np.array(
                [[np.nan if v is None else float(v) for v in row] for row in block["samples"][p]]
            ).reshape(-1, a)
            for p, a in zip(players, shape)
        )
    else:  # not written: an empty [0, A_p] per player (the count is the block's "resamples")
        samples = tuple(np.zeros((0, a)) for a in shape)
    names = strategies[0]
    pairwise = None
    if block.get("p_above") is not None:
        pairwise = np.zeros((len(names), len(names)))  # i above i: never (the block leaves it out)
        for i, a in enumerate(names):
            for j, b in enumerate(names):
                if i != j:
                    v = block["p_above"][a][b]
                    pairwise[i, j] = np.nan if v is None else float(v)
        if np.isnan(pairwise[~np.eye(len(names), dtype=bool)]).all():  # no resample rated: all NaN
            pairwise[:] = np.nan
    options = None if block.get("options") is None else Resampling(**block["options"])
    return cls(
        ratings=ratings,
        lower=unnamed(block["lower"], players, "lower")[1],
        upper=unnamed(block["upper"], players, "upper")[1],
        top_probability=unnamed(block["top_probability"], players, "top_probability")[1],
        samples=samples,
        confidence=float(block["confidence"]),
        kind=str(block["kind"]),
        method=str(block["path"]),
        fallbacks=int(block.get("fallbacks", 0)),
        seconds=float(block["seconds"]),
        players=players,
        strategies=strategies,
        failures=tuple((int(f["resample"]), str(f["reason"])) for f in block["failed"]),
        pairwise=pairwise,
        slow=tuple(
            (int(s["resamples"][0]), int(s["resamples"][1]), float(s["seconds"])) for s in block["slow"]
        ),
        interval_kind=str(block.get("interval_kind", "")),
        rating=str(block.get("rating", "deviation")),
        options=options,
        distinct=None if block.get("distinct") is None else int(block["distinct"]),
        scale=None if block.get("scale") is None else float(block["scale"]),
    )
