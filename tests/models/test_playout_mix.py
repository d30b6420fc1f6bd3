"""playout_mix: a model's leaf value mixed with a native playout's (search/mixed_evaluator.h)."""

import numpy as np
import pytest

import tablesearch as ts
from helpers.constant_models import constant_model
from tablesearch import mcts
from tablesearch.models import Model

DRAWN = [8, 0, 1, 7, 5, 2, 6]
"""Tic-tac-toe with two empty cells, where neither move ends the game and every finish is a draw."""


def drawn_position():
    state = ts.load_game("tic_tac_toe").new_initial_state()
    for action in DRAWN:
        state.apply_action(action)
    return state


@pytest.mark.parametrize("algorithm", ["puct", "uct", "ismcts", "ismcts-puct"])
@pytest.mark.parametrize("mix", [0.0, 0.5, 1.0])
def test_a_leaf_is_worth_the_mix_of_network_and_playout(algorithm, mix):
    """The network says +0.25 for player 0 at every leaf, every playout ends in a draw (0): two
    iterations value each leaf at (1 - mix) * 0.25."""
    state = drawn_position()
    model = constant_model(state.get_game(), 0.25)
    result = mcts.search(state, iterations=2, seed=1, algorithm=algorithm, evaluator=model, playout_mix=mix)
    np.testing.assert_allclose(result.root_values, [(1 - mix) * 0.25, -(1 - mix) * 0.25], atol=1e-6)


def test_batched_leaves_are_mixed_too():
    state = drawn_position()
    model = constant_model(state.get_game(), 0.25)
    model.batch_size = 2  # the root, then both children in one batch
    result = mcts.search(state, iterations=3, seed=1, algorithm="puct", evaluator=model, playout_mix=0.5)
    assert [(s.visits, s.value) for s in result.stats] == [(1, pytest.approx(-0.125, abs=1e-6))] * 2


def test_the_same_seed_gives_the_same_search_with_game_tuned_playouts():
    """Gnomi's default playouts (MAST's, fed the search's iterations through the guide) under the
    mix: the same seed gives the same search, and the mix changes it."""
    game = ts.load_game("gnomi", players=2)
    state = game.new_initial_state(seed=0)
    while state.current_player() < 0:
        state.apply_action(state.chance_outcomes()[0][0])
    model = Model.for_game(game, hidden=(8,), seed=1)
    first = mcts.search(state, iterations=300, seed=3, evaluator=model, playout_mix=0.5)
    again = mcts.search(state, iterations=300, seed=3, evaluator=model, playout_mix=0.5)
    assert first.stats == again.stats
    assert first.stats != mcts.search(state, iterations=300, seed=3, evaluator=model).stats


class ZeroEvaluator:
    def evaluate(self, state):
        return [0.0, 0.0]


def test_the_mix_needs_a_model():
    state = drawn_position()
    with pytest.raises(ValueError, match="playout_mix mixes playouts into a model's values: give a model"):
        mcts.search(state, iterations=10, playout_mix=0.5)
    with pytest.raises(ValueError, match="this evaluator is not a model"):
        mcts.search(state, iterations=10, playout_mix=0.5, evaluator=ZeroEvaluator())


def test_a_mix_outside_zero_to_one_is_refused_naming_the_range():
    state = drawn_position()
    model = constant_model(state.get_game(), 0.25)
    with pytest.raises(ValueError, match=r"playout_mix must be a finite number in \[0, 1\], got 1\.5"):
        mcts.search(state, iterations=10, evaluator=model, playout_mix=1.5)


def test_gummiland_mixes_playouts_into_its_model_at_3_and_4_players_only():
    """The game's default (measured: docs/training.md) applies with a model; a search without one
    has no network to mix with, and 2 players keep the network alone."""
    for players, mix in ((2, 0.0), (3, 0.5), (4, 0.8)):
        game = ts.load_game("gummiland", players=players)
        state = game.new_initial_state(seed=0)
        while state.current_player() < 0:
            state.apply_action(state.chance_outcomes()[0][0])
        model = Model.for_game(game, hidden=(8,), seed=1)
        default = mcts.search(state, iterations=60, seed=2, evaluator=model)
        assert default.stats == mcts.search(state, iterations=60, seed=2, evaluator=model, playout_mix=mix).stats
        if mix:
            assert default.stats != mcts.search(state, iterations=60, seed=2, evaluator=model, playout_mix=0).stats
        assert mcts.search(state, iterations=60, seed=2).iterations == 60  # no model: nothing to mix, no error
