"""Copies of a compiled game's functions with bounds checks, in which every function their code
can reach is a bounds-checked copy too: numba compiles without bounds checks by default, so an
index past an array would write over the process's memory instead of raising IndexError (which
the wrappers report as the function raising)."""

from __future__ import annotations

import ctypes
import sys
import types
from typing import Any

import numba
import numpy as np

from tablesearch.games.compiled import _reach

_CTYPES_FUNCTION = ctypes.CFUNCTYPE(None).__bases__[0]  # ctypes._CFuncPtr, the base of every ctypes function

# The options of the game's own jitted functions that their bounds-checked copies keep.
_KEPT_OPTIONS = ("fastmath", "error_model", "inline", "locals")


def bounds_checked(game: str, functions: dict[str, Any]) -> dict[str, Any]:
    """Copies of the game's functions (plain or jitted), jitted with bounds checks, in which every
    jitted function their code can reach (a global, a closure cell, a default, an item of a tuple,
    an attribute of a module at any depth) is replaced by its own bounds-checked copy: an index
    outside an array raises IndexError (reported as the function raising) instead of writing over
    memory. Raises ValueError naming compiled code the game reaches that cannot be compiled again
    with bounds checks (a cfunc, a vectorized ufunc, a jitclass, an intrinsic, an overload, a
    ctypes or cffi function, an external function)."""
    checker = _BoundsChecker(game)
    return {name: checker.function(function, name) for name, function in functions.items()}


class _BoundsChecker:
    def __init__(self, game: str) -> None:
        self.game = game
        self.copies: dict[int, Any] = {}  # by the id of the Python function
        self.shadows: dict[int, tuple[types.ModuleType, types.ModuleType, set[str]]] = {}

    def function(self, function: Any, rule: str) -> Any:
        python = getattr(function, "py_func", function)
        if id(python) in self.copies:
            return self.copies[id(python)]
        options = {k: v for k, v in getattr(function, "targetoptions", {}).items() if k in _KEPT_OPTIONS}
        scope = dict(python.__globals__)
        cells = tuple(types.CellType() for _ in python.__closure__ or ())
        copy = types.FunctionType(python.__code__, scope, python.__name__, None, cells or None)
        copy.__qualname__, copy.__module__ = python.__qualname__, python.__module__
        # Known before what it reaches is copied, so that recursion finds it; numba reads the
        # scope, cells and defaults only when it compiles.
        self.copies[id(python)] = jitted = numba.njit(boundscheck=True, **options)(copy)
        wanted = _reach.names(python.__code__)
        for name in wanted & scope.keys():
            scope[name] = self.value(scope[name], name, wanted, rule)
        for cell, original in zip(cells, python.__closure__ or ()):
            try:
                contents = original.cell_contents
            except ValueError:  # a variable not bound yet: numba will say so
                continue
            cell.cell_contents = self.value(contents, f"a closure of {python.__qualname__}", wanted, rule)
        if python.__defaults__:
            copy.__defaults__ = tuple(
                self.value(v, f"a default of {python.__qualname__}", wanted, rule) for v in python.__defaults__
            )
        return jitted

    def value(self, value: Any, where: str, wanted: set[str], rule: str) -> Any:
        """What `value` (read by `rule`'s code as `where`) is in the bounds-checked copies."""
        if isinstance(value, numba.core.registry.CPUDispatcher):
            return self.function(value, rule)
        if isinstance(value, types.FunctionType) and not _is_library_function(value) and _numba_compiles(value):
            self.refuse(rule, where, "compiled by numba through @overload or @register_jitable")
        if isinstance(value, types.ModuleType):
            return value if _reach.is_library(value) else self.module(value, wanted, rule)
        if type(value) is tuple or (isinstance(value, tuple) and hasattr(value, "_fields")):
            items = [self.value(item, f"{where}[{i}]", wanted, rule) for i, item in enumerate(value)]
            if all(a is b for a, b in zip(items, value)):
                return value
            return tuple(items) if type(value) is tuple else type(value)(*items)
        kind = _uncheckable(value)
        if kind:
            self.refuse(rule, where, kind)
        return value

    def module(self, module: types.ModuleType, wanted: set[str], rule: str) -> types.ModuleType:
        """A copy of `module` whose attributes among `wanted` are what `value` makes of them."""
        if id(module) not in self.shadows:
            shadow = types.ModuleType(module.__name__, module.__doc__)
            shadow.__dict__.update(module.__dict__)
            self.shadows[id(module)] = (module, shadow, set())
        _, shadow, done = self.shadows[id(module)]
        todo = wanted - done
        done |= todo  # before following them: modules that import each other end
        for name, attribute in _reach.attributes(module, todo).items():
            setattr(shadow, name, self.value(attribute, f"{module.__name__}.{name}", wanted, rule))
        return shadow

    def refuse(self, rule: str, where: str, kind: str) -> None:
        raise ValueError(
            f"compiled game {self.game!r}: {rule} reaches {where}, {kind}, which cannot be compiled again "
            "with bounds checks: make it an @numba.njit function (or drop it)"
        )


def _is_library_function(function: types.FunctionType) -> bool:
    module = sys.modules.get(str(function.__module__))
    return module is not None and _reach.is_library(module)


def _numba_compiles(function: types.FunctionType) -> bool:
    """Whether numba knows `function` (an @overload or @register_jitable of the game's)."""
    context = numba.core.registry.cpu_target.typing_context
    context.refresh()
    try:
        context.resolve_value_type(function)
    except (ValueError, numba.core.errors.NumbaError):
        return False
    return True


def _uncheckable(value: Any) -> str:
    """What kind of compiled code `value` is, if numba can call it but cannot compile it again with
    bounds checks; "" for anything else."""
    from numba.core import ccallback, dispatcher
    from numba.experimental.jitclass.base import JitClassType
    from numba.np.ufunc import dufunc, gufunc

    if isinstance(value, ccallback.CFunc):
        return "a numba cfunc"
    if isinstance(value, (dufunc.DUFunc, gufunc.GUFunc)) or (
        isinstance(value, np.ufunc) and getattr(np, value.__name__, None) is not value
    ):
        return "a vectorized function"
    if isinstance(value, JitClassType):
        return "a jitclass"
    if isinstance(value, numba.core.extending._Intrinsic):
        return "a numba intrinsic"
    if isinstance(value, dispatcher._DispatcherBase):
        return "a numba function of another kind than @njit"
    if isinstance(value, (numba.core.types.ExternalFunction, numba.core.types.ExternalFunctionPointer)):
        return "an external function"
    if isinstance(value, _CTYPES_FUNCTION):
        return "a ctypes function"
    if type(value).__module__ == "_cffi_backend":
        return "a cffi object"
    return ""
