"""Search options that measured strongest per game, used wherever a search option is left at
"auto" (`mcts.search`, `mcts.Agent`, agent specs). The figures behind each entry are in
docs/long-games.md and come from `python benchmarks/hidden_strength_budget.py`.

Only games listed here get game-specific defaults; every other game searches with the generic
ones (random playouts to the end, `uct_c` sqrt(2)).
"""

from __future__ import annotations

from typing import Any, Optional

GENERIC: dict[str, Any] = {"rollout_cutoff": None, "playout": "random"}
"""rollout_cutoff None: playouts run to the end of the game; playout "random": uniform moves."""

SEARCH_DEFAULTS: dict[str, dict[str, Any]] = {
    # 2 players, ISMCTS 3,000 against 300 iterations: MAST 0.605 over 200 games, random playouts
    # 0.557 over 200; a cutoff (0 or 4 decisions, then the heuristic) 0.52 over 100 each.
    "gnomi": {"playout": "mast"},
    # Gummiland keeps random playouts to the end: the cutoff (10 decisions, MAST) lost to them at
    # equal time, 0.125 [0.028, 0.222] over 40 games at 0.02 s a move (docs/long-games.md).
}
"""Game name -> the options that differ from GENERIC (docs/long-games.md has the figures)."""


def search_defaults(game: Any) -> dict[str, Any]:
    """The default search options for `game` (a loaded game, or None): GENERIC updated by the
    game's entry in SEARCH_DEFAULTS. Games other than native ones get GENERIC."""
    from tablesearch import _core

    name: Optional[str] = game.name if isinstance(game, _core.Game) else None
    return {**GENERIC, **SEARCH_DEFAULTS.get(name or "", {})}
