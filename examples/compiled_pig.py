"""Pig, the dice game of examples/python_dice_game.py, written as compiled rules: the die rolls are
chance nodes whose outcomes and probabilities the game lists and the core samples.

"Pig to 20": on your turn roll a die as often as you like; a 1 loses the points of this turn and
ends it, any other face adds to the turn's points; "hold" banks them. First to 20 banked wins.
The target is a parameter (``ts.load_game("compiled_pig", target=30)``), kept in the state array,
so every target runs the same compiled code.

    pip install 'tablesearch[compiled]'
    python examples/compiled_pig.py
"""

from __future__ import annotations

import numpy as np
from numba import njit

import tablesearch as ts
from tablesearch import mcts
from tablesearch.games.compiled import CompiledGame

ROLL, HOLD = 0, 1
# The state: both banked scores, the points of this turn, the player whose turn it is, whether
# the die is in the air (a chance node), and the score that wins.
SCORES, TURN_POINTS, PLAYER, ROLLING, TARGET = 0, 2, 3, 4, 5


@njit
def current_player(state):
    if max(state[SCORES], state[SCORES + 1]) >= state[TARGET]:
        return ts.TERMINAL
    return ts.CHANCE if state[ROLLING] else state[PLAYER]


@njit
def legal_actions(state, actions):
    actions[0] = ROLL
    if state[TURN_POINTS] == 0:
        return 1
    actions[1] = HOLD
    return 2


@njit
def chance_outcomes(state, faces, probabilities):
    for i in range(6):
        faces[i] = i + 1
        probabilities[i] = 1 / 6
    return 6


@njit
def apply_action(state, action):
    if state[ROLLING]:
        state[ROLLING] = 0
        if action == 1:
            state[TURN_POINTS] = 0
            state[PLAYER] = 1 - state[PLAYER]
        else:
            state[TURN_POINTS] += action
    elif action == ROLL:
        state[ROLLING] = 1
    else:
        state[SCORES + state[PLAYER]] += state[TURN_POINTS]
        state[TURN_POINTS] = 0
        state[PLAYER] = 1 - state[PLAYER]


@njit
def returns(state, values):
    winner = 0 if state[SCORES] >= state[TARGET] else 1
    values[winner] = 1.0
    values[1 - winner] = -1.0


@njit
def observation(state, player, values):
    """From `player`'s side: its banked score, the opponent's, the turn's points (scaled to the
    target), whether it is `player`'s turn, and whether the die is in the air."""
    values[0] = state[SCORES + player] / state[TARGET]
    values[1] = state[SCORES + 1 - player] / state[TARGET]
    values[2] = state[TURN_POINTS] / state[TARGET]
    values[3] = state[PLAYER] == player
    values[4] = state[ROLLING]


def state_to_string(state: np.ndarray) -> str:
    return f"banked {state[SCORES : SCORES + 2].tolist()}, player {state[PLAYER]} has {state[TURN_POINTS]} this turn"


def action_to_string(state: np.ndarray, action: int) -> str:
    return f"roll {action}" if state[ROLLING] else ("roll" if action == ROLL else "hold")


def pig(target: int = 20) -> CompiledGame:
    if not isinstance(target, int) or not 1 <= target <= 1000:
        raise ValueError(f"target must be an int in 1..1000, got {target!r}")
    initial = np.zeros(6, np.int64)
    initial[TARGET] = target
    return CompiledGame(
        num_players=2,
        initial_state=initial,
        num_distinct_actions=2,
        max_legal_actions=6,  # the die's faces
        current_player=current_player,
        legal_actions=legal_actions,
        chance_outcomes=chance_outcomes,
        apply_action=apply_action,
        returns=returns,
        observation=observation,
        observation_shape=(5,),
        state_to_string=state_to_string,
        action_to_string=action_to_string,
        parameters={"target": target},
        parameter_specs=[{"name": "target", "default": 20, "help": "points to win", "min": 1, "max": 1000}],
    )


def main() -> None:
    ts.register_game("compiled_pig", pig)
    state = ts.load_game("compiled_pig").new_initial_state()
    for action in [ROLL, 6, ROLL, 5, ROLL, 4]:  # 15 points on the table
        state.apply_action(action)
    result = mcts.search(state, iterations=50_000, seed=0, threads=2)
    print(state)
    print("roll again or hold?", {("roll", "hold")[a]: f"{share:.0%}" for a, share in result.policy().items()})
    print(ts.tournament("compiled_pig", {"mcts": "mcts:iterations=300", "random": "random"}, games=40, progress=False))


if __name__ == "__main__":
    main()
