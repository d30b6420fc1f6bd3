"""Seeded games of a searcher against random play, run in child processes by the strength tests:
a module of the helpers package, so that a child process imports it by name (a function of a test
module is pickled under the test's module name, which another installed package may shadow)."""

import tablesearch as ts
from tablesearch import mcts


def ismcts_won(game_name, iterations, seed):
    """One seeded 2-player game, ISMCTS in seat seed % 2 against random: did it win alone? Agents
    see resampled states (hygiene)."""
    seat = seed % 2
    agents = [ts.agents.RandomAgent(seed), ts.agents.RandomAgent(seed)]
    agents[seat] = mcts.Agent(iterations=iterations, seed=seed, algorithm="ismcts")
    return ts.play_game(ts.load_game(game_name, players=2), agents, seed=seed).winners == [seat]
