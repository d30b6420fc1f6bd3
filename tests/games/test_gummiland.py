"""Gummiland (docs/rules/gummiland.md): every Reading, every special reward, the capture and
end rules, scoring, and the knowledge model, on positions built from validated serialized fields."""

from __future__ import annotations

import itertools
import json
import random

import pytest

import tablesearch as ts
from helpers import positions
from helpers.gummiland_positions import (
    CLS,
    END,
    NUM_WILD_ROWS,
    PHASES,
    PILE,
    PLAYER,
    REGIONS,
    ROWS,
    TILE_OWNER,
    TYPE,
    USE,
    capture,
    names,
    play,
    position,
    region_of,
    stall_piles,
)

# ---------------------------------------------------------------------------------------------
# The tile table and setup.


def test_tile_table_mirrors_the_native_one():
    """Every tile prints the name this file expects (so ROWS is the native table), and each
    player's starting tiles are the copies the row expansion gives them."""
    assert sum(c for _, c in ROWS[:26]) == 32 and sum(c for _, c in ROWS[26:NUM_WILD_ROWS]) == 12
    for p in range(4):
        state = position(players=4, regions="pineapple,orange,blackberry", spare=p, piles=[["S>A:1"], [], [], []])
        f = state.fields()
        assert all(TILE_OWNER[t] in (-1, p) for t in f[f"box{p}"])
        assert len(f[f"box{p}"]) == 9 + 43
        assert f"box ({len(f[f'box{p}'])}, next out first): {' '.join(names(f[f'box{p}']))}\n" in str(state)


