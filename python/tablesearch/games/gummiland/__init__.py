"""Gummiland: the game's Python extras (the rules are native: cpp/games/gummiland)."""
