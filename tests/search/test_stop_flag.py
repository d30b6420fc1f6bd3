"""mcts.StopFlag ends a running search from another thread, keeping what it found: on one thread
and several, for a tree search and an information-set one, and through Agent.step."""

from __future__ import annotations

import threading
import time

import pytest

import tablesearch as ts
from tablesearch import mcts


def leduc_decision():
    state = ts.load_game("leduc_poker").new_initial_state(0)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return state


@pytest.mark.parametrize(
    "state,threads",
    [
        (ts.load_game("connect_four").new_initial_state(0), 1),
        (ts.load_game("connect_four").new_initial_state(0), 2),
        (leduc_decision(), 1),
    ],
    ids=["uct", "uct-2-threads", "smooth-uct"],
)
def test_setting_the_flag_ends_a_long_search_with_its_results(state, threads):
    flag = mcts.StopFlag()
    threading.Timer(0.2, flag.set).start()
    start = time.monotonic()
    result = mcts.search(state, time_limit=60, seed=1, threads=threads, stop=flag)
    assert time.monotonic() - start < 5  # not 60 s
    assert result.iterations > 0 and sum(s.visits for s in result.stats) > 0
    assert result.best_action in state.legal_actions()


def test_a_flag_set_before_the_search_stops_it_at_once_and_clear_rearms_it():
    state = ts.load_game("connect_four").new_initial_state(0)
    flag = mcts.StopFlag()
    flag.set()
    assert flag.is_set()
    assert mcts.search(state, time_limit=60, seed=1, stop=flag).iterations < 2000
    flag.clear()
    assert not flag.is_set()
    assert mcts.search(state, iterations=3000, seed=1, stop=flag).iterations == 3000


def test_agent_step_takes_a_stop_flag_and_still_moves():
    state = ts.load_game("connect_four").new_initial_state(0)
    agent = mcts.Agent(time_limit=60, seed=2)
    flag = mcts.StopFlag()
    threading.Timer(0.2, flag.set).start()
    start = time.monotonic()
    assert agent.step(state, stop=flag) in state.legal_actions()
    assert time.monotonic() - start < 5


def test_stop_must_be_a_stop_flag():
    state = ts.load_game("tic_tac_toe").new_initial_state(0)
    with pytest.raises(TypeError, match="stop must be a mcts.StopFlag, got Event"):
        mcts.search(state, iterations=10, stop=threading.Event())
