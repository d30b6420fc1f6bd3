"""The networks' forward pass in NumPy: the definition (tablesearch.models.definition) run with
NumPy in float64, which the native one (cpp/nn/network.cc) is tested against, and a reading aid
for anyone writing weights from another framework."""

from __future__ import annotations

from typing import Any

import numpy as np

from tablesearch.models.definition import Shape, from_unit
from tablesearch.models.definition import forward as forward_batch


def forward(model: Any, observation: Any, mover: int) -> tuple[np.ndarray, np.ndarray]:
    """(logits, values on the game's utility range) of one observation tensor read by `mover`, in float64."""
    params = {name: array.astype(np.float64) for name, array in model.tensors.items()}
    batch = np.asarray(observation, dtype=np.float64).reshape(1, *model.game.observation_shape)
    logits, raw = forward_batch(np, conv, params, batch, np.array([mover]), Shape.of(model))
    return logits[0], from_unit(np.tanh(raw[0]), model.game.utility)


def conv(x: np.ndarray, weight: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """A k x k convolution of [batch, in, height, width] by weights [out, in, k, k], zero padded to keep the size."""
    k = weight.shape[-1]
    pad = (k - 1) // 2
    padded = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    height, width = x.shape[2:]
    out = np.zeros((x.shape[0], weight.shape[0], height, width)) + bias[None, :, None, None]
    for ky in range(k):
        for kx in range(k):
            window = padded[:, :, ky : ky + height, kx : kx + width]
            out += np.einsum("oi,bihw->bohw", weight[:, :, ky, kx], window)
    return out  # type: ignore[no-any-return]
