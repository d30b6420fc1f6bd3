"""Gummiland speed: random playouts per second from the initial position, and search iterations
per second (algorithm="auto": ISMCTS where the build has it, else UCT on the true state), for each
player count, without and with all three Adventure Mode regions.

    pip install . && python benchmarks/bench_gummiland.py [--playouts 20000] [--iterations 20000]

Prints one row per configuration: the median of --repeats timings of each measure.
"""

from __future__ import annotations

import argparse
import statistics

import tablesearch as ts
from tablesearch import mcts


def playouts_per_second(state: ts.State, playouts: int, repeats: int) -> float:
    return statistics.median(playouts / state.time_random_playouts(playouts, seed=r) for r in range(repeats))


def search_rate(state: ts.State, iterations: int, repeats: int) -> tuple[float, str]:
    results = [mcts.search(state, iterations=iterations, seed=r, algorithm="auto") for r in range(repeats)]
    return statistics.median(r.iterations / r.elapsed for r in results), results[0].algorithm


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=20_000)
    parser.add_argument("--iterations", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(f"{'players':>7} {'regions':<28} {'playouts/s':>11} {'iterations/s':>13}  algorithm")
    for regions in ("", "pineapple,orange,blackberry"):
        for players in (2, 3, 4):
            state = ts.load_game("gummiland", players=players, regions=regions).new_initial_state(0)
            playouts = playouts_per_second(state, args.playouts, args.repeats)
            rate, algorithm = search_rate(state, args.iterations, args.repeats)
            print(f"{players:>7} {regions or 'none':<28} {playouts:>11,.0f} {rate:>13,.0f}  {algorithm}")


if __name__ == "__main__":
    main()
