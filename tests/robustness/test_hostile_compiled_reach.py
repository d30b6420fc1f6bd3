"""Every function a compiled game's code can reach runs with bounds checks, however it is reached
(tests/helpers/hostile_reach.py: a module's attribute, a module in a module, a closure, a tuple, a
helper's own global), or the game is refused when loaded, naming what it reached; and sizes the
game declares are computed in 64 bits. Each in a child process: before these checks, the games
here wrote over the heap (SIGSEGV, "malloc(): corrupted top size")."""

import pytest

from helpers.hostile_games import run_child

pytest.importorskip("numba")

PRELUDE = """
import tablesearch as ts
from tablesearch import mcts
from helpers import hostile_compiled as h, hostile_reach as r
"""

REACHED = """
for how, legal in r.REACHED.items():
    ts.register_game("reach", r.game(legal))
    try:
        ts.load_game("reach")
    except ValueError as error:
        assert "compiled game 'reach': legal_actions raised an exception: IndexError" in str(error), (how, str(error))
    else:
        raise AssertionError(f"a write past the buffer through {how} went unnoticed")
print("ok")
"""

REFUSED = """
for kind, legal in r.REFUSED.items():
    ts.register_game("reach", r.game(legal))
    try:
        ts.load_game("reach")
    except ValueError as error:
        reached = "compiled game 'reach': legal_actions reaches helpers.hostile_reach_helpers."
        assert str(error).startswith(reached), str(error)
        assert kind in str(error) and "cannot be compiled again with bounds checks" in str(error), str(error)
    else:
        raise AssertionError(f"{kind} loaded")
print("ok")
"""

CORRECT = """
ts.register_game("reach", h.variant(legal_actions=r.correct))
state = ts.load_game("reach").new_initial_state(0)
state.apply_action(1)
assert state.legal_actions() == [1, 2, 3]
result = mcts.search(state, iterations=2000, seed=0, algorithm="ismcts", threads=2)
assert result.best_action == 3  # leave 4 stones: a multiple of 4
print("ok")
"""

WIDE_OBSERVATION = """
ts.register_game("wide", h.variant(observation_shape=(65536, 65537)))  # 2**32 + 65536 values
try:
    ts.load_game("wide")
except ValueError as error:
    assert "compiled game 'wide': the observation size (the product of observation_shape()) must be in " \\
        "0..1048576, got 4295032832" in str(error), str(error)
else:
    raise AssertionError("an observation of 2**32 + 65536 values loaded")
print("ok")
"""


def test_a_helper_reached_any_way_is_bounds_checked():
    assert run_child(PRELUDE + REACHED, timeout=600).strip().endswith("ok")


def test_compiled_code_that_cannot_be_bounds_checked_is_refused_naming_it():
    assert run_child(PRELUDE + REFUSED, timeout=600).strip().endswith("ok")


def test_a_game_whose_helpers_live_in_another_module_plays_as_written():
    assert run_child(PRELUDE + CORRECT, timeout=600).strip().endswith("ok")


def test_an_observation_size_beyond_32_bits_is_refused_not_wrapped():
    assert run_child(PRELUDE + WIDE_OBSERVATION, timeout=600).strip().endswith("ok")