@pytest.mark.parametrize("regions", ["", "pineapple", "orange,blackberry", "pineapple,orange,blackberry"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_shuffles_from_the_seed(players, regions):
    """Reading: the exotic wild tiles go one into each pile, so each pile holds 8 standard tiles
    and one exotic wild tile per region in play; each box holds its owner's starting tiles in an
    order unknown to everyone. The same seed gives the same setup, another seed another."""
    game = ts.load_game("gummiland", players=players, regions=regions)
    nreg = len([r for r in regions.split(",") if r])
    tops = set()
    for seed in range(5):
        state = game.new_initial_state(seed)
        assert state.serialize() == game.new_initial_state(seed).serialize()
        f = state.fields()
        for k in range(4):
            pile = f[f"pile{k}"]
            assert len(pile) == 8 + nreg
            regs = sorted(region_of(t) for t in pile if region_of(t) is not None)
            assert regs == sorted(REGIONS.index(r) for r in regions.split(",") if r)
            assert f["pile_exotic"][k] == sum(1 << r for r in regs)
        tops.add(tuple(f[f"pile{k}"][-1] for k in range(4)))
        for p in range(players):
            owned = f[f"box{p}"] + f[f"front{p}"]
            assert len(owned) == 6 + nreg and all(TILE_OWNER[t] == p for t in owned)
        # Player 0 has tickled 2 (greedy tiles cannot be among starting tiles), the rest wait.
        assert len(f["front0"]) == 2 and f["box_unknown"][0] == 4 + nreg
        assert f["box_unknown"][1:] == [6 + nreg] * (players - 1)
    assert len(tops) > 1


def test_parameters_and_their_validation():
    game = ts.load_game("gummiland")
    assert game.parameters() == {"players": 2, "regions": "", "max_rounds": 60}
    assert ts.load_game("gummiland", regions="blackberry,pineapple").parameters()["regions"] == "pineapple,blackberry"
    with pytest.raises(ValueError, match="pineapple, orange, blackberry"):
        ts.load_game("gummiland", regions="banana")
    with pytest.raises(ValueError, match="between 2 and 4"):
        ts.load_game("gummiland", players=5)
    assert game.has_hidden_information() and not game.has_chance()
    for n in (2, 3, 4):
        assert ts.load_game("gummiland", players=n).observation_shape() == (50 * n + 112,)


# ---------------------------------------------------------------------------------------------
# Tickling.


def test_greedy_tile_goes_straight_back_and_counts_as_one_of_the_two():
    """Reading: a greedy tile that comes out goes back into the box (at the top) and still counts
    as one of the 2 tiles tickled."""
    state = position(boxes={1: ["AAA:4", "S:1", "A:1"]}, spare=0, piles=stall_piles())
    play(state, END)
    f = state.fields()
    assert names(f["front1"]) == ["S:1"]
    assert names(f["box1"])[0] == "A:1" and names(f["box1"])[-1] == "AAA:4"


def test_tickle_with_a_short_box_ends_early():
    rest = ["A:1", "L:1", "Taste:1", "Gum:1", "Exchange:1"]
    state = position(boxes={1: ["S:1"]}, fronts={1: rest}, spare=0, piles=stall_piles())
    play(state, END)
    f = state.fields()
    assert f["box1"] == [] and names(f["front1"]) == rest + ["S:1"]


# ---------------------------------------------------------------------------------------------
# Capturing.


def test_capture_that_cannot_be_paid_is_illegal():
    state = position(fronts={0: ["S:1"]}, piles=[["SS>A:2"], ["A>L:1"], ["S>A:1"], ["SAL:4"]])
    assert PILE[0] not in state.legal_actions() and PILE[1] not in state.legal_actions()
    assert PILE[2] in state.legal_actions()
    with pytest.raises(ValueError, match="illegal action 1"):
        state.apply_action(PILE[0])


def test_payment_offers_only_tiles_that_keep_full_payment_possible():
    # SA>L costs S and A. With S, S (L>S trained) and M in front: S or M first; after S, only M.
    state = position(fronts={0: ["S:1", "L>S:1", "SA>M:2"]}, piles=[["SA>L:2"], [], [], []], spare=1)
    play(state, PILE[0])
    assert state.legal_actions() == [CLS["S"], CLS["M"]]
    play(state, CLS["S"])
    assert state.legal_actions() == [CLS["M"]]
    # Cost SS with S and M in front: both may pay first; M first leaves S.
    state = position(fronts={0: ["S:1", "SA>M:2", "A:1"]}, piles=[["SS>A:2"], [], [], []], spare=1)
    play(state, PILE[0])
    assert state.legal_actions() == [CLS["S"], CLS["M"]]
    play(state, CLS["M"])
    assert state.legal_actions() == [CLS["S"]]
    # Cost SA with S, S, A: paying a second S would leave A unpaid, so after S only A.
    state = position(fronts={0: ["S:1", "L>S:1", "A:1"]}, piles=[["SA>L:2"], [], [], []], spare=1)
    play(state, PILE[0], CLS["S"])
    assert state.legal_actions() == [CLS["A"]]


def test_capture_slides_tiles_into_the_box_in_the_chosen_order():
    state = position(
        fronts={0: ["S:1", "A:1", "L:1"]}, boxes={0: ["Taste:1"]}, piles=[["SAL>M:3", "SA>L:2"], [], [], []], spare=1
    )
    play(state, PILE[0], CLS["A"], CLS["S"])
    f = state.fields()
    assert f["phase"] == PHASES["slide"] and names(f["pending"]) == ["A:1", "S:1", "SA>L:2"]
    assert names(f["pile0"])[-1] == "SAL>M:3"  # the next tile is revealed
    assert state.legal_actions() == [CLS["S"], CLS["A"], CLS["L"]]  # SA>L trains to L
    play(state, CLS["L"], CLS["S"])  # the last one (A) slides by itself
    f = state.fields()
    assert f["phase"] == PHASES["main"]
    assert names(f["box0"])[-3:] == ["SA>L:2", "S:1", "A:1"]
    assert names(f["front0"]) == ["L:1"]
    # One capture per turn.
    assert all(a not in state.legal_actions() for a in PILE)


def test_capture_of_tiles_of_one_class_needs_no_order_decision():
    state = position(fronts={0: ["S:1", "L>S:1"]}, piles=[["SSA>S:3", "SS>L:2"], [], [], []], spare=1)
    play(state, PILE[0], CLS["S"], CLS["S"])
    assert state.fields()["phase"] == PHASES["slide"]  # S, S and the L tile: still a choice
    state = position(fronts={0: ["SAL>M:3", "SL>M:2"]}, piles=[["SSA>S:3", "SA>M:2"], [], [], []], spare=1)
    play(state, PILE[0], CLS["M"], CLS["M"])
    f = state.fields()
    assert f["phase"] == PHASES["main"] and names(f["box0"])[-3:] == ["SAL>M:3", "SL>M:2", "SA>M:2"]


# ---------------------------------------------------------------------------------------------
# Special rewards.


def test_taste_tickles_two_more_then_goes_into_the_box():
    state = position(fronts={0: ["Taste:1"]}, boxes={0: ["S:1", "A:1", "L:1"]}, piles=stall_piles(), spare=1)
    play(state, USE["Taste"])
    f = state.fields()
    assert names(f["front0"]) == ["S:1", "A:1"]
    assert names(f["box0"])[-1] == "Taste:1" and names(f["box0"])[0] == "L:1"


def test_taste_needs_a_tile_in_the_box_and_each_tile_gives_its_special_once_per_turn():
    state = position(
        fronts={0: ["Taste:1"] + ["S:1", "A:1", "L:1", "Gum:1", "Exchange:1"]},
        boxes={0: []},
        piles=stall_piles(),
        spare=1,
    )
    assert USE["Taste"] not in state.legal_actions()
    # Taste into an empty box comes straight back out with the next Exchange, but is spent.
    state = position(
        fronts={0: ["Taste:1", "Exchange:1", "S:1", "L:1", "Gum:1"]}, boxes={0: ["A:1"]}, piles=stall_piles(), spare=1
    )
    play(state, USE["Taste"])  # A comes out, Taste goes in
    play(state, USE["Exchange"], CLS["S"], END)  # S in, 1 out: Taste comes back; Exchange goes in
    f = state.fields()
    assert "Taste:1" in names(f["front0"])
    assert USE["Taste"] not in state.legal_actions()
    assert "Taste:1*" in str(state)


def test_chewing_gum_copying_a_fruit_pays_like_it():
    state = position(fronts={0: ["Gum:1", "S:1"]}, piles=[["SS>A:2"], ["SSAL:5"], [], []], spare=1)
    assert PILE[0] not in state.legal_actions()
    play(state, USE["Gum"])
    assert state.legal_actions() == [CLS["S"]]
    play(state, CLS["S"])
    assert "Gum:1=S" in str(state)
    play(state, PILE[0])
    assert state.legal_actions() == [CLS["S"], CLS["ActiveGum"]]
    assert state.action_to_string(CLS["ActiveGum"]) == "pay with Chewing gum (as S)"
    play(state, CLS["ActiveGum"], CLS["S"])
    assert state.fields()["gum_as"] == 0
    assert state.legal_actions() == [CLS["S"], CLS["A"], CLS["Gum"]]  # it slides as a plain gum
    play(state, CLS["Gum"], CLS["S"])
    f = state.fields()
    assert names(f["box0"])[-3:] == ["Gum:1", "S:1", "SS>A:2"] and f["front0"] == []


def test_chewing_gum_copy_lasts_until_the_end_of_the_turn():
    state = position(fronts={0: ["Gum:1", "SA>M:2"]}, piles=stall_piles(), spare=1)
    play(state, USE["Gum"], CLS["M"])
    assert state.fields()["gum_as"] == 4
    play(state, END)
    f = state.fields()
    assert f["gum_as"] == 0 and names(f["front0"]) == ["SA>M:2", "Gum:1"]
    assert "Gum:1=" not in str(state)


def test_chewing_gum_copying_a_special_applies_it_and_goes_into_the_box():
    state = position(fronts={0: ["Gum:1", "Taste:1"]}, boxes={0: ["S:1", "A:1", "L:1"]}, piles=stall_piles(), spare=1)
    play(state, USE["Gum"])
    assert state.legal_actions() == [CLS["Taste"]]
    play(state, CLS["Taste"])
    f = state.fields()
    assert names(f["front0"]) == ["Taste:1", "S:1", "A:1"]  # the copied Taste stays, unused
    assert names(f["box0"]) == ["L:1", "Exchange:1", "Gum:1"]
    assert USE["Taste"] in state.legal_actions()


def test_chewing_gum_copying_doublon_allows_two_captures():
    state = position(
        players=2,
        regions="orange",
        fronts={0: ["Gum:1", "Doublon:1", "S:1", "A:1"]},
        piles=[["S>A:1"], ["A>L:1"], [], []],
        spare=1,
    )
    play(state, USE["Gum"], CLS["Doublon"])
    capture(state, 0, "S")
    capture(state, 1, "A")
    f = state.fields()
    assert f["captures_left"] == 0 and names(f["front0"]) == ["Doublon:1"]


def test_chewing_gum_needs_something_to_copy():
    # Tidy Up with no opponent tile in front, a Doublon already used: nothing to copy.
    state = position(
        regions="pineapple,orange",
        fronts={0: ["Gum:1", "TidyUp:1", "Doublon:1"]},
        piles=stall_piles(),
        spare=1,
        doubled=1,
        captures_left=2,
    )
    assert state.legal_actions() == [END]
    state = position(
        regions="pineapple,orange", fronts={0: ["Gum:1", "TidyUp:1", "Doublon:1"]}, piles=stall_piles(), spare=1
    )
    assert state.legal_actions() == [END, USE["Gum"], USE["Doublon"]]
    play(state, USE["Gum"])
    assert state.legal_actions() == [CLS["Doublon"]]


def test_exchange_puts_up_to_two_tiles_in_then_tickles_as_many():
    state = position(
        fronts={0: ["Exchange:1", "S:1", "A:1", "L:1"]}, boxes={0: ["Taste:1", "Gum:1"]}, piles=stall_piles(), spare=1
    )
    play(state, USE["Exchange"])
    assert END not in state.legal_actions()  # at least one tile
    play(state, CLS["L"], CLS["S"])
    f = state.fields()
    assert names(f["front0"]) == ["A:1", "Taste:1", "Gum:1"]
    assert names(f["box0"]) == ["L:1", "S:1", "Exchange:1"]
    # Stopping after one tile tickles one.
    state = position(
        fronts={0: ["Exchange:1", "S:1", "A:1", "L:1"]}, boxes={0: ["Taste:1", "Gum:1"]}, piles=stall_piles(), spare=1
    )
    play(state, USE["Exchange"], CLS["A"], END)
    f = state.fields()
    assert names(f["front0"]) == ["S:1", "L:1", "Taste:1"]
    assert names(f["box0"]) == ["Gum:1", "A:1", "Exchange:1"]


def test_tidy_up_puts_an_opponents_tile_into_their_box():
    state = position(
        players=3,
        regions="pineapple",
        fronts={0: ["TidyUp:1"], 2: ["S:1", "Taste:1"]},
        boxes={2: ["A:1"]},
        piles=stall_piles(),
        spare=1,
    )
    play(state, USE["TidyUp"])
    assert state.legal_actions() == [PLAYER[2]]  # player 1 has nothing in front
    play(state, PLAYER[2])
    assert state.legal_actions() == [CLS["S"], CLS["Taste"]]
    play(state, CLS["Taste"])
    f = state.fields()
    assert names(f["front2"]) == ["S:1"] and names(f["box2"])[:1] == ["A:1"] and names(f["box2"])[-1] == "Taste:1"
    assert names(f["box0"])[-1] == "TidyUp:1"


def test_tidy_up_needs_an_opponent_with_a_tile_in_front():
    state = position(regions="pineapple", fronts={0: ["TidyUp:1"]}, piles=stall_piles(), spare=1)
    assert USE["TidyUp"] not in state.legal_actions()


def test_doublon_allows_two_captures_each_paid_in_full():
    piles = [["S>A:1"], ["A>L:1"], ["SS>L:2"], []]
    state = position(regions="orange", fronts={0: ["S:1", "A:1"]}, piles=piles, spare=1)
    capture(state, 0, "S")
    assert all(a not in state.legal_actions() for a in PILE)  # one capture without a Doublon
    state = position(regions="orange", fronts={0: ["Doublon:1", "S:1", "A:1"]}, piles=piles, spare=1)
    play(state, USE["Doublon"])
    assert USE["Doublon"] not in state.legal_actions()
    assert state.legal_actions() == [END, PILE[0], PILE[1]]  # SS>L cannot be paid
    capture(state, 0, "S")
    assert state.legal_actions() == [END, PILE[1]]
    capture(state, 1, "A")
    f = state.fields()
    assert f["captures_left"] == 0 and f["front0"] == []
    assert {"Doublon:1", "S>A:1", "A>L:1", "S:1", "A:1"} <= set(names(f["box0"]))


def test_doublon_after_a_capture_gives_the_second_one():
    state = position(
        regions="orange", fronts={0: ["Doublon:1", "S:1", "A:1"]}, piles=[["S>A:1"], ["A>L:1"], [], []], spare=1
    )
    capture(state, 0, "S")
    assert all(a not in state.legal_actions() for a in PILE)
    play(state, USE["Doublon"])
    capture(state, 1, "A")
    assert len(state.fields()["pile1"]) == 0


def test_selection_shows_the_pile_to_its_user_only_and_puts_a_chosen_tile_on_top():
    piles = [["SS>A:2", "LL>S:2", "AAA:4", "S>A:1"], ["SSS:4"], ["LLL:4"], ["SAL:4"]]
    state = position(regions="blackberry", fronts={0: ["Selection:1"]}, piles=piles, spare=1)
    before = [state.information_state_string(p) for p in (0, 1)]
    play(state, USE["Selection"])
    assert state.legal_actions() == [PILE[0]]  # only pile 0 has 2 tiles or more
    play(state, PILE[0])
    assert state.legal_actions() == sorted(TYPE(n) for n in ["SS>A:2", "LL>S:2", "AAA:4", "S>A:1"])
    assert "order (bottom first): SS>A:2 LL>S:2 AAA:4 S>A:1" in state.information_state_string(0)
    assert "order (bottom first)" not in state.information_state_string(1)
    play(state, TYPE("LL>S:2"))
    f = state.fields()
    assert names(f["pile0"]) == ["SS>A:2", "AAA:4", "S>A:1", "LL>S:2"]
    assert f["pile_known"] == [1, 0, 0, 0]
    assert "top LL>S:2" in str(state)  # the choice is public
    assert "order (bottom first): SS>A:2 AAA:4 S>A:1 LL>S:2" in state.information_state_string(0)
    assert "order known to player 0" in state.information_state_string(1)
    assert before[1] != state.information_state_string(1)


# ---------------------------------------------------------------------------------------------
# End and scoring.


def test_game_ends_at_the_end_of_the_round_once_two_piles_are_empty():
    """The trigger in seat 0's turn still lets seat 1 and 2 play (equal turns)."""
    piles = [["S>A:1"], ["A>L:1"], ["LLL:4", "SSS:4"], ["AAA:4", "SAL:4"]]
    state = position(players=3, fronts={0: ["S:1", "A:1"]}, piles=piles, spare=1, captures_left=2, doubled=1)
    capture(state, 0, "S")
    capture(state, 1, "A")
    assert not state.is_terminal()
    play(state, END)
    assert state.current_player() == 1
    play(state, END)
    assert state.current_player() == 2
    play(state, END)
    assert state.is_terminal() and state.fields()["round"] == 1


def test_game_ends_at_once_when_no_wild_tile_is_left():
    state = position(players=3, fronts={0: ["S:1"]}, piles=[["S>A:1"], [], [], []], spare=2)
    play(state, PILE[0], CLS["S"])
    assert state.is_terminal() and state.current_player() == ts.TERMINAL
    f = state.fields()
    assert names(f["box0"])[-2:] == ["S:1", "S>A:1"]  # paid order
    assert state.legal_actions() == []


def test_stall_cap_ends_the_game_scored_as_usual():
    """Reading: with no one able to pay, the round cap ends the game and Gummiz decide."""
    state = position(players=2, piles=stall_piles(), spare=1, params={"max_rounds": 3})
    for _ in range(2 * 3):
        assert not state.is_terminal()
        play(state, END)
    assert state.is_terminal() and state.fields()["round"] == 3
    scores = state.scores()
    assert scores[1] > scores[0] and state.returns() == [-1.0, 1.0]
    assert ts.load_game("gummiland").parameters()["max_rounds"] == 60


def finished(players=2, regions="", boxes=None):
    """A game ended by the round cap (max_rounds=1, every player ends their turn at once): each
    player owns their starting tiles plus `boxes`; the other wild tiles stay in the piles."""
    state = position(players=players, regions=regions, boxes=boxes, piles=stall_piles(), params={"max_rounds": 1})
    for _ in range(players):
        play(state, END)
    assert state.is_terminal()
    return state


def test_scoring_counts_gummiz_not_tiles():
    state = finished(boxes={0: ["S>A:1", "S>A:1", "A>L:1", "A>L:1", "L>S:1", "L>S:1"], 1: ["SSS:4", "AAA:4"]})
    f = state.fields()
    assert len(f["box0"]) + len(f["front0"]) == 12 and len(f["box1"]) + len(f["front1"]) == 8
    assert state.scores() == [12.0, 14.0] and state.returns() == [-1.0, 1.0]


def test_m_is_a_fruit_for_the_tie_break():
    """Reading: tied on Gummiz, the most special tiles wins; M tiles are fruits, not specials.
    Player 0: three M tiles; player 1: two Doublon tiles and a fruit, the same 9 Gummiz."""
    state = finished(regions="orange", boxes={0: ["SAL>M:3"] * 3, 1: ["SAL>Doublon:3"] * 2 + ["SSA>S:3"]})
    assert state.scores() == [16.0, 16.0]
    assert state.returns() == [-1.0, 1.0]


def test_full_tie_is_a_draw_and_partial_ties_share_the_win():
    state = finished()
    assert state.scores() == [6.0, 6.0] and state.returns() == [0.0, 0.0]
    state = finished(players=3, boxes={0: ["SSS:4"], 1: ["AAA:4"]})
    assert state.returns() == [0.5, 0.5, -1.0]
    state = finished(players=4, boxes={2: ["SSS:4"]})
    assert state.returns() == pytest.approx([-1 / 3, -1 / 3, 1.0, -1 / 3])
    # Equal Gummiz, a special more: the Doublon tile beats the fruit tile.
    state = finished(players=3, regions="orange", boxes={0: ["SA>Doublon:2"], 1: ["SS>A:2"], 2: ["AA>L:2"]})
    assert state.scores() == [9.0, 9.0, 9.0] and state.returns() == [1.0, -0.5, -0.5]


# ---------------------------------------------------------------------------------------------
# Random play.


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_player_count_and_region_subset_plays_to_a_zero_sum_end(players):
    """2 seeded random games for each of the 8 region subsets; each must end with zero-sum returns
    that match the scores (a winner has the most Gummiz)."""
    for k in range(4):
        for subset in itertools.combinations(REGIONS, k):
            game = ts.load_game("gummiland", players=players, regions=",".join(subset))
            for seed in range(2):
                rng = random.Random(seed)
                state = game.new_initial_state(seed)
                while not state.is_terminal():
                    state.apply_action(rng.choice(state.legal_actions()))
                returns, scores = state.returns(), state.scores()
                assert sum(returns) == pytest.approx(0.0, abs=1e-12)
                best = max(scores)
                assert all(r < 0 for r, s in zip(returns, scores) if s < best)


# ---------------------------------------------------------------------------------------------
# Knowledge.


def test_information_state_equal_exactly_when_knowledge_is():
    piles = [["SS>A:2", "LL>S:2", "AAA:4", "S>A:1"], ["SSS:4", "AA>L:2", "LLL:4"], [], []]
    a = position(piles=piles, unknown=[0, 3], boxes={1: ["S:1", "A:1", "L:1"]}, spare=None)
    fa = a.fields()
    # The same table with hidden things in another order: the pile below the top, across piles
    # (keeping sizes), and the unknown part of a box.
    fb = json.loads(json.dumps(fa))
    fb["pile0"][0], fb["pile0"][1] = fa["pile0"][1], fa["pile0"][0]
    fb["pile0"][2], fb["pile1"][0] = fa["pile1"][0], fa["pile0"][2]
    fb["box1"][0], fb["box1"][2] = fa["box1"][2], fa["box1"][0]
    b = positions.position(a.get_game(), fields=fb)
    for p in (0, 1):
        assert a.information_state_string(p) == b.information_state_string(p)
    assert str(a) == str(b)
    # Once player 0 knows pile 0 (Selection), its order matters to player 0 only.
    fa["pile_known"] = fb["pile_known"] = [1, 0, 0, 0]
    a2, b2 = positions.position(a.get_game(), fields=fa), positions.position(a.get_game(), fields=fb)
    assert a2.information_state_string(0) != b2.information_state_string(0)
    assert a2.information_state_string(1) == b2.information_state_string(1)
    # Anything public differs for everyone: a top tile, the known part of a box.
    for zone, i, j in (("pile0", -1, 0), ("box0", 0, 1)):
        fd = json.loads(json.dumps(fa))
        fd[zone][i], fd[zone][j] = fa[zone][j], fa[zone][i]
        d = positions.position(a.get_game(), fields=fd)
        assert all(d.information_state_string(p) != a2.information_state_string(p) for p in (0, 1))


def test_resample_keeps_the_information_state_and_varies_only_the_unknown():
    """40 resamples for each player of a mid-game position: each keeps that player's information
    state and every public zone; the hidden parts take several different orders."""
    game = ts.load_game("gummiland", players=3, regions="pineapple,orange,blackberry")
    rng = random.Random(5)
    state = game.new_initial_state(5)
    for _ in range(60):
        state.apply_action(rng.choice(state.legal_actions()))
    f = state.fields()
    for p in range(3):
        hidden_orders = set()
        for seed in range(40):
            world = state.resample_from_infostate(p, seed)
            assert world.information_state_string(p) == state.information_state_string(p)
            assert world.history() == state.history()
            w = world.fields()
            for key in f:
                if key.startswith("pile") and key[4:].isdigit():
                    assert len(w[key]) == len(f[key]) and w[key][-1:] == f[key][-1:]
                    assert w["pile_exotic"] == f["pile_exotic"]
                elif key.startswith("box") and key[3:].isdigit():
                    q = int(key[3:])
                    u = f["box_unknown"][q]
                    assert w[key][u:] == f[key][u:] and sorted(w[key][:u]) == sorted(f[key][:u])
                else:
                    assert w[key] == f[key], key
            hidden = [w[f"pile{k}"] for k in range(4)] + [w[f"box{q}"] for q in range(3)]
            hidden_orders.add(json.dumps(hidden))
        assert len(hidden_orders) > 30


def test_resample_keeps_piles_the_player_looked_through():
    piles = [["SS>A:2", "LL>S:2", "AAA:4", "S>A:1"], ["SSS:4", "AA>L:2", "LLL:4"], ["A>L:1", "LL>A:2"], []]
    state = position(regions="blackberry", fronts={0: ["Selection:1"]}, piles=piles, spare=1)
    play(state, USE["Selection"], PILE[0], TYPE("S>A:1"))
    pile0 = state.fields()["pile0"]
    changed_for_1 = False
    for seed in range(20):
        assert state.resample_from_infostate(0, seed).fields()["pile0"] == pile0
        changed_for_1 |= state.resample_from_infostate(1, seed).fields()["pile0"] != pile0
    assert changed_for_1


def test_resample_never_reads_the_hidden_order():
    """Two states that differ only in what player 1 cannot know resample identically for the same
    seed: the result depends on player 1's knowledge alone."""
    piles = [["SS>A:2", "LL>S:2", "AAA:4", "S>A:1"], ["SSS:4", "AA>L:2", "LLL:4"], [], []]
    a = position(piles=piles, unknown=[0, 3], boxes={1: ["S:1", "A:1", "L:1"]})
    fb = a.fields()
    fb["pile0"][0], fb["pile1"][1] = fb["pile1"][1], fb["pile0"][0]
    fb["box1"][0], fb["box1"][1] = fb["box1"][1], fb["box1"][0]
    b = positions.position(a.get_game(), fields=fb)
    assert a.serialize() != b.serialize()
    for seed in range(5):
        assert a.resample_from_infostate(1, seed).serialize() == b.resample_from_infostate(1, seed).serialize()


def test_exotic_tiles_stay_one_per_pile_in_every_resample():
    game = ts.load_game("gummiland", players=2, regions="pineapple,orange,blackberry")
    state = game.new_initial_state(11)
    for seed in range(30):
        w = state.resample_from_infostate(1, seed).fields()
        for k in range(4):
            regs = sorted(region_of(t) for t in w[f"pile{k}"] if region_of(t) is not None)
            assert regs == [0, 1, 2]


# ---------------------------------------------------------------------------------------------
# What people see, and serialized fields.


def test_str_shows_the_table():
    state = position(
        players=2,
        fronts={0: ["S:1", "Gum:1"], 1: ["A:1"]},
        boxes={1: ["L:1", "SS>A:2"]},
        unknown=[0, 1],
        piles=[["SSS:4", "SAL>M:3"], [], ["AAA:4"], ["LLL:4"]],
        spare=0,
    )
    text = str(state)
    assert "Pile 0: 2 tiles, top SAL>M:3" in text and "Pile 1: empty" in text
    assert "front: S:1 Gum:1" in text and "front: A:1" in text
    assert "box (" in text and "? SS>A:2" in text
    assert f"Player 1: {int(state.scores()[1])} Gummiz" in text
    assert "player 0 acts" in text
    assert "SSS:4" not in text  # below the top
    assert [state.action_to_string(a) for a in state.legal_actions()][:1] == ["end turn"]


def test_action_strings_name_the_decision():
    state = position(fronts={0: ["S:1", "Gum:1"]}, piles=[["S>A:1"], [], [], []], spare=1)
    assert state.action_to_string(PILE[0]) == "capture S>A:1 from pile 0"
    assert state.action_to_string(USE["Gum"]) == "use Chewing gum"
    play(state, PILE[0])
    assert state.action_to_string(CLS["S"]) == "pay with S"
    with pytest.raises(ValueError):
        state.action_to_string(PILE[1])


@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda f: f["pile0"].append(f["pile1"][0]), "more than once"),
        (lambda f: f["pile0"].pop(), "missing"),
        (lambda f: f["pile0"].append(f["box0"].pop()), "starting tile"),
        (lambda f: f["box0"].append(f["box1"].pop()), "starting tile of player 1"),
        (lambda f: f.update(box_unknown=[99, 0]), "outside"),
        (lambda f: f.update(box_unknown=[len(f["box0"]) + 1, 0]), "exceeds"),
        (lambda f: f.update(phase=3), "in_use"),
        (lambda f: f.update(phase=1, target=2), "non-empty pile"),
        (lambda f: f.update(gum_as=2), "gum_as"),
        (lambda f: f.update(pile_exotic=[1, 0, 0, 0]), "outside"),
        (lambda f: f.update(round=61), "outside"),
        (lambda f: f.update(over=1), "not reached its end"),
        (lambda f: f.update(captures_left=2), "captures_left"),
        (lambda f: f.pop("pending"), "missing"),
        (lambda f: f["front0"].append(90), "outside"),
    ],
)
def test_fields_are_validated(edit, message):
    state = position(fronts={0: ["S:1"]}, piles=[["S>A:1"], ["A>L:1"], [], []], spare=1)
    f = state.fields()
    edit(f)
    with pytest.raises(ValueError, match=message):
        positions.position(state.get_game(), fields=f)


