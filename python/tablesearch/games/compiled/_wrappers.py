"""The C side of a compiled game: numba ``cfunc`` wrappers that give the game's functions the
interface of ``cpp/games/compiled/compiled_rules.h``.

Each wrapper views the raw pointers as arrays of the declared sizes, calls the game's function
and returns a status: 0, or 1 when the function raised (numba code cannot raise into C; the
core then names the function). The wrappers are written once here; each game gets copies whose
globals are its functions and sizes, and whose closure holds the game's fingerprint, so that
numba's on-disk cache (``cache=True``) keys each game's compiled code by the fingerprint.
"""

from __future__ import annotations

import types
from typing import Any, Callable

import numba
from numba.core import types as nb
from numba.np.numpy_support import carray, from_dtype

RAISED, RAISED_IN_CURRENT_PLAYER = 1, 2

# Each game's copies of the wrappers replace these globals with its functions and sizes.
STATE_SIZE: Any = None
MAX_ACTIONS: Any = None
NUM_PLAYERS: Any = None
INFORMATION_STATE_SIZE: Any = None
OBSERVATION_SHAPE: Any = None
RESAMPLE_DRAWS: Any = None
APPLY_ACTION: Any = None
CURRENT_PLAYER: Any = None
LEGAL_ACTIONS: Any = None
CHANCE_OUTCOMES: Any = None
RETURNS: Any = None
INFORMATION_STATE: Any = None
OBSERVATION: Any = None
RESAMPLE: Any = None
OBSERVED_ACTION: Any = None


def _templates(fingerprint: str) -> dict[str, Callable[..., int]]:
    """The wrappers; the names in capitals are each game's globals (see `compile_rules`)."""

    def apply_action(state_ptr: Any, action: Any, player_ptr: Any) -> int:
        fingerprint  # noqa: B018 (read, so that it keys the cache)
        state = carray(state_ptr, (STATE_SIZE,))
        try:
            APPLY_ACTION(state, action)
        except Exception:
            return 1
        try:
            carray(player_ptr, (1,))[0] = CURRENT_PLAYER(state)
        except Exception:
            return 2
        return 0

    def current_player(state_ptr: Any, player_ptr: Any) -> int:
        fingerprint  # noqa: B018
        try:
            carray(player_ptr, (1,))[0] = CURRENT_PLAYER(carray(state_ptr, (STATE_SIZE,)))
        except Exception:
            return 1
        return 0

    def legal_actions(state_ptr: Any, actions_ptr: Any, count_ptr: Any) -> int:
        fingerprint  # noqa: B018
        try:
            carray(count_ptr, (1,))[0] = LEGAL_ACTIONS(
                carray(state_ptr, (STATE_SIZE,)), carray(actions_ptr, (MAX_ACTIONS,))
            )
        except Exception:
            return 1
        return 0

    def chance_outcomes(state_ptr: Any, actions_ptr: Any, probabilities_ptr: Any, count_ptr: Any) -> int:
        fingerprint  # noqa: B018
        try:
            carray(count_ptr, (1,))[0] = CHANCE_OUTCOMES(
                carray(state_ptr, (STATE_SIZE,)),
                carray(actions_ptr, (MAX_ACTIONS,)),
                carray(probabilities_ptr, (MAX_ACTIONS,)),
            )
        except Exception:
            return 1
        return 0

    def returns(state_ptr: Any, values_ptr: Any) -> int:
        fingerprint  # noqa: B018
        try:
            RETURNS(carray(state_ptr, (STATE_SIZE,)), carray(values_ptr, (NUM_PLAYERS,)))
        except Exception:
            return 1
        return 0

    def information_state(state_ptr: Any, player: Any, values_ptr: Any) -> int:
        fingerprint  # noqa: B018
        try:
            INFORMATION_STATE(carray(state_ptr, (STATE_SIZE,)), player, carray(values_ptr, (INFORMATION_STATE_SIZE,)))
        except Exception:
            return 1
        return 0

    def observation(state_ptr: Any, player: Any, values_ptr: Any) -> int:
        fingerprint  # noqa: B018
        try:
            OBSERVATION(carray(state_ptr, (STATE_SIZE,)), player, carray(values_ptr, OBSERVATION_SHAPE))
        except Exception:
            return 1
        return 0

    def resample(
        state_ptr: Any, player: Any, draws_ptr: Any, world_ptr: Any, history_ptr: Any, history_length: Any
    ) -> int:
        fingerprint  # noqa: B018
        try:
            RESAMPLE(
                carray(state_ptr, (STATE_SIZE,)),
                player,
                carray(draws_ptr, (RESAMPLE_DRAWS,)),
                carray(world_ptr, (STATE_SIZE,)),
                carray(history_ptr, (history_length,)),
            )
        except Exception:
            return 1
        return 0

    def observed_action(state_ptr: Any, observer: Any, action: Any, observed_ptr: Any) -> int:
        fingerprint  # noqa: B018
        try:
            carray(observed_ptr, (1,))[0] = OBSERVED_ACTION(carray(state_ptr, (STATE_SIZE,)), observer, action)
        except Exception:
            return 1
        return 0

    return {
        "apply_action": apply_action,
        "current_player": current_player,
        "legal_actions": legal_actions,
        "chance_outcomes": chance_outcomes,
        "returns": returns,
        "information_state": information_state,
        "observation": observation,
        "resample": resample,
        "observed_action": observed_action,
    }


