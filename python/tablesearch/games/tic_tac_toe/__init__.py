"""Tic-tac-toe: the game's Python extras (its rules are native: cpp/games/tic_tac_toe); the hooks are
listed in `tablesearch.games.extras`."""

from tablesearch.games.tic_tac_toe.drawing import HOW_TO_PLAY, LEGEND, TEXT_LEGEND, draw, ending

__all__ = ["HOW_TO_PLAY", "LEGEND", "TEXT_LEGEND", "draw", "ending"]
