"""The move log tells every visible consequence of a move (a game's `consequences` extra),
checked against the rules pages and the states themselves over seeded random games:
docs/rules/gnomi.md's "use 1 mushroom" (the target gives one of that colour, which everyone
then sees, or has none), "use 2" and the Pickpocket (a random mushroom: only the taker and the
victim learn its colour), Hans (every other player composts all their right-side-up mushrooms of
the colour, revealing them) and eliminations; Candy Land's moves; Leduc's pot; Gummiland's Gummiz.
Budget: a few seconds."""

from __future__ import annotations

import re

from helpers.random_walk import random_steps
from tablesearch.games.gnomi import drawing as gnomi
from tablesearch.render import moves

GIVES = re.compile(r"P(\d) gives an? (\w+) mushroom to P(\d)")
HAS_NONE = re.compile(r"P(\d) has no (\w+) to give")
TAKES = re.compile(r"P(\d) takes (an? \w+ mushroom|a mushroom) from P(\d)")
COMPOSTS = re.compile(r"P(\d) composts ((?:(?:an?|\d+) \w+ mushrooms?(?:, | and )?)+)")


def _moved(b, a, kind="mushroom"):
    """The cards that changed hands: [(card, from, to)]."""
    return [
        (i, was, now)
        for i, (was, now) in enumerate(zip(b[f"{kind}_holder"], a[f"{kind}_holder"]))
        if was != now and was >= 0 and now >= 0
    ]


def _moves(name, params, seeds, limit=1000):
    """(before, player, action, after) of seeded random games."""
    for seed in seeds:
        for state, player, action in random_steps(name, params, seed, limit):
            if action is None:
                break
            after = state.clone()
            after.apply_action(action)
            yield state, player, action, after


def test_gnomi_asks_are_answered_in_the_log():
    """Every ask that resolves is told: the card given (its holder moves, its colour is the one
    asked, everyone sees it) or that the target had none of that colour right side up."""
    gave = had_none = 0
    for before, player, action, after in _moves("gnomi", {"players": 4}, range(12)):
        b, a = before.fields(), after.fields()
        text = moves.describe_move(before, player, action)
        third = next(p for p in range(4) if p not in (b["turn"], b["target"]))
        for target, colour, asker in GIVES.findall(text):
            ((card, was, now),) = _moved(b, a)
            assert (was, now) == (int(target), int(asker)), text
            assert gnomi.MUSHROOMS[a["mushroom_face"][card]] == colour and a["mushroom_up"][card]
            assert f" {colour} mushroom to P{asker}" in moves.describe_move(before, player, action, viewer=third)
            gave += 1
        for target, colour in HAS_NONE.findall(text):
            held = [
                i
                for i in range(gnomi.M)
                if b["mushroom_holder"][i] == int(target)
                and b["mushroom_up"][i]
                and gnomi.MUSHROOMS[b["mushroom_face"][i]] == colour
            ]
            assert held == [], text
            had_none += 1
        asked = gnomi.EFFECTS[b["effect"]] == "give" and gnomi.EFFECTS[a["effect"]] != "give"
        if asked and "cancelled" not in text:
            assert GIVES.search(text) or HAS_NONE.search(text), f"an ask ended untold: {text}"
    assert gave >= 5 and had_none >= 5


def test_gnomi_random_takes_show_the_colour_only_to_the_taker_and_the_victim():
    """...and to whoever knew the card's face already (a card is followed from hand to hand)."""
    taken = hidden = 0
    for before, player, action, after in _moves("gnomi", {"players": 3}, range(10)):
        if player >= 0:
            continue
        known = after.fields()["mushroom_known"]
        for observer in range(3):
            for taker, face, victim in TAKES.findall(moves.describe_move(before, player, action, observer)):
                ((card, was, now),) = _moved(before.fields(), after.fields())
                assert (was, now) == (int(victim), int(taker))
                seen = face != "a mushroom"
                assert seen == bool(known[card] >> observer & 1), (observer, face)
                if seen:
                    assert face.split()[1] == gnomi.MUSHROOMS[after.fields()["mushroom_face"][card]]
                if observer in (int(taker), int(victim)):
                    assert seen
                hidden += not seen
                taken += 1
    assert taken >= 9 and hidden >= 3


