"""Gnomi's move log, in the players' words (gnomi/words.py): a card's face is said only if the
viewer knows it once the move is over (the state's knowledge masks), else "a mushroom" or "a
gnome": a pass that composts a mushroom without showing it shows no colour to the others. A golden
choice (taken or declined in secret) is told only to its chooser."""

from __future__ import annotations

from typing import Any, Optional

from tablesearch.games.gnomi import words
from tablesearch.render.moves import seat_name

_SECRET = "decides in secret whether to take the golden gnome"


def describe_move(before: Any, player: int, action: int, viewer: Optional[int]) -> str:
    if viewer is not None and viewer != player and before.observed_action(viewer, action) != action:
        return f"{seat_name(player)} {_SECRET}"  # the golden choice, a winner's secret
    if player < 0:
        return "a mushroom is drawn at random"  # consequences() tells who takes it
    after = before.clone()
    after.apply_action(action)
    return f"{seat_name(player)} {words.said(before, after, player, action, viewer)}"
