"""Shared pieces of the hostile-input tests: Hypothesis strategies for wrong values, random play,
snapshots of a state, and running risky code in a subprocess so a crash fails a test instead of
killing the test run."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import textwrap

import numpy as np
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

import tablesearch as ts

TESTS_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Reproducible in CI (derandomize), no example database, modest budgets: each example plays a
# game, and the suite runs on every game and player count.
FUZZ = settings(
    max_examples=50,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
)

EDGE_INTS = [
    -1,
    -2,
    -(2**31),
    2**31 - 1,
    2**31,
    2**32,
    2**53 + 1,
    2**62,
    2**63 - 1,
    2**63,
    2**64 - 1,
    2**64,
    2**70,
    -(2**63),
    -(2**63) - 1,
    -(2**64),
    10**30,
]

# Values passed where an action or a player index belongs: near the legal range, edges of the
# integer types, numpy integers, and values of the wrong type altogether.
junk_values = st.one_of(
    st.integers(-3, 70),
    st.sampled_from(EDGE_INTS),
    st.integers(-(2**80), 2**80),
    st.builds(np.int64, st.integers(-(2**63), 2**63 - 1)),
    st.builds(np.int32, st.integers(-(2**31), 2**31 - 1)),
    st.builds(np.uint64, st.integers(0, 2**64 - 1)),
    st.builds(np.int8, st.integers(-128, 127)),
    st.none(),
    st.booleans(),
    st.builds(np.bool_, st.booleans()),
    st.floats(allow_nan=True, allow_infinity=True),
    st.builds(np.float64, st.floats(-10, 10)),
    st.text(max_size=4),
    st.binary(max_size=3),
    st.lists(st.integers(0, 3), max_size=2),
    st.tuples(st.integers(0, 3)),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=1),
    st.just(object()),
)

# Seeds: valid ones are None and ints in [0, 2**64).
junk_seeds = st.one_of(st.none(), st.integers(0, 2**64 - 1), junk_values)


def as_index(value):
    """The int a well-typed index value stands for, or None if its type is wrong."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        return None
    return int(value)


def valid_seed(value) -> bool:
    if value is None:
        return True
    index = as_index(value)
    return index is not None and 0 <= index < 2**64


def play_random(state, rng: random.Random, plies: int):
    """Plays up to `plies` random moves (chance outcomes by their probabilities) on `state`."""
    for _ in range(plies):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, weights=probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def snapshot(state):
    """Everything a rejected call must leave unchanged."""
    return (state.serialize(), str(state), state.history(), state.legal_actions(), state.current_player())


def run_isolated(code: str, stdin: str = "", timeout: float = 300) -> subprocess.CompletedProcess:
    """Runs `code` in a fresh interpreter with the Python test games registered. A crash (signal,
    sanitizer abort) or any uncaught exception fails the calling test with the child's output."""
    prelude = (
        f"import sys\nsys.path.insert(0, {TESTS_DIR!r})\nfrom helpers import compiled_games, py_games\n"
        "py_games.register()\ncompiled_games.register()\n"
        "import faulthandler\nfaulthandler.enable()\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", prelude + textwrap.dedent(code)],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert proc.returncode == 0, (
        f"child exited with status {proc.returncode}\n--- stdout\n{proc.stdout[-3000:]}"
        f"\n--- stderr\n{proc.stderr[-5000:]}"
    )
    return proc


def json_lines(text: str) -> list:
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


def load(config):
    name, params = config
    return ts.load_game(name, **params)
