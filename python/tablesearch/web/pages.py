"""The pages watching a session, and what every kind of session does with them.

A page is a `Watcher`: a seat (or None for a spectator), how to send it a message, how to close
it, and an outbox (web/outbox.py) that its own task empties, so that no page ever holds up the
game or the other pages. A page that takes no message for `Limits.send_seconds`, or lets too many
replies pile up, is dropped: its connection is closed in the background (never waited for) with a
close code and a reason that the page shows. A view that cannot be built at all (the game's code
raised) becomes an error message naming the failure, so a drawing never kills a session.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from tablesearch.web.outbox import Outbox
from tablesearch.web.settings import Limits

log = logging.getLogger("tablesearch.web")

Send = Callable[[dict[str, Any]], Awaitable[None]]
Close = Callable[[int, str], Awaitable[None]]  # (websocket close code, reason shown on the page)
DROPPED = 4008  # the close code of a page the server dropped (4000-4999: the application's own)
REASON_BYTES = 123  # the most a websocket close reason may hold


async def _no_close(code: int, reason: str) -> None:
    return None


@dataclass(eq=False)
class Watcher:
    """A page: its seat (None: a spectator), how to send it a message and how to close it.
    Messages wait in `outbox` for the page's own sending task (`Session.start_sending`)."""

    seat: Optional[int]
    send: Send
    close: Close = _no_close
    outbox: Outbox = field(default_factory=lambda: Outbox(Limits.queued_messages))
    task: Optional[asyncio.Task[None]] = None
    dropped: str = ""  # why the server dropped this page, once it has


class Session:
    """What both kinds of session share: an id, the watchers, sending, idleness."""

    kind = "session"

    def __init__(self, game: Any, limits: Limits) -> None:
        self.id = secrets.token_urlsafe(9)
        self.game = game
        self.limits = limits
        self.watchers: set[Watcher] = set()
        self.last_active = time.monotonic()
        self._closing: set[asyncio.Task[None]] = set()  # closes of dropped pages, never awaited

    def touch(self) -> None:
        self.last_active = time.monotonic()

    def idle_for(self) -> float:
        """Seconds since anything happened, or 0 while a page is connected."""
        return 0.0 if self.watchers else time.monotonic() - self.last_active

    def start_sending(self, watcher: Watcher) -> None:
        watcher.outbox.limit = self.limits.queued_messages
        watcher.task = asyncio.create_task(self._pump(watcher))

    async def _pump(self, watcher: Watcher) -> None:
        """Sends `watcher`'s messages in order; a page that does not take one in time is dropped."""
        seconds = self.limits.send_seconds
        while True:
            message = await watcher.outbox.get()
            try:
                await asyncio.wait_for(watcher.send(message), seconds)
            except asyncio.TimeoutError:
                self.drop(watcher, f"dropped: this page took no message for {seconds:g} s; reload it to go on")
                return
            except Exception as error:  # the connection is gone: nobody to tell
                self.drop(watcher, f"dropped: the connection broke ({type(error).__name__})")
                return

    async def send(self, watcher: Watcher, message: dict[str, Any]) -> None:
        """Queues `message` for `watcher`; never waits for the page (see web/outbox.py)."""
        if watcher not in self.watchers:
            return
        if not watcher.outbox.put(message):
            self.drop(watcher, f"dropped: this page left {self.limits.queued_messages} replies unread")

    def drop(self, watcher: Watcher, why: str) -> None:
        """Forgets `watcher` now and closes its connection in the background with `why`."""
        if watcher not in self.watchers:
            return
        log.info("session %s: %s", self.id, why)
        watcher.dropped = why
        self.detach(watcher)
        closing = asyncio.create_task(self._close_page(watcher, why))
        self._closing.add(closing)
        closing.add_done_callback(self._closing.discard)

    async def _close_page(self, watcher: Watcher, why: str) -> None:
        reason = why.encode()[:REASON_BYTES].decode(errors="ignore")
        with contextlib.suppress(Exception):  # a page that cannot even be closed is forgotten anyway
            await asyncio.wait_for(watcher.close(DROPPED, reason), self.limits.send_seconds)

    def safe_view(self, make: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        """make()'s view, or an error message naming why the view could not be built."""
        try:
            return make()
        except Exception as error:
            message = f"this game cannot be shown: {type(error).__name__}: {error}"[:300]
            log.warning("session %s: %s", self.id, message)
            return dict(type="error", message=message, fatal=True)

    async def broadcast(self) -> None:
        for watcher in list(self.watchers):
            await self.send(watcher, self.safe_view(lambda: self.view(watcher.seat)))  # noqa: B023 (called now)

    def close(self) -> None:
        """Forgets the session: stops its search and its pages' sending."""
        for watcher in list(self.watchers):
            if watcher.task is not None:
                watcher.task.cancel()
        self.watchers.clear()

    def view(self, seat: Optional[int]) -> dict[str, Any]:
        raise NotImplementedError

    def info(self) -> dict[str, Any]:
        raise NotImplementedError

    async def attach(self, watcher: Watcher) -> None:
        """A page opened: it gets its view now and every change from then on."""
        raise NotImplementedError

    def detach(self, watcher: Watcher) -> None:
        """A page closed (or its connection broke)."""
        raise NotImplementedError

    async def handle(self, watcher: Watcher, message: Any) -> None:
        """A message from a page; raises BadRequest with the reason for a bad one."""
        raise NotImplementedError
