"""Property-based tests (Hypothesis) over every registered game and player count, native and
Python: random sequences of legal and illegal calls, with serialize/deserialize round trips and
clones at random points.

Every call with a wrong value (out of range, negative, huge, of the wrong type) must raise
ValueError or TypeError with a message and leave the state exactly as it was; every call with a
right value must work. Budget: hostile.FUZZ (50 derandomized examples per game configuration)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablesearch as ts
from helpers.game_configs import CONFIGS, IDS
from helpers.hostile import FUZZ, as_index, junk_seeds, junk_values, load, play_random, snapshot, valid_seed

PLAYER_METHODS = ("information_state_string", "observation_tensor", "resample_from_infostate", "observed_action")

calls = st.one_of(
    st.tuples(st.just("play"), st.integers(0, 1000)),
    st.tuples(st.just("play"), st.integers(0, 1000)),
    st.tuples(st.just("apply"), junk_values),
    st.tuples(st.just("player"), st.sampled_from(PLAYER_METHODS), junk_values),
    st.tuples(st.just("describe"), junk_values),
    st.tuples(st.just("observe"), st.integers(-1, 8), junk_values),
    st.tuples(st.just("resample"), st.integers(0, 8), junk_seeds),
    st.just(("roundtrip",)),
    st.just(("clone",)),
)


def rejects(state, call, *args):
    """Asserts that `call(*args)` raises ValueError or TypeError with a message and changes nothing."""
    before = snapshot(state)
    try:
        call(*args)
    except (ValueError, TypeError) as error:
        assert str(error), f"{type(error).__name__} without a message"
    else:
        raise AssertionError(f"{getattr(call, '__name__', call)}{args!r} was accepted")
    assert snapshot(state) == before, "a rejected call changed the state"


def check_roundtrip(game, state):
    text = state.serialize()
    restored = game.deserialize_state(text)
    assert restored.serialize() == text
    assert str(restored) == str(state) and restored.history() == state.history()
    assert restored.legal_actions() == state.legal_actions()
    assert restored.current_player() == state.current_player()


def check_player_call(game, state, method, value):
    player = as_index(value)
    valid = player is not None and 0 <= player < game.num_players()
    if not valid:
        args = (value, 0) if method in ("resample_from_infostate", "observed_action") else (value,)
        rejects(state, getattr(state, method), *args)
        return
    if method == "information_state_string":
        assert isinstance(state.information_state_string(value), str)
    elif method == "observation_tensor":
        if game.observation_shape() is None:
            rejects(state, state.observation_tensor, value)
        else:
            assert state.observation_tensor(value).shape == tuple(game.observation_shape())
    elif method == "resample_from_infostate":
        world = state.resample_from_infostate(value, 7)
        assert world.information_state_string(player) == state.information_state_string(player)
    elif not state.is_terminal():
        assert isinstance(state.observed_action(value, state.legal_actions()[0]), (int, np.integer))


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
@FUZZ
@given(seed=st.integers(0, 2**32), start=st.integers(0, 400), script=st.lists(calls, min_size=1, max_size=30))
def test_random_calls_never_corrupt_a_state(config, seed, start, script):
    game = load(config)
    rng = random.Random(seed)
    state = play_random(game.new_initial_state(seed), rng, start)
    for call in script:
        kind, legal = call[0], state.legal_actions()
        if kind == "play":
            if state.is_terminal():
                rejects(state, state.apply_action, call[1] % 50)
            else:
                state.apply_action(legal[call[1] % len(legal)])
        elif kind in ("apply", "describe"):
            method = state.apply_action if kind == "apply" else state.action_to_string
            action = as_index(call[1])
            if action is not None and action in legal:
                result = method(call[1])
                if kind == "describe":
                    assert isinstance(result, str) and result
            else:
                rejects(state, method, call[1])
        elif kind == "player":
            check_player_call(game, state, call[1], call[2])
        elif kind == "observe":
            player, action = call[1], as_index(call[2])
            if 0 <= player < game.num_players() and action is not None and action in legal:
                assert isinstance(state.observed_action(player, call[2]), (int, np.integer))
            else:
                rejects(state, state.observed_action, player, call[2])
        elif kind == "resample":
            player, resample_seed = call[1], call[2]
            if player < game.num_players() and valid_seed(resample_seed):
                world = state.resample_from_infostate(player, resample_seed)
                assert world.information_state_string(player) == state.information_state_string(player)
                check_roundtrip(game, world)
            else:
                rejects(state, state.resample_from_infostate, player, resample_seed)
        elif kind == "roundtrip":
            check_roundtrip(game, state)
        else:
            before = snapshot(state)
            copy = state.clone()
            if not copy.is_terminal():
                copy.apply_action(copy.legal_actions()[-1])
            assert snapshot(state) == before, "changing a clone changed the original"
    check_roundtrip(game, state)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
@FUZZ
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 400), bad_seed=junk_values)
def test_new_initial_state_checks_its_seed(config, seed, plies, bad_seed):
    """new_initial_state and serialize agree for any valid seed; a bad seed is rejected."""
    game = load(config)
    state = play_random(game.new_initial_state(seed), random.Random(seed), plies)
    check_roundtrip(game, state)
    if valid_seed(bad_seed):
        check_roundtrip(game, game.new_initial_state(bad_seed))
    else:
        with pytest.raises((ValueError, TypeError), match="."):
            game.new_initial_state(bad_seed)


@pytest.mark.parametrize("name", ts.list_games())
@FUZZ
@given(
    params=st.dictionaries(
        st.sampled_from(["players", "max_rounds", "deck", "draw", "regions", "bogus", ""]), junk_values, max_size=2
    )
)
def test_load_game_accepts_valid_parameters_only(name, params):
    """Any parameters either load a game that plays, or raise ValueError/TypeError with a message."""
    try:
        game = ts.load_game(name, **params)
    except (ValueError, TypeError) as error:
        assert str(error)
        return
    state = play_random(game.new_initial_state(0), random.Random(0), 50)
    check_roundtrip(game, state)
