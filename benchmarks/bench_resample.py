"""Resamples per second (resample_from_infostate) for every game with hidden information and every
player count, from states along seeded random games.

    python benchmarks/bench_resample.py [--states 40] [--repeats 200] [games...]

Each call crosses the Python binding, so the figures include its overhead; `clone/s` times
`state.clone()` on the same states (the same crossing and a copy of the state, no resampling), and
`resample us` is the time per resample beyond that clone: what the native resampler itself costs.
"""

from __future__ import annotations

import argparse
import random
import time

import tablesearch as ts


def player_counts(name: str) -> list[dict]:
    for spec in ts.parameter_specs(name):
        if spec["name"] == "players":
            return [{"players": p} for p in range(spec["min"], spec["max"] + 1)]
    return [{}]


def sample_states(game, count: int, seed: int) -> list:
    """`count` non-terminal decision states, spread over seeded random games."""
    rng = random.Random(seed)
    states = []
    game_seed = seed
    while len(states) < count:
        state = game.new_initial_state(game_seed)
        game_seed += 1
        trajectory = []
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, weights=probs)[0])
                continue
            trajectory.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
        states += rng.sample(trajectory, min(4, len(trajectory)))
    return states[:count]


def timed(states, repeats: int, call) -> float:
    """Calls per second of `call(state, i)` over every state, `repeats` times each."""
    start = time.perf_counter()
    for state in states:
        player = state.current_player()
        for i in range(repeats):
            call(state, player, i)
    return len(states) * repeats / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=40, help="states per configuration")
    parser.add_argument("--repeats", type=int, default=200, help="resamples per state")
    parser.add_argument("games", nargs="*", help="games to run (default: every game with hidden information)")
    args = parser.parse_args()
    print(f"{'game':16} {'players':>7} {'resamples/s':>12} {'clone/s':>12} {'resample us':>12}")
    for name in args.games or ts.list_games():
        for params in player_counts(name):
            game = ts.load_game(name, **params)
            if not game.has_hidden_information():
                continue
            states = sample_states(game, args.states, seed=1)
            # Interleaved, so both see the same machine load.
            resample = clone = 0.0
            for _ in range(2):
                resample += timed(states, args.repeats, lambda s, p, i: s.resample_from_infostate(p, i)) / 2
                clone += timed(states, args.repeats, lambda s, p, i: s.clone()) / 2
            beyond = max(0.0, 1e6 / resample - 1e6 / clone)
            print(f"{name:16} {game.num_players():>7} {resample:>12,.0f} {clone:>12,.0f} {beyond:>12.2f}")


if __name__ == "__main__":
    main()
