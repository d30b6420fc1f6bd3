"""Gummiland: the game's Python extras (its rules are native: cpp/games/gummiland); the hooks are
listed in `tablesearch.games.extras`.

Search defaults: random playouts to the end: the heuristic at the leaf (rollout_cutoff 0, Gummiz
and the tiles in front) beats random playouts at small equal budgets, but lost to them at equal
time, 0.075 [-0.032, 0.182] over 40 games at 0.05 s a move (docs/long-games.md). With a model at
3 and 4 players, those playouts make half of each leaf's value (playout_mix; docs/training.md).
"""

from __future__ import annotations

from tablesearch.games.gummiland.drawing import HOW_TO_PLAY, LEGEND, TEXT_LEGEND, draw, ending
from tablesearch.games.gummiland.turns import follow_ups, shortcuts
from tablesearch.games.gummiland.words import action_name, consequences, describe_move

TITLE = "Gummiland"  # as players and the rules page write it

# The web levels Easy, Medium and Hard in simulations a move, each measured stronger than the one
# below (web/levels.py): with 30, 300 and 3,000, Medium's and Hard's intervals overlapped. At 3
# players neither 10 (360 games) nor 30 (60 games) were told from random moves, so there is no
# Easy there, and Expert's model guiding 1,000 played below Hard, so there it guides 3,000. At 4
# players, among the levels, neither 10 (Elo +0 [-17, +16]) nor 30 (+7 [-13, +26]) were told from
# random moves (120 games each): no Easy there either, and Expert guides 3,000 there too.
LEVEL_SIMULATIONS = (10, 100, 3000)
LEVEL_SIMULATIONS_BY_PLAYERS = dict.fromkeys((3, 4), (None, 100, 3000, 3000))

# With a model at 3 and 4 players, playouts make part of each leaf's value: the network's value
# alone made a weaker player than the default search at equal time (0.1 s a move, against it in
# every other seat), its priors with the playouts a stronger one. 3 players, half each: win share
# 0.478 [0.406, 0.549] alone, 0.624 [0.556, 0.693] mixed (150 games, the same deals); 4 players:
# 0.201 [0.143, 0.259] alone (160 games), 0.359 [0.319, 0.398] at half, 0.431 [0.386, 0.476]
# with playouts making 0.8 (400 games each, the same deals). docs/training.md.
SEARCH_DEFAULTS_BY_PLAYERS = {3: {"playout_mix": 0.5}, 4: {"playout_mix": 0.8}}

__all__ = [
    "TITLE",
    "LEVEL_SIMULATIONS",
    "LEVEL_SIMULATIONS_BY_PLAYERS",
    "SEARCH_DEFAULTS_BY_PLAYERS",
    "HOW_TO_PLAY",
    "LEGEND",
    "TEXT_LEGEND",
    "action_name",
    "consequences",
    "describe_move",
    "draw",
    "ending",
    "follow_ups",
    "shortcuts",
]