def test_gnomi_hans_composts_every_mushroom_of_the_colour_in_the_log():
    told = 0
    for before, player, action, after in _moves("gnomi", {"players": 5}, range(40)):
        b, a = before.fields(), after.fields()
        text = moves.describe_move(before, player, action, viewer=0)
        if gnomi.EFFECTS[b["effect"]] != "hans":
            continue
        for seat, cards in COMPOSTS.findall(text):
            listed = sum(1 if n in ("a", "an") else int(n) for n in re.findall(r"(an?|\d+) \w+ mushrooms?", cards))
            hit = [
                i
                for i in range(gnomi.M)
                if b["mushroom_holder"][i] == int(seat) and b["mushroom_up"][i] and not a["mushroom_up"][i]
            ]
            assert listed == len(hit), text
            colours = {gnomi.MUSHROOMS[a["mushroom_face"][i]] for i in hit}
            assert set(re.findall(r"(\w+) mushrooms?", cards)) == colours, text  # revealed to all
            told += 1
        for s in range(5):
            if (a["out"] >> s) & 1 and not (b["out"] >> s) & 1:
                assert f"P{s} is out" in text
    assert told >= 3


def test_candy_land_leduc_and_gummiland_tell_where_pieces_pots_and_gummiz_went():
    from tablesearch.games.candyland.drawing import _positions

    moved = 0
    for before, player, action, after in _moves("candyland", {"players": 3}, range(3)):
        m = re.search(r"P(\d) moves (?:back )?from (\d+) to (\d+)", moves.describe_move(before, player, action))
        if m:
            seat, start, end = map(int, m.groups())
            assert (_positions(before)[0][seat], _positions(after)[0][seat]) == (start, end)
            moved += 1
    assert moved > 30
    pots = 0
    for before, player, action, after in _moves("leduc_poker", {}, range(20)):
        m = re.search(r"P(\d) wins the pot of (\d+) \(([+-][\d.]+)\)", moves.describe_move(before, player, action))
        if m:
            assert after.is_terminal() and after.returns()[int(m[1])] == float(m[3])
            pots += 1
    assert pots >= 10
    scored = 0
    for before, player, action, after in _moves("gummiland", {}, range(2)):
        for seat, gain, total in re.findall(
            r"P(\d) scores ([+-]\d+) Gummiz \((-?\d+) in all\)", moves.describe_move(before, player, action)
        ):

            def gummiz(state, seat=seat):
                line = next(x for x in str(state).splitlines() if x.startswith(f"Player {seat}:"))
                return int(line.split()[2])

            assert gummiz(after) == int(total) and gummiz(after) - gummiz(before) == int(gain)
            scored += 1
    assert scored >= 5


def test_gnomi_use_two_names_each_mushroom_once():
    """docs/rules/gnomi.md's "use 2": the player picks two mushrooms, one move each. The log says
    "uses 2 mushrooms" once, at the first, and adds the second (issue 50: it said "uses 2
    mushrooms: and red (m7)"); the page offers the two as one choice, "use 2 mushrooms: blue and
    red"."""
    seconds = 0
    for before, player, action, _ in _moves("gnomi", {"players": 3}, range(10)):
        if player < 0:
            continue
        text = moves.describe_move(before, player, action, player)
        assert "mushrooms: and" not in text and text.count("uses 2 mushrooms") <= 1, text
        if re.fullmatch(r"P\d adds \w+", text):
            first = gnomi.MUSHROOMS[before.fields()["mushroom_face"][before.fields()["pick"]]]
            label = moves.action_name(before, action)
            assert label == f"use 2 mushrooms: {first} and {text.split()[-1]}", label
            seconds += 1
    assert seconds >= 3
