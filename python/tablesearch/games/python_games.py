"""Games written in Python: registration, and the wrappers that give them the full State API.

A Python game is any object with ``num_players()`` and ``new_initial_state(seed=None)`` whose
states have the pyspiel-style methods (at least ``current_player``, ``legal_actions``,
``apply_action``, ``is_terminal``, ``returns``, ``clone``). The game declares its facts with the
optional methods of GAME_FACTS (the contract every kind of game written outside C++ follows;
PythonGame fills in the defaults). Optional state methods: ``is_chance_node``,
``chance_outcomes``, ``information_state_string``, ``observation_tensor``,
``resample_from_infostate``, ``action_to_string``, ``observed_action``, and
``native_search_state(info)``: a faster view of the state for the native search (the OpenSpiel
interop gives one that calls pyspiel directly).

``register_game(name, factory)`` makes ``load_game(name, **params)`` return
``PythonGame(name, factory(**params))``: its states check actions (ValueError naming the legal
ones), keep the history, and serialize as seed + history (replayed through the game's rules; the
format is `tablesearch.games.serialization`'s).
The native search drives the game's own state objects directly, through ``native_state``;
states of other libraries (pyspiel's) are first given this protocol by their interop module
(``python_state_of``).
"""

from __future__ import annotations

import importlib
import random
import sys
from collections.abc import Mapping, Sequence
from typing import Any, Callable, Optional, Union

import numpy as np

from tablesearch import _core
from tablesearch.games import serialization

CHANCE, TERMINAL = _core.CHANCE, _core.TERMINAL
DEFAULT_MAX_LEGAL_ACTIONS = 4096

GAME_FACTS: dict[str, Any] = {
    "has_chance": False,
    "has_hidden_information": False,
    "max_legal_actions": DEFAULT_MAX_LEGAL_ACTIONS,  # a bound on legal actions and chance outcomes
    "num_distinct_actions": 0,  # player actions lie in [0, this); 0: max_legal_actions
    "observation_shape": None,  # None: no observation tensors
    "parameter_specs": [],  # dicts: name, default, help, and min/max (ints) or choices
    "min_utility": -1.0,  # the smallest return a player can get (a bound)
    "max_utility": 1.0,  # the largest
    "utility_sum": None,  # what the returns add up to (0: zero-sum); None: not constant
    "max_game_length": None,  # the most decisions (player actions) one game takes; None: unknown
    "default_algorithm": None,  # what algorithm="auto" searches the game with; None: the generic choice
}
"""The optional methods a Python game may define to declare its facts, with the defaults it gets
without them (the native games' defaults where those apply). The player counts are the range of
the "players" parameter spec, or num_players() alone."""

_registry: dict[str, Callable[..., Any]] = {}


def register_game(name: str, factory: Callable[..., Any]) -> None:
    """Makes `load_game(name, **params)` build `factory(**params)` (a Python game object)."""
    if not isinstance(name, str) or not name:
        raise ValueError(f"a game name must be a non-empty str, got {name!r}")
    if name in _core.list_games():
        raise ValueError(f"{name!r} is a native game; choose another name")
    if not callable(factory):
        raise TypeError(f"factory must be callable, got {type(factory).__name__}")
    _registry[name] = factory


def registered_games() -> list[str]:
    return sorted(_registry)


# Names "SCHEME:GAME" whose games another library provides: SCHEME -> the function (module:name)
# that makes the factory for GAME. Imported on first use, so only its users need the extra.
GAME_SCHEMES = {"openspiel": "tablesearch.interop.openspiel:game_factory"}


def factory_for(name: str) -> Optional[Callable[..., Any]]:
    """The factory registered as `name`, one for a "SCHEME:GAME" name of GAME_SCHEMES (such as
    "openspiel:kuhn_poker"), or imported from a "package.module:factory" name (not registered here:
    load_game registers it once it has built a game with it)."""
    if name in _registry:
        return _registry[name]
    module_name, sep, attribute = name.partition(":")
    if not sep or not module_name or not attribute:
        return None
    factory: Callable[..., Any]
    if module_name in GAME_SCHEMES:
        maker_module, _, maker = GAME_SCHEMES[module_name].partition(":")
        try:
            factory = getattr(importlib.import_module(maker_module), maker)(attribute)
        except ImportError as error:  # its message names the extra to install
            raise ValueError(f"cannot load game {name!r}: {error}") from None
        register_game(name, factory)
        return factory
    try:
        factory = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError) as error:
        raise ValueError(f"cannot load game {name!r}: {error}") from None
    if not callable(factory):
        raise ValueError(f"cannot load game {name!r}: {type(factory).__name__} is not a game factory")
    return factory


