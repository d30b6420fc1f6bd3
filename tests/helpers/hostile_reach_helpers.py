"""Helpers a compiled game reaches as attributes of this module (tests/helpers/hostile_reach.py):
`fill` writes as many entries as it is told, past the end of the buffer when told too many."""

from __future__ import annotations

import types

import numpy as np
from numba import carray, cfunc, njit, vectorize
from numba import types as nb
from numba.extending import register_jitable


@njit
def fill(actions, n):
    for i in range(n):
        actions[i] = i + 1
    return n


@njit
def fill_through(actions, n):
    return fill(actions, n)  # a helper this module's code reaches as a global


@njit
def nim_actions(state, actions):
    """The hostile game's legal actions (take 1-3 of the stones left), written correctly."""
    return fill(actions, min(3, state[0]))


# A module held by this one (no file of its own), reached as helpers.nested.fill.
nested = types.ModuleType("hostile_reach_nested")
nested.fill = fill


@cfunc(nb.int64(nb.CPointer(nb.int32), nb.int64))
def cfill(actions, n):
    view = carray(actions, (n,))
    for i in range(n):
        view[i] = i + 1
    return n


@vectorize(["int64(int64)"])
def plus_one(x):
    return x + 1


@register_jitable
def jitable_fill(actions, n):
    for i in range(n):
        actions[i] = i + 1
    return n


TABLE = np.arange(4)
