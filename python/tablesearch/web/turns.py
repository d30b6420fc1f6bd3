"""Fewer clicks for a human seat: moves the page may play for the seat, and several moves of the
seat offered as one choice. All are read from the seat's own view (a state resampled from what
the seat knows, or the true state where nothing is hidden), so they tell the page nothing new.

- An *automatic* move: the decision has a single legal move (a lone "no reaction", a draw from
  a deck, a last payment). The session plays it after a short pause unless the seat turned that
  off. (A decision whose moves all led to the same position would qualify too, but none of the
  shipped games has one: payments that look alike still set the order of a box.)
- *Follow-ups*: the seat's next moves offered with a move as one choice. By default, after a
  move the same seat decides again between several moves (no chance outcome in between): "move,
  then follow-up". A game may group its own way (its extras' ``follow_ups``: a capture offered
  with each way to pay for it). None are offered where they depend on what the seat cannot see.
- *Shortcuts*: sequences of the seat's moves offered as one button at its decision (a game's
  extras' ``shortcuts``: tiles put away in the order drawn, and the turn ended with it).

A page sends such a choice as its first move and `then`, the rest; `check_then` checks every
move against the true state before any is played.
"""

from __future__ import annotations

from typing import Any, Optional

from tablesearch.games.extras import game_extras
from tablesearch.render.moves import action_name

MAX_FOLLOW_UPS = 12  # follow-up choices offered after one move
MAX_CHAIN = 24  # moves played after the first one in a single choice
AGREE = 3  # other worlds whose follow-ups must agree with the view's (hidden information)


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
    """The choices offered with `action`: [{actions: the seat's next moves, label}], or [] when
    `action` is a choice by itself, or when what it leads to depends on what the seat does not
    know: on a game with hidden information the follow-ups must be the same in AGREE other worlds
    drawn from the seat's information (a move that draws tiles nobody has seen, or shows the seat
    a pile: offered from the view's guess, such follow-ups were refused by the true game in 2 of
    1,015 decisions of seeded random games, and in 38 of 2,116 with more such moves)."""
    offered = _follow_ups(view, seat, action)
    if offered and view.get_game().has_hidden_information():
        for seed in range(1, AGREE + 1):
            if _follow_ups(view.resample_from_infostate(seat, seed), seat, action) != offered:
                return []
    return offered


def _follow_ups(view: Any, seat: int, action: int) -> list[dict[str, Any]]:
    grouped = game_extras(view.get_game().name).follow_ups
    if grouped is not None:
        chosen = grouped(view, seat, action)
        if chosen is not None:
            return [dict(actions=list(moves), label=label) for label, moves in chosen[:MAX_FOLLOW_UPS]]
    after = view.clone()
    after.apply_action(action)
    if _mover(after) != seat:
        return []
    legal = list(after.legal_actions())
    if len(legal) < 2 or len(legal) > MAX_FOLLOW_UPS:
        return []
    return [dict(actions=[a], label=action_name(after, a)) for a in legal]


def shortcuts(view: Any, seat: int) -> list[dict[str, Any]]:
    """Move sequences offered as one button at the seat's decision: [{actions, label}] (the
    game's extras' ``shortcuts``; each checked to be the seat's legal moves in turn)."""
    offered = game_extras(view.get_game().name).shortcuts
    if offered is None or _mover(view) != seat:
        return []
    out = []
    for label, moves in offered(view, seat):
        moves = [int(m) for m in moves]
        if moves and len(moves) <= MAX_CHAIN + 1:
            try:
                check_then(view, seat, moves[0], moves[1:])
            except ValueError:
                continue
            out.append(dict(actions=moves, label=label))
    return out


def check_then(state: Any, seat: int, action: int, then: Any) -> list[int]:
    """`then` (a move or a list of moves) as moves the seat makes one after another right after
    `action` in `state`, each its own decision and legal in turn; ValueError naming what is
    wrong otherwise. `action` must be legal in `state`."""
    moves = then if isinstance(then, list) else [then]
    if len(moves) > MAX_CHAIN:
        raise ValueError(f"then holds at most {MAX_CHAIN} moves, got {len(moves)}")
    after = state.clone()
    after.apply_action(action)
    previous = action
    for move in moves:
        if isinstance(move, bool) or not isinstance(move, int):
            raise ValueError(f"then must be action numbers, got {move!r}"[:120])
        if _mover(after) != seat:
            raise ValueError(f"after move {previous} it is not your decision, so it takes no further move")
        legal = after.legal_actions()
        if move not in legal:
            raise ValueError(f"move {move} is not legal after {previous}; legal: {', '.join(map(str, legal))}"[:200])
        after.apply_action(move)
        previous = move
    return [int(m) for m in moves]
