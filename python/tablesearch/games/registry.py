"""Finding games by name, and pickling games and states as their names (rebuilt by load_game)."""

from __future__ import annotations

import copyreg
from typing import Any

from tablesearch import _core
from tablesearch.games import compiled, serialization
from tablesearch.games.python_games import PythonGame, PythonState, factory_for, register_game, registered_games


def list_games() -> list[str]:
    """The names of every game that load_game accepts (native and registered Python games), sorted."""
    return sorted(_core.list_games() + registered_games())


def load_game(name: str, **params: Any) -> Any:
    """The game `name` with keyword parameters (defaults fill the rest).

    `name` is a native game, a Python game registered with register_game, or
    "package.module:factory" (imported and registered on first use); a factory that returns a
    `tablesearch.games.compiled.CompiledGame` gives a native game, compiled with numba. Raises
    ValueError for an unknown game or parameter, or a parameter value out of range, and TypeError
    for a parameter of the wrong type; the message names what is valid.
    """
    if not isinstance(name, str):
        raise TypeError(f"game name must be a str, got {type(name).__name__} {name!r}")
    factory = factory_for(name)
    if factory is not None:
        try:
            game = factory(**params)
        except TypeError as error:
            raise ValueError(f"bad parameters for game {name!r}: {error}") from None
        if isinstance(game, compiled.CompiledGame):  # rules compiled with numba: a native game
            loaded = compiled.load(name, game, params, factory)
        else:
            loaded = PythonGame(name, game, params)  # checks the game: a failure leaves no name behind
        if name not in registered_games():
            register_game(name, factory)
        return loaded
    return _core.load_game(name, params)


def parameter_specs(name: str) -> list[dict[str, Any]]:
    """The parameters game `name` accepts: name, default, help, and choices or min/max (what the
    game declares; a Python game's parameter_specs(), none without it)."""
    if factory_for(name) is not None:
        specs: list[dict[str, Any]] = load_game(name).parameter_specs()
        return specs
    return list(_core.parameter_specs(name))


def parameter_valid(spec: dict[str, Any]) -> str:
    """What a parameter accepts, in words: "2..6", "one of 64, 66", "any of a, b" or its type."""
    if "min" in spec:
        return f"{spec['min']}..{spec['max']}"
    if spec.get("choices"):
        return ("any of " if spec.get("subset") else "one of ") + ", ".join(map(str, spec["choices"]))
    return type(spec["default"]).__name__


def reduce_game(game: Any) -> tuple[Any, tuple[str, dict[str, Any]]]:
    """How a game pickles: its name and parameters, rebuilt by ``load_game(name, **parameters)``."""
    return _load_game, (game.name, dict(game.parameters()))


def reduce_state(state: Any) -> tuple[Any, tuple[str, dict[str, Any], str]]:
    """How a state pickles: its game's name and parameters and its serialized text, rebuilt by
    `serialization.deserialize` in the game loaded by name."""
    game = state.get_game()
    return _load_state, (game.name, dict(game.parameters()), serialization.serialize(state))


def _load_game(name: str, params: dict[str, Any]) -> Any:
    return load_game(name, **params)


def _load_state(name: str, params: dict[str, Any], text: str) -> Any:
    return serialization.deserialize(_load_game(name, params), text)


# Every kind of game and state pickles this way (pickle, copy and multiprocessing read copyreg).
for _game_type in (_core.Game, PythonGame):
    copyreg.pickle(_game_type, reduce_game)
for _state_type in (_core.State, PythonState):
    copyreg.pickle(_state_type, reduce_state)
