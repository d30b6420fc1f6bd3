"""The networks, defined once over the array API: NumPy runs this definition as the reference that
the native forward pass (cpp/nn/network.cc) is tested against, and JAX runs it to train
(tablesearch.training.network). Only the convolution differs between the two, so it is passed in.

Tensor names and shapes are the model file's (`Model.layout`): dense weights [in, out],
convolution weights [out, in, k, k]. The value head's raw output goes through tanh into [-1, 1],
the network's unit range, which `from_unit` maps onto the game's utility range (and `to_unit` back,
for training targets).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Callable

Conv = Callable[[Any, Any, Any], Any]
"""conv(x [batch, in, height, width], weight [out, in, k, k], bias [out]) -> [batch, out, height, width],
zero padded to keep the size."""


@dataclass(frozen=True)
class Shape:
    """What the forward pass needs to know of a model besides its tensors."""

    kind: str  # "mlp" or "resnet"
    layers: int  # mlp: hidden layers
    blocks: int  # resnet: residual blocks
    players: int
    observation_shape: tuple[int, ...]

    @classmethod
    def of(cls, model: Any) -> Shape:
        architecture = model.architecture
        return cls(
            architecture.kind,
            len(architecture.hidden),
            architecture.blocks,
            model.game.num_players,
            tuple(model.game.observation_shape),
        )


def forward(
    xp: Any, conv: Conv, params: dict[str, Any], observations: Any, movers: Any, shape: Shape
) -> tuple[Any, Any]:
    """(logits [batch, actions], raw values [batch, players], before their tanh) of a batch of
    observation tensors, each read by its mover; `xp` is the array namespace (numpy or jax.numpy)."""
    batch = observations.shape[0]
    mover = xp.eye(shape.players, dtype=observations.dtype)[movers]
    if shape.kind == "mlp":
        h = xp.concatenate([observations.reshape(batch, -1), mover], axis=1)
        for i in range(shape.layers):
            h = _relu(xp, h @ params[f"hidden.{i}.weight"] + params[f"hidden.{i}.bias"])
        return h @ params["policy.weight"] + params["policy.bias"], h @ params["value.weight"] + params["value.bias"]
    height, width = shape.observation_shape[-2:]
    planes = observations.reshape(batch, -1, height, width)
    mover_planes = xp.broadcast_to(mover[:, :, None, None], (batch, shape.players, height, width))

    def layer(x: Any, name: str) -> Any:
        return conv(x, params[f"{name}.weight"], params[f"{name}.bias"])

    h = _relu(xp, layer(xp.concatenate([planes, mover_planes], axis=1), "stem"))
    for i in range(shape.blocks):
        inner = _relu(xp, layer(h, f"block.{i}.conv1"))
        h = _relu(xp, h + layer(inner, f"block.{i}.conv2"))
    p = _relu(xp, layer(h, "policy_conv")).reshape(batch, -1)
    logits = p @ params["policy.weight"] + params["policy.bias"]
    v = _relu(xp, layer(h, "value_conv")).reshape(batch, -1)
    v = _relu(xp, v @ params["value_hidden.weight"] + params["value_hidden.bias"])
    return logits, v @ params["value.weight"] + params["value.bias"]


def from_unit(unit: Any, utility: Sequence[float]) -> Any:
    """Values in the network's unit range [-1, 1] (tanh of the raw value) on the game's utility range."""
    low, high = utility
    return low + (unit + 1.0) * (high - low) / 2


def to_unit(values: Any, utility: Sequence[float]) -> Any:
    """Values (an array) on the game's utility range in the network's unit range [-1, 1] (training targets)."""
    low, high = utility
    return 2.0 * (values - low) / (high - low) - 1.0


def _relu(xp: Any, x: Any) -> Any:
    return xp.maximum(x, 0.0)
