"""Gnomi's cards and moves in the players' words, the names of docs/rules/gnomi.md: "a blue
mushroom", "an Alarm Gnome", and "a mushroom" or "a gnome" where the viewer does not know the
face. The native names (``action_to_string``: "use 1 blue (m5)") number the cards; a player sees
the cards themselves on the board, so no number is said here.

`action_name` names a move for the seat that makes it (the page's buttons); `said` tells it in the
move log (gnomi/moves.py), as a viewer saw it once the move was over.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Optional

from tablesearch.games.gnomi.drawing import (
    COLOUR,
    DECLINE_GOLDEN,
    DONE,
    EFFECTS,
    MUSHROOMS,
    NO_REACTION,
    PASS_G,
    PASS_M,
    PHASES,
    PICK_G,
    PICK_M,
    TAKE_GOLDEN,
    TARGET,
    USE1,
    USE2,
    USE_GNOME,
    Fields,
    _face,
)

# The gnomes by the rules page's names (its table's "name" column).
GNOME_NAMES = {
    "hans": "Hans the Destroyer",
    "sprout": "Sprouter",
    "wake": "Alarm Gnome",
    "lullaby": "Lullaby Gnome",
    "thief": "Pickpocket",
    "peek": "Peeker",
    "earmuffs": "Earmuffs gnome",
    "compost": "Composter",
    "golden": "Golden Gnome",
}


def _a(word: str) -> str:
    return ("an " if word[0].lower() in "aeiou" else "a ") + word


def card(f: Fields, kind: str, index: int, viewer: Optional[int]) -> str:
    """One card as `viewer` knows it: "a blue mushroom", "an Alarm Gnome", "a gnome"."""
    face = _face(f, kind, index, viewer)
    if kind == "m":
        return _a(f"{face} mushroom") if face else "a mushroom"
    if face is None:
        return "a gnome"
    return GNOME_NAMES[face] if face == "hans" else _a(GNOME_NAMES[face])


def cards(named: list[str]) -> str:
    """Several cards: "2 red mushrooms and an Alarm Gnome" (alike ones counted)."""
    counted = Counter(named)
    parts = [text if n == 1 else f"{n} {text.split(' ', 1)[1]}s" for text, n in counted.items()]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _colour(f: Fields) -> str:
    return str(MUSHROOMS[f["colour"]]) if f["colour"] >= 0 else "a colour"


def _effect_gnome(f: Fields) -> str:
    """The gnome whose ability is under way (its effect shares the gnome's id)."""
    return _a(GNOME_NAMES.get(EFFECTS[f["effect"]], "gnome"))


def action_name(state: Any, action: int) -> str:
    """A move as the seat making it names it ("use 1 blue mushroom", "put a Pickpocket to sleep").
    A move that goes on with another starts as that one will ("use 1 blue mushroom", then "use 1
    blue mushroom to ask P2 for blue"), so that the page can join them."""
    if state.is_chance_node():
        return "a mushroom drawn at random"
    f = state.fields()
    seat = int(state.current_player())
    phase = PHASES[f["phase"]]
    if phase == "use 2 second" and action in PICK_M:  # joins "use 2 mushrooms: blue" as one choice
        first, second = (_face(f, "m", i, seat) or "one unseen" for i in (f["pick"], PICK_M.item(action)))
        return f"use 2 mushrooms: {first} and {second}"
    return _verb_phrase(f, phase, action, seat, f) + _told_apart(state, f, action, seat)


def _told_apart(state: Any, f: Fields, action: int, seat: int) -> str:
    """Who has seen the card, where another legal move names a card of the same face in the same
    way (two blue mushrooms: using the one the others have seen keeps the other secret)."""
    for kind, moves in (("m", USE1), ("m", USE2), ("m", PASS_M), ("m", PICK_M), ("g", PASS_G), ("g", PICK_G)):
        if action not in moves:
            continue
        face = _face(f, kind, moves.item(action), seat)
        alike = [a for a in state.legal_actions() if a in moves and _face(f, kind, moves.item(a), seat) == face]
        if len(alike) < 2:
            return ""
        known = f["mushroom_known" if kind == "m" else "gnome_known"][moves.item(action)] & ~(1 << seat)
        others = [p for p in range(state.num_players()) if p != seat]
        if all(known >> p & 1 for p in others):
            return " (everyone has seen it)"
        seen = [f"P{p}" for p in others if known >> p & 1]
        return f" (seen by {' and '.join(seen)})" if seen else " (no one else has seen it)"
    return ""


def said(before: Any, after: Any, player: int, action: int, viewer: Optional[int]) -> str:
    """The move's words in the log without its subject ("uses 1 blue mushroom"), faces as `viewer`
    knows them once the move is over (`after`)."""
    b = before.fields()
    phase = PHASES[b["phase"]]
    if action in TARGET:
        target = f"P{TARGET.item(action)}"
        if phase == "use 1 target":
            return f"asks {target} for {_colour(b)}"
        if phase == "use 2 target":
            return f"takes a random mushroom from {target}"
        return f"aims it at {target}"
    verb, _, rest = _verb_phrase(b, phase, action, player, after.fields(), viewer).partition(" ")
    if verb == "no":  # "no reaction"
        return "does not react"
    if verb == "pass:":  # "passes: composts ..."
        verb, _, rest = rest.partition(" ")
        return f"passes: {verb}s {rest}"
    return f"{verb}s {rest}"


def _verb_phrase(
    b: Fields,
    phase: str,
    action: int,
    seat: int,
    a: Fields,
    viewer: Optional[int] = -1,
) -> str:
    """The move's words from `b`'s phase, its cards named from `a` as `viewer` knows them (-1:
    the seat making it)."""
    viewer = seat if viewer == -1 else viewer
    if action in USE1:
        return f"use 1 {card(a, 'm', USE1.item(action), viewer).split(' ', 1)[1]}"
    if action in USE2:
        return f"use 2 mushrooms: {_face(a, 'm', USE2.item(action), viewer) or 'one unseen'}"
    if action in USE_GNOME:
        return f"use {card(a, 'g', USE_GNOME.item(action), viewer)}"
    if action in PASS_M:
        return f"pass: compost {card(a, 'm', PASS_M.item(action), viewer)} without showing it"
    if action in PASS_G:
        return f"pass: put {card(a, 'g', PASS_G.item(action), viewer)} to sleep without showing it"
    if action in TARGET:
        target = f"P{TARGET.item(action)}"
        if phase == "use 1 target":
            return f"use 1 {_colour(b)} mushroom to ask {target} for {_colour(b)}"
        if phase == "use 2 target":
            return f"take a random mushroom from {target}"
        return f"use {_effect_gnome(b)} on {target}"
    if action in PICK_M:
        mushroom = card(a, "m", PICK_M.item(action), viewer)
        words = {
            "use 2 second": f"add {_face(a, 'm', PICK_M.item(action), viewer) or 'one unseen'}",
            "sprout": f"sprout {mushroom}",
            "peek reveal": f"show {mushroom}",
            "peek take": f"take {mushroom}",
            "compost choice": f"compost {mushroom}",
        }
        return words.get(phase, f"choose {mushroom}")
    if action in PICK_G:
        gnome = card(a, "g", PICK_G.item(action), viewer)
        words = {
            "react": f"cancel it with {gnome}",
            "wake": f"wake {gnome}",
            "lullaby choice": f"put {gnome} to sleep",
        }
        return words.get(phase, f"choose {gnome}")
    if action in COLOUR:
        return f"name {MUSHROOMS[COLOUR.item(action)]} for Hans the Destroyer"
    fixed = {
        DONE: "stop sprouting",
        NO_REACTION: "no reaction",
        TAKE_GOLDEN: "take the golden gnome, in secret",
        DECLINE_GOLDEN: "decline the golden gnome, in secret",
    }
    return fixed.get(action, f"move {action}")
