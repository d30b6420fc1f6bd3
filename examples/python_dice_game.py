"""A game written in Python from scratch, searched by the native MCTS and played in a tournament.

"Pig to 20": on your turn roll a die as often as you like; a 1 loses the points of this turn and
ends it, any other face adds to the turn's points; "hold" banks them. First to 20 banked wins.
Two players. Die rolls are chance nodes.

    python examples/python_dice_game.py
"""

from __future__ import annotations

import tablesearch as ts
from tablesearch import mcts

ROLL, HOLD = 0, 1
TARGET = 20


class PigState:
    def __init__(self) -> None:
        self.scores = [0, 0]
        self.turn_points = 0
        self.player = 0
        self.rolling = False  # True while the die is in the air (a chance node)

    def current_player(self) -> int:
        if self.is_terminal():
            return ts.TERMINAL
        return ts.CHANCE if self.rolling else self.player

    def is_terminal(self) -> bool:
        return max(self.scores) >= TARGET

    def is_chance_node(self) -> bool:
        return self.rolling and not self.is_terminal()

    def legal_actions(self, player: int | None = None) -> list[int]:  # pyspiel also passes the player
        if self.is_terminal():
            return []
        if self.rolling:
            return [1, 2, 3, 4, 5, 6]
        return [ROLL, HOLD] if self.turn_points else [ROLL]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(face, 1 / 6) for face in range(1, 7)]

    def apply_action(self, action: int) -> None:
        if self.rolling:
            self.rolling = False
            if action == 1:
                self.turn_points = 0
                self.player = 1 - self.player
            else:
                self.turn_points += action
        elif action == ROLL:
            self.rolling = True
        else:
            self.scores[self.player] += self.turn_points
            self.turn_points = 0
            self.player = 1 - self.player

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        winner = 0 if self.scores[0] >= TARGET else 1
        return [1.0, -1.0] if winner == 0 else [-1.0, 1.0]

    def clone(self) -> PigState:
        copy = PigState.__new__(PigState)
        copy.scores = list(self.scores)
        copy.turn_points, copy.player, copy.rolling = self.turn_points, self.player, self.rolling
        return copy

    def action_to_string(self, action: int) -> str:
        return f"roll {action}" if self.rolling else ("roll" if action == ROLL else "hold")

    def __str__(self) -> str:
        return f"banked {self.scores}, player {self.player} has {self.turn_points} this turn"


class Pig:
    name = "pig"

    def num_players(self) -> int:
        return 2

    def has_chance(self) -> bool:
        return True

    def max_legal_actions(self) -> int:
        return 6

    def num_distinct_actions(self) -> int:
        return 2

    def new_initial_state(self, seed: int | None = None) -> PigState:
        return PigState()


def main() -> None:
    ts.register_game("pig", Pig)
    game = ts.load_game("pig")
    state = game.new_initial_state(seed=0)
    for action in [ROLL, 6, ROLL, 5, ROLL, 4]:  # 15 points on the table
        state.apply_action(action)
    result = mcts.search(state, iterations=5000, seed=0)
    print(state)
    print("roll again or hold?", {("roll", "hold")[a]: f"{share:.0%}" for a, share in result.policy().items()})

    # A tournament by game name: seats rotate, deals are replayed with seats swapped.
    result = ts.tournament("pig", {"mcts": "mcts:iterations=300", "random": "random"}, games=40, seed=0, progress=False)
    print(result)


if __name__ == "__main__":
    main()
