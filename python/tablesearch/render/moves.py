"""Moves as a seat observed them: "P1 plays x4", "P0 makes a move you cannot see".

``describe_move(before, player, action, viewer)`` names the move `action` made by `player`
(``ts.CHANCE`` for a chance outcome) in the true state `before`, as seat `viewer` saw it (None:
everything, for spectators of finished games and replays). It reads the true state on the server
side and writes only what the viewer may know: a game's own narration where it has one (its
extras' ``describe_move``, `tablesearch.games.extras`), else ``action_to_string``, except that on
a game with hidden information a move the viewer sees only in part (``observed_action``) is not
described. After the move itself come its other visible consequences, from the game's extras
(``consequences``: a card given in answer to an ask, a piece's new space...), joined with "; ".
"""

from __future__ import annotations

from typing import Any, Optional

from tablesearch.games.extras import game_extras


def seat_name(player: int) -> str:
    return "chance" if player < 0 else f"P{player}"


def action_name(state: Any, action: int) -> str:
    """The name of `action` in `state` as a player would say it: the game's extras'
    ``action_name`` where it has one ("check" for a call of nothing), else
    ``action_to_string``."""
    name = game_extras(state.get_game().name).action_name
    return str(name(state, action) if name is not None else state.action_to_string(action))


def describe_move(before: Any, player: int, action: int, viewer: Optional[int] = None) -> str:
    """One line for the move log; see the module docstring. Raises ValueError for an illegal action."""
    text = _move(before, player, action, viewer)
    tell = game_extras(before.get_game().name).consequences
    if tell is None:
        return text
    after = before.clone()
    after.apply_action(action)
    return "; ".join([text, *tell(before, after, player, action, viewer)])


def _move(before: Any, player: int, action: int, viewer: Optional[int]) -> str:
    game = before.get_game()
    narrate = game_extras(game.name).describe_move
    if narrate is not None:
        return str(narrate(before, player, action, viewer))
    text = action_name(before, action)
    if game.has_hidden_information() and viewer is not None:
        if before.observed_action(viewer, action) != action:
            return f"{seat_name(player)} makes a move you cannot see"
    if player < 0:
        return f"chance: {text}"
    return f"{seat_name(player)} plays {text}"
