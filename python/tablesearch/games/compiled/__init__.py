"""Games written in Python and searched at native speed: the rules are numba functions over a
fixed-size numpy array, compiled (``nopython``) and called by the core through pointers, without
the interpreter and without the GIL. See docs/fast-python-games.md.

A `CompiledGame` holds the rules and the facts about the game. A factory that returns one,
registered with ``ts.register_game(name, factory)`` (or named ``"package.module:factory"``),
makes ``ts.load_game(name, **params)`` compile it and return a native ``Game``, whose states are
native ``State``s: every search, match, tournament, analysis, serialization and the web app
take them as they take the games shipped in C++.

Loading a game compiles its functions (numba's on-disk cache makes later loads fast) and runs a
conformance pass: random games trying every legal action at every step, with every call
checked (see ``cpp/games/compiled/compiled.cc``). A game that breaks a rule raises ValueError
naming the function, and, where the function raised, the exception it raised when run again
in Python.
"""

from __future__ import annotations

import inspect
import math
import sys
import threading
import traceback
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import FunctionType
from typing import Any, Callable, Optional

import numpy as np

from tablesearch import _core
from tablesearch.extras import missing
from tablesearch.games.python_games import checked_parameter_specs

# The conformance pass run on every game before it is used.
CHECK_GAMES = 20
CHECK_MAX_PLIES = 100_000

STATE_DTYPES = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64")
REQUIRED = ("current_player", "legal_actions", "apply_action", "returns")
OPTIONAL = ("chance_outcomes", "information_state", "resample", "observation", "observed_action")


