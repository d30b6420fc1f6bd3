"""Connect four: the game's Python extras (its rules are native: cpp/games/connect_four); the hooks are
listed in `tablesearch.games.extras`."""

from tablesearch.games.connect_four.drawing import (
    HOW_TO_PLAY,
    LEGEND,
    TEXT_LEGEND,
    action_name,
    describe_move,
    draw,
    ending,
)

TITLE = "Connect Four"  # as players and the rules page write it

MIRROR = "columns"  # the rules are the same on the board mirrored left-right; one action per column

__all__ = [
    "TITLE",
    "HOW_TO_PLAY",
    "LEGEND",
    "MIRROR",
    "TEXT_LEGEND",
    "action_name",
    "describe_move",
    "draw",
    "ending",
]
