"""Finding games by name."""
from __future__ import annotations

from typing import Any

from tablesearch import _core


def list_games() -> list[str]:
    """The names of every game that load_game accepts, sorted."""
    return sorted(_core.list_games())


def load_game(name: str, **params: Any) -> _core.Game:
    """The game `name` with keyword parameters (defaults fill the rest).

    Raises ValueError for an unknown game or parameter, or a parameter value out of range, and
    TypeError for a parameter of the wrong type; the message names what is valid.
    """
    if not isinstance(name, str):
        raise TypeError(f"game name must be a str, got {type(name).__name__} {name!r}")
    return _core.load_game(name, params)


def parameter_specs(name: str) -> list[dict[str, Any]]:
    """The parameters game `name` accepts: name, default, help, and choices or min/max."""
    return list(_core.parameter_specs(name))
