"""Connect four written in Python, compiled with numba and searched at native speed.

The state is one int64 array; the rules are numba functions over it, with the same bitboards as
the native game (the speed of a compiled game is the speed of its rules). The rules and the action
numbering are those of the native `connect_four` (columns 0-6, player 0 moves first), so both play
the same moves for the same seed.

    pip install 'tablesearch[compiled]'
    python examples/compiled_connect_four.py
"""

from __future__ import annotations

import numpy as np
from numba import njit

import tablesearch as ts
from tablesearch import mcts
from tablesearch.games.compiled import CompiledGame

ROWS, COLS = 6, 7
# The state, an int64 array: each player's pieces as a bitboard (bit 7 * col + row, row 0 at the
# bottom; the 7th bit of each column stays empty, so lines do not wrap), the height of each
# column, the number of moves made, and the winner (-1 while there is none).
PIECES, HEIGHTS, MOVES, WINNER = 0, 2, 2 + COLS, 3 + COLS
SIZE = WINNER + 1


@njit
def current_player(state):
    if state[WINNER] >= 0 or state[MOVES] == ROWS * COLS:
        return ts.TERMINAL
    return state[MOVES] % 2


@njit
def legal_actions(state, actions):
    n = 0
    for col in range(COLS):
        if state[HEIGHTS + col] < ROWS:
            actions[n] = col
            n += 1
    return n


@njit
def four_in_a_row(pieces):
    """Four in a row in any direction: vertical (shift 1), horizontal (7), diagonals (6, 8)."""
    for shift in (1, 7, 6, 8):
        pairs = pieces & (pieces >> shift)
        if pairs & (pairs >> (2 * shift)):
            return True
    return False


@njit
def apply_action(state, col):
    player = state[MOVES] % 2
    state[PIECES + player] |= 1 << (7 * col + state[HEIGHTS + col])
    state[HEIGHTS + col] += 1
    state[MOVES] += 1
    if four_in_a_row(state[PIECES + player]):
        state[WINNER] = player


@njit
def returns(state, values):
    values[0] = values[1] = 0.0
    if state[WINNER] >= 0:
        values[state[WINNER]] = 1.0
        values[1 - state[WINNER]] = -1.0


@njit
def owner(state, row, col):
    """0 or 1: whose piece is at (row, col); -1 if it is empty."""
    for player in range(2):
        if state[PIECES + player] >> (7 * col + row) & 1:
            return player
    return -1


@njit
def observation(state, player, values):
    """OpenSpiel's planes, as the native game gives them: player 0's pieces, player 1's, empty."""
    for row in range(ROWS):
        for col in range(COLS):
            piece = owner(state, row, col)
            values[2 if piece < 0 else piece, row, col] = 1.0


def state_to_string(state: np.ndarray) -> str:
    """Top row first, as the native game prints it."""
    marks = {-1: ".", 0: "x", 1: "o"}
    return "".join(
        "".join(marks[owner(state, row, col)] for col in range(COLS)) + "\n" for row in range(ROWS - 1, -1, -1)
    )


def action_to_string(state: np.ndarray, col: int) -> str:
    return "xo"[state[MOVES] % 2] + str(col)


def connect_four() -> CompiledGame:
    initial = np.zeros(SIZE, np.int64)
    initial[WINNER] = -1
    return CompiledGame(
        num_players=2,
        initial_state=initial,
        num_distinct_actions=COLS,
        max_game_length=ROWS * COLS,
        current_player=current_player,
        legal_actions=legal_actions,
        apply_action=apply_action,
        returns=returns,
        observation=observation,
        observation_shape=(3, ROWS, COLS),
        state_to_string=state_to_string,
        action_to_string=action_to_string,
    )


def main() -> None:
    ts.register_game("compiled_connect_four", connect_four)
    game = ts.load_game("compiled_connect_four")  # compiles (cached on disk) and checks the rules
    state = game.new_initial_state()
    for col in (3, 3, 4):
        state.apply_action(col)
    result = mcts.search(state, iterations=20_000, seed=0)
    print(state)
    print(f"best column {result.best_action}, {result.iterations / result.elapsed:,.0f} simulations/s")
    native = ts.load_game("connect_four").new_initial_state()
    for col in (3, 3, 4):
        native.apply_action(col)
    same = mcts.search(native, iterations=20_000, seed=0).stats == result.stats
    print("the native C++ game's search with the same seed:", "identical" if same else "different")


if __name__ == "__main__":
    main()
