"""Random playouts per second from the initial position, for every game and player count.

python benchmarks/bench_playouts.py [--seconds 0.5]
"""

from __future__ import annotations

import argparse

import tablesearch as ts


def player_counts(name: str) -> list[dict]:
    for spec in ts.parameter_specs(name):
        if spec["name"] == "players":
            return [{"players": p} for p in range(spec["min"], spec["max"] + 1)]
    return [{}]


def playouts_per_second(state, seconds: float) -> float:
    count = 16
    while True:  # grow the batch until it takes long enough to time reliably
        elapsed = state.time_random_playouts(count, seed=count)
        if elapsed >= seconds or count >= 1 << 24:
            return count / elapsed
        count *= 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.5, help="minimum timing per configuration")
    parser.add_argument("games", nargs="*", help="games to run (default: all)")
    args = parser.parse_args()
    print(f"{'game':16} {'players':>7} {'playouts/s':>14} {'us/playout':>11}")
    for name in args.games or ts.list_games():
        for params in player_counts(name):
            game = ts.load_game(name, **params)
            state = game.new_initial_state(0)
            while state.is_chance_node():  # start where a player decides
                state.apply_action(state.chance_outcomes()[0][0])
            rate = playouts_per_second(state, args.seconds)
            print(f"{name:16} {game.num_players():>7} {rate:>14,.0f} {1e6 / rate:>11.2f}")


if __name__ == "__main__":
    main()
