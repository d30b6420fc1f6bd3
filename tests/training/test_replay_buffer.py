"""The replay buffer is a ring: after any sequence of additions it holds the newest `capacity`
positions, oldest first, and a seeded draw picks the same positions as a buffer kept by
concatenation would (so a run's batches do not depend on where the ring starts)."""

import numpy as np
import pytest

from tablesearch.training.replay_buffer import Positions, ReplayBuffer


def numbered(count: int, first: int) -> Positions:
    ids = np.arange(first, first + count, dtype=np.float32)[:, None]
    return Positions(
        observations=ids * np.ones((1, 3), np.float32),
        movers=np.zeros(count, np.int32),
        policies=np.full((count, 2), 0.5, np.float32),
        legal=np.ones((count, 2), np.bool_),
        values=np.zeros((count, 2), np.float32),
    )


@pytest.mark.parametrize("capacity", [1, 5, 7, 50])
def test_the_ring_keeps_the_newest_oldest_first_and_draws_as_a_list_would(capacity):
    rng = np.random.default_rng(capacity)
    ring, kept, count = ReplayBuffer(capacity, numbered(3, 0)), list(range(3))[-capacity:], 3
    for step in range(30):
        added = int(rng.integers(0, 12))
        ring.add(numbered(added, count))
        kept = (kept + list(range(count, count + added)))[-capacity:]
        count += added
        assert ring.positions.observations[:, 0].tolist() == kept
        draws = np.random.default_rng(step).integers(0, len(kept), 9)
        assert ring.sample(np.random.default_rng(step), 9).observations[:, 0].tolist() == [kept[i] for i in draws]


def test_a_buffer_without_room_is_refused():
    with pytest.raises(ValueError, match="at least one position; capacity 0"):
        ReplayBuffer(0, numbered(0, 0))
