"""The native forward pass equals the NumPy definition (tablesearch.models.reference) to 1e-5, for
both architectures, on every kind of observation the shipped games write, for every mover."""

import random

import numpy as np
import pytest

import tablesearch as ts
from tablesearch.models import Model, reference

CASES = [
    ("tic_tac_toe", {}, "mlp", {"hidden": (32, 16)}),
    ("tic_tac_toe", {}, "resnet", {"channels": 8, "blocks": 2, "value_hidden": 8}),
    ("connect_four", {}, "mlp", {"hidden": (64, 64)}),
    ("connect_four", {}, "resnet", {"channels": 16, "blocks": 2, "value_hidden": 32}),
    ("wetland", {}, "resnet", {"channels": 8, "blocks": 1, "value_hidden": 16}),
    ("leduc_poker", {}, "mlp", {"hidden": (16,)}),  # a utility range of [-13, 13]
    ("gnomi", {"players": 3}, "mlp", {"hidden": (32,)}),
    ("gummiland", {}, "mlp", {"hidden": ()}),  # no hidden layer: the heads read the input
]


def random_biases(model, seed):
    """The same network with every bias drawn too (a fresh model's are zero)."""
    rng = np.random.default_rng(seed)
    tensors = {
        name: rng.normal(0, 0.5, array.shape) if name.endswith(".bias") else array
        for name, array in model.tensors.items()
    }
    return Model(model.game, model.architecture, tensors)


def visited_states(game, count, seed):
    rng = random.Random(seed)
    states = []
    while len(states) < count:
        state = game.new_initial_state(seed=rng.randrange(1000))
        while not state.is_terminal() and len(states) < count:
            if state.current_player() < 0:
                actions, weights = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, weights)[0])
                continue
            states.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return states


@pytest.mark.parametrize("name, params, architecture, sizes", CASES, ids=[f"{c[0]}-{c[2]}" for c in CASES])
def test_native_forward_equals_the_numpy_reference(name, params, architecture, sizes):
    game = ts.load_game(name, **params)
    model = random_biases(Model.for_game(game, architecture, seed=7, **sizes), seed=8)
    states = visited_states(game, 40, seed=9)
    for state in states:
        for mover in range(game.num_players()):  # every player's view, as a search may ask
            observation = np.asarray(state.observation_tensor(mover), dtype=np.float32)
            logits, values = model.forward(observation, [mover])
            want_logits, want_values = reference.forward(model, observation, mover)
            np.testing.assert_allclose(logits[0], want_logits, rtol=1e-5, atol=1e-5)
            np.testing.assert_allclose(values[0], want_values, rtol=1e-5, atol=1e-5)


def test_values_lie_on_the_utility_range_and_the_mover_matters():
    game = ts.load_game("leduc_poker")
    model = random_biases(Model.for_game(game, hidden=(8,), seed=1), seed=2)
    state = visited_states(game, 1, seed=0)[0]
    observation = np.asarray(state.observation_tensor(0))
    _, values = model.forward(np.stack([observation, observation]), [0, 1])
    assert np.all(values >= game.min_utility()) and np.all(values <= game.max_utility())
    assert not np.allclose(values[0], values[1])  # the one-hot of the mover reaches the output


def test_a_batch_equals_one_at_a_time():
    game = ts.load_game("connect_four")
    model = random_biases(Model.for_game(game, "resnet", channels=8, blocks=1, value_hidden=8), seed=3)
    states = visited_states(game, 16, seed=4)
    observations = np.stack([s.observation_tensor(s.current_player()) for s in states])
    movers = [s.current_player() for s in states]
    logits, values = model.forward(observations, movers)
    for i in range(len(states)):
        one_logits, one_values = model.forward(observations[i], [movers[i]])
        np.testing.assert_array_equal(logits[i], one_logits[0])
        np.testing.assert_array_equal(values[i], one_values[0])


def test_bad_forward_arguments_are_refused():
    model = Model.for_game(ts.load_game("tic_tac_toe"), hidden=(4,))
    with pytest.raises(ValueError, match="mover 2 is not a player of 2"):
        model.forward(np.zeros(27), [2])
    with pytest.raises(ValueError, match="cannot reshape|observations of shape"):
        model.forward(np.zeros(26), [0])
