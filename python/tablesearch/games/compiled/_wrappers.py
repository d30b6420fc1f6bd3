"""The C side of a compiled game: numba ``cfunc`` wrappers that give the game's functions the
interface of ``cpp/games/compiled/compiled_rules.h``.

Each wrapper views the raw pointers as arrays of the declared sizes, calls the game's function
and returns a status: 0, or 1 when the function raised (numba code cannot raise into C; the
core then names the function). The wrappers are written once here; each game gets copies whose
globals are its functions and sizes, and whose closure holds the game's fingerprint, so that
numba's on-disk cache (``cache=True``) keys each game's compiled code by the fingerprint.
"""

from __future__ import annotations

import re
import types
from typing import Any, Callable

import numba
from numba.core import types as nb
from numba.extending import overload
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


def integer(value: Any) -> Any:
    """`value`, where the core reads an int: a wrapper passing it anything else does not compile
    (so is never cached), and `compile_rules` names the function that returned it."""
    return value


@overload(integer)
def _integer(value: Any) -> Any:
    if not isinstance(value, nb.Integer):
        return None  # no implementation: a typing error

    def implementation(value: Any) -> Any:  # the stub's signature, as numba asks
        return value

    return implementation


def _templates(fingerprint: str) -> dict[str, Callable[..., int]]:
    """The wrappers; the names in capitals are each game's globals (see `compile_rules`). Each
    reads `fingerprint`, so that it keys numba's cache."""
    return {**_rule_templates(fingerprint), **_hidden_information_templates(fingerprint)}


def _rule_templates(fingerprint: str) -> dict[str, Callable[..., int]]:
    """The wrappers of the rules every game has (chance outcomes: games with chance)."""

    def apply_action(state_ptr: Any, action: Any, player_ptr: Any) -> int:
        fingerprint  # noqa: B018 (read, so that it keys the cache)
        state = carray(state_ptr, (STATE_SIZE,))
        try:
            APPLY_ACTION(state, action)
        except Exception:
            return 1
        try:
            carray(player_ptr, (1,))[0] = integer(CURRENT_PLAYER(state))
        except Exception:
            return 2
        return 0

    def current_player(state_ptr: Any, player_ptr: Any) -> int:
        fingerprint  # noqa: B018
        try:
            carray(player_ptr, (1,))[0] = integer(CURRENT_PLAYER(carray(state_ptr, (STATE_SIZE,))))
        except Exception:
            return 1
        return 0

    def legal_actions(state_ptr: Any, actions_ptr: Any, count_ptr: Any) -> int:
        fingerprint  # noqa: B018
        try:
            carray(count_ptr, (1,))[0] = integer(
                LEGAL_ACTIONS(carray(state_ptr, (STATE_SIZE,)), carray(actions_ptr, (MAX_ACTIONS,)))
            )
        except Exception:
            return 1
        return 0

    def chance_outcomes(state_ptr: Any, actions_ptr: Any, probabilities_ptr: Any, count_ptr: Any) -> int:
        fingerprint  # noqa: B018
        try:
            carray(count_ptr, (1,))[0] = integer(
                CHANCE_OUTCOMES(
                    carray(state_ptr, (STATE_SIZE,)),
                    carray(actions_ptr, (MAX_ACTIONS,)),
                    carray(probabilities_ptr, (MAX_ACTIONS,)),
                )
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

    return {
        "apply_action": apply_action,
        "current_player": current_player,
        "legal_actions": legal_actions,
        "chance_outcomes": chance_outcomes,
        "returns": returns,
    }


def _hidden_information_templates(fingerprint: str) -> dict[str, Callable[..., int]]:
    """The wrappers of what a player sees: information states, observations, resampling and how
    an action looks to another player."""

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
            carray(observed_ptr, (1,))[0] = integer(OBSERVED_ACTION(carray(state_ptr, (STATE_SIZE,)), observer, action))
        except Exception:
            return 1
        return 0

    return {
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
    game: str, functions: dict[str, Any], sizes: dict[str, Any], state_dtype: Any, fingerprint: str, cache: bool
) -> dict[str, Any]:
    """The numba cfuncs (their ``.address`` is what the core calls) of the jitted `functions` of
    game `game` (by name; the optional ones may be absent), with `sizes` (STATE_SIZE, MAX_ACTIONS,
    NUM_PLAYERS, INFORMATION_STATE_SIZE, OBSERVATION_SHAPE, RESAMPLE_DRAWS) baked in as constants.
    With `cache`, loaded from numba's on-disk cache when `fingerprint` was compiled before. Raises
    ValueError naming the game and the function that does not compile (with numba's reason), or
    that returns something else than an int where the core reads an int."""
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
        try:
            out[name] = numba.cfunc(signatures[name], cache=cache)(wrapper)
        except numba.core.errors.NumbaError as error:
            raise _not_compiled(game, functions, CALLS[name], _argument_types(state_dtype, sizes), error) from None
    return out


# The functions whose result the core reads (as an int), and what it is.
RESULTS = {
    "current_player": "the player to move",
    "legal_actions": "how many actions it wrote",
    "chance_outcomes": "how many outcomes it wrote",
    "observed_action": "how the action looks to the observer",
}


def _argument_types(state_dtype: Any, sizes: dict[str, Any]) -> dict[str, tuple[Any, ...]]:
    """The numba types of each function's arguments, as the wrappers pass them."""

    def array(dtype: Any, ndim: int = 1) -> Any:
        return nb.Array(dtype, ndim, "C")

    state, i32 = array(from_dtype(state_dtype)), nb.int32
    return {
        "apply_action": (state, i32),
        "current_player": (state,),
        "legal_actions": (state, array(nb.int32)),
        "chance_outcomes": (state, array(nb.int32), array(nb.float64)),
        "returns": (state, array(nb.float64)),
        "information_state": (state, i32, array(nb.int32)),
        "observation": (state, i32, array(nb.float32, len(sizes["OBSERVATION_SHAPE"]))),
        "resample": (state, i32, array(nb.int64), state, array(nb.int32)),
        "observed_action": (state, i32, i32),
    }


def _not_compiled(
    game: str, functions: dict[str, Any], called: tuple[str, ...], arguments: dict[str, Any], error: Exception
) -> ValueError:
    """The error for a wrapper that did not compile, naming the game's function at fault: each
    function it calls compiled alone with the arguments the wrapper gives it, its result checked."""
    for name in called:
        try:
            functions[name].compile(arguments[name])
        except numba.core.errors.NumbaError as reason:
            return ValueError(f"compiled game {game!r}: {name} does not compile: {_numba_reason(reason)}")
    _check_results(game, functions, called)
    return ValueError(f"compiled game {game!r}: {', '.join(called)} do not compile: {_numba_reason(error)}")


def _check_results(game: str, functions: dict[str, Any], called: tuple[str, ...]) -> None:
    """Raises ValueError naming a function whose result the core reads, compiled with the
    arguments the wrappers give it, that returns other than an int."""
    for name in set(called) & RESULTS.keys():
        for result in functions[name].overloads.values():
            kind = result.signature.return_type
            if not isinstance(kind, nb.Integer):
                missing = " (is its return missing?)" if kind == nb.none else ""
                raise ValueError(
                    f"compiled game {game!r}: {name} returns {kind}{missing}; it must return {RESULTS[name]}, an int"
                )


def _numba_reason(error: Exception) -> str:
    """numba's message without its colours and its notes on where in numba it failed."""
    text = re.sub(r"\x1b\[[0-9;]*m", "", str(error))
    kept = [line for line in text.splitlines() if not line.strip().startswith(("Failed in nopython", "During: "))]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(kept)).strip()
