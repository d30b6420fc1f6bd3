"""Wetland: the game's Python extras (the rules are native: cpp/games/wetland)."""
