"""The mirror of a training position is the position the game gives on the mirrored board, and
only games whose rules allow it get one."""

import numpy as np
import pytest

import tablesearch as ts
from tablesearch.training.replay_buffer import Positions
from tablesearch.training.symmetry import mirror_of


def positions_of(game, states):
    """The positions of `states` with their legal actions as the policy (an action-indexed row)."""
    rows = []
    for state in states:
        legal = np.zeros(game.num_distinct_actions(), np.bool_)
        legal[state.legal_actions()] = True
        rows.append((np.asarray(state.observation_tensor(state.current_player()), np.float32).reshape(-1), legal))
    return Positions(
        observations=np.stack([o for o, _ in rows]),
        movers=np.zeros(len(rows), np.int32),
        policies=np.stack([legal / legal.sum() for _, legal in rows]).astype(np.float32),
        legal=np.stack([legal for _, legal in rows]),
        values=np.zeros((len(rows), 2), np.float32),
    )


@pytest.mark.parametrize("name", ["connect_four", "tic_tac_toe"])
def test_the_mirror_of_a_position_is_the_mirrored_game(name):
    """Random games and their mirror images, move by move: the mirrored positions of one are the
    positions of the other (observations, legal actions, the policy over them)."""
    game = ts.load_game(name)
    mirror = mirror_of(name, game)
    rng = np.random.default_rng(0)
    states, mirrored_states = [], []
    for _ in range(20):
        state, mirrored = game.new_initial_state(), game.new_initial_state()
        while not state.is_terminal():
            states.append(state.clone())
            mirrored_states.append(mirrored.clone())
            action = int(rng.choice(state.legal_actions()))
            state.apply_action(action)
            mirrored.apply_action(int(mirror.actions[action]))
        assert mirrored.returns() == state.returns()
    ours, theirs = mirror.positions(positions_of(game, states)), positions_of(game, mirrored_states)
    for field in ("observations", "policies", "legal"):
        assert np.array_equal(getattr(ours, field), getattr(theirs, field)), field


def test_a_batch_mirrors_about_half_its_positions_and_keeps_its_targets():
    game = ts.load_game("connect_four")
    mirror = mirror_of("connect_four", game)
    state = game.new_initial_state()
    state.apply_action(0)
    batch = positions_of(game, [state] * 400)
    out = mirror(batch, np.random.default_rng(1))
    flipped = (out.observations != batch.observations).any(axis=1)
    assert 150 < flipped.sum() < 250
    assert np.array_equal(out.observations[flipped], mirror.positions(batch).observations[flipped])
    assert np.array_equal(out.values, batch.values) and np.array_equal(out.movers, batch.movers)


def test_games_without_a_declared_mirror_get_none():
    assert mirror_of("leduc_poker", ts.load_game("leduc_poker")) is None
    assert mirror_of("wetland", ts.load_game("wetland")) is None
