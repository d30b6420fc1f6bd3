"""The local web app (``tablesearch serve``): play and watch games in a browser.

Needs the ``web`` extra (``pip install ".[web]"`` in the clone: Starlette and uvicorn). See
docs/web.md, and docs/security.md for what the server trusts.
"""

from __future__ import annotations

import dataclasses
import os
import socket
from collections.abc import Mapping, Sequence
from typing import Any, Optional, Union

from tablesearch.extras import missing

__all__ = ["serve"]


def serve(
    game: Optional[str] = None,
    host: str = "127.0.0.1",
    port: int = 8000,
    replay: Optional[str] = None,
    replay_id: Optional[str] = None,
    params: Optional[dict[str, Any]] = None,
    log_level: str = "info",
    allow: Sequence[str] = (),
    max_seconds: Optional[float] = None,
    max_iterations: Optional[int] = None,
    record: Union[bool, str, os.PathLike[str]] = True,
    models: Optional[Mapping[str, Union[str, os.PathLike[str]]]] = None,
) -> None:
    """Serves the app until interrupted, printing its address with the secret token every page
    needs. With `replay` (a results file) and `replay_id`, the page opens that game.

    Pages may use registered games (native ones, and Python games registered before this call)
    and built-in agents; `allow` names ``module:factory`` plugin games or agents they may use
    too (imported now). `max_seconds` and `max_iterations` cap every search a page starts (per
    move). `record`: where finished games are recorded as results files, one per game (True: the
    user's data directory, web/records.py; False: nowhere). `models` {name: path}: model files
    that pages may use by name (``mcts:model=NAME``; read now). Raises ValueError for an unknown
    game, a bad replay, an `allow` entry that does not import, a model file that does not load, or
    a missing extra."""
    try:
        import uvicorn
    except ImportError:
        raise ValueError(missing("the web app", "web")) from None
    from tablesearch.web.app import create_app
    from tablesearch.web.plugins import check_models, import_allowed
    from tablesearch.web.records import check_directory, default_directory, find_record
    from tablesearch.web.replays import ReplaySession
    from tablesearch.web.settings import Limits, ServerSettings, allowed_host_names
    from tablesearch.web.untrusted import BadRequest

    limits = Limits()
    if max_seconds is not None:
        limits = dataclasses.replace(limits, time_limit=max_seconds)
    if max_iterations is not None:
        limits = dataclasses.replace(limits, iterations=max_iterations)
    record_dir = (
        None if record is False else check_directory(str(default_directory() if record is True else os.fspath(record)))
    )
    settings = ServerSettings(
        hosts=allowed_host_names(host),
        allowed=import_allowed(allow),
        limits=limits,
        record_dir=record_dir,
        models=check_models(models or {}),
    )
    sessions: dict[str, Any] = {}
    start = None
    if replay is not None:
        if replay_id is None:
            raise ValueError("--replay needs --id, the game's id in the results file (such as 3.1)")
        try:
            found = find_record(replay, replay_id)
            session = ReplaySession(found.line, params or {}, settings, found.note(replay))
        except BadRequest as error:
            raise ValueError(str(error)) from None
        sessions[session.id] = session
        start = session.id
    app = create_app(game, sessions, start, settings)
    shown = socket.gethostname() if settings.hosts is None else host
    shown = f"[{shown}]" if ":" in shown and not shown.startswith("[") else shown
    print(f"tablesearch: serving on http://{shown}:{port}/?token={settings.token} (Ctrl-C stops)", flush=True)
    print(f"tablesearch: finished games are recorded in {record_dir}" if record_dir else "tablesearch: no recording")
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws="auto", ws_max_size=settings.limits.body_bytes)
