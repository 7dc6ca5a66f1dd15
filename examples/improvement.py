"""Ratings as fitness in a population loop on an OpenSpiel game (needs `pip install 'jaxrate[openspiel]'`).

python examples/improvement.py [--game sheriff|kuhn_poker_3p] [--method deviation|uniform] [--iterations 64]
(from the clone's root, with the virtualenv active: `source .venv/bin/activate`, README)

The loop API needs no OpenSpiel: `population_loop(evaluate, populations, propose, ...)`
takes any function that returns the meta-game payoffs. Here the members are
random tabular policies of the game, the meta-game comes from
`jaxrate.openspiel.meta_game`, and a hook prints the full-game CCE gap of the
maximum-entropy CCE over the population every 8 iterations.
`jaxrate reproduce improvement --out DIR` runs the paper's whole study.
"""

import argparse

import numpy as np

from jaxrate import openspiel as jo
from jaxrate.baselines import payoff_ratings
from jaxrate.population import population_loop
from jaxrate.studies.improvement import STUDY_GAMES


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", choices=sorted(STUDY_GAMES), default="sheriff")
    parser.add_argument("--method", choices=("deviation", "uniform"), default="deviation")
    parser.add_argument("--iterations", type=int, default=64)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    name, params = STUDY_GAMES[args.game]
    tables = jo.game_tables(jo.load_game(name, **params))
    rng = np.random.default_rng(args.seed)
    populations = [[jo.random_policy(tables, p, rng) for _ in range(8)] for p in range(tables.num_players)]

    def evaluate(pops):
        return jo.meta_game(tables, [np.stack(pop) for pop in pops])

    def propose(player, count, generator):
        return [jo.random_policy(tables, player, generator) for _ in range(count)]

    def report(it):
        if it.index % 8 == 0 or it.index == args.iterations - 1:
            mecce = payoff_ratings(it.payoffs).joint
            gap, _ = jo.cce_gap(tables, [np.stack(pop) for pop in it.populations], mecce)
            print(f"iteration {it.index:3d}: CCE gap {gap:8.4f}  (rating {1e3 * it.rate_seconds:.1f} ms)")

    history = population_loop(
        evaluate,
        populations,
        propose,
        iterations=args.iterations,
        method=args.method,
        seed=args.seed,
        hooks=[report],
    )
    share = sum(it.rate_seconds for it in history) / sum(it.seconds for it in history)
    print(f"rating: {100 * share:.1f}% of the loop's time (first call compiles the JAX rating)")


if __name__ == "__main__":
    main()
