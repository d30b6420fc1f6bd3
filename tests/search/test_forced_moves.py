"""An agent with one legal move answers at once: no search, no visits, no iterations counted."""

from __future__ import annotations

import tablesearch as ts
from tablesearch import mcts


def test_a_forced_move_is_answered_without_a_search():
    state = ts.load_game("candyland").new_initial_state(0)
    while state.is_chance_node():  # Candy Land: every move is a forced "draw"
        state.apply_action(state.legal_actions()[0])
    assert len(state.legal_actions()) == 1
    agent = mcts.Agent(iterations=1000, seed=0)
    assert agent.step(state) == state.legal_actions()[0]
    assert agent.last_result is None and agent.total_iterations == 0 and agent.tree.nodes == 0


def test_a_game_of_forced_moves_records_no_iterations():
    game = ts.load_game("candyland")
    record = ts.play_game(game, [mcts.Agent(iterations=1000, seed=s) for s in range(2)], seed=3)
    assert record.finished and record.plies > 10
    assert record.agent_iterations == [0, 0]


def test_moves_with_a_choice_are_still_searched_and_the_kept_tree_follows_forced_moves():
    """Gnomi: the forced "no reaction" decisions are skipped, every other move gets its full budget."""
    game = ts.load_game("gnomi", players=3)
    agents = [mcts.Agent(iterations=50, seed=s) for s in range(3)]
    searched = [0, 0, 0]
    forced = [0, 0, 0]

    def count(state, player, action, agent):
        if player >= 0:
            if len(state.legal_actions()) == 1:
                forced[player] += 1
            else:
                searched[player] += 1

    record = ts.play_game(game, agents, seed=4, hide_information=False, on_move=count)
    assert sum(forced) > 0
    assert record.agent_iterations == [50 * n for n in searched]
