"""No page can wear the server out: a page that stops reading is dropped without holding up the
game, games with a page connected are never forgotten, every search a page starts ends by the
server's time limit and stops when its last page leaves. Each runs in a child process. Budget:
about 20 s."""

from __future__ import annotations

import pytest

from helpers.hostile import json_lines, run_isolated

pytest.importorskip("starlette", reason="the web extra is not installed: pip install 'tablesearch[web]'")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx")

CLIENT = """
import asyncio, json, time, warnings
warnings.simplefilter("ignore")
from starlette.testclient import TestClient
from tablesearch import _core
from tablesearch.web.app import create_app
from tablesearch.web.settings import Limits, ServerSettings

def make_client(**limits):
    settings = ServerSettings(hosts=frozenset({"testserver"}), limits=Limits(**limits))
    sessions = {}
    app = create_app(sessions=sessions, settings=settings)
    client = TestClient(app, headers={"x-tablesearch-token": settings.token})
    client.sessions, client.settings = sessions, settings
    return client
"""


def test_a_page_that_stops_reading_is_dropped_and_the_game_goes_on():
    proc = run_isolated(
        CLIENT
        + """
from tablesearch.web.sessions import PlaySession, Watcher
from tablesearch.web.untrusted import parse_game_request

async def main():
    settings = ServerSettings(limits=Limits(send_seconds=0.2))
    body = {"game": "connect_four", "seats": ["random", "random"], "delay": 0, "seed": 3}
    request = parse_game_request(body, frozenset())
    session = PlaySession(request, settings)
    seen = []
    async def reader(message):
        seen.append(message)
    async def stuck(message):
        await asyncio.Event().wait()  # never takes a message
    closed = []
    async def close():
        closed.append(True)
    good, slow = Watcher(None, reader), Watcher(None, stuck, close)
    await session.attach(slow)
    await session.attach(good)
    start = time.monotonic()
    await asyncio.wait_for(session.task, 20)
    seconds = time.monotonic() - start
    await asyncio.sleep(0.5)  # past the send timeout
    print(json.dumps(dict(finished=session.state.is_terminal(), last=seen[-1].get("finished"),
                          dropped=slow not in session.watchers, closed=bool(closed), kept=good in session.watchers,
                          seconds=seconds)))

asyncio.run(main())
"""
    )
    (result,) = json_lines(proc.stdout)
    assert result["finished"] and result["last"], result
    assert result["dropped"] and result["closed"] and result["kept"], result
    assert result["seconds"] < 5, result  # the game never waited for the stuck page


def test_games_with_a_page_connected_are_never_forgotten():
    proc = run_isolated(
        CLIENT
        + """
client = make_client(sessions=3)
body = {"game": "tic_tac_toe", "seats": ["human", "random"]}
first = client.post("/api/sessions", json=body).json()["id"]
with client.websocket_connect(f"/ws/{first}?seat=0") as ws:
    ws.receive_json()
    statuses = [client.post("/api/sessions", json=body).status_code for _ in range(10)]
    print(json.dumps(dict(statuses=statuses, first_kept=first in client.sessions, held=len(client.sessions))))
    ids = [sid for sid in client.sessions if sid != first]
    with client.websocket_connect(f"/ws/{ids[0]}?seat=0") as a, client.websocket_connect(f"/ws/{ids[1]}?seat=0") as b:
        a.receive_json(), b.receive_json()
        refused = client.post("/api/sessions", json=body)
        print(json.dumps(dict(status=refused.status_code, error=refused.json()["error"])))
"""
    )
    churn, full = json_lines(proc.stdout)
    assert churn["statuses"] == [200] * 10
    assert churn["first_kept"] and churn["held"] == 3
    assert full["status"] == 503 and "players connected" in full["error"]


def test_idle_games_expire():
    proc = run_isolated(
        CLIENT
        + """
client = make_client(idle_seconds=0.2)
body = {"game": "tic_tac_toe", "seats": ["human", "random"]}
old = client.post("/api/sessions", json=body).json()["id"]
time.sleep(0.3)
new = client.post("/api/sessions", json=body).json()["id"]
print(json.dumps(dict(old=old in client.sessions, new=new in client.sessions)))
"""
    )
    assert json_lines(proc.stdout) == [dict(old=False, new=True)]


def test_every_search_from_a_page_is_capped_by_the_server():
    proc = run_isolated(
        CLIENT
        + """
from tablesearch.web.sessions import PlaySession
from tablesearch.web.untrusted import parse_game_request
settings = ServerSettings(limits=Limits(seconds_per_move=2.5))
for seats in (["mcts", "mcts:iterations=500"], ["mcts:time_limit=1", "human"]):
    request = parse_game_request({"game": "tic_tac_toe", "seats": seats}, frozenset())
    session = PlaySession(request, settings)
    print(json.dumps(dict(
        time_limit=[None if a is None else a.search_options.get("time_limit") for a in session.agents],
        iterations=[None if a is None else a.search_options.get("iterations") for a in session.agents])))
"""
    )
    assert json_lines(proc.stdout) == [
        dict(time_limit=[2.5, 2.5], iterations=[1000, 500]),  # iterations, and at most the server's time
        dict(time_limit=[1, None], iterations=[None, None]),  # its own time, within the server's
    ]


def test_a_search_stops_when_its_last_page_leaves():
    # Leduc's default search (smooth-uct) runs in one piece, not in steps: only the stop flag ends it.
    proc = run_isolated(
        CLIENT
        + """
client = make_client()
body = {"game": "leduc_poker", "seats": ["mcts:time_limit=25", "mcts:time_limit=25"], "delay": 0}
sid = client.post("/api/sessions", json=body).json()["id"]
with client.websocket_connect(f"/ws/{sid}") as ws:
    ws.receive_json()
    deadline = time.monotonic() + 10
    while _core.running_searches() == 0 and time.monotonic() < deadline:
        time.sleep(0.01)
    searching = _core.running_searches()
left = time.monotonic()
while _core.running_searches() and time.monotonic() - left < 10:
    time.sleep(0.01)
print(json.dumps(dict(searching=searching, stopped_after=time.monotonic() - left)))
"""
    )
    (result,) = json_lines(proc.stdout)
    assert result["searching"] == 1
    assert result["stopped_after"] < 2.0, result  # not its 25 s