def _check_seed(seed: Any) -> int:
    """`seed` as an int in [0, 2**64), or a fresh random one for None (as native games take it)."""
    if seed is None:
        return random.getrandbits(63)
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)):
        raise TypeError(f"seed must be an int or None, got {type(seed).__name__} {seed!r}")
    if not 0 <= seed < 2**64:
        raise ValueError(f"seed must be in [0, 2**64), got {seed}")
    return int(seed)


def _check_action(action: Any) -> int:
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise TypeError(f"action must be an int, got {type(action).__name__} {action!r}")
    return int(action)


def _optional(obj: Any, method: str, default: Any) -> Any:
    return getattr(obj, method)() if hasattr(obj, method) else default


def _fact(game: Any, name: str) -> Any:
    """What `game` declares with the method `name` of GAME_FACTS, or the default."""
    return _optional(game, name, GAME_FACTS[name])


def checked_parameter_specs(name: str, specs: Any) -> list[dict[str, Any]]:
    """A Python game's parameter_specs(), checked: a list of dicts, each with a str name and a default."""
    if not isinstance(specs, (list, tuple)):
        raise TypeError(f"game {name!r}: parameter_specs() must return a list of dicts, got {type(specs).__name__}")
    checked = []
    for spec in specs:
        if not isinstance(spec, Mapping) or not isinstance(spec.get("name"), str) or "default" not in spec:
            raise TypeError(
                f"game {name!r}: each parameter spec is a dict with a str 'name' and a 'default', got {spec!r}"
            )
        checked.append({"help": "", **spec})
    return checked


class PythonGame:
    """A registered Python game, with the same methods as a native Game."""

    def __init__(self, name: str, game: Any, params: Optional[dict[str, Any]] = None) -> None:
        for method in ("num_players", "new_initial_state"):
            if not hasattr(game, method):
                raise TypeError(f"game {name!r} ({type(game).__name__}) has no {method}()")
        self.name = name
        self.game = game
        self._params = dict(params or {})
        shape = _fact(game, "observation_shape")
        self.info = _core.PyGameInfo(  # checks every value
            num_players=game.num_players(),
            max_legal_actions=_fact(game, "max_legal_actions"),
            num_distinct_actions=_fact(game, "num_distinct_actions"),
            observation_shape=shape if shape is not None else [],
            min_utility=_fact(game, "min_utility"),
            max_utility=_fact(game, "max_utility"),
            game=f"game {name!r}",
        )
        self._specs = checked_parameter_specs(name, _fact(game, "parameter_specs"))

    def num_players(self) -> int:
        return int(self.info.num_players)

    def parameters(self) -> dict[str, Any]:
        return dict(self._params)

    def has_chance(self) -> bool:
        return bool(_fact(self.game, "has_chance"))

    def has_hidden_information(self) -> bool:
        return bool(_fact(self.game, "has_hidden_information"))

    def parameter_specs(self) -> list[dict[str, Any]]:
        return [dict(spec) for spec in self._specs]

    def _player_range(self) -> tuple[int, int]:
        players = [s for s in self._specs if s["name"] == "players" and "min" in s and "max" in s]
        if players:
            return int(players[0]["min"]), int(players[0]["max"])
        return self.num_players(), self.num_players()

    def min_players(self) -> int:
        return self._player_range()[0]

    def max_players(self) -> int:
        return self._player_range()[1]

    def min_utility(self) -> float:
        return float(self.info.min_utility)  # as read (and checked) when the game was loaded

    def max_utility(self) -> float:
        return float(self.info.max_utility)

    def utility_sum(self) -> Optional[float]:
        total = _fact(self.game, "utility_sum")
        return None if total is None else float(total)

    def max_game_length(self) -> Optional[int]:
        length = _fact(self.game, "max_game_length")
        if length is None:
            return None
        if isinstance(length, bool) or not isinstance(length, int) or length < 1:
            raise ValueError(f"game {self.name!r}: max_game_length() must be an int >= 1 or None, got {length!r}")
        return length

    def default_algorithm(self) -> Optional[str]:
        """What algorithm="auto" searches this game with, as the game declares it (None: the
        generic choice; OpenSpiel's two-player zero-sum hidden-information games: infoset-uct)."""
        chosen = _fact(self.game, "default_algorithm")
        return None if chosen is None else str(chosen)

    # Sizes as read (and checked) once when the game was loaded: what the search uses.
    def max_legal_actions(self) -> int:
        return int(self.info.max_legal_actions)

    def num_distinct_actions(self) -> int:
        return int(self.info.num_distinct_actions or self.info.max_legal_actions)

    def observation_shape(self) -> Optional[tuple[int, ...]]:
        return tuple(self.info.observation_shape) or None

    def new_initial_state(self, seed: Optional[int] = None) -> PythonState:
        seed = _check_seed(seed)
        return PythonState(self, self.game.new_initial_state(seed=seed), seed, [])

    def deserialize_state(self, text: str) -> PythonState:
        """The state that PythonState.serialize() wrote, its history replayed through the rules
        (see `tablesearch.games.serialization`: ValueError names what is wrong)."""
        state: PythonState = serialization.deserialize(self, text)
        return state

    def restore(self, seed: int, history: Sequence[int], fields: Optional[Mapping[str, Any]] = None) -> PythonState:
        """The state of `seed` after `history`, replayed through the rules (ValueError names the
        first illegal entry). Python games serialize no fields: passing any is refused."""
        if fields is not None:
            raise ValueError(f"{self.name} is a Python game: it does not take serialized 'fields'")
        if seed is None:
            raise TypeError("restore needs the state's seed (an int), got None")
        if not isinstance(history, (list, tuple)):
            raise TypeError(f"history must be a list of ints, got {type(history).__name__}")
        state = self.new_initial_state(seed)
        for i, action in enumerate(history):
            try:
                state.apply_action(action)
            except (ValueError, TypeError) as error:
                raise type(error)(f"history entry {i}: {error}") from None
        return state

    def __repr__(self) -> str:
        return f"<PythonGame {self.name}>"


