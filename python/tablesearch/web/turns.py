"""Fewer clicks for a human seat: moves the page may play for the seat, and two-step moves offered
as one choice. Both are read from the seat's own view (a state resampled from what the seat
knows, or the true state where nothing is hidden), so they tell the page nothing new.

- An *automatic* move: the decision has a single legal move, or every legal move leads to the
  same position once the seat's following automatic decisions are made (paying a cost with
  tiles that must all be paid, in any order). The session plays it after a short pause unless
  the seat turned that off.
- A *follow-up*: after a move the same seat decides again between several moves (no chance
  outcome in between); the page offers "move, then follow-up" as one click.
"""

from __future__ import annotations

from typing import Any, Optional

MAX_BRANCHES = 8  # decisions with more moves than this are never judged automatic
MAX_STEPS = 64  # states applied while judging one decision; beyond, it is a real choice
MAX_FOLLOW_UPS = 12  # follow-up moves offered after one move


def _mover(state: Any) -> Optional[int]:
    if state.is_terminal() or state.is_chance_node():
        return None
    mover: int = state.current_player()
    return mover


def _key(state: Any) -> Optional[str]:
    """The whole position, from the state's fields (None for states without them, whose moves
    are then automatic only when forced): the text drawing may leave out what matters next."""
    fields = getattr(state, "fields", None)
    values = fields() if fields is not None else None
    return repr(sorted(values.items())) if values else None


class _Budget:
    def __init__(self) -> None:
        self.steps = 0

    def child(self, state: Any, action: int) -> Any:
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise _TooCostly
        child = state.clone()
        child.apply_action(action)
        return child


class _TooCostly(Exception):
    pass


def automatic_move(view: Any, seat: int) -> Optional[int]:
    """The move to play for `seat` without asking (see the module docstring), or None."""
    if _mover(view) != seat:
        return None
    try:
        return _automatic(view, seat, _Budget(), {})
    except _TooCostly:
        return None


def _automatic(state: Any, seat: int, budget: _Budget, memo: dict[str, Optional[int]]) -> Optional[int]:
    legal = list(state.legal_actions())
    if len(legal) == 1:
        return int(legal[0])
    key = _key(state)
    if key is None or len(legal) > MAX_BRANCHES:
        return None
    if key not in memo:
        ends = {_settle(budget.child(state, a), seat, budget, memo) for a in legal}
        memo[key] = int(legal[0]) if len(ends) == 1 and None not in ends else None
    return memo[key]


def _settle(state: Any, seat: int, budget: _Budget, memo: dict[str, Optional[int]]) -> Optional[str]:
    """Where `state` leads once the seat's automatic decisions are made: the key of the first
    state that is not the seat's automatic decision."""
    while _mover(state) == seat:
        action = _automatic(state, seat, budget, memo)
        if action is None:
            break
        state = budget.child(state, action)
    return _key(state)


def follow_ups(view: Any, seat: int, action: int) -> list[dict[str, Any]]:
    """The seat's next moves after `action` when it decides again at once between several moves:
    [{action, label}], or [] (another seat or chance is next, or a single move)."""
    after = view.clone()
    after.apply_action(action)
    if _mover(after) != seat:
        return []
    legal = list(after.legal_actions())
    if len(legal) < 2 or len(legal) > MAX_FOLLOW_UPS:
        return []
    return [dict(action=a, label=str(after.action_to_string(a))) for a in legal]


def check_follow_up(state: Any, seat: int, action: int, then: Any) -> int:
    """`then` as a move the seat may make right after `action` in the true `state`; ValueError
    naming what is wrong otherwise."""
    if isinstance(then, bool) or not isinstance(then, int):
        raise ValueError(f"then must be an action number, got {then!r}"[:120])
    after = state.clone()
    after.apply_action(action)
    if _mover(after) != seat:
        raise ValueError(f"after move {action} it is not your decision, so it takes no second move")
    legal = after.legal_actions()
    if then not in legal:
        raise ValueError(f"move {then} is not legal after {action}; legal: {', '.join(map(str, legal))}"[:200])
    return then
