"""An agent for failure tests: plays random moves and raises on its CRASH_AT-th move in this
process (spec ``helpers.crash_agent:make``); ``ARMED = False`` turns the crash off."""

from __future__ import annotations

from typing import Any, Optional

from tablesearch.agents import RandomAgent

ARMED = True
CRASH_AT = 60
moves = 0


class CrashingAgent:
    def __init__(self, seed: Optional[int] = None) -> None:
        self.inner = RandomAgent(seed=seed)

    def step(self, state: Any) -> int:
        global moves
        moves += 1
        if ARMED and moves == CRASH_AT:
            raise RuntimeError("the agent's model file is corrupt")
        return self.inner.step(state)


def make(seed: Optional[int] = None) -> CrashingAgent:
    return CrashingAgent(seed)
