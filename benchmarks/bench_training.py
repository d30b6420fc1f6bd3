"""Self-play training: how fast self-play makes positions, and how strong the trained player is.

    pip install '.[learn]'
    python benchmarks/bench_training.py selfplay [--game connect_four] [--games 16] [--workers 1]
    tablesearch train connect_four --minutes 30 --out c4-run          # the run being measured
    python benchmarks/bench_training.py strength c4-run/model.tsmodel [--games 400] [--workers 2]

`selfplay` prints self-play positions per second (the default settings: PUCT, 100 simulations a
move, the default network), on one worker and on --workers. `strength` plays the issue's matches
(seats swapped, one game per seating of each deal): PUCT with the model at 800 simulations against
UCT with random playouts at 800 and at 8,000, and both at 100 ms a move, and prints each score
with its 95% interval. `--game` names another game (its parameters are the model file's) and
`--baseline` another opponent spec for a game's own default search (for example ``--baseline
mcts:time_limit=0.05`` with ``--model-spec time_limit=0.05``, and ``--algorithm ismcts`` where
information is hidden). Every figure is printed with the load average beside it: on a shared
machine, other work slows both sides of a match alike but shifts speed figures.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time

import tablesearch as ts
from tablesearch.models import Model
from tablesearch.tournaments.runner import GameRef
from tablesearch.training.config import TrainConfig
from tablesearch.training.self_play import SelfPlaySettings, play_games, self_play_algorithm


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


def match(game: str, params: dict[str, object], first: str, second: str, games: int, workers: int) -> None:
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


def strength(args: argparse.Namespace) -> None:
    model = f"{args.algorithm}:model={args.model}"
    on = (args.game, ts.load_model(args.model).game.parameters)
    if args.baseline:
        match(*on, f"{model},{args.model_spec}", args.baseline, args.games, args.workers)
        return
    match(*on, f"{model},iterations=800", "uct:iterations=800", args.games, args.workers)
    match(*on, f"{model},iterations=800", "uct:iterations=8000", args.games, args.workers)
    match(*on, f"{model},time_limit=0.1", "uct:time_limit=0.1", args.games, args.workers)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    speed = sub.add_parser("selfplay", help="self-play positions per second")
    speed.add_argument("--game", default="connect_four")
    speed.add_argument("--games", type=int, default=16, help="games per worker")
    speed.add_argument("--simulations", type=int, default=TrainConfig("x").simulations)
    speed.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    speed.set_defaults(run=selfplay)
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
