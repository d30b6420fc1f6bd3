"""Drawings of game states as SVG, shared by the web app and notebooks.

``draw(state)`` draws a game's state as an SVG document (text) with the game's own drawing (its
extras' ``draw``, `tablesearch.games.extras`), or its text in a box. ``draw(state, viewer=p)``
draws what seat p may see; pass it p's view, ``state.resample_from_infostate(p, seed)``, on games
with hidden information: the drawing then only ever holds what p knows (cards p has not seen are
drawn face down; their faces in the resampled state are guesses and are never written out).
``actions`` ({action: label}, the legal actions of the seat drawing for) makes the pieces that play
them clickable: such elements carry ``data-actions="a,b"`` (and ``data-labels``). ``last`` (player,
action) is the latest move, highlighted (the elements carry the class ``ts-last``).

A game's drawing module defines ``draw(state, viewer, actions, last)``, ``LEGEND`` (what the
drawing shows), ``HOW_TO_PLAY`` (what to click, shown to players only) and ``TEXT_LEGEND`` (how to
read ``str(state)`` in a terminal), with the SVG helpers of `tablesearch.render._svg`; the other
extras here (``consequences``, ``describe``) are listed in `tablesearch.games.extras`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Optional

from tablesearch.games.extras import game_extras

__all__ = ["consequences", "describe", "draw", "has_drawing", "legend", "play_hint", "text_legend"]


def _game_name(state: Any) -> str:
    game = state.get_game() if hasattr(state, "get_game") else None
    return getattr(game, "name", "") if game is not None else ""


def has_drawing(game_name: str) -> bool:
    return game_extras(game_name).draw is not None


def draw(
    state: Any,
    viewer: Optional[int] = None,
    actions: Optional[Mapping[int, str]] = None,
    last: Optional[tuple[int, int]] = None,
) -> str:
    """The state as an SVG document. Games without a drawing get their text in an SVG box.

    `viewer`: the seat whose view this is (None: everything, for finished games, perfect
    information, replays and notebooks). `actions`: clickable legal actions as {action: label}.
    `last`: the latest move as (player, action), highlighted.
    """
    drawing = game_extras(_game_name(state)).draw
    if drawing is None:
        return text_drawing(str(state))
    return str(drawing(state, viewer=viewer, actions=actions, last=last))


def legend(game_name: str) -> str:
    """A few sentences on reading the drawing of `game_name` ("" if it has none)."""
    return game_extras(game_name).legend


def play_hint(game_name: str) -> str:
    """What a player clicks on the drawing of `game_name` ("" if it has none)."""
    return game_extras(game_name).how_to_play


def consequences(before: Any, after: Any, player: int, action: int, viewer: Optional[int]) -> list[str]:
    """What the move did besides itself, as the viewer saw it ("P1 gives orange (m7) to P0"):
    lines from the game's extras, [] for games without."""
    tell = game_extras(_game_name(before)).consequences
    return list(tell(before, after, player, action, viewer)) if tell else []


def describe(state: Any, viewer: Optional[int]) -> Optional[str]:
    """The position told in words for `viewer` (whose turn, what is under way, what each seat
    holds as far as the viewer knows), or None for games whose text display says it already."""
    tell = game_extras(_game_name(state)).describe
    return str(tell(state, viewer)) if tell else None


def text_legend(game_name: str) -> str:
    """How to read the game's text display (``str(state)`` and information states)."""
    return game_extras(game_name).text_legend


def text_drawing(content: str) -> str:
    """`content` (lines of text) as an SVG in a monospace font."""
    from tablesearch.render._svg import svg, text

    lines = content.splitlines() or [""]
    width = 16 + 7.5 * max(len(line) for line in lines)
    body = "".join(
        text(8, 14 + 16 * i, line, 12, anchor="start", font_family="monospace", xml_space="preserve")
        for i, line in enumerate(lines)
    )
    return svg(width, 16 * len(lines) + 16, body, "game state")
