"""Games whose display code raises (a drawing, a move's name) or whose state breaks mid-game:
the web app must go on, or end with the reason on the page, never hang. Module-level and
registered by `register()`, so child processes can use them."""

from __future__ import annotations

import tablesearch as ts
from helpers import py_games


class UndrawableState(py_games.NimState):
    """Nim whose text drawing (state_to_string) raises once fewer than 10 stones are left."""

    def __str__(self) -> str:
        if self.stones < 10:
            raise ValueError("cannot draw this position")
        return super().__str__()


class UnnamableState(py_games.NimState):
    """Nim whose moves cannot be named (action_to_string raises), so neither can its log."""

    def action_to_string(self, action: int) -> str:
        raise RuntimeError("no names for moves")


class BreakingState(py_games.NimState):
    """Nim whose state itself raises (is_terminal) once fewer than 8 stones are left."""

    def is_terminal(self) -> bool:
        if self.stones < 8:
            raise ValueError("the state broke")
        return super().is_terminal()


def _game(name: str, state: type) -> type:
    return type(name, (py_games.Nim,), {"name": name, "new_initial_state": lambda self, seed=None: state(self.stones)})


GAMES = {
    "py_undrawable": _game("py_undrawable", UndrawableState),
    "py_unnamable": _game("py_unnamable", UnnamableState),
    "py_breaking": _game("py_breaking", BreakingState),
}


def register() -> None:
    for name, factory in GAMES.items():
        if name not in ts.list_games():
            ts.register_game(name, factory)
