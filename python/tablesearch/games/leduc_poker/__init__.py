"""Leduc poker: the game's Python extras (the rules are native: cpp/games/leduc_poker)."""
