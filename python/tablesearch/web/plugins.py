"""Plugin games and agents the person starting the server names (``serve --allow``): imported once,
at start-up, from the command line or the Python API; requests may then use them by name."""

from __future__ import annotations

import importlib
from collections.abc import Sequence

from tablesearch.games.python_games import GAME_SCHEMES


def import_allowed(names: Sequence[str]) -> frozenset[str]:
    """`names` (``module:factory``, or a scheme's game such as ``openspiel:kuhn_poker``) after
    checking that each imports and names something callable; ValueError otherwise."""
    checked = set()
    for name in names:
        module_name, sep, attribute = str(name).partition(":")
        if not sep or not module_name or not attribute:
            raise ValueError(f"--allow takes module:factory names, got {name!r}")
        if module_name not in GAME_SCHEMES:
            try:
                target = getattr(importlib.import_module(module_name), attribute)
            except (ImportError, AttributeError) as error:
                raise ValueError(f"--allow {name}: {error}") from None
            if not callable(target):
                raise ValueError(f"--allow {name}: {type(target).__name__} is not callable")
        checked.add(name)
    return frozenset(checked)
