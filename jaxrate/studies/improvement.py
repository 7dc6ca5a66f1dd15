"""The paper's model-improvement study: ratings as the fitness of a population loop on OpenSpiel games.

Populations of random tabular policies in three-player Kuhn poker and Sheriff
are rated each iteration (deviation or uniform ratings); the worst are
replaced by new random policies, and the full-game CCE gap of the
maximum-entropy CCE over the population is recorded. The paper's claims: the
deviation-rated loop reduces the gap in both games, the uniform one only in
Kuhn poker; the average payoff falls about alike; the rating step is a small
share of the loop. Needs OpenSpiel (``pip install 'jaxrate[openspiel]'``).
"""

from __future__ import annotations

import time

import numpy as np

from jaxrate.baselines import payoff_ratings
from jaxrate.openspiel import (
    cce_gap,
    expected_returns_meta_game,
    game_tables,
    load_game,
    meta_game,
    random_policy,
)
from jaxrate.population import population_loop

__all__ = ["METHODS", "STUDY_GAMES", "claims", "improvement_study", "run"]

METHODS = ("uniform", "deviation")

STUDY_GAMES = {
    "kuhn_poker_3p": ("kuhn_poker", {"players": 3}),
    # The paper's Sheriff parameters.
    "sheriff": (
        "sheriff",
        {
            "item_penalty": 1.0,
            "item_value": 5.0,
            "max_bribe": 2,
            "max_items": 10,
            "num_rounds": 2,
            "sheriff_penalty": 1.0,
        },
    ),
}


def improvement_study(
    game: str,
    method: str,
    seed: int,
    *,
    iterations: int = 128,
    population: int = 8,
    drop: float = 0.25,
    evaluator: str = "tables",
    sampler: str = "dirichlet",
) -> list[dict]:
    """The paper's "ratings to drive model improvement" loop on one game, one method, one seed.

    ``population`` random stochastic policies per player; each iteration builds
    the meta-game, rates it with ``method`` (``"deviation"`` or ``"uniform"``),
    replaces the bottom ``drop`` fraction of each player's policies with new
    random ones, and records the full-game CCE gap of the maximum-entropy CCE
    over the rated population and the players' average payoffs.

    ``evaluator`` builds the meta-games: ``"tables"`` (:func:`~jaxrate.openspiel.meta_game`, one
    tensor contraction) or ``"openspiel"`` (:func:`~jaxrate.openspiel.expected_returns_meta_game`,
    ``pyspiel.expected_returns`` per new profile); the results are the same.
    ``sampler`` draws the random policies: ``"dirichlet"`` (flat Dirichlet per
    information state) or ``"openspiel"`` (``pyspiel.GetRandomPolicy``).

    Returns:
      One dict per iteration: ``iteration, cce_gap, payoff (mean over players
      of the MECCE payoff), payoff_p (per player), rate_seconds, seconds``.
    """
    name, params = STUDY_GAMES[game]
    spiel_game = load_game(name, **params)
    tables = game_tables(spiel_game)
    if evaluator not in ("tables", "openspiel"):
        raise ValueError(f"evaluator must be 'tables' or 'openspiel'; got {evaluator!r}")
    if sampler not in ("dirichlet", "openspiel"):
        raise ValueError(f"sampler must be 'dirichlet' or 'openspiel'; got {sampler!r}")
    propose = _proposer(tables, spiel_game if sampler == "openspiel" else None)
    rng = np.random.default_rng(seed)
    populations = [propose(p, population, rng) for p in range(tables.num_players)]
    labels = {"game": game, "method": method, "evaluator": evaluator, "sampler": sampler, "seed": seed}
    rows: list[dict] = []
    history = population_loop(
        _meta_games(evaluator, spiel_game, tables),
        populations,
        propose,
        iterations=iterations,
        method=method,
        drop=drop,
        seed=seed + 1,
        hooks=[_recorder(tables, labels, rows)],
    )
    for row, it in zip(rows, history):
        row["seconds"] = it.seconds
    return rows


def _proposer(tables, source):
    """``propose(player, count, rng)``: ``count`` random policies (``source``: OpenSpiel's sampler's game)."""

    def propose(player, count, generator):
        return [random_policy(tables, player, generator, game=source) for _ in range(count)]

    return propose


def _recorder(tables, labels: dict, rows: list[dict]):
    """The hook that appends an iteration's row (``labels``, then its measurements) to ``rows``."""

    def record(it):
        start = time.perf_counter()
        gap, payoffs = _measure(tables, it)
        rows.append(
            {
                **labels,
                "iteration": it.index,
                "cce_gap": gap,
                "payoff": float(np.mean(payoffs)),
                **{f"payoff_{p}": v for p, v in enumerate(payoffs)},
                "evaluate_seconds": it.evaluate_seconds,
                "rate_seconds": it.rate_seconds,
                "measure_seconds": time.perf_counter() - start,
            }
        )

    return record


def _meta_games(evaluator: str, spiel_game, tables):
    """The function from populations (per player, a list of policies) to meta-game payoffs."""
    cache: dict = {}

    def evaluate(pops):
        if evaluator == "openspiel":
            return expected_returns_meta_game(spiel_game, tables, pops, cache)
        return meta_game(tables, [np.stack(pop) for pop in pops])

    return evaluate


