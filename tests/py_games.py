"""Small games written in Python for the tests (registered in conftest.py, so the conformance
suite runs on them too)."""
from __future__ import annotations

import tablesearch as ts


class NimState:
    """Take 1, 2 or 3 stones (actions 0, 1, 2); whoever takes the last stone wins."""

    def __init__(self, stones: int) -> None:
        self.stones, self.player = stones, 0

    def current_player(self) -> int:
        return ts.TERMINAL if self.stones == 0 else self.player

    def is_terminal(self) -> bool:
        return self.stones == 0

    def legal_actions(self) -> list[int]:
        return list(range(min(3, self.stones)))

    def apply_action(self, action: int) -> None:
        self.stones -= action + 1
        self.player = 1 - self.player

    def returns(self) -> list[float]:
        if self.stones:
            return [0.0, 0.0]
        winner = 1 - self.player  # the player who just took the last stone
        return [1.0, -1.0] if winner == 0 else [-1.0, 1.0]

    def clone(self) -> "NimState":
        copy = type(self)(self.stones)  # subclasses in the tests stay themselves
        copy.player = self.player
        return copy

    def observation_tensor(self, player: int) -> list[float]:
        return [self.stones / 20.0, float(self.player == player)]

    def __str__(self) -> str:
        return f"{self.stones} stones, player {self.player} to move"


class Nim:
    name = "py_nim"

    def __init__(self, stones: int = 13) -> None:
        self.stones = stones

    def num_players(self) -> int:
        return 2

    def max_legal_actions(self) -> int:
        return 3

    def num_distinct_actions(self) -> int:
        return 3

    def observation_shape(self) -> tuple:
        return (2,)

    def new_initial_state(self, seed=None) -> NimState:
        return NimState(self.stones)


class GambleState:
    """Player 0 chooses safe (0: a draw) or gamble (1: a chance node won with probability p)."""

    def __init__(self, p: float) -> None:
        self.p, self.stage, self.result = p, "choose", 0.0

    def current_player(self) -> int:
        return {"choose": 0, "chance": ts.CHANCE, "done": ts.TERMINAL}[self.stage]

    def is_terminal(self) -> bool:
        return self.stage == "done"

    def legal_actions(self) -> list[int]:
        return [] if self.stage == "done" else [0, 1]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(0, 1 - self.p), (1, self.p)]

    def apply_action(self, action: int) -> None:
        if self.stage == "choose":
            self.stage = "chance" if action == 1 else "done"
        else:
            self.result, self.stage = (1.0 if action == 1 else -1.0), "done"

    def returns(self) -> list[float]:
        return [self.result, -self.result]

    def clone(self) -> "GambleState":
        copy = GambleState(self.p)
        copy.stage, copy.result = self.stage, self.result
        return copy

    def __str__(self) -> str:
        return f"{self.stage} (p={self.p}, result {self.result:+})"


class Gamble:
    name = "py_gamble"

    def __init__(self, p: float = 0.8) -> None:
        self.p = p

    def num_players(self) -> int:
        return 2

    def has_chance(self) -> bool:
        return True

    def max_legal_actions(self) -> int:
        return 2

    def new_initial_state(self, seed=None) -> GambleState:
        return GambleState(self.p)


def register() -> None:
    for name, factory in (("py_nim", Nim), ("py_gamble", Gamble)):
        if name not in ts.list_games():
            ts.register_game(name, factory)
