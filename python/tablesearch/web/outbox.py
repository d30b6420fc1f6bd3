"""What waits to be sent to one page: the newest update of each kind, and every reply in order.

A page needs the game as it is now, not every step in between. A view carries everything a page
shows (the board, the log, which AI is searching and what the page may see of its search), so a
new view replaces every update still waiting for that page; a new search update or busy notice
replaces one of its own kind. A page that reads slowly therefore skips intermediate updates and
never falls further behind, however fast the game goes. Other messages (replies to the page's own
messages) are kept in order; a page that lets more than `limit` of them pile up is dropped.
"""

from __future__ import annotations

import asyncio
from typing import Any

# Message type -> the types still waiting that it makes stale.
SUPERSEDES: dict[str, frozenset[str]] = {
    "view": frozenset({"view", "thinking", "busy"}),
    "thinking": frozenset({"thinking"}),
    "busy": frozenset({"busy"}),
    "review": frozenset({"review"}),  # each tells the whole review so far (web/review.py)
}


class Outbox:
    """The messages waiting for one page, coalesced as the module says."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._waiting: list[dict[str, Any]] = []
        self._ready = asyncio.Event()

    def __len__(self) -> int:
        return len(self._waiting)

    def put(self, message: dict[str, Any]) -> bool:
        """Queues `message`; False (nothing queued) if `limit` messages are waiting already."""
        stale = SUPERSEDES.get(message.get("type", ""))
        if stale:
            self._waiting = [m for m in self._waiting if m.get("type") not in stale]
        if len(self._waiting) >= self.limit:
            return False
        self._waiting.append(message)
        self._ready.set()
        return True

    async def get(self) -> dict[str, Any]:
        """The oldest message still waiting (waits for one)."""
        while not self._waiting:
            self._ready.clear()
            await self._ready.wait()
        return self._waiting.pop(0)