class PythonState:
    """A state of a PythonGame with the full State API: checked actions, history, serialization."""

    def __init__(self, game: PythonGame, state: Any, seed: int, history: list[int]) -> None:
        self._game, self._state, self._seed, self._history = game, state, seed, history

    @property
    def native_state(self) -> Any:
        """The game's own state object (what the native search drives)."""
        return self._state

    def get_game(self) -> PythonGame:
        return self._game

    def num_players(self) -> int:
        return self._game.num_players()

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else int(self._state.current_player())

    def is_terminal(self) -> bool:
        return bool(self._state.is_terminal())

    def is_chance_node(self) -> bool:
        return not self.is_terminal() and int(self._state.current_player()) == CHANCE

    def legal_actions(self) -> list[int]:
        return [] if self.is_terminal() else sorted(int(a) for a in self._state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.is_chance_node():
            return []
        return sorted((int(a), float(p)) for a, p in self._state.chance_outcomes())

    def apply_action(self, action: int) -> None:
        action = _check_action(action)
        if self.is_terminal():
            raise ValueError(f"cannot apply action {action}: the game is over")
        legal = self.legal_actions()
        if int(action) not in legal:
            raise ValueError(f"illegal action {action}; legal actions: {', '.join(map(str, legal))}")
        self._state.apply_action(action)
        self._history.append(action)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.num_players()
        return [float(r) for r in self._state.returns()]

    def scores(self) -> list[float]:
        return self.returns()

    def clone(self) -> PythonState:
        return PythonState(self._game, self._state.clone(), self._seed, list(self._history))

    __copy__ = clone

    def __deepcopy__(self, memo: Any) -> PythonState:
        return self.clone()

    def history(self) -> list[int]:
        return list(self._history)

    def move_number(self) -> int:
        return len(self._history)

    def _check_player(self, player: Any) -> int:
        if isinstance(player, bool) or not isinstance(player, (int, np.integer)):
            raise TypeError(f"player must be an int, got {type(player).__name__} {player!r}")
        if not 0 <= player < self.num_players():
            raise ValueError(f"player must be in 0..{self.num_players() - 1}, got {player}")
        return int(player)

    def _check_legal(self, given: Any) -> int:
        action: int = _check_action(given)
        if self.is_terminal():
            raise ValueError("the game is over: there are no actions to describe")
        legal = self.legal_actions()
        if action not in legal:
            raise ValueError(f"action {action} is not legal here; legal actions: {', '.join(map(str, legal))}")
        return action

    def action_to_string(self, action: int) -> str:
        action = self._check_legal(action)
        if hasattr(self._state, "action_to_string"):
            return str(self._state.action_to_string(action))
        return str(action)

    def observed_action(self, observer: int, action: int) -> int:
        """How the legal action `action` looks to `observer` (the action itself unless the game's
        states define observed_action)."""
        observer = self._check_player(observer)
        action = self._check_legal(action)
        if hasattr(self._state, "observed_action"):
            return int(self._state.observed_action(observer, action))
        return action

    def information_state_string(self, player: int) -> str:
        player = self._check_player(player)
        if hasattr(self._state, "information_state_string"):
            return str(self._state.information_state_string(player))
        if self._game.has_hidden_information():
            raise TypeError(f"{self._game.name} has hidden information but its states lack information_state_string()")
        return ",".join(map(str, self._history))  # perfect information: everything seen, in order

    def observation_tensor(self, player: int) -> np.ndarray:
        player = self._check_player(player)
        shape = self._game.observation_shape()
        if shape is None or not hasattr(self._state, "observation_tensor"):
            raise TypeError(f"{self._game.name} has no observation tensors")
        return np.asarray(self._state.observation_tensor(player), dtype=np.float32).reshape(shape)

    def resample_from_infostate(self, player: int, seed: Optional[int] = None) -> PythonState:
        player = self._check_player(player)
        seed = _check_seed(seed)
        if not hasattr(self._state, "resample_from_infostate"):
            return self.clone()
        world = self._state.resample_from_infostate(player, seed)
        # The world's own history where its states keep one (the redrawn hidden moves), so the
        # copy does not carry the true hidden moves; else the true history, as before.
        history = [int(a) for a in world.history()] if hasattr(world, "history") else list(self._history)
        return PythonState(self._game, world, self._seed, history)

    def seed(self) -> int:
        """The seed the initial state was made with."""
        return self._seed

    def fields(self) -> dict[str, int | list[int]]:
        """Python games serialize as seed and history only: an empty dict."""
        return {}

    def serialize(self) -> str:
        """JSON text that PythonGame.deserialize_state turns back into this state (the format:
        `tablesearch.games.serialization`)."""
        return serialization.serialize(self)

    def __str__(self) -> str:
        return str(self._state)

    def __repr__(self) -> str:
        return f"<PythonState {self._game.name} after {len(self._history)} actions>"


# States of other libraries, given the Python-game protocol by an interop module: (module, class)
# -> the function (module:name) that wraps one. Only consulted once the library is imported.
FOREIGN_STATES = {("pyspiel", "State"): "tablesearch.interop.openspiel:python_state"}


def python_state_of(state: Any) -> Any:
    """`state` itself, or, for a state of a library in FOREIGN_STATES (a pyspiel state), the
    PythonState its interop module makes of it: the state of `load_game("openspiel:...")`, so
    hidden information is searched as hidden."""
    for (module, name), wrapper in FOREIGN_STATES.items():
        library = sys.modules.get(module)
        if library is not None and isinstance(state, getattr(library, name)):
            wrapper_module, _, function = wrapper.partition(":")
            return getattr(importlib.import_module(wrapper_module), function)(state)
    return state


def native_state(state: Any) -> Union[_core.State, _core.PyState]:
    """`state` as something the native search takes: native States (and PyStates) as they are;
    Python states (PythonState or any object with the protocol) wrapped as a PyState, which is not
    a State: the search calls the Python state's methods (or its native_search_state(info))."""
    if isinstance(state, (_core.State, _core.PyState)):
        return state
    if isinstance(state, PythonState):
        inner, info = state.native_state, state.get_game().info
        faster = getattr(inner, "native_search_state", None)
        searchable = faster(info) if faster is not None else _core.PyState(inner, info)
        if not isinstance(searchable, _core.PyState):
            raise TypeError(f"{type(inner).__name__}.native_search_state() must return a _core.PyState")
        return searchable
    missing = [
        m
        for m in ("current_player", "legal_actions", "apply_action", "is_terminal", "returns", "clone")
        if not hasattr(state, m)
    ]
    if missing:
        raise TypeError(
            f"state must be a tablesearch State or have the state protocol; "
            f"{type(state).__name__} lacks {', '.join(missing)}"
        )
    return _core.PyState(state, _info_of_protocol_state(state))


def _info_of_protocol_state(state: Any) -> Any:
    """Sizes of a bare protocol state's game, from pyspiel-style get_game() when available."""
    game = state.get_game() if hasattr(state, "get_game") else None
    if hasattr(state, "num_players"):
        players = state.num_players()
    elif game is not None and hasattr(game, "num_players"):
        players = game.num_players()
    else:
        players = len(state.returns())  # one return per player, zeros before the end
    distinct = _optional(game, "num_distinct_actions", 0) if game is not None else 0
    chance = _optional(game, "max_chance_outcomes", 0) if game is not None else 0
    sizes = [n for n in (distinct, chance) if isinstance(n, int) and not isinstance(n, bool)]
    bound = max(sizes, default=0) or DEFAULT_MAX_LEGAL_ACTIONS  # PyGameInfo names a wrong type
    shape = []
    if game is not None and hasattr(game, "observation_tensor_shape"):
        try:
            shape = list(game.observation_tensor_shape())
        except RuntimeError:  # pyspiel's SpielError: the game has no observation tensors
            shape = []
    return _core.PyGameInfo(
        num_players=players,
        max_legal_actions=bound,
        num_distinct_actions=distinct,
        observation_shape=shape,
        game=type(state).__name__,
    )
