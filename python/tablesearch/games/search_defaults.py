"""Search options that measured strongest per game, used wherever a search option is left at
"auto" (`mcts.search`, `mcts.Agent`, agent specs). A game states them in its extras
(``SEARCH_DEFAULTS``, and ``SEARCH_DEFAULTS_BY_PLAYERS`` for one player count;
`tablesearch.games.extras`), with the figures behind them (docs/long-games.md).

Games that state none search with the generic defaults: the option table's (random playouts to
the end, the algorithm `algorithm="auto"` picks, its usual `uct_c`).
"""

from __future__ import annotations

from typing import Any

from tablesearch import _core
from tablesearch.games.extras import game_extras
from tablesearch.search_options import DEFAULTS, PER_GAME

GENERIC: dict[str, Any] = {name: DEFAULTS[name] for name in PER_GAME}
"""The options a game's defaults set besides "algorithm" and "uct_c" (the option table's per_game
column), at the table's defaults: playouts to the end of the game, uniform moves, a finished
playout worth its returns."""


def search_defaults(game: Any) -> dict[str, Any]:
    """The default search options for `game` (a loaded game, or None): GENERIC updated by the
    game's SEARCH_DEFAULTS and then by its SEARCH_DEFAULTS_BY_PLAYERS entry for its player count.
    "algorithm" is what `algorithm="auto"` picks; "uct_c" applies when the search runs that
    algorithm with `uct_c` left at None. Games other than native ones get GENERIC."""
    if not isinstance(game, _core.Game):
        return dict(GENERIC)
    extras = game_extras(game.name)
    return {**GENERIC, **extras.search_defaults, **extras.search_defaults_by_players.get(game.num_players(), {})}
