"""Gummiland's turns in fewer clicks (the hooks `follow_ups` and `shortcuts` of
`tablesearch.games.extras`, read by `tablesearch.web.turns`).

- A capture comes with its payment: each distinct set of paying tiles (the order of paying does
  not matter) is one choice, so a capture that can be paid one way only is one click.
- Sliding the paid and captured tiles into the box is offered as one button in the order the
  board numbers them (paid first, captured last), alone or followed by ending the turn; a click on
  one of those tiles slides it in next instead, to choose another order.

Everything here reads the seat's own view and only the public phase and the pending tiles.
"""

from __future__ import annotations

from typing import Any, Optional

from tablesearch.games.description import description_of
from tablesearch.games.gummiland.drawing import PILE, TILE_CLASS, Tile, parse, sliding
from tablesearch.games.gummiland.words import several, trained

_PHASES = description_of("gummiland").enum("phase")
MAIN, PAY, SLIDE = (_PHASES.index(name) for name in ("main", "pay", "slide"))
END_TURN = description_of("gummiland").action("end")[0]
MAX_PAYMENTS = 12  # ways to pay offered for one capture


def phase(state: Any) -> int:
    return int(state.fields()["phase"])


def _mover(state: Any) -> Optional[int]:
    return None if state.is_terminal() else int(state.current_player())


def payments(view: Any, seat: int, capture: int) -> list[list[int]]:
    """The ways to pay for `capture` (a pile action in the main phase): one move sequence per
    distinct set of paying tiles, in a stable order."""
    after = view.clone()
    after.apply_action(capture)
    found: dict[tuple[int, ...], list[int]] = {}
    visited: set[tuple[int, ...]] = set()

    def walk(state: Any, paid: list[int]) -> None:
        key = tuple(sorted(paid))
        if key in visited or len(found) >= MAX_PAYMENTS:
            return
        visited.add(key)
        if _mover(state) != seat or phase(state) != PAY:
            found.setdefault(key, paid)
            return
        for action in state.legal_actions():
            nxt = state.clone()
            nxt.apply_action(action)
            walk(nxt, [*paid, int(action)])

    walk(after, [])
    return [found[key] for key in sorted(found)]


def follow_ups(view: Any, seat: int, action: int) -> Optional[list[tuple[str, list[int]]]]:
    """A capture's ways to pay, each as (label, moves); None (the generic follow-ups) otherwise."""
    if action not in PILE or phase(view) != MAIN:
        return None
    out = []
    for moves in payments(view, seat, action):
        walk = view.clone()
        walk.apply_action(action)
        names = []
        for move in moves:
            names.append(str(walk.action_to_string(move)).removeprefix("pay with "))
            walk.apply_action(move)
        out.append(("pay with " + several(names) if names else "nothing to pay", moves))
    return out


def pending(view: Any, seat: int) -> list[Tile]:
    """The tiles waiting to slide into the box, in the order the board numbers them."""
    return sliding(view, parse(view.information_state_string(seat)))


def shortcuts(view: Any, seat: int) -> list[tuple[str, list[int]]]:
    """In the slide phase: every tile slid in the numbered order, then (when the turn may end
    there) the same and the end of the turn."""
    tiles = pending(view, seat) if _mover(view) == seat else []
    if not tiles or any(tile.tile_class < 0 for tile in tiles):
        return []
    moves = []
    walk = view.clone()
    for tile in tiles:  # the game slides the last tile itself, when no choice is left
        if _mover(walk) != seat or phase(walk) != SLIDE:
            break
        move = TILE_CLASS[tile.tile_class]
        if move not in walk.legal_actions():
            return []
        walk.apply_action(move)
        moves.append(move)
    order = ", ".join(trained(tile) for tile in tiles)
    out = [(f"slide in as numbered: {order}", moves)]
    if _mover(walk) == seat and phase(walk) == MAIN and END_TURN in walk.legal_actions():
        out.append(("slide in as numbered and end the turn", [*moves, END_TURN]))
    return out
