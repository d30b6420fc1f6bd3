"""Gnomi (docs/rules/gnomi.md): every Reading, each gnome's ability in a hand-built position,
earmuffs, elimination, the knowledge model, information states, determinizations and the golden
match. Positions are built from chosen fields (helpers.gnomi_positions.build; helpers.positions validates
them)."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

import tablesearch as ts
from helpers.gnomi_positions import G_FACES, M_COPIES, M_FACES, POOL, RESERVE, act, build, legal_strings
from helpers.positions import position, with_fields
from tablesearch import mcts
from tablesearch.games.gnomi.drawing import describe
from tablesearch.games.gnomi.moves import consequences, describe_move


def seen(state, player, card):
    """The face of `card` ("m3") as `player`'s information state shows it ("?" if unknown)."""
    return re.search(rf"\b{card} ([a-z?]+)", state.information_state_string(player)).group(1)


def holder(state, card):
    return state.fields()[("mushroom" if card[0] == "m" else "gnome") + "_holder"][int(card[1:])]


def is_up(state, card):
    return state.fields()[("mushroom" if card[0] == "m" else "gnome") + "_up"][int(card[1:])] == 1


def knowers(state, card):
    mask = state.fields()[("mushroom" if card[0] == "m" else "gnome") + "_known"][int(card[1:])]
    return {s for s in range(state.num_players()) if mask >> s & 1}


def play_random(state, rng):
    if state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(actions, weights=probs)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


# ------------------------------------------------------------------------------------------------
# Parameters and setup


def test_parameters_and_shapes():
    """Reading: 2 to 6 players (the rulebook gives no count): six hands of 4 mushrooms and 3 gnomes
    take 24 of the 25 mushrooms and 18 of the 21 gnomes, a seventh would not fit, and a lone
    player would have no one to ask."""
    game = ts.load_game("gnomi")
    assert game.parameters() == {"players": 3, "golden": False, "max_rounds": 100}
    assert game.has_chance() and game.has_hidden_information()
    for n in range(2, 7):
        # 38 per seat, 25 + 8 + n for the whole game, then 28 mushrooms of n + 9, 25 gnomes of n + 12
        assert ts.load_game("gnomi", players=n).observation_shape() == (92 * n + 585,)
    for bad in ({"players": 1}, {"players": 7}, {"max_rounds": 0}, {"golden": 1}, {"colours": 5}):
        with pytest.raises(ValueError):
            ts.load_game("gnomi", **bad)


@pytest.mark.parametrize("players", range(2, 7))
def test_deal_four_mushrooms_three_gnomes_seat_zero_first(players):
    state = ts.load_game("gnomi", players=players).new_initial_state(11)
    f = state.fields()
    for s in range(players):
        assert sum(h == s and u for h, u in zip(f["mushroom_holder"], f["mushroom_up"])) == 4
        assert sum(h == s and u for h, u in zip(f["gnome_holder"], f["gnome_up"])) == 3
    assert f["mushroom_holder"].count(POOL) == 25 - 4 * players
    assert f["gnome_holder"].count(POOL) == 21 - 3 * players
    assert f["mushroom_holder"].count(RESERVE) == 3 and f["gnome_holder"].count(RESERVE) == 4
    assert Counter(f["mushroom_face"]) == Counter({i: c for i, c in enumerate(M_COPIES)})
    assert state.current_player() == 0
    assert ts.load_game("gnomi", players=players).new_initial_state(11).fields() == f
    assert ts.load_game("gnomi", players=players).new_initial_state(12).fields()["mushroom_face"] != f["mushroom_face"]


def test_turns_go_clockwise_and_skip_players_who_are_out():
    state = ts.load_game("gnomi", players=4).new_initial_state(0)
    order = []
    for _ in range(5):
        order.append(state.current_player())
        act(state, [t for t in legal_strings(state) if t.startswith("pass: compost")][0])
    assert order == [0, 1, 2, 3, 0]
    state = build(
        [
            dict(up=["red"], awake=["wake"] * 3),
            dict(down=["blue"], asleep=["lullaby"] * 3),
            dict(up=["blue"], awake=["sprout"] * 3),
            dict(up=["white"], awake=["thief"] * 3),
        ],
        pad=3,
        out=2,
    )
    act(state, "pass: compost red (m0)")
    assert state.current_player() == 2


# ------------------------------------------------------------------------------------------------
# Use 1 mushroom, use 2 mushrooms, pass


def three_player_hands():
    return [
        dict(up=["red", "blue"], awake=["wake"] * 3),
        dict(up=["red", "red", "white"], awake=["sprout"] * 3),
        dict(up=["orange"], awake=["thief"] * 3),
    ]


def test_use_1_mushroom_target_gives_a_matching_one():
    # m0 red, m1 blue (P0); m2 red, m3 red, m4 white (P1); m5 orange (P2).
    state = build(three_player_hands(), pad=2, known={"m3": [0, 1, 2]})
    act(state, "use 1 red (m0)")
    assert not is_up(state, "m0") and knowers(state, "m0") == {0, 1, 2}
    assert legal_strings(state) == ["use 1 red -> P1", "use 1 red -> P2"]
    act(state, "use 1 red -> P1")
    assert state.current_player() == 1 and legal_strings(state) == ["no reaction"]
    act(state, "no reaction")
    # Reading: of two reds the target gives the one known to the most players.
    assert holder(state, "m3") == 0 and is_up(state, "m3") and knowers(state, "m3") == {0, 1, 2}
    assert holder(state, "m2") == 1 and knowers(state, "m2") == {1}
    assert state.current_player() == 1


def test_use_1_mushroom_gives_lowest_numbered_on_a_tie_and_nothing_without_the_colour():
    state = build(three_player_hands(), pad=2)
    act(state, "use 1 red (m0)")
    act(state, "use 1 red -> P1")
    act(state, "no reaction")
    assert holder(state, "m2") == 0 and holder(state, "m3") == 1 and seen(state, 2, "m2") == "red"
    # P2 holds composted reds (the pad) but no right-side-up red: nothing is given.
    state = build(three_player_hands(), pad=2)
    before = state.fields()["mushroom_holder"]
    act(state, "use 1 red (m0)")
    act(state, "use 1 red -> P2")
    act(state, "no reaction")
    assert state.fields()["mushroom_holder"] == before and state.current_player() == 1


def test_use_2_mushrooms_steals_at_random_seen_by_taker_and_victim_only():
    state = build(three_player_hands(), pad=2)
    act(state, "use 2: red (m0)")  # m1, the only card left above m0, goes with it at once
    assert legal_strings(state) == ["use 2 -> P1", "use 2 -> P2"]
    assert not is_up(state, "m0") and not is_up(state, "m1") and knowers(state, "m1") == {0, 1, 2}
    act(state, "use 2 -> P1")
    act(state, "no reaction")
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [state.action_to_string(a) for a, _ in outcomes] == [
        "random steal: m2",
        "random steal: m3",
        "random steal: m4",
    ]
    assert all(p == pytest.approx(1 / 3) for _, p in outcomes)
    act(state, "random steal: m4")
    assert holder(state, "m4") == 0 and is_up(state, "m4") and knowers(state, "m4") == {0, 1}
    assert seen(state, 0, "m4") == "white" and seen(state, 1, "m4") == "white" and seen(state, 2, "m4") == "?"
    assert state.current_player() == 1


def test_a_forced_choice_is_made_at_once_and_a_real_one_is_asked():
    """Decisions with one option that reveal nothing are skipped: the second card of "use 2" and
    the target's second reveal for peek when one card is left to pick. With two or more the
    player is asked."""
    hands = three_player_hands()
    hands[0] = dict(up=["red", "blue", "white"], awake=["wake"] * 3)  # m0, m1, m2
    state = build(hands, pad=2)
    assert "use 2: blue (m1)" in legal_strings(state) and "use 2: white (m2)" not in legal_strings(state)
    act(state, "use 2: red (m0)")
    assert state.current_player() == 0 and legal_strings(state) == ["use 2: and blue (m1)", "use 2: and white (m2)"]
    state = build(hands, pad=2)
    act(state, "use 2: blue (m1)")
    assert not is_up(state, "m2") and knowers(state, "m2") == {0, 1, 2}
    assert legal_strings(state) == ["use 2 -> P1", "use 2 -> P2"]
    # Peek: the target (P1, three right-side-up) is asked for its first reveal; the second is
    # asked after m3 (two left above it) and made at once after m4 (one left).
    state = build(peek_hands(["red", "blue", "white"]), pad=1)
    act(state, "use peek (g0)")
    act(state, "peek -> P1")
    act(state, "no reaction")
    assert state.current_player() == 1 and legal_strings(state) == ["reveal red (m3)", "reveal blue (m4)"]
    act(state, "reveal blue (m4)")
    assert knowers(state, "m5") == {0, 1, 2} and state.current_player() == 0
    assert legal_strings(state) == ["take blue (m4)", "take white (m5)"]