class CompiledGame:
    """The rules of a game as numba functions over one fixed-size numpy array (the state), and
    the facts about the game. The functions (``@numba.njit``, or plain functions, which are jitted
    here) take the state array and write into the arrays they are given:

    - ``current_player(state) -> int``: 0..num_players-1, ``ts.CHANCE`` or ``ts.TERMINAL``;
    - ``legal_actions(state, actions) -> int``: writes the legal actions, sorted, each once, into
      ``actions`` (int32, max_legal_actions long) and returns how many;
    - ``apply_action(state, action)``: changes ``state`` in place;
    - ``returns(state, values)``: writes one float per player into ``values`` (at the end);
    - ``chance_outcomes(state, actions, probabilities) -> int`` (games with chance): the outcomes,
      sorted, and their probabilities (float64); the core samples them;
    - ``information_state(state, player, values)`` (hidden information): writes into ``values``
      (int32, information_state_size long) everything ``player`` knows, so that two states are
      told apart by the player exactly when their values differ;
    - ``resample(state, player, draws, world, history)`` (hidden information): ``world`` starts as
      a copy of ``state``; redraw in it what ``player`` cannot know, using ``draws`` (int64,
      resample_draws values uniform in [0, 2**63): ``draws[i] % n`` picks one of n), and rewrite
      the hidden entries of ``history`` (the actions from the initial state, int32; empty when
      the core does not track it) to match the world;
    - ``observation(state, player, values)``: writes a float32 array of ``observation_shape``
      (for evaluators that read tensors);
    - ``observed_action(state, observer, action) -> int``: how ``action`` (or chance outcome)
      taken here looks to ``observer``; actions the observer cannot tell apart give equal values.

    ``state_to_string(state) -> str`` and ``action_to_string(state, action) -> str`` are plain
    Python, for people (the core never calls them while searching).
    """

    def __init__(
        self,
        *,
        num_players: int,
        initial_state: np.ndarray,
        num_distinct_actions: int,
        current_player: Callable[..., Any],
        legal_actions: Callable[..., Any],
        apply_action: Callable[..., Any],
        returns: Callable[..., Any],
        max_legal_actions: Optional[int] = None,
        chance_outcomes: Optional[Callable[..., Any]] = None,
        information_state: Optional[Callable[..., Any]] = None,
        information_state_size: int = 0,
        resample: Optional[Callable[..., Any]] = None,
        resample_draws: int = 0,
        observation: Optional[Callable[..., Any]] = None,
        observation_shape: Optional[Sequence[int]] = None,
        observed_action: Optional[Callable[..., Any]] = None,
        min_utility: float = -1.0,
        max_utility: float = 1.0,
        max_game_length: Optional[int] = None,
        state_to_string: Optional[Callable[[np.ndarray], str]] = None,
        action_to_string: Optional[Callable[[np.ndarray, int], str]] = None,
        parameters: Optional[Mapping[str, Any]] = None,
        parameter_specs: Optional[Sequence[Mapping[str, Any]]] = None,
    ) -> None:
        self._num_players = num_players
        self._initial_state = initial_state
        self._num_distinct_actions = num_distinct_actions
        self._max_legal_actions = num_distinct_actions if max_legal_actions is None else max_legal_actions
        self._information_state_size = information_state_size
        self._resample_draws = resample_draws
        self._observation_shape = None if observation_shape is None else tuple(observation_shape)
        self._utility = (min_utility, max_utility)
        self._max_game_length = max_game_length
        self._parameters = dict(parameters or {})
        self._parameter_specs: Any = parameter_specs
        self._rules: dict[str, Any] = {
            "current_player": current_player,
            "legal_actions": legal_actions,
            "apply_action": apply_action,
            "returns": returns,
            "chance_outcomes": chance_outcomes,
            "information_state": information_state,
            "resample": resample,
            "observation": observation,
            "observed_action": observed_action,
        }
        self.state_to_string = state_to_string
        self.action_to_string = action_to_string

    # The facts, as Python games declare them (methods a subclass may override).
    def num_players(self) -> int:
        return self._num_players

    def max_legal_actions(self) -> int:
        """The bound on legal actions and on chance outcomes at any state."""
        return self._max_legal_actions

    def num_distinct_actions(self) -> int:
        """Player actions lie in [0, this)."""
        return self._num_distinct_actions

    def has_chance(self) -> bool:
        return self._rules["chance_outcomes"] is not None

    def has_hidden_information(self) -> bool:
        return self._rules["information_state"] is not None

    def observation_shape(self) -> Optional[tuple[int, ...]]:
        return self._observation_shape

    def min_utility(self) -> float:
        """The smallest return a player can get (search scales values by the utility range)."""
        return self._utility[0]

    def max_utility(self) -> float:
        """The largest return a player can get."""
        return self._utility[1]

    def max_game_length(self) -> Optional[int]:
        """The most decisions (player actions) one game takes; None: no bound declared."""
        return self._max_game_length

    def parameters(self) -> dict[str, Any]:
        return dict(self._parameters)

    def parameter_specs(self) -> Any:
        """The factory's parameters for help and the web form: dicts with name, default, help, and
        min/max (ints) or choices; by default each of parameters() with its value as default (when
        the game is loaded: the factory's keyword default, where it has one)."""
        if self._parameter_specs is not None:
            return self._parameter_specs  # as declared: checked when the game is loaded
        return [{"name": name, "default": value, "help": ""} for name, value in self._parameters.items()]

    def information_state_size(self) -> int:
        return self._information_state_size

    def resample_draws(self) -> int:
        return self._resample_draws

    def initial_state(self) -> np.ndarray:
        return self._initial_state

    def rules(self) -> dict[str, Any]:
        """The game's functions by name (None for the optional ones it does not have)."""
        return dict(self._rules)


@dataclass
class Compiled:
    """The compiled functions of one fingerprint: the game's functions with bounds checks, and
    their C wrappers (numba cfuncs: ``cache_hits`` tells whether they came from the disk cache)."""

    functions: dict[str, Any]
    cfuncs: dict[str, Any]


# What this process compiled, by fingerprint (games that differ only in their facts or initial
# state, such as parameters kept in the state, share it), and the games made, by name, parameters
# and everything they declare. Compiled code stays loaded for the life of the process.
compiled_rules: dict[str, Compiled] = {}
_games: dict[tuple[str, ...], Any] = {}
_compiling = threading.Lock()


