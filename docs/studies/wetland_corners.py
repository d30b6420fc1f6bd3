"""Where a Wetland seat starts, and what it is worth in uniform random play: at 3 players the win
rate of each corner of the triangle (the top vertex, the bottom-right and bottom-left corners,
whoever sits there) and of each seat; at 4 players each seat's win rate with the special tile's
colourless squares on either diagonal (the tile is turned at random at setup).

Games are seeds 0..GAMES-1, the moves drawn from one random stream. Prints each rate with its 95%
Wilson interval.

    python docs/studies/wetland_corners.py [GAMES]
"""

from __future__ import annotations

import math
import sys
from collections import Counter
from typing import Any

import numpy as np

import tablesearch as ts

TRIANGLE_SHIFT = [2, 1, 0]  # each tile row's offset in squares (cpp/games/wetland/wetland_data.h)
CORNERS = {(0, 0): "top vertex", (2, 2): "bottom-right corner", (2, 0): "bottom-left corner"}


def wilson(wins: float, n: int) -> str:
    p, z = wins / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return f"{100 * p:.1f}% [{100 * (centre - half):.1f}, {100 * (centre + half):.1f}] of {n}"


def play(state: Any, rng: np.random.Generator) -> int:
    """The winner of a uniform random game from `state` (-1: a draw)."""
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.integers(len(legal))])
    return int(state.fields()["winner"][0])


def triangle_cell(square: int) -> tuple[int, int]:
    row = square // 6 // 2
    return row, (square % 6 - TRIANGLE_SHIFT[row]) // 2


def three_players(games: int) -> None:
    game, rng = ts.load_game("wetland", players=3), np.random.default_rng(1)
    corner_wins, seat_wins, top_seats = Counter(), Counter(), Counter()
    for seed in range(games):
        state = game.new_initial_state(seed)
        corner_of = [CORNERS[triangle_cell(a)] for a in state.fields()["tokens"][::2]]
        top_seats[corner_of.index("top vertex")] += 1
        winner = play(state, rng)
        if winner >= 0:
            corner_wins[corner_of[winner]] += 1
            seat_wins[winner] += 1
    print(f"wetland, 3 players, {games} uniform random games")
    print("seat at the top vertex: " + ", ".join(f"seat {s} {top_seats[s]}" for s in range(3)))
    for corner in CORNERS.values():
        print(f"  {corner}: wins {wilson(corner_wins[corner], games)}")
    for seat in range(3):
        print(f"  seat {seat}: wins {wilson(seat_wins[seat], games)}")


def four_players(games: int) -> None:
    game, rng = ts.load_game("wetland", players=4), np.random.default_rng(1)
    wins = {0: Counter(), 1: Counter()}  # special tile turned an even / odd number of quarters
    count = Counter()
    for seed in range(games):
        state = game.new_initial_state(seed)
        diagonal = state.fields()["orientations"][4] % 2
        count[diagonal] += 1
        winner = play(state, rng)
        if winner >= 0:
            wins[diagonal][winner] += 1
    print(f"wetland, 4 players, {games} uniform random games")
    names = {0: "colourless squares top-left and bottom-right", 1: "colourless squares top-right and bottom-left"}
    for diagonal, name in names.items():
        print(f"  {name} ({count[diagonal]} games):")
        for seat in range(4):
            print(f"    seat {seat}: wins {wilson(wins[diagonal][seat], count[diagonal])}")


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    three_players(n)
    four_players(n)
