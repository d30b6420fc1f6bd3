"""The ASGI app: the page, the game list, sessions, and one websocket per page.

Routes:
  GET  /                      the page (setup form; ?session=ID&seat=N opens a game)
  GET  /api/games             games with their parameters and player counts; the search options
  POST /api/sessions          {game, params, seats: [{spec, budget}], seed, delay} -> {id, ...}
  GET  /api/sessions/ID       a session's game and seats
  WS   /ws/ID?seat=N          views of the game for seat N (no seat: a spectator); moves, speed,
                              pause (play) or goto (replay) from the page
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any, Optional

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

import tablesearch as ts
from tablesearch import _core
from tablesearch.web.sessions import BadRequest, PlaySession, SeatConfig, Session, Watcher

log = logging.getLogger("tablesearch.web")
STATIC = Path(__file__).parent / "static"
MAX_SESSIONS = 64  # the oldest finished sessions are dropped beyond this


def game_list() -> list[dict[str, Any]]:
    out = []
    for name in ts.list_games():
        game = ts.load_game(name)
        out.append(
            dict(
                name=name,
                players=game.num_players(),
                hidden=game.has_hidden_information(),
                chance=game.has_chance(),
                params=game.parameter_specs(),
            )
        )
    return out


def create_app(
    default_game: Optional[str] = None, sessions: Optional[dict[str, Session]] = None, start: Optional[str] = None
) -> Starlette:
    """The web app. `default_game` is preselected in the form; `start` is a session id the page
    opens at once (a replay given on the command line)."""
    store: dict[str, Session] = sessions if sessions is not None else {}
    if default_game is not None and default_game not in ts.list_games():
        raise ValueError(f"unknown game {default_game!r}; games: {', '.join(ts.list_games())}")

    async def index(request: Request) -> FileResponse:
        return FileResponse(STATIC / "index.html")

    async def games(request: Request) -> JSONResponse:
        return JSONResponse(
            dict(games=game_list(), default=default_game, start=start, search_options=list(_core.SEARCH_OPTIONS))
        )

    async def create(request: Request) -> JSONResponse:
        try:
            body = await request.json()
        except (json.JSONDecodeError, UnicodeDecodeError):
            return JSONResponse(dict(error="the request body must be JSON"), status_code=400)
        try:
            session = _new_session(body)
        except BadRequest as error:
            log.info("refused a new game: %s", error)
            return JSONResponse(dict(error=str(error)), status_code=400)
        _prune(store)
        store[session.id] = session
        log.info("session %s: %s with %s", session.id, session.game.name, ", ".join(session.names))
        return JSONResponse(session.info())

    async def session_info(request: Request) -> JSONResponse:
        session = store.get(request.path_params["sid"])
        if session is None:
            return JSONResponse(dict(error="no such game (it may have ended with a server restart)"), status_code=404)
        return JSONResponse(session.info())

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        session = store.get(websocket.path_params["sid"])
        seat_text = websocket.query_params.get("seat")
        if session is None:
            await websocket.send_json(
                dict(type="error", fatal=True, message="no such game (it may have ended with a server restart)")
            )
            await websocket.close()
            return
        try:
            seat = None if seat_text in (None, "", "spectator") else int(seat_text)
        except ValueError:
            await websocket.send_json(
                dict(type="error", fatal=True, message=f"seat must be a number, got {seat_text!r}")
            )
            await websocket.close()
            return
        watcher = Watcher(seat, websocket.send_json)
        await session.attach(watcher)
        try:
            while True:
                text = await websocket.receive_text()
                try:
                    await session.handle(watcher, json.loads(text))
                except (BadRequest, json.JSONDecodeError) as error:
                    await session.send(watcher, dict(type="error", message=str(error)))
        except WebSocketDisconnect:
            pass
        finally:
            session.detach(watcher)

    routes = [
        Route("/", index),
        Route("/api/games", games),
        Route("/api/sessions", create, methods=["POST"]),
        Route("/api/sessions/{sid}", session_info),
        WebSocketRoute("/ws/{sid}", socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes)


def _new_session(body: Any) -> PlaySession:
    if not isinstance(body, dict):
        raise BadRequest("the request must be a JSON object")
    params = body.get("params") or {}
    seats = body.get("seats")
    if not isinstance(params, dict):
        raise BadRequest("params must be an object of NAME: VALUE")
    if not isinstance(seats, list) or not seats:
        raise BadRequest("seats must be a list with one {spec, budget} per player")
    configs = []
    for i, seat in enumerate(seats):
        if isinstance(seat, str):
            seat = dict(spec=seat)
        if not isinstance(seat, dict) or not isinstance(seat.get("spec"), str) or not seat["spec"].strip():
            raise BadRequest(f"seat {i}: give an agent spec such as human, random or mcts:iterations=1000")
        budget = seat.get("budget") or None
        if budget is not None and not isinstance(budget, dict):
            raise BadRequest(f'seat {i}: a budget is an object such as {{"iterations": 1000}}')
        configs.append(SeatConfig(seat["spec"].strip(), budget))
    seed = body.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise BadRequest(f"seed must be a whole number >= 0, got {seed!r}")
    return PlaySession(str(body.get("game") or ""), params, configs, seed=seed, delay=body.get("delay", 0.5))


def _prune(store: dict[str, Session]) -> None:
    """Forgets the oldest sessions nobody watches once there are too many."""
    idle = [sid for sid, s in store.items() if not s.watchers]
    for sid in idle[: max(0, len(store) - MAX_SESSIONS + 1)]:
        session = store.pop(sid)
        task = getattr(session, "task", None)
        if task is not None:
            task.cancel()
