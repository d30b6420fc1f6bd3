"""Tic-tac-toe and connect four follow OpenSpiel's rules and action numbering."""

import numpy as np
import pytest

import tablesearch as ts


def play(game_name, actions):
    state = ts.load_game(game_name).new_initial_state()
    for a in actions:
        state.apply_action(a)
    return state


def test_tic_tac_toe_numbering_and_win():
    state = play("tic_tac_toe", [0, 3, 1, 4])
    assert str(state) == "xx.\noo.\n..."
    assert state.action_to_string(2) == "x(0,2)"
    assert state.legal_actions() == [2, 5, 6, 7, 8]
    state.apply_action(2)
    assert state.is_terminal() and state.returns() == [1.0, -1.0]


def test_tic_tac_toe_draw():
    state = play("tic_tac_toe", [0, 1, 2, 4, 3, 5, 7, 6, 8])
    assert state.is_terminal() and state.returns() == [0.0, 0.0]


def test_tic_tac_toe_observation_planes():
    # OpenSpiel's planes: empty, o (player 1), x (player 0).
    obs = play("tic_tac_toe", [4, 0]).observation_tensor(0)
    assert obs.shape == (3, 3, 3)
    assert obs[2, 1, 1] == 1 and obs[1, 0, 0] == 1 and obs[0].sum() == 7
    assert obs[1].sum() == 1 and obs[2].sum() == 1


def test_connect_four_columns_and_rendering():
    state = play("connect_four", [3, 3, 4])
    assert state.legal_actions() == list(range(7))
    assert state.action_to_string(0) == "o0"
    rows = str(state).splitlines()
    assert rows[-1] == "...xx.." and rows[-2] == "...o..."


@pytest.mark.parametrize(
    "actions, winner",
    [
        ([0, 1, 0, 1, 0, 1, 0], 0),  # vertical
        ([0, 0, 1, 1, 2, 2, 3], 0),  # horizontal
        ([0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3], 0),  # diagonal /
        ([6, 5, 5, 4, 4, 3, 4, 3, 3, 0, 3], 0),  # diagonal \ (the mirror image)
    ],
)
def test_connect_four_wins(actions, winner):
    state = play("connect_four", actions)
    assert state.is_terminal()
    assert state.returns()[winner] == 1.0


def test_connect_four_full_column_is_illegal():
    state = play("connect_four", [0, 0, 0, 0, 0, 0])
    assert 0 not in state.legal_actions()
    with pytest.raises(ValueError, match="legal actions: 1, 2, 3, 4, 5, 6"):
        state.apply_action(0)


def four_in_a_row(board_rows, mark):
    """Brute force over a rendered board (an independent check of the bitboard test)."""
    rows = board_rows[::-1]  # bottom row first
    for r in range(6):
        for c in range(7):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + k * dr, c + k * dc) for k in range(4)]
                if all(0 <= y < 6 and 0 <= x < 7 and rows[y][x] == mark for y, x in cells):
                    return True
    return False


DRAW = [
    3,
    3,
    1,
    6,
    5,
    0,
    1,
    1,
    4,
    2,
    6,
    6,
    1,
    4,
    1,
    2,
    3,
    1,
    4,
    3,
    4,
    4,
    5,
    2,
    3,
    6,
    3,
    0,
    6,
    4,
    2,
    6,
    0,
    5,
    5,
    5,
    5,
    2,
    0,
    2,
    0,
    0,
]


def test_connect_four_draw_on_full_board():
    state = play("connect_four", DRAW)
    rows = str(state).splitlines()
    assert not four_in_a_row(rows, "x") and not four_in_a_row(rows, "o")
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert np.count_nonzero(state.observation_tensor(0)[2]) == 0  # OpenSpiel's planes: p0, p1, empty


def test_connect_four_observation_planes():
    obs = play("connect_four", [3, 3, 4]).observation_tensor(1)  # the same for both observers
    assert obs.shape == (3, 6, 7)
    assert obs[0, 0, 3] == 1 and obs[0, 0, 4] == 1 and obs[0].sum() == 2  # x, bottom row first
    assert obs[1, 1, 3] == 1 and obs[1].sum() == 1
    assert obs[2].sum() == 42 - 3 and obs[2, 1, 3] == 0


def test_connect_four_end_matches_brute_force():
    import random

    rng = random.Random(0)
    game = ts.load_game("connect_four")
    for _ in range(200):
        state = game.new_initial_state()
        while not state.is_terminal():
            mover = "xo"[state.current_player()]
            state.apply_action(rng.choice(state.legal_actions()))
            won = four_in_a_row(str(state).splitlines(), mover)
            assert won == (state.is_terminal() and state.returns() != [0.0, 0.0])
