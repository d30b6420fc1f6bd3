"""Tic-tac-toe: the game's Python extras (the rules are native: cpp/games/tic_tac_toe)."""
