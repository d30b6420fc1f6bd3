"""ISMCTS against random play on the seed games with hidden information (issues' thresholds)."""
import pytest

import tablesearch as ts
from tablesearch import mcts


def ismcts_wins(game_name, games, iterations):
    """Seeded 2-player games, ISMCTS alternating seats; agents see resampled states (hygiene)."""
    game = ts.load_game(game_name, players=2)
    wins = 0
    for seed in range(games):
        seat = seed % 2
        agents = [ts.agents.RandomAgent(seed), ts.agents.RandomAgent(seed)]
        agents[seat] = mcts.Agent(iterations=iterations, seed=seed, algorithm="ismcts")
        wins += ts.play_game(game, agents, seed=seed).winners == [seat]
    return wins


def test_ismcts_beats_random_at_gummiland():
    """800 iterations per move: at least 8 of 10 seeded games."""
    assert ismcts_wins("gummiland", games=10, iterations=800) >= 8
