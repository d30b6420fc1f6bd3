"""MCTS speed on connect four from the initial position: tablesearch against OpenSpiel's C++
MCTSBot (random rollout evaluator, 1 rollout, uct_c=2), in the same process.

Prints simulations per second of each and their ratio (goal: at least 5x), bytes per tree node
(goal: at most 32; OpenSpiel: about 80), and our time per simulation over the time of one plain
random playout from the same position (goal: at most 1.5). Keeps them in
benchmarks/results/mcts_vs_openspiel.json (entry connect_four), which the README quotes.

    pip install ".[bench]" && python benchmarks/bench_mcts_vs_openspiel.py
"""

from __future__ import annotations

import argparse
import statistics
import time

from results_file import save

import tablesearch as ts
from tablesearch import mcts


def ours(simulations: int, repeats: int) -> tuple[float, float, float]:
    state = ts.load_game("connect_four").new_initial_state(0)
    rates, bytes_per_node, seconds_per_sim = [], [], []
    for seed in range(repeats):
        result = mcts.search(state, iterations=simulations, uct_c=2.0, seed=seed)
        rates.append(result.iterations / result.elapsed)
        bytes_per_node.append(result.node_bytes / result.nodes)
        seconds_per_sim.append(result.elapsed / result.iterations)
    playouts = 100_000
    playout_seconds = state.time_random_playouts(playouts, seed=1) / playouts
    return (
        statistics.median(rates),
        statistics.median(bytes_per_node),
        statistics.median(seconds_per_sim) / playout_seconds,
    )


def openspiel(simulations: int, repeats: int) -> float | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("connect_four")
    rates = []
    for seed in range(repeats):
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        bot = pyspiel.MCTSBot(
            game, evaluator, 2.0, simulations, 10**12, False, seed, False, pyspiel.ChildSelectionPolicy.UCT
        )
        state = game.new_initial_state()
        start = time.perf_counter()
        bot.step(state)
        rates.append(simulations / (time.perf_counter() - start))
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()

    rate, bytes_per_node, playout_ratio = ours(args.simulations, args.repeats)
    reference = openspiel(args.simulations, args.repeats)
    print(f"connect four, initial position, {args.simulations} simulations, median of {args.repeats}")
    print(f"tablesearch UCT         {rate:>12,.0f} simulations/s")
    if reference is None:
        print("OpenSpiel MCTSBot        not installed (pip install '.[bench]')")
    else:
        print(f"OpenSpiel MCTSBot       {reference:>12,.0f} simulations/s")
        print(f"speed ratio             {rate / reference:>12.2f}x   (goal >= 5)")
    print(f"bytes per tree node     {bytes_per_node:>12.1f}    (goal <= 32; OpenSpiel about 80)")
    print(f"simulation / playout    {playout_ratio:>12.2f}    (goal <= 1.5)")
    figures = {
        "simulations": args.simulations,
        "repeats": args.repeats,
        "tablesearch_per_second": round(rate),
        "openspiel_per_second": None if reference is None else round(reference),
        "speed_ratio": None if reference is None else rate / reference,
        "bytes_per_node": bytes_per_node,
        "simulation_over_playout": playout_ratio,
    }
    save("mcts_vs_openspiel.json", "connect_four", figures)


if __name__ == "__main__":
    main()