def test_greedy_tile_cannot_stay_in_front_and_exotic_flags_must_match():
    f = position(piles=[["S>A:1"], ["SSS:4"], [], []], spare=1).fields()
    f["front0"].append(f["pile1"].pop())
    with pytest.raises(ValueError, match="greedy"):
        positions.position(ts.load_game("gummiland"), fields=f)
    f = position(regions="orange", piles=[["S>A:1"], [], [], []], spare=1).fields()
    f["pile_exotic"][0] ^= 2
    with pytest.raises(ValueError, match="pile_exotic"):
        positions.position(ts.load_game("gummiland", regions="orange"), fields=f)


def test_observation_layout():
    """Blocks as gummiland.h documents: per player (observer first) 49 values, per pile 17, then
    the turn; fronts counted per class, pile tops by cost, Gummiz and reward."""
    state = position(
        players=3,
        fronts={0: ["S:1", "Gum:1"], 2: ["A:1", "SA>M:2", "SAL>M:3"]},
        piles=[["SSS:4", "SA>L:2"], [], [], []],
        spare=1,
    )
    play(state, USE["Gum"], CLS["S"])  # player 0's gum becomes an active gum (class 11)
    obs = state.observation_tensor(2)
    assert obs.shape == (50 * 3 + 112,)
    seat2, seat0, seat1 = obs[:49], obs[49:98], obs[98:147]  # clockwise from the observer
    assert list(seat2[:12]) == [0, 0, 1, 0, 2, 0, 0, 0, 0, 0, 0, 0]
    assert seat0[1] == 1 and seat0[11] == 1 and seat0[6] == 0  # S and the active gum
    assert seat1[12] == pytest.approx(len(state.fields()["box1"]) / 10)  # box size and Gummiz in tens
    assert seat1[47] == pytest.approx(state.scores()[1] / 10)
    pile0 = obs[147:164]
    assert list(pile0[:5]) == [2, 1, 1, 0, 2] and pile0[5 + 3] == 1  # SA>L:2 trains to L
    turn = obs[215:]
    assert list(turn[:3]) == [0, 1, 0]  # player 0 to move, one seat after the observer
    assert turn[3 + 0] == 1  # phase: main


