"""A hash of everything a compiled game's code depends on, so that numba's on-disk cache is
used only while nothing changed: the bytecode of the game's functions and of every function
they call, the values of the globals they read (numbers, strings, arrays), and the sizes.

numba's own cache looks at one function's source file; a change in a helper it calls, or in a
constant array, would go unnoticed. Keyed by this fingerprint, any such change compiles anew."""

from __future__ import annotations

import hashlib
import types
from collections.abc import Iterable
from typing import Any

import numpy as np

from tablesearch.games.compiled import _reach

# Changed whenever the wrappers' interface with the core changes.
ABI_VERSION = 1


def fingerprint(functions: Iterable[Any], extra: Any) -> tuple[str, set[str]]:
    """The hash of `functions` (plain or jitted), what they reach, and `extra` (by repr); and the
    modules the functions reached are defined in."""
    hasher = _Hasher(f"abi {ABI_VERSION}\n{extra!r}\n")
    for function in functions:
        hasher.add_function(function)
    return hasher.digest.hexdigest()[:32], hasher.modules


class _Hasher:
    """A hash of code, fed function by function; each function and module once."""

    def __init__(self, start: str) -> None:
        self.digest = hashlib.sha256(start.encode())
        self.seen: set[int] = set()
        self.modules: set[str] = set()

    def add(self, text: str) -> None:
        self.digest.update(text.encode())
        self.digest.update(b"\0")

    def add_function(self, function: Any) -> None:
        python = getattr(function, "py_func", function)
        if id(python) in self.seen:
            return
        self.seen.add(id(python))
        self.modules.add(str(getattr(python, "__module__", None)))
        self.add(f"function {getattr(python, '__module__', '')}.{getattr(python, '__qualname__', '')}")
        options = getattr(function, "targetoptions", None)
        if options is not None:
            self.add(repr(sorted(options.items())))
        self.add_code(python.__code__, python.__globals__)
        for cell in python.__closure__ or ():
            self.add_value(cell.cell_contents)
        for default in python.__defaults__ or ():
            self.add_value(default)

    def add_code(self, code: types.CodeType, scope: dict[str, Any]) -> None:
        self.digest.update(code.co_code)
        self.add(repr(code.co_names))
        for constant in code.co_consts:
            if isinstance(constant, types.CodeType):
                self.add_code(constant, scope)
            else:
                self.add_value(constant)
        wanted = set(code.co_names)
        visited: set[int] = set()
        for name in code.co_names:
            if name in scope:
                self.add(f"global {name}")
                self.add_value(scope[name])
                if isinstance(scope[name], types.ModuleType):
                    self.add_attributes(scope[name], wanted, visited)

    def add_attributes(self, module: types.ModuleType, wanted: set[str], visited: set[int]) -> None:
        """What is reached as a module's attribute (rules.helper(...), ts.TERMINAL), through the
        game's own modules at any depth (rules.tables.ROWS)."""
        if id(module) in visited:
            return
        visited.add(id(module))
        for name, attribute in _reach.attributes(module, wanted).items():
            if isinstance(attribute, types.ModuleType):
                if not _reach.is_library(attribute):
                    self.add(f"module {module.__name__}.{name} = {attribute.__name__}")
                    self.add_attributes(attribute, wanted, visited)
            elif hasattr(attribute, "py_func") or isinstance(attribute, (int, float, tuple, np.ndarray)):
                self.add(f"attribute {module.__name__}.{name}")
                self.add_value(attribute)

    def add_value(self, value: Any) -> None:
        if isinstance(value, types.ModuleType):
            self.add(f"module {value.__name__}")
        elif isinstance(value, np.ndarray):
            self.add(f"array {value.dtype.str} {value.shape}")
            self.digest.update(np.ascontiguousarray(value).tobytes())
        elif isinstance(value, (tuple, list, frozenset)):
            self.add(f"{type(value).__name__} {len(value)}")
            for item in value:
                self.add_value(item)
        elif hasattr(value, "py_func") or isinstance(value, types.FunctionType):
            self.add_function(value)
        elif value is None or isinstance(value, (bool, int, float, complex, str, bytes, np.generic, np.dtype)):
            self.add(f"{type(value).__name__} {value!r}")
        else:
            # Classes, numba types and other objects: by their type and a repr without addresses.
            text = repr(value)
            self.add(type(value).__qualname__ + ("" if " at 0x" in text else " " + text))