def test_a_turn_with_only_a_pass_is_still_asked():
    """Reading: a turn whose only move is to put an awake earmuffs to sleep (earmuffs only react)
    is asked like any turn. Skipped, it would show the others that the gnome is an earmuffs: here
    P0's last awake gnome is an earmuffs (A) or an alarm gnome that can wake another (B), and
    the others see the same in both, P0 to move. A known earmuffs gets no shortcut either: a
    turn is always its player's decision (only follow-ups within a move are made at once)."""
    hands = three_player_hands()
    hands[0] = dict(down=["red", "blue"], awake=["earmuffs"], asleep=["lullaby", "compost"])
    a = build(hands, pad=2)
    hands[0] = dict(down=["red", "blue"], awake=["wake"], asleep=["lullaby", "compost"])
    b = build(hands, pad=2)
    assert a.current_player() == b.current_player() == 0
    assert legal_strings(a) == ["pass: sleep earmuffs (g0)"]
    assert legal_strings(b) == ["use wake (g0)", "pass: sleep wake (g0)"]
    for p in (1, 2):
        assert a.information_state_string(p) == b.information_state_string(p)
    known = build([dict(hands[0], awake=["earmuffs"])] + hands[1:], pad=2, known={"g0": [0, 1, 2]})
    assert known.current_player() == 0 and legal_strings(known) == ["pass: sleep earmuffs (g0)"]
    act(known, "pass: sleep earmuffs (g0)")
    assert known.current_player() == 1 and known.fields()["out"] == 1  # P0 is out


def test_random_steal_cannot_take_composted_mushrooms_and_does_nothing_with_none():
    """Reading: composted ones cannot be taken; with none, nothing happens."""
    hands = three_player_hands()
    hands[2] = dict(down=["orange"], awake=["thief"] * 3)
    state = build(hands, pad=2)
    before = state.fields()["mushroom_holder"]
    act(state, "use 2: red (m0)")
    act(state, "use 2 -> P2")
    act(state, "no reaction")
    assert not state.is_chance_node() and state.current_player() == 1
    assert state.fields()["mushroom_holder"] == before
    # With right-side-up and composted mushrooms, only the right-side-up ones are outcomes.
    hands[2] = dict(up=["orange"], down=["purple"], awake=["thief"] * 3)
    state = build(hands, pad=2)
    act(state, "use 2: red (m0)")
    act(state, "use 2 -> P2")
    act(state, "no reaction")
    assert [state.action_to_string(a) for a, _ in state.chance_outcomes()] == ["random steal: m5"]


def test_pass_composts_or_sleeps_without_revealing():
    state = build(three_player_hands(), pad=2, known={"m1": [0, 1, 2]})
    act(state, "pass: compost red (m0)")
    assert not is_up(state, "m0") and knowers(state, "m0") == {0}
    assert seen(state, 1, "m0") == "?" and "composted m0 ?{P0}" in state.information_state_string(1)
    act(state, "pass: sleep sprout (g3)")
    assert not is_up(state, "g3") and knowers(state, "g3") == {1} and seen(state, 0, "g3") == "?"
    state = build(three_player_hands(), pad=2, known={"m1": [0, 1, 2]})
    act(state, "pass: compost blue (m1)")  # a card everyone knew stays known to everyone
    assert seen(state, 2, "m1") == "blue" and not is_up(state, "m1")


# ------------------------------------------------------------------------------------------------
# Gnomes


def hans_hands():
    return [
        dict(up=["white", "white", "red"], awake=["sprout"] * 3),
        dict(up=["white", "blue"], awake=["hans", "wake", "wake"]),
        dict(up=["white", "orange"], awake=["thief"] * 3),
    ]


def test_hans_composts_every_other_players_colour_but_not_its_user():
    # m0 m1 white, m2 red (P0); m3 white, m4 blue (P1); m5 white, m6 orange (P2). g3 is hans.
    state = build(hans_hands(), pad=2, turn=1)
    act(state, "use hans (g3)")
    assert legal_strings(state) == [f"hans: name {c}" for c in M_FACES[:5]]
    act(state, "hans: name white")
    assert state.current_player() == 2  # clockwise from the user: P2, then P0
    act(state, "no reaction")
    assert not is_up(state, "m5") and knowers(state, "m5") == {0, 1, 2} and is_up(state, "m6")
    assert state.current_player() == 0
    act(state, "no reaction")
    assert not is_up(state, "m0") and not is_up(state, "m1") and is_up(state, "m2")
    assert seen(state, 2, "m0") == "white"
    assert is_up(state, "m3"), "Reading: hans does not affect its user"
    assert state.current_player() == 2


def test_hans_each_target_may_cancel_with_earmuffs_in_turn_order():
    hands = hans_hands()
    hands[0]["awake"] = ["earmuffs", "sprout", "sprout"]  # g0 earmuffs
    state = build(hands, pad=2, turn=1)
    act(state, "use hans (g3)")
    act(state, "hans: name white")
    act(state, "no reaction")  # P2 declines
    assert state.current_player() == 0
    assert legal_strings(state) == ["earmuffs (g0): cancel", "no reaction"]
    act(state, "earmuffs (g0): cancel")
    assert is_up(state, "m0") and is_up(state, "m1") and knowers(state, "m0") == {0}
    assert not is_up(state, "g0") and seen(state, 1, "g0") == "earmuffs" and seen(state, 2, "g0") == "earmuffs"
    assert not is_up(state, "m5")
    assert state.current_player() == 2


def test_hans_can_name_gold_only_in_the_golden_expansion():
    state = build(hans_hands(), pad=2, turn=1, golden=True)
    act(state, "use hans (g3)")
    assert legal_strings(state)[-1] == "hans: name gold" and len(legal_strings(state)) == 6


def sprout_hands(kind="sprout"):
    # m0 red up; m1 blue, m2 white, m3 orange composted (P0); m4..m7 up (P1).
    return [
        dict(up=["red"], down=["blue", "white", "orange"], awake=[kind, "wake", "wake"]),
        dict(up=["red", "red", "purple", "purple"], awake=["thief"] * 3),
    ]


def test_sprout_up_to_two_of_ones_own_composted_without_revealing():
    state = build(sprout_hands())
    act(state, "use sprout (g0)")
    assert legal_strings(state) == ["sprout blue (m1)", "sprout white (m2)", "sprout orange (m3)", "sprout: done"]
    act(state, "sprout white (m2)")
    assert legal_strings(state) == ["sprout orange (m3)", "sprout: done"]  # ascending: each pair once
    act(state, "sprout orange (m3)")
    assert is_up(state, "m2") and is_up(state, "m3") and not is_up(state, "m1")
    assert knowers(state, "m2") == {0} and seen(state, 1, "m2") == "?"
    assert state.current_player() == 1
    state = build(sprout_hands())
    act(state, "use sprout (g0)")
    act(state, "sprout blue (m1)")
    act(state, "sprout: done")
    assert is_up(state, "m1") and not is_up(state, "m2") and state.current_player() == 1
    hands = sprout_hands()
    hands[0] = dict(up=["red", "blue", "white", "orange"], awake=["sprout", "wake", "wake"])
    state = build(hands)
    act(state, "use sprout (g0)")  # nothing composted: nothing to do
    assert state.current_player() == 1 and not is_up(state, "g0")


