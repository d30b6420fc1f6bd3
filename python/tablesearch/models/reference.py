"""The networks' forward pass in NumPy: the definition the native one (cpp/nn/network.cc) is
tested against, and a reading aid for anyone writing weights from another framework."""

from __future__ import annotations

from typing import Any

import numpy as np


def forward(model: Any, observation: Any, mover: int) -> tuple[np.ndarray, np.ndarray]:
    """(logits, values) of one observation tensor read by `mover`, in float64."""
    t = {name: array.astype(np.float64) for name, array in model.tensors.items()}
    game = model.game
    players = game.num_players
    x = np.asarray(observation, dtype=np.float64).reshape(game.observation_shape)
    if model.architecture.kind == "mlp":
        h = np.concatenate([x.reshape(-1), np.eye(players)[mover]])
        for i in range(len(model.architecture.hidden)):
            h = relu(h @ t[f"hidden.{i}.weight"] + t[f"hidden.{i}.bias"])
        logits = h @ t["policy.weight"] + t["policy.bias"]
        raw = h @ t["value.weight"] + t["value.bias"]
    else:
        planes = x if x.ndim == 3 else x[None]
        mover_planes = np.zeros((players, *planes.shape[1:]))
        mover_planes[mover] = 1.0
        h = relu(conv(np.concatenate([planes, mover_planes]), t["stem.weight"], t["stem.bias"]))
        for i in range(model.architecture.blocks):
            inner = relu(conv(h, t[f"block.{i}.conv1.weight"], t[f"block.{i}.conv1.bias"]))
            h = relu(h + conv(inner, t[f"block.{i}.conv2.weight"], t[f"block.{i}.conv2.bias"]))
        p = relu(conv(h, t["policy_conv.weight"], t["policy_conv.bias"]))
        logits = p.reshape(-1) @ t["policy.weight"] + t["policy.bias"]
        v = relu(conv(h, t["value_conv.weight"], t["value_conv.bias"]))
        v = relu(v.reshape(-1) @ t["value_hidden.weight"] + t["value_hidden.bias"])
        raw = v @ t["value.weight"] + t["value.bias"]
    low, high = game.utility
    return logits, low + (np.tanh(raw) + 1.0) * (high - low) / 2


def relu(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, 0.0)  # type: ignore[no-any-return]


def conv(x: np.ndarray, weight: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """A k x k convolution of [in, height, width] by weights [out, in, k, k], zero padded to keep the size."""
    k = weight.shape[-1]
    pad = (k - 1) // 2
    padded = np.pad(x, ((0, 0), (pad, pad), (pad, pad)))
    height, width = x.shape[1:]
    out = np.zeros((weight.shape[0], height, width)) + bias[:, None, None]
    for ky in range(k):
        for kx in range(k):
            window = padded[:, ky : ky + height, kx : kx + width]
            out += np.einsum("oi,ihw->ohw", weight[:, :, ky, kx], window)
    return out  # type: ignore[no-any-return]
