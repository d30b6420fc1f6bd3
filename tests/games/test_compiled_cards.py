"""The card helpers for compiled games (tablesearch.games.compiled.cards) and the example built on
them (examples/compiled_eights.py). The generic suites (conformance with its resampling checks,
serialization, hidden-information leaks) also run on the example: it is one of the compiled
games of helpers/compiled_games.py."""

from __future__ import annotations

import collections
import itertools

import numpy as np
import pytest

pytest.importorskip("numba", reason="needs the compiled extra")

from numba import njit  # noqa: E402

import tablesearch as ts  # noqa: E402
from helpers.compiled_games import EXAMPLES, example  # noqa: E402
from tablesearch.games import python_games  # noqa: E402
from tablesearch.games.compiled import CompiledGame, _fingerprint, cards  # noqa: E402


def card_set(faces, holders, known):
    return np.array(faces, np.int32), np.array(holders, np.int32), np.array(known, np.int32)


def test_deal_outcomes_are_the_copies_left_over_the_cards_left():
    copies = np.array([2, 1, 1], np.int64)
    actions, probabilities = np.zeros(4, np.int32), np.zeros(4)
    n = cards.deal_outcomes(np.array([-1, -1, -1, -1], np.int32), copies, actions, probabilities)
    assert list(actions[:n]) == [0, 1, 2] and list(probabilities[:n]) == [0.5, 0.25, 0.25]
    n = cards.deal_outcomes(np.array([0, 0, -1, -1], np.int32), copies, actions, probabilities)
    assert list(actions[:n]) == [1, 2] and list(probabilities[:n]) == [0.5, 0.5]


def test_who_knows_a_card_follows_deals_moves_and_reveals():
    face, holder, known = card_set([-1] * 3, [-1] * 3, [0] * 3)
    cards.deal(face, holder, known, 0, 7, 1, 0)  # to seat 1: only it sees the face
    cards.deal(face, holder, known, 1, 4, -1, 0b100)  # to a pile, shown to seat 2
    cards.deal(face, holder, known, 2, 5, -2, 0)  # face down on the table
    assert list(face) == [7, 4, 5] and list(holder) == [1, -1, -2] and list(known) == [0b010, 0b100, 0]
    assert cards.knows(known, 0, 1) and not cards.knows(known, 0, 0)
    cards.move(holder, known, 1, 0, 0)  # seat 0 takes card 1 and sees it; seat 2 does not forget it
    assert holder[1] == 0 and known[1] == 0b101
    cards.reveal(known, 2, 3)
    assert known[2] == cards.everyone(3) == 0b111
    assert cards.held(holder, 0) == 1 and cards.held(holder, -1) == 0
    assert cards.observed_face(0b010, 1, 7, 99) == 7 and cards.observed_face(0b010, 0, 7, 99) == 99


def test_a_view_shows_holders_and_only_the_faces_the_player_knows():
    face, holder, known = card_set([3, 4, -1], [0, 1, -1], [0b01, 0b10, 0])
    values = np.full(8, 9, np.int32)
    assert cards.write_view(face, holder, known, 0, values, 1) == 7
    assert list(values) == [9, 0, 1, -1, 3, -1, -1, 9]


def test_resample_redraws_exactly_the_unknown_faces_uniformly():
    """A deck of six faces 10..15, one copy each. Player 0 knows cards 0 and 3 (faces 10, 13);
    cards 1, 2 and 4 are unknown to it; card 5 is not dealt. Their faces come from the four it
    has not seen (11, 12, 14, 15): over 6,000 worlds each of the 24 ordered triples is expected
    250 times (sigma about 15.5): each must lie within 80. A world does not depend on the faces
    player 0 has not seen: the same draws from another arrangement give the same world."""
    face, holder, known = card_set([10, 11, 12, 13, 14, -1], [0, 1, 1, -2, -1, -1], [0b01, 0b10, 0b10, 0b11, 0, 0])
    other = np.array([10, 15, 14, 13, 11, -1], np.int32)  # the same to player 0
    copies = np.zeros(16, np.int64)
    copies[10:] = 1
    rng = np.random.default_rng(0)
    triples = collections.Counter()
    for _ in range(6000):
        draws = rng.integers(0, 2**63, 6, dtype=np.int64)
        world, other_world = face.copy(), other.copy()
        cards.resample(world, known, 0, copies, draws)
        cards.resample(other_world, known, 0, copies, draws)
        assert list(world) == list(other_world)
        view_before, view_after = np.zeros(12, np.int32), np.zeros(12, np.int32)
        cards.write_view(face, holder, known, 0, view_before, 0)
        cards.write_view(world, holder, known, 0, view_after, 0)
        assert list(view_after) == list(view_before)
        assert (world[0], world[3], world[5]) == (10, 13, -1)
        triples[(int(world[1]), int(world[2]), int(world[4]))] += 1
    assert set(triples) == set(itertools.permutations((11, 12, 14, 15), 3))
    assert all(abs(count - 250) <= 80 for count in triples.values()), triples