def test_golden_gnome_sprouts_and_gold_is_a_colour_that_can_be_asked_for_and_stolen():
    """Reading: a golden gnome has sprout's ability; gold is a sixth colour."""
    hands = sprout_hands("golden")
    state = build(hands, golden=True)
    assert "use golden (g0)" in legal_strings(state)
    act(state, "use golden (g0)")
    assert legal_strings(state)[-1] == "sprout: done"
    # m0 gold (P0); m1 gold, m2 red (P1).
    hands = [dict(up=["gold", "blue", "red"], awake=["wake"] * 3), dict(up=["gold", "red"], awake=["thief"] * 3)]
    state = build(hands, golden=True, pad=1)
    assert seen(state, 1, "m0") == "gold"  # golden mushrooms are public
    act(state, "use 1 gold (m0)")
    act(state, "no reaction")
    assert holder(state, "m3") == 0 and is_up(state, "m3")
    hands[1] = dict(up=["gold"], awake=["thief"] * 3)
    state = build(hands, golden=True, pad=1)
    act(state, "use 2: blue (m1)")  # and red (m2), the only card above it
    act(state, "no reaction")
    assert [state.action_to_string(a) for a, _ in state.chance_outcomes()] == ["random steal: m3"]
    act(state, "random steal: m3")
    assert holder(state, "m3") == 0


def test_wake_wakes_one_other_sleeping_gnome_unrevealed():
    hands = [dict(up=["red"] * 4, awake=["wake"], asleep=["wake", "hans"]), dict(up=["blue"] * 4, awake=["thief"] * 3)]
    state = build(hands)
    act(state, "use wake (g0)")
    assert legal_strings(state) == ["wake wake (g1)", "wake hans (g2)"]  # not the gnome just used
    act(state, "wake hans (g2)")
    assert is_up(state, "g2") and not is_up(state, "g0") and seen(state, 1, "g2") == "?"
    hands[0] = dict(up=["red"] * 4, awake=["wake", "sprout"], asleep=["hans"])
    state = build(hands)
    act(state, "use wake (g0)")  # one other sleeping gnome: woken at once
    assert is_up(state, "g2") and state.current_player() == 1
    hands[0] = dict(up=["red"] * 4, awake=["wake", "sprout", "hans"])
    state = build(hands)
    act(state, "use wake (g0)")
    assert state.current_player() == 1 and not is_up(state, "g0")


def lullaby_hands(target_awake):
    return [
        dict(up=["red"] * 4, awake=["lullaby", "wake", "wake"]),
        dict(up=["blue"] * 4, **target_awake),
        dict(up=["white"] * 4, awake=["compost", "compost", "hans"]),
    ]


def test_lullaby_target_chooses_which_gnome_sleeps():
    state = build(lullaby_hands(dict(awake=["sprout", "thief", "peek"])))
    act(state, "use lullaby (g0)")
    act(state, "lullaby -> P1")
    act(state, "no reaction")
    assert state.current_player() == 1
    assert legal_strings(state) == ["sleep sprout (g3)", "sleep thief (g4)", "sleep peek (g5)"]
    act(state, "sleep thief (g4)")
    assert not is_up(state, "g4") and seen(state, 0, "g4") == "?" and state.current_player() == 1
    state = build(lullaby_hands(dict(awake=["sprout"], asleep=["thief", "peek"])))
    act(state, "use lullaby (g0)")
    act(state, "lullaby -> P1")
    act(state, "no reaction")
    assert not is_up(state, "g3") and state.current_player() == 1  # one awake gnome: no choice


def test_thief_takes_two_at_random_fewer_if_fewer():
    hands = [
        dict(up=["red"] * 3, awake=["thief", "wake", "wake"]),
        dict(up=["blue", "white", "orange"], awake=["sprout"] * 3),
        dict(up=["purple"] * 4, awake=["compost", "compost", "hans"]),
    ]
    state = build(hands, pad=1)
    act(state, "use thief (g0)")
    act(state, "thief -> P1")
    act(state, "no reaction")
    assert [p for _, p in state.chance_outcomes()] == pytest.approx([1 / 3] * 3)
    act(state, "random steal: m4")
    assert [state.action_to_string(a) for a, _ in state.chance_outcomes()] == ["random steal: m3", "random steal: m5"]
    act(state, "random steal: m3")
    assert holder(state, "m3") == 0 and holder(state, "m4") == 0 and holder(state, "m5") == 1
    assert knowers(state, "m3") == {0, 1} and seen(state, 2, "m3") == "?"
    assert state.current_player() == 1
    hands[1] = dict(up=["blue"], awake=["sprout"] * 3)
    state = build(hands, pad=1)
    act(state, "use thief (g0)")
    act(state, "thief -> P1")
    act(state, "no reaction")
    act(state, "random steal: m3")
    assert not state.is_chance_node() and state.current_player() == 1  # one mushroom: one steal
    assert holder(state, "m3") == 0


def peek_hands(target_up):
    return [
        dict(up=["red"] * 3, awake=["peek", "wake", "wake"]),
        dict(up=target_up, awake=["sprout"] * 3),
        dict(up=["purple"] * 4, awake=["compost", "compost", "hans"]),
    ]


def test_peek_target_reveals_two_of_their_choice_user_takes_one():
    state = build(peek_hands(["blue", "white", "orange", "red"]), pad=1)
    act(state, "use peek (g0)")
    act(state, "peek -> P1")
    act(state, "no reaction")
    assert state.current_player() == 1
    assert legal_strings(state) == ["reveal blue (m3)", "reveal white (m4)", "reveal orange (m5)"]
    act(state, "reveal white (m4)")
    assert seen(state, 2, "m4") == "white"
    assert legal_strings(state) == ["reveal orange (m5)", "reveal red (m6)"]
    act(state, "reveal red (m6)")
    assert state.current_player() == 0 and legal_strings(state) == ["take white (m4)", "take red (m6)"]
    act(state, "take red (m6)")
    assert holder(state, "m6") == 0 and is_up(state, "m6") and holder(state, "m4") == 1
    assert seen(state, 2, "m6") == "red" and seen(state, 2, "m3") == "?"
    assert state.current_player() == 1


@pytest.mark.parametrize(
    "target_up, taken_automatically",
    [
        (["blue"], "m3"),  # fewer than two: all revealed, the only one taken
        (["blue", "blue"], "m3"),  # two alike: the lower-numbered (they differ in nothing else)
        (["blue", "white"], None),  # two: both revealed, the user chooses
    ],
)
def test_peek_with_two_or_fewer(target_up, taken_automatically):
    state = build(peek_hands(target_up), pad=1)
    act(state, "use peek (g0)")
    act(state, "peek -> P1")
    act(state, "no reaction")
    assert all(seen(state, 2, f"m{3 + i}") == c for i, c in enumerate(target_up))
    if taken_automatically:
        assert holder(state, taken_automatically) == 0 and state.current_player() == 1
    else:
        assert legal_strings(state) == ["take blue (m3)", "take white (m4)"]


def test_compost_target_chooses_unrevealed():
    hands = [
        dict(up=["red"] * 3, awake=["compost", "wake", "wake"]),
        dict(up=["blue", "white"], awake=["sprout"] * 3),
        dict(up=["purple"] * 4, awake=["thief", "thief", "hans"]),
    ]
    state = build(hands, pad=2)
    act(state, "use compost (g0)")
    act(state, "compost -> P1")
    act(state, "no reaction")
    assert state.current_player() == 1 and legal_strings(state) == ["compost blue (m3)", "compost white (m4)"]
    act(state, "compost white (m4)")
    assert not is_up(state, "m4") and seen(state, 0, "m4") == "?" and knowers(state, "m4") == {1}
    hands[1] = dict(up=["blue"], down=["white"], awake=["sprout"] * 3)
    state = build(hands, pad=2)
    act(state, "use compost (g0)")
    act(state, "compost -> P1")
    act(state, "no reaction")
    assert not is_up(state, "m3") and state.current_player() == 1


# ------------------------------------------------------------------------------------------------
# Earmuffs


def earmuffs_hands(p1_awake):
    return [
        dict(up=["red", "blue"], awake=["wake", "wake", "earmuffs"]),
        dict(up=["red", "white"], awake=p1_awake),
        dict(up=["orange"], awake=["thief"] * 3),
    ]


