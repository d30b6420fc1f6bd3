"""What a compiled game's code can reach, as both the bounds-checked copies (`_wrappers`) and the
fingerprint (`_fingerprint`) follow it: the globals and closure cells of each function, and the
attributes of the modules it reads (``helpers.fill``, ``rules.tables.ROWS``), at any depth.

Libraries (numpy, numba, the standard library, tablesearch) are not followed: they hold none of
the game's code, and numba recognizes some of their modules by identity. The helpers tablesearch
writes for games' compiled code (the card helpers) are followed as the game's own code: checked
for bounds like it, and part of its fingerprint."""

from __future__ import annotations

import os
import sys
import sysconfig
import types
from typing import Any

LIBRARIES = frozenset({"numpy", "numba", "llvmlite", "tablesearch"})
GAME_HELPERS = frozenset({"tablesearch.games.compiled.cards"})
_STDLIB: Any = getattr(sys, "stdlib_module_names", None)  # Python 3.10+


def names(code: types.CodeType) -> set[str]:
    """The names `code` and the code nested in it read: globals and attributes alike (a module's
    attribute is reached by name, whatever local it was read through)."""
    found = set(code.co_names)
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            found |= names(constant)
    return found


def is_library(module: types.ModuleType) -> bool:
    if module.__name__ in GAME_HELPERS:
        return False
    top = module.__name__.partition(".")[0]
    if top in LIBRARIES or top in sys.builtin_module_names:
        return True
    if _STDLIB is not None:
        return top in _STDLIB
    path = getattr(module, "__file__", None)  # before 3.10: by where the module lives
    stdlib = os.path.normcase(sysconfig.get_paths()["stdlib"])
    return path is not None and os.path.normcase(path).startswith(stdlib) and "site-packages" not in path


def attributes(module: types.ModuleType, wanted: set[str]) -> dict[str, Any]:
    """The attributes of `module` among `wanted` (as numba reads them: with getattr)."""
    missing = object()
    found = {name: getattr(module, name, missing) for name in sorted(wanted)}
    return {name: value for name, value in found.items() if value is not missing}
