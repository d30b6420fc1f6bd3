"""Compiled games that break each rule a compiled game must keep (tests/helpers/hostile_compiled.py),
in child processes so that a crash fails the test instead of the run: loading refuses every one
with a ValueError naming the broken function; and with the load-time conformance pass turned
off, every search (one thread and two) on a game that breaks a rule at a random ply either gives
sound statistics or raises ValueError naming the function, never crashing or hanging."""

import pytest

from helpers.hostile_games import run_child

pytest.importorskip("numba")

PRELUDE = """
import math
import tablesearch as ts
from tablesearch import mcts
from tablesearch.games import compiled
from helpers import hostile_compiled as h
ts.register_game("hostile_compiled", h.hostile)
"""

LOAD = """
game = ts.load_game("hostile_compiled")  # the game that breaks nothing loads
for mode, (what, function) in {**h.BREAKS, **h.LOAD_TIME_BREAKS}.items():
    try:
        ts.load_game("hostile_compiled", mode=mode)
    except ValueError as error:
        assert function in str(error), (mode, what, str(error))
        print(f"{mode:>2} {what}: {error}")
    else:
        raise AssertionError(f"mode {mode} ({what}) loaded")
print("ok")
"""

SEARCH = """
from hypothesis import given, settings, strategies as st
from helpers.hostile import FUZZ

compiled.CHECK_GAMES = 0  # the load-time pass would refuse these games: test the run-time checks


def sound(result, iterations):
    actions = [s.action for s in result.stats]
    assert actions == sorted(set(actions)), actions
    assert all(0 <= s.visits <= result.iterations <= iterations for s in result.stats), result
    assert all(math.isfinite(s.value) for s in result.stats), result
    assert result.best_action in actions


@settings(FUZZ, max_examples=MAX_EXAMPLES)
@given(mode=st.sampled_from(sorted(h.BREAKS)), when=st.integers(0, 5),
       algorithm=st.sampled_from(sorted(mcts.ALGORITHMS)), threads=st.sampled_from([1, 2]))
def check(mode, when, algorithm, threads):
    function = h.BREAKS[mode][1]
    try:
        state = ts.load_game("hostile_compiled", mode=mode, when=when).new_initial_state(0)
        state.apply_action(1)  # the deal
        result = mcts.search(state, iterations=200, seed=0, algorithm=algorithm, threads=threads)
    except ValueError as error:
        assert f"compiled game 'hostile_compiled': {function} " in str(error), (mode, str(error))
        return
    sound(result, 200)


check()
print("ok")
"""


WORLDS = """
compiled.CHECK_GAMES = 0  # the load-time pass would refuse the game: the search must
for algorithm in ("ismcts", "mo-ismcts", "pimc", "smooth-uct", "infoset-uct", "oos"):
    for threads in (1, 2):
        state = ts.load_game("hostile_compiled", mode=21).new_initial_state(0)
        state.apply_action(1)  # the deal
        try:
            mcts.search(state, iterations=200, seed=0, algorithm=algorithm, threads=threads)
        except ValueError as error:
            assert str(error).startswith(
                "compiled game 'hostile_compiled': resample drew a world for player 0 whose information_state differs"
            ), (algorithm, str(error))
        else:
            raise AssertionError(f"{algorithm} searched worlds the player can tell apart")
print("ok")
"""

CHANCE = """
for mode, total in ((14, "1.5"), (24, "0.5")):
    try:
        ts.load_game("hostile_compiled", mode=mode)
    except ValueError as error:
        named = f"'hostile_compiled': chance_outcomes gave probabilities summing to {total}; they must sum to 1"
        assert named in str(error) and f"(state: [7 0 0 0 0 {mode} 0 0])" in str(error), str(error)
    else:
        raise AssertionError(f"probabilities summing to {total} loaded")
compiled.CHECK_GAMES = 0  # and during play, where the load-time pass did not look
state = ts.load_game("hostile_compiled", mode=24).new_initial_state(0)
try:
    state.chance_outcomes()
except ValueError as error:
    assert "summing to 0.5" in str(error), str(error)
else:
    raise AssertionError("probabilities summing to 0.5 given to the search")
print("ok")
"""


def test_a_resample_that_changes_what_the_player_sees_is_refused_during_a_search():
    """Worlds are checked at run time (a sample of them on each thread) against the player's
    information state, not only for the player to move: every search that draws worlds stops
    with an error naming the game instead of searching the wrong game."""
    assert run_child(PRELUDE + WORLDS, timeout=600).strip().endswith("ok")


def test_chance_probabilities_summing_below_or_above_one_are_refused():
    assert run_child(PRELUDE + CHANCE, timeout=600).strip().endswith("ok")


def test_a_game_that_breaks_a_rule_is_refused_when_loaded_naming_the_function():
    out = run_child(PRELUDE + LOAD, timeout=600)
    assert out.strip().endswith("ok"), out


def test_searches_check_every_call_at_run_time():
    assert run_child(PRELUDE + SEARCH.replace("MAX_EXAMPLES", "150"), timeout=600).strip().endswith("ok")


@pytest.mark.slow
def test_searches_check_every_call_at_run_time_long():
    assert run_child(PRELUDE + SEARCH.replace("MAX_EXAMPLES", "1500"), timeout=3600).strip().endswith("ok")
