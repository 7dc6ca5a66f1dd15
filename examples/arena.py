"""Chatbot Arena (14 Aug 2024, 129 models): deviation ratings beside Elo, and why they differ.

python examples/arena.py [path/to/chatbotarena_20240814.json]
(from the clone's root, with the virtualenv active: `source .venv/bin/activate`, README)

The data are the Arena's pairwise counts as shipped by leaderbot 0.4.3 (BSD-3;
copied to tests/data/ with its licence): 1,670,250 battles over 3,460 of the
8,256 model pairs. Elo is the Bradley-Terry fit of the battles (ties half a win
each). Deviation ratings rate the two-player win-rate game
G(a, b) = P(a beats b) - 1/2, whose 4,796 unseen pairs are filled from that
same Bradley-Terry fit (the default; --missing model on the command line).

What to expect: in this game chatgpt-4o-latest beats every other model (seen
or imputed), so the equilibrium is that one model and a model's deviation
rating is its win rate against it, minus 1/2. Models rise where their own
head-to-head record against the top model is better than Bradley-Terry's
average over all their opponents predicts, and fall where it is worse. Filling
unseen pairs with 1/2 instead ("even") turns the game into one that eight
models, some of them weak, tie at the top: a fill of 0.5 is not neutral.
"""

import json
import sys
import warnings
from pathlib import Path

import numpy as np

import jaxrate
from jaxrate.battles import battle_support, battles_from_counts
from jaxrate.games import win_rate_game
from jaxrate.ranking import tied_ranks

DEFAULT = Path(__file__).resolve().parents[1] / "tests" / "data" / "chatbotarena_20240814.json"
TIE = 1e-7  # ratings within this (the payoff range is 1) are tied


def rate(battles, missing: str):
    with warnings.catch_warnings():  # the share imputed is printed below instead
        warnings.simplefilter("ignore", UserWarning)
        made = win_rate_game(battles, missing=missing)
    result = jaxrate.exact.deviation_ratings(made.game)
    return made, result.ratings[0], result.joint.sum(axis=1)


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    data = json.loads(path.read_text())
    battles = battles_from_counts(data["models"], data["X"], data["Y"])
    elo = jaxrate.elo_ratings(battles)
    names = elo.models
    made, dev, mass = rate(battles, "model")
    print(f"{len(battles):,} battles, {len(names)} models; {made.note()}")
    (top,) = np.nonzero(mass > 1e-9)[0]
    support = battle_support(made.counts, made.imputed, made.game.strategies[0], mass)
    names_game = list(made.game.strategies[0])
    print(f"equilibrium: all mass on {names[top]}; a rating is P(beat {names[top]}) - 1/2\n")

    elo_rank, dev_rank = tied_ranks(elo.ratings, 1e-9), tied_ranks(dev, TIE)
    print(f"{'dev':>4} {'elo':>4}  {'model':34} {'deviation':>9} {'Elo':>6}  battles vs top")
    for i in np.argsort(-dev, kind="stable")[:15]:
        seen = int(support.against_support[names_game.index(names[i])])
        print(
            f"{dev_rank[i]:4} {elo_rank[i]:4}  {names[i]:34} {dev[i]:+9.4f} {elo.ratings[i]:6.0f}  "
            f"{'-' if i == top else seen or 'never (imputed)'}"
        )

    # What Bradley-Terry predicts against the top model, from all of a model's battles.
    predicted = 1 / (1 + 10 ** ((elo.ratings[top] - elo.ratings) / 400)) - 0.5
    move = elo_rank - dev_rank
    print(
        "\nlargest moves (Elo rank -> deviation rank): head-to-head vs the top model, observed vs predicted"
    )
    for i in [*np.argsort(-move, kind="stable")[:5], *np.argsort(move, kind="stable")[:5]]:
        seen = int(support.against_support[names_game.index(names[i])])
        how = f"observed {dev[i]:+.3f} over {seen:5} battles" if seen else f"imputed {dev[i]:+.3f}"
        print(f"  {names[i]:34} {elo_rank[i]:3} -> {dev_rank[i]:3}  {how}, predicted {predicted[i]:+.3f}")
    groups = [np.nonzero(dev_rank == r)[0] for r in np.unique(dev_rank)]
    tied = [g for g in groups if len(g) > 1]
    print(
        f"\ntied groups (within {TIE:g}): {len(tied)}" + "".join(f"; {[names[i] for i in g]}" for g in tied)
    )

    even, dev_even, mass_even = rate(battles, "even")
    first = np.nonzero(tied_ranks(dev_even, TIE) == 1)[0]
    print(f"\nwith --missing even ({even.note()}): {len(first)} models tie for first:")
    for i in first:
        print(f"  {names[i]:34} Elo rank {elo_rank[i]:3}  equilibrium mass {mass_even[i]:.3f}")

    met, dev_met, _ = rate(battles, "drop-models")
    kept = met.game.strategies[0]
    elo_met = jaxrate.elo_ratings(battles[battles.model_a.isin(kept) & battles.model_b.isin(kept)])
    same = np.corrcoef(tied_ranks(dev_met, TIE), tied_ranks(elo_met.ratings, 1e-9))[0, 1]
    print(
        f"\nthe {len(kept)} models that all met each other (nothing imputed): deviation top 3 "
        f"{[kept[i] for i in np.argsort(-dev_met)[:3]]}, rank correlation with their own Elo {same:.3f}"
    )


if __name__ == "__main__":
    main()