def _signatures(state_dtype: Any) -> dict[str, Any]:
    pointer: Any = nb.CPointer
    state = pointer(from_dtype(state_dtype))
    i32, i64, status = nb.int32, nb.int64, nb.int32
    return {
        "apply_action": status(state, i32, pointer(i64)),
        "current_player": status(state, pointer(i64)),
        "legal_actions": status(state, pointer(i32), pointer(i64)),
        "chance_outcomes": status(state, pointer(i32), pointer(nb.float64), pointer(i64)),
        "returns": status(state, pointer(nb.float64)),
        "information_state": status(state, i32, pointer(i32)),
        "observation": status(state, i32, pointer(nb.float32)),
        "resample": status(state, i32, pointer(i64), state, pointer(i32), i32),
        "observed_action": status(state, i32, i32, pointer(i64)),
    }


# Which of the game's functions each wrapper calls (apply_action also reads the player to move).
CALLS = {
    "apply_action": ("apply_action", "current_player"),
    "current_player": ("current_player",),
    "legal_actions": ("legal_actions",),
    "chance_outcomes": ("chance_outcomes",),
    "returns": ("returns",),
    "information_state": ("information_state",),
    "observation": ("observation",),
    "resample": ("resample",),
    "observed_action": ("observed_action",),
}


def compile_rules(
    functions: dict[str, Any], sizes: dict[str, Any], state_dtype: Any, fingerprint: str, cache: bool
) -> dict[str, Any]:
    """The numba cfuncs (their ``.address`` is what the core calls) of the game's jitted
    `functions` (by name; the optional ones may be absent), with `sizes` (STATE_SIZE, MAX_ACTIONS,
    NUM_PLAYERS, INFORMATION_STATE_SIZE, OBSERVATION_SHAPE, RESAMPLE_DRAWS) baked in as constants.
    With `cache`, loaded from numba's on-disk cache when `fingerprint` was compiled before."""
    templates = _templates(fingerprint)
    signatures = _signatures(state_dtype)
    game_globals = {name.upper(): function for name, function in functions.items()}
    game_globals.update(sizes)
    out = {}
    for name, template in templates.items():
        if not all(f in functions for f in CALLS[name]):
            continue
        scope = dict(template.__globals__)
        scope.update(game_globals)
        wrapper = types.FunctionType(template.__code__, scope, template.__name__, None, template.__closure__)
        wrapper.__qualname__ = template.__qualname__
        out[name] = numba.cfunc(signatures[name], cache=cache)(wrapper)
    return out


# The options of the game's own jitted functions that their bounds-checked copies keep.
_KEPT_OPTIONS = ("fastmath", "error_model", "inline", "locals")


def bounds_checked(functions: dict[str, Any]) -> dict[str, Any]:
    """Copies of the game's functions (plain or jitted) and of every jitted function they reach
    through their globals or closures, jitted with bounds checks: an index outside an array
    raises IndexError (reported as the function raising) instead of writing over memory.
    Functions reached as attributes of another module (``helpers.f``) keep their own options."""
    copies: dict[int, Any] = {}

    def checked(function: Any) -> Any:
        python = getattr(function, "py_func", function)
        if id(python) in copies:
            return copies[id(python)]
        options = {k: v for k, v in getattr(function, "targetoptions", {}).items() if k in _KEPT_OPTIONS}
        scope = dict(python.__globals__)
        cells = None
        if python.__closure__:
            cells = tuple(types.CellType(_checked_value(cell, checked)) for cell in python.__closure__)
        copy = types.FunctionType(python.__code__, scope, python.__name__, python.__defaults__, cells)
        copy.__qualname__, copy.__module__ = python.__qualname__, python.__module__
        copies[id(python)] = jitted = numba.njit(boundscheck=True, **options)(copy)
        for name in _names(python.__code__):  # after the copy is known: recursion finds it
            if _is_jitted(scope.get(name)):
                scope[name] = checked(scope[name])
        return jitted

    return {name: checked(function) for name, function in functions.items()}


def _checked_value(cell: Any, checked: Callable[[Any], Any]) -> Any:
    contents = cell.cell_contents
    return checked(contents) if _is_jitted(contents) else contents


def _is_jitted(value: Any) -> bool:
    return isinstance(value, numba.core.registry.CPUDispatcher)


def _names(code: types.CodeType) -> set[str]:
    """The global names `code` and the code nested in it read."""
    names = set(code.co_names)
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            names |= _names(constant)
    return names