# ---------------------------------------------------------------------------------------------
# Issue 17: the gum copy at the end of the game, once-per-turn specials and the gum; Issue 13:
# what everyone learns from a Selection.


def test_capturing_the_last_wild_tile_clears_the_gum_copy_and_the_end_round_trips():
    """The copy lasts until the end of the turn, and the turn ends with the game."""
    state = position(fronts={0: ["Gum:1", "S:1", "A:1"]}, piles=[["S>A:1"], [], [], []], spare=1)
    play(state, USE["Gum"], CLS["A"], PILE[0], CLS["S"])
    assert state.is_terminal() and state.fields()["gum_as"] == 0
    restored = state.get_game().deserialize_state(state.serialize())
    assert restored.serialize() == state.serialize() and restored.returns() == state.returns()


def test_gum_cannot_copy_a_special_whose_tile_was_used_this_turn():
    """Reading: each special tile's reward at most once per turn; the gum cannot copy one used."""
    state = position(
        fronts={0: ["Taste:1", "Exchange:1", "S:1", "L:1", "Gum:1"]}, boxes={0: ["A:1"]}, piles=stall_piles(), spare=1
    )
    play(state, USE["Taste"])  # A comes out, Taste goes into the box
    play(state, USE["Exchange"], CLS["S"], END)  # S in, one out: the spent Taste is back in front
    assert "Taste:1" in names(state.fields()["front0"])
    assert USE["Taste"] not in state.legal_actions()
    play(state, USE["Gum"])
    assert state.legal_actions() == [CLS["A"], CLS["L"]]  # fruits only: the Taste tile is spent
    # Without the spent Taste, a Taste is copyable (the box is not empty).
    state = position(fronts={0: ["Taste:1", "Gum:1"]}, boxes={0: ["A:1"]}, piles=stall_piles(), spare=1)
    play(state, USE["Gum"])
    assert state.legal_actions() == [CLS["Taste"]]


