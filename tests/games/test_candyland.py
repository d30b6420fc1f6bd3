"""Candy Land: every worked move and every **Reading** of docs/rules/candyland.md.

Positions are set up by playing chosen card kinds (the chance outcomes), so every test goes
through the same rules as a real game."""

from __future__ import annotations

import functools

import numpy as np
import pytest

import tablesearch as ts

DRAW = 0
CASTLE = 134
CELLS = 135
KIND = {
    name: i
    for i, name in enumerate(
        [
            "R",
            "P",
            "Y",
            "B",
            "O",
            "G",
            "RR",
            "PP",
            "YY",
            "BB",
            "OO",
            "GG",
            "Plumpy",
            "Mr. Mint",
            "Jolly",
            "Gramma Nutt",
            "Princess Lolly",
            "Queen Frostine",
        ]
    )
}
NAMES = list(KIND)
DECKS = {
    "64": [8, 8, 8, 8, 7, 7] + [2] * 6 + [1] * 6,
    "66": [8] * 6 + [2] * 6 + [1] * 6,
    "64-later": [6] * 6 + [4, 4, 4, 4, 3, 3] + [1] * 6,
}


def game(**params):
    return ts.load_game("candyland", **params)


def play(cards, state=None, **params):
    """Each card is one turn: the player to move draws (action 0), then the card kind is dealt."""
    if state is None:
        state = game(**{"players": 1, "draw": "replacement", **params}).new_initial_state(0)
    for card in cards:
        assert not state.is_chance_node() and state.legal_actions() == [DRAW]
        state.apply_action(DRAW)
        assert state.is_chance_node()
        state.apply_action(KIND[card] if isinstance(card, str) else card)
    return state


def cell(state, seat=0):
    """The seat's cell, from the observation tensor's one-hot block of that seat."""
    block = state.observation_tensor(0)[seat * CELLS : (seat + 1) * CELLS]
    assert block.sum() == 1
    return int(np.argmax(block))


@functools.cache
def path_to(target):
    """A shortest sequence of cards taking one piece from START to `target` (breadth first)."""
    seen = {0: ()}
    frontier = [0]
    while frontier:
        following = []
        for c in frontier:
            for kind in range(18):
                s = play(list(seen[c]) + [kind])
                if s.is_terminal():
                    continue
                d = cell(s)
                if d not in seen:
                    seen[d] = seen[c] + (kind,)
                    following.append(d)
        if target in seen:
            return seen[target]
        frontier = following
    raise AssertionError(f"cell {target} is unreachable")


def from_cell(start, card, **params):
    state = play(path_to(start), **params)
    assert cell(state) == start
    return play([card], state)


# Worked moves from START.
@pytest.mark.parametrize(
    "card, target",
    [
        ("R", 1),
        ("P", 2),
        ("Y", 3),
        ("B", 4),
        ("O", 59),
        ("G", 6),
        ("RR", 7),
        ("PP", 8),
        ("YY", 10),
        ("BB", 11),
        ("OO", 12),
        ("GG", 13),
        ("Plumpy", 9),
        ("Mr. Mint", 18),
        ("Jolly", 43),
        ("Gramma Nutt", 75),
        ("Princess Lolly", 96),
        ("Queen Frostine", 104),
    ],
)
def test_moves_from_start(card, target):
    assert cell(play([card])) == target


@pytest.mark.parametrize(
    "start, card, target",
    [
        (28, "P", 47),  # ends on 34: the Gumdrop Pass
        (28, "RR", 39),  # passes over 34: no shortcut
        (28, "YY", 35),  # passes over 34: no shortcut
        (45, "Y", 48),  # onto Gooey Gumdrops
        (48, "Y", 54),
        (48, "YY", 60),
        (86, "B", 92),
        (86, "BB", 99),
        (121, "R", 127),
        (121, "RR", 133),
        (130, "O", 131),
        (130, "G", 132),
        (130, "R", 133),
        (59, "Plumpy", 9),  # picture cards move backward too
    ],
)
def test_worked_moves(start, card, target):
    state = from_cell(start, card)
    assert not state.is_terminal() and cell(state) == target


@pytest.mark.parametrize(
    "start, card",
    [
        (126, "PP"),
        (126, "YY"),
        (126, "BB"),
        (126, "OO"),
        (126, "GG"),
        (130, "P"),
        (130, "RR"),
    ],
)
def test_worked_moves_that_win(start, card):
    state = from_cell(start, card)
    assert state.is_terminal() and cell(state) == CASTLE
    assert "reached the Candy Castle and wins" in str(state)


