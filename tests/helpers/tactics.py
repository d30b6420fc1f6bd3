"""Positions with a known best move, reached by seeded random play in a two-player game without
chance (connect four, tic-tac-toe): a forced defence (exactly one move leaves the opponent no
immediate win, and the mover has none) and an immediate win (exactly one move wins now). A
search that reads one ply deeper than the move it makes finds each."""

from __future__ import annotations

import random
from typing import Any, Callable, Optional

import tablesearch as ts


def winning_moves(state: Any) -> list[int]:
    """The moves that win the game for the player to move at once."""
    mover, found = state.current_player(), []
    for action in state.legal_actions():
        after = state.clone()
        after.apply_action(action)
        if after.is_terminal() and after.returns()[mover] > max(r for i, r in enumerate(after.returns()) if i != mover):
            found.append(int(action))
    return found


def forced_defence(state: Any) -> Optional[int]:
    """The one move after which the opponent cannot win at once, where the mover cannot win
    either and has at least three moves; None if the position is not such."""
    if len(state.legal_actions()) < 3 or winning_moves(state):
        return None
    safe = []
    for action in state.legal_actions():
        after = state.clone()
        after.apply_action(action)
        if not after.is_terminal() and not winning_moves(after):
            safe.append(int(action))
    return safe[0] if len(safe) == 1 else None


def immediate_win(state: Any) -> Optional[int]:
    """The one move that wins at once, where the mover has at least three moves; else None."""
    wins = winning_moves(state)
    return wins[0] if len(wins) == 1 and len(state.legal_actions()) >= 3 else None


def _collect(game_name: str, count: int, seed: int, answer: Callable[[Any], Optional[int]]) -> list[tuple[Any, int]]:
    game, rng, found = ts.load_game(game_name), random.Random(seed), []
    for _ in range(100 * count):
        state = game.new_initial_state()
        while not state.is_terminal():
            move = answer(state)
            if move is not None:
                found.append((state.clone(), move))
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if len(found) == count:
            return found
    raise AssertionError(f"only {len(found)} positions of {count} in {game_name} from seed {seed}")


def forced_defences(game_name: str, count: int, seed: int = 0) -> list[tuple[Any, int]]:
    """`count` (position, the only defence) pairs of `game_name`, the same for the same seed."""
    return _collect(game_name, count, seed, forced_defence)


def immediate_wins(game_name: str, count: int, seed: int = 0) -> list[tuple[Any, int]]:
    """`count` (position, the only winning move) pairs of `game_name`, the same for the same seed."""
    return _collect(game_name, count, seed, immediate_win)