def test_gum_copying_a_special_leaves_the_copied_tile_usable_once():
    """Decision (docs/game-notes.md): the gum's copy uses the gum's reward, not the copied tile's."""
    state = position(
        fronts={0: ["Gum:1", "Taste:1"]}, boxes={0: ["S:1", "A:1", "L:1", "SS>A:2"]}, piles=stall_piles(), spare=1
    )
    play(state, USE["Gum"], CLS["Taste"], USE["Taste"])
    assert USE["Taste"] not in state.legal_actions() and USE["Gum"] not in state.legal_actions()


def test_an_active_gum_is_spent_for_the_turn():
    """Reading: the gum's own reward is used once per turn too (here to copy a fruit)."""
    state = position(fronts={0: ["Gum:1", "S:1", "Taste:1"]}, boxes={0: ["A:1", "L:1"]}, piles=stall_piles(), spare=1)
    play(state, USE["Gum"], CLS["S"])
    assert USE["Gum"] not in state.legal_actions()


def test_exchange_of_no_tile_is_no_move():
    """Reading: an Exchange puts at least one tile into the box, and needs another tile in front."""
    state = position(fronts={0: ["Exchange:1"]}, boxes={0: ["S:1"]}, piles=stall_piles(), spare=1)
    assert USE["Exchange"] not in state.legal_actions()
    state = position(fronts={0: ["Exchange:1", "S:1"]}, boxes={0: ["A:1"]}, piles=stall_piles(), spare=1)
    play(state, USE["Exchange"])
    assert state.legal_actions() == [CLS["S"]]  # stopping (END) only after one tile
    play(state, CLS["S"])  # no tile left in front: the exchange ends by itself
    assert state.fields()["phase"] == PHASES["main"]


