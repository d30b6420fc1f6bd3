"""The generic suite every registered game must pass, with no game-specific code.

Each check plays seeded random games and tests invariants at every state visited."""

from __future__ import annotations

import json
import math
import random

import numpy as np
import pytest

import tablesearch as ts
from helpers.game_configs import CONFIGS, IDS, VARIANT_CONFIGS, VARIANT_IDS
from tablesearch import _core

GAMES_PER_CONFIG = 6
MAX_PLIES = 20_000  # far beyond any shipped game's cap; reaching it means a game does not end


def random_walk(game, seed):
    """Yields every state of one seeded random game, ending with the terminal one."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    for _ in range(MAX_PLIES):
        yield state
        if state.is_terminal():
            return
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, weights=probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    pytest.fail(f"{game} did not end within {MAX_PLIES} plies")


@pytest.fixture(params=CONFIGS + VARIANT_CONFIGS, ids=IDS + VARIANT_IDS)
def game(request):
    name, params = request.param
    return ts.load_game(name, **params)


def test_random_playouts_end_with_zero_sum_returns(game):
    for seed in range(GAMES_PER_CONFIG):
        for state in random_walk(game, seed):
            returns = state.returns()
            assert len(returns) == game.num_players()
            if not state.is_terminal():
                assert returns == [0.0] * game.num_players(), "returns must be zero before the end"
        assert state.is_terminal() and state.current_player() == ts.TERMINAL
        assert math.isclose(sum(state.returns()), 0.0, abs_tol=1e-9), "returns must be zero-sum"


def test_legal_actions_sorted_unique_nonempty(game):
    for seed in range(GAMES_PER_CONFIG):
        for state in random_walk(game, seed):
            actions = state.legal_actions()
            if state.is_terminal():
                assert actions == []
                continue
            assert actions, "a non-terminal state must have legal actions"
            assert actions == sorted(set(actions)), "legal actions must be sorted and unique"
            assert len(actions) <= game.max_legal_actions()
            if not state.is_chance_node():
                assert 0 <= state.current_player() < game.num_players()
                assert all(0 <= a < game.num_distinct_actions() for a in actions)
                for a in actions:
                    assert state.action_to_string(a)


def test_illegal_actions_raise_and_leave_state_unchanged(game):
    for seed in range(2):
        for state in random_walk(game, seed):
            if state.is_terminal():
                with pytest.raises(ValueError):
                    state.apply_action(0)
                continue
            legal = set(state.legal_actions())
            before = state.serialize()
            illegal = [-1, 2**31, 2**62, max(legal) + 1] + [
                a for a in range(game.num_distinct_actions()) if a not in legal
            ][:3]
            for action in illegal:
                with pytest.raises(ValueError):
                    state.apply_action(action)
            for bad in ("1", None, 1.0, [1]):
                with pytest.raises(TypeError):
                    state.apply_action(bad)
            assert state.serialize() == before


def test_chance_outcomes_are_probabilities(game):
    seen_chance = False
    for seed in range(GAMES_PER_CONFIG):
        for state in random_walk(game, seed):
            if state.is_chance_node():
                seen_chance = True
                outcomes = state.chance_outcomes()
                assert [a for a, _ in outcomes] == state.legal_actions()
                assert all(p > 0 for _, p in outcomes)
                assert math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-9)
            else:
                assert state.chance_outcomes() == []
    if not game.has_chance():
        assert not seen_chance, "a game without chance reached a chance node"


def test_clone_is_independent(game):
    for seed in range(2):
        for state in random_walk(game, seed):
            if state.is_terminal():
                break
            copy = state.clone()
            text, history = str(state), state.history()
            copy.apply_action(copy.legal_actions()[0])
            assert str(state) == text and state.history() == history
            assert len(copy.history()) == len(history) + 1


def test_serialize_round_trips(game):
    for seed in range(3):
        for state in random_walk(game, seed):
            text = state.serialize()
            json.loads(text)
            restored = game.deserialize_state(text)
            assert restored.serialize() == text
            assert str(restored) == str(state)
            assert restored.history() == state.history()
            assert restored.legal_actions() == state.legal_actions()
            assert restored.current_player() == state.current_player()
            for p in range(game.num_players()):
                assert restored.information_state_string(p) == state.information_state_string(p)


def test_observation_tensor_has_fixed_shape(game):
    shape = game.observation_shape()
    if shape is None:
        pytest.skip(f"{game.name} declares no observation tensors")
    for state in random_walk(game, 0):
        for p in range(game.num_players()):
            obs = state.observation_tensor(p)
            assert isinstance(obs, np.ndarray) and obs.dtype == np.float32 and obs.shape == shape
            assert np.all(np.isfinite(obs))


def test_bad_player_indices_raise(game):
    state = game.new_initial_state(0)
    for bad in (-1, game.num_players(), 99, 2**40):
        with pytest.raises(ValueError):
            state.information_state_string(bad)
        with pytest.raises(ValueError):
            state.observation_tensor(bad)
        with pytest.raises(ValueError):
            state.resample_from_infostate(bad, 0)
    with pytest.raises(TypeError):
        state.information_state_string("0")


def test_resample_keeps_information_state(game):
    for seed in range(3):
        for ply, state in enumerate(random_walk(game, seed)):
            if ply % 3:
                continue
            for p in range(game.num_players()):
                for resample_seed in range(2):
                    world = state.resample_from_infostate(p, resample_seed)
                    assert world.information_state_string(p) == state.information_state_string(p)
                    assert world.current_player() == state.current_player()
                    if state.current_player() == p:
                        assert world.legal_actions() == state.legal_actions()
                    restored = game.deserialize_state(world.serialize())
                    assert restored.information_state_string(p) == state.information_state_string(p)


def test_random_games_keep_the_facts_the_game_declares(game):
    """Player counts that include this one; returns within the declared utility range, adding up
    to the declared sum; no more decisions than the declared length. Native games must declare a
    length (max_game_length in cpp/core/game.h): OpenSpiel interop needs it."""
    assert game.min_players() <= game.num_players() <= game.max_players()
    low, high, total, length = game.min_utility(), game.max_utility(), game.utility_sum(), game.max_game_length()
    assert low < high
    if game.name in _core.list_games():
        assert length is not None, f"{game.name} declares no max_game_length()"
    for seed in range(GAMES_PER_CONFIG):
        decisions = 0
        for state in random_walk(game, seed):
            decisions += not state.is_terminal() and not state.is_chance_node()
        assert low <= min(state.returns()) and max(state.returns()) <= high
        if total is not None:
            assert math.isclose(sum(state.returns()), total, abs_tol=1e-9)
        if length is not None:
            assert decisions <= length
