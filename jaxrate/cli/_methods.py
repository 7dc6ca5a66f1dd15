"""Every rating method behind one call, for ``rate --method`` and ``compare``."""

from __future__ import annotations

import contextlib
import dataclasses
import sys
import time
import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np

from jaxrate.cli._inputs import Source
from jaxrate.game._defaults import DEFAULTS
from jaxrate.game.tolerances import payoff_scale

__all__ = [
    "METHODS",
    "Rated",
    "add_elo_options",
    "caught_warnings",
    "elo_intervals",
    "elo_settings",
    "relay_warnings",
    "run_method",
]

METHODS = {
    "deviation": "deviation ratings (exact; --fast: JAX path)",
    "uniform": "mean payoff against uniform opponents",
    "elo": "Bradley-Terry / BayesElo fit (scores: task win rates; battles: the records)",
    "nash": "Nash averaging (two-player zero-sum games: --game 2p)",
    "alpharank": "alpha-rank stationary mass",
    "payoff": "payoff rating under the maximum-entropy CCE",
}


@dataclasses.dataclass
class Rated:
    method: str
    ratings: tuple  # one array per player
    players: tuple
    strategies: tuple
    scale: float  # payoff scale, for tie tolerances
    seconds: float
    proven: Any = None  # the jaxrate.Ratings of a deviation rating, with its proof
    info: dict = dataclasses.field(default_factory=dict)


def add_elo_options(parser) -> None:
    """``--prior`` and ``--anchor``: the Elo fit as the public boards print it."""
    parser.add_argument(
        "--prior",
        metavar="N|auto",
        help="Elo: N virtual draws added between every pair that met (BayesElo's prior); "
        f"{DEFAULTS.elo_prior} (default, as in Python): 0, or 1 when some model never loses (no finite fit "
        "without one), said in a note",
    )
    parser.add_argument(
        "--anchor",
        metavar="MODEL=RATING",
        help="Elo: shift the board so that MODEL is rated exactly RATING (e.g. "
        "mixtral-8x7b-instruct-v0.1=1114); default: ratings centred on 1000",
    )


def elo_settings(args) -> dict:
    """``{"prior": ..., "anchor": ...}`` for :func:`jaxrate.elo_ratings` from ``--prior`` and ``--anchor``."""
    prior = getattr(args, "prior", None) or DEFAULTS.elo_prior
    if prior != "auto":
        try:
            prior = float(prior)
        except ValueError:
            raise ValueError(f"--prior must be a number >= 0 or auto; got {prior!r}") from None
        if not (np.isfinite(prior) and prior >= 0):
            raise ValueError(f"--prior must be a number >= 0 or auto; got {args.prior!r}")
    anchor = getattr(args, "anchor", None)
    if anchor is not None:
        model, sep, value = anchor.rpartition("=")
        try:
            rating = float(value)
        except ValueError:
            rating = float("nan")
        if not sep or not model or not np.isfinite(rating):
            raise ValueError(f"--anchor must be MODEL=RATING (e.g. gpt-4-0613=1000); got {anchor!r}")
        anchor = (model, rating)
    return {"prior": prior, "anchor": anchor}


def _elo(source: Source, game, elo: dict | None, **options):
    """Elo of a score table (task win rates) or of battle records (the counts, all categories)."""
    from jaxrate import baselines

    elo = {"prior": DEFAULTS.elo_prior, "anchor": None} if elo is None else elo
    if source.kind == "scores":
        data, models = baselines.win_probabilities(source.table)
    elif source.kind == "battles":  # the game's models: all, or those left by --missing drop-models
        data, models = source.counts, game.strategies[0]
    else:
        raise ValueError("Elo needs a score table or battle records, not a payoff tensor")
    try:
        return baselines.elo_ratings(data, models=models, **elo, **options)
    except ValueError as err:  # the API's advice, in the command line's words
        raise ValueError(str(err).replace("pass prior > 0", "pass --prior 1")) from None


def elo_intervals(source: Source, resamples: int, seed: int, elo: dict | None = None):
    """Elo with bootstrap intervals: all battles drawn with replacement, as the public boards do."""
    from jaxrate.uncertainty import RatingIntervals

    if source.kind != "battles":
        raise ValueError(
            "--bootstrap with --method elo resamples battle records; a score table has none "
            "(use --method deviation for task-subset intervals)"
        )
    start = time.perf_counter()
    result = _elo(source, source.game, elo, bootstrap=resamples, resample="battles", seed=seed)
    fitted = result.samples[~np.isnan(result.samples).any(axis=1)]  # failed resamples left out
    top = (fitted >= fitted.max(axis=1, keepdims=True)).mean(axis=0)
    return RatingIntervals(
        ratings=(result.ratings,),
        lower=(result.lower,),
        upper=(result.upper,),
        top_probability=(top,),
        samples=(result.samples,),
        confidence=result.confidence,
        kind="bootstrap",
        method="Bradley-Terry",
        fallbacks=0,
        seconds=time.perf_counter() - start,
        players=("model",),
        strategies=(result.models,),
        interval_kind="battles",
        rating="elo",
        failures=result.failures,
    )


def _elo_info(result, elo: dict | None) -> dict:
    """What the JSON keeps of an Elo fit: the prior used, the anchor, and notes for stderr."""
    info: dict = {"prior": result.prior}
    if elo is not None and elo.get("anchor") is not None:
        info["anchor"] = {elo["anchor"][0]: elo["anchor"][1]}
    if result.notes:
        info["method_notes"] = list(result.notes)
    return info


