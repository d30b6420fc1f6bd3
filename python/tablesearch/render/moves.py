"""Moves as a seat observed them: "P1 uses lullaby (g4)", "P0 is dealt a card".

``describe_move(before, player, action, observer)`` names the move `action` made by `player`
(``ts.CHANCE`` for a chance outcome) in the true state `before`, as seat `observer` saw it (None:
everything, for spectators of finished games and replays). It reads the true state on the server
side and writes only what the observer may know:

- perfect-information games: ``action_to_string``, which is public;
- Leduc poker: a private card dealt to another seat is "a card";
- Gnomi: actions name cards (their holders are public), and a card's face is written only if the
  observer knows it once the move is over (the state's knowledge masks), else "?": a pass that
  composts a mushroom unrevealed shows no colour to the others;
- Gummiland: every action is public (its header says so), so ``action_to_string``.

After the move itself come its other visible consequences, from the game's drawing module
(``consequences``: a card given in answer to an ask, a piece's new space...), joined with "; ".
"""

from __future__ import annotations

import re
from typing import Any, Optional

CHANCE = -1


def seat_name(player: int) -> str:
    return "chance" if player < 0 else f"P{player}"


def describe_move(before: Any, player: int, action: int, observer: Optional[int] = None) -> str:
    """One line for the move log; see the module docstring. Raises ValueError for an illegal action."""
    from tablesearch.render import consequences

    text = _move(before, player, action, observer)
    after = before.clone()
    after.apply_action(action)
    return "; ".join([text, *consequences(before, after, player, action, observer)])


def _move(before: Any, player: int, action: int, observer: Optional[int]) -> str:
    game = before.get_game()
    name = game.name
    if name == "leduc_poker":
        return _leduc(before, player, action, observer)
    if name == "gnomi":
        return _gnomi(before, player, action, observer)
    text = str(before.action_to_string(action))
    if name == "candyland":
        return f"{seat_name(player)} draws" if player >= 0 else f"the card: {text}"
    if game.has_hidden_information() and name != "gummiland" and observer is not None:
        # An unknown game with hidden information: say only what the observer's own tools say.
        if before.observed_action(observer, action) != action:
            return f"{seat_name(player)} makes a move you cannot see"
    if player < 0:
        return f"chance: {text}"
    return f"{seat_name(player)}: {text}" if name == "gummiland" else f"{seat_name(player)} plays {text}"


# --- Leduc poker -------------------------------------------------------------------------------

_RANKS = "JQKA23456"
_SUITS = "♠♥"


def _leduc_card(card: int) -> str:
    return _RANKS[card // 2] + _SUITS[card % 2]


def _leduc(before: Any, player: int, action: int, observer: Optional[int]) -> str:
    if player >= 0:
        verbs = {0: "folds", 1: "calls", 2: "raises"}
        return f"{seat_name(player)} {verbs.get(action, before.action_to_string(action))}"
    n = before.get_game().num_players()
    dealt = len(before.history())  # the private deals come first, one per seat in seat order
    if dealt < n:
        if observer is None or observer == dealt:
            return f"P{dealt} is dealt {_leduc_card(action)}"
        return f"P{dealt} is dealt a card"
    return f"public card: {_leduc_card(action)}"


# --- Gnomi -------------------------------------------------------------------------------------

_CARD = re.compile(r"\b([a-z]+) \(([mg])(\d+)\)")
_PHRASES = [
    (re.compile(r"^use 1 (\w+) -> (P\d)$"), r"asks \2 for \1"),
    (re.compile(r"^use 2 -> (P\d)$"), r"takes a random mushroom from \1"),
    (re.compile(r"^(\w+) -> (P\d)$"), r"aims \1 at \2"),
    (re.compile(r"^use 1 (.*)$"), r"uses 1 mushroom: \1"),
    (re.compile(r"^use 2: and (.*)$"), r"uses 2 mushrooms: and \1"),
    (re.compile(r"^use 2: (.*)$"), r"uses 2 mushrooms: \1"),
    (re.compile(r"^use (.*)$"), r"uses \1"),
    (re.compile(r"^pass: compost (.*)$"), r"passes: composts \1 unrevealed"),
    (re.compile(r"^pass: sleep (.*)$"), r"passes: puts \1 to sleep unrevealed"),
    (re.compile(r"^(.*) -> (P\d)$"), r"aims \1 at \2"),
    (re.compile(r"^sprout (.*)$"), r"sprouts \1"),
    (re.compile(r"^wake (.*)$"), r"wakes \1"),
    (re.compile(r"^sleep (.*)$"), r"puts \1 to sleep"),
    (re.compile(r"^reveal (.*)$"), r"reveals \1"),
    (re.compile(r"^take (.*)$"), r"takes \1"),
    (re.compile(r"^compost (.*)$"), r"composts \1"),
    (re.compile(r"^earmuffs (.*)$"), r"plays earmuffs \1"),
    (re.compile(r"^hans: name (.*)$"), r"names \1 for hans"),
    (re.compile(r"^sprout: done$"), r"stops sprouting"),
    (re.compile(r"^no reaction$"), r"does not react"),
]


def _gnomi(before: Any, player: int, action: int, observer: Optional[int]) -> str:
    text = str(before.action_to_string(action))
    after = before.clone()
    after.apply_action(action)
    if observer is not None:
        fields = after.fields()
        known = {"m": fields["mushroom_known"], "g": fields["gnome_known"]}

        def mask(match: re.Match[str]) -> str:
            kind, index = match.group(2), int(match.group(3))
            face = match.group(1) if (known[kind][index] >> observer) & 1 else "?"
            return f"{face} ({kind}{index})"

        text = _CARD.sub(mask, text)
    if player < 0:
        return "chance: " + text
    for pattern, replacement in _PHRASES:
        if pattern.match(text):
            text = pattern.sub(replacement, text)
            break
    return f"{seat_name(player)} {text}"
