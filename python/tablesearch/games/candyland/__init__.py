"""Candy Land: the game's Python extras (its rules are native: cpp/games/candyland); the hooks are
listed in `tablesearch.games.extras`."""

from __future__ import annotations

from typing import Any, Optional

from tablesearch.games.candyland.drawing import HOW_TO_PLAY, LEGEND, TEXT_LEGEND, consequences, draw, ending
from tablesearch.games.candyland.exact import exact_figures, exact_report
from tablesearch.render.moves import seat_name

TITLE = "Candy Land"  # as players and the rules page write it

__all__ = [
    "TITLE",
    "HOW_TO_PLAY",
    "LEGEND",
    "TEXT_LEGEND",
    "consequences",
    "describe_move",
    "draw",
    "ending",
    "exact_figures",
    "exact_report",
]


def describe_move(before: Any, player: int, action: int, viewer: Optional[int]) -> str:
    """A seat draws; the card it draws is chance (and public)."""
    if player >= 0:
        return f"{seat_name(player)} draws"
    return f"the card: {before.action_to_string(action)}"
