"""Gnomi's information state ends with the public moves, one line each, as everyone saw them: the
readable history that gives the text perfect recall (the search's keys hash the same moves)."""

from __future__ import annotations

import re

import pytest

import tablesearch as ts
from helpers.positions import with_fields
from helpers.random_walk import random_steps
from tablesearch import mcts
from tablesearch.games import serialization

MOVE_LINE = re.compile(r"^move (\d+): (P\d|chance) (.+)$")


def moves(state, viewer):
    return [line for line in state.information_state_string(viewer).splitlines() if MOVE_LINE.match(line)]


def played(seed, plies, until=lambda state: False, **params):
    """A random game of `seed`, `plies` long at most, stopped where until(state) first holds."""
    for state, player, _ in random_steps("gnomi", params, seed, limit=plies):
        if player is None or until(state):
            return state


def test_the_moves_are_listed_in_order_by_card_number():
    state = ts.load_game("gnomi").new_initial_state(2)
    for card in ("m0", "m4", "m8"):
        [action] = [
            a
            for a in state.legal_actions()
            if state.action_to_string(a).endswith(f"({card})") and state.action_to_string(a).startswith("pass")
        ]
        state.apply_action(action)
    assert moves(state, 1) == [
        "move 1: P0 pass: compost m0",
        "move 2: P1 pass: compost m4",
        "move 3: P2 pass: compost m8",
    ]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_sees_the_same_moves_and_no_face_it_cannot_see(players):
    """Over 20 random games of 150 plies: one line per move played by a player or chance, the same
    for every viewer, naming cards by number only (a face in a move line could be a hidden one)."""
    colours = {"purple", "red", "blue", "orange", "white", "gold"}
    for seed in range(20):
        state = played(seed, 150, players=players)
        lines = moves(state, 0)
        assert len(lines) == len(state.history())
        assert [int(MOVE_LINE.match(line).group(1)) for line in lines] == list(range(1, len(lines) + 1))
        for viewer in range(1, players):
            assert moves(state, viewer) == lines
        for line in lines:
            words = MOVE_LINE.match(line).group(3)
            face_shown = re.search(r"\w+ \([mg]\d+\)", words)  # a face beside a card's number
            assert not face_shown or words.startswith("earmuffs ("), line  # earmuffs are shown to cancel
            # the colour a "use 1" asks for and hans names is said aloud; no other colour is named
            named = set(re.findall(r"[a-z]+", words)) & colours
            assert not named or re.fullmatch(r"(use 1 \w+ -> P\d|hans: name \w+)", words), line


def test_a_golden_choice_is_a_secret_move_to_everyone():
    """Reading: a winner takes or declines a golden gnome in secret; the moves say only that it was
    made (the chooser's own header says which)."""
    choosing = lambda state: "phase golden choice" in state.information_state_string(0)  # noqa: E731
    state = played(0, 5000, choosing, players=2, golden=True)
    assert choosing(state), "a random golden match of seed 0 reaches a golden choice"
    chooser = state.current_player()
    take, decline = state.clone(), state.clone()
    take.apply_action(state.legal_actions()[0])
    decline.apply_action(state.legal_actions()[1])
    for viewer in range(2):
        assert moves(take, viewer) == moves(decline, viewer)
        assert moves(take, viewer)[:-1] == moves(state, viewer) and len(moves(take, viewer)) == len(take.history())
        assert moves(take, viewer)[-1].endswith(f"P{chooser} golden gnome: taken or declined in secret")


def test_the_moves_survive_serialization_and_a_record_that_disagrees_is_refused():
    state = played(3, 60, players=3)
    again = serialization.deserialize(state.get_game(), serialization.serialize(state))
    for viewer in range(3):
        assert again.information_state_string(viewer) == state.information_state_string(viewer)
    recorded = state.fields()["moves"]
    for bad, reason in (
        (recorded[::-1], "field 'moves' does not give the digest"),  # the same moves in another order
        (recorded[:-1], "field 'moves' does not give the digest"),
        (recorded[:-1] + [2**31], f"field 'moves' entry {len(recorded) - 1} is not a move"),
    ):
        with pytest.raises(ValueError, match=reason):
            with_fields(state, moves=bad)


def test_a_state_without_its_moves_shows_their_digest():
    """A search's copies keep no record (every copy and move would pay for it): the states a Python
    evaluator is shown say so and show the digest of the moves instead, which tells histories
    apart as the moves would. The searched state keeps its moves."""
    state = played(4, 10, players=2)
    assert not state.is_terminal()
    before = state.information_state_string(0)
    seen = []

    class Recording:
        def evaluate(self, leaf):
            seen.append(leaf.information_state_string(0))
            return [0.0, 0.0]

    mcts.search(state, evaluator=Recording(), iterations=20, seed=0)
    assert seen and all(re.search(r"\nmoves not kept, digest [0-9a-f]{16}$", text) for text in seen)
    assert state.information_state_string(0) == before and moves(state, 0)
    kept_none = serialization.deserialize(
        state.get_game(),
        serialization.serialize(state).replace(
            '"moves": [' + ", ".join(map(str, state.fields()["moves"])) + "]", '"moves": []'
        ),
    )
    assert "moves not kept, digest" in kept_none.information_state_string(0)
