"""The model files that ship with the package, found by the game they play rather than by a path:
``load_model("builtin", game)``, the spec option ``model=builtin``, ``best-move --model builtin``
(docs/training.md, "The tabletop games"). Reading them is models/model.py's job."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

__all__ = ["BUILTIN", "builtin_files", "builtin_path", "describe_builtin"]

BUILTIN = "builtin"
"""The name that stands, where a model's path goes, for the shipped model of the game being played."""

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
    """The shipped models in words, each game with its player counts ("<game> for 2 or 4 players")."""
    counts: dict[str, list[str]] = {}
    for name, players in sorted(builtin_files()):
        counts.setdefault(name, []).append(str(players))
    return ", ".join(f"{name} for {' or '.join(n)} players" for name, n in counts.items()) or "none"


def builtin_path(game: Any) -> Path:
    """The shipped model file for `game` (a loaded game). Raises ValueError naming the games that
    have one when this game and player count have none."""
    key = (str(game.name), int(game.num_players()))
    path = builtin_files().get(key)
    if path is None:
        raise ValueError(f"no built-in model for {key[0]} with {key[1]} players; built-in models: {describe_builtin()}")
    return path
