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

__all__ = [
    "TITLE",
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
    # smooth-uct. Smooth UCT (uct_c 2) gains more from its budget (3,000 against its own 300
    # iterations: 0.616 over 400 games, ISMCTS 0.537) but loses to the old default at equal time
    # (0.439 [0.404, 0.474] over 400 games at 0.05 s a move), where ISMCTS with MAST scores 0.545
    # [0.512, 0.578].
    2: {"algorithm": "ismcts"},
}


def turn_holder(state: Any) -> int:
    """Whose turn it is (a target reacts inside another seat's turn): the observation from seat 0
    lists the seats in order, each with a "whose turn" flag."""
    tensor = np.asarray(state.observation_tensor(0), dtype=float)
    flags = tensor[description_of(state.get_game()).observation("seat").every("whose turn")]
    holders = np.flatnonzero(flags > 0.5)
    return int(holders[0]) if len(holders) else int(state.current_player())
