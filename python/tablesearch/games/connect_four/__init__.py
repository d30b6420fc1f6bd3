"""Connect four: the game's Python extras (its rules are native: cpp/games/connect_four); the hooks are
listed in `tablesearch.games.extras`."""

from tablesearch.games.connect_four.drawing import LEGEND, TEXT_LEGEND, draw

__all__ = ["LEGEND", "TEXT_LEGEND", "draw"]
