"""Self-play training: how fast self-play makes positions, and how strong the trained player is.

    pip install '.[learn]'
    python benchmarks/bench_training.py selfplay [--game connect_four] [--games 16] [--workers 1]
    python benchmarks/bench_training.py networks [--game connect_four]
    python benchmarks/bench_training.py learner [--game connect_four] [--rounds 20]
    tablesearch train connect_four --minutes 30 --out c4-run          # the run being measured
    python benchmarks/bench_training.py strength c4-run/model.tsmodel [--games 400] [--workers 2]

`networks` prints PUCT simulations per CPU second with each network size (perceptrons and residual
networks) as evaluator. `learner` times the learner's side of a training step on a full buffer
(the step's positions added, then the default replay ratio's batches drawn and learned), with the
ring buffer and with a buffer kept by concatenation (as before the ring), in alternating rounds.
`selfplay` prints self-play positions per second (the default settings: PUCT, 100 simulations a
move, the default network), on one worker and on --workers. `strength` plays the issue's matches
(seats swapped, one game per seating of each deal): PUCT with the model at 800 simulations against
UCT with random playouts at 800 and at 8,000, and both at 100 ms a move, and prints each score
with its 95% interval, and keeps it in benchmarks/results/training.json with the training run's
settings from the model file. `--game` names another game (its parameters are the model file's)
and `--baseline` another opponent spec for a game's own default search (for example
``--baseline mcts:time_limit=0.05`` with ``--model-spec time_limit=0.05``, and ``--algorithm
ismcts`` where information is hidden). Every figure is printed with the load average beside it:
on a shared machine, other work slows both sides of a match alike but shifts speed figures.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import tempfile
import time

import numpy as np
from results_file import save

import tablesearch as ts
from tablesearch.models import Model
from tablesearch.tournaments.runner import GameRef
from tablesearch.training.config import TrainConfig
from tablesearch.training.replay_buffer import FIELDS, Positions, ReplayBuffer
from tablesearch.training.self_play import SelfPlaySettings, no_positions, play_games, self_play_algorithm

RESULTS = "training.json"


def load() -> str:
    return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


def selfplay(args: argparse.Namespace) -> None:
    import concurrent.futures as cf

    game = ts.load_game(args.game)
    config = TrainConfig(game=args.game)
    model = Model.for_game(game, config.architecture, seed=0, **config.architecture_sizes())
    settings = SelfPlaySettings(
        GameRef.of(args.game),
        self_play_algorithm("auto", game),
        args.simulations,
        config.temperature_moves,
        config.dirichlet_alpha,
        config.dirichlet_epsilon,
    )
    network = (model.architecture.to_json(), model.tensors)
    for workers in sorted({1, args.workers}):
        started = time.perf_counter()
        seeds = list(range(args.games * workers))
        with cf.ProcessPoolExecutor(workers) as pool:
            chunks = [seeds[i::workers] for i in range(workers)]
            parts = list(
                pool.map(play_games, [settings] * workers, [network[0]] * workers, [network[1]] * workers, chunks)
            )
        seconds = time.perf_counter() - started
        positions = sum(len(p) for p, _ in parts)
        print(
            f"{args.game} self-play, {settings.algorithm} {args.simulations} simulations, {workers} worker(s): "
            f"{positions / seconds:,.0f} positions/s "
            f"({len(seeds)} games, {positions} positions, {seconds:.1f} s; {load()})"
        )


NETWORKS = {
    "mlp 128-128": {"architecture": "mlp", "hidden": (128, 128)},
    "mlp 256-256": {"architecture": "mlp", "hidden": (256, 256)},
    "resnet 16x2": {"architecture": "resnet", "channels": 16, "blocks": 2, "value_hidden": 32},
    "resnet 32x2": {"architecture": "resnet", "channels": 32, "blocks": 2, "value_hidden": 64},
}


def networks(args: argparse.Namespace) -> None:
    """PUCT simulations per CPU second with each network as evaluator, from the start position."""
    game = ts.load_game(args.game)
    state = game.new_initial_state()
    for name, sizes in NETWORKS.items():
        model = Model.for_game(game, seed=0, **sizes)
        started = time.process_time()
        for seed in range(10):
            ts.mcts.search(state, seed=seed, evaluator=model, algorithm="puct", iterations=400)
        rate = 4000 / (time.process_time() - started)
        print(f"{args.game}, PUCT with {name}: {rate:,.0f} simulations per CPU second ({load()})")


class ConcatenatedBuffer:
    """The replay buffer as it was before the ring: each addition concatenates the whole buffer."""

    def __init__(self, capacity: int, initial: Positions) -> None:
        self.capacity, self.positions = capacity, initial

    def add(self, new: Positions) -> None:
        merged = Positions.concatenate([self.positions, new])
        self.positions = merged.take(slice(max(0, len(merged) - self.capacity), None))

    def sample(self, rng: np.random.Generator, size: int) -> Positions:
        return self.positions.take(rng.integers(0, len(self.positions), size))


def random_positions(empty: Positions, count: int, rng: np.random.Generator) -> Positions:
    """`count` positions of `empty`'s widths: random observations, legal actions and outcomes."""
    legal = rng.random((count, empty.legal.shape[1])) < 0.6
    legal[:, 0] = True
    policies = legal * rng.random(legal.shape)
    return Positions(
        observations=rng.standard_normal((count, empty.observations.shape[1])).astype(np.float32),
        movers=rng.integers(0, empty.values.shape[1], count).astype(np.int32),
        policies=(policies / policies.sum(axis=1, keepdims=True)).astype(np.float32),
        legal=legal,
        values=rng.choice([-1.0, 1.0], (count, empty.values.shape[1])).astype(np.float32),
    )


