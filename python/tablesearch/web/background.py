"""The web app served from a background thread of this process, on 127.0.0.1 and a free port:
for tests and for scripts that take screenshots (they can also reach the sessions it holds)."""

from __future__ import annotations

import threading
import time
from typing import Any, Optional


class BackgroundServer:
    """``with BackgroundServer() as server: server.url, server.page(path), server.sessions``.

    `server.url` is the bare address; `server.page("/?session=ID")` the same page with the
    token a browser needs the first time; `server.headers` what a script sends instead."""

    def __init__(self, default_game: Optional[str] = None, start: Optional[Any] = None, settings: Any = None) -> None:
        import uvicorn

        from tablesearch.web.app import create_app
        from tablesearch.web.settings import ServerSettings

        self.settings = settings or ServerSettings()
        self.sessions: dict[str, Any] = {}
        start_id = None
        if start is not None:
            self.sessions[start.id] = start
            start_id = start.id
        config = uvicorn.Config(
            create_app(default_game, self.sessions, start_id, self.settings),
            host="127.0.0.1",
            port=0,
            log_level="warning",
            ws="auto",
            ws_max_size=self.settings.limits.body_bytes,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.url = ""

    @property
    def headers(self) -> dict[str, str]:
        return {"x-tablesearch-token": self.settings.token}

    def page(self, path: str = "/") -> str:
        """The address of a page with the token (the server sets its cookie and drops it)."""
        return f"{self.url}{path}{'&' if '?' in path else '?'}token={self.settings.token}"

    def __enter__(self) -> BackgroundServer:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the web server did not start")
            time.sleep(0.02)
        port = self.server.servers[0].sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"
        return self

    def __exit__(self, *exc: Any) -> None:
        for session in self.sessions.values():  # thread-safe: the searches' stop flags
            cancel = getattr(session, "cancel", None)
            if cancel is not None:
                cancel.set()
        self.server.should_exit = True
        self.thread.join(timeout=10)
