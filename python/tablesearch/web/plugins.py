"""Plugin games and agents (``serve --allow``) and model files (``serve --model``) that the person
starting the server names: imported or read once, at start-up, from the command line or the Python
API; requests may then use them by name."""

from __future__ import annotations

import importlib
import os
from collections.abc import Mapping, Sequence
from typing import Union

from tablesearch.games.python_games import GAME_SCHEMES
from tablesearch.models import load_model


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


def check_models(models: Mapping[str, Union[str, os.PathLike[str]]]) -> dict[str, str]:
    """{name: path} after reading each model file once (ValueError naming the name and the file's
    problem); a name is what pages write in ``model=NAME``, so it holds no ``,`` or ``=``."""
    checked = {}
    for name, path in models.items():
        if not name or any(c in name for c in ",=:") or name != name.strip():
            raise ValueError(f"--model names are written NAME=PATH with a NAME free of ',', '=' and ':', got {name!r}")
        try:
            load_model(path)
        except (OSError, ValueError) as error:
            raise ValueError(f"--model {name}: {error}") from None
        checked[name] = os.fspath(path)
    return checked
