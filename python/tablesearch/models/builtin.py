"""The models that ship with the package, loaded by the game they play rather than by a path:
``load_model("builtin", game)``, the spec option ``model=builtin``, ``best-move --model builtin``
(docs/training.md, "The tabletop games")."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tablesearch.models.model import BUILTIN, Model, load_model

__all__ = ["BUILTIN", "BuiltinModel", "builtin_files", "builtin_model", "describe_builtin"]

FOLDER = Path(__file__).parent / "trained"
"""Where the shipped model files are: one per game and player count, named ``<game>-<players>p.tsmodel``."""


@functools.cache  # the package's files do not change while it runs; a search asks at every move
def builtin_files() -> dict[tuple[str, int], Path]:
    """{(game name, players): model file} for every shipped model."""
    found = {}
    for path in sorted(FOLDER.glob("*p.tsmodel")):
        name, _, players = path.name.removesuffix("p.tsmodel").rpartition("-")
        if name and players.isdigit():
            found[name, int(players)] = path
    return found


def describe_builtin() -> str:
    """The shipped models in words: "gnomi for 2 or 4 players, gummiland for 2 players"."""
    counts: dict[str, list[str]] = {}
    for name, players in sorted(builtin_files()):
        counts.setdefault(name, []).append(str(players))
    return ", ".join(f"{name} for {' or '.join(n)} players" for name, n in counts.items()) or "none"


def builtin_model(game: Any) -> Model:
    """The shipped model for `game` (a loaded game), checked against its rules and parameters.
    Raises ValueError naming the games that have one when this game and player count have none."""
    key = (str(game.name), int(game.num_players()))
    path = builtin_files().get(key)
    if path is None:
        raise ValueError(f"no built-in model for {key[0]} with {key[1]} players; built-in models: {describe_builtin()}")
    model = _read(str(path))
    model.check_game(game)
    return model


@functools.cache
def _read(path: str) -> Model:
    return load_model(path)


@dataclass(frozen=True)
class BuiltinModel:
    """An evaluator that stands for the shipped model of whatever game is searched, resolved when
    the search sees the game (an agent made from a spec is built before it meets its game)."""

    def for_game(self, game: Any) -> Model:
        if game is None:
            raise ValueError("the built-in model needs the state's game (state.get_game()) to choose its network")
        return builtin_model(game)
