"""The anchor for self-play training: pgx + mctx's Gumbel AlphaZero on connect four, trained for
the same minutes on the same machine, then played against our trained player.

    pip install '.[learn]' pgx mctx dm-haiku   # in a virtual environment of its own: pgx installs
                                               # a top-level `tests` package that hides ours
    python benchmarks/pgx_anchor.py train --minutes 30 --out pgx-c4.npz
    PYTHONPATH=benchmarks python benchmarks/pgx_anchor.py match c4-run/model.tsmodel pgx-c4.npz --games 100 \
        --uct 800 8000

`train` follows the structure of pgx's AlphaZero example (examples/alphazero/train.py in the pgx
repository): a batch of games played in lockstep by `mctx.gumbel_muzero_policy` with the network
at the leaves (pgx's own connect four in JAX, with `recurrent_fn` stepping it), the improved
policy (action_weights) as the policy target, the discounted final reward as the value target,
then one pass of Adam over the shuffled positions, repeated until the minutes are spent. The
network is the same perceptron as ours by default (128, 128 over the flattened observation) so
that the comparison is of the two trainers, not of two networks; the example's batch-normalised
residual network is far slower on a CPU. It prints self-play positions per second. The weights
are saved as plain arrays.

`match` plays the two trained players against each other at equal simulations, seats swapped:
ours is PUCT with its model file, the anchor mctx's Gumbel search with its network over pgx's
connect four (the game replayed from our state's history: both number the columns 0-6), and
prints our score with its 95% interval; with --uct, the anchor plays UCT with random playouts at
those iterations too, as `bench_training.py strength` plays ours. benchmarks/results/training.json
keeps the figures beside both runs' lengths.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

import numpy as np
from results_file import save

RESULTS = "training.json"
"""The match's figures join the trainer's own (bench_training.py) in benchmarks/results."""


def _network(num_actions: int, hidden: tuple[int, ...]) -> Any:
    import haiku as hk
    import jax
    import jax.numpy as jnp

    def forward(observation: Any) -> Any:
        h = hk.Flatten()(observation.astype(jnp.float32))
        for width in hidden:
            h = jax.nn.relu(hk.Linear(width)(h))
        return hk.Linear(num_actions)(h), jnp.tanh(hk.Linear(1)(h))[:, 0]

    return hk.without_apply_rng(hk.transform(forward))


def _recurrent_fn(env: Any, net: Any) -> Any:
    import jax
    import jax.numpy as jnp
    import mctx

    def recurrent_fn(params: Any, rng_key: Any, action: Any, state: Any) -> Any:
        del rng_key
        mover = state.current_player
        state = jax.vmap(env.step)(state, action)
        logits, value = net.apply(params, state.observation)
        logits = logits - logits.max(axis=-1, keepdims=True)
        logits = jnp.where(state.legal_action_mask, logits, jnp.finfo(jnp.float32).min)
        reward = state.rewards[jnp.arange(state.rewards.shape[0]), mover]
        value = jnp.where(state.terminated, 0.0, value)
        discount = jnp.where(state.terminated, 0.0, -jnp.ones_like(value))
        return mctx.RecurrentFnOutput(reward=reward, discount=discount, prior_logits=logits, value=value), state

    return recurrent_fn


def train(args: argparse.Namespace) -> None:
    import jax
    import jax.numpy as jnp
    import mctx
    import optax
    import pgx
    from pgx.experimental import auto_reset

    env = pgx.make("connect_four")
    net = _network(env.num_actions, tuple(args.hidden))
    recurrent_fn = _recurrent_fn(env, net)
    optimizer = optax.adam(args.learning_rate)
    steps = 42  # the longest connect four game: every game of a batch ends within it
    batch = args.batch

    def selfplay(params: Any, key: Any) -> Any:
        def step(state: Any, key: Any) -> Any:
            search_key, reset_key = jax.random.split(key)
            logits, value = net.apply(params, state.observation)
            root = mctx.RootFnOutput(prior_logits=logits, value=value, embedding=state)
            out = mctx.gumbel_muzero_policy(
                params, search_key, root, recurrent_fn, args.simulations,
                invalid_actions=~state.legal_action_mask, qtransform=mctx.qtransform_completed_by_mix_value,
            )  # fmt: skip
            mover = state.current_player
            next_state = jax.vmap(auto_reset(env.step, env.init))(state, out.action, jax.random.split(reset_key, batch))
            reward = next_state.rewards[jnp.arange(batch), mover]
            discount = jnp.where(next_state.terminated, 0.0, -1.0)
            return next_state, (state.observation, out.action_weights, reward, next_state.terminated, discount)

        init_key, run_key = jax.random.split(key)
        state = jax.vmap(env.init)(jax.random.split(init_key, batch))
        _, data = jax.lax.scan(step, state, jax.random.split(run_key, steps))
        observations, policies, rewards, terminated, discounts = data

        def back(carry: Any, t: Any) -> Any:
            value = rewards[t] + discounts[t] * carry
            return value, value

        _, values = jax.lax.scan(back, jnp.zeros(batch), jnp.arange(steps - 1, -1, -1))
        values = values[::-1]
        complete = jnp.cumsum(terminated[::-1], axis=0)[::-1] >= 1  # positions of games that ended
        return observations, policies, values, complete

    def loss(params: Any, observations: Any, policies: Any, values: Any, mask: Any) -> Any:
        logits, value = net.apply(params, observations)
        policy_loss = optax.softmax_cross_entropy(logits, policies).mean()
        return policy_loss + (optax.l2_loss(value, values) * mask).mean()

    @jax.jit
    def update(params: Any, opt_state: Any, *minibatch: Any) -> Any:
        grads = jax.grad(loss)(params, *minibatch)
        updates, opt_state = optimizer.update(grads, opt_state)
        return optax.apply_updates(params, updates), opt_state

    selfplay_jit = jax.jit(selfplay)
    key = jax.random.PRNGKey(args.seed)
    params = net.init(key, env.init(key).observation[None])
    opt_state = optimizer.init(params)
    started = time.monotonic()
    positions, selfplay_seconds, iterations = 0, 0.0, 0
    while time.monotonic() - started < args.minutes * 60:
        key, play_key, shuffle_key = jax.random.split(key, 3)
        t0 = time.monotonic()
        observations, policies, values, complete = jax.block_until_ready(selfplay_jit(params, play_key))
        selfplay_seconds += time.monotonic() - t0
        flat = [x.reshape((-1, *x.shape[2:])) for x in (observations, policies, values, complete)]
        order = jax.random.permutation(shuffle_key, flat[0].shape[0])
        flat = [x[order] for x in flat]
        positions += int(flat[0].shape[0])  # every position played, as the example counts frames
        for start in range(0, flat[0].shape[0] - args.minibatch + 1, args.minibatch):
            params, opt_state = update(params, opt_state, *(x[start : start + args.minibatch] for x in flat))
        iterations += 1
        print(
            f"iteration {iterations}: {positions} positions, "
            f"self-play {positions / selfplay_seconds:,.0f} positions/s, "
            f"{(time.monotonic() - started) / 60:.1f} min ({_load()})",
            flush=True,
        )
    arrays = {f"{module}/{name}": np.asarray(v) for module, group in params.items() for name, v in group.items()}
    # What the match's results file records of the run (names without a "/" are not weights).
    run = {"minutes": args.minutes, "iterations": iterations, "positions": positions}
    np.savez(args.out, hidden=np.array(args.hidden), **{k: np.array(v) for k, v in run.items()}, **arrays)
    print(f"saved {args.out}: {iterations} iterations, {positions} positions in {args.minutes} min")


_SEARCHES: dict[tuple[str, int], Any] = {}  # compiled once per process: games make new agents


def _compiled_search(checkpoint: str, simulations: int) -> Any:
    """(env, jitted search, jitted step) of the anchor's player."""
    if (checkpoint, simulations) in _SEARCHES:
        return _SEARCHES[checkpoint, simulations]
    import jax
    import mctx
    import pgx

    with np.load(checkpoint, allow_pickle=False) as data:
        hidden = tuple(int(h) for h in data["hidden"])
        params: dict[str, dict[str, Any]] = {}
        for name in data.files:
            if "/" in name:
                module, _, leaf = name.rpartition("/")
                params.setdefault(module, {})[leaf] = data[name]
    env = pgx.make("connect_four")
    net = _network(env.num_actions, hidden)
    recurrent_fn = _recurrent_fn(env, net)

    def search(state: Any, key: Any) -> Any:
        logits, value = net.apply(params, state.observation)
        root = mctx.RootFnOutput(prior_logits=logits, value=value, embedding=state)
        return mctx.gumbel_muzero_policy(
            params, key, root, recurrent_fn, simulations, invalid_actions=~state.legal_action_mask,
            qtransform=mctx.qtransform_completed_by_mix_value,
        ).action[0]  # fmt: skip

    _SEARCHES[checkpoint, simulations] = (env, jax.jit(search), jax.jit(env.step))
    return _SEARCHES[checkpoint, simulations]


