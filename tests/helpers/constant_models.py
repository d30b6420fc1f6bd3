"""Networks that ignore their input, so that a search's values are known exactly."""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from tablesearch.models import Model


def constant_model(game: Any, value0: float = 0.5, favourite: Optional[int] = None) -> Model:
    """A network that ignores its input: player 0's value is `value0` (the others' its negation
    for two players), and the policy prefers `favourite` strongly."""
    model = Model.for_game(game, hidden=(4,))
    tensors = {name: np.zeros_like(array) for name, array in model.tensors.items()}
    raw = np.arctanh(value0 / game.max_utility())
    tensors["value.bias"] = np.array([raw, -raw][: game.num_players()], dtype=np.float32)
    if favourite is not None:
        tensors["policy.bias"][favourite] = 8.0
    return Model(model.game, model.architecture, tensors)
