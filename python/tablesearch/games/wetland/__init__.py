"""Wetland: the game's Python extras (its rules are native: cpp/games/wetland); the hooks are
listed in `tablesearch.games.extras`."""

from tablesearch.games.wetland.drawing import LEGEND, TEXT_LEGEND, draw

__all__ = ["LEGEND", "TEXT_LEGEND", "draw"]
