"""Search options that measured strongest per game, used wherever a search option is left at
"auto" (`mcts.search`, `mcts.Agent`, agent specs). The figures behind each entry are in
docs/long-games.md and come from `python benchmarks/hidden_strength_budget.py`.

Only games listed here get game-specific defaults; every other game searches with the generic
ones (random playouts to the end, the algorithm `algorithm="auto"` picks, its usual `uct_c`).
"""

from __future__ import annotations

from typing import Any, Optional

GENERIC: dict[str, Any] = {"rollout_cutoff": None, "playout": "random", "score_weight": 0.0, "score_scale": 1.0}
"""rollout_cutoff None: playouts run to the end of the game; playout "random": uniform moves;
score_weight 0: a finished playout is worth its returns alone."""

SEARCH_DEFAULTS: dict[str, dict[str, Any]] = {
    # Every player count: MAST playouts (a cutoff, 0 or 4 decisions then the heuristic, measured
    # worse: games are short).
    "gnomi": {"playout": "mast"},
    # 2 players: ISMCTS, although Gnomi's native information-state keys would let "auto" pick
    # smooth-uct. Smooth UCT (uct_c 2) gains more from its budget (3,000 against its own 300
    # iterations: 0.616 over 400 games, ISMCTS 0.537) but loses to the old default at equal time
    # (0.439 [0.404, 0.474] over 400 games at 0.05 s a move), where ISMCTS with MAST scores 0.545
    # [0.512, 0.578].
    "gnomi:2": {"algorithm": "ismcts"},
    # Gummiland keeps random playouts to the end: the heuristic at the leaf (rollout_cutoff 0,
    # Gummiz and the tiles in front) beats random playouts at small equal budgets, but lost to them
    # at equal time, 0.075 [-0.032, 0.182] over 40 games at 0.05 s a move (docs/long-games.md).
}
"""Game name, or "name:players" for one player count (it wins over the name's entry) -> the
options that differ from GENERIC. "algorithm" is what `algorithm="auto"` picks; "uct_c" applies
when the search runs that algorithm with `uct_c` left at None."""


def search_defaults(game: Any) -> dict[str, Any]:
    """The default search options for `game` (a loaded game, or None): GENERIC updated by the
    game's entry in SEARCH_DEFAULTS and then by its "name:players" entry. Games other than native
    ones get GENERIC."""
    from tablesearch import _core

    if not isinstance(game, _core.Game):
        return dict(GENERIC)
    name: Optional[str] = game.name
    players = game.num_players()
    return {**GENERIC, **SEARCH_DEFAULTS.get(name or "", {}), **SEARCH_DEFAULTS.get(f"{name}:{players}", {})}
