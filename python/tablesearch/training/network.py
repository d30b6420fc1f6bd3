"""The model's network in JAX, for training: the definition (tablesearch.models.definition) the
NumPy reference and, through it, the native search run, here batched and differentiable.

Parameters are a dict {tensor name: jax array} with the model file's names and shapes, so a
trained network becomes a model file with ``Model.from_arrays`` and nothing is renamed.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from tablesearch.models import Model
from tablesearch.models.definition import Shape, forward, from_unit


class Network:
    """forward(params, observations, movers) -> (logits [B, actions], raw values [B, players]):
    the value before its tanh, which the model maps onto the game's utility range."""

    def __init__(self, model: Model) -> None:
        self.shape = Shape.of(model)
        self.utility = model.game.utility

    def forward(self, params: dict[str, Any], observations: Any, movers: Any) -> tuple[Any, Any]:
        return forward(jnp, _conv, params, observations, movers, self.shape)

    def values(self, raw: Any) -> Any:
        """Raw values mapped onto the game's utility range, as the model file's network does."""
        return from_unit(jnp.tanh(raw), self.utility)


def _conv(x: Any, weight: Any, bias: Any) -> Any:
    """A convolution over [batch, in, height, width] by weights [out, in, k, k], zero padded to keep the size."""
    out = jax.lax.conv_general_dilated(x, weight, (1, 1), "SAME", dimension_numbers=("NCHW", "OIHW", "NCHW"))
    return out + bias[None, :, None, None]


def params_of(model: Model) -> dict[str, Any]:
    """The model's tensors as JAX arrays (float32)."""
    return {name: jnp.asarray(array) for name, array in model.tensors.items()}


def model_of(template: Model, params: dict[str, Any], metadata: dict[str, Any]) -> Model:
    """A model of `template`'s game and architecture holding `params`."""
    arrays = {name: np.asarray(value, dtype=np.float32) for name, value in params.items()}
    return Model(template.game, template.architecture, arrays, metadata)