def _measure(tables, it) -> tuple[float, list[float]]:
    """The full-game CCE gap of the MECCE over an iteration's populations, and each player's payoff."""
    mecce = payoff_ratings(it.payoffs)
    gap, _ = cce_gap(tables, [np.stack(pop) for pop in it.populations], mecce.joint)
    return gap, [float((mecce.joint * it.payoffs[p]).sum()) for p in range(tables.num_players)]


def run(
    *, iterations: int, seeds: int, evaluator: str = "tables", sampler: str = "dirichlet"
) -> tuple[list[dict], float]:
    """:func:`improvement_study` for every game of :data:`STUDY_GAMES`, method and seed ``0..seeds-1``.

    Returns:
      ``(rows, seconds)``: the rows of every loop and the wall time of them all.
    """
    if iterations < 1 or seeds < 1:
        raise ValueError(f"iterations and seeds must be >= 1; got {iterations} and {seeds}")
    rows: list[dict] = []
    start = time.perf_counter()
    for game in STUDY_GAMES:
        for method in METHODS:
            for seed in range(seeds):
                rows += improvement_study(
                    game, method, seed, iterations=iterations, evaluator=evaluator, sampler=sampler
                )
    return rows, time.perf_counter() - start


def claims(frame, *, iterations: int, seeds: int, evaluator: str, seconds: float) -> list[tuple]:
    """The paper's claims beside what the rows of :func:`run` (a DataFrame) show.

    Returns:
      ``(claim, paper, computed, holds)`` tuples.
    """
    summary = frame.groupby(["game", "method", "iteration"])[["cce_gap", "payoff"]].mean().reset_index()
    last = iterations - 1
    return [
        *_gap_claims(summary, last, seeds),
        _payoff_claim(summary, last),
        *_time_claims(frame, evaluator, seconds),
    ]


def _last_ten(series, last: int) -> float:
    """The mean of a per-iteration series over the last 10 iterations."""
    return series.loc[max(0, last - 9) : last].mean()


def _gap_claims(summary, last: int, seeds: int) -> list[tuple]:
    out = []
    for game in STUDY_GAMES:
        gap = {
            m: summary[(summary.game == game) & (summary.method == m)].set_index("iteration")["cce_gap"]
            for m in METHODS
        }
        first = {m: gap[m].iloc[0] for m in gap}
        final = {m: _last_ten(gap[m], last) for m in gap}
        for m in METHODS:
            paper = "reduces" if (game.startswith("kuhn") or m == "deviation") else "does not reduce"
            reduced = final[m] < first[m]
            out.append(
                (
                    f"{game}: {m} fitness {paper} the CCE gap",
                    paper,
                    f"{first[m]:.3f} -> {final[m]:.3f} (mean of {seeds} seeds, last 10 iterations)",
                    reduced == (paper == "reduces"),
                )
            )
    return out


def _payoff_claim(summary, last: int) -> tuple:
    # "The average payoff reduces about similarly for both rating methods" (Sheriff;
    # Kuhn is zero-sum): both fall, and neither fall is more than twice the other.
    payoff = {
        m: summary[(summary.game == "sheriff") & (summary.method == m)].set_index("iteration")["payoff"]
        for m in METHODS
    }
    drop = {m: payoff[m].iloc[0] - _last_ten(payoff[m], last) for m in payoff}
    similar = min(drop.values()) > 0 and max(drop.values()) <= 2 * min(drop.values())
    return (
        "sheriff: average payoff reduces about similarly for both",
        "similar reductions",
        ", ".join(f"{m} {payoff[m].iloc[0]:.3f} -> {payoff[m].iloc[0] - drop[m]:.3f}" for m in payoff),
        similar,
    )


def _time_claims(frame, evaluator: str, seconds: float) -> list[tuple]:
    rate_share = frame["rate_seconds"].sum() / frame["seconds"].sum()
    deviation = frame[frame.method == "deviation"]
    median_ms = 1e3 * deviation.groupby("game")["rate_seconds"].median()
    build_ms = 1e3 * frame.groupby("game")["evaluate_seconds"].median()
    # The first deviation iteration of a game compiles (or loads) the rating function.
    firsts = deviation[deviation.iteration == 0].groupby("game")["rate_seconds"].max()
    compile_s = float((firsts - median_ms / 1e3).clip(lower=0).sum())
    return [
        ("run time (all games, methods, seeds)", "< 30 min", f"{seconds / 60:.1f} min", seconds < 1800),
        (
            "rating step's share of the loop",
            "< 10%",
            f"{100 * rate_share:.1f}% (of {frame['seconds'].sum():.0f} s in the loops; JAX compilation "
            f"{compile_s:.1f} s included; median deviation rating "
            + ", ".join(f"{g} {v:.1f} ms" for g, v in median_ms.items())
            + f"; median meta-game ({evaluator}) "
            + ", ".join(f"{g} {v:.1f} ms" for g, v in build_ms.items())
            + ")",
            rate_share < 0.1,
        ),
    ]
