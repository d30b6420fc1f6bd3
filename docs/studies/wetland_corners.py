"""Where a Wetland seat starts, and what it is worth. At 3 players each deal is played with each of
the three seats at the triangle's top vertex (the others following it clockwise round the
triangle: the game puts seat 0 there, the study moves the tokens), which gives the win rate of
each corner whoever sits there, and of each seat with each arrangement. At 4 players, each seat's
win rate with the special tile's colourless squares on either diagonal (the tile is turned at
random at setup). Uniform random play; with ITERATIONS, also 3-player MCTS self-play at that many
iterations a move, MCTS_DEALS deals in each arrangement.

Deals are seeds 0..N-1, the moves drawn from one random stream per part (MCTS: agent seeds from
the deal's). Prints each rate with its 95% Wilson interval.

    python docs/studies/wetland_corners.py [DEALS] [ITERATIONS MCTS_DEALS]
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any, Callable

import numpy as np

import tablesearch as ts
from tablesearch import mcts
from tablesearch.games import serialization
from tablesearch.statistics import wilson_count

TRIANGLE_SHIFT = [2, 1, 0]  # each tile row's offset in squares (cpp/games/wetland/wetland_data.h)
CORNERS = ["top vertex", "bottom-right corner", "bottom-left corner"]  # clockwise from the top
A_CELLS = [(0, 0), (2, 2), (2, 0)]  # by corner
B_CELLS = [(2, 1), (1, 0), (1, 1)]  # the middle of the opposite side


def wilson(wins: float, n: int) -> str:
    low, high = wilson_count(wins, n)
    return f"{100 * wins / n:.1f}% [{100 * low:.1f}, {100 * high:.1f}] of {n}"


def triangle_squares(cell: tuple[int, int]) -> list[int]:
    r, c = cell
    left = TRIANGLE_SHIFT[r] + 2 * c
    return [6 * (2 * r + dr) + left + dc for dr in (0, 1) for dc in (0, 1)]


def with_top(game: Any, seed: int, top: int) -> Any:
    """The deal of `seed` with seat `top` at the top vertex and the others clockwise after it:
    every token on the square of its owner's colour in its new tile."""
    state = game.new_initial_state(seed)
    if top == 0:
        return state
    colour = np.argmax(state.observation_tensor(0)[0:6], axis=0)  # the colour of each square
    tokens = []
    for seat in range(3):
        corner = (seat - top) % 3
        for cell in (A_CELLS[corner], B_CELLS[corner]):
            tokens += [sq for sq in triangle_squares(cell) if colour[sq // 6, sq % 6] == seat]
    fields = {**state.fields(), "tokens": tokens}
    doc = {"format": serialization.FORMAT, "game": game.name, "params": game.parameters(), "seed": seed}
    return serialization.from_document(game, {**doc, "history": [], "fields": fields})


def random_play(rng: np.random.Generator) -> Callable[[Any, int], int]:
    def play(state: Any, seed: int) -> int:
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.integers(len(legal))])
        return int(state.fields()["winner"])

    return play


def mcts_play(iterations: int) -> Callable[[Any, int], int]:
    def play(state: Any, seed: int) -> int:
        agents = [mcts.Agent(iterations=iterations, seed=1000 * seed + s) for s in range(state.num_players())]
        while not state.is_terminal():
            state.apply_action(agents[state.current_player()].step(state))
        return int(state.fields()["winner"])

    return play


def three_players(deals: int, play: Callable[[Any, int], int], title: str) -> None:
    game = ts.load_game("wetland", players=3)
    wins = {top: Counter() for top in range(3)}  # by the seat at the top vertex: wins per seat
    for top in range(3):
        for seed in range(deals):
            winner = play(with_top(game, seed, top), seed)
            if winner >= 0:
                wins[top][winner] += 1
    print(f"wetland, 3 players, {title}: {deals} deals, each played with each seat at the top vertex")
    for top in range(3):
        seats = ", ".join(f"seat {s} ({CORNERS[(s - top) % 3]}) {wilson(wins[top][s], deals)}" for s in range(3))
        print(f"  seat {top} at the top vertex: {seats}")
    for k, corner in enumerate(CORNERS):
        print(f"  {corner}, whoever sits there: wins {wilson(sum(wins[t][(t + k) % 3] for t in range(3)), 3 * deals)}")
    for seat in range(3):
        drawn = wilson(sum(wins[t][seat] for t in range(3)), 3 * deals)
        print(f"  seat {seat}, the top vertex drawn at random: wins {drawn}")


def four_players(deals: int) -> None:
    game, play = ts.load_game("wetland", players=4), random_play(np.random.default_rng(1))
    wins = {0: Counter(), 1: Counter()}  # special tile turned an even / odd number of quarters
    count = Counter()
    for seed in range(deals):
        state = game.new_initial_state(seed)
        diagonal = state.fields()["orientations"][4] % 2
        count[diagonal] += 1
        winner = play(state, seed)
        if winner >= 0:
            wins[diagonal][winner] += 1
    print(f"wetland, 4 players, uniform random play: {deals} deals")
    names = {0: "colourless squares top-left and bottom-right", 1: "colourless squares top-right and bottom-left"}
    for diagonal, name in names.items():
        print(f"  {name} ({count[diagonal]} deals):")
        for seat in range(4):
            print(f"    seat {seat}: wins {wilson(wins[diagonal][seat], count[diagonal])}")


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:]]
    deals = args[0] if args else 4000
    three_players(deals, random_play(np.random.default_rng(1)), "uniform random play")
    four_players(deals)
    if len(args) == 3:
        three_players(args[2], mcts_play(args[1]), f"MCTS self-play at {args[1]} iterations a move")
