"""The left-right mirror of a board, to double what each self-play position teaches.

A game whose rules do not change when its board is mirrored gives a
second training position for free from every one: the observation planes flipped left-right and
the policy read through the mirrored actions. Training batches take the mirror of a random half of
their positions, so the network learns both sides of the board from one side's games.

A game says so in its extras (``MIRROR``, `tablesearch.games.extras`), with how its actions follow
the board: one action per column, or one per cell row by row. The observation must be planes of the
board ([planes, height, width]) and the action count must fit that layout, so a game with other
parameters gets no mirror rather than a wrong one (tests/training/test_symmetry.py plays random
games to check that each mirror is the game's own).
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from tablesearch.games.extras import game_extras
from tablesearch.training.replay_buffer import Batch


class Mirror:
    """mirror(batch, rng): the batch with a random half of its positions mirrored left-right."""

    def __init__(self, shape: tuple[int, ...], actions: np.ndarray) -> None:
        self.shape = shape
        self.actions = actions  # actions[a]: the action a becomes on the mirrored board

    def positions(self, batch: Batch) -> Batch:
        """Every position of `batch` mirrored."""
        count = len(batch)
        observations = batch.observations.reshape(count, *self.shape)[..., ::-1].reshape(count, -1)
        inverse = np.argsort(self.actions)
        return Batch(
            observations=np.ascontiguousarray(observations),
            movers=batch.movers,
            policies=batch.policies[:, inverse],
            legal=batch.legal[:, inverse],
            values=batch.values,
        )

    def __call__(self, batch: Batch, rng: np.random.Generator) -> Batch:
        flip = rng.random(len(batch)) < 0.5
        mirrored = self.positions(batch)

        def pick(name: str) -> np.ndarray:
            return np.asarray(np.where(flip[:, None], getattr(mirrored, name), getattr(batch, name)))

        return Batch(pick("observations"), batch.movers, pick("policies"), pick("legal"), batch.values)


def mirror_of(name: str, game: Any) -> Optional[Mirror]:
    """The mirror of the game registered as `name` (with its parameters), or None if it has none."""
    layout = game_extras(name).mirror
    shape = tuple(game.observation_shape())
    if not layout or len(shape) != 3:
        return None
    height, width = shape[1:]
    actions = game.num_distinct_actions()
    if layout == "columns" and actions == width:
        return Mirror(shape, np.arange(width)[::-1].copy())
    if layout == "cells" and actions == height * width:
        cells = np.arange(height * width).reshape(height, width)
        return Mirror(shape, cells[:, ::-1].reshape(-1).copy())
    return None
