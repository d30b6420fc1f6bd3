"""Finding games by name."""

from __future__ import annotations

from typing import Any

from tablesearch import _core
from tablesearch.games import compiled
from tablesearch.games.python_games import PythonGame, factory_for, register_game, registered_games


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
            loaded = compiled.load(name, game, params)
        else:
            loaded = PythonGame(name, game, params)  # checks the game: a failure leaves no name behind
        if name not in registered_games():
            register_game(name, factory)
        return loaded
    return _core.load_game(name, params)


def parameter_specs(name: str) -> list[dict[str, Any]]:
    """The parameters native game `name` accepts: name, default, help, and choices or min/max
    (Python games declare none)."""
    if factory_for(name) is not None:
        return []
    return list(_core.parameter_specs(name))