def test_earmuffs_only_reacts_and_cancels_the_effect_on_its_owner():
    state = build(earmuffs_hands(["earmuffs", "sprout", "sprout"]), pad=2)
    assert "use earmuffs (g2)" not in legal_strings(state)
    assert "pass: sleep earmuffs (g2)" in legal_strings(state)
    act(state, "use 1 red (m0)")
    act(state, "use 1 red -> P1")
    assert legal_strings(state) == ["earmuffs (g3): cancel", "no reaction"]
    act(state, "earmuffs (g3): cancel")
    assert holder(state, "m2") == 1 and is_up(state, "m2")  # nothing given
    assert not is_up(state, "m0")  # the user's cost stands
    assert not is_up(state, "g3") and knowers(state, "g3") == {0, 1, 2}  # a used earmuffs is public
    assert state.current_player() == 1


def test_declined_earmuffs_is_seen_by_nobody_but_its_owner():
    """Reading: a target who might hold an awake earmuffs, as far as the others can tell, is asked
    even when "no reaction" is its only choice (B below): skipping the question would show that
    it holds none, since the others see whose decision the game waits for.

    The same position with g3 an earmuffs (A) or a sprout (B): P1's reaction looks the same to
    the others, while the game waits for it and after it."""
    a = build(earmuffs_hands(["earmuffs", "sprout", "sprout"]), pad=2)
    b = build(earmuffs_hands(["sprout", "sprout", "sprout"]), pad=2)
    for s in (a, b):
        act(s, "use 1 red (m0)")
        act(s, "use 1 red -> P1")
        assert s.current_player() == 1
    assert legal_strings(a) == ["earmuffs (g3): cancel", "no reaction"] and legal_strings(b) == ["no reaction"]
    for p in (0, 2):
        assert a.information_state_string(p) == b.information_state_string(p)
    for s in (a, b):
        act(s, "no reaction")
    for p in (0, 2):
        assert a.information_state_string(p) == b.information_state_string(p)
    assert a.information_state_string(1) != b.information_state_string(1)
    assert a.history() == b.history()


def test_no_reaction_decision_when_the_targets_awake_gnomes_are_known_not_to_be_earmuffs():
    state = build(
        earmuffs_hands(["sprout", "sprout", "wake"]), pad=2, known={"g3": [0, 1, 2], "g4": [0, 1, 2], "g5": [0, 1, 2]}
    )
    act(state, "use 1 red (m0)")
    act(state, "use 1 red -> P1")
    assert state.current_player() == 1 and holder(state, "m2") == 0  # resolved at once


def asleep_earmuffs_hands():
    """P1 holds an earmuffs, asleep (g5), and two awake sprouts (g3, g4)."""
    hands = earmuffs_hands([])
    hands[1] = dict(up=["red", "white"], awake=["sprout", "sprout"], asleep=["earmuffs"])
    return hands


def test_an_asleep_earmuffs_offers_no_reaction():
    """Only an awake earmuffs cancels: the target still decides (its awake gnomes could be earmuffs,
    as far as the others know) but may only decline."""
    state = build(asleep_earmuffs_hands(), pad=2)
    act(state, "use 1 red (m0)")
    act(state, "use 1 red -> P1")
    assert state.current_player() == 1 and legal_strings(state) == ["no reaction"]


def test_an_asleep_earmuffs_alone_gives_no_reaction_decision():
    """With the awake gnomes publicly known not to be earmuffs, an asleep earmuffs (known to all)
    gives no decision: the effect resolves at once."""
    everyone = {f"g{g}": [0, 1, 2] for g in (3, 4, 5)}
    state = build(asleep_earmuffs_hands(), pad=2, known=everyone)
    act(state, "use 1 red (m0)")
    act(state, "use 1 red -> P1")
    assert state.current_player() == 1 and holder(state, "m2") == 0  # resolved at once


# ------------------------------------------------------------------------------------------------
# Elimination and the end


def test_elimination_on_another_players_turn_then_skipped_and_untargetable():
    hands = [
        dict(up=["red", "blue"], awake=["lullaby", "wake", "wake"]),
        dict(up=["red"], asleep=["sprout"] * 3),
        dict(up=["white"], awake=["thief"] * 3),
        dict(up=["orange"], awake=["compost", "compost", "hans"]),
    ]
    state = build(hands, pad=3)
    act(state, "use 1 red (m0)")
    act(state, "use 1 red -> P1")  # P1 has no awake gnome: no reaction decision
    assert holder(state, "m2") == 0
    assert "out P1" in str(state) and state.current_player() == 2  # out at once, then skipped
    act(state, "use 1 white (m3)")
    assert legal_strings(state) == ["use 1 white -> P0", "use 1 white -> P3"]


def test_last_player_with_a_right_side_up_card_wins():
    hands = [dict(up=["red", "blue"], awake=["wake"] * 3), dict(up=["red"], asleep=["sprout"] * 3)]
    state = build(hands, pad=1)
    act(state, "use 1 red (m0)")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert state.current_player() == ts.TERMINAL


def test_last_players_going_out_together_share_the_win():
    """Reading: P0's hans (its last card) composts P1's last mushrooms: both go out together."""
    hands = [
        dict(down=["red"], awake=["hans"], asleep=["wake", "wake"]),
        dict(up=["white", "white"], asleep=["sprout"] * 3),
        dict(down=["blue"], asleep=["thief"] * 3),
    ]
    state = build(hands, pad=2, out=4)
    act(state, "use hans (g0)")
    act(state, "hans: name white")
    assert state.is_terminal()
    assert state.returns() == [0.5, 0.5, -1.0]


def test_round_cap_ranks_players_still_in_by_right_side_up_cards():
    """Reading: the cap ends the game; the most right-side-up cards win, ties share."""
    hands = [
        dict(up=["red", "blue"], awake=["wake"] * 3),
        dict(up=["red"], awake=["sprout"] * 3),
        dict(up=["white", "white", "white"], awake=["thief"] * 3),
    ]
    state = build(hands, pad=1, max_rounds=1)
    for seat, card in ((0, "m0"), (1, "m2"), (2, "m3")):
        assert state.current_player() == seat
        act(state, f"pass: compost {M_FACES[state.fields()['mushroom_face'][int(card[1:])]]} ({card})")
    assert state.is_terminal() and state.returns() == [-0.5, -0.5, 1.0]
    hands[0]["up"] = ["red", "blue", "orange"]
    state = build(hands, pad=1, max_rounds=1)
    for card in ("m0", "m3", "m4"):
        act(state, f"pass: compost {M_FACES[state.fields()['mushroom_face'][int(card[1:])]]} ({card})")
    assert state.returns() == [0.5, -1.0, 0.5]
    state = build(hands, pad=1, max_rounds=2)
    for card in ("m0", "m3", "m4"):
        act(state, f"pass: compost {M_FACES[state.fields()['mushroom_face'][int(card[1:])]]} ({card})")
    assert not state.is_terminal() and "round 2 of 2" in str(state)


def test_cap_ties_between_everyone_are_a_draw():
    state = ts.load_game("gnomi", max_rounds=1).new_initial_state(4)
    for _ in range(3):
        act(state, [t for t in legal_strings(state) if t.startswith("pass: compost")][0])
    assert state.is_terminal() and state.returns() == [0.0, 0.0, 0.0]


# ------------------------------------------------------------------------------------------------
# The golden match


GOLDEN = G_FACES.index("golden")


def golden_in_hands(f, seat):
    return sum(1 for h, face in zip(f["gnome_holder"], f["gnome_face"]) if h == seat and face == GOLDEN)


def shared_win_hands():
    """P0's hans (its last awake card) composts P1's last mushrooms, both white: P0 and P1 go out
    together and share the win; P2 (out already) went out last before them."""
    return [
        dict(down=["red"], awake=["hans"], asleep=["wake", "wake"]),
        dict(up=["white", "white"], asleep=["sprout"] * 3),
        dict(down=["blue"], asleep=["thief"] * 3),
    ]


