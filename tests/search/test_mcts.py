"""UCT: tactics, strength against random play, reproducibility, statistics."""

import math
import pickle

import pytest

import tablesearch as ts
from tablesearch import mcts


def state_after(game_name, actions, **params):
    state = ts.load_game(game_name, **params).new_initial_state(0)
    for a in actions:
        state.apply_action(a)
    return state


def test_finds_forced_win_in_connect_four():
    result = mcts.search(state_after("connect_four", [0, 1, 0, 1, 0, 1]), iterations=2000, seed=1)
    assert result.best_action == 0
    assert result.policy()[0] > 0.5


def test_blocks_immediate_loss_in_connect_four():
    # x threatens to complete column 0; o must block there.
    result = mcts.search(state_after("connect_four", [0, 1, 0, 1, 0]), iterations=3000, seed=2)
    assert result.best_action == 0


def test_tic_tac_toe_takes_win_and_blocks():
    assert mcts.search(state_after("tic_tac_toe", [0, 3, 1, 4]), iterations=500, seed=0).best_action == 2
    assert mcts.search(state_after("tic_tac_toe", [0, 4, 1]), iterations=2000, seed=0).best_action == 2


def test_beats_random_play_in_connect_four():
    """1,000 iterations per move against uniform random play: at least 95% of 40 seeded games,
    half of them with MCTS moving second."""
    game = ts.load_game("connect_four")
    wins = 0
    for seed in range(40):
        seat = seed % 2
        agents = [ts.agents.RandomAgent(seed), ts.agents.RandomAgent(seed)]
        agents[seat] = mcts.Agent(iterations=1000, seed=seed)
        record = ts.play_game(game, agents, seed=seed)
        wins += record.winners == [seat]
    assert wins >= 38, f"MCTS won only {wins} of 40"


def test_same_seed_same_result_and_different_seed_differs():
    state = state_after("connect_four", [3])
    a = mcts.search(state, iterations=3000, seed=11)
    b = mcts.search(state, iterations=3000, seed=11)
    c = mcts.search(state, iterations=3000, seed=12)
    assert a.stats == b.stats and a.root_values == b.root_values
    assert a.stats != c.stats


def test_statistics_cover_every_legal_action():
    state = state_after("connect_four", [0, 0, 0, 0, 0, 0])
    result = mcts.search(state, iterations=500, seed=0)
    assert [s.action for s in result.stats] == state.legal_actions()
    assert sum(s.visits for s in result.stats) == 500
    assert math.isclose(sum(result.policy().values()), 1.0)
    assert result.iterations == 500 and result.algorithm == "uct"
    assert len(result.root_values) == 2 and math.isclose(sum(result.root_values), 0.0, abs_tol=1e-9)


def test_best_action_is_most_visited():
    result = mcts.search(state_after("connect_four", []), iterations=2000, seed=5)
    top = max(s.visits for s in result.stats)
    assert result.best_action in [s.action for s in result.stats if s.visits == top]


@pytest.mark.timing
def test_time_budget_is_honoured():
    result = mcts.search(state_after("connect_four", []), time_limit=0.2, seed=0)
    assert 0.15 < result.elapsed < 0.6
    assert result.iterations > 1000


def test_iterations_and_time_together_stop_at_whichever_first():
    result = mcts.search(state_after("connect_four", []), iterations=100, time_limit=10, seed=0)
    assert result.iterations == 100


def test_memory_cap_stops_growth_but_search_goes_on():
    result = mcts.search(state_after("connect_four", []), iterations=200_000, max_memory_mb=1, seed=0)
    assert result.memory_capped
    assert result.node_bytes <= 1024 * 1024
    assert result.iterations == 200_000
    assert result.best_action in range(7)


def test_bytes_per_node_at_most_32():
    result = mcts.search(state_after("connect_four", []), iterations=5000, seed=0)
    assert result.node_bytes / result.nodes <= 32


def test_agent_plays_legal_moves_and_counts_iterations():
    agent = mcts.Agent(iterations=200, seed=3)
    state = state_after("tic_tac_toe", [])
    action = agent.step(state)
    assert action in state.legal_actions()
    assert agent.last_result.iterations == 200 and agent.total_iterations == 200


def test_play_game_record():
    game = ts.load_game("tic_tac_toe")
    record = ts.play_game(game, [mcts.Agent(iterations=300, seed=0), ts.agents.RandomAgent(0)], seed=4)
    assert record.plies == len(record.actions)
    assert sum(record.returns) == 0
    assert record.agent_iterations[0] > 0 and record.agent_iterations[1] == 0
    assert sorted(record.ranks) in ([1, 2], [1, 1])
    again = ts.play_game(game, [mcts.Agent(iterations=300, seed=0), ts.agents.RandomAgent(0)], seed=4)
    assert again.actions == record.actions


def test_the_native_result_crosses_into_search_result_field_by_name():
    """mcts.SearchResult has exactly the native result's fields (copied by name, not by hand)."""
    from dataclasses import fields

    from tablesearch import _core

    state = ts.load_game("tic_tac_toe").new_initial_state()
    native = _core.search(state, iterations=50, seed=0, solve=True)
    ours = {f.name for f in fields(mcts.SearchResult)} - set(mcts.LABEL_FIELDS)
    assert ours == {n for n in dir(native) if not n.startswith("_")}
    assert {f.name for f in fields(mcts.ActionStat)} == {n for n in dir(native.stats[0]) if not n.startswith("_")}
    result = mcts.search(state, iterations=50, seed=0, solve=True)
    assert result.principal_variation[0] == result.best_action and result.proven_value in (None, 0.0)


def test_a_result_names_its_moves_only_when_asked():
    """Move names cost a search nothing until they are read: the search never calls the state's
    action_to_string; the names come from a copy of the searched state (the caller may move on),
    once; a pickled result keeps them without the state."""
    from helpers.py_games import NimState

    calls = []

    class Named(NimState):
        def action_to_string(self, action: int) -> str:
            calls.append(action)
            return f"take {action + 1}"

    state = Named(7)
    result = mcts.search(state, iterations=200, seed=0)
    assert calls == []
    state.apply_action(2)  # the caller moves on
    assert result.action_labels == {0: "take 1", 1: "take 2", 2: "take 3"}
    made = len(calls)
    assert result.action_labels and len(calls) == made  # made once
    again = pickle.loads(pickle.dumps(result))
    assert again.action_labels == result.action_labels and again._named_from is None
    assert again == result
    native = mcts.search(ts.load_game("connect_four").new_initial_state(0), iterations=300, seed=0)
    # The line is named as players name its moves (the game's action_name: columns from 1).
    assert native.principal_variation_labels[0] == f"P0: column {native.best_action + 1}"
