"""Gnomi's move log: actions name cards (their holders are public), and a card's face is written
only if the viewer knows it once the move is over (the state's knowledge masks), else "?": a
pass that composts a mushroom unrevealed shows no colour to the others. A golden choice (taken or
declined in secret) is told only to its chooser."""

from __future__ import annotations

import re
from typing import Any, Optional

from tablesearch.render.moves import seat_name

_CARD = re.compile(r"\b([a-z]+) \(([mg])(\d+)\)")
_PHRASES = [
    (re.compile(r"^take the golden gnome$"), r"takes the golden gnome, in secret"),
    (re.compile(r"^decline the golden gnome$"), r"declines the golden gnome, in secret"),
    (re.compile(r"^use 1 (\w+) -> (P\d)$"), r"asks \2 for \1"),
    (re.compile(r"^use 2 -> (P\d)$"), r"takes a random mushroom from \1"),
    (re.compile(r"^(\w+) -> (P\d)$"), r"aims \1 at \2"),
    (re.compile(r"^use 1 (.*)$"), r"uses 1 mushroom: \1"),
    (re.compile(r"^use 2: and (.*)$"), r"adds \1 as the second of the 2 mushrooms"),
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
_SECRET = "decides in secret whether to take the golden gnome"


def describe_move(before: Any, player: int, action: int, viewer: Optional[int]) -> str:
    if viewer is not None and viewer != player and before.observed_action(viewer, action) != action:
        return f"{seat_name(player)} {_SECRET}"  # the golden choice, a winner's secret
    text = str(before.action_to_string(action))
    after = before.clone()
    after.apply_action(action)
    if viewer is not None:
        fields = after.fields()
        known = {"m": fields["mushroom_known"], "g": fields["gnome_known"]}

        def mask(match: re.Match[str]) -> str:
            kind, index = match.group(2), int(match.group(3))
            face = match.group(1) if (known[kind][index] >> viewer) & 1 else "?"
            return f"{face} ({kind}{index})"

        text = _CARD.sub(mask, text)
    if player < 0:
        return "chance: " + text
    for pattern, replacement in _PHRASES:
        if pattern.match(text):
            text = pattern.sub(replacement, text)
            break
    return f"{seat_name(player)} {text}"