def test_from_126_a_double_red_does_not_win():
    assert cell(from_cell(126, "RR")) == 133


def test_shortest_game_four_turns():
    state = play(["Queen Frostine", "PP", "PP"])
    assert [cell(state), state.is_terminal()] == [128, False]
    state = play(["P"], state)
    assert state.is_terminal() and len(state.history()) == 8


def test_shortest_game_from_a_real_deck_for_the_second_seat():
    state = play(["R", "Queen Frostine", "R", "PP", "R", "PP", "R", "P"], state=game(players=2).new_initial_state(0))
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]


# Reading: a shortcut only when a move ends on its entry cell.
@pytest.mark.parametrize("card, target", [("G", 6), ("OO", 12), ("B", 4)])
def test_passing_or_stopping_short_of_the_rainbow_trail_does_nothing(card, target):
    assert cell(play([card])) == target


# Reading: a piece on a penalty cell ignores every card lacking the cell's colour.
@pytest.mark.parametrize("penalty, colour", [(48, "Y"), (86, "B"), (121, "R")])
def test_penalty_cells_ignore_other_cards_including_pictures(penalty, colour):
    for card in NAMES:
        if card in (colour, colour * 2):
            assert cell(from_cell(penalty, card)) > penalty
        else:
            assert cell(from_cell(penalty, card)) == penalty, card


def test_ignored_card_is_still_discarded():
    state = play(["Jolly", "Y"], state=game(players=1).new_initial_state(0))
    assert cell(state) == 48
    play(["Plumpy"], state)
    assert cell(state) == 48
    state.apply_action(DRAW)
    outcomes = dict(state.chance_outcomes())
    assert KIND["Plumpy"] not in outcomes and KIND["Jolly"] not in outcomes
    assert outcomes[KIND["Y"]] == pytest.approx(7 / 61)
    assert "draw pile: 61 cards" in str(state)


# Reading: overshooting the last purple space reaches the Castle.
def test_overshoot_wins():
    state = from_cell(126, "YY")  # 129 is the last yellow space
    assert state.is_terminal() and state.returns() == [0.0]


# Reading: when the draw pile is empty the discard pile (the whole deck) is reshuffled.
def test_reshuffle_when_the_pile_is_empty():
    deck = DECKS["64"]
    rest = [n for n in NAMES if n not in ("Y", "YY") for _ in range(deck[KIND[n]])]
    rest.remove("Jolly")
    cards = ["Jolly", "Y"] + rest + ["Y"] * 7 + ["YY"] * 2  # Jolly, Y: stuck at 48 until the yellows
    assert len(cards) == 64
    state = play(cards[:-1], state=game(players=1).new_initial_state(0))
    state.apply_action(DRAW)
    assert state.chance_outcomes() == [(KIND["YY"], 1.0)]
    state.apply_action(KIND["YY"])
    assert not state.is_terminal() and cell(state) < CASTLE
    assert "draw pile: 64 cards" in str(state)
    state.apply_action(DRAW)
    assert state.chance_outcomes() == [(k, n / 64) for k, n in enumerate(deck)]


def test_draws_follow_the_remaining_deck():
    state = play(["R", "Queen Frostine", "RR"], state=game(players=3).new_initial_state(0))
    state.apply_action(DRAW)
    left = list(DECKS["64"])
    left[KIND["R"]] -= 1
    left[KIND["Queen Frostine"]] -= 1
    left[KIND["RR"]] -= 1
    assert state.chance_outcomes() == [(k, n / 61) for k, n in enumerate(left) if n > 0]
    assert state.legal_actions() == [k for k in range(18) if k != KIND["Queen Frostine"]]


def test_replacement_draws_always_come_from_the_full_deck():
    state = play(["R", "Queen Frostine", "RR", "R"], state=game(draw="replacement").new_initial_state(0))
    state.apply_action(DRAW)
    assert state.chance_outcomes() == [(k, n / 64) for k, n in enumerate(DECKS["64"])]


@pytest.mark.parametrize("deck, total", [("64", 64), ("66", 66), ("64-later", 64)])
def test_deck_profiles(deck, total):
    state = play([], state=game(deck=deck).new_initial_state(0))
    state.apply_action(DRAW)
    outcomes = state.chance_outcomes()
    assert [k for k, _ in outcomes] == list(range(18))
    assert [round(p * total) for _, p in outcomes] == DECKS[deck]
    assert sum(DECKS[deck]) == total and f"draw pile: {total} cards" in str(state)
    assert all(p == pytest.approx(n / total) for (_, p), n in zip(outcomes, DECKS[deck]))


