"""Wetland as docs/rules/wetland.md specifies it: the tile table, the boards, every **Reading**,
and one hand-built position per rule.

Positions are built from chosen fields, validated by the game (helpers.positions; see wetland.h). Squares are
(row, col) on the board's square grid, index 6 * row + col; tile cells (row, col) are action
3 * row + col when rotated; moves are 9 + 4 * token (A 0, B 1) + direction (N 0, E 1, S 2, W 3).
Colours: 0 R, 1 B, 2 G, 3 Y (player i plays colour i), 4 colourless, 5 reminder.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

import tablesearch as ts
from helpers import positions
from tablesearch import mcts

# The rules page's tile table, [TL, TR, BR, BL] and arrow (+1 clockwise), tiles 1..8 = ids 0..7.
PAGE_TILES = [
    ([0, 1, 2, 3], +1),
    ([0, 1, 3, 2], -1),
    ([0, 2, 1, 3], +1),
    ([0, 2, 3, 1], -1),
    ([0, 3, 1, 2], +1),
    ([0, 3, 2, 1], -1),
    ([0, 1, 2, 3], -1),
    ([0, 3, 2, 1], +1),
]
SPECIAL = 8
POSITIONS = [(0, 0), (0, 1), (1, 1), (1, 0)]  # TL, TR, BR, BL within a tile
N, E, S, W = range(4)


def rotate(cell):
    return 3 * cell[0] + cell[1]


def move(token, direction):
    return 9 + 4 * "AB".index(token) + direction


def sq(row, col):
    return 6 * row + col


def cell_of(square):
    return (square // 6 // 2, square % 6 // 2)


def position(players=2, max_rounds=100, **changes):
    """A state of a fresh game with its fields replaced by `changes` (validated by the game)."""
    return positions.position(ts.load_game("wetland", players=players, max_rounds=max_rounds), **changes)


def colours(state):
    """Square colour per (row, col), read from the observation's planes 0-5."""
    obs = state.observation_tensor(0)
    out = {}
    for plane in range(6):
        for row, col in zip(*np.nonzero(obs[plane])):
            out[(int(row), int(col))] = plane
    return out


