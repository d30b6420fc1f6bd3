"""Seeded random games, step by step, for tests that look at every state a game passes through."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, Optional

import tablesearch as ts


def random_steps(
    name: str, params: dict, seed: int, limit: int = 400
) -> Iterator[tuple[Any, Optional[int], Optional[int]]]:
    """(state, player, action) at every step of one seeded random game (player -1 at chance: an
    outcome drawn by its probability), then (final state, None, None). The state is the game's
    own: the action is applied to it once the caller asks for the next step."""
    game = ts.load_game(name, **params)
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    while not state.is_terminal() and limit > 0:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            action, player = rng.choices(actions, weights=probs)[0], -1
        else:
            action, player = rng.choice(state.legal_actions()), state.current_player()
        yield state, player, action
        state.apply_action(action)
        limit -= 1
    yield state, None, None
