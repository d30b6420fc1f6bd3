"""A background web server for browser tests, and the JSON request that starts a session on it."""

from __future__ import annotations

import json
import urllib.request
from typing import Any


def background_server(**kwargs: Any) -> Any:
    # Imported here: the web extra is optional, and tests/web/conftest.py skips without it.
    from tablesearch.web.background import BackgroundServer

    return BackgroundServer(**kwargs)


def post_session(server: Any, body: dict) -> dict:
    """POST /api/sessions with the server's token; the session's JSON answer."""
    request = urllib.request.Request(
        server.url + "/api/sessions",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json", **server.headers},
    )
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())
