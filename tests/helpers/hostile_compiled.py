"""A compiled game that breaks one rule on purpose, for the robustness tests: Nim (take 1-3 of 7
stones; whoever takes the last wins) after a chance deal of a secret card to player 0 that
player 1 never sees, so that every function a compiled game can have is there to break.

``hostile(mode, when)`` breaks rule `mode` (one of BREAKS) from ply `when` on. Both are kept in
the state array, so every variant runs the same compiled code (compiled once)."""

from __future__ import annotations

from typing import Any, Callable

import numpy as np
from numba import njit

import tablesearch as ts
from tablesearch.games.compiled import CompiledGame

STONES, PLAYER, PLY, DEALT, SECRET, MODE, WHEN, SPARE = range(8)

# The rule each mode breaks, and the function an error must name.
BREAKS = {
    1: ("an action out of range", "legal_actions"),
    2: ("actions out of order", "legal_actions"),
    3: ("no legal actions", "legal_actions"),
    4: ("more actions than max_legal_actions", "legal_actions"),
    5: ("a write past the actions buffer", "legal_actions"),
    6: ("an exception", "apply_action"),
    7: ("a write past the state array", "apply_action"),
    8: ("a division by zero", "apply_action"),
    9: ("an invalid player", "current_player"),
    10: ("one return for two players", "returns"),
    11: ("three returns for two players", "returns"),
    12: ("a NaN return", "returns"),
    13: ("a return outside the utility range", "returns"),
    14: ("chance probabilities that do not sum to 1", "chance_outcomes"),
    15: ("an exception", "information_state"),
    16: ("a world with another player to move", "resample"),
    17: ("an exception", "observed_action"),
    18: ("an exception", "observation"),
    21: ("a world the player can tell apart", "resample"),
    24: ("chance probabilities that sum to 0.5", "chance_outcomes"),
}
# Broken rules only the conformance pass at load time sees (every call is fine on its own).
LOAD_TIME_BREAKS = {
    19: ("a write to the state", "legal_actions"),
    20: ("a random outcome", "apply_action"),
    22: ("a game that never ends", "did not end"),
    23: ("a history that does not lead to the world drawn", "resample"),
}


@njit
def broken(state, mode):
    return state[MODE] == mode and state[PLY] >= state[WHEN]


@njit
def current_player(state):
    if broken(state, 9):
        return 5
    if state[STONES] <= 0:
        return ts.TERMINAL
    return state[PLAYER] if state[DEALT] else ts.CHANCE


@njit
def legal_actions(state, actions):
    n = min(3, state[STONES])
    for i in range(n):
        actions[i] = i + 1
    if broken(state, 1):
        actions[0] = 99
    if broken(state, 2) and n > 1:
        actions[0], actions[1] = actions[1], actions[0]
    if broken(state, 3):
        return 0
    if broken(state, 4):
        return 1000
    if broken(state, 5):
        actions[3] = 1
    if broken(state, 19):
        state[SPARE] += 1
    return n


@njit
def chance_outcomes(state, cards, probabilities):
    for i in range(3):
        cards[i] = i
        probabilities[i] = 0.5 if broken(state, 14) else 1 / 6 if broken(state, 24) else 1 / 3
    return 3


@njit
def apply_action(state, action):
    if broken(state, 6):
        raise ValueError("hostile apply_action")
    if broken(state, 7):
        state[len(state)] = 1
    if broken(state, 8):
        state[SPARE] = 1 // (state[STONES] - state[STONES])
    if not state[DEALT]:
        state[SECRET], state[DEALT], state[PLAYER] = action, 1, 0
        return
    if not broken(state, 22):
        state[STONES] -= action
    if broken(state, 20):
        state[STONES] -= np.random.randint(2)
    state[PLAYER] = 1 - state[PLAYER]
    state[PLY] += 1


@njit
def returns(state, values):
    winner = 1 - state[PLAYER]  # who took the last stone
    values[0] = 1.0 if winner == 0 else -1.0
    if not broken(state, 10):
        values[1] = -values[0]
    if broken(state, 11):
        values[2] = 0.0
    if broken(state, 12):
        values[0] = np.nan
    if broken(state, 13):
        values[0] = 5.0


@njit
def information_state(state, player, values):
    if broken(state, 15):
        raise ValueError("hostile information_state")
    values[0] = player
    values[1] = state[STONES]
    values[2] = state[PLAYER]
    values[3] = state[DEALT]
    values[4] = state[SECRET] if player == 0 else -1
    values[5] = state[PLY]


@njit
def resample(state, player, draws, world, history):
    if player == 1 and state[DEALT]:
        world[SECRET] = draws[0] % 3
        if len(history) > 0 and not broken(state, 23):
            history[0] = world[SECRET]
    if broken(state, 16):
        world[PLAYER] = 1 - world[PLAYER]
    if broken(state, 21):
        world[PLY] += 1


@njit
def observed_action(state, observer, action):
    if broken(state, 17):
        raise ValueError("hostile observed_action")
    return 3 if observer == 1 and not state[DEALT] else action


@njit
def observation(state, player, values):
    if broken(state, 18):
        raise ValueError("hostile observation")
    values[0] = state[STONES]
    values[1] = state[PLAYER] == player


def declared(mode: int = 0, when: int = 0) -> dict[str, Any]:
    """The keyword arguments of CompiledGame for the game that breaks rule `mode` from ply `when`."""
    initial = np.zeros(8, np.int64)
    initial[STONES], initial[MODE], initial[WHEN] = 7, mode, when
    return dict(
        num_players=2,
        initial_state=initial,
        num_distinct_actions=4,
        max_legal_actions=3,
        current_player=current_player,
        legal_actions=legal_actions,
        chance_outcomes=chance_outcomes,
        apply_action=apply_action,
        returns=returns,
        information_state=information_state,
        information_state_size=6,
        resample=resample,
        resample_draws=1,
        observed_action=observed_action,
        observation=observation,
        observation_shape=(2,),
        parameters={"mode": mode, "when": when},
    )


def hostile(mode: int = 0, when: int = 0) -> CompiledGame:
    return CompiledGame(**declared(mode, when))


def variant(**changes: Any) -> Callable[[], CompiledGame]:
    """The factory of the game that breaks no rule, with `changes` to what it declares."""
    return lambda: CompiledGame(**{**declared(), **changes})
