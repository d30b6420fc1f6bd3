"""Gumbel root search (algorithm="gumbel"): sequential halving shares the budget as planned, a
perfect prior and value find the best move in 2 simulations, and the improved policy (the
training target) is a distribution that prefers what the search found best."""

from __future__ import annotations

import random

import pytest

import tablesearch as ts
from helpers.known_answer_games import BanditState
from tablesearch import mcts


def test_sequential_halving_shares_the_budget_as_planned():
    """4 considered actions, 16 simulations: two rounds; 2 visits each, then the better two get 4
    more each (mctx's get_sequence_of_considered_visits): [6, 6, 2, 2], the others none."""
    state = BanditState([0.1, 0.35, 0.5, 0.55, -0.2, 0.0])
    result = mcts.search(state, iterations=16, seed=3, algorithm="gumbel", gumbel_actions=4)
    assert sorted((s.visits for s in result.stats), reverse=True) == [6, 6, 2, 2, 0, 0]


def test_every_action_is_tried_once_before_any_twice():
    state = BanditState([0.1, 0.35, 0.5, 0.55, -0.2])
    result = mcts.search(state, iterations=5, seed=0, algorithm="gumbel")
    assert [s.visits for s in result.stats] == [1, 1, 1, 1, 1]


def test_without_noise_the_best_arm_survives_the_halving():
    state = BanditState([0.1, 0.35, 0.5, 0.55, -0.2])
    for iterations in (5, 8, 64, 1000):
        result = mcts.search(state, iterations=iterations, seed=0, algorithm="gumbel", gumbel_scale=0)
        assert result.best_action == 3, iterations


def test_with_noise_a_small_budget_picks_arms_by_the_improved_policy():
    """With a uniform prior the Gumbel noise decides between close arms at a small budget (0.55
    against 0.5 here), as the method intends: the move is a sample of the improved policy. 200
    searches: arm 3 is picked most, and never the worst arm, whose q is far below."""
    state = BanditState([0.1, 0.35, 0.5, 0.55, -0.2])
    picks = [mcts.search(state, iterations=64, seed=s, algorithm="gumbel").best_action for s in range(200)]
    assert max(set(picks), key=picks.count) == 3
    assert 4 not in picks


_SOLVED: dict[str, tuple[float, ...]] = {}


def solve(state) -> tuple[float, ...]:
    """Exact returns of a tic-tac-toe state under best play (negamax), by its board (a searched
    leaf knows its board, not the history that led there)."""
    key = str(state)
    if key not in _SOLVED:
        if state.is_terminal():
            _SOLVED[key] = tuple(state.returns())
        else:
            player = state.current_player()
            _SOLVED[key] = max((solve(after(state, a)) for a in state.legal_actions()), key=lambda r: r[player])
    return _SOLVED[key]


def after(state, action):
    child = state.clone()
    child.apply_action(action)
    return child


class PerfectEvaluator:
    """The exact value, and all the prior on a best move."""

    def evaluate(self, state):
        return list(solve(state))

    def prior(self, state):
        player = state.current_player()
        best = max(state.legal_actions(), key=lambda a: solve(after(state, a))[player])
        return {best: 1.0}


def test_a_perfect_prior_and_value_find_a_best_move_in_two_simulations():
    """Every position of 10 random tic-tac-toe games, each with its own draw of the noise: the move
    is worth the position's value (a move that throws away a win or a draw would fail)."""
    game = ts.load_game("tic_tac_toe")
    rng = random.Random(0)
    checked = 0
    for seed in range(10):
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            result = mcts.search(state, iterations=2, seed=seed, algorithm="gumbel", evaluator=PerfectEvaluator())
            assert solve(after(state, result.best_action))[player] == solve(state)[player], str(state)
            checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked >= 50


def test_the_improved_policy_is_a_distribution_preferring_the_best_arm():
    state = BanditState([0.1, 0.35, 0.5, 0.9, -0.2])
    result = mcts.search(state, iterations=200, seed=1, algorithm="gumbel")
    assert len(result.improved_policy) == len(result.stats)
    assert sum(result.improved_policy) == pytest.approx(1.0)
    assert max(range(5), key=lambda i: result.improved_policy[i]) == 3
    assert mcts.search(state, iterations=200, seed=1, algorithm="uct").improved_policy == []


def test_gumbel_plans_an_iteration_budget():
    state = ts.load_game("tic_tac_toe").new_initial_state()
    with pytest.raises(ValueError, match="algorithm 'gumbel' plans its iterations between the root actions"):
        mcts.search(state, time_limit=0.01, algorithm="gumbel")
    result = mcts.search(state, iterations=10**9, time_limit=0.05, algorithm="gumbel", seed=0)
    assert 0 < result.iterations < 10**9  # the time limit ends it early, with a move


def test_gumbel_refuses_the_solver():
    # MCTS-Solver is UCT's rule; Gumbel's walk has rules of its own, so solve=True would be ignored.
    state = ts.load_game("tic_tac_toe").new_initial_state()
    with pytest.raises(ValueError, match="solve=True works with algorithm 'uct', not 'gumbel'"):
        mcts.search(state, iterations=10, algorithm="gumbel", solve=True)


def test_no_noise_and_a_model_give_the_same_search_for_every_seed():
    game = ts.load_game("connect_four")
    model = ts.Model.for_game(game, hidden=(16,), seed=4)
    state = game.new_initial_state()
    runs = [
        mcts.search(state, iterations=100, seed=s, algorithm="gumbel", gumbel_scale=0, evaluator=model).stats
        for s in range(3)
    ]
    assert runs[0] == runs[1] == runs[2]
