"""A game whose display code raises (its drawing, state_to_string, the names of its moves) or
whose state breaks mid-game never hangs the web app: the game goes on with the reason on the page,
or ends with it. Before, the game loop's error handler drew the view again, raised again and died,
and the page showed the thinking clock forever. Each runs in a child process. Budget: a few seconds."""

from __future__ import annotations

import pytest

from helpers.hostile import json_lines, run_isolated

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]' in the clone")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx")

SETUP = """
import asyncio, json, warnings
warnings.simplefilter("ignore")
from helpers import broken_display
broken_display.register()
from tablesearch.web.sessions import PlaySession, Watcher
from tablesearch.web.settings import ServerSettings
from tablesearch.web.untrusted import parse_game_request

async def play(game, seats):
    request = parse_game_request({"game": game, "seats": seats, "delay": 0, "seed": 1}, frozenset())
    session = PlaySession(request, ServerSettings())
    seen = []
    async def send(message):
        seen.append(message)
    await session.attach(Watcher(None, send))
    await asyncio.wait_for(asyncio.shield(session.task), 10)  # a hang fails here
    await asyncio.sleep(0.2)  # the page's last messages
    return session, seen
"""


def test_a_drawing_that_raises_is_shown_as_the_reason_and_the_game_goes_on():
    proc = run_isolated(
        SETUP
        + """
from tablesearch.web.replays import ReplaySession
session, seen = asyncio.run(play("py_undrawable", ["random", "random"]))
last = seen[-1]
replay = ReplaySession(session.record, {}, ServerSettings())
end = replay.view(None, len(replay.events))
print(json.dumps(dict(type=last["type"], finished=last.get("finished"), error=last.get("error"), busy=last.get("busy"),
                      svg="cannot be drawn" in last.get("svg", ""), recorded=last.get("recorded"),
                      replay_error=end.get("error"), replay_svg="cannot be drawn" in end["svg"])))
"""
    )
    (result,) = json_lines(proc.stdout)
    assert result["type"] == "view" and result["finished"] and result["recorded"], result
    assert result["busy"] is None, result  # no thinking clock left running
    assert "drawing the position failed: ValueError: cannot draw this position" in result["error"], result
    assert result["svg"], result  # the board's place says so too
    assert "cannot draw this position" in result["replay_error"] and result["replay_svg"], result


def test_moves_that_cannot_be_named_are_still_offered_and_played():
    proc = run_isolated(
        SETUP
        + """
from starlette.testclient import TestClient
from tablesearch.web.app import create_app
settings = ServerSettings(hosts=frozenset({"testserver"}))
client = TestClient(create_app(sessions={}, settings=settings), headers={"x-tablesearch-token": settings.token})
sid = client.post("/api/sessions", json={"game": "py_unnamable", "seats": ["human", "random"], "seed": 1}).json()["id"]
labels, clicks = set(), 0
with client.websocket_connect(f"/ws/{sid}?seat=0") as ws:
    while True:
        view = ws.receive_json()
        if view["type"] != "view":
            continue
        if view["finished"]:
            break
        if view["your_turn"] and view["automatic"] is None:
            labels.update(m["label"] for m in view["legal"])
            ws.send_json({"type": "move", "action": view["legal"][-1]["action"]})
            clicks += 1
print(json.dumps(dict(labels=sorted(labels), clicks=clicks, error=view["error"], log=view["log"][:2])))
"""
    )
    (result,) = json_lines(proc.stdout)
    assert result["clicks"] > 0 and set(result["labels"]) <= {"action 0", "action 1", "action 2"}, result
    assert "telling a move failed: RuntimeError: no names for moves" in result["error"], result
    assert result["log"][0].startswith("move 1: you, action"), result


def test_a_state_that_breaks_ends_the_game_with_the_reason_on_the_page():
    proc = run_isolated(
        SETUP
        + """
session, seen = asyncio.run(play("py_breaking", ["random", "random"]))
last = seen[-1]
print(json.dumps(dict(type=last["type"], fatal=last.get("fatal"), message=last.get("message"), error=session.error)))
"""
    )
    (result,) = json_lines(proc.stdout)
    assert result["type"] == "error" and result["fatal"], result
    assert "ValueError: the state broke" in result["message"], result
    assert "the game stopped: ValueError: the state broke" in result["error"], result
