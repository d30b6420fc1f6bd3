"""Agents: any object with ``step(state) -> action`` plays."""
from __future__ import annotations

import random
from typing import Any, Optional

from tablesearch.mcts import Agent as MCTSAgent

__all__ = ["MCTSAgent", "RandomAgent"]


class RandomAgent:
    """Plays a uniformly random legal action; seeded, so games replay exactly."""

    def __init__(self, seed: Optional[int] = None) -> None:
        self._rng = random.Random(seed)

    def step(self, state: Any) -> int:
        actions = state.legal_actions()
        if not actions:
            raise ValueError("no legal actions: the game is over")
        return actions[self._rng.randrange(len(actions))]

    def __repr__(self) -> str:
        return "RandomAgent()"
