"""Registers the Python test games and the compiled example games before collection (helpers
live in tests/helpers)."""

from helpers import compiled_games, py_games

py_games.register()
compiled_games.register()