def selection_watched():
    """P0 looks through pile 0 (bottom first: SS>A, LL>S, AAA, S>A on top) and puts LL>S on top,
    seen by P1: the old top S>A now lies just below it."""
    piles = [["SS>A:2", "LL>S:2", "AAA:4", "S>A:1"], ["SSS:4", "AA>L:2", "LLL:4"], ["A>L:1", "LL>A:2"], []]
    state = position(regions="blackberry", fronts={0: ["Selection:1", "S:1"]}, piles=piles, spare=1)
    play(state, USE["Selection"], PILE[0], TYPE("LL>S:2"))
    return state


def test_watchers_of_a_selection_know_the_old_top_lies_below_the_new_one():
    """Issue 13: 27 of 200 of P1's worlds kept the old top second; now all 200 do."""
    state = selection_watched()
    assert state.fields()["pile_seen"] == [1, 0, 0, 0]
    assert "known below the top (bottom first): S>A:1" in state.information_state_string(1)
    kept = sum(
        names(state.resample_from_infostate(1, seed).fields()["pile0"])[-2:] == ["S>A:1", "LL>S:2"]
        for seed in range(200)
    )
    assert kept == 200
    # The rest of the pile still varies, and the tiles below stay hidden.
    bottoms = {tuple(state.resample_from_infostate(1, seed).fields()["pile0"][:2]) for seed in range(40)}
    assert len(bottoms) > 5