def test_rewrite_deals_writes_the_worlds_faces_over_the_dealt_cards():
    history = np.array([5, 6, 7, 20, 21], np.int32)
    cards.rewrite_deals(np.array([1, 2, -1], np.int32), history, 0)
    assert list(history) == [1, 2, 7, 20, 21]
    cards.rewrite_deals(np.array([3, 4, 8], np.int32), history[:2], 0)  # a history shorter than the deals
    assert list(history) == [3, 4, 7, 20, 21]


@pytest.mark.parametrize("players", [2, 3])
def test_eights_worlds_keep_the_players_hand_and_redraw_the_others(players):
    """From player 0's turn after the deal, worlds drawn for player 0 keep its hand, the top card
    and every count, and give the other hands faces drawn from what player 0 has not seen."""
    game = ts.load_game("compiled_eights", players=players)
    state = game.new_initial_state(3)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])  # the lowest face left, card by card
    lines = str(state).splitlines()
    others = set()
    for seed in range(40):
        world = state.resample_from_infostate(0, seed)
        assert world.information_state_string(0) == state.information_state_string(0)
        world_lines = str(world).splitlines()
        assert world_lines[:2] == lines[:2] and world_lines[-1] == lines[-1]  # top card, own hand, the pile
        others.add(world_lines[2])
    assert len(others) > 10  # the other hands change from world to world


def test_eights_deals_look_alike_to_those_who_do_not_see_them():
    eights = example("compiled_eights")
    game = ts.load_game("compiled_eights")
    state = game.new_initial_state(0)
    looks = [state.observed_action(p, 4) for p in range(2)]  # card 0 goes to seat 0
    assert looks == [4, eights.HIDDEN]


def test_eights_plays_through_with_search_and_ends_zero_sum():
    game = ts.load_game("compiled_eights", players=3)
    record = ts.play_game(game, [ts.mcts.Agent(iterations=200, seed=s, algorithm="ismcts") for s in range(3)], seed=1)
    assert record.finished and abs(sum(record.returns)) < 1e-9
    assert max(record.returns) > 0


@njit
def _overflow_player(state):
    return ts.TERMINAL if state[2] else 0


@njit
def _overflow_legal(state, actions):
    actions[0] = 0
    return 1


@njit
def _overflow_apply(state, action):
    cards.reveal(state[0:2], 5, 1)  # card 5 of a set of 2
    state[2] = 1


@njit
def _overflow_returns(state, values):
    values[0] = 0.0


def test_the_helpers_are_bounds_checked_and_fingerprinted_as_the_games_own_code():
    """A game that hands a helper a card outside its set gets an IndexError named at load, not a
    write over memory; and the helpers' code is part of the game's fingerprint (numba's cache
    does not follow code in other files)."""

    def game():
        return CompiledGame(
            num_players=1,
            initial_state=np.zeros(3, np.int32),
            num_distinct_actions=1,
            current_player=_overflow_player,
            legal_actions=_overflow_legal,
            apply_action=_overflow_apply,
            returns=_overflow_returns,
        )

    registered = dict(python_games._registry)
    try:
        ts.register_game("compiled_card_overflow", game)
        with pytest.raises(ValueError, match=r"apply_action raised an exception.*IndexError: index is out of bounds"):
            ts.load_game("compiled_card_overflow")
    finally:
        python_games._registry.clear()
        python_games._registry.update(registered)
    _, modules = _fingerprint.fingerprint([_overflow_apply], None)
    assert "tablesearch.games.compiled.cards" in modules


EIGHTS = example("compiled_eights")


@njit
def _play_if_able(state, actions):
    """Eights' legal_actions with a rule that reveals a hand: draw (or pass) only without a card
    that matches, so a draw tells the table that the drawer held none."""
    n = 0
    for c in range(EIGHTS.CARDS):
        if state[EIGHTS.HOLDER + c] == state[EIGHTS.TO_MOVE] and EIGHTS.matches(state, c):
            actions[n] = c
            n += 1
    if n == 0:
        actions[0] = EIGHTS.DRAW if EIGHTS.next_from_pile(state) >= 0 else EIGHTS.PASS
        n = 1
    return n


def test_a_rule_that_reveals_a_hand_is_refused_at_load_with_what_to_do():
    """Eights with "play a matching card if you can" and the example's resample (cards.resample,
    which knows only who has seen which face): a world where the drawer held a match makes the
    history illegal. The load refuses it, and the message says why and where the docs say what
    to do (docs/fast-python-games.md's section, whose title it names)."""

    def game():
        spec = EIGHTS.eights()
        spec._rules["legal_actions"] = _play_if_able  # the one rule changed
        return spec

    registered = dict(python_games._registry)
    try:
        ts.register_game("compiled_eights_play_if_able", game)
        with pytest.raises(ValueError, match="is not legal when replayed") as error:
            ts.load_game("compiled_eights_play_if_able")
    finally:
        python_games._registry.clear()
        python_games._registry.update(registered)
    message = str(error.value)
    assert "follow suit" in message and "cards.resample" in message
    assert 'docs/fast-python-games.md, "When a move reveals a hand"' in message
    assert "## When a move reveals a hand" in (EXAMPLES.parent / "docs" / "fast-python-games.md").read_text()
