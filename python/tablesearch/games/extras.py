"""A game's Python extras, found by the game's name: the package ``tablesearch.games.<name>`` of a
native game (its rules are in ``cpp/games/<name>``). The generic modules (drawings, the move
log, search defaults, the analysis, the command line) read a game's extras here, so none of them
names a game. Every extra is optional; a game without one gets the generic behaviour.

What a game's package may define (docs/writing-a-game.md):

- ``draw(state, viewer=None, actions=None, last=None) -> str``: an SVG drawing, the latest move
  (player, action) highlighted (`tablesearch.render`);
- ``LEGEND``, ``HOW_TO_PLAY`` and ``TEXT_LEGEND``: how to read the drawing, what a player clicks
  on it, and how to read the text display;
- ``describe_move(before, player, action, viewer) -> str``: a line of the move log, saying only
  what `viewer` may know (`tablesearch.render.moves`);
- ``consequences(before, after, player, action, viewer) -> list[str]``: what a move did besides
  itself, as `viewer` saw it (more lines of the move log);
- ``describe(state, viewer) -> str``: the position told in words for a player at a terminal;
- ``action_name(state, action) -> str``: a move's name where ``action_to_string``'s is not the
  player's word for it here (a "call" with nothing to call is a check);
- ``ending(state) -> str``: why a finished game ended and its score, in words ("four in a row",
  "P0 46 Gummiz, P1 42");
- ``follow_ups(view, seat, action) -> list[(label, [actions])]``: the seat's next moves offered
  with `action` as one choice, where the generic one-step follow-ups are not the right grouping
  (a capture with each way to pay for it); ``shortcuts(view, seat) -> list[(label, [actions])]``:
  sequences of the seat's moves offered as one button at its decision (`tablesearch.web.turns`);
- ``SEARCH_DEFAULTS`` and ``SEARCH_DEFAULTS_BY_PLAYERS`` ({players: options}): the search options
  that measured strongest for the game, taken where an option is "auto" (`games.search_defaults`);
- ``LEVEL_SIMULATIONS``: the web app's Easy, Medium and Hard levels as simulated games a move
  (None: no such level), and optionally Expert's (the built-in model guiding them), where the
  usual 30, 300, 3,000 and 1,000 are not each stronger than the one below in the game, and
  ``LEVEL_SIMULATIONS_BY_PLAYERS`` ({players: levels}) where a player count needs others
  (`web.levels`);
- ``turn_holder(state) -> int``: whose turn it is, where others decide inside a turn
  (`analysis.replay`);
- ``MIRROR``: ``"columns"`` or ``"cells"`` where the rules are the same on the board mirrored
  left-right, saying how the actions follow the board (one per column, or one per cell row by
  row): training learns from each position's mirror too (`training.symmetry`);
- ``exact_figures(params) -> dict | None`` and ``exact_report(params, defaults) -> str``: exact
  figures, beside the simulated ones (`analysis.exact`, ``tablesearch analyze --exact``).
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from tablesearch import _core


@dataclass(frozen=True)
class GameExtras:
    """One game's extras (None or empty where the game has none)."""

    title: str = ""
    draw: Optional[Callable[..., str]] = None
    legend: str = ""
    how_to_play: str = ""
    text_legend: str = ""
    describe_move: Optional[Callable[..., str]] = None
    consequences: Optional[Callable[..., list[str]]] = None
    describe: Optional[Callable[..., str]] = None
    action_name: Optional[Callable[[Any, int], str]] = None
    ending: Optional[Callable[[Any], str]] = None
    follow_ups: Optional[Callable[..., list[tuple[str, list[int]]]]] = None
    shortcuts: Optional[Callable[..., list[tuple[str, list[int]]]]] = None
    search_defaults: Mapping[str, Any] = field(default_factory=dict)
    search_defaults_by_players: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)
    level_simulations: tuple[Optional[int], ...] = ()
    level_simulations_by_players: Mapping[int, tuple[Optional[int], ...]] = field(default_factory=dict)
    turn_holder: Optional[Callable[[Any], int]] = None
    mirror: str = ""
    exact_figures: Optional[Callable[[Mapping[str, Any]], Optional[dict[str, Any]]]] = None
    exact_report: Optional[Callable[[Mapping[str, Any], Mapping[str, Any]], str]] = None


# The name of each extra (a field of GameExtras) in a game's package.
_ATTRIBUTES = {
    "title": "TITLE",
    "draw": "draw",
    "legend": "LEGEND",
    "how_to_play": "HOW_TO_PLAY",
    "text_legend": "TEXT_LEGEND",
    "describe_move": "describe_move",
    "consequences": "consequences",
    "describe": "describe",
    "action_name": "action_name",
    "ending": "ending",
    "follow_ups": "follow_ups",
    "shortcuts": "shortcuts",
    "search_defaults": "SEARCH_DEFAULTS",
    "search_defaults_by_players": "SEARCH_DEFAULTS_BY_PLAYERS",
    "level_simulations": "LEVEL_SIMULATIONS",
    "level_simulations_by_players": "LEVEL_SIMULATIONS_BY_PLAYERS",
    "turn_holder": "turn_holder",
    "mirror": "MIRROR",
    "exact_figures": "exact_figures",
    "exact_report": "exact_report",
}


@functools.cache
def game_extras(name: str) -> GameExtras:
    """The extras of game `name`: those its package defines, for a native game that has one;
    none for any other name (Python games, unknown names). Only native games' own packages are
    imported, never a module a name could point elsewhere."""
    if name not in _core.list_games():
        return GameExtras()
    spec = importlib.util.find_spec(f"{__package__}.{name}")
    if spec is None or spec.submodule_search_locations is None:  # a game's extras are a package
        return GameExtras()
    package = importlib.import_module(spec.name)
    found = {
        extra: getattr(package, attribute) for extra, attribute in _ATTRIBUTES.items() if hasattr(package, attribute)
    }
    return GameExtras(**found)


def title_of(name: str) -> str:
    """The game's name as players write it (its TITLE); its id for a game that gives none."""
    return game_extras(name).title or name


def games_with(extra: str) -> list[str]:
    """The native games whose package defines `extra` (a field of GameExtras), for messages."""
    return [name for name in _core.list_games() if getattr(game_extras(name), extra)]
