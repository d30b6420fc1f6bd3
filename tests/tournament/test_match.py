"""play_game: the record, budgets, information hygiene, chance streams."""

import pytest

import tablesearch as ts
from helpers.py_games import CheatAgent, FixedAgent, GreedyAgent, Peek, Pick
from tablesearch import mcts
from tablesearch.match import budget_of, set_budget


def test_record_fields():
    game = ts.load_game("tic_tac_toe")
    record = ts.play_game(game, [mcts.Agent(iterations=50, seed=0), ts.agents.RandomAgent(1)], seed=2)
    assert record.game == "tic_tac_toe" and record.seed == 2 and record.finished
    assert record.plies == len(record.actions)  # no chance in tic-tac-toe
    replay = game.new_initial_state(2)
    for action in record.actions:
        replay.apply_action(action)
    assert replay.is_terminal() and replay.returns() == record.returns
    assert record.ranks == ts.match.ranks_from_returns(record.returns)
    assert record.winners == ([] if record.returns == [0, 0] else [record.returns.index(1.0)])
    moves0 = (record.plies + 1) // 2
    assert record.agent_iterations == [50 * moves0, 0]
    assert record.agent_seconds[0] > 0 and len(record.agent_seconds) == 2
    assert record.budgets == [{"iterations": 50}, None]


def test_ranks_and_winners_with_ties():
    assert ts.match.ranks_from_returns([0.5, 0.5, -1.0]) == [1, 1, 3]
    assert ts.match.winners_from_returns([0.5, 0.5, -1.0]) == [0, 1]
    assert ts.match.winners_from_returns([0.0, 0.0, 0.0]) == []


def test_runner_sets_budgets_and_records_them():
    game = ts.load_game("connect_four")
    agents = [mcts.Agent(iterations=5000, seed=0), mcts.Agent(seed=1)]
    record = ts.play_game(game, agents, seed=0, budget={"iterations": 40})
    assert record.budgets == [{"iterations": 40}, {"iterations": 40}]
    per_seat = [(record.plies + 1) // 2, record.plies // 2]
    assert record.agent_iterations == [40 * per_seat[0], 40 * per_seat[1]]
    record = ts.play_game(game, agents, seed=0, budget=[{"time_limit": 0.002}, {"iterations": 7}], max_plies=6)
    assert record.budgets == [{"time_limit": 0.002}, {"iterations": 7}]
    assert record.agent_iterations[1] == 7 * 3
    assert record.agent_seconds[0] >= 3 * 0.002 * 0.9
    assert not record.finished and record.returns == [0.0, 0.0] and record.plies == 6


def test_budget_errors_name_the_valid_keys():
    with pytest.raises(ValueError, match="iterations"):
        set_budget(mcts.Agent(), {"moves": 3})
    with pytest.raises(ValueError, match=r"budget iterations must be an int in \[1, "):
        set_budget(mcts.Agent(), {"iterations": 0})
    assert budget_of(ts.agents.RandomAgent()) is None
    assert budget_of(mcts.Agent()) == {"iterations": mcts.DEFAULT_ITERATIONS}


def test_hidden_information_is_hidden_by_default():
    """A cheat reading the opponent's card guesses right with probability 1/10 once the runner
    hands it re-drawn states: 300 games, right in 0.1 +- 4 sigma (sigma = 0.017)."""
    game = Peek()
    right = 0
    for seed in range(300):
        record = ts.play_game(game, [CheatAgent(), FixedAgent(0)], seed=seed)
        cards = game.new_initial_state(seed).cards
        right += record.actions[1] == cards[1]
    assert 0.1 - 4 * 0.017 < right / 300 < 0.1 + 4 * 0.017
    # The same cheat with the true state (hygiene off) is always right: the test can tell.
    record = ts.play_game(game, [CheatAgent(), FixedAgent(0)], seed=5, hide_information=False)
    assert record.actions[1] == game.new_initial_state(5).cards[1]


def test_agents_get_a_copy_on_perfect_information_games():
    class Vandal:
        def step(self, state):
            action = state.legal_actions()[0]
            state.apply_action(action)  # spoils its own copy only
            return action

    game = ts.load_game("tic_tac_toe")
    record = ts.play_game(game, [Vandal(), Vandal()], seed=0)
    assert record.actions[:5] == [0, 1, 2, 3, 4]


def test_chance_outcomes_do_not_shift_with_view_draws():
    """Views are drawn from their own stream: with hygiene on or off, the same agents see the
    same chance outcomes."""
    game = Peek()
    for seed in range(20):
        on = ts.play_game(game, [FixedAgent(3), FixedAgent(4)], seed=seed)
        off = ts.play_game(game, [FixedAgent(3), FixedAgent(4)], seed=seed, hide_information=False)
        assert on.actions == off.actions


def test_python_multiplayer_game_and_on_move():
    seen = []
    record = ts.play_game(
        Pick(4),
        [GreedyAgent(), FixedAgent(2), FixedAgent(3), FixedAgent(9)],
        seed=1,
        on_move=lambda state, player, action, agent: seen.append((player, action)),
    )
    assert seen == [(0, 9), (1, 2), (2, 3), (3, 9), (-1, record.actions[-1])]
    assert record.plies == 4 and len(record.returns) == 4 and abs(sum(record.returns)) < 1e-12


def test_illegal_action_and_wrong_agent_count():
    game = ts.load_game("tic_tac_toe")
    with pytest.raises(ValueError, match="2 players"):
        ts.play_game(game, [ts.agents.RandomAgent()], seed=0)
    with pytest.raises(ValueError, match="illegal action 42"):
        ts.play_game(game, [FixedAgent(42), FixedAgent(42)], seed=0)
