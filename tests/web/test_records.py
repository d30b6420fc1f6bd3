"""Games played in the web app are recorded (web/records.py): the finished game as a tournament
results line in the server's record directory, downloadable by its page, replayable from the
file. The routes are attacked as another site or a hostile page would: they take no file name,
read nothing but the server's own record of the session, and refuse bad input with one line.
Budget: a few seconds."""

from __future__ import annotations

import json

import pytest

import tablesearch as ts
from tablesearch.web import records

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]' in the clone")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx")
from starlette.testclient import TestClient  # noqa: E402

from tablesearch.web.app import create_app  # noqa: E402
from tablesearch.web.records import read_record  # noqa: E402
from tablesearch.web.settings import ServerSettings  # noqa: E402


@pytest.fixture
def client(tmp_path):
    sessions = {}
    settings = ServerSettings(hosts=frozenset({"testserver"}), record_dir=str(tmp_path / "games"))
    app = create_app(sessions=sessions, settings=settings)
    with TestClient(app, headers={"x-tablesearch-token": settings.token}) as c:
        c.sessions, c.settings, c.app_ = sessions, settings, app
        yield c


def _finished_game(client, game="tic_tac_toe", seats=("random", "random"), **extra):
    sid = client.post("/api/sessions", json=dict(game=game, seats=list(seats), seed=5, delay=0, **extra)).json()["id"]
    with client.websocket_connect(f"/ws/{sid}") as ws:
        while True:
            view = ws.receive_json()
            if view["type"] == "view" and view["finished"]:
                return sid, view


def test_a_finished_game_is_a_results_line_in_the_record_directory(client, tmp_path):
    sid, view = _finished_game(client, "connect_four", ("random", "mcts:iterations=50"))
    session = client.sessions[sid]
    assert view["recorded"] and "recorded as game web." in view["record_note"]
    path = tmp_path / "games" / "connect_four.jsonl"
    (line,) = [json.loads(raw) for raw in path.read_text().splitlines()]
    assert line == session.record
    assert line["id"] == f"web.{sid}" and line["tournament"] == "web" and line["game"] == "connect_four"
    assert line["agents"] == ["random", "mcts:iterations=50"] and line["seed"] == 5
    assert line["actions"] == [e.action for e in session.events] == list(session.state.history())
    assert line["returns"] == list(session.state.returns()) and line["finished"]
    assert line["agent_iterations"][1] >= 50 and line["plies"] == len(line["actions"])
    # What the tournament tools read: the record replays to the same end.
    assert read_record(str(path), line["id"]) == line
    replayed = ts.load_game(line["game"], **line["params"]).new_initial_state(line["seed"])
    for action in line["actions"]:
        replayed.apply_action(action)
    assert replayed.is_terminal() and list(replayed.returns()) == line["returns"]


def test_the_page_downloads_its_own_record_and_replays_it_from_the_file(client, tmp_path):
    sid, _ = _finished_game(client, "gnomi", ("random", "random", "random"), params={"players": 3})
    response = client.get(f"/api/sessions/{sid}/record")
    assert response.status_code == 200
    assert response.headers["content-disposition"] == f'attachment; filename="gnomi-{sid}.jsonl"'
    assert json.loads(response.text) == client.sessions[sid].record
    # The replay is read back from the file: an edited file is what the replay shows.
    path = tmp_path / "games" / "gnomi.jsonl"
    line = json.loads(path.read_text())
    line["agents"] = ["edited", "in", "the file"]
    path.write_text(json.dumps(line) + "\n")
    reply = client.post(f"/api/sessions/{sid}/replay", json={})
    assert reply.status_code == 200 and reply.json()["kind"] == "replay"
    replay = client.sessions[reply.json()["id"]]
    assert replay.names == ["edited", "in", "the file"]
    assert [e.action for e in replay.events] == line["actions"]
    with client.websocket_connect(f"/ws/{replay.id}") as ws:
        view = ws.receive_json()
        assert view["replay"] and view["moves"] == len(line["actions"])
        assert "Click" not in view["legend"] and "hint" not in view  # no play legend on a replay


def test_without_a_record_directory_the_game_is_kept_in_memory_only(tmp_path):
    settings = ServerSettings(hosts=frozenset({"testserver"}))
    app = create_app(sessions={}, settings=settings)
    with TestClient(app, headers={"x-tablesearch-token": settings.token}) as c:
        sid, view = _finished_game(c)
        assert view["recorded"] and "not recorded to a file" in view["record_note"]
        assert c.get(f"/api/sessions/{sid}/record").status_code == 200
        reply = c.post(f"/api/sessions/{sid}/replay", json={})
        assert reply.status_code == 200
    assert not list(tmp_path.iterdir())


def test_a_record_the_server_cannot_write_is_a_note_not_a_failure(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    settings = ServerSettings(hosts=frozenset({"testserver"}), record_dir=str(blocked))
    with TestClient(create_app(sessions={}, settings=settings), headers={"x-tablesearch-token": settings.token}) as c:
        _, view = _finished_game(c)
    assert view["finished"] and view["record_note"].startswith("NOT recorded: writing to") and view["record_failed"]


def test_record_routes_refuse_what_is_not_a_finished_game_of_this_server(client):
    unfinished = client.post("/api/sessions", json=dict(game="tic_tac_toe", seats=["human", "random"])).json()["id"]
    sid, _ = _finished_game(client)
    for path, status, text in [
        ("/api/sessions/nope/record", 404, "no such game"),
        (f"/api/sessions/{unfinished}/record", 404, "not over yet"),
    ]:
        response = client.get(path)
        assert response.status_code == status and text in response.json()["error"], (path, response.text)
    for path in ("/api/sessions/..%2F..%2Fetc%2Fpasswd/record", "/api/sessions/../../../etc/passwd"):
        response = client.get(path)  # a game id is looked up, never opened as a file
        assert response.status_code == 404 and "root:" not in response.text
    for body, content, status, text in [
        ({}, None, 404, "no such game"),  # to /nope
        ({"path": "/etc/passwd"}, None, 400, "unknown field"),
        ([], None, 400, "JSON object"),
        (None, b"{}", 415, "Content-Type"),
        (None, b"{nope", 400, "not valid JSON"),
    ]:
        target = "nope" if status == 404 else sid
        headers = {"content-type": "text/plain"} if status == 415 else {"content-type": "application/json"}
        sent = content if content is not None else json.dumps(body)
        response = client.post(f"/api/sessions/{target}/replay", content=sent, headers=headers)
        assert response.status_code == status and text in response.json()["error"], (body, response.text)
    assert client.post(f"/api/sessions/{unfinished}/replay", json={}).status_code == 404


def test_record_routes_need_the_token_and_the_servers_own_pages(client):
    sid, _ = _finished_game(client)
    bare = TestClient(client.app_)
    assert bare.get(f"/api/sessions/{sid}/record").status_code == 401
    assert bare.post(f"/api/sessions/{sid}/replay", json={}).status_code == 401
    other_site = {"origin": "http://attacker.example", "x-tablesearch-token": client.settings.token}
    assert client.post(f"/api/sessions/{sid}/replay", json={}, headers=other_site).status_code == 403


def test_file_names_come_from_the_game_name_made_safe():
    assert records.file_for("/d", "gnomi").as_posix() == "/d/gnomi.jsonl"
    assert records.file_for("/d", "mymod:Game/../x").as_posix() == "/d/mymod_Game_.._x.jsonl"
