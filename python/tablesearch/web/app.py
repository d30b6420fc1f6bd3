"""The ASGI app: the page, the game list, sessions, and one websocket per page.

Routes:
  GET  /                      the page (setup form; ?session=ID&seat=N opens a game)
  GET  /favicon.ico           the icon
  GET  /api/games             games with their parameters and player counts; the search options
  POST /api/sessions          {game, params, seats: [{spec, budget}], seed, delay} -> {id, ...}
  GET  /api/sessions/ID       a session's game and seats
  GET  /api/sessions/ID/record   the finished game's results line, as a file to download
  POST /api/sessions/ID/replay   {} -> a replay of the finished game, read back from its record
  POST /api/sessions/ID/rematch  {swap: bool} -> a new game with the same setup (the seats turned
                              round by one with swap: true) and a fresh seed
  WS   /ws/ID?seat=N          views of the game for seat N (no seat: a spectator); moves, speed,
                              pause, autoplay (play) or goto (replay) from the page
Every route but the static files needs the server's token, and the guard (web/guard.py) checks
Host, Origin and request bodies first; docs/security.md says why.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Optional

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

import tablesearch as ts
from tablesearch import _core
from tablesearch.games.extras import title_of
from tablesearch.web import levels, records
from tablesearch.web.guard import Guard
from tablesearch.web.pages import Session, Watcher
from tablesearch.web.replays import ReplaySession
from tablesearch.web.sessions import PlaySession
from tablesearch.web.settings import ServerSettings
from tablesearch.web.untrusted import (
    BadRequest,
    check_keys,
    parse_game_request,
    parse_json,
    parse_rematch,
    rematch_request,
)

log = logging.getLogger("tablesearch.web")
STATIC = Path(__file__).parent / "static"


def game_list(models: Optional[Mapping[str, str]] = None) -> list[dict[str, Any]]:
    """Every game the page offers, with its parameters and levels (`models`: the server's model files)."""
    out = []
    for name in ts.list_games():
        game = ts.load_game(name)
        out.append(
            dict(
                name=name,
                title=title_of(name),
                players=game.num_players(),
                hidden=game.has_hidden_information(),
                chance=game.has_chance(),
                params=game.parameter_specs(),
                levels=levels.for_game(name, models),
                level_note=levels.note(name),
            )
        )
    return out


class TooBusy(Exception):
    """Every game the server may hold has a page connected."""


def create_app(
    default_game: Optional[str] = None,
    sessions: Optional[dict[str, Session]] = None,
    start: Optional[str] = None,
    settings: Optional[ServerSettings] = None,
) -> Guard:
    """The web app behind its guard (web/guard.py). `default_game` is preselected in the form;
    `start` is a session id the page opens at once (a replay given on the command line);
    `settings` holds the token, the Host names, the allowed plugin code and the limits (default:
    a fresh token, 127.0.0.1 and localhost, nothing allowed)."""
    if default_game is not None and default_game not in ts.list_games():
        raise ValueError(f"unknown game {default_game!r}; games: {', '.join(ts.list_games())}")
    handlers = _Handlers(sessions if sessions is not None else {}, settings or ServerSettings(), default_game, start)
    routes = [
        Route("/", handlers.index),
        Route("/favicon.ico", handlers.favicon),
        Route("/api/games", handlers.games),
        Route("/api/sessions", handlers.create, methods=["POST"]),
        Route("/api/sessions/{sid}", handlers.session_info),
        Route("/api/sessions/{sid}/record", handlers.record),
        Route("/api/sessions/{sid}/replay", handlers.replay, methods=["POST"]),
        Route("/api/sessions/{sid}/rematch", handlers.rematch, methods=["POST"]),
        WebSocketRoute("/ws/{sid}", handlers.socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Guard(Starlette(routes=routes), handlers.settings)


class _Handlers:
    """The routes' handlers, over the server's games (`store`) and settings."""

    def __init__(
        self, store: dict[str, Session], settings: ServerSettings, default_game: Optional[str], start: Optional[str]
    ) -> None:
        self.store = store
        self.settings = settings
        self.default_game = default_game
        self.start = start
        self.slots: list[asyncio.Semaphore] = []  # made in the server's event loop, on first use

    def search_slots(self) -> asyncio.Semaphore:
        if not self.slots:
            self.slots.append(asyncio.Semaphore(self.settings.limits.parallel_searches))
        return self.slots[0]

    async def index(self, request: Request) -> FileResponse:
        return FileResponse(STATIC / "index.html")

    async def favicon(self, request: Request) -> FileResponse:
        return FileResponse(STATIC / "favicon.ico", media_type="image/x-icon")

    async def games(self, request: Request) -> JSONResponse:
        return JSONResponse(
            dict(
                games=game_list(self.settings.models),
                default=self.default_game,
                start=self.start,
                search_options=list(_core.SEARCH_OPTIONS),
            )
        )

    async def create(self, request: Request) -> JSONResponse:
        try:
            body = parse_json(await request.body(), "the request body", self.settings.limits)
            game_request = parse_game_request(body, self.settings.allowed)
            _make_room(self.store, self.settings)
            session = PlaySession(game_request, self.settings, self.search_slots())
        except BadRequest as error:
            log.info("refused a new game: %s", error)
            return JSONResponse(dict(error=str(error)), status_code=400)
        except TooBusy as error:
            log.info("refused a new game: %s", error)
            return JSONResponse(dict(error=str(error)), status_code=503)
        self.store[session.id] = session
        log.info("session %s: %s with %s", session.id, session.game.name, ", ".join(session.names))
        return JSONResponse(session.info())

    async def rematch(self, request: Request) -> JSONResponse:
        try:
            body = parse_json(await request.body(), "the request body", self.settings.limits)
            swap = parse_rematch(body)
            old = self.finished_game(request.path_params["sid"])
            _make_room(self.store, self.settings)
            session = PlaySession(rematch_request(old.request, swap), self.settings, self.search_slots())
        except LookupError as error:
            return JSONResponse(dict(error=str(error)), status_code=404)
        except BadRequest as error:
            log.info("refused a rematch: %s", error)
            return JSONResponse(dict(error=str(error)), status_code=400)
        except TooBusy as error:
            return JSONResponse(dict(error=str(error)), status_code=503)
        self.store[session.id] = session
        log.info("session %s: rematch of %s", session.id, old.id)
        return JSONResponse(session.info())

    async def session_info(self, request: Request) -> JSONResponse:
        session = self.store.get(request.path_params["sid"])
        if session is None:
            return JSONResponse(dict(error="no such game (it may have ended with a server restart)"), status_code=404)
        return JSONResponse(session.info())

    def finished_game(self, sid: str) -> PlaySession:
        """The finished game `sid` with its record (the page asks by id, never by file name)."""
        session = self.store.get(sid)
        if not isinstance(session, PlaySession):
            raise LookupError("no such game (it may have ended with a server restart)")
        if session.record is None:
            raise LookupError("this game is not over yet: it is recorded when it ends")
        return session

    async def record(self, request: Request) -> Response:
        try:
            session = self.finished_game(request.path_params["sid"])
        except LookupError as error:
            return JSONResponse(dict(error=str(error)), status_code=404)
        assert session.record is not None
        name = f"{records.file_for('.', session.game.name).stem}-{session.id}.jsonl"
        return Response(
            json.dumps(session.record, separators=(",", ":")) + "\n",
            media_type="application/x-ndjson",
            headers={"content-disposition": f'attachment; filename="{name}"'},
        )

    async def replay(self, request: Request) -> JSONResponse:
        try:
            body = parse_json(await request.body(), "the request body", self.settings.limits)
            if not isinstance(body, dict):
                raise BadRequest("the request must be a JSON object (an empty one: {})")
            check_keys(body, (), "the request")
            session = self.finished_game(request.path_params["sid"])
            _make_room(self.store, self.settings)
            # Reading the file and applying every move take a while: off the event loop.
            again = await asyncio.to_thread(_replay_of, session, self.settings)
        except LookupError as error:
            return JSONResponse(dict(error=str(error)), status_code=404)
        except BadRequest as error:
            log.info("refused a replay: %s", error)
            return JSONResponse(dict(error=str(error)), status_code=400)
        except TooBusy as error:
            return JSONResponse(dict(error=str(error)), status_code=503)
        self.store[again.id] = again
        return JSONResponse(again.info())

    async def socket(self, websocket: WebSocket) -> None:
        await websocket.accept()
        session = self.store.get(websocket.path_params["sid"])
        seat_text = websocket.query_params.get("seat")
        if session is None:
            await _fatal(websocket, "no such game (it may have ended with a server restart)")
            return
        try:
            seat = _seat_number(seat_text)
        except ValueError as error:
            await _fatal(websocket, str(error))
            return
        watcher = Watcher(seat, websocket.send_json, lambda code, reason: websocket.close(code, reason))
        await session.attach(watcher)
        try:
            await self.serve_messages(websocket, session, watcher)
        except WebSocketDisconnect:
            pass
        finally:
            session.detach(watcher)

    async def serve_messages(self, websocket: WebSocket, session: Session, watcher: Watcher) -> None:
        """The page's messages, handled until it disconnects or is dropped; a bad one gets an error."""
        while watcher in session.watchers:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            try:
                if message.get("text") is None:
                    raise BadRequest("messages are JSON text, not binary")
                await session.handle(watcher, parse_json(message["text"], "a message", self.settings.limits))
            except BadRequest as error:
                await session.send(watcher, dict(type="error", message=str(error)))


def _replay_of(session: PlaySession, settings: ServerSettings) -> ReplaySession:
    """A replay of the finished `session`, read back from the file the server wrote it to (from
    memory if it was not written). Runs in a worker thread."""
    assert session.record is not None
    if session.record_file is None:
        return ReplaySession(session.record, {}, settings)
    found = records.find_record(str(session.record_file), session.record["id"], session.record_offset)
    return ReplaySession(found.line, {}, settings, found.note(str(session.record_file)))


def _seat_number(text: Optional[str]) -> Optional[int]:
    """The seat a page asks for (None: a spectator); a number out of range is left to the
    session, which names the valid seats; ValueError for text that is no seat number."""
    if text is None or text in ("", "spectator"):
        return None
    digits = text[1:] if text.startswith("-") else text
    if not (digits.isdigit() and digits.isascii() and len(digits) <= 3):
        raise ValueError(f"seat must be a seat number (0, 1, ...) or 'spectator', got {text[:20]!r}")
    return int(text)


async def _fatal(websocket: WebSocket, message: str) -> None:
    await websocket.send_json(dict(type="error", fatal=True, message=message))
    await websocket.close()


def _make_room(store: dict[str, Session], settings: ServerSettings) -> None:
    """Forgets games nobody has watched for the idle time; if the store is still full, those
    without a page, longest idle first; raises TooBusy if every game has a page connected."""
    limits = settings.limits
    for sid, session in list(store.items()):
        if session.idle_for() > limits.idle_seconds:
            store.pop(sid).close()
    unwatched = sorted((s for s in store.values() if not s.watchers), key=lambda s: s.last_active)
    while len(store) >= limits.sessions and unwatched:
        store.pop(unwatched.pop(0).id).close()
    if len(store) >= limits.sessions:
        raise TooBusy(f"this server holds {limits.sessions} games with players connected; finish one first")
