"""Misuse from Python raises a clear exception; nothing crashes the interpreter."""

import math
import os

import pytest

import tablesearch as ts
from tablesearch import mcts


@pytest.fixture
def state():
    return ts.load_game("connect_four").new_initial_state(0)


def test_unknown_game_names_available_games():
    with pytest.raises(ValueError, match="available: .*connect_four"):
        ts.load_game("chess")
    with pytest.raises(TypeError):
        ts.load_game(42)


def test_unknown_parameter_names_valid_ones():
    with pytest.raises(ValueError, match="unknown parameter 'players'"):
        ts.load_game("tic_tac_toe", players=3)


@pytest.mark.parametrize("bad", [-1, 7, 2**62, 2**70])
def test_illegal_actions_raise_value_error(state, bad):
    with pytest.raises(ValueError):
        state.apply_action(bad)


@pytest.mark.parametrize("bad", ["1", None, 1.5, True, [0], object()])
def test_wrongly_typed_actions_raise_type_error(state, bad):
    with pytest.raises(TypeError, match="action must be an int"):
        state.apply_action(bad)


def test_numpy_integers_are_accepted(state):
    import numpy as np

    state.apply_action(np.int64(3))
    assert state.history() == [3]


@pytest.mark.parametrize("bad", [-1, 2, 99, -5])
def test_bad_player_index(state, bad):
    with pytest.raises(ValueError, match="player must be in 0..1"):
        state.observation_tensor(bad)


def test_action_after_the_end(state):
    for a in [0, 1, 0, 1, 0, 1, 0]:
        state.apply_action(a)
    with pytest.raises(ValueError, match="game is over"):
        state.apply_action(2)
    with pytest.raises(ValueError, match="terminal"):
        mcts.search(state, iterations=10)


@pytest.mark.parametrize(
    "kwargs, error",
    [
        (dict(iterations=-5), ValueError),
        (dict(iterations=0), ValueError),
        (dict(iterations=1.5), TypeError),
        (dict(iterations="100"), TypeError),
        (dict(time_limit=-1.0), ValueError),
        (dict(time_limit=math.nan), ValueError),
        (dict(uct_c=math.nan), ValueError),
        (dict(uct_c=math.inf), ValueError),
        (dict(uct_c=-1.0), ValueError),
        (dict(seed=-1), ValueError),
        (dict(seed="x"), TypeError),
        (dict(algorithm="alphabeta"), ValueError),
        (dict(max_memory_mb=0), ValueError),
        (dict(threads=0), ValueError),
        (dict(evaluator="fast"), TypeError),
        # Beyond the native integer types: a clear ValueError, not pybind11's "incompatible arguments".
        (dict(iterations=2**63), ValueError),
        (dict(max_memory_mb=2**63), ValueError),
        (dict(determinizations=2**31, algorithm="pimc"), ValueError),
        (dict(seed=2**64), ValueError),
    ],
)
def test_bad_search_arguments(state, kwargs, error):
    kwargs.setdefault("iterations", 10)
    with pytest.raises(error):
        mcts.search(state, **kwargs)


def test_search_rejects_non_states():
    with pytest.raises(TypeError):
        mcts.search("connect_four", iterations=10)


def test_bad_rollouts():
    with pytest.raises(ValueError):
        mcts.RandomRollout(rollouts=0)
    with pytest.raises(ValueError, match=r"rollouts must be an int in \[1, 2147483647\], got 2147483648"):
        mcts.RandomRollout(rollouts=2**31)