def load(name: str, spec: CompiledGame, params: Mapping[str, Any], factory: Optional[Callable[..., Any]] = None) -> Any:
    """The native Game of `spec`, made by `factory(**params)` and named `name`: compiled (or read
    from numba's cache) and checked by a conformance pass. Raises ImportError without numba,
    TypeError or ValueError naming what is wrong with the game, or with a parameter (checked
    against the game's parameter_specs() as native games check theirs)."""
    try:
        import numba
    except ImportError:
        raise ImportError(missing("compiled games", "compiled")) from None
    from tablesearch.games.compiled import _bounds, _fingerprint, _wrappers

    in_force = {**spec.parameters(), **params}  # the parameters the game reports, defaults included
    facts = _facts(name, spec, _described_parameters(spec, in_force, factory))
    initial = facts["initial_state"]
    given = _functions(spec.rules(), numba)
    _core._compiled_check_facts(name=name, facts=facts, functions=list(given), params=in_force)
    sizes = {
        "STATE_SIZE": initial.size,
        "MAX_ACTIONS": facts["max_legal_actions"],
        "NUM_PLAYERS": facts["num_players"],
        "INFORMATION_STATE_SIZE": facts["information_state_size"],
        "OBSERVATION_SHAPE": tuple(facts["observation_shape"]) or (1,),
        "RESAMPLE_DRAWS": facts["resample_draws"],
    }
    fingerprint, modules = _fingerprint.fingerprint(given.values(), (sorted(sizes.items()), initial.dtype.str))
    declared = {k: v.tobytes() if isinstance(v, np.ndarray) else v for k, v in facts.items()}
    key = (name, repr(sorted(in_force.items())), fingerprint, repr(sorted(declared.items())))
    with _compiling:  # threads that load a game at once compile it once
        if key in _games:
            return _games[key]
        if fingerprint not in compiled_rules:
            functions = _bounds.bounds_checked(name, given)
            # numba's cache finds the code it calls by module name: code from a module that
            # cannot be imported again (run with exec) is compiled in every process.
            cache = all(module in sys.modules for module in modules)
            cfuncs = _wrappers.compile_rules(name, functions, sizes, initial.dtype, fingerprint, cache)
            compiled_rules[fingerprint] = Compiled(functions, cfuncs)
        compiled = compiled_rules[fingerprint]
        game = _core._compiled_game(
            name=name,
            params=in_force,
            facts=facts,
            functions={n: c.address for n, c in compiled.cfuncs.items()},
            owner=compiled,
            state_to_string=_display(spec.state_to_string, "state_to_string"),
            action_to_string=_display(spec.action_to_string, "action_to_string"),
            explain=_Explainer(compiled.functions, sizes),
        )
        if CHECK_GAMES:  # 0 (in tests only): no conformance pass, to test the checks during play
            try:
                _core._compiled_check(game, games=CHECK_GAMES, seed=0, max_plies=CHECK_MAX_PLIES)
            except ValueError as error:
                raise ValueError(_with_remedy(str(error))) from None
        _games[key] = game
        return game


REVEALING_RULE = (
    "; a move of the history is not legal in the world drawn, which happens when a rule allows a move "
    "or not by what a hand holds (follow suit, play a matching card if you can): the move tells the "
    "others about that hand, and cards.resample, which redraws every unseen face freely, does not know "
    "it. Record in the state what such moves reveal and write a resample that draws only worlds that "
    'agree with it (docs/fast-python-games.md, "When a move reveals a hand")'
)
"""What the conformance pass's message on an illegal replayed history adds: the usual cause and what
to do about it."""


def _with_remedy(message: str) -> str:
    """`message` from the conformance pass, with what to do where the cause is a known one."""
    return message + REVEALING_RULE if "is not legal when replayed" in message else message


