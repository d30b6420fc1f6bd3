"""Registers the Python test games before collection (helpers live in tests/helpers)."""

from helpers import py_games

py_games.register()
