"""Tic-tac-toe: the game's Python extras (its rules are native: cpp/games/tic_tac_toe); the hooks are
listed in `tablesearch.games.extras`."""

from tablesearch.games.tic_tac_toe.drawing import (
    HOW_TO_PLAY,
    LEGEND,
    TEXT_LEGEND,
    action_name,
    describe_move,
    draw,
    ending,
)

TITLE = "Tic-Tac-Toe"  # as players and the rules page write it

# The web levels Easy, Medium and Hard in simulations a move, each measured stronger than the one
# below (web/levels.py): 30 simulations a move play almost perfectly, so Easy looks 10 ahead.
LEVEL_SIMULATIONS = (10, 30, 3000)


MIRROR = "cells"  # the rules are the same on the board mirrored left-right; one action per cell, row by row

__all__ = [
    "TITLE",
    "LEVEL_SIMULATIONS",
    "HOW_TO_PLAY",
    "LEGEND",
    "MIRROR",
    "TEXT_LEGEND",
    "action_name",
    "describe_move",
    "draw",
    "ending",
]
