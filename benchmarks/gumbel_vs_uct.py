"""Gumbel search (`algorithm="gumbel"`, random playouts, no model) against UCT at equal
simulations on connect four, and both on forced-defence positions.

    python benchmarks/gumbel_vs_uct.py [--games 200] [--simulations 16 64 200] [--positions 200]

Matches: each game starts after 2 random plies (the pair of games of one opening swaps the
seats), both players search the same number of simulations a move; prints Gumbel's score (a draw
counts half) with its Wilson 95% interval. Positions: reached by random play, where exactly one
move stops an immediate win of the opponent (tests/helpers/tactics.py); prints how often each
search plays it. The load average is printed beside the figures.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

import tablesearch as ts
from tablesearch import mcts
from tablesearch.statistics import wilson_count

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from helpers.tactics import forced_defences  # noqa: E402


def score(simulations: int, games: int, seed: int, options: dict) -> float:
    """Gumbel's total score in `games` games against UCT, both at `simulations` a move."""
    game = ts.load_game("connect_four")
    total = 0.0
    for index in range(games):
        opening, gumbel_seat = divmod(index, 2)
        rng = random.Random(seed * 1_000_003 + opening)
        state = game.new_initial_state()
        for _ in range(2):
            state.apply_action(rng.choice(state.legal_actions()))
        agents = {
            gumbel_seat: mcts.Agent(algorithm="gumbel", iterations=simulations, seed=index, **options),
            1 - gumbel_seat: mcts.Agent(algorithm="uct", iterations=simulations, seed=index),
        }
        while not state.is_terminal():
            state.apply_action(agents[state.current_player()].step(state))
        returns = state.returns()
        total += 1.0 if returns[gumbel_seat] > 0 else 0.5 if returns[gumbel_seat] == 0 else 0.0
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--simulations", type=int, nargs="+", default=[16, 64, 200])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--gumbel-scale", type=float, default=None, help="Gumbel's root noise (default: the option's)")
    args = parser.parse_args()
    options = {} if args.gumbel_scale is None else {"gumbel_scale": args.gumbel_scale}
    print(f"load average {os.getloadavg()[0]:.2f}; Gumbel's options: {options or 'the defaults'}")
    for simulations in args.simulations:
        total = score(simulations, args.games, args.seed, options)
        low, high = wilson_count(total, args.games)
        print(
            f"connect four, {simulations} simulations a move, {args.games} games: Gumbel scores "
            f"{total / args.games:.3f} [{low:.3f}, {high:.3f}] against UCT"
        )
    positions = forced_defences("connect_four", args.positions, seed=args.seed)
    for simulations in args.simulations:
        found = {
            name: sum(
                mcts.search(s, algorithm=name, iterations=simulations, seed=1).best_action == move
                for s, move in positions
            )  # fmt: skip
            for name in ("gumbel", "uct")
        }
        print(
            f"{len(positions)} forced defences, {simulations} simulations: "
            + ", ".join(f"{name} {hits / len(positions):.1%}" for name, hits in found.items())
        )
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