def test_each_winner_may_take_a_golden_gnome_in_secret():
    """Reading: every winner, in seat order (several when they share the win), is offered a golden
    gnome and takes or declines it: a decision of the winner's, seen by nobody else ("may take a
    golden gnome in secret"). The last player out takes a golden mushroom (public); the lowest
    winner moves last in the next game (Reading). Reading: a golden gnome's back is a gnome's
    back, so the others see the taker's gnomes as unknown ones and no count of golden gnomes."""
    state = build(shared_win_hands(), golden=True, pad=2, out=4, last_out=4)
    act(state, "use hans (g0)")
    act(state, "hans: name white")
    assert "game 1 of 3" in str(state) and state.current_player() == 0
    assert legal_strings(state) == ["take the golden gnome", "decline the golden gnome"]
    f = state.fields()
    gold_m = [i for i, face in enumerate(f["mushroom_face"]) if face == 5 and f["mushroom_holder"][i] >= 0]
    assert [f["mushroom_holder"][i] for i in gold_m] == [2] and knowers(state, f"m{gold_m[0]}") == {0, 1, 2}
    take, decline = state.clone(), state.clone()
    act(take, "take the golden gnome")
    act(decline, "decline the golden gnome")
    for branch in (take, decline):
        assert branch.current_player() == 1 and legal_strings(branch) == legal_strings(state)
    for p in (1, 2):  # the others cannot tell the two apart
        assert take.information_state_string(p) == decline.information_state_string(p)
        assert list(take.observation_tensor(p)) == list(decline.observation_tensor(p))
        assert state.observed_action(p, TAKE) == state.observed_action(p, DECLINE) not in (TAKE, DECLINE)
    assert take.information_state_string(0) != decline.information_state_string(0)
    assert "golden offers P0 took" in take.information_state_string(0)
    assert "golden offers P0 ?" in take.information_state_string(1)
    assert state.observed_action(0, TAKE) == TAKE and state.observed_action(0, DECLINE) == DECLINE
    obs = take.observation_tensor(0)
    assert obs[37] == 1 and obs[38 + 37] == 0  # golden gnomes offered, per seat: public
    for branch in (take, decline):
        act(branch, "take the golden gnome")  # P1 takes
        f = branch.fields()
        assert "game 2 of 3" in str(branch) and f["first"] == 1 and branch.current_player() == 1
        assert f["gnome_holder"].count(RESERVE) == 2  # two offers made, whatever was chosen
        assert golden_in_hands(f, 1) == 1
    assert golden_in_hands(take.fields(), 0) == 1 and golden_in_hands(decline.fields(), 0) == 0
    for p in (1, 2):  # still secret: P0's gnomes are backs to the others
        assert all(seen(take, p, f"g{i}") == "?" for i in range(3))
    golden = [i for i, face in enumerate(take.fields()["gnome_face"]) if face == GOLDEN and holder(take, f"g{i}") >= 0]
    assert sorted(holder(take, f"g{i}") for i in golden) == [0, 1]
    assert all(knowers(take, f"g{i}") == {holder(take, f"g{i}")} for i in golden)


TAKE, DECLINE = 201, 202


def test_the_move_log_and_the_table_keep_the_golden_choice_secret():
    state = build(shared_win_hands(), golden=True, pad=2, out=4, last_out=4)
    act(state, "use hans (g0)")
    ended = state.clone()
    act(state, "hans: name white")
    lines = consequences(ended, state, 0, state.history()[-1], 1)
    assert "P0 and P1 won game 1: offered a golden gnome each, taken or not in secret" in lines
    assert "P2 takes a golden mushroom" in " ".join(lines)
    assert describe_move(state, 0, TAKE, 0) == "P0 takes the golden gnome, in secret"
    assert describe_move(state, 0, DECLINE, None) == "P0 declines the golden gnome, in secret"
    for choice in (TAKE, DECLINE):
        assert describe_move(state, 0, choice, 1) == "P0 decides in secret whether to take the golden gnome"
    act(state, "take the golden gnome")
    assert "P0 (you) (out) (1 golden gnomes)" in describe(state, 0)  # taken, waiting for the next deal
    assert "golden" not in describe(state, 1).splitlines()[1]
    act(state, "decline the golden gnome")
    assert "P0 (you) (1 golden gnomes)" in describe(state, 0)
    assert "golden" not in describe(state, 2).splitlines()[1]


def test_no_view_shows_the_others_whether_the_golden_gnome_was_taken():
    """What a web page draws for another seat (the board drawn from a world resampled for it, the
    latest move, the text) is the same after a take as after a decline; the chooser's own view
    differs."""
    from tablesearch.web import views

    state = build(shared_win_hands(), golden=True, pad=2, out=4, last_out=4)
    act(state, "use hans (g0)")
    act(state, "hans: name white")
    branches = {}
    for choice in (TAKE, DECLINE):
        after = state.clone()
        after.apply_action(choice)
        event = type("Event", (), dict(player=0, action=choice, before=state))
        branches[choice] = after, views.last_move([event], None), event

    def page(choice, viewer):
        after, _, event = branches[choice]
        last = views.last_move([event], viewer)
        svg, legal, _ = views.board(after, viewer, view_seed=5, clickable=True, last=last)
        return svg, legal, last, describe(after, viewer)

    for viewer in (1, 2):
        assert page(TAKE, viewer) == page(DECLINE, viewer)
    assert page(TAKE, 0) != page(DECLINE, 0)


def rival_golden_choice_pairs(count):
    """Pairs of decision states in game 2 of seeded random 3-player golden matches: the true state
    and a world drawn from the mover's information state in which game 1's winner (not the
    mover) made the other golden choice."""
    game = ts.load_game("gnomi", players=3, golden=True)
    pairs = []
    for seed in range(10 * count):
        state, rng = game.new_initial_state(seed), random.Random(seed)
        while not state.is_terminal():
            f = state.fields()
            if f["game"] == 1 and f["phase"] != 14 and state.current_player() not in (f["offer_seat"][0], -1):
                break
            play_random(state, rng)
        if state.is_terminal():
            continue
        player, kept = state.current_player(), state.fields()["offer_kept"] & 1
        worlds = (state.resample_from_infostate(player, s) for s in range(20))
        other = next((w for w in worlds if w.fields()["offer_kept"] & 1 != kept), None)
        if other is not None:
            pairs.append((state, other))
        if len(pairs) == count:
            return pairs
    raise AssertionError(f"found only {len(pairs)} pairs")


@pytest.mark.parametrize("options", [{}, {"rollout_cutoff": 0, "score_weight": 0.5}], ids=["default", "gold-read"])
@pytest.mark.parametrize("algorithm", mcts.HIDDEN_INFORMATION_ALGORITHMS)
def test_no_search_reads_a_rivals_golden_choice(algorithm, options):
    """Reading (in secret): a search for another player cannot tell whether the winner took the
    golden gnome: on states that differ in that choice (and in what else the mover cannot see),
    the same seed gives the same statistics, values and tree. Also where the search reads each
    seat's gold (the heuristic at every leaf, the gold margin at every end), which counts a golden
    gnome taken."""
    for seed, (a, b) in enumerate(rival_golden_choice_pairs(3)):
        player = a.current_player()
        assert a.information_state_string(player) == b.information_state_string(player)
        assert a.information_state_key(player) == b.information_state_key(player)
        ra = mcts.search(a, iterations=600, seed=seed, algorithm=algorithm, **options)
        rb = mcts.search(b, iterations=600, seed=seed, algorithm=algorithm, **options)
        assert ra.stats == rb.stats and ra.root_values == rb.root_values
        assert (ra.best_action, ra.nodes) == (rb.best_action, rb.nodes)


def test_the_golden_choice_leak_test_can_fail():
    """UCT searches the true state, golden choice included: on the same pairs its statistics differ."""
    pairs = rival_golden_choice_pairs(3)
    differing = sum(
        mcts.search(a, iterations=600, seed=s, algorithm="uct").stats
        != mcts.search(b, iterations=600, seed=s, algorithm="uct").stats
        for s, (a, b) in enumerate(pairs)
    )
    assert differing >= 2