def _facts(name: str, spec: CompiledGame, parameter_specs: Any) -> dict[str, Any]:
    """What the game declares, each value checked (TypeError or ValueError naming the game and
    the method; the core checks each count's range)."""
    game = f"compiled game {name!r}: "
    initial = spec.initial_state()
    if not isinstance(initial, np.ndarray) or initial.ndim != 1:
        raise TypeError(
            f"{game}initial_state must be a one-dimensional numpy array, got {type(initial).__name__}"
            + (f" of shape {initial.shape}" if isinstance(initial, np.ndarray) else "")
        )
    if initial.dtype.name not in STATE_DTYPES:
        raise TypeError(f"{game}initial_state's dtype is {initial.dtype}; valid: {', '.join(STATE_DTYPES)}")
    # numba compiles for the machine's byte order: a big-endian array's values, in that order.
    initial = np.ascontiguousarray(initial, dtype=initial.dtype.newbyteorder("=")).copy()
    shape = spec.observation_shape()
    low, high = _number(spec.min_utility(), game + "min_utility()"), _number(spec.max_utility(), game + "max_utility()")
    if not low < high:
        raise ValueError(f"{game}min_utility() must be below max_utility(), got {low} and {high}")
    length = spec.max_game_length()

    def count(value: Any, what: str) -> int:
        return _count(value, game + what)

    return {
        "initial_state": initial,
        "num_players": count(spec.num_players(), "num_players()"),
        "max_legal_actions": count(spec.max_legal_actions(), "max_legal_actions()"),
        "num_distinct_actions": count(spec.num_distinct_actions(), "num_distinct_actions()"),
        "has_chance": bool(spec.has_chance()),
        "has_hidden_information": bool(spec.has_hidden_information()),
        "min_utility": low,
        "max_utility": high,
        "max_game_length": 0 if length is None else count(length, "max_game_length()"),
        "information_state_size": count(spec.information_state_size(), "information_state_size()"),
        "resample_draws": count(spec.resample_draws(), "resample_draws()"),
        "observation_shape": [] if shape is None else [count(d, "observation_shape() entries") for d in shape],
        "parameter_specs": _parameter_specs(name, parameter_specs),
    }


def _described_parameters(
    spec: CompiledGame, in_force: Mapping[str, Any], factory: Optional[Callable[..., Any]]
) -> Any:
    """The game's parameter_specs(); where it declares none, one for each parameter in force,
    whose default (the factory's keyword default where it has one of a parameter's types, else
    the value) gives the type a value must have: 1.5 given for `stones=10` is refused."""
    if spec._parameter_specs is not None or type(spec).parameter_specs is not CompiledGame.parameter_specs:
        return spec.parameter_specs()
    defaults = {}
    try:
        signature = inspect.signature(factory) if factory is not None else None
    except (TypeError, ValueError):  # a callable without a signature Python can read
        signature = None
    for parameter in signature.parameters.values() if signature else ():
        if type(parameter.default) in (bool, int, float, str):
            defaults[parameter.name] = parameter.default
    return [{"name": key, "default": defaults.get(key, value), "help": ""} for key, value in in_force.items()]


def _parameter_specs(name: str, specs: Any) -> list[dict[str, Any]]:
    """parameter_specs(), checked for the core: a str name, a bool, int, float or str default, a
    str help, int min/max and str choices where given."""
    checked = checked_parameter_specs(name, specs)
    for spec in checked:
        where = f"game {name!r}: parameter {spec['name']!r} of parameter_specs()"
        if not isinstance(spec["default"], (bool, int, float, str)) or isinstance(spec["default"], np.generic):
            raise TypeError(f"{where}: default must be a bool, int, float or str, got {spec['default']!r}")
        if not isinstance(spec["help"], str):
            raise TypeError(f"{where}: help must be a str, got {spec['help']!r}")
        for bound in ("min", "max"):
            if bound in spec:
                if isinstance(spec[bound], bool) or not isinstance(spec[bound], (int, np.integer)):
                    raise TypeError(f"{where}: {bound} must be an int, got {spec[bound]!r}")
                if not -(2**63) <= spec[bound] < 2**63:
                    raise ValueError(f"{where}: {bound} must fit in 64 bits, got {spec[bound]}")
                spec[bound] = int(spec[bound])
        choices = spec.get("choices", [])
        if not isinstance(choices, (list, tuple)) or not all(isinstance(c, str) for c in choices):
            raise TypeError(f"{where}: choices must be a list of str, got {choices!r}")
    return checked


