"""Leduc poker: the game's Python extras (its rules are native: cpp/games/leduc_poker); the hooks
are listed in `tablesearch.games.extras`."""

from __future__ import annotations

from typing import Any, Optional

from tablesearch.games.leduc_poker.drawing import (
    HOW_TO_PLAY,
    LEGEND,
    TEXT_LEGEND,
    action_name,
    card_words,
    consequences,
    describe,
    draw,
    ending,
)
from tablesearch.render.moves import seat_name

TITLE = "Leduc Poker"  # as players and the rules page write it

# The web levels Easy, Medium and Hard in simulations a move, each measured stronger than the one
# below (web/levels.py): nothing tried (300 and 3,000 simulations, Smooth UCT, OOS) beat 100, so there is no Hard.
LEVEL_SIMULATIONS = (3, 100, None)


__all__ = [
    "TITLE",
    "LEVEL_SIMULATIONS",
    "HOW_TO_PLAY",
    "LEGEND",
    "TEXT_LEGEND",
    "action_name",
    "consequences",
    "describe",
    "describe_move",
    "draw",
    "ending",
]

_VERBS = {"Fold": "folds", "Call": "calls", "Check": "checks", "Raise": "raises"}


def describe_move(before: Any, player: int, action: int, viewer: Optional[int]) -> str:
    """Bets by name (a call with nothing to call is a check), cards in words ("the king of hearts");
    a private card dealt to another seat than the viewer's is "a card"."""
    if player >= 0:
        name = action_name(before, action)
        return f"{seat_name(player)} {_VERBS.get(name, name)}"
    n = before.get_game().num_players()
    dealt = len(before.history())  # the private deals come first, one per seat in seat order
    if dealt < n:
        if viewer is None or viewer == dealt:
            return f"P{dealt} is dealt {card_words(action)}"
        return f"P{dealt} is dealt a card"
    return f"the public card is {card_words(action)}"
