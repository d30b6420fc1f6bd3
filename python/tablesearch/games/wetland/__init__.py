"""Wetland: the game's Python extras (its rules are native: cpp/games/wetland); the hooks are
listed in `tablesearch.games.extras`."""

from tablesearch.games.wetland.drawing import HOW_TO_PLAY, LEGEND, TEXT_LEGEND, action_name, describe_move, draw, ending

TITLE = "Wetland"  # as players and the rules page write it

# The web levels Easy, Medium and Hard in simulations a move, each measured stronger than the one
# below (web/levels.py): at 2 players 3,000 simulations a move play no better than 300; at 4
# players 10 played like random moves over 1,800 games.
LEVEL_SIMULATIONS = (10, 30, 300)
LEVEL_SIMULATIONS_BY_PLAYERS = {4: (30, 100, 300)}


__all__ = [
    "TITLE",
    "LEVEL_SIMULATIONS",
    "LEVEL_SIMULATIONS_BY_PLAYERS",
    "HOW_TO_PLAY",
    "LEGEND",
    "TEXT_LEGEND",
    "action_name",
    "describe_move",
    "draw",
    "ending",
]