def test_selection_from_the_known_part_adds_nothing_and_from_the_hidden_part_one():
    piles = [["SS>A:2", "AAA:4", "S>A:1", "LL>S:2"], ["SSS:4"], ["LLL:4"], ["SAL:4"]]
    state = position(regions="blackberry", fronts={0: ["Selection:1"]}, piles=piles, spare=1, pile_seen=[1, 0, 0, 0])
    play(state, USE["Selection"], PILE[0], TYPE("S>A:1"))  # the known tile below comes up
    f = state.fields()
    assert names(f["pile0"]) == ["SS>A:2", "AAA:4", "LL>S:2", "S>A:1"] and f["pile_seen"] == [1, 0, 0, 0]
    state = position(regions="blackberry", fronts={0: ["Selection:1"]}, piles=piles, spare=1, pile_seen=[1, 0, 0, 0])
    play(state, USE["Selection"], PILE[0], TYPE("AAA:4"))  # from the hidden part
    f = state.fields()
    assert names(f["pile0"]) == ["SS>A:2", "S>A:1", "LL>S:2", "AAA:4"] and f["pile_seen"] == [2, 0, 0, 0]
    assert "known below the top (bottom first): S>A:1 LL>S:2" in state.information_state_string(1)


def test_capturing_the_top_uncovers_the_known_tile_below():
    state = position(
        regions="blackberry",
        fronts={0: ["L:1", "A:1"]},
        piles=[["SS>A:2", "AAA:4", "S>A:1", "LL>S:2", "A>L:1"], ["SSS:4"], ["LLL:4"], ["SAL:4"]],
        spare=1,
        pile_seen=[2, 0, 0, 0],
    )
    assert "known below the top (bottom first): S>A:1 LL>S:2" in state.information_state_string(1)
    capture(state, 0, "A")
    assert state.fields()["pile_seen"] == [1, 0, 0, 0]
    assert "known below the top (bottom first): S>A:1" in state.information_state_string(1)
    with pytest.raises(ValueError, match="pile_seen"):
        positions.with_fields(state, pile_seen=[4, 0, 0, 0])
