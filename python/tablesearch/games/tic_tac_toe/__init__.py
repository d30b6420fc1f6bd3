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

MIRROR = "cells"  # the rules are the same on the board mirrored left-right; one action per cell, row by row

__all__ = ["TITLE", "HOW_TO_PLAY", "LEGEND", "MIRROR", "TEXT_LEGEND", "action_name", "describe_move", "draw", "ending"]
