"""The compiled example games (examples/compiled_*.py), registered under their module names so
that every generic suite (conformance, serialization, hidden-information leaks, hostile input,
...) runs on them. Skipped where numba is not installed."""

from __future__ import annotations

import importlib.util
import sys
import threading
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

import pytest

import tablesearch as ts

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
# Registered name -> (example module, factory).
GAMES = {
    "compiled_connect_four": ("compiled_connect_four", "connect_four"),
    "compiled_pig": ("compiled_pig", "pig"),
    "compiled_leduc_poker": ("compiled_leduc_poker", "leduc_poker"),
    "compiled_eights": ("compiled_eights", "eights"),
}


def available() -> bool:
    return importlib.util.find_spec("numba") is not None


# A mark for tests of the compiled games, which are registered only where numba is installed.
needs_numba = pytest.mark.skipif(not available(), reason="needs the compiled extra (numba)")


_importing = threading.Lock()


def example(module: str) -> ModuleType:
    """The example module (imported once, under its own name, as `python examples/...` would;
    threads that load a game at once wait for the import to finish)."""
    with _importing:
        return _import(module)


def _import(module: str) -> ModuleType:
    if module not in sys.modules:
        spec = importlib.util.spec_from_file_location(module, EXAMPLES / f"{module}.py")
        assert spec is not None and spec.loader is not None
        loaded = importlib.util.module_from_spec(spec)
        sys.modules[module] = loaded
        spec.loader.exec_module(loaded)
    return sys.modules[module]


def factory(name: str) -> Callable[..., Any]:
    """The factory of game `name`, which imports its example (and numba) on first use only."""
    module, function = GAMES[name]

    def make(**params: Any) -> Any:
        return getattr(example(module), function)(**params)

    return make


def register() -> None:
    if not available():
        return
    for name in GAMES:
        if name not in ts.list_games():
            ts.register_game(name, factory(name))
