"""Wetland: the game's Python extras (its rules are native: cpp/games/wetland); the hooks are
listed in `tablesearch.games.extras`."""

from tablesearch.games.wetland.drawing import HOW_TO_PLAY, LEGEND, TEXT_LEGEND, action_name, describe_move, draw, ending

TITLE = "Wetland"  # as players and the rules page write it

__all__ = ["TITLE", "HOW_TO_PLAY", "LEGEND", "TEXT_LEGEND", "action_name", "describe_move", "draw", "ending"]
