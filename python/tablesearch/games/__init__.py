"""Games: the registry of native and Python games, Python-game support and game-specific extras."""

from tablesearch.games.python_games import register_game
from tablesearch.games.registry import list_games, load_game, parameter_specs

__all__ = ["list_games", "load_game", "parameter_specs", "register_game"]
