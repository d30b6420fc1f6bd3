"""The JAX network is the model file's network (tablesearch.models.reference.forward, which the
native search matches) to 1e-5, and the learner's steps lower the loss and survive a save."""

import numpy as np
import pytest

pytest.importorskip("jax")
pytest.importorskip("optax")

import jax.numpy as jnp  # noqa: E402

import tablesearch as ts  # noqa: E402
from tablesearch.models import Model, reference  # noqa: E402
from tablesearch.training.learner import Learner  # noqa: E402
from tablesearch.training.network import Network, params_of  # noqa: E402
from tablesearch.training.replay_buffer import Positions  # noqa: E402


@pytest.mark.parametrize(
    "name, params, architecture, sizes",
    [
        ("tic_tac_toe", {}, "mlp", {"hidden": (16, 8)}),
        ("leduc_poker", {"players": 3}, "mlp", {"hidden": (12,)}),  # 3 players, a value each
        ("connect_four", {}, "resnet", {"channels": 8, "blocks": 2, "value_hidden": 16}),
        ("wetland", {}, "resnet", {"channels": 4, "blocks": 1, "value_hidden": 8}),
    ],
)
def test_jax_forward_equals_the_reference(name, params, architecture, sizes):
    game = ts.load_game(name, **params)
    model = Model.for_game(game, architecture, seed=3, **sizes)
    rng = np.random.default_rng(0)
    observations = rng.standard_normal((6, *game.observation_shape())).astype(np.float32)
    movers = rng.integers(0, game.num_players(), 6)
    network = Network(model)
    logits, raw = network.forward(params_of(model), jnp.asarray(observations), jnp.asarray(movers))
    values = network.values(raw)
    for i in range(6):
        want_logits, want_values = reference.forward(model, observations[i], int(movers[i]))
        np.testing.assert_allclose(np.asarray(logits[i]), want_logits, atol=1e-5)
        np.testing.assert_allclose(np.asarray(values[i]), want_values, atol=1e-5)


def batch_of(game, size, seed):
    """A fixed batch: random observations, a one-hot policy on a legal action, random outcomes."""
    rng = np.random.default_rng(seed)
    actions = game.num_distinct_actions()
    legal = rng.random((size, actions)) < 0.6
    legal[np.arange(size), rng.integers(0, actions, size)] = True
    policies = np.zeros((size, actions), np.float32)
    for row in range(size):
        policies[row, rng.choice(np.flatnonzero(legal[row]))] = 1.0
    return Positions(
        observations=rng.standard_normal((size, int(np.prod(game.observation_shape())))).astype(np.float32),
        movers=rng.integers(0, game.num_players(), size).astype(np.int32),
        policies=policies,
        legal=legal,
        values=rng.choice([-1.0, 1.0], (size, game.num_players())).astype(np.float32),
    )


def test_updates_lower_the_loss_and_the_optimiser_state_round_trips():
    game = ts.load_game("tic_tac_toe")
    model = Model.for_game(game, hidden=(32,), seed=0)
    batch = batch_of(game, 64, seed=1)
    learner = Learner(model, learning_rate=1e-2, weight_decay=0.0)
    first = sum(learner.update(batch))
    for _ in range(100):
        last = sum(learner.update(batch))
    assert last < 0.5 * first  # a batch it sees 100 times is learned: the gradients flow
    # Saved and restored as arrays, the state continues exactly where it was.
    saved_model, saved_state = learner.model({}), learner.state_arrays()
    again = Learner(model, learning_rate=1e-2, weight_decay=0.0)
    again.restore(saved_model, saved_state)
    assert learner.update(batch) == again.update(batch)
    for name in learner.params:
        np.testing.assert_array_equal(np.asarray(learner.params[name]), np.asarray(again.params[name]))


def test_an_optimiser_state_of_another_network_is_refused():
    game = ts.load_game("tic_tac_toe")
    small = Learner(Model.for_game(game, hidden=(8,)), 1e-3, 0.0)
    large = Learner(Model.for_game(game, hidden=(16,)), 1e-3, 0.0)
    with pytest.raises(ValueError, match="optimiser state does not fit"):
        large.restore(large.model({}), small.state_arrays())


def test_illegal_actions_take_no_policy_mass():
    """The policy loss reads the logits of legal actions only: raising an illegal action's logit
    changes nothing."""
    game = ts.load_game("tic_tac_toe")
    model = Model.for_game(game, hidden=(8,), seed=0)
    learner = Learner(model, 1e-3, 0.0)
    batch = batch_of(game, 16, seed=2)
    arrays = {k: jnp.asarray(v) for k, v in batch.arrays().items()}
    params = dict(learner.params)
    before = float(learner.loss(params, arrays)[1][0])
    illegal = np.flatnonzero(~batch.legal.all(axis=0))
    params["policy.bias"] = params["policy.bias"].at[illegal].add(50.0)
    assert float(learner.loss(params, arrays)[1][0]) == pytest.approx(before, rel=1e-6)


def test_the_loss_is_the_alphazero_loss_written_out():
    """optax's cross-entropy and squared error give the loss the learner had by hand, on a fixed
    batch with policies spread over the legal actions: -mean(sum(pi log softmax(legal logits)))
    and mean((tanh(raw) - z)^2), here in float64 NumPy from the same network outputs."""
    game = ts.load_game("connect_four")
    model = Model.for_game(game, hidden=(16,), seed=5)
    learner = Learner(model, 1e-3, 0.0)
    batch = batch_of(game, 32, seed=6)
    spread = np.random.default_rng(7).random(batch.policies.shape) * batch.legal
    batch.policies = (spread / spread.sum(axis=1, keepdims=True)).astype(np.float32)
    arrays = {k: jnp.asarray(v) for k, v in batch.arrays().items()}
    total, (policy_loss, value_loss) = learner.loss(learner.params, arrays)
    logits, raw = (
        np.asarray(a, np.float64)
        for a in learner.network.forward(learner.params, arrays["observations"], arrays["movers"])
    )
    legal_logits = np.where(batch.legal, logits, -np.inf)
    top = legal_logits.max(axis=1, keepdims=True)
    log_policy = legal_logits - top - np.log(np.exp(legal_logits - top).sum(axis=1, keepdims=True))
    want_policy = -np.mean(np.sum(np.where(batch.legal, batch.policies * log_policy, 0.0), axis=1))
    want_value = np.mean((np.tanh(raw) - batch.values) ** 2)
    assert float(policy_loss) == pytest.approx(want_policy, rel=1e-5)
    assert float(value_loss) == pytest.approx(want_value, rel=1e-5)
    assert float(total) == pytest.approx(want_policy + want_value, rel=1e-5)
