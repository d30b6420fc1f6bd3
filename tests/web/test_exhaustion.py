"""No page can wear the server out: a page that stops reading is dropped without holding up the
game, games with a page connected are never forgotten, every search a page starts ends by the
server's time limit and stops when its last page leaves. Each runs in a child process. Budget:
about 20 s."""

from __future__ import annotations

import pytest

from helpers.hostile import json_lines, run_isolated

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]' in the clone")
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


PAGES = """
from tablesearch.web.sessions import PlaySession, Watcher
from tablesearch.web.untrusted import parse_game_request

def session_of(game, seats, **limits):
    body = {"game": game, "seats": seats, "delay": 0, "seed": 3}
    return PlaySession(parse_game_request(body, frozenset()), ServerSettings(limits=Limits(**limits)))

def reading_page(seen, seconds=0.0):
    async def send(message):
        await asyncio.sleep(seconds)
        seen.append(message)
    return Watcher(None, send)

def stuck_page(closes, close_hangs=False):
    async def send(message):
        await asyncio.Event().wait()  # never takes a message
    async def close(*args):  # (code, reason)
        closes.append(list(args))
        if close_hangs:
            await asyncio.Event().wait()  # nor lets its connection be closed
    return Watcher(None, send, close)
"""


def test_a_page_that_stops_reading_is_dropped_with_the_reason_and_the_game_goes_on():
    proc = run_isolated(
        CLIENT
        + PAGES
        + """
async def main():
    session = session_of("connect_four", ["random", "random"], send_seconds=0.2)
    seen, closes = [], []
    good, slow = reading_page(seen), stuck_page(closes)
    await session.attach(slow)
    await session.attach(good)
    start = time.monotonic()
    await asyncio.wait_for(session.task, 20)
    seconds = time.monotonic() - start
    await asyncio.sleep(0.5)  # past the send timeout
    print(json.dumps(dict(finished=session.state.is_terminal(), last=seen[-1].get("finished"),
                          dropped=slow not in session.watchers, closes=closes, kept=good in session.watchers,
                          seconds=seconds)))

asyncio.run(main())
"""
    )
    (result,) = json_lines(proc.stdout)
    assert result["finished"] and result["last"], result
    assert result["dropped"] and result["kept"], result
    ((code, reason),) = result["closes"]  # closed once, with the code and reason the page shows
    assert code == 4008 and "took no message for 0.2 s" in reason, result
    assert result["seconds"] < 5, result  # the game never waited for the stuck page


def test_a_page_that_cannot_even_be_closed_never_holds_up_the_game():
    # The stuck page fills its queue long before the send timeout: dropping it must not wait for
    # its close (which never ends here), as no page's close may hold up the game.
    proc = run_isolated(
        CLIENT
        + PAGES
        + """
async def main():
    session = session_of("connect_four", ["random", "random"], send_seconds=0.5, queued_messages=4)
    seen, closes = [], []
    good, stuck = reading_page(seen), stuck_page(closes, close_hangs=True)
    await session.attach(stuck)
    await session.attach(good)
    start = time.monotonic()
    try:
        await asyncio.wait_for(asyncio.shield(session.task), 10)
        finished = True
    except asyncio.TimeoutError:
        finished = False
    seconds = time.monotonic() - start
    await asyncio.sleep(1.0)  # past the send timeout: the stuck page is dropped, its close never ends
    print(json.dumps(dict(finished=finished, seconds=seconds, last=seen[-1].get("finished"),
                          dropped=stuck not in session.watchers)))
    session.close()

asyncio.run(main())
"""
    )
    (result,) = json_lines(proc.stdout)
    assert result["finished"] and result["last"] and result["dropped"], result
    assert result["seconds"] < 5, result


def test_a_slow_page_that_reads_is_kept_and_gets_the_latest_view():
    # A fast AI-against-AI game makes messages faster than this page takes them (20 ms each):
    # it is never dropped, skips the intermediate updates and ends on the final view.
    proc = run_isolated(
        CLIENT
        + PAGES
        + """
async def main():
    session = session_of("connect_four", ["random", "random"], send_seconds=5, queued_messages=4)
    seen = []
    slow = reading_page(seen, seconds=0.02)
    await session.attach(slow)
    await asyncio.wait_for(session.task, 30)
    while len(slow.outbox):
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.1)
    views = [m for m in seen if m["type"] == "view"]
    print(json.dumps(dict(kept=slow in session.watchers, dropped=slow.dropped, moves=len(session.events),
                          views=len(views), last=views[-1]["finished"], last_move=views[-1]["move"])))

asyncio.run(main())
"""
    )
    (result,) = json_lines(proc.stdout)
    assert result["kept"] and not result["dropped"], result
    assert result["last"] and result["last_move"] == result["moves"], result
    assert result["views"] <= result["moves"] + 1, result


def test_a_dropped_page_is_told_why_by_its_websocket_close():
    proc = run_isolated(
        CLIENT
        + """
from starlette.websockets import WebSocketDisconnect
client = make_client()
sid = client.post("/api/sessions", json={"game": "tic_tac_toe", "seats": ["human", "random"]}).json()["id"]
session = client.sessions[sid]
with client.websocket_connect(f"/ws/{sid}?seat=0") as ws:
    ws.receive_json()
    (watcher,) = session.watchers
    watcher.task.get_loop().call_soon_threadsafe(session.drop, watcher, "dropped: a reason for the page")
    try:
        while True:
            ws.receive_json()
    except WebSocketDisconnect as closed:
        print(json.dumps(dict(code=closed.code, reason=closed.reason)))
"""
    )
    assert json_lines(proc.stdout) == [dict(code=4008, reason="dropped: a reason for the page")]


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
settings = ServerSettings(limits=Limits(time_limit=2.5))
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
    # Leduc's default search (infoset-uct) runs in one piece, not in steps: only the stop flag ends it.
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
