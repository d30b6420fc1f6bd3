"""legal_actions functions that reach a helper in other ways than as a plain global of their own
module: through a module's attribute, a module inside a module, a closure, a tuple, a helper's own
global. REACHED write past the actions buffer (4096 entries into 3); REFUSED call compiled code
numba cannot compile again with bounds checks, with the kind of code the error must name. `game`
gives each the smallest game around it (one move, then the end: quick to compile)."""

from __future__ import annotations

from typing import Any, Callable

import numpy as np
from numba import njit

import tablesearch as ts
from helpers import hostile_reach_helpers as helpers
from tablesearch.games.compiled import CompiledGame


@njit
def _current_player(state):
    return ts.TERMINAL if state[0] else 0


@njit
def _apply_action(state, action):
    state[0] = 1


@njit
def _returns(state, values):
    values[0] = 0.0


def game(legal_actions: Callable[..., Any]) -> Callable[[], CompiledGame]:
    """The factory of a one-player game of one move whose legal actions are `legal_actions`."""
    return lambda: CompiledGame(
        num_players=1,
        initial_state=np.zeros(2, np.int64),
        num_distinct_actions=4,
        max_legal_actions=3,
        current_player=_current_player,
        legal_actions=legal_actions,
        apply_action=_apply_action,
        returns=_returns,
    )


@njit
def through_a_module(state, actions):
    return helpers.fill(actions, 4096)


@njit
def through_a_module_in_a_module(state, actions):
    return helpers.nested.fill(actions, 4096)


def _closure():
    fill = helpers.fill

    @njit
    def through_a_closure(state, actions):
        return fill(actions, 4096)

    return through_a_closure


through_a_closure = _closure()
FILLERS = (helpers.fill,)


@njit
def through_a_tuple(state, actions):
    return FILLERS[0](actions, 4096)


@njit
def through_a_helpers_global(state, actions):
    return helpers.fill_through(actions, 4096)


REACHED = {
    "a module's attribute": through_a_module,
    "a module inside a module": through_a_module_in_a_module,
    "a closure": through_a_closure,
    "a tuple": through_a_tuple,
    "a helper's own global": through_a_helpers_global,
}


@njit
def a_cfunc(state, actions):
    return helpers.cfill(actions.ctypes, 3)


@njit
def a_vectorized_function(state, actions):
    return helpers.plus_one(2)


@njit
def a_register_jitable(state, actions):
    return helpers.jitable_fill(actions, 3)


REFUSED = {
    "a numba cfunc": a_cfunc,
    "a vectorized function": a_vectorized_function,
    "@register_jitable": a_register_jitable,
}


@njit
def correct(state, actions):
    return helpers.nim_actions(state, actions)
