"""Connect four: the game's Python extras (the rules are native: cpp/games/connect_four)."""
