"""Search with a network: tablesearch's native PUCT and Gumbel against mctx (JAX, CPU), in one run.

    pip install jax mctx pgx
    python benchmarks/bench_model_vs_mctx.py [--simulations 200] [--batch 64]

The same perceptron (hidden 128, 128; a policy head and a value head) searches connect four from
the opening: in tablesearch, one search after another (`mcts.search(..., evaluator=model)`, 1
thread, then 2); in mctx, `muzero_policy` (PUCT) and `gumbel_muzero_policy` over a batch of
root positions at once, the network and pgx's connect four compiled together by XLA, as mctx is
meant to be used. Each network reads its library's own observation (ours: 3 planes and the player
to move, 128 inputs; pgx's: 2 planes, 84 inputs), so the work per evaluation is the same within a
few per cent. Prints simulations per second (compilation excluded) and the ratios.
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

import tablesearch as ts
from tablesearch import mcts
from tablesearch.models import Model


def ours(simulations: int, searches: int, algorithm: str, threads: int) -> float:
    game = ts.load_game("connect_four")
    model = Model.for_game(game, "mlp", hidden=(128, 128), seed=0)
    state = game.new_initial_state()
    mcts.search(state, iterations=simulations, evaluator=model, algorithm=algorithm, seed=0)  # warm up
    start = time.perf_counter()
    for seed in range(searches):
        mcts.search(state, iterations=simulations, evaluator=model, algorithm=algorithm, seed=seed, threads=threads)
    return simulations * searches / (time.perf_counter() - start)


def theirs(simulations: int, batch: int, gumbel: bool) -> float:
    import jax
    import jax.numpy as jnp
    import mctx
    import pgx

    env = pgx.make("connect_four")
    rng = np.random.default_rng(0)
    sizes = [84, 128, 128]
    params = {
        "hidden": [
            (jnp.asarray(rng.normal(0, (2 / a) ** 0.5, (a, b)), jnp.float32), jnp.zeros(b))
            for a, b in zip(sizes, sizes[1:])
        ],
        "policy": (jnp.asarray(rng.normal(0, 0.01, (128, env.num_actions)), jnp.float32), jnp.zeros(env.num_actions)),
        "value": (jnp.asarray(rng.normal(0, 0.01, (128, 1)), jnp.float32), jnp.zeros(1)),
    }

    def network(observation):  # [batch, 6, 7, 2] -> logits, value
        h = observation.reshape(observation.shape[0], -1).astype(jnp.float32)
        for w, b in params["hidden"]:
            h = jax.nn.relu(h @ w + b)
        return h @ params["policy"][0] + params["policy"][1], jnp.tanh(h @ params["value"][0] + params["value"][1])[
            :, 0
        ]

    def recurrent_fn(_, key, action, state):
        mover = state.current_player
        state = jax.vmap(env.step)(state, action)
        logits, value = network(state.observation)
        logits = jnp.where(state.legal_action_mask, logits, jnp.finfo(jnp.float32).min)
        reward = state.rewards[jnp.arange(action.shape[0]), mover]
        value = jnp.where(state.terminated, 0.0, value)
        discount = jnp.where(state.terminated, 0.0, -1.0)
        return mctx.RecurrentFnOutput(reward=reward, discount=discount, prior_logits=logits, value=value), state

    policy = mctx.gumbel_muzero_policy if gumbel else mctx.muzero_policy

    @jax.jit
    def search(key):
        state = jax.vmap(env.init)(jax.random.split(key, batch))
        logits, value = network(state.observation)
        root = mctx.RootFnOutput(prior_logits=logits, value=value, embedding=state)
        mask = ~state.legal_action_mask
        return policy(None, key, root, recurrent_fn, num_simulations=simulations, invalid_actions=mask).action

    jax.block_until_ready(search(jax.random.PRNGKey(0)))  # compile
    rounds, start = 0, time.perf_counter()
    while time.perf_counter() - start < 5.0:
        jax.block_until_ready(search(jax.random.PRNGKey(rounds + 1)))
        rounds += 1
    return simulations * batch * rounds / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--simulations", type=int, default=200, help="simulations per root search")
    parser.add_argument("--batch", type=int, default=64, help="mctx: root positions searched together")
    parser.add_argument("--searches", type=int, default=50, help="tablesearch: searches timed")
    args = parser.parse_args()
    print(f"connect four opening, MLP 128x128, {args.simulations} simulations a search; load {os.getloadavg()[0]:.2f}")
    rows = []
    for name, algorithm, gumbel in (("PUCT", "puct", False), ("Gumbel", "gumbel", True)):
        mine = ours(args.simulations, args.searches, algorithm, 1)
        mine_2 = ours(args.simulations, args.searches, algorithm, 2)
        other = theirs(args.simulations, args.batch, gumbel)
        rows.append((name, mine, mine_2, other))
        print(f"  {name:6} tablesearch 1 thread {mine:>10,.0f}/s, 2 threads {mine_2:>10,.0f}/s;"
              f" mctx batch {args.batch} {other:>10,.0f}/s; ratio (1 thread) {mine / other:.1f}x")  # fmt: skip
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
