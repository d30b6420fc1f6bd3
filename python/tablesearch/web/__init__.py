"""The local web app (``tablesearch serve``): play and watch games in a browser.

Needs the ``web`` extra (``pip install 'tablesearch[web]'``: Starlette and uvicorn). See
docs/web.md.
"""

from __future__ import annotations

from typing import Any, Optional

__all__ = ["serve"]


def serve(
    game: Optional[str] = None,
    host: str = "127.0.0.1",
    port: int = 8000,
    replay: Optional[str] = None,
    replay_id: Optional[str] = None,
    params: Optional[dict[str, Any]] = None,
    log_level: str = "info",
) -> None:
    """Serves the app until interrupted. With `replay` (a results file) and `replay_id`, the page
    opens that game. Raises ValueError for an unknown game, a bad replay or a missing extra."""
    try:
        import uvicorn
    except ImportError:
        raise ValueError("the web app needs its extra: pip install 'tablesearch[web]'") from None
    from tablesearch.web.app import create_app
    from tablesearch.web.sessions import BadRequest, ReplaySession, read_record

    sessions: dict[str, Any] = {}
    start = None
    if replay is not None:
        if replay_id is None:
            raise ValueError("--replay needs --id, the game's id in the results file (such as 3.1)")
        try:
            session = ReplaySession(read_record(replay, replay_id), params or {})
        except BadRequest as error:
            raise ValueError(str(error)) from None
        sessions[session.id] = session
        start = session.id
    app = create_app(game, sessions, start)
    where = f"http://{host}:{port}/" + (f"?session={start}" if start else "")
    print(f"tablesearch: serving on {where} (Ctrl-C stops)", flush=True)
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws="auto")
