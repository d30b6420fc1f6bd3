"""The app's input handling without a browser (Starlette's test client): bad requests get a
message and a clean log, a page closed mid-search stops the search, spectators of hidden games
with humans are refused. Budget: a few seconds."""

from __future__ import annotations

import logging
import time

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]' in the clone")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx")
from starlette.testclient import TestClient  # noqa: E402

from tablesearch.web.app import create_app  # noqa: E402
from tablesearch.web.settings import ServerSettings  # noqa: E402


@pytest.fixture
def client():
    sessions = {}
    settings = ServerSettings(hosts=frozenset({"testserver"}))
    with TestClient(
        create_app(sessions=sessions, settings=settings), headers={"x-tablesearch-token": settings.token}
    ) as c:
        c.sessions = sessions
        yield c


@pytest.mark.parametrize(
    "body,message",
    [
        (dict(game="chess", seats=["human", "random"]), "unknown game 'chess'"),
        # Seats counted from 1, as the setup form numbers them.
        (dict(game="tic_tac_toe", seats=["human", "mcts:iterationz=5"]), "seat 2: unknown search option"),
        (dict(game="tic_tac_toe", seats=["human", "alphazero"]), "seat 2: unknown agent 'alphazero'"),
        (dict(game="tic_tac_toe", seats=["human"]), "give one seat each"),
        (
            dict(game="tic_tac_toe", seats=["human", {"spec": "mcts", "budget": {"iterations": -3}}]),
            "budget iterations must be an int in [1, ",
        ),
        (dict(game="gnomi", params={"players": 9}, seats=["human"] * 9), "players"),
        (dict(game="tic_tac_toe", seats=["human", "random"], delay=99), "delay"),
    ],
)
def test_bad_new_games_are_refused_with_a_message(client, caplog, body, message):
    with caplog.at_level(logging.INFO, logger="tablesearch.web"):
        response = client.post("/api/sessions", json=body)
    assert response.status_code == 400
    assert message in response.json()["error"]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]


def test_malformed_json_and_unknown_sessions(client):
    json_type = {"content-type": "application/json"}
    assert client.post("/api/sessions", content=b"{not json", headers=json_type).status_code == 400
    assert client.get("/api/sessions/nope").status_code == 404
    with client.websocket_connect("/ws/nope") as ws:
        assert ws.receive_json()["fatal"] is True


def test_bad_messages_get_an_error_and_the_game_goes_on(client):
    sid = client.post("/api/sessions", json=dict(game="tic_tac_toe", seats=["human", "random"])).json()["id"]
    with client.websocket_connect(f"/ws/{sid}?seat=0") as ws:
        assert ws.receive_json()["your_turn"]
        for bad, text in [
            ("not json", "Expecting value"),
            ('{"type": "move", "action": "4"}', "action number"),
            ('{"type": "move", "action": 9}', "illegal move 9"),
            ('{"type": "dance"}', "unknown message"),
            ('{"type": "speed", "delay": -1}', "delay"),
        ]:
            ws.send_text(bad)
            reply = ws.receive_json()
            assert reply["type"] == "error" and text in reply["message"]
        ws.send_json({"type": "move", "action": 4})
        view = ws.receive_json()
        while not view.get("your_turn"):
            view = ws.receive_json()
        assert view["log"][0] == "You put an X in row 2, column 2"  # the page's own seat, in the second person


def test_a_page_closed_mid_search_stops_the_search(client, caplog):
    body = dict(game="connect_four", seats=["mcts:time_limit=30", "random"], delay=0)
    sid = client.post("/api/sessions", json=body).json()["id"]
    session = client.sessions[sid]
    with caplog.at_level(logging.INFO, logger="tablesearch.web"):
        with client.websocket_connect(f"/ws/{sid}") as ws:
            assert ws.receive_json()["type"] == "view"
            busy = ws.receive_json()
            assert busy["type"] == "busy" and busy["seat"] == 0  # every page learns a search started
            assert ws.receive_json()["type"] == "thinking"  # the 30 s search streams its progress
        deadline = time.monotonic() + 10
        while "abandoned" not in caplog.text and time.monotonic() < deadline:
            time.sleep(0.05)
    assert "seat 0's search abandoned" in caplog.text  # well before its 30 s
    assert session.events == [] and not session.error
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]


def test_hidden_games_with_humans_take_no_spectators_until_they_end(client):
    sid = client.post("/api/sessions", json=dict(game="leduc_poker", seats=["human", "random"])).json()["id"]
    with client.websocket_connect(f"/ws/{sid}") as ws:
        refusal = ws.receive_json()
        assert refusal["type"] == "error" and "spectator" in refusal["message"]
    with client.websocket_connect(f"/ws/{sid}?seat=1") as ws:
        assert "played by an AI" in ws.receive_json()["message"]
    with client.websocket_connect(f"/ws/{sid}?seat=0") as ws:
        view = ws.receive_json()
        assert view["type"] == "view" and "<svg" in view["svg"]
