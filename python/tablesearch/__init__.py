"""tablesearch: game-AI search (MCTS, ISMCTS) for tabletop games, with a native C++ core.

>>> import tablesearch as ts
>>> from tablesearch import mcts
>>> state = ts.load_game(ts.list_games()[0]).new_initial_state(seed=1)
>>> mcts.search(state, iterations=1000, seed=1).best_action in state.legal_actions()
True

The README and the docs show a search, a match and a tournament on each game.
"""

from __future__ import annotations

from importlib import metadata as _metadata

from tablesearch import agents, mcts
from tablesearch._core import CHANCE, TERMINAL, Game, InternalError, State
from tablesearch.analysis import AnalysisError, BalanceReport, analyze
from tablesearch.games import list_games, load_game, parameter_specs, register_game
from tablesearch.match import GameRecord, play_game
from tablesearch.models import Model, load_model
from tablesearch.render import notebook as _notebook
from tablesearch.tournaments import TournamentResult, tournament
from tablesearch.training import TrainResult, train

_notebook.install(State)  # Jupyter draws states as SVG (state._repr_svg_)

__all__ = [
    "AnalysisError",
    "BalanceReport",
    "CHANCE",
    "TERMINAL",
    "Game",
    "GameRecord",
    "InternalError",
    "Model",
    "State",
    "TournamentResult",
    "TrainResult",
    "agents",
    "analyze",
    "list_games",
    "load_game",
    "load_model",
    "parameter_specs",
    "mcts",
    "play_game",
    "register_game",
    "tournament",
    "train",
]
__version__ = _metadata.version("tablesearch")  # defined once, in pyproject.toml