def joined(state, player):
    a, b = state.fields()["tokens"][2 * player : 2 * player + 2]
    return abs(a // 6 - b // 6) + abs(a % 6 - b % 6) == 1


# The 2-player test board: tiles 1-4 (ids 0-3) in orientation 0 on cells (0,0), (0,1), (1,0), (1,1):
#   (0,0) t1 cw : R B / Y G      (0,1) t2 ccw: R B / G Y
#   (1,0) t3 cw : R G / Y B      (1,1) t4 ccw: R G / B Y
TILES_2P = [0, 1, -1, 2, 3, -1, -1, -1, -1]


# ---- components and setup ------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tiles_are_the_page_table_in_the_drawn_orientation(players):
    game = ts.load_game("wetland", players=players)
    seen_tiles, seen_orients = set(), set()
    for seed in range(12):
        state = game.new_initial_state(seed)
        f, colour = state.fields(), colours(state)
        obs = state.observation_tensor(0)
        for cell, (tile, orient) in enumerate(zip(f["tiles"], f["orientations"])):
            if tile < 0:
                continue
            r, c = divmod(cell, 3)
            squares = [(2 * r + dr, 2 * c + dc) for dr, dc in POSITIONS]
            if tile == SPECIAL:  # colourless TL and BR, reminder TR and BL, no arrow
                assert [colour[s] for s in squares] == [4, 5, 4, 5] and orient == 0
                assert not any(obs[6 + k][s] for k in (0, 1) for s in squares)
                continue
            base, arrow = PAGE_TILES[tile]
            # Orientation o is o quarter turns clockwise: position p shows base square p - o.
            assert [colour[s] for s in squares] == [base[(p - orient) % 4] for p in range(4)]
            assert all(obs[6 if arrow > 0 else 7][s] == 1 for s in squares)
            seen_tiles.add(tile)
            seen_orients.add(orient)
    assert seen_orients == {0, 1, 2, 3}
    assert seen_tiles == set(range(8))


def test_setup_depends_on_the_seed_only():
    game = ts.load_game("wetland")
    assert not game.has_chance() and not game.has_hidden_information()
    assert game.new_initial_state(5).fields() == game.new_initial_state(5).fields()
    assert len({json.dumps(game.new_initial_state(s).fields()) for s in range(10)}) > 1


@pytest.mark.parametrize(
    "players, a_cells, b_cells",
    [
        (2, [(0, 0), (1, 1)], [(1, 1), (0, 0)]),  # B on the opponent's A tile
        (3, [(0, 0), (2, 0), (2, 2)], [(2, 1), (1, 1), (1, 0)]),  # Reading: the staircase
        (4, [(0, 0), (0, 2), (2, 2), (2, 0)], [(2, 2), (2, 0), (0, 0), (0, 2)]),  # B diagonally opposite
    ],
)
def test_boards_and_token_placement(players, a_cells, b_cells):
    board_cells = {
        2: [(0, 0), (0, 1), (1, 0), (1, 1)],
        3: [(0, 0), (1, 0), (1, 1), (2, 0), (2, 1), (2, 2)],
        4: [(r, c) for r in range(3) for c in range(3)],
    }[players]
    game = ts.load_game("wetland", players=players)
    assert game.observation_shape() == (11 + 3 * players,) + (4 if players == 2 else 6,) * 2
    for seed in range(10):
        state = game.new_initial_state(seed)
        f, colour = state.fields(), colours(state)
        laid = [(cell // 3, cell % 3) for cell, tile in enumerate(f["tiles"]) if tile >= 0]
        assert laid == board_cells
        tiles = [t for t in f["tiles"] if 0 <= t < 8]
        assert len(set(tiles)) == len(tiles) == {2: 4, 3: 6, 4: 8}[players]
        assert (f["tiles"][4] == SPECIAL) == (players == 4)
        tokens = f["tokens"]
        assert [cell_of(tokens[2 * p]) for p in range(players)] == a_cells
        assert [cell_of(tokens[2 * p + 1]) for p in range(players)] == b_cells
        for i, square in enumerate(tokens):  # every token on its owner's colour square
            assert colour[divmod(square, 6)] == i // 2
        assert not any(joined(state, p) for p in range(players))
        assert state.current_player() == 0


def test_parameters_and_their_defaults():
    assert ts.load_game("wetland").parameters() == {"players": 2, "max_rounds": 100}
    for bad in ({"players": 1}, {"players": 5}, {"max_rounds": 0}, {"colours": 4}):
        with pytest.raises(ValueError):
            ts.load_game("wetland", **bad)


# ---- rotation -----------------------------------------------------------------------------


def test_rotation_turns_in_the_arrow_direction_carrying_tokens():
    # Tile (0,0) t1 turns clockwise carrying 0A (TL) and 1B (TR); tile (0,1) t2 counter-clockwise.
    state = position(tiles=TILES_2P, orientations=[0] * 9, tokens=[sq(0, 0), sq(2, 2), sq(3, 1), sq(0, 1)])
    assert state.action_to_string(rotate((0, 0))) == "rotate tile (0,0) clockwise"
    assert state.action_to_string(rotate((0, 1))) == "rotate tile (0,1) counter-clockwise"
    state.apply_action(rotate((0, 0)))
    f = state.fields()
    assert f["orientations"][0] == 1
    assert f["tokens"] == [sq(0, 1), sq(2, 2), sq(3, 1), sq(1, 1)]  # TL -> TR, TR -> BR
    colour = colours(state)
    assert colour[(0, 1)] == 0 and colour[(1, 1)] == 1  # tokens keep their squares' colours
    assert [colour[(0, 0)], colour[(1, 0)]] == [3, 2]
    state.apply_action(rotate((0, 1)))  # counter-clockwise, no tokens on it
    assert state.fields()["orientations"][1] == 3
    assert [colours(state)[s] for s in [(0, 2), (0, 3), (1, 3), (1, 2)]] == [1, 3, 2, 0]


def test_four_rotations_restore_the_tile():
    state = ts.load_game("wetland").new_initial_state(3)
    before = state.fields()
    for _ in range(4):
        state.apply_action(rotate((0, 0)))
    after = state.fields()
    assert after["tiles"] == before["tiles"] and after["orientations"] == before["orientations"]
    assert after["tokens"] == before["tokens"]


def test_the_special_tile_never_rotates():
    for seed in range(5):
        state = ts.load_game("wetland", players=4).new_initial_state(seed)
        assert rotate((1, 1)) not in state.legal_actions()
        assert set(range(9)) - {4} <= set(state.legal_actions())  # every other tile can turn
        with pytest.raises(ValueError):
            state.apply_action(rotate((1, 1)))


def test_rotations_are_always_legal_so_there_is_no_pass():
    game = ts.load_game("wetland", players=3)
    state = game.new_initial_state(0)
    assert [a for a in state.legal_actions() if a < 9] == [0, 3, 4, 6, 7, 8]
    assert game.num_distinct_actions() == 17


# ---- moves --------------------------------------------------------------------------------


def test_move_across_a_tile_border_onto_own_colour():
    # 0A on (0,1) (red TR of tile (0,0), orientation 1) steps east onto red TL of tile (0,1).
    state = position(tiles=TILES_2P, orientations=[1] + [0] * 8, tokens=[sq(0, 1), sq(2, 2), sq(3, 1), sq(0, 3)])
    assert state.action_to_string(move("A", E)) == "move A east"
    assert [a for a in state.legal_actions() if a >= 9] == [move("A", E)]
    state.apply_action(move("A", E))
    assert state.fields()["tokens"][0] == sq(0, 2)


def test_blocked_moves_wrong_colour_and_off_the_board():
    # 2 players, 0A on the board's top-right square (0,3), 0B on its bottom-left (3,0), both red.
    state = position(
        tiles=TILES_2P, orientations=[0, 1, 0, 3] + [0] * 5, tokens=[sq(0, 3), sq(3, 0), sq(0, 1), sq(1, 3)]
    )
    colour = colours(state)
    assert colour[(0, 3)] == 0 and colour[(3, 0)] == 0
    assert colour[(0, 2)] != 0 and colour[(1, 3)] != 0  # west and south: not red
    assert colour[(2, 0)] != 0 and colour[(3, 1)] != 0
    # North and east of (0,3), south and west of (3,0) are outside the board.
    assert [a for a in state.legal_actions() if a >= 9] == []
    for a in (move("A", N), move("A", E), move("A", S), move("A", W), move("B", S), move("B", W)):
        with pytest.raises(ValueError):
            state.apply_action(a)


def test_staircase_cells_outside_the_board_cannot_be_entered():
    # 3 players: 0A on (0,1), the TR square of tile (0,0); east of it is cell (0,1), not on the board.
    state = position(
        players=3,
        tiles=[0, -1, -1, 1, 2, -1, 3, 4, 5],
        orientations=[1] + [0] * 8,
        tokens=[sq(0, 1), sq(4, 2), sq(1, 1), sq(5, 0), sq(1, 0), sq(5, 5)],
    )
    assert colours(state)[(0, 1)] == 0 and (0, 2) not in colours(state)
    assert move("A", E) not in state.legal_actions()
    assert [a for a in state.legal_actions() if a >= 9] == []


# The 4-player test board: tile ids 0-7 in orientation 0 around the special tile, except tile (0,1)
# in orientation 3 (red at its BL square (1,2)). Special: colourless (2,2), (3,3); reminder (2,3), (3,2).
TILES_4P = [0, 1, 2, 3, SPECIAL, 4, 5, 6, 7]
ORIENTS_4P = [0, 3, 0, 0, 0, 0, 0, 0, 0]


def test_blocked_moves_occupied_square_and_reminder_squares():
    # 0A on (1,2) above the colourless (2,2), where 2A stands; 0B on (2,4) east of the reminder (2,3).
    tokens = [sq(1, 2), sq(2, 4), sq(4, 3), sq(0, 1), sq(2, 2), sq(5, 5), sq(1, 0), sq(5, 2)]
    state = position(players=4, tiles=TILES_4P, orientations=ORIENTS_4P, tokens=tokens)
    colour = colours(state)
    assert colour[(2, 2)] == 4 and colour[(2, 3)] == 5 and colour[(1, 2)] == 0
    assert move("A", S) not in state.legal_actions()  # occupied by 2A
    assert move("B", W) not in state.legal_actions()  # reminder square
    assert [a for a in state.legal_actions() if a >= 9] == []
    # The same square empty: any player's token may step onto a colourless square.
    tokens[4] = sq(1, 1)
    state = position(players=4, tiles=TILES_4P, orientations=ORIENTS_4P, tokens=tokens)
    assert [a for a in state.legal_actions() if a >= 9] == [move("A", S)]
    state.apply_action(move("A", S))
    assert state.fields()["tokens"][0] == sq(2, 2)


def test_other_players_may_use_the_colourless_squares():
    # Player 1 (blue) to move: 1A on (4,3) steps north onto the colourless (3,3).
    tokens = [sq(1, 2), sq(2, 4), sq(4, 3), sq(0, 1), sq(1, 1), sq(5, 5), sq(1, 0), sq(5, 2)]
    state = position(players=4, tiles=TILES_4P, orientations=ORIENTS_4P, tokens=tokens, player=1, turns=1)
    assert move("A", N) in state.legal_actions()
    state.apply_action(move("A", N))
    assert state.fields()["tokens"][2] == sq(3, 3)


# ---- turns and extra actions ----------------------------------------------------------------


def test_two_actions_then_the_next_player_without_extras():
    # Nobody shares a tile with another player's token: no extras.
    state = position(tiles=TILES_2P, orientations=[0] * 9, tokens=[sq(0, 0), sq(2, 2), sq(3, 1), sq(0, 3)])
    state.apply_action(rotate((0, 0)))
    assert state.current_player() == 0 and "1 action left" in str(state)
    state.apply_action(rotate((0, 0)))
    assert state.current_player() == 1 and "player 1 to move, 2 actions left" in str(state)


def test_extras_are_counted_once_and_taken_at_once():
    """Reading: after the 2 base actions, CROACK and PZZZ give 2 extras, not re-counted after use."""
    state = ts.load_game("wetland").new_initial_state(0)
    # At the start each A shares its tile with the opponent's B, and each B with the opponent's A.
    empty = [c for c in [(0, 1), (1, 0)]]  # the 2-player setup leaves these tiles without tokens
    for turn in range(4):
        player = turn % 2
        for k in range(4):  # 2 base + 2 extra rotations of token-free tiles
            assert state.current_player() == player
            state.apply_action(rotate(empty[k % 2]))
            if k == 1:
                assert "2 extra actions left" in str(state)
        assert state.current_player() == 1 - player, "extras must not be counted again"
        assert state.fields()["turns"] == [turn + 1]


def test_an_extra_action_earned_and_used_in_the_same_turn_wins():
    # 0A steps onto tile (0,1), where 1B stands (CROACK!); after a neutral second action the extra
    # action turns tile (0,1) counter-clockwise, carrying 0A from (0,2) to (1,2), next to 0B (2,2).
    state = position(tiles=TILES_2P, orientations=[1] + [0] * 8, tokens=[sq(0, 1), sq(2, 2), sq(3, 1), sq(0, 3)])
    state.apply_action(move("A", E))
    state.apply_action(rotate((1, 0)))  # carries 1A; joins nobody
    assert state.current_player() == 0 and "1 extra action left" in str(state)
    f = state.fields()
    assert f["extras_counted"] == [1] and f["actions_left"] == [1]
    state.apply_action(rotate((0, 1)))
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert "player 0 wins" in str(state)


def test_one_extra_action_then_the_turn_passes():
    state = position(tiles=TILES_2P, orientations=[1] + [0] * 8, tokens=[sq(0, 1), sq(2, 2), sq(3, 1), sq(0, 3)])
    for a in (move("A", E), rotate((1, 0)), rotate((1, 0))):
        assert state.current_player() == 0
        state.apply_action(a)
    assert state.current_player() == 1 and state.fields()["actions_left"] == [2]


# ---- winning ------------------------------------------------------------------------------


def test_a_rotation_that_joins_an_opponent_makes_the_opponent_win():
    # Player 0 turns tile (0,1) counter-clockwise: 1B goes from (0,3) to (0,2), next to 1A on (0,1).
    state = position(tiles=TILES_2P, orientations=[0] * 9, tokens=[sq(2, 0), sq(2, 2), sq(0, 1), sq(0, 3)])
    assert state.current_player() == 0
    state.apply_action(rotate((0, 1)))
    assert state.is_terminal() and state.current_player() == ts.TERMINAL
    assert state.returns() == [-1.0, 1.0]
    assert "player 1 wins" in str(state) and state.legal_actions() == []


# Found by a search over random 4-player positions; the comments say why the rule decides them.
TIE_OTHERS = dict(  # player 1 turns tile (2,2): 0B to (4,4) under 0A (3,4), 2B to (5,4) by 2A (5,3)
    tiles=[7, 2, 0, 4, 8, 6, 3, 5, 1],
    orientations=[2, 0, 0, 2, 0, 3, 1, 0, 1],
    tokens=[22, 29, 21, 1, 33, 28, 27, 10],
    player=1,
    turns=1,
)
TIE_ACTIVE = dict(  # player 3 turns tile (1,2): 0B to (2,4) under 0A (1,4), 3A to (3,5) above 3B (4,5)
    tiles=[4, 7, 5, 0, 8, 1, 2, 6, 3],
    orientations=[0, 3, 3, 0, 0, 1, 3, 3, 3],
    tokens=[10, 17, 14, 21, 24, 16, 22, 29],
    player=3,
    turns=3,
)


@pytest.mark.parametrize(
    "setup, action, joined_players, winner",
    [
        (TIE_OTHERS, rotate((2, 2)), [0, 2], 2),  # active not joined: the first joined after player 1
        (TIE_ACTIVE, rotate((1, 2)), [0, 3], 3),  # the active player is joined: it wins
    ],
)
def test_one_action_joining_several_players(setup, action, joined_players, winner):
    """Reading: the active player wins if joined, else the first joined player after it in turn order."""
    state = position(players=4, **setup)
    assert not any(joined(state, p) for p in range(4))
    state.apply_action(action)
    assert [p for p in range(4) if joined(state, p)] == joined_players
    assert state.returns() == [1.0 if p == winner else -1 / 3 for p in range(4)]


def test_the_round_cap_ends_in_a_draw():
    """Reading: max_rounds rounds (default 100) end the game as a draw, all returns 0."""
    for max_rounds in (1, 3):
        state = ts.load_game("wetland", max_rounds=max_rounds).new_initial_state(0)
        plies = 0
        while not state.is_terminal():  # only token-free tiles turn, so nobody is ever joined
            state.apply_action(rotate((0, 1)))
            plies += 1
        assert plies == max_rounds * 2 * 4  # 2 players, 2 + 2 extra actions each turn
        assert state.returns() == [0.0, 0.0]
        assert f"round {max_rounds} of {max_rounds}: draw" in str(state)


# ---- rendering, information and observation ---------------------------------------------------


def test_rendering_shows_squares_tokens_tiles_and_turn():
    state = position(tiles=TILES_2P, orientations=[0] * 9, tokens=[sq(0, 0), sq(2, 2), sq(3, 1), sq(0, 3)])
    assert str(state) == (
        "+------------+------------+\n"
        "| R0A    B   | R      B1B |\n"
        "|(0,0) t1 cw |(0,1) t2 ccw|\n"
        "| Y      G   | G      Y   |\n"
        "+------------+------------+\n"
        "| R      G   | R0B    G   |\n"
        "|(1,0) t3 cw |(1,1) t4 ccw|\n"
        "| Y      B1A | B      Y   |\n"
        "+------------+------------+\n"
        "colours R B G Y = players 0 1 2 3; * colourless; # reminder (no entry); 0A = player 0's A\n"
        "round 1 of 100: player 0 to move, 2 actions left\n"
    )
    text = str(ts.load_game("wetland", players=4).new_initial_state(0))
    assert "(1,1) X" in text and "| *" in text and "#" in text


def test_information_state_is_the_whole_state_for_everyone():
    state = ts.load_game("wetland", players=3).new_initial_state(2)
    state.apply_action(state.legal_actions()[0])
    assert {state.information_state_string(p) for p in range(3)} == {str(state)}


def test_action_names():
    state = position(tiles=TILES_2P, orientations=[1] + [0] * 8, tokens=[sq(0, 1), sq(2, 2), sq(3, 1), sq(0, 3)])
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        "rotate tile (0,0) clockwise",
        "rotate tile (0,1) counter-clockwise",
        "rotate tile (1,0) clockwise",
        "rotate tile (1,1) counter-clockwise",
        "move A east",
    ]


def test_observation_planes():
    # Player 0 to move with 1 extra action left, after 1 round of 3.
    state = position(
        max_rounds=3,
        tiles=TILES_2P,
        orientations=[1] + [0] * 8,
        tokens=[sq(0, 2), sq(2, 2), sq(3, 1), sq(0, 3)],
        actions_left=1,
        extras_counted=1,
        turns=2,
    )
    obs = state.observation_tensor(1)
    assert obs.shape == (17, 4, 4)
    assert np.array_equal(obs, state.observation_tensor(0))  # perfect information
    assert obs[0:6].sum(axis=0).tolist() == [[1] * 4] * 4  # one colour per square
    assert obs[0, 0, 1] == 1 and obs[1, 1, 1] == 1  # tile (0,0) turned once: R at TR, B at BR
    assert obs[6, :, :2].sum() == 8 and obs[7, :, 2:4].sum() == 8  # t1, t3 cw; t2, t4 ccw
    for plane, square in zip(range(8, 12), [(0, 2), (2, 2), (3, 1), (0, 3)]):
        assert obs[plane][square] == 1 and obs[plane].sum() == 1
    assert np.all(obs[12] == 1) and np.all(obs[13] == 0)  # player 0 to move
    assert np.all(obs[14] == 1) and np.all(obs[15] == 1)  # 1 action left, in the extras
    assert np.allclose(obs[16], 1 / 3)  # 1 of 3 rounds done


# ---- fields -------------------------------------------------------------------------------

BASE = dict(tiles=TILES_2P, orientations=[0] * 9, tokens=[sq(0, 0), sq(2, 2), sq(3, 1), sq(0, 3)])


@pytest.mark.parametrize(
    "change, message",
    [
        (dict(tiles=[0, 0, -1, 2, 3, -1, -1, -1, -1]), "laid twice"),
        (dict(tiles=[0, 1, 5, 2, 3, -1, -1, -1, -1]), "outside the 2-player board"),
        (dict(tiles=[0, 1, -1, 2, 8, -1, -1, -1, -1]), "one of the tiles 0-7"),
        (dict(orientations=[4] + [0] * 8), "outside"),
        (dict(tokens=[sq(0, 1), sq(2, 2), sq(3, 1), sq(0, 3)]), "not of its colour"),
        (dict(tokens=[sq(0, 0), sq(2, 2), sq(3, 1), sq(0, 4)]), "not of its colour"),  # off the board
        (dict(orientations=[1] + [0] * 8, tokens=[sq(0, 1), sq(0, 2), sq(3, 1), sq(0, 3)]), "winner must be 0"),
        (dict(winner=1), "disagrees"),
        (dict(player=1), "player 0 is to move"),
        (dict(extras_counted=1, actions_left=2), "2 extra actions"),
        (dict(actions_left=0), "outside"),
        (dict(turns=201), "outside"),
    ],
)
def test_fields_are_validated(change, message):
    position(**BASE)  # valid as it stands
    with pytest.raises(ValueError, match=message):
        position(**{**BASE, **change})


def test_fields_on_the_4_player_board_keep_the_special_tile():
    with pytest.raises(ValueError, match="special tile"):
        position(players=4, tiles=[0, 1, 2, 3, 4, 5, 6, 7, 8], orientations=[0] * 9)
    with pytest.raises(ValueError, match="two tokens"):
        position(
            players=4,
            tiles=TILES_4P,
            orientations=ORIENTS_4P,  # 1A and 2A on colourless (2,2)
            tokens=[sq(1, 2), sq(2, 4), sq(2, 2), sq(0, 1), sq(2, 2), sq(5, 5), sq(1, 0), sq(5, 2)],
        )


# ---- play strength ------------------------------------------------------------------------


def test_mcts_beats_random_play():
    """MCTS at 1,500 iterations per move wins at least 11 of 12 seeded 2-player games against
    uniform random play, seats alternating (game s: MCTS in seat s % 2)."""
    game = ts.load_game("wetland")
    wins = 0
    for seed in range(12):
        seat = seed % 2
        agents = [ts.agents.RandomAgent(seed=100 + seed)] * 2
        agents[seat] = mcts.Agent(iterations=1500, seed=seed)
        record = ts.play_game(game, agents, seed=seed)
        wins += record.returns[seat] > 0
    assert wins >= 11