def print_method_notes(rated: Rated) -> None:
    """A method's own notes (e.g. the prior Elo added) and warnings (e.g. Elo's perfectly separated pairs)
    on stderr, as ``print_notes`` prints the input's."""
    for note in rated.info.get("method_notes", ()):
        print(f"jaxrate: note: {note}", file=sys.stderr)
    for warning in rated.info.get("method_warnings", ()):
        print(f"jaxrate: warning: {warning}", file=sys.stderr)


@contextlib.contextmanager
def caught_warnings(into: list) -> Iterator[list]:
    """The library's warnings (``UserWarning``) inside the block, each appended to ``into`` (once) for the
    command line to print as ``jaxrate: warning: ...``; any other warning goes on as it came."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield into
    for w in caught:
        if not issubclass(w.category, UserWarning):
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
        elif str(w.message) not in into:
            into.append(str(w.message))


@contextlib.contextmanager
def relay_warnings(skip: Any = ()) -> Iterator[list]:
    """The library's warnings (``UserWarning``) inside the block printed as ``jaxrate: warning: ...`` lines
    on stderr when it ends (those in ``skip``, printed already, left out)."""
    caught: list = []
    with caught_warnings(caught):
        yield caught
    for message in caught:
        if message not in skip:
            print(f"jaxrate: warning: {message}", file=sys.stderr)


def _deviation(game, fast: bool, solver: str, progress, previous, info: dict, jumps: bool = False):
    """The deviation ratings (a :class:`jaxrate.Ratings`) of ``rate --method deviation``; ``info`` gets
    the solver, the JAX path's status under ``--fast``, and a note when ``--previous`` did not carry over."""
    import jaxrate

    # --fast: the JAX simplex first, re-rated exactly if it does not solve the game.
    policy = jaxrate.Auto(exact=jaxrate.Exact(backend=solver), single="simplex" if fast else "exact")
    proven = jaxrate.deviation_ratings(game, policy, progress=progress, warm_start=previous, jumps=jumps)
    if jumps:
        info.setdefault("method_warnings" if proven.jump else "method_notes", []).append(_jump_line(proven))
    if previous is not None and "board (grown)" not in proven.proof.steps:
        info.setdefault("method_notes", []).append(
            "--previous: the earlier rating does not carry over to this board (a model or task "
            "removed or changed, an earlier level beaten by a new model, or a board rated on the "
            "general path); rated afresh"
        )
    info["solver"] = proven.solver
    if fast:
        by = proven.solved_by
        info["jax_status"] = "SOLVED" if by.fallback_from is None else by.reason
        info["jax_residual"] = float(proven.residual)
        if by.fallback_from is not None:
            info["fallback"] = by.message
    return proven


def _jump_line(proven) -> str:
    """The jump check's verdict in one line (``--jumps``)."""
    scale = float(proven.scale) or 1.0
    size = float(proven.jump_size)
    if not proven.jump:
        return f"--jumps: the ratings are pinned by the data (they moved by {size / scale:.2g} of the range)"
    if np.isnan(size):
        return "--jumps: the ratings are not pinned: the board moved by 1e-8 of its range could not be rated"
    return (
        f"--jumps: the ratings are not pinned by the data: a change of the scores of 1e-8 of the range "
        f"moves a rating by {size:.4g} ({size / scale:.2g} of the range); read ratings closer than that as "
        "one (docs/explanation.md, 'Where ratings jump')"
    )


def run_method(
    source: Source,
    method: str,
    *,
    fast: bool = False,
    solver: str = "highs",
    progress=None,
    elo: dict | None = None,
    previous=None,
    jumps: bool = False,
) -> Rated:
    import jaxrate
    from jaxrate import baselines

    game = source.game
    scale = payoff_scale(game) or 1.0
    start = time.perf_counter()
    info: dict = {}
    proven = None
    players, strategies = game.players, game.strategies
    if method == "deviation":
        proven = _deviation(game, fast, solver, progress, previous, info, jumps)
        values = proven.ratings
    elif method == "uniform":
        values = jaxrate.uniform_ratings(game)
    elif method == "elo":
        with caught_warnings([]) as warned:  # printed by print_method_notes, kept in the JSON
            result = _elo(source, game, elo)
        values, players, strategies = (result.ratings,), ("model",), (result.models,)
        scale = float(np.ptp(result.ratings)) or 1.0
        info.update(_elo_info(result, elo))
        if warned:
            info["method_warnings"] = warned
    elif method == "nash":
        if game.num_players != 2:
            raise ValueError("Nash averaging needs a two-player zero-sum game (for score tables: --game 2p)")
        result = baselines.nash_average(game)
        values = result.ratings
        info["value"] = result.value
    elif method == "alpharank":
        result = baselines.alpha_rank(game)
        values = result.ratings
        info["alpha"] = result.alpha
        scale = 1.0
    elif method == "payoff":
        result = baselines.payoff_ratings(game)
        values = result.ratings
        info["cce_gap"] = result.cce_gap
    else:
        raise ValueError(f"unknown method {method!r}; choose from {', '.join(METHODS)}")
    values = tuple(np.asarray(v, dtype=np.float64) for v in values)
    return Rated(
        method, values, tuple(players), tuple(strategies), scale, time.perf_counter() - start, proven, info
    )