def _count(value: Any, what: str) -> int:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{what} must be an int, got {type(value).__name__} {value!r}")
    if value < 0:
        raise ValueError(f"{what} must be >= 0, got {value}")
    if value >= 2**63:  # the core checks each fact's own range in 64 bits
        raise ValueError(f"{what} must be below 2**63, got {value}")
    return int(value)


def _number(value: Any, what: str) -> float:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError(f"{what} must be a number, got {type(value).__name__} {value!r}")
    if not math.isfinite(value):
        raise ValueError(f"{what} must be finite, got {value}")
    return float(value)


def _functions(rules: Mapping[str, Any], numba: Any) -> dict[str, Any]:
    """The functions the game has, by name (TypeError names one that is neither a numba.njit
    function nor a plain Python function)."""
    out = {}
    for name in REQUIRED + OPTIONAL:
        function = rules.get(name)
        if function is None:
            continue
        if not isinstance(function, numba.core.registry.CPUDispatcher) and not isinstance(function, FunctionType):
            raise TypeError(f"{name} must be a function (numba.njit or plain Python), got {type(function).__name__}")
        out[name] = function
    return out


def _display(function: Optional[Callable[..., Any]], what: str) -> Optional[Callable[..., str]]:
    if function is None:
        return None
    if not callable(function):
        raise TypeError(f"{what} must be callable, got {type(function).__name__}")
    return function


class _Explainer:
    """Runs a game's function that raised inside the core again, in Python, on the same state,
    to name the exception it raised (the core's error already names the function)."""

    def __init__(self, functions: Mapping[str, Any], sizes: Mapping[str, Any]) -> None:
        self.functions, self.sizes = functions, sizes

    def __call__(self, function: str, state: np.ndarray, args: list[int]) -> str:
        python = getattr(self.functions.get(function), "py_func", None)
        if python is None:
            return ""
        sizes = self.sizes
        inputs: dict[str, Callable[[], tuple[Any, ...]]] = {
            "current_player": lambda: (state,),
            "apply_action": lambda: (state, np.int32(args[0])),
            "legal_actions": lambda: (state, np.zeros(sizes["MAX_ACTIONS"], np.int32)),
            "chance_outcomes": lambda: (
                state,
                np.zeros(sizes["MAX_ACTIONS"], np.int32),
                np.zeros(sizes["MAX_ACTIONS"], np.float64),
            ),
            "returns": lambda: (state, np.full(sizes["NUM_PLAYERS"], np.nan)),
            "information_state": lambda: (
                state,
                np.int32(args[0]),
                np.zeros(sizes["INFORMATION_STATE_SIZE"], np.int32),
            ),
            "observation": lambda: (state, np.int32(args[0]), np.zeros(sizes["OBSERVATION_SHAPE"], np.float32)),
            "resample": lambda: (
                state,
                np.int32(args[0]),
                np.zeros(sizes["RESAMPLE_DRAWS"], np.int64),
                state.copy(),
                np.zeros(0, np.int32),
            ),
            "observed_action": lambda: (state, np.int32(args[0]), np.int32(args[1])),
        }
        if function not in inputs:
            return ""
        try:
            # numpy warns where compiled code raises (a division by zero): raise here too.
            with np.errstate(all="raise"), warnings.catch_warnings():
                warnings.simplefilter("error")
                python(*inputs[function]())
        except Exception as error:  # what the compiled function raised, reproduced
            frame = traceback.extract_tb(error.__traceback__)[-1]
            return f"{type(error).__name__}: {error} (at {frame.filename}:{frame.lineno})"
        return ""
