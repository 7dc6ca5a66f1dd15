"""Deviation ratings as the fitness of evosax's OpenAI-ES, in one jitted step.

    pip install 'jaxrate[examples]'          # evosax 0.3.2
    python examples/es_fitness.py            # 256 populations, 50 steps (about 25 s on 2 CPU cores)
    (from the clone's root, with the virtualenv active: `source .venv/bin/activate`, README)

Each of ``--pops`` populations holds two players; each player's search
distribution is evosax's ``Open_ES`` over the logits of a mixed strategy in the
population's random general-sum 10 x 10 game. Every step samples 8 candidates
per player, builds the meta-game of their expected payoffs against each other,
rates it with :func:`jaxrate.batched.rate_game` and tells each candidate its
deviation rating as fitness, all inside one ``jax.jit``-ed, ``jax.vmap``-ed
step, in float32 (JAX's default: the game is solved in float64 inside
``rate_game`` and its ratings returned in float32). A game that is not SOLVED
would get no fitness signal (zero); the step counts them.

Every step samples new candidates, so their meta-games share nothing with the
last step's: a warm start (``rate_game(..., warm=out["warm"])``) saves pivots
only where games change a little (docs/howto/training-loops.md).
"""

from __future__ import annotations

import argparse

import jax
import jax.numpy as jnp
import optax
from evosax.algorithms import Open_ES

from jaxrate.batched import Status, rate_game

CANDIDATES, ACTIONS = 8, 10


def make_step(es: Open_ES, params, base):
    """``(key, states) -> (states, unsolved, mean rating)`` for every population at once."""
    pops = base.shape[0]
    per_player = jax.vmap(jax.vmap(es.ask, in_axes=(0, 0, None)), in_axes=(0, 0, None))
    tell = jax.vmap(jax.vmap(es.tell, in_axes=(0, 0, 0, 0, None)), in_axes=(0, 0, 0, 0, None))

    @jax.jit
    def step(key, states):
        keys = jax.random.split(key, (pops, 2))
        logits, states = per_player(keys, states, params)  # [P, 2, K, A]
        mixed = jax.nn.softmax(logits, axis=-1)
        games = jnp.einsum("zia,zpab,zjb->zpij", mixed[:, 0], base, mixed[:, 1])  # [P, 2, K, K]
        out = jax.vmap(rate_game)(games)
        solved = out["status"] == Status.SOLVED
        ratings = jnp.where(solved[:, None], out["ratings"], 0.0).reshape(pops, 2, CANDIDATES)
        states, _ = tell(keys, logits, -ratings, states, params)  # evosax minimises: fitness is -rating
        return states, jnp.sum(~solved), jnp.mean(ratings)

    return step


def main(argv=None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pops", type=int, default=256)
    parser.add_argument("--steps", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    key, games_key, init_key = jax.random.split(jax.random.PRNGKey(args.seed), 3)
    base = jax.random.uniform(games_key, (args.pops, 2, ACTIONS, ACTIONS))  # each population's game
    es = Open_ES(
        population_size=CANDIDATES,
        solution=jnp.zeros(ACTIONS),
        optimizer=optax.sgd(learning_rate=0.05),
        std_schedule=optax.constant_schedule(1.0),
    )
    params = es.default_params
    init = jax.vmap(jax.vmap(lambda k: es.init(k, jnp.zeros(ACTIONS), params)))
    states = init(jax.random.split(init_key, (args.pops, 2)))
    step = make_step(es, params, base)
    unsolved, history = 0, []
    for i in range(args.steps):
        key, sub = jax.random.split(key)
        states, missed, mean = step(sub, states)
        unsolved += int(missed)
        history.append(float(mean))
        if i % 10 == 0 or i == args.steps - 1:
            print(f"step {i:3d}: mean candidate rating {mean:+.4f}, games not SOLVED so far {unsolved}")
    means = jax.vmap(jax.vmap(es.get_mean))(states)  # [P, 2, A]: each player's learnt logits
    return {"unsolved": unsolved, "games": args.pops * args.steps, "mean_rating": history, "means": means}


if __name__ == "__main__":
    main()
