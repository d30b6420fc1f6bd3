"""A search that continues a kept tree (tree reuse) reports root values over the same visits as
its actions' statistics: the kept visits and its own iterations, not its own iterations alone."""

import pytest

import tablesearch as ts
from tablesearch import mcts


def stats_mean(result):
    """The visit-weighted mean of the root actions' values: the value of the player to move."""
    return sum(s.value * s.visits for s in result.stats) / sum(s.visits for s in result.stats)


@pytest.mark.parametrize("algorithm", ["uct", "puct", "ismcts", "mo-ismcts"])
def test_one_more_iteration_on_a_kept_tree_barely_moves_the_root_values(algorithm):
    state = ts.load_game("connect_four").new_initial_state(0)
    tree = mcts.SearchTree()
    first = mcts.search(state, iterations=3000, seed=0, algorithm=algorithm, tree=tree)
    again = mcts.search(state, iterations=1, seed=1, algorithm=algorithm, tree=tree)
    assert sum(s.visits for s in again.stats) >= 2999  # the kept visits
    for before, after in zip(first.root_values, again.root_values):
        assert abs(after - before) <= 2 / 3001  # one of 3001 returns in [-1, 1] changed the mean
    assert abs(again.root_values[0] - stats_mean(again)) < 0.01


@pytest.mark.parametrize("algorithm", ["uct", "ismcts"])
def test_root_values_after_moves_are_the_kept_trees_values_of_the_new_root(algorithm):
    state = ts.load_game("connect_four").new_initial_state(0)
    tree = mcts.SearchTree()
    first = mcts.search(state, iterations=5000, seed=0, algorithm=algorithm, tree=tree)
    state.apply_action(first.best_action)
    state.apply_action(first.best_action)  # the most visited reply is often the same column
    later = mcts.search(state, iterations=1, seed=1, algorithm=algorithm, tree=tree)
    kept = sum(s.visits for s in later.stats)
    assert kept > 20
    # Player 0 to move: its value is its actions' mean over the kept visits (all but the node's
    # first), player 1's that of the move into the node; the game is zero-sum.
    assert abs(later.root_values[0] - stats_mean(later)) < 4 / kept
    assert abs(sum(later.root_values)) < 4 / kept


def test_root_values_of_a_kept_tree_merge_over_threads():
    state = ts.load_game("connect_four").new_initial_state(0)
    tree = mcts.SearchTree()
    first = mcts.search(state, iterations=4000, seed=0, algorithm="uct", threads=2, tree=tree)
    again = mcts.search(state, iterations=2, seed=1, algorithm="uct", threads=2, tree=tree)
    for before, after in zip(first.root_values, again.root_values):
        assert abs(after - before) <= 2 * 2 / 4002
