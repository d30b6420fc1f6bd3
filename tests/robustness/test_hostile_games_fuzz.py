"""Hypothesis: Python games and evaluators that return junk (wrong types, out-of-range numbers,
NaN, numpy scalars, containers of the wrong shape, themselves, other states) or raise at a random
call, searched with every algorithm on one thread and on two. The search either gives sound
statistics or raises ValueError/TypeError/RuntimeError (or the callback's own exception); the
whole run is one child process, so a crash or a hang fails the test and shows the example."""

import pytest

from helpers.hostile_games import run_child

CODE = """
import itertools, math
import numpy as np
from hypothesis import given, settings, strategies as st
from tablesearch import mcts
from helpers.hostile import FUZZ, junk_values
from helpers.py_games import NimState
import tablesearch as ts


class Boom(Exception):
    pass


class SafeNim(NimState):
    # Junk legal actions can take more stones than are left: still a game that ends.
    def current_player(self):
        return ts.TERMINAL if self.stones <= 0 else self.player
    def is_terminal(self):
        return self.stones <= 0
    def returns(self):
        if self.stones > 0:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.player == 1 else [-1.0, 1.0]
    def resample_from_infostate(self, player, seed):
        return self.clone()
    def observed_action(self, observer, action):
        return action
    def information_state_string(self, player):
        return str(self.stones)
    def chance_outcomes(self):
        return []


GAME_METHODS = ["current_player", "legal_actions", "returns", "clone", "is_terminal", "resample_from_infostate",
                "observed_action", "apply_action"]
OTHER = SafeNim(5)
junk = st.one_of(junk_values, st.sampled_from(["self", "other", "raise", "nan-list", "dict", "huge-list"]),
                 st.lists(st.one_of(st.integers(-5, 5), st.floats()), max_size=4),
                 st.builds(np.array, st.lists(st.floats(-2, 2), max_size=3)))


def resolve(value, state):
    if isinstance(value, str) and value in ("self", "other", "raise", "nan-list", "dict", "huge-list"):
        if value == "raise":
            raise Boom("raised by the hostile callback")
        return {"self": state, "other": OTHER, "nan-list": [math.nan, 0.0], "dict": {0: 1.0, 1: -1.0},
                "huge-list": list(range(100000))}[value]
    return value


def hostile_state(method, value, when):
    calls = itertools.count()
    original = getattr(SafeNim, method)
    def faulty(self, *args):
        if next(calls) == when:
            return resolve(value, self)
        return original(self, *args)
    return type("HostileNim", (SafeNim,), {method: faulty})(13)


class HostileEvaluator:
    def __init__(self, method, value, when):
        self.calls, self.method, self.value, self.when = itertools.count(), method, value, when
    def evaluate(self, state):
        if self.method == "evaluate" and next(self.calls) == self.when:
            return resolve(self.value, state)
        return [0.0, 0.0]
    def prior(self, state):
        if self.method == "prior" and next(self.calls) == self.when:
            return resolve(self.value, state)
        return {a: 1.0 for a in state.legal_actions()}


def sound(result, iterations):
    actions = [s.action for s in result.stats]
    assert actions == sorted(set(actions)), actions
    assert all(0 <= s.visits <= result.iterations <= iterations for s in result.stats), result
    assert all(math.isfinite(s.value) and abs(s.value) <= 1e30 for s in result.stats), result
    assert result.best_action in actions or not actions


@settings(FUZZ, max_examples=MAX_EXAMPLES)
@given(method=st.sampled_from(GAME_METHODS + ["evaluate", "prior"]), value=junk, when=st.integers(0, 40),
       algorithm=st.sampled_from(["uct", "puct", "ismcts", "mo-ismcts", "pimc"]), threads=st.sampled_from([1, 2]))
def check(method, value, when, algorithm, threads):
    if method in ("evaluate", "prior"):
        state, evaluator = SafeNim(13), HostileEvaluator(method, value, when)
    else:
        state, evaluator = hostile_state(method, value, when), None
    try:
        result = mcts.search(state, iterations=60, time_limit=5, seed=0, algorithm=algorithm, threads=threads,
                             evaluator=evaluator, max_memory_mb=8)
    except (ValueError, TypeError, RuntimeError, Boom):
        return
    sound(result, 60)


check()
print("ok")
"""


def test_hostile_python_games_and_evaluators():
    assert run_child(CODE.replace("MAX_EXAMPLES", "300"), timeout=300).strip().endswith("ok")


@pytest.mark.slow
def test_hostile_python_games_and_evaluators_long():
    assert run_child(CODE.replace("MAX_EXAMPLES", "2000"), timeout=1800).strip().endswith("ok")
