"""Fewer clicks for a human seat: moves the page may play for the seat, and two-step moves offered
as one choice. Both are read from the seat's own view (a state resampled from what the seat
knows, or the true state where nothing is hidden), so they tell the page nothing new.

- An *automatic* move: the decision has a single legal move (a lone "no reaction", a draw from
  a deck, a last payment). The session plays it after a short pause unless the seat turned that
  off. (A decision whose moves all led to the same position would qualify too, but none of the
  shipped games has one: payments that look alike still set the order of a box.)
- A *follow-up*: after a move the same seat decides again between several moves (no chance
  outcome in between); the page offers "move, then follow-up" as one click.
"""

from __future__ import annotations

from typing import Any, Optional

MAX_FOLLOW_UPS = 12  # follow-up moves offered after one move


def _mover(state: Any) -> Optional[int]:
    if state.is_terminal() or state.is_chance_node():
        return None
    mover: int = state.current_player()
    return mover


def automatic_move(view: Any, seat: int) -> Optional[int]:
    """The move to play for `seat` without asking (its only legal move), or None."""
    if _mover(view) != seat:
        return None
    legal = view.legal_actions()
    return int(legal[0]) if len(legal) == 1 else None


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
