"""OpenSpiel interop, both ways (needs the ``openspiel`` extra: ``pip install ".[openspiel]"`` in the clone).

- ``to_pyspiel(game)`` registers a tablesearch game with pyspiel as a Python game and returns a
  ``pyspiel.Game``, so OpenSpiel's algorithms (CFR, best response, exploitability, ...) run on it.
- ``OpenSpielGame`` puts any sequential pyspiel game behind tablesearch's Python-game protocol;
  ``ts.load_game("openspiel:NAME(...)")`` builds one (OpenSpiel's game-string syntax), so
  matches, tournaments and the command line run on OpenSpiel's games, with checked actions.
"""

from __future__ import annotations

import contextlib
import os
import random
import re
import sys
import weakref
from collections.abc import Iterator
from typing import Any, Callable, Optional

import numpy as np

from tablesearch import _core
from tablesearch.extras import missing

try:
    import pyspiel
except ImportError as error:
    raise ImportError(missing("OpenSpiel interop", "openspiel")) from error

SCHEME = "openspiel:"
_PREFIX = "tablesearch_"  # pyspiel short names of the games to_pyspiel registers
# Player ids are OpenSpiel's, so states pass them through unchanged.
assert (_core.CHANCE, _core.TERMINAL) == (int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL))


# --------------------------------------------------------------------------------------------
# tablesearch games as pyspiel games
# --------------------------------------------------------------------------------------------


FACTS = ("min_utility", "max_utility", "utility_sum", "max_game_length")


def _facts(game: Any, overrides: dict[str, Any]) -> tuple[float, float, Optional[float], int]:
    """(min utility, max utility, utility sum or None, max game length) for pyspiel's GameInfo:
    keywords given to to_pyspiel, else what the game declares (its methods of those names)."""
    values = {key: overrides[key] if overrides.get(key) is not None else getattr(game, key)() for key in FACTS}
    if values["max_game_length"] is None:
        raise ValueError(
            f"to_pyspiel({game.name!r}) needs max_game_length, which the game does not declare: define "
            "max_game_length() on the game or pass it as a keyword"
        )
    total = values["utility_sum"]
    return (
        float(values["min_utility"]),
        float(values["max_utility"]),
        None if total is None else float(total),
        int(values["max_game_length"]),
    )


def _short_name(name: str) -> str:
    return _PREFIX + re.sub(r"[^a-z0-9_]", "_", name.lower())


def _seed_matters(game: Any) -> bool:
    """Whether the game draws its setup from new_initial_state's seed (then pyspiel sees it as a
    sampled-stochastic game): initial states of different seeds differ."""
    first = str(game.new_initial_state(0))
    return any(str(game.new_initial_state(seed)) != first for seed in range(1, 8))


_registered: dict[str, Any] = {}  # short name -> the pyspiel.Game subclass registered under it


def to_pyspiel(game: Any, **facts: Any) -> Any:
    """`game` (a tablesearch Game, a registered Python game, or a game name) as a ``pyspiel.Game``.

    The game is registered with pyspiel as a Python game named ``tablesearch_<name>`` whose
    parameters are the tablesearch game's (so ``pyspiel.load_game("tablesearch_NAME(players=3)")``
    works too, once registered), plus ``rng_seed`` for games whose setup comes from the seed
    (pyspiel sees those as sampled-stochastic games; -1 draws a fresh seed). Information states
    are the tablesearch information-state strings prefixed with the player; observation tensors
    are tablesearch's. pyspiel's GameInfo takes the utility bounds, utility sum and length the
    game declares (``min_utility()``, ``max_utility()``, ``utility_sum()``, ``max_game_length()``);
    keywords of the same names here override them. A game loaded from ``openspiel:`` gives back
    the pyspiel game it wraps.

    Raises ImportError without pyspiel, ValueError for a game pyspiel cannot describe.
    """
    from tablesearch.games.registry import load_game

    if isinstance(game, str):
        game = load_game(game)
    inner = getattr(game, "game", None)
    if isinstance(inner, OpenSpielGame):
        return inner.pyspiel_game
    if not hasattr(game, "new_initial_state") or not hasattr(game, "name"):
        raise TypeError(f"to_pyspiel expects a tablesearch game or a game name, got {type(game).__name__}")
    params = game.parameters()
    bad = {k: v for k, v in params.items() if not isinstance(v, (bool, int, float, str))}
    if bad:
        raise ValueError(f"pyspiel parameters are bool, int, float or str; {game.name!r} has {bad!r}")
    short = _short_name(game.name)
    cls = _registered.get(short)
    if cls is None:
        cls = _register(game, short, facts)
        _registered[short] = cls
    return pyspiel.load_game(short, params) if params else pyspiel.load_game(short)


