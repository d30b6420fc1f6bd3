"""Gnomi: the game's Python extras (its rules are native: cpp/games/gnomi); the hooks are listed
in `tablesearch.games.extras`."""

from __future__ import annotations

from typing import Any

import numpy as np

from tablesearch.games.description import description_of
from tablesearch.games.gnomi.drawing import HOW_TO_PLAY, LEGEND, TEXT_LEGEND, describe, draw
from tablesearch.games.gnomi.ending import ending
from tablesearch.games.gnomi.moves import consequences, describe_move
from tablesearch.games.gnomi.words import action_name

TITLE = "Gnomi"  # as players and the rules page write it

# The web levels Easy, Medium and Hard in simulations a move, each measured stronger than the one
# below (web/levels.py): 3,000 simulations a move play no better than 300.
LEVEL_SIMULATIONS = (3, 30, 300)


__all__ = [
    "TITLE",
    "LEVEL_SIMULATIONS",
    "HOW_TO_PLAY",
    "LEGEND",
    "SEARCH_DEFAULTS",
    "SEARCH_DEFAULTS_BY_PLAYERS",
    "TEXT_LEGEND",
    "action_name",
    "consequences",
    "describe",
    "describe_move",
    "draw",
    "ending",
    "turn_holder",
]

# The search options that measured strongest (docs/long-games.md; the figures come from
# `python benchmarks/hidden_strength_budget.py`).
# Every player count: MAST playouts (a cutoff, 0 or 4 decisions then the heuristic, measured
# worse: games are short).
SEARCH_DEFAULTS = {"playout": "mast"}
SEARCH_DEFAULTS_BY_PLAYERS = {
    # 2 players: ISMCTS, although Gnomi's native information-state keys would let "auto" pick
    # infoset-uct (the algorithm table's case for hidden information, two players and keys).
    # Against ISMCTS with MAST at 0.05 s a move, infoset-uct (uct_c 2) was level (0.458 [0.411,
    # 0.504], 200 games; 0.512 and 0.477 over 400 games each on two more sets of deals) and
    # smooth-uct lost (0.439 [0.404, 0.474], 400 games), though smooth-uct gains more from its
    # budget (3,000 against its own 300 iterations: 0.616, ISMCTS 0.537). Figures: docs/long-games.md
    # and the table of defaults in docs/hidden-information.md.
    2: {"algorithm": "ismcts"},
}


def turn_holder(state: Any) -> int:
    """Whose turn it is (a target reacts inside another seat's turn): the observation from seat 0
    lists the seats in order, each with a "whose turn" flag."""
    tensor = np.asarray(state.observation_tensor(0), dtype=float)
    flags = tensor[description_of(state.get_game()).observation("seat").every("whose turn")]
    holders = np.flatnonzero(flags > 0.5)
    return int(holders[0]) if len(holders) else int(state.current_player())
