"""Self-play positions: what the network learns from, and the replay buffer that keeps the latest.

A position is the observation tensor of the player to move (flattened), that player, the search's
visit distribution over the game's distinct actions, which actions were legal, and the game's
final returns scaled to [-1, 1] (one per player).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

import numpy as np

FIELDS = ("observations", "movers", "policies", "legal", "values")
DTYPES = {
    "observations": np.float32,
    "movers": np.int32,
    "policies": np.float32,
    "legal": np.bool_,
    "values": np.float32,
}

MAX_OBSERVATION = 1e6  # no game's observation tensor holds a larger number; a larger one is damage


@dataclass
class Positions:
    """Positions as arrays of equal length (one row per position)."""

    observations: np.ndarray  # [n, observation size]
    movers: np.ndarray  # [n]
    policies: np.ndarray  # [n, distinct actions], rows sum to 1
    legal: np.ndarray  # [n, distinct actions]
    values: np.ndarray  # [n, players], in [-1, 1]

    def __len__(self) -> int:
        return int(self.movers.shape[0])

    @classmethod
    def empty(cls, observation_size: int, num_actions: int, num_players: int) -> Positions:
        widths = {
            "observations": observation_size,
            "policies": num_actions,
            "legal": num_actions,
            "values": num_players,
        }
        return cls(
            **{name: np.zeros((0, *((widths[name],) if name in widths else ())), DTYPES[name]) for name in FIELDS}
        )

    @classmethod
    def concatenate(cls, parts: list[Positions]) -> Positions:
        return cls(**{name: np.concatenate([getattr(p, name) for p in parts]) for name in FIELDS})

    @classmethod
    def from_arrays(cls, arrays: Any, prefix: str = "") -> Positions:
        """Positions from arrays named FIELDS (with `prefix`), as a checkpoint stores them; ValueError
        if any is missing or their lengths or types differ."""
        try:
            values = {name: np.asarray(arrays[prefix + name]) for name in FIELDS}
        except KeyError as error:
            raise ValueError(f"saved positions lack the array {error.args[0]!r}") from None
        lengths = {v.shape[0] if v.ndim else -1 for v in values.values()}
        if len(lengths) != 1 or -1 in lengths or any(values[n].dtype != DTYPES[n] for n in FIELDS):
            raise ValueError("saved positions have arrays of different lengths or types")
        return cls(**values)

    def check_like(self, empty: Positions) -> Positions:
        """These positions, if they are of `empty`'s game (the same widths, movers among its
        players, finite targets); else ValueError naming what differs."""
        for name in FIELDS:
            mine, theirs = getattr(self, name).shape[1:], getattr(empty, name).shape[1:]
            if mine != theirs:
                raise ValueError(f"saved {name} have rows of shape {mine}; this run's are {theirs}")
        players = empty.values.shape[1]
        if len(self) and not (0 <= self.movers.min() and self.movers.max() < players):
            raise ValueError(f"saved movers must be players 0..{players - 1}")
        if not all(np.isfinite(getattr(self, name)).all() for name in ("observations", "policies", "values")):
            raise ValueError("saved positions hold values that are not finite")
        if len(self) and not (np.abs(self.values).max() <= 1 and np.abs(self.observations).max() <= MAX_OBSERVATION):
            raise ValueError(
                f"saved value targets must lie in [-1, 1] and observations in [-{MAX_OBSERVATION:g}, "
                f"{MAX_OBSERVATION:g}]"
            )
        sums = self.policies.sum(axis=1, dtype=np.float64)
        if len(self) and not (self.policies.min() >= 0 and np.abs(sums - 1).max() <= 1e-3):
            raise ValueError("saved policy targets must be distributions (shares >= 0 that add up to 1)")
        return self

    def arrays(self, prefix: str = "") -> dict[str, np.ndarray]:
        return {prefix + f.name: getattr(self, f.name) for f in fields(self)}

    def take(self, index: Any) -> Positions:
        return Positions(**{name: getattr(self, name)[index] for name in FIELDS})


Batch = Positions


class ReplayBuffer:
    """The latest `capacity` positions in a ring (as OpenSpiel's buffer): adding writes over the
    oldest in place, never copying the whole buffer.

    Batches are drawn uniformly with replacement, each index counted from the oldest position, so
    a draw does not depend on where the ring starts: a generator in the same state draws the same
    positions as from a list of them oldest first. A resumed run refills its ring from the saved
    steps (starting at slot 0) and draws the batches the uninterrupted run drew."""

    def __init__(self, capacity: int, initial: Positions) -> None:
        if capacity < 1:
            raise ValueError(f"a replay buffer holds at least one position; capacity {capacity!r}")
        self.capacity = capacity
        self._rows = Positions(
            **{name: np.zeros((capacity, *getattr(initial, name).shape[1:]), DTYPES[name]) for name in FIELDS}
        )
        self._start = 0  # the slot of the oldest position
        self._size = 0
        self.add(initial)

    def __len__(self) -> int:
        return self._size

    def add(self, new: Positions) -> None:
        """Appends `new`, dropping the oldest positions beyond the capacity."""
        new = new.take(slice(max(0, len(new) - self.capacity), None))
        slots = (self._start + self._size + np.arange(len(new))) % self.capacity
        for name in FIELDS:
            getattr(self._rows, name)[slots] = getattr(new, name)
        overflow = max(0, self._size + len(new) - self.capacity)
        self._start = (self._start + overflow) % self.capacity
        self._size = min(self.capacity, self._size + len(new))

    def sample(self, rng: np.random.Generator, size: int) -> Batch:
        """`size` positions drawn uniformly with replacement."""
        return self._rows.take((self._start + rng.integers(0, len(self), size)) % self.capacity)

    @property
    def positions(self) -> Positions:
        """The positions, oldest first (a copy)."""
        return self._rows.take((self._start + np.arange(self._size)) % self.capacity)