def _register(ts_game: Any, short: str, facts: dict[str, Any]) -> Any:
    from tablesearch.games.registry import load_game

    name = ts_game.name
    native = isinstance(ts_game, _core.Game)
    specs = {s["name"]: s for s in ts_game.parameter_specs()}
    defaults = {k: (specs[k]["default"] if k in specs else v) for k, v in ts_game.parameters().items()}
    sampled = _seed_matters(ts_game)
    if sampled:
        defaults["rng_seed"] = -1
    hidden = ts_game.has_hidden_information()
    shape = ts_game.observation_shape()
    T = pyspiel.GameType
    if sampled:
        chance_mode = T.ChanceMode.SAMPLED_STOCHASTIC
    elif ts_game.has_chance():
        chance_mode = T.ChanceMode.EXPLICIT_STOCHASTIC
    else:
        chance_mode = T.ChanceMode.DETERMINISTIC
    total_utility = _facts(ts_game, facts)[2]
    if total_utility is None:
        utility = T.Utility.GENERAL_SUM
    else:
        utility = T.Utility.ZERO_SUM if total_utility == 0 else T.Utility.CONSTANT_SUM
    game_type = T(
        short_name=short,
        long_name=f"tablesearch {name}",
        dynamics=T.Dynamics.SEQUENTIAL,
        chance_mode=chance_mode,
        information=T.Information.IMPERFECT_INFORMATION if hidden else T.Information.PERFECT_INFORMATION,
        utility=utility,
        reward_model=T.RewardModel.TERMINAL,
        max_num_players=ts_game.max_players(),
        min_num_players=ts_game.min_players(),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=not hidden,
        provides_observation_tensor=shape is not None,
        parameter_specification=defaults,
    )

    class TablesearchGame(pyspiel.Game):  # type: ignore[misc]
        """A tablesearch game seen through pyspiel's Python-game API."""

        def __init__(self, params: Optional[dict[str, Any]] = None) -> None:
            params = dict(params or {})
            rng_seed = int(params.pop("rng_seed", -1))
            game = load_game(name, **params) if (native or params != ts_game.parameters()) else ts_game
            low, high, total, length = _facts(game, facts)
            info = pyspiel.GameInfo(
                num_distinct_actions=game.num_distinct_actions(),
                # Chance outcome ids: bounded by the distinct actions or the legal-action bound
                # (a deal of cards by the latter, a draw among the action ids by the former).
                max_chance_outcomes=max(game.num_distinct_actions(), game.max_legal_actions())
                if game.has_chance()
                else 0,
                num_players=game.num_players(),
                min_utility=low,
                max_utility=high,
                utility_sum=total,
                max_game_length=length,
            )
            full = dict(game.parameters())
            if sampled:
                full["rng_seed"] = rng_seed
            super().__init__(game_type, info, full)
            self.ts_game = game
            self._sampled = sampled
            self._rng = random.Random(None if rng_seed < 0 else rng_seed)

        def new_initial_state(self) -> TablesearchState:
            seed = self._rng.getrandbits(63) if self._sampled else 0
            return TablesearchState(self, self.ts_game.new_initial_state(seed))

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
            return _Observer(self, iig_obs_type, params)

    TablesearchGame.__name__ = TablesearchGame.__qualname__ = f"TablesearchGame_{short[len(_PREFIX) :]}"
    pyspiel.register_game(game_type, TablesearchGame)
    return TablesearchGame


class _Held:
    """Holds a tablesearch state in a pyspiel State's ``__dict__``: pyspiel copies Python states with
    deepcopy (a clone here) and serializes them by pickling that dict (the state's own
    serialization here, rebuilt through load_game)."""

    __slots__ = ("state",)

    def __init__(self, state: Any) -> None:
        self.state = state

    def __deepcopy__(self, memo: Any) -> _Held:
        return _Held(self.state.clone())

    def __reduce__(self) -> tuple[Any, tuple[str, dict[str, Any], str]]:
        game = self.state.get_game()
        return _restore, (game.name, game.parameters(), self.state.serialize())