def learner(args: argparse.Namespace) -> None:
    """Milliseconds per training step on the learner's side, ring against concatenation."""
    from tablesearch.training.learner import Learner

    game = ts.load_game(args.game)
    config = TrainConfig(game=args.game)
    model = Model.for_game(game, config.architecture, seed=0, **config.architecture_sizes())
    rng = np.random.default_rng(0)
    full = random_positions(no_positions(model), config.buffer_positions, rng)
    buffers = {
        "ring": ReplayBuffer(config.buffer_positions, full),
        "concatenated": ConcatenatedBuffer(config.buffer_positions, full),
    }
    new = random_positions(no_positions(model), args.step_positions, rng)
    updates = max(1, round(config.replay_ratio * args.step_positions / config.batch_size))
    learn = Learner(model, config.learning_rate, config.weight_decay)
    learn.update(buffers["ring"].sample(rng, config.batch_size))  # compiles
    times: dict[str, dict[str, list[float]]] = {name: {"buffer": [], "step": []} for name in buffers}
    for round_ in range(args.rounds):
        for name in sorted(buffers, reverse=round_ % 2 == 1):  # alternate which goes first
            buffer, draw = buffers[name], np.random.default_rng(round_)
            started = time.perf_counter()
            buffer.add(new)
            batches = [buffer.sample(draw, config.batch_size) for _ in range(updates)]
            added = time.perf_counter()
            for batch in batches:
                learn.update(batch)
            times[name]["buffer"].append(added - started)
            times[name]["step"].append(time.perf_counter() - started)
    ring, concatenated = buffers["ring"].positions, buffers["concatenated"].positions
    if not all(np.array_equal(getattr(ring, f), getattr(concatenated, f)) for f in FIELDS):
        raise SystemExit(
            "the ring and the concatenated buffer hold different positions: the timing compares unlike work"
        )
    print(
        f"{args.game}, buffer of {config.buffer_positions:,} positions, {args.step_positions:,} added a step, "
        f"{updates} batches of {config.batch_size}; median of {args.rounds} alternating rounds ({load()}):"
    )
    for name, measured in times.items():
        buffer_ms, step_ms = (1e3 * statistics.median(measured[part]) for part in ("buffer", "step"))
        print(f"  {name:>12}: buffer (add, draw) {buffer_ms:7.2f} ms, whole learner step {step_ms:8.1f} ms")


def match(
    game: str, params: dict[str, object], first: str, second: str, games: int, workers: int, trained: dict
) -> None:
    """Plays `first` (the model's spec) against `second` and keeps the figures in results/training.json,
    under the game, the specs (the model's path left out) and the run that trained the model."""
    with tempfile.TemporaryDirectory() as folder:
        result = ts.tournament(
            game, {"model": first, "baseline": second}, games=games, seed=1, workers=workers,
            out=os.path.join(folder, "games.jsonl"), progress=None, params=params,
        )  # fmt: skip
    row = next(r for r in result.table if r["agent"] == "model")
    print(
        f"{first}  vs  {second}: score {row['score']:.3f}, win rate {row['win_rate']:.3f} "
        f"[{row['win_rate_low']:.3f}, {row['win_rate_high']:.3f}], W-D-L {row['wins']}-{row['draws']}-{row['losses']} "
        f"over {row['games']} games ({load()})"
    )
    figures = {field: row[field] for field in ("score", "win_rate", "win_rate_low", "win_rate_high", "games")}
    figures.update(wins=row["wins"], draws=row["draws"], losses=row["losses"], trained=trained)
    save(RESULTS, f"{game},{re.sub(r'model=[^,]*', 'model', first)} vs {second}", figures)


def strength(args: argparse.Namespace) -> None:
    model = f"{args.algorithm}:model={args.model}"
    trained = ts.load_model(args.model)
    run = {key: trained.metadata.get(key) for key in ("trained_by", "step", "games", "seconds", "settings")}
    on = (args.game, trained.game.parameters)
    if args.baseline:
        match(*on, f"{model},{args.model_spec}", args.baseline, args.games, args.workers, run)
        return
    match(*on, f"{model},iterations=800", "uct:iterations=800", args.games, args.workers, run)
    match(*on, f"{model},iterations=800", "uct:iterations=8000", args.games, args.workers, run)
    match(*on, f"{model},time_limit=0.1", "uct:time_limit=0.1", args.games, args.workers, run)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    speed = sub.add_parser("selfplay", help="self-play positions per second")
    speed.add_argument("--game", default="connect_four")
    speed.add_argument("--games", type=int, default=16, help="games per worker")
    speed.add_argument("--simulations", type=int, default=TrainConfig("x").simulations)
    speed.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    speed.set_defaults(run=selfplay)
    nets = sub.add_parser("networks", help="PUCT simulations per CPU second with each network")
    nets.add_argument("--game", default="connect_four")
    nets.set_defaults(run=networks)
    learn = sub.add_parser("learner", help="the learner's step time, ring buffer against concatenation")
    learn.add_argument("--game", default="connect_four")
    learn.add_argument("--step-positions", type=int, default=1000, help="positions a step adds")
    learn.add_argument("--rounds", type=int, default=20)
    learn.set_defaults(run=learner)
    play = sub.add_parser("strength", help="the trained model against the UCT baselines")
    play.add_argument("model", help="a model file (DIR/model.tsmodel of a run)")
    play.add_argument("--game", default="connect_four")
    play.add_argument("--games", type=int, default=400)
    play.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    play.add_argument("--baseline", default=None, help="one opponent spec instead of the UCT ladder")
    play.add_argument("--model-spec", default="iterations=800", help="the model player's budget with --baseline")
    play.add_argument(
        "--algorithm", default="puct", help="the model player's search (ismcts where information is hidden)"
    )
    play.set_defaults(run=strength)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
