"""Training the network on batches of self-play positions: optax's AdamW on the AlphaZero loss.

Loss per position: the cross-entropy between the search's visit distribution at the root and the
network's policy (its logits restricted to the legal actions), plus the squared error between
tanh(raw value) and the final returns scaled to [-1, 1] by the game's utility range, averaged over
the players. Weight decay is AdamW's.

The optimiser state is saved as plain arrays (its leaves, in order) and rebuilt on the structure
of a fresh state, so a checkpoint never pickles anything.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import optax

from tablesearch.models import Model
from tablesearch.training.network import Network, model_of, params_of
from tablesearch.training.replay_buffer import Batch


class Learner:
    """The network's parameters and optimiser state, updated one batch at a time."""

    def __init__(self, model: Model, learning_rate: float, weight_decay: float) -> None:
        self.template = model
        self.network = Network(model)
        self.optimizer = optax.adamw(learning_rate, weight_decay=weight_decay)
        self.params = params_of(model)
        self.opt_state = self.optimizer.init(self.params)
        self._update = jax.jit(self._step)

    def loss(self, params: dict[str, Any], batch: dict[str, Any]) -> tuple[Any, tuple[Any, Any]]:
        logits, raw = self.network.forward(params, batch["observations"], batch["movers"])
        policy_loss = jnp.mean(optax.softmax_cross_entropy(jnp.where(batch["legal"], logits, -1e9), batch["policies"]))
        value_loss = jnp.mean(optax.squared_error(jnp.tanh(raw), batch["values"]))
        return policy_loss + value_loss, (policy_loss, value_loss)

    def _step(self, params: Any, opt_state: Any, batch: dict[str, Any]) -> tuple[Any, Any, Any, Any]:
        (_, (policy_loss, value_loss)), grads = jax.value_and_grad(self.loss, has_aux=True)(params, batch)
        updates, opt_state = self.optimizer.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, policy_loss, value_loss

    def update(self, batch: Batch) -> tuple[float, float]:
        """One optimiser step on `batch`; returns its (policy loss, value loss) before the step."""
        arrays = {
            "observations": jnp.asarray(batch.observations),
            "movers": jnp.asarray(batch.movers),
            "policies": jnp.asarray(batch.policies),
            "legal": jnp.asarray(batch.legal),
            "values": jnp.asarray(batch.values),
        }
        self.params, self.opt_state, policy_loss, value_loss = self._update(self.params, self.opt_state, arrays)
        return float(policy_loss), float(value_loss)

    def model(self, metadata: dict[str, Any]) -> Model:
        return model_of(self.template, self.params, metadata)

    def state_arrays(self) -> dict[str, np.ndarray]:
        """The optimiser state as {"opt.<i>": array}, its leaves in order."""
        return {f"opt.{i}": np.asarray(leaf) for i, leaf in enumerate(jax.tree_util.tree_leaves(self.opt_state))}

    def restore(self, model: Model, arrays: dict[str, np.ndarray]) -> None:
        """Takes the parameters of `model` and the optimiser state saved by `state_arrays`.
        Raises ValueError if the saved state does not fit this optimiser and network."""
        self.params = params_of(model)
        fresh = self.optimizer.init(self.params)
        leaves, structure = jax.tree_util.tree_flatten(fresh)
        saved = [arrays.get(f"opt.{i}") for i in range(len(leaves))]
        if len(arrays) != len(leaves) or any(s is None or np.shape(s) != np.shape(f) for s, f in zip(saved, leaves)):
            raise ValueError("the checkpoint's optimiser state does not fit this network and optimiser")
        restored = [jnp.asarray(s, dtype=jnp.asarray(f).dtype) for s, f in zip(saved, leaves)]
        self.opt_state = jax.tree_util.tree_unflatten(structure, restored)