def _restore(name: str, params: dict[str, Any], text: str) -> _Held:
    from tablesearch.games.registry import load_game

    return _Held(load_game(name, **params).deserialize_state(text))


class TablesearchState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel State holding a tablesearch state (``ts_state``)."""

    def __init__(self, game: Any, ts_state: Any) -> None:
        super().__init__(game)
        self._held = _Held(ts_state)

    @property
    def ts_state(self) -> Any:
        """The tablesearch state inside."""
        return self._held.state

    def current_player(self) -> int:
        return int(self._held.state.current_player())  # CHANCE and TERMINAL are OpenSpiel's ids

    def _legal_actions(self, player: int) -> list[int]:
        return self._held.state.legal_actions() if player == self._held.state.current_player() else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(self._held.state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        self._held.state.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == self._held.state.current_player() and action in self._held.state.legal_actions():
            return str(self._held.state.action_to_string(action))
        return f"action {action}"

    def is_terminal(self) -> bool:
        return bool(self._held.state.is_terminal())

    def returns(self) -> list[float]:
        return list(self._held.state.returns())

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TablesearchState:
        seed = int(probability_sampler() * 2**62)
        return TablesearchState(self.get_game(), self._held.state.resample_from_infostate(player_id, seed))

    def __str__(self) -> str:
        return str(self._held.state)


class _Observer:
    """pyspiel's PyObserver interface over tablesearch's information-state strings and
    observation tensors. Perfect recall (information states): strings only. Otherwise: the
    observation tensor, and str(state) as the string on perfect-information games."""

    def __init__(self, game: Any, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        self._hidden = game.ts_game.has_hidden_information()
        if self._hidden and (kind.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not kind.public_info):
            raise ValueError("tablesearch games observe as one player: public_info=True, private_info=SINGLE_PLAYER")
        self._recall = kind.perfect_recall
        shape = game.ts_game.observation_shape()
        self.dict: dict[str, np.ndarray] = {}
        self.tensor: Optional[np.ndarray] = None
        if not self._recall and shape is not None:
            self.tensor = np.zeros(int(np.prod(shape)), np.float32)
            self.dict["observation"] = self.tensor.reshape(shape)

    def set_from(self, state: Any, player: int) -> None:
        if self.tensor is not None:
            self.tensor[:] = np.asarray(state.ts_state.observation_tensor(player), np.float32).ravel()

    def string_from(self, state: Any, player: int) -> str:
        if self._recall:
            return f"p{player} {state.ts_state.information_state_string(player)}"
        if self._hidden:
            raise ValueError(
                "tablesearch games with hidden information have no observation strings; use information_state_string"
            )
        return str(state.ts_state)


# --------------------------------------------------------------------------------------------
# pyspiel games inside tablesearch
# --------------------------------------------------------------------------------------------


_INT32 = (-(2**31), 2**31 - 1)  # OpenSpiel's int parameters are C++ ints


MAX_NESTING = 4  # a game inside a game inside a game...: OpenSpiel's wrappers nest one or two deep


def _checked_parameters(base: str, params: dict[str, Any], depth: int = 0) -> dict[str, Any]:
    """`params` for pyspiel.load_game: ValueError naming a parameter whose value pyspiel's
    binding cannot take (it would say only "Unable to cast"). A value may be a nested game, as
    wrapper games take (``turn_based_simultaneous_game(game=goofspiel(...))``): a dict with its
    game's "name" and that game's parameters, checked the same way (never evaluated)."""
    for name, value in params.items():
        if not isinstance(name, str) or not name:
            raise ValueError(f"OpenSpiel game {base!r}: parameter names are text, got {name!r}")
        if isinstance(value, dict):
            _check_nested_game(base, name, value, depth)
            continue
        if not isinstance(value, (bool, int, float, str)):
            raise ValueError(
                f"OpenSpiel game {base!r}: parameter {name!r} must be a bool, int, float, str or a game "
                f"(a dict with its 'name' and parameters), got {type(value).__name__} {value!r}"[:300]
            )
        if isinstance(value, int) and not isinstance(value, bool) and not _INT32[0] <= value <= _INT32[1]:
            raise ValueError(
                f"OpenSpiel game {base!r}: parameter {name!r} must be an int in [{_INT32[0]}, {_INT32[1]}] "
                f"(OpenSpiel's integer parameters are 32-bit), got {value}"
            )
    return params


def _check_nested_game(base: str, name: str, value: dict[str, Any], depth: int) -> None:
    inner = value.get("name")
    if not isinstance(inner, str) or inner not in pyspiel.registered_names():
        raise ValueError(
            f"OpenSpiel game {base!r}: parameter {name!r} is a game, a dict whose 'name' is an OpenSpiel game "
            f"(such as {{'name': 'goofspiel', 'num_cards': 4}}), got name {inner!r}"[:300]
        )
    if depth + 1 >= MAX_NESTING:
        raise ValueError(f"OpenSpiel game {base!r}: games nested more than {MAX_NESTING} deep in parameter {name!r}")
    _checked_parameters(f"{base}.{name}={inner}", {k: v for k, v in value.items() if k != "name"}, depth + 1)


class OpenSpielGame:
    """A pyspiel game with tablesearch's Python-game protocol (``load_game`` wraps it in a
    PythonGame, which adds checked actions, history and serialization).

    `game_string` is OpenSpiel's syntax, ``NAME`` or ``NAME(key=value,...)``; keyword `params`
    add to or override those in the string. Simultaneous-move games are converted to turn-based
    ones (pyspiel.convert_to_turn_based). Raises ValueError for an unknown game or parameter, a
    parameter value pyspiel cannot take, sampled chance (replays need explicit chance outcomes),
    mean-field games, and hidden information without information-state strings.
    """

    def __init__(self, game_string: str, **params: Any) -> None:
        if not isinstance(game_string, str) or not game_string:
            raise ValueError(f"an OpenSpiel game string is NAME or NAME(key=value,...), got {game_string!r}")
        try:
            with _quiet_stderr():  # pyspiel also prints each error it raises
                parsed = dict(pyspiel.game_parameters_from_string(game_string))
                base = parsed.pop("name")
                game = pyspiel.load_game(base, _checked_parameters(base, {**parsed, **params}))
        except pyspiel.SpielError as error:
            reason = str(error).splitlines()[0]
            if reason.startswith("Unknown game"):
                reason += " " + ", ".join(sorted(pyspiel.registered_names()))
            elif "game_parameters.cc" in reason:  # its parser's CHECK on a number it cannot read
                reason = f"a parameter value cannot be read ({reason}; integers must fit in 32 bits)"
            raise ValueError(
                f"OpenSpiel cannot load {game_string!r}" + (f" with {params}" if params else "") + f": {reason}"
            ) from None
        if game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS:
            game = pyspiel.convert_to_turn_based(game)
        self._adopt(game, repr(game_string))

    @classmethod
    def of(cls, game: Any) -> OpenSpielGame:
        """The game of a pyspiel state handed to the search as it is (a loaded pyspiel.Game)."""
        adopted = cls.__new__(cls)
        adopted._adopt(game, repr(str(game)))
        return adopted

    def _adopt(self, game: Any, label: str) -> None:
        T = pyspiel.GameType
        kind = game.get_type()
        if kind.dynamics != T.Dynamics.SEQUENTIAL:
            raise ValueError(
                f"OpenSpiel game {label} has {kind.dynamics}; tablesearch plays sequential games "
                "(load_game('openspiel:...') converts simultaneous-move games to turn-based ones)"
            )
        if kind.chance_mode == T.ChanceMode.SAMPLED_STOCHASTIC:
            raise ValueError(
                f"OpenSpiel game {label} samples chance inside its states; tablesearch "
                "needs explicit chance outcomes (to replay, serialize and search games)"
            )
        if game.num_players() > _core.MAX_PLAYERS:
            raise ValueError(
                f"OpenSpiel game {label} has {game.num_players()} players; "
                f"tablesearch handles up to {_core.MAX_PLAYERS}"
            )
        self._hidden = kind.information != T.Information.PERFECT_INFORMATION
        if self._hidden and not kind.provides_information_state_string:
            raise ValueError(
                f"OpenSpiel game {label} has hidden information but no information-state "
                "strings, which tablesearch needs to search it without seeing hidden moves"
            )
        self.pyspiel_game = game
        self.name = SCHEME + str(game)
        self._infostate_strings = kind.provides_information_state_string
        self._shape = tuple(game.observation_tensor_shape()) if kind.provides_observation_tensor else None
        self._chance = kind.chance_mode != T.ChanceMode.DETERMINISTIC
        self._spiel_game: Any = None  # what native() needs, made on first use
        self._info: Any = None

    def num_players(self) -> int:
        return int(self.pyspiel_game.num_players())

    def parameters(self) -> dict[str, Any]:
        return dict(self.pyspiel_game.get_parameters())

    def has_chance(self) -> bool:
        return bool(self._chance)

    def has_hidden_information(self) -> bool:
        return bool(self._hidden)

    def num_distinct_actions(self) -> int:
        return int(self.pyspiel_game.num_distinct_actions())

    def max_legal_actions(self) -> int:
        return int(max(self.pyspiel_game.num_distinct_actions(), self.pyspiel_game.max_chance_outcomes(), 1))

    def observation_shape(self) -> Optional[tuple[int, ...]]:
        return self._shape

    def min_utility(self) -> float:
        """OpenSpiel's bound on a player's return (-1 where it gives no range)."""
        low, high = float(self.pyspiel_game.min_utility()), float(self.pyspiel_game.max_utility())
        return low if high > low else -1.0

    def max_utility(self) -> float:
        low, high = float(self.pyspiel_game.min_utility()), float(self.pyspiel_game.max_utility())
        return high if high > low else 1.0

    def utility_sum(self) -> Optional[float]:
        """What the returns add up to (OpenSpiel's zero- and constant-sum games), else None."""
        utility = self.pyspiel_game.get_type().utility
        if utility == pyspiel.GameType.Utility.ZERO_SUM:
            return 0.0
        if utility == pyspiel.GameType.Utility.CONSTANT_SUM:
            return float(self.pyspiel_game.utility_sum())
        return None

    def max_game_length(self) -> int:
        return int(self.pyspiel_game.max_game_length())

    def default_algorithm(self) -> Optional[str]:
        """What ``algorithm="auto"`` searches this game with: auto's rule, reading OpenSpiel's
        information-state strings as keys on two-player zero-sum games (there infoset-uct beat
        ISMCTS and smooth-uct at equal time against OpenSpiel's bots: docs/interop.md); None (the
        generic choice) on the others."""
        zero_sum = self.pyspiel_game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
        if not (self._hidden and zero_sum and self.num_players() == 2):
            return None
        facts = dict(hidden_information=True, two_players=True, information_state_keys=True, priors=False)
        return str(_core.auto_algorithm(**facts))

    def new_initial_state(self, seed: Optional[int] = None) -> OpenSpielState:
        """The initial state; `seed` is unused, as OpenSpiel's chance is explicit outcomes."""
        return OpenSpielState(self, self.pyspiel_game.new_initial_state())

    def native(self, state: Any, info: Any = None) -> Any:
        """`state` (a pyspiel state of this game) as the native search sees it, a
        ``_core.SpielState`` (the rules of worlds and observed actions live there); `info` is
        what the search checks the state's answers against (a PythonGame's; else this game's)."""
        if self._spiel_game is None:
            self._spiel_game = _core.SpielGame(
                game=self.pyspiel_game,
                hidden=self._hidden,
                infostate_strings=self._infostate_strings,
                wrap=_weakly(self.state_of),
            )
            self._info = _core.PyGameInfo(
                num_players=self.num_players(),
                max_legal_actions=self.max_legal_actions(),
                num_distinct_actions=self.num_distinct_actions(),
                observation_shape=list(self._shape or []),
                min_utility=self.min_utility(),
                max_utility=self.max_utility(),
                game=self.name,
            )
        return _core.SpielState(state, self._info if info is None else info, self._spiel_game)

    def state_of(self, state: Any) -> OpenSpielState:
        return OpenSpielState(self, state)


class OpenSpielState:
    """A pyspiel state with tablesearch's state protocol (``pyspiel_state`` is the state itself).
    The native search drives the pyspiel state directly (``native_search_state``), by the same
    rules."""

    def __init__(self, game: OpenSpielGame, state: Any) -> None:
        self._game = game
        self.pyspiel_state = state

    def native_search_state(self, info: Any) -> Any:
        """This state for the native search: a ``_core.SpielState``, which calls pyspiel's bound
        methods directly (no Python wrapper per step), by the same rules."""
        return self._game.native(self.pyspiel_state, info)

    def current_player(self) -> int:
        return int(self.pyspiel_state.current_player())

    def is_terminal(self) -> bool:
        return bool(self.pyspiel_state.is_terminal())

    def legal_actions(self) -> list[int]:
        return list(self.pyspiel_state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(self.pyspiel_state.chance_outcomes())

    def apply_action(self, action: int) -> None:
        self.pyspiel_state.apply_action(action)

    def returns(self) -> list[float]:
        return list(self.pyspiel_state.returns())

    def clone(self) -> OpenSpielState:
        return OpenSpielState(self._game, self.pyspiel_state.clone())

    def history(self) -> list[int]:
        return list(self.pyspiel_state.history())

    def action_to_string(self, action: int) -> str:
        return str(self.pyspiel_state.action_to_string(self.pyspiel_state.current_player(), action))

    def information_state_string(self, player: int) -> str:
        if self._game._infostate_strings:
            return str(self.pyspiel_state.information_state_string(player))
        return str(self.pyspiel_state.history_str())  # perfect information: everything seen, in order

    def observation_tensor(self, player: int) -> list[float]:
        return list(self.pyspiel_state.observation_tensor(player))

    def observed_action(self, observer: int, action: int) -> int:
        """The action itself where `observer` sees it; otherwise a key of what `observer` knows after
        it (the CRC-32 of its information-state string), equal for actions it cannot tell apart,
        in every world."""
        return int(self._game.native(self.pyspiel_state).observed_action(observer, action))

    def resample_from_infostate(self, player: int, seed: int) -> OpenSpielState:
        """A world `player` cannot tell from this one (its information-state string and the player
        to move are the same): OpenSpiel's ResampleFromInfostate where the game has it and its
        world passes that check, else a replay of the history that redraws every chance outcome
        and every other player's action, backtracking wherever `player`'s view would differ
        (cpp/bindings/py_state_spiel.h)."""
        return OpenSpielState(self._game, self._game.native(self.pyspiel_state).world(player, seed))

    def __str__(self) -> str:
        return str(self.pyspiel_state)


def _weakly(method: Callable[..., Any]) -> Callable[..., Any]:
    """`method` (bound) without keeping its object alive: the native SpielGame that holds it
    belongs to that object, and a reference back would be a cycle the collector cannot see."""
    ref = weakref.WeakMethod(method)

    def call(*args: Any) -> Any:
        bound = ref()
        if bound is None:
            raise RuntimeError("the OpenSpiel game of this state is gone")
        return bound(*args)

    return call


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Sends file descriptor 2 to /dev/null: pyspiel prints every SpielError it raises, even
    those the caller handles."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


_adopted: dict[str, Any] = {}  # str(pyspiel game) -> the PythonGame its bare states are searched as


def python_state(state: Any) -> Any:
    """A pyspiel state handed to the search as it is, as the state of ``load_game("openspiel:" +
    str(game))``: a PythonState, so hidden information is searched as hidden (read from the game
    type's information field) and the search never reads another player's cards. A state of
    ``to_pyspiel``'s games is the tablesearch state inside. Raises ValueError for a game
    ``load_game`` would refuse (simultaneous moves: load the game with load_game instead)."""
    from tablesearch.games.python_games import PythonGame, PythonState

    if isinstance(state, TablesearchState):
        return state.ts_state
    key = str(state.get_game())
    game = _adopted.get(key)
    if game is None:
        inner = OpenSpielGame.of(state.get_game())
        game = _adopted[key] = PythonGame(inner.name, inner, inner.parameters())
    return PythonState(game, OpenSpielState(game.game, state), 0, [int(a) for a in state.history()])


def game_factory(game_string: str) -> Callable[..., OpenSpielGame]:
    """What ``load_game("openspiel:" + game_string, **params)`` builds its game with. Raises
    ValueError at once for a game string OpenSpiel cannot load or tablesearch cannot play."""
    OpenSpielGame(game_string)

    def factory(**params: Any) -> OpenSpielGame:
        return OpenSpielGame(game_string, **params)

    return factory
