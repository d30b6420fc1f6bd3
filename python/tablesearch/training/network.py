"""The model's network in JAX, for training: the same function as
`tablesearch.models.reference.forward` (the definition the native search runs), batched.

Parameters are a dict {tensor name: jax array} with the model file's names and shapes, so a
trained network becomes a model file with ``Model.from_arrays`` and nothing is renamed.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from tablesearch.models import Model


class Network:
    """forward(params, observations, movers) -> (logits [B, actions], raw values [B, players]):
    the value before its tanh, which the model maps onto the game's utility range."""

    def __init__(self, model: Model) -> None:
        self.kind = model.architecture.kind
        self.layers = len(model.architecture.hidden)
        self.blocks = model.architecture.blocks
        self.players = model.game.num_players
        self.shape = tuple(model.game.observation_shape)
        self.utility = model.game.utility

    def forward(self, params: dict[str, Any], observations: Any, movers: Any) -> tuple[Any, Any]:
        batch = observations.shape[0]
        mover = jax.nn.one_hot(movers, self.players, dtype=jnp.float32)
        if self.kind == "mlp":
            h = jnp.concatenate([observations.reshape(batch, -1), mover], axis=1)
            for i in range(self.layers):
                h = jax.nn.relu(h @ params[f"hidden.{i}.weight"] + params[f"hidden.{i}.bias"])
            return h @ params["policy.weight"] + params["policy.bias"], h @ params["value.weight"] + params[
                "value.bias"
            ]
        height, width = self.shape[-2:]
        planes = observations.reshape(batch, -1, height, width)
        mover_planes = jnp.broadcast_to(mover[:, :, None, None], (batch, self.players, height, width))
        h = jax.nn.relu(_conv(jnp.concatenate([planes, mover_planes], axis=1), params, "stem"))
        for i in range(self.blocks):
            inner = jax.nn.relu(_conv(h, params, f"block.{i}.conv1"))
            h = jax.nn.relu(h + _conv(inner, params, f"block.{i}.conv2"))
        p = jax.nn.relu(_conv(h, params, "policy_conv")).reshape(batch, -1)
        logits = p @ params["policy.weight"] + params["policy.bias"]
        v = jax.nn.relu(_conv(h, params, "value_conv")).reshape(batch, -1)
        v = jax.nn.relu(v @ params["value_hidden.weight"] + params["value_hidden.bias"])
        return logits, v @ params["value.weight"] + params["value.bias"]

    def values(self, raw: Any) -> Any:
        """Raw values mapped onto the game's utility range, as the model file's network does."""
        low, high = self.utility
        return low + (jnp.tanh(raw) + 1.0) * (high - low) / 2


def _conv(x: Any, params: dict[str, Any], name: str) -> Any:
    """A convolution over [batch, in, height, width] by weights [out, in, k, k], zero padded to keep the size."""
    weight = params[f"{name}.weight"]
    out = jax.lax.conv_general_dilated(x, weight, (1, 1), "SAME", dimension_numbers=("NCHW", "OIHW", "NCHW"))
    return out + params[f"{name}.bias"][None, :, None, None]


def params_of(model: Model) -> dict[str, Any]:
    """The model's tensors as JAX arrays (float32)."""
    return {name: jnp.asarray(array) for name, array in model.tensors.items()}


def model_of(template: Model, params: dict[str, Any], metadata: dict[str, Any]) -> Model:
    """A model of `template`'s game and architecture holding `params`."""
    arrays = {name: np.asarray(value, dtype=np.float32) for name, value in params.items()}
    return Model(template.game, template.architecture, arrays, metadata)