def test_the_redeal_gathers_every_card_but_the_golden_ones_and_deals_hands_again():
    """Reading: before games 2 and 3 all non-golden cards are gathered, shuffled and dealt, each
    player up to 3 gnomes and 4 mushrooms counting the golden cards they keep, all right side up
    ("draw back up to 3 gnomes and 4 mushrooms (inclusive of the golden cards awarded)")."""
    state = build(shared_win_hands(), golden=True, pad=2, out=4, last_out=4)
    act(state, "use hans (g0)")
    act(state, "hans: name white")
    act(state, "take the golden gnome")
    act(state, "decline the golden gnome")
    f = state.fields()
    assert f["game"] == 1 and f["round"] == 0 and f["out"] == 0
    for s in range(3):
        assert sum(h == s and u for h, u in zip(f["gnome_holder"], f["gnome_up"])) == 3
        assert sum(h == s and u for h, u in zip(f["mushroom_holder"], f["mushroom_up"])) == 4
        assert all(u for h, u in zip(f["mushroom_holder"], f["mushroom_up"]) if h == s)
    assert golden_in_hands(f, 0) == 1 and golden_in_hands(f, 1) == 0
    gold_m = [h for h, face in zip(f["mushroom_holder"], f["mushroom_face"]) if face == 5]
    assert gold_m.count(2) == 1 and gold_m.count(RESERVE) == 2  # P2 keeps its golden mushroom
    assert f["mushroom_holder"].count(POOL) == 25 - 11  # 11 regular mushrooms dealt
    assert all(k == (1 << (i // 4)) for i, k in enumerate(f["mushroom_known"][:12]) if f["mushroom_face"][i] != 5)


def test_a_declined_golden_gnome_is_out_of_the_match_and_offers_stop_with_the_reserve():
    """Reading: the offered card leaves the reserve face down whatever the winner chooses (so the
    reserve's size, which everyone sees, tells nothing); a declined one is out of the match.
    Offers go to the winners in seat order while the reserve lasts. Here, in game 3, every player
    already holds a golden gnome and P0 and P1 share the win: P0 is offered the last one, P1
    nothing. The most gold wins the match: 2 per golden gnome, 1 per golden mushroom."""
    hands = [
        dict(down=["red"], awake=["hans"], asleep=["golden", "wake"]),
        dict(up=["white", "white"], asleep=["golden", "sprout", "sprout"]),
        dict(down=["blue"], asleep=["golden", "thief", "thief"]),
    ]
    results = {}
    for choice in ("take the golden gnome", "decline the golden gnome"):
        state = build(hands, golden=True, pad=2, out=4, last_out=4, game=2)
        act(state, "use hans (g0)")
        act(state, "hans: name white")
        assert state.current_player() == 0
        act(state, choice)
        assert state.is_terminal()  # the reserve is empty: P1 is not offered one
        f = state.fields()
        assert f["gnome_holder"].count(RESERVE) == 0 and f["offer_seat"] == [0, 1, 2, 0]
        results[choice] = (state.scores(), state.returns())
    assert results["take the golden gnome"] == ([4.0, 2.0, 3.0], [1.0, -0.5, -0.5])
    assert results["decline the golden gnome"] == ([2.0, 2.0, 3.0], [-0.5, -0.5, 1.0])


def test_a_golden_gnome_seen_once_stays_known_through_the_redeal():
    """A golden gnome never leaves its holder's hand, so whoever saw it used still knows it after
    the next deal; the golden gnome just taken is known to its taker only."""
    hands = [
        dict(down=["red"], awake=["hans"], asleep=["golden", "wake"]),
        dict(up=["white", "white"], asleep=["sprout"] * 3),
        dict(down=["blue"], asleep=["thief"] * 3),
    ]
    state = build(hands, golden=True, pad=2, out=4, last_out=4, game=1, known={"g1": [0, 1, 2]})
    act(state, "use hans (g0)")
    act(state, "hans: name white")
    act(state, "decline the golden gnome")
    act(state, "take the golden gnome")
    f = state.fields()
    assert f["game"] == 2
    golden = {
        holder(state, f"g{i}"): knowers(state, f"g{i}")
        for i, face in enumerate(f["gnome_face"])
        if face == GOLDEN and f["gnome_holder"][i] >= 0
    }
    assert golden == {0: {0, 1, 2}, 1: {1}}


def test_golden_match_plays_three_games():
    game = ts.load_game("gnomi", golden=True)
    rng = random.Random(3)
    state = game.new_initial_state(3)
    games_seen, offers_seen = [1], 0
    while not state.is_terminal():
        if state.fields()["phase"] == 14:  # a golden choice: the winner decides
            offers_seen += 1
            assert legal_strings(state) == ["take the golden gnome", "decline the golden gnome"]
        play_random(state, rng)
        number = int(re.search(r"game (\d) of 3", str(state)).group(1))
        if number != games_seen[-1]:
            games_seen.append(number)
            after = state.fields()
            assert after["round"] == 0 and after["out"] == 0 and after["settled"] == offers_seen
            # Taken golden gnomes are in their takers' hands, the others out of the match.
            kept = [s for i, s in enumerate(after["offer_seat"][:offers_seen]) if after["offer_kept"] >> i & 1]
            assert [golden_in_hands(after, s) for s in range(3)] == [kept.count(s) for s in range(3)]
            assert after["gnome_holder"].count(RESERVE) == 4 - offers_seen
    assert games_seen == [1, 2, 3] and offers_seen >= 3
    f = state.fields()
    kept = [s for i, s in enumerate(f["offer_seat"]) if s >= 0 and f["offer_kept"] >> i & 1]
    gold_m = [h for h, face in zip(f["mushroom_holder"], f["mushroom_face"]) if face == 5]
    assert state.scores() == [2.0 * kept.count(s) + gold_m.count(s) for s in range(3)]
    best = max(state.scores())
    assert [s for s, r in enumerate(state.returns()) if r > 0] == [
        s for s in range(3) if state.scores()[s] == best
    ] or (state.returns() == [0.0, 0.0, 0.0])


# ------------------------------------------------------------------------------------------------
# Knowledge and information states


def test_knowledge_dealt_used_revealed_and_followed():
    state = ts.load_game("gnomi").new_initial_state(5)
    assert all(knowers(state, f"m{i}") == {i // 4} for i in range(12))  # dealt: holder only
    assert all(knowers(state, f"g{i}") == {i // 3} for i in range(9))
    assert seen(state, 1, "m0") == "?" and seen(state, 0, "m0") != "?"
    used = [t for t in legal_strings(state) if re.fullmatch(r"use \w+ \(g\d+\)", t)][0]
    kind, card = re.fullmatch(r"use (\w+) \((g\d+)\)", used).groups()
    assert seen(state, 1, card) == "?"
    act(state, used)  # a used gnome is revealed to all
    assert seen(state, 1, card) == kind and seen(state, 2, card) == kind
    # A revealed card is known to all and followed as it moves.
    state = build(three_player_hands(), pad=2)
    act(state, "use 1 red (m0)")
    act(state, "use 1 red -> P1")
    act(state, "no reaction")
    assert seen(state, 2, "m2") == "red" and holder(state, "m2") == 0
    act(state, "use 1 red (m3)")  # P1 uses its other red on P0, who gives m2 back: still known
    act(state, "use 1 red -> P0")
    act(state, "no reaction")
    assert holder(state, "m2") == 1 and seen(state, 2, "m2") == "red"


def test_information_state_differs_exactly_when_knowledge_differs():
    hands = three_player_hands()
    a = build(hands, pad=2)
    hands[0] = dict(up=["red", "purple"], awake=["wake"] * 3)  # m1 differs; the pool absorbs it
    b = build(hands, pad=2)
    assert a.information_state_string(1) == b.information_state_string(1)
    assert a.information_state_string(2) == b.information_state_string(2)
    assert a.information_state_string(0) != b.information_state_string(0)
    a2 = with_fields(a, mushroom_known=[1 | 2 if i == 1 else k for i, k in enumerate(a.fields()["mushroom_known"])])
    b2 = with_fields(b, mushroom_known=[1 | 2 if i == 1 else k for i, k in enumerate(b.fields()["mushroom_known"])])
    assert a2.information_state_string(1) != b2.information_state_string(1)
    assert a2.information_state_string(2) == b2.information_state_string(2)


def test_information_state_remembers_the_order_of_events():
    orders = (["m0", "m4", "m8", "m1"], ["m1", "m4", "m8", "m0"])
    states = []
    for order in orders:
        state = ts.load_game("gnomi").new_initial_state(2)
        for card in order:
            act(state, [t for t in legal_strings(state) if t.endswith(f"({card})") and t.startswith("pass")][0])
        states.append(state)
    a, b = states
    assert a.fields()["mushroom_up"] == b.fields()["mushroom_up"] and str(a) == str(b)
    for p in range(3):
        assert a.information_state_string(p) != b.information_state_string(p)


def test_observation_tensor_counts_known_and_unknown_cards():
    state = build(three_player_hands(), pad=2, known={"m2": [0, 1, 2]})
    obs = state.observation_tensor(0)
    own, p1 = obs[0:38], obs[38:76]
    assert own[0] == 1 and own[1] == 1 and own[2] == 1
    assert own[3 + M_FACES.index("red")] == 1 and own[3 + M_FACES.index("blue")] == 1 and own[3 + 6] == 0
    assert own[17 + G_FACES.index("wake")] == 3
    assert p1[3 + M_FACES.index("red")] == 1 and p1[3 + 6] == 2 and p1[17 + 9] == 3  # m2 known, 2 + 3 unknown
    assert p1[1] == 0 and obs[3 * 38] == 1  # phase "turn"


# ------------------------------------------------------------------------------------------------
# Determinizations


def test_resample_keeps_known_faces_and_redraws_unknown_ones():
    state = build(three_player_hands(), pad=2, known={"m2": [0, 1, 2]})
    act(state, "use 2: red (m0)")
    act(state, "use 2 -> P1")
    act(state, "no reaction")
    act(state, "random steal: m4")
    truth = state.fields()
    worlds = [state.resample_from_infostate(2, seed) for seed in range(30)]
    for world in worlds:
        f = world.fields()
        assert world.information_state_string(2) == state.information_state_string(2)
        for kind in ("mushroom", "gnome"):
            for i, mask in enumerate(truth[kind + "_known"]):
                if mask & 4:
                    assert f[kind + "_face"][i] == truth[kind + "_face"][i]
            assert f[kind + "_holder"] == truth[kind + "_holder"] and f[kind + "_known"] == truth[kind + "_known"]
    # m4 (stolen: P2 does not know it), P0's gnomes and the pool all vary across worlds.
    assert len({w.fields()["mushroom_face"][4] for w in worlds}) > 1
    assert len({tuple(w.fields()["gnome_face"][0:3]) for w in worlds}) > 1
    assert len({tuple(w.fields()["mushroom_face"][12:25]) for w in worlds}) > 1
    assert state.resample_from_infostate(1, 0).information_state_string(1) == state.information_state_string(1)


def test_resample_reads_nothing_the_player_does_not_know():
    """States that P1 cannot tell apart give identical worlds for the same seed."""
    hands = three_player_hands()
    a = build(hands, pad=2)
    hands[0] = dict(up=["red", "purple"], awake=["wake", "wake", "hans"])
    b = build(hands, pad=2)
    assert a.information_state_string(1) == b.information_state_string(1)
    for seed in range(5):
        assert a.resample_from_infostate(1, seed).serialize() == b.resample_from_infostate(1, seed).serialize()


def test_resample_is_uniform_over_unseen_faces():
    """P1 knows only its own mushrooms (m2 red, m3 red, m4 white), so P0's m0 is drawn from the
    22 mushroom faces P1 has not seen. 3000 draws; chi-square with 4 degrees of freedom against
    those counts, 18.47 being its 0.999 quantile."""
    state = build(three_player_hands(), pad=2)
    seen_by_p1 = Counter(state.fields()["mushroom_face"][i] for i in (2, 3, 4))
    unseen = {f: 5 - seen_by_p1[f] for f in range(5)}
    total = sum(unseen.values())
    n = 3000
    counts = Counter(state.resample_from_infostate(1, seed).fields()["mushroom_face"][0] for seed in range(n))
    chi2 = sum((counts[f] - n * unseen[f] / total) ** 2 / (n * unseen[f] / total) for f in range(5))
    assert chi2 < 18.47


def golden_game_two(p0_gnomes, known=None, took=True):
    """Game 2 of a golden match; P0 was offered a golden gnome after game 1 and took it (holding
    it among p0_gnomes) or declined it (then it is out of the match, in the pool)."""
    hands = [
        dict(up=["red"] * 4, awake=p0_gnomes),
        dict(up=["blue"] * 4, awake=["thief"] * 3),
        dict(up=["white"] * 4, awake=["compost", "compost", "hans"]),
    ]
    state = build(hands, golden=True, game=1, known=known)
    if took:
        return state
    f = state.fields()
    out = f["gnome_face"].index(GOLDEN)  # a reserve card goes out of the match
    f["gnome_holder"][out], f["gnome_known"][out] = POOL, 0
    return position(state.get_game(), fields=f, offer_seat=[0, -1, -1, -1], offer_kept=0, settled=1)


def holds_golden_in_worlds(state, player, seeds):
    return [golden_in_hands(state.resample_from_infostate(player, seed).fields(), 0) for seed in seeds]


def test_resample_draws_the_others_golden_choices_and_reads_nothing_hidden():
    """Another player's golden choice is a coin flip in the worlds of those who did not see it,
    whatever the truth (the same worlds for the same seeds), and P0's own as it was. 2000
    worlds: P0 holds the golden gnome in 1000 expected, sigma 22; the bounds are 4.5 sigma."""
    took = golden_game_two(["golden", "wake", "sprout"])
    declined = golden_game_two(["sprout", "wake", "sprout"], took=False)
    assert took.information_state_string(1) == declined.information_state_string(1)
    for seed in range(5):
        assert (
            took.resample_from_infostate(1, seed).serialize() == declined.resample_from_infostate(1, seed).serialize()
        )
    worlds = holds_golden_in_worlds(took, 1, range(2000))
    assert 900 <= sum(worlds) <= 1100 and set(worlds) == {0, 1}
    assert set(holds_golden_in_worlds(took, 0, range(20))) == {1}
    assert set(holds_golden_in_worlds(declined, 0, range(20))) == {0}
    for seed in range(20):  # the world's choice and its cards agree
        f = took.resample_from_infostate(1, seed).fields()
        assert golden_in_hands(f, 0) == f["offer_kept"]
        in_pool = [h for h, face in zip(f["gnome_holder"], f["gnome_face"]) if face == GOLDEN].count(POOL)
        assert in_pool == 1 - f["offer_kept"]


def test_resample_weighs_the_golden_choice_by_the_cards_seen():
    """The worlds weigh a choice by how likely it makes what the player saw of the chooser's hand
    (golden gnomes lie at random among its 3 gnomes). P1 saw one of P0's gnomes, a wake: taking
    left that card regular with chance 2/3, declining with 1, so P0 took in 0.4 of the worlds
    (2000 worlds: 800 expected, sigma 22, bounds 4.5 sigma). Having seen P0's golden gnome, every
    world holds it; having seen three regular ones, none."""
    seen_wake = golden_game_two(["golden", "wake", "sprout"], known={"g1": [0, 1, 2]})
    assert 700 <= sum(holds_golden_in_worlds(seen_wake, 1, range(2000))) <= 900
    seen_golden = golden_game_two(["golden", "wake", "sprout"], known={"g0": [0, 1, 2]})
    assert set(holds_golden_in_worlds(seen_golden, 1, range(50))) == {1}
    everything = {f"g{i}": [0, 1, 2] for i in range(3)}
    seen_all = golden_game_two(["sprout", "wake", "sprout"], known=everything, took=False)
    assert set(holds_golden_in_worlds(seen_all, 1, range(50))) == {0}


def test_resample_rewrites_the_golden_choices_in_the_history():
    """A world's history holds the world's golden choices, so it shows nothing of the true ones."""
    state = build(shared_win_hands(), golden=True, pad=2, out=4, last_out=4)
    act(state, "use hans (g0)")
    act(state, "hans: name white")
    act(state, "take the golden gnome")
    assert state.history()[-1] == TAKE and state.current_player() == 1
    choices = set()
    for seed in range(40):
        world = state.resample_from_infostate(1, seed)
        kept = world.fields()["offer_kept"] & 1
        assert world.history()[-1] == (TAKE if kept else DECLINE)
        assert world.information_state_string(1) == state.information_state_string(1)
        choices.add(kept)
    assert choices == {0, 1}
    assert all(state.resample_from_infostate(0, seed).history()[-1] == TAKE for seed in range(10))


# ------------------------------------------------------------------------------------------------
# Serialized fields are validated


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda f: f["mushroom_face"].__setitem__(0, (f["mushroom_face"][0] + 1) % 5), "there must be"),
        (lambda f: f["mushroom_known"].__setitem__(0, 2), "holder must know"),
        (lambda f: f["mushroom_known"].__setitem__(20, 1), "pool cards"),
        (
            lambda f: (f["gnome_holder"].__setitem__(0, 1), f["gnome_known"].__setitem__(0, 2)),
            "gnomes never change hands",
        ),
        (lambda f: f["gnome_known"].__setitem__(0, 3), "known to its holder only or to everyone"),
        (lambda f: f["gnome_holder"].__setitem__(24, 0), "cannot be held"),
        (lambda f: f["mushroom_holder"].__setitem__(0, 3), "outside"),
        (lambda f: f.__setitem__("offer_seat", [0, -1, -1, -1]), "offered in the golden match only"),
        (lambda f: f.__setitem__("awaiting", 1), "golden gnomes are offered in the golden match only"),
        (lambda f: f.__setitem__("phase", 8), "phase"),
        (lambda f: f.__setitem__("out", 1), "out but has"),
        (lambda f: f.__setitem__("winners", 1), "winners"),
        (lambda f: f.__setitem__("round", 100), "round"),
        (lambda f: f.__setitem__("target", 0), "nothing may be pending"),
        (lambda f: f.pop("turn"), "missing"),
    ],
)
def test_fields_are_validated(change, message):
    game = ts.load_game("gnomi")
    f = game.new_initial_state(0).fields()
    change(f)
    with pytest.raises(ValueError, match=message):
        position(game, fields=f)


# ------------------------------------------------------------------------------------------------
# What absence reveals (issue 13): worlds agree with failed asks, gives and hans

RED = M_FACES.index("red")


def up_faces_of(f, seat):
    return [
        f["mushroom_face"][m]
        for m in range(len(f["mushroom_face"]))
        if f["mushroom_holder"][m] == seat and f["mushroom_up"][m]
    ]


def failed_ask():
    """P0 asks P1 for red; P1 (white, orange, blue, purple right side up) has none."""
    hands = [
        dict(up=["red", "blue"], awake=["wake"] * 3),
        dict(up=["white", "orange", "blue", "purple"], awake=["sprout"] * 3),
    ]
    state = build(hands, pad=0)
    act(state, "use 1 red (m0)")
    act(state, "no reaction")
    assert holder(state, "m2") == 1 and state.current_player() == 1
    return state


def test_a_failed_ask_rules_the_colour_out_of_every_world():
    """Issue 13: after P1 answered "use 1 red" with no card, 117 of 200 of P0's worlds still gave
    P1 a red; now none of 200 does, and P0's information state says so."""
    state = failed_ask()
    assert state.fields()["mushroom_not"][2:6] == [1 << RED] * 4
    assert "m2 ?(not red)" in state.information_state_string(0)
    worlds = [state.resample_from_infostate(0, seed).fields() for seed in range(200)]
    assert sum(RED in up_faces_of(w, 1) for w in worlds) == 0


def test_resample_is_uniform_over_the_worlds_a_failed_ask_allows():
    """P0 saw its 4 mushrooms (red, blue up; pad: orange, white composted); P1's 4 right-side-up
    cards are not red. Exact law of P1's first card m2, counted by enumerating P1's four faces
    (each weighted by the arrangements of the other 17 unseen faces in the pool). 3000 draws;
    chi-square with 3 degrees of freedom (red has probability 0), 16.27 being its 0.999 quantile."""
    import itertools
    import math

    state = failed_ask()
    f = state.fields()
    unseen = Counter({c: 5 for c in range(5)}) - Counter(
        f["mushroom_face"][m] for m in range(28) if f["mushroom_holder"][m] == 0
    )
    weight = Counter()
    for faces in itertools.product([c for c in range(5) if c != RED], repeat=4):
        if any(Counter(faces)[c] > unseen[c] for c in range(5)):
            continue
        left = unseen - Counter(faces)
        rest = math.factorial(sum(left.values()))
        for c in range(5):
            rest //= math.factorial(left[c])
        weight[faces[0]] += rest
    total = sum(weight.values())
    n = 3000
    counts = Counter(state.resample_from_infostate(0, seed).fields()["mushroom_face"][2] for seed in range(n))
    assert counts[RED] == 0
    chi2 = sum((counts[c] - n * weight[c] / total) ** 2 / (n * weight[c] / total) for c in weight)
    assert chi2 < 16.27


def test_a_give_rules_the_colour_out_of_the_cards_that_would_have_gone_first():
    """P1 holds m2 white and m3 red (each known to P1 only): giving m3 shows m2 is not red."""
    hands = [dict(up=["red", "blue"], awake=["wake"] * 3), dict(up=["white", "red", "orange"], awake=["sprout"] * 3)]
    state = build(hands, pad=0)
    act(state, "use 1 red (m0)")
    act(state, "no reaction")
    assert holder(state, "m3") == 0
    f = state.fields()
    assert f["mushroom_not"][2] == 1 << RED and f["mushroom_not"][4] == 0  # m4 comes after m3
    for seed in range(100):
        assert state.resample_from_infostate(0, seed).fields()["mushroom_face"][2] != RED


def test_hans_rules_its_colour_out_of_the_mushrooms_it_left():
    """Issue 13: after a hans naming red, 145 of 200 worlds gave an opponent a red; now none."""
    hands = [
        dict(up=["blue"], awake=["hans", "wake", "wake"]),
        dict(up=["red", "white", "orange"], awake=["sprout"] * 3),
        dict(up=["blue", "purple"], awake=["thief"] * 3),
    ]
    state = build(hands, pad=2)
    act(state, "use hans (g0)")
    act(state, "hans: name red")
    while state.current_player() in (1, 2) and "no reaction" in legal_strings(state):
        act(state, "no reaction")
    assert not is_up(state, "m1") and knowers(state, "m1") == {0, 1, 2}  # P1's red, composted
    worlds = [state.resample_from_infostate(0, seed).fields() for seed in range(200)]
    assert sum(RED in up_faces_of(w, 1) or RED in up_faces_of(w, 2) for w in worlds) == 0
    assert "?(not red)" in state.information_state_string(0)


def test_an_earmuffed_ask_reveals_nothing_about_mushrooms():
    hands = [
        dict(up=["red", "blue"], awake=["wake"] * 3),
        dict(up=["white", "orange", "blue", "purple"], awake=["earmuffs", "sprout", "sprout"]),
    ]
    state = build(hands, pad=0)
    act(state, "use 1 red (m0)")
    act(state, "earmuffs (g3): cancel")
    assert state.fields()["mushroom_not"] == [0] * 28


def test_mushroom_not_is_validated():
    state = failed_ask()
    f = state.fields()
    bad = list(f["mushroom_not"])
    bad[2] |= 1 << f["mushroom_face"][2]
    with pytest.raises(ValueError, match="rules out its own colour"):
        with_fields(state, mushroom_not=bad)


def test_elimination_waits_until_the_ask_is_answered():
    """Reading: P0 spends its last right-side-up card on "use 1 red"; P1 gives a red in return,
    so P0 stays in. Without a red to give, P0 is out and P1 wins."""
    hands = [
        dict(up=["red"], asleep=["wake"] * 3),
        dict(up=["red", "white"], awake=["sprout"] * 3),
        dict(up=["orange"], awake=["thief"] * 3),
    ]
    state = build(hands, pad=2)
    act(state, "use 1 red (m0)")
    act(state, "use 1 red -> P1")
    act(state, "no reaction")
    assert holder(state, "m1") == 0 and is_up(state, "m1")
    assert state.fields()["out"] == 0 and state.current_player() == 1
    state = build(hands, pad=2)
    act(state, "use 1 red (m0)")
    act(state, "use 1 red -> P2")
    act(state, "no reaction")
    assert state.fields()["out"] == 1 and state.current_player() == 1