class PgxAgent:
    """The anchor's player: mctx's Gumbel search with its trained network over pgx's connect four.
    JAX starts at its first move, in the process that plays (tournament workers are forked: a
    process that forks must not have started JAX's threads)."""

    def __init__(self, checkpoint: str, simulations: int, seed: int) -> None:
        self.checkpoint, self.simulations, self.seed = checkpoint, simulations, seed
        self._key: Any = None

    def step(self, state: Any) -> int:
        import jax

        env, search, step = _compiled_search(self.checkpoint, self.simulations)
        if self._key is None:
            self._key = jax.random.PRNGKey(self.seed)
        self._key, init_key, search_key = jax.random.split(self._key, 3)
        board = env.init(init_key)
        for action in state.history():
            board = step(board, action)
        batched = jax.tree_util.tree_map(lambda x: x[None], board)
        return int(search(batched, search_key))


def agent(seed: int, checkpoint: str = "", simulations: int = 800) -> PgxAgent:
    """The tournament factory: ``pgx_anchor:agent:checkpoint=PATH,simulations=800``."""
    return PgxAgent(checkpoint, simulations, seed)


def _play(ts: Any, agents: dict[str, str], games: int, workers: int) -> dict[str, Any]:
    """The first agent's row of a tournament between the two `agents`, printed."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        result = ts.tournament(
            "connect_four", agents, games=games, seed=2, workers=workers, out=os.path.join(folder, "games.jsonl")
        )
    first, second = agents
    row = next(r for r in result.table if r["agent"] == first)
    print(
        f"{agents[first]} vs {second}: score {row['score']:.3f}, win rate {row['win_rate']:.3f} "
        f"[{row['win_rate_low']:.3f}, {row['win_rate_high']:.3f}], W-D-L {row['wins']}-{row['draws']}-"
        f"{row['losses']} over {row['games']} games ({_load()})"
    )
    return {k: row[k] for k in ("score", "win_rate", "win_rate_low", "win_rate_high", "games")}


def match(args: argparse.Namespace) -> None:
    import tablesearch as ts

    sims = args.simulations
    pgx = f"pgx_anchor:agent:checkpoint={args.checkpoint},simulations={sims}"
    with np.load(args.checkpoint, allow_pickle=False) as data:
        run = {k: data[k].item() for k in ("minutes", "iterations", "positions") if k in data.files}
    anchor = {"anchor": ", ".join(f"{v} {k}" for k, v in run.items())}
    ours = ts.load_model(args.model).metadata
    model = {"model": f"{ours.get('step')} steps, {ours.get('seconds', 0):.0f} s of {ours.get('trained_by')}"}
    figures = _play(ts, {"ours": f"puct:model={args.model},iterations={sims}", "pgx": pgx}, args.games, args.workers)
    save(RESULTS, f"connect_four,puct:model,iterations={sims} vs pgx+mctx gumbel", figures | model | anchor)
    for iterations in args.uct:  # the anchor beside ours against the same UCT (bench_training.py strength)
        figures = _play(ts, {"pgx": pgx, "uct": f"uct:iterations={iterations}"}, args.games, args.workers)
        save(
            RESULTS, f"connect_four,pgx+mctx gumbel,iterations={sims} vs uct:iterations={iterations}", figures | anchor
        )


def _load() -> str:
    return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    learn = sub.add_parser("train")
    learn.add_argument("--minutes", type=float, default=30)
    learn.add_argument("--out", default="pgx-c4.npz")
    learn.add_argument("--seed", type=int, default=0)
    learn.add_argument("--batch", type=int, default=128, help="games played in lockstep")
    learn.add_argument("--simulations", type=int, default=32, help="Gumbel search simulations a move")
    learn.add_argument("--minibatch", type=int, default=512)
    learn.add_argument("--learning-rate", type=float, default=1e-3)
    learn.add_argument("--hidden", type=int, nargs="+", default=[128, 128])
    learn.set_defaults(run=train)
    play = sub.add_parser("match")
    play.add_argument("model", help="our model file")
    play.add_argument("checkpoint", help="the anchor's weights (train --out)")
    play.add_argument("--simulations", type=int, default=800)
    play.add_argument("--games", type=int, default=100)
    play.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    play.add_argument("--uct", type=int, nargs="*", default=[], help="also the anchor against UCT at these iterations")
    play.set_defaults(run=match)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
