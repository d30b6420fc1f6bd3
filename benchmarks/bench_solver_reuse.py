"""The MCTS-Solver and tree reuse.

Solver: time to prove tic-tac-toe a draw from the start and connect four positions wins; and, with
and without the solver, the smallest budget at which the chosen move is a winning one on each of
5 seeds.
Tree reuse: a seeded connect four tournament at equal iterations per move, an agent that keeps
its tree against one that does not, seats alternating.

    python benchmarks/bench_solver_reuse.py [--games 200] [--iterations 2000]
"""

from __future__ import annotations

import argparse

import tablesearch as ts
from tablesearch import mcts
from tablesearch.statistics import mean_interval

POSITIONS = [  # (game, history, the winning moves), found by the solver and checked move by move
    ("connect_four", [3, 3, 4, 4], {2, 5}),
    ("connect_four", [3, 5, 4, 5, 3, 4, 6, 1, 5, 6], {3}),
    ("connect_four", [4, 2, 1, 0, 4, 6, 0, 4, 6, 1, 4, 3, 1, 6], {1, 3}),
    ("connect_four", [0, 2, 0, 5, 3, 0, 1, 4, 5, 1, 5, 0, 3, 5], {2, 3, 4}),
    ("connect_four", [4, 4, 1, 2, 2, 4, 6, 3, 4, 3, 0], {3}),
]


def position(name, history):
    state = ts.load_game(name).new_initial_state(0)
    for a in history:
        state.apply_action(a)
    return state


def iterations_to_win(state, winning, solve, limit=2_000_000):
    """Smallest power-of-two budget at which the search picks a winning move on 5 seeds."""
    n = 16
    while n <= limit:
        if all(mcts.search(state, iterations=n, seed=s, solve=solve).best_action in winning for s in range(5)):
            return n
        n *= 2
    return None


def solver_section() -> None:
    state = position("tic_tac_toe", [])
    r = mcts.search(state, iterations=5_000_000, solve=True, seed=0)
    print(
        f"tic-tac-toe from the start: proven value {r.proven_value} in {r.iterations:,} iterations, "
        f"{r.elapsed * 1000:.1f} ms"
    )
    for name, history, winning in POSITIONS:
        state = position(name, history)
        r = mcts.search(state, iterations=5_000_000, solve=True, seed=0)
        with_solver = iterations_to_win(state, winning, solve=True)
        without = iterations_to_win(state, winning, solve=False)
        print(
            f"{name} after {history}: proven {r.proven_value:+.0f} (move {r.best_action}) in {r.iterations:,} "
            f"iterations, {r.elapsed * 1000:.2f} ms; winning move on 5 seeds from {with_solver} iterations "
            f"with the solver, {without} without"
        )


def reuse_section(games: int, iterations: int) -> None:
    game = ts.load_game("connect_four")
    scores = []
    for seed in range(games):
        reuse_seat = seed % 2
        agents = [None, None]
        agents[reuse_seat] = mcts.Agent(iterations=iterations, seed=seed, reuse_tree=True)
        agents[1 - reuse_seat] = mcts.Agent(iterations=iterations, seed=seed + 10_000, reuse_tree=False)
        record = ts.play_game(game, agents, seed=seed)
        scores.append((record.returns[reuse_seat] + 1) / 2)
    mean, low, high = mean_interval(scores, 0.0, 1.0)
    print(
        f"tree reuse vs none, connect four, {iterations} iterations per move, {games} games: "
        f"reuse scores {sum(scores):.1f} / {games} ({mean:.1%}, 95% interval {low:.1%} to {high:.1%})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--iterations", type=int, default=2000)
    args = parser.parse_args()
    solver_section()
    reuse_section(args.games, args.iterations)


if __name__ == "__main__":
    main()
