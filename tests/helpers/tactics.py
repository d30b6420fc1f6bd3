"""Positions with a known best move, reached by seeded random play in a two-player game without
chance (connect four, tic-tac-toe): a forced defence (exactly one move leaves the opponent no
immediate win, and the mover has none) and an immediate win (exactly one move wins now). A
search that reads one ply deeper than the move it makes finds each. And a dominated move in
Leduc poker: folding, in the second round, a card of the public card's rank (a pair no other
hand beats) when facing a bet. And Gnomi and Gummiland positions where one move wins at once."""

from __future__ import annotations

import random
import re
from typing import Any, Callable, Optional

import tablesearch as ts
from helpers.gnomi_positions import act, build
from helpers.gummiland_positions import position as gummiland_position


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


SOLVED = {"tic_tac_toe"}
"""Games small enough to solve here: their positions also have exactly one move of the best exact
value. Without that a search is free to choose another: a later win where one wins at once, or
any move where the one defence loses anyway, and an equilibrium search (oos) does."""


def exact_value(state: Any, memo: dict[str, float]) -> float:
    """The value of `state` for the player to move under perfect play (negamax, two players)."""
    key = str(state)
    if key not in memo:
        memo[key] = max(move_value(state, action, memo) for action in state.legal_actions())
    return memo[key]


def move_value(state: Any, action: int, memo: dict[str, float]) -> float:
    """The exact value of `action` for the player to move."""
    mover, after = state.current_player(), state.clone()
    after.apply_action(action)
    return after.returns()[mover] if after.is_terminal() else -exact_value(after, memo)


def only_best(answer: Callable[[Any], Optional[int]]) -> Callable[[Any], Optional[int]]:
    """`answer`, kept only where its move is the one move of the best exact value."""
    memo: dict[str, float] = {}

    def checked(state: Any) -> Optional[int]:
        move = answer(state)
        if move is None:
            return None
        values = {action: move_value(state, action, memo) for action in state.legal_actions()}
        best = max(values.values())
        return move if values[move] == best and sum(v == best for v in values.values()) == 1 else None

    return checked


def _collect(game_name: str, count: int, seed: int, answer: Callable[[Any], Optional[int]]) -> list[tuple[Any, int]]:
    game, rng, found = ts.load_game(game_name), random.Random(seed), []
    if game_name in SOLVED:
        answer = only_best(answer)
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


LEDUC_FOLD = 0  # OpenSpiel's numbering: fold 0, call 1, raise 2


def leduc_dominated_folds(count: int, seed: int = 0) -> list[Any]:
    """`count` Leduc poker positions where the mover holds a pair with the public card (it wins
    any showdown) and may fold: folding is dominated by calling. The same for the same seed."""
    game, rng, found = ts.load_game("leduc_poker"), random.Random(seed), []
    while len(found) < count:
        state = game.new_initial_state(seed=rng.randrange(1 << 30))
        while not state.is_terminal():
            if state.is_chance_node():
                actions, weights = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, weights=weights)[0])
                continue
            text = str(state)  # OpenSpiel's text: "Round: 2", "Public: 3", "Private: 4 2" (rank = card // 2)
            if LEDUC_FOLD in state.legal_actions() and "Round: 2" in text:
                public = int(re.search(r"Public: (-?\d+)", text).group(1))
                private = [int(card) for card in re.search(r"Private: ([\d ]+)", text).group(1).split()]
                if private[state.current_player()] // 2 == public // 2:
                    found.append(state.clone())
                break
            state.apply_action(rng.choice(state.legal_actions()))
    return found


def tabletop_wins() -> list[tuple[Any, int]]:
    """(position, the move that wins) in Gnomi and Gummiland, built as in the rules pages' cases
    (tests/games): each has one move that wins at once, and the search must see why.

    - Gnomi, 2 players: the opponent's last right-side-up cards are two white mushrooms that
      everyone has seen, all its gnomes asleep. Hans the Destroyer naming white puts it out, so
      "use hans" is the one move that wins this turn, and after it, "name white" the one colour.
    - Gummiland, 2 players: one wild tile is left, so capturing it ends the game at once, a Gummiz
      ahead (48 to 47); ending the turn lets the opponent capture it and win."""
    hands = [
        dict(up=["red"], awake=["hans"], asleep=["wake", "wake"]),
        dict(up=["white", "white"], asleep=["sprout"] * 3),
    ]
    gnomi = build(hands, pad=0, known={"m1": [0, 1], "m2": [0, 1]})
    named = act(gnomi.clone(), "use hans (g0)")
    box0 = ["SSS:4", "AAA:4", "LLL:4", "SAL:4", "SAL:4", "SSAL:5", "SAAL:5", "SALL:5", "SAL>M:3", "SAL>M:3"]
    fronts = {0: ["S:1"], 1: ["S:1"]}
    gummiland = gummiland_position(fronts=fronts, piles=[["S>A:1"], [], [], []], boxes={0: box0}, spare=1)
    cases = [(gnomi, "use hans (g0)"), (named, "hans: name white"), (gummiland, "capture S>A:1 from pile 0")]
    return [(state, _action_named(state, text)) for state, text in cases]


def _action_named(state: Any, text: str) -> int:
    (action,) = [a for a in state.legal_actions() if state.action_to_string(a) == text]
    return int(action)