@pytest.mark.skipif(
    "libasan" in os.environ.get("LD_PRELOAD", ""),
    reason="AddressSanitizer aborts on a failed operator new instead of throwing std::bad_alloc",
)
@pytest.mark.parametrize("algorithm", ["uct", "ismcts"])
@pytest.mark.parametrize("cap", [2**43, 2**62])
def test_huge_memory_caps_are_not_mistaken_for_small_ones(state, algorithm, cap):
    """max_memory_mb * 2**20 used to overflow, turning a huge cap into a tiny or negative one."""
    try:
        result = mcts.search(state, iterations=50, max_memory_mb=cap, algorithm=algorithm)
    except ValueError as error:  # the address space cannot be reserved on this machine
        assert "cannot reserve" in str(error)
    else:
        assert result.iterations == 50 and not result.memory_capped


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        "[]",
        "null",
        '{"format": 1}',
        "\x00garbage",
        '{"format":1,"game":"tic_tac_toe","params":{},"seed":0,"history":[]}',
        '{"format":1,"game":"connect_four","params":{},"seed":0,"history":[9]}',
        '{"format":1,"game":"connect_four","params":{},"seed":-3,"history":[]}',
        '{"format":1,"game":"connect_four","params":{},"seed":0,"history":["a"]}',
        '{"format":1,"game":"connect_four","params":{},"seed":0,"history":[0],"x":1}',
    ],
)
def test_deserialize_rejects_bad_text(text):
    with pytest.raises(ValueError):
        ts.load_game("connect_four").deserialize_state(text)


def test_deserialize_rejects_non_text():
    with pytest.raises(TypeError):
        ts.load_game("connect_four").deserialize_state(b"{}")


def test_action_to_string_of_illegal_action(state):
    with pytest.raises(ValueError):
        state.action_to_string(99)


def test_seed_out_of_range():
    game = ts.load_game("connect_four")
    with pytest.raises(ValueError):
        game.new_initial_state(-1)
    with pytest.raises(ValueError):
        game.new_initial_state(2**64)
    with pytest.raises(TypeError):
        game.new_initial_state("7")


def test_python_game_states_never_pass_for_native_ones():
    """A _core.PyState (what python_games.native_state gives for a Python game's state) only
    carries that state into a search: it is not a _core.State, so the native states' methods
    (which once dereferenced its null game and crashed) are not there to call."""
    from tablesearch import _core
    from tablesearch.games.python_games import native_state

    wrapped = native_state(ts.load_game("py_nim").new_initial_state(0))
    assert isinstance(wrapped, _core.PyState)
    assert not isinstance(wrapped, _core.State)
    for method in ("serialize", "observation_tensor", "get_game", "information_state_key", "legal_actions"):
        assert not hasattr(wrapped, method), method
    assert "py_nim" in repr(wrapped)
    # The search takes it (the callbacks run on the Python state), with or without a tree.
    result = mcts.search(wrapped, iterations=50, seed=0, tree=mcts.SearchTree())
    assert result.iterations == 50
    with pytest.raises((TypeError, AttributeError)):  # refused, not a crash
        _core.State.serialize(wrapped)


def test_search_options_and_algorithms_come_from_the_native_table():
    from tablesearch import _core

    assert mcts.ALGORITHMS == tuple(_core.ALGORITHMS)
    assert "smooth-uct" in mcts.ALGORITHMS
    # Every search keyword of the native call is one of mcts.search's (or its state/tree).
    import inspect

    python_keywords = set(inspect.signature(mcts.search).parameters)
    native = {row["name"] for row in _core.SEARCH_OPTIONS}
    assert native - {"rollouts"} <= python_keywords, native - python_keywords
    with pytest.raises(ValueError, match="algorithm must be one of uct, puct, .*, got 'alphabeta'"):
        _core.search(ts.load_game("tic_tac_toe").new_initial_state(), algorithm="alphabeta", iterations=10)


def test_a_broken_invariant_raises_internal_error_not_a_misuse_error():
    """Misuse raises ValueError or TypeError; a broken internal invariant (ts::fail_internal in C++)
    raises tablesearch.InternalError, which asks to be reported and says what was found."""
    from tablesearch import _core

    with pytest.raises(
        ts.InternalError, match="internal error in tablesearch, please report it.*: a tree lost its root"
    ):
        _core._fail_internal("a tree lost its root")
    assert issubclass(ts.InternalError, RuntimeError)
    assert not issubclass(ts.InternalError, (ValueError, TypeError))