# Reading: the ply cap ends the game as a draw; a win on the capping ply still counts.
def test_ply_cap_is_a_draw():
    g = game(players=2, max_plies=3)
    state = play(["R"], state=g.new_initial_state(0))
    state.apply_action(DRAW)
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert state.legal_actions() == [] and "ply cap (3)" in str(state)
    assert g.parameters()["max_plies"] == 3 and game().parameters()["max_plies"] == 10000


def test_win_on_the_capping_ply_counts():
    g = game(players=1, max_plies=8)
    state = play(["Queen Frostine", "PP", "PP", "P"], state=g.new_initial_state(0))
    assert state.is_terminal() and "wins" in str(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_returns_winner_plus_one_losers_share_minus_one(players):
    for winner in range(players):
        state = game(players=players).new_initial_state(0)
        route = iter(["Queen Frostine", "PP", "PP", "P"])
        slow = iter(["R", "B", "G"] * 4)  # single colours for the others: 4 turns never win
        while not state.is_terminal():
            seat = state.current_player()
            play([next(route) if seat == winner else next(slow)], state)
        expected = [1.0 if p == winner else -1 / (players - 1) for p in range(players)]
        assert state.returns() == pytest.approx(expected)
        assert sum(state.returns()) == pytest.approx(0)


def test_turn_order_and_one_legal_draw():
    state = game(players=3).new_initial_state(0)
    order = []
    for _ in range(4):
        order.append(state.current_player())
        assert state.legal_actions() == [DRAW] and state.action_to_string(DRAW) == "draw"
        state.apply_action(DRAW)
        order.append(state.current_player())
        state.apply_action(KIND["R"])
    assert order == [0, ts.CHANCE, 1, ts.CHANCE, 2, ts.CHANCE, 0, ts.CHANCE]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_player_counts(players):
    g = game(players=players)
    assert g.num_players() == players and g.observation_shape() == (players * CELLS + 18 + players + 1,)
    state = g.new_initial_state(0)
    assert state.returns() == [0.0] * players
    assert str(state).count("START") == players


@pytest.mark.parametrize(
    "params, message",
    [
        ({"players": 0}, "between 1 and 4"),
        ({"players": 5}, "between 1 and 4"),
        ({"deck": "65"}, "64, 66, 64-later"),
        ({"draw": "shuffle"}, "deck, replacement"),
        ({"max_plies": 0}, "max_plies"),
    ],
)
def test_bad_parameters_name_valid_values(params, message):
    with pytest.raises(ValueError, match=message):
        game(**params)


def test_solo_game_returns_zero():
    state = play(["Queen Frostine", "PP", "PP", "P"])
    assert state.is_terminal() and state.returns() == [0.0]


def test_card_names():
    state = game().new_initial_state(0)
    state.apply_action(DRAW)
    assert [state.action_to_string(k) for k in (0, 5, 6, 11, 12, 17)] == [
        "red",
        "green",
        "double red",
        "double green",
        "Plumpy (plum)",
        "Queen Frostine (snowflake)",
    ]


def test_observation_layout():
    state = play(["O"], state=game(players=2).new_initial_state(0))
    obs = state.observation_tensor(1)
    base = 2 * CELLS
    assert obs[59] == 1 and obs[CELLS + 0] == 1 and obs[:base].sum() == 2
    left = list(DECKS["64"])
    left[KIND["O"]] -= 1
    assert list(obs[base : base + 18]) == left
    assert list(obs[base + 18 :]) == [0, 1, 0]  # seat 1 to move, not a chance node
    state.apply_action(DRAW)
    assert list(state.observation_tensor(0)[base + 18 :]) == [0, 1, 1]
    assert np.array_equal(state.observation_tensor(0), state.observation_tensor(1))


def test_everything_is_public():
    state = play(["R", "Jolly", "YY"], state=game(players=3).new_initial_state(0))
    text = str(state)
    assert "seat 0: 1 (red)" in text and "seat 1: 43 (pink, Jolly)" in text and "seat 2: 10 (yellow)" in text
    assert all(state.information_state_string(p) == text for p in range(3))
    world = state.resample_from_infostate(1, 5)
    assert str(world) == text and world.history() == state.history()
    assert not game().has_hidden_information() and game().has_chance()


def test_penalty_cell_is_named_in_the_rendering():
    state = play(["Jolly", "Y"])
    assert "seat 0: 48 (yellow, Gooey Gumdrops: stuck until a yellow card)" in str(state)
