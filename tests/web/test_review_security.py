"""The review's websocket messages (web/review.py), attacked as a hostile page would, in the style
of tests/web/test_security.py: each attack runs in a child process, every refusal is an error
message of one line naming what is wrong, the socket stays open, the server log holds no
traceback, nothing named in a message is imported, and no attack starts more than the one search
a review runs at a time. Budget: about 15 s.

The attacks: a review asked for mid-game (by a player and by a spectator); asked for twice, and
200 times, while it runs, and by five pages at once; fields that name another seat, a game, a
module, or huge counts of positions or iterations; junk for cancel, a cancel with nothing
running, a binary frame; a review asked of a replay and of a game that does not exist."""

from __future__ import annotations

import pytest

from helpers.hostile import json_lines, run_isolated

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]' in the clone")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx")

# In the child: an app behind its guard, a test client with the token, a review whose searches
# take 3 s a position (so that it is still running while it is attacked), and `reply(...)` printing
# one JSON line per attack.
PRELUDE = """
import json, logging, os, sys, tempfile, time
os.environ["TABLESEARCH_CANARY"] = MARKER = os.path.join(tempfile.mkdtemp(), "canary")
import warnings
warnings.simplefilter("ignore")
from starlette.testclient import TestClient
from tablesearch import _core
from tablesearch.web import review
from tablesearch.web.app import create_app
from tablesearch.web.settings import ServerSettings

class Records(logging.Handler):
    def __init__(self):
        super().__init__()
        self.records = []
    def emit(self, record):
        self.records.append(record)

records = Records()
logging.getLogger().addHandler(records)
logging.getLogger().setLevel(logging.INFO)
MODULES = set(sys.modules)
review.search_options = lambda limits: dict(iterations=10**9, time_limit=3.0, threads=1)
settings = ServerSettings(hosts=frozenset({"testserver"}))
sessions = {}
client = TestClient(create_app(sessions=sessions, settings=settings), headers={"x-tablesearch-token": settings.token})

def new_game(seats, game="tic_tac_toe", seed=3):
    body = {"game": game, "seats": seats, "seed": seed, "delay": 0}
    return client.post("/api/sessions", json=body).json()["id"]

def read(ws, kinds=("error", "review")):
    while True:
        message = ws.receive_json()
        if message["type"] in kinds:
            return message

def finished(ws):
    while True:
        message = ws.receive_json()
        if message["type"] == "view" and message["finished"]:
            return message

def report(label, message, **extra):
    new = sorted(m for m in set(sys.modules) - MODULES if "canary" in m or m.split(".")[0] in ("os_", "antigravity"))
    print(json.dumps(dict(label=label, type=message.get("type"), status=message.get("status"),
                          error=message.get("message"), fatal=message.get("fatal", False), imported=new,
                          marker=os.path.exists(MARKER), searches=_core.running_searches(),
                          tracebacks=sum(1 for r in records.records if r.exc_info), **extra)), flush=True)

def attack(ws, label, message):
    ws.send_text(message) if isinstance(message, str) else ws.send_json(message)
    report(label, read(ws))
"""


def run(code: str) -> list[dict]:
    return json_lines(run_isolated(PRELUDE + code, timeout=120).stdout)


def assert_refused(lines: list[dict], says: str = "") -> None:
    assert lines
    for line in lines:
        assert line["type"] == "error" and not line["fatal"], line
        assert line["error"] and "\n" not in line["error"] and says in line["error"], line
        assert not line["imported"] and not line["marker"], line
        assert line["tracebacks"] == 0 and line["searches"] <= 1, line


def test_a_review_asked_for_mid_game_is_refused():
    lines = run(
        """
sid = new_game(["human", "random"])
with client.websocket_connect(f"/ws/{sid}?seat=0") as ws:
    read(ws, ("view",))
    attack(ws, "player mid-game", {"type": "review"})
    ws.send_json({"type": "move", "action": 4})
    attack(ws, "player after a move", {"type": "review"})
watched = new_game(["mcts:iterations=2000", "mcts:iterations=2000"], game="connect_four")
with client.websocket_connect(f"/ws/{watched}") as ws:
    read(ws, ("view",))
    attack(ws, "spectator mid-game", {"type": "review"})
"""
    )
    assert_refused(lines, "a game is reviewed once it is over")


def test_a_running_review_asked_for_again_starts_no_more_work():
    lines = run(
        """
sid = new_game(["random", "random"])
pages = [client.websocket_connect(f"/ws/{sid}") for _ in range(5)]
first = pages[0].__enter__()
finished(first)
first.send_json({"type": "review"})
report("started", read(first))
attack(first, "twice", {"type": "review"})
for _ in range(200):
    first.send_json({"type": "review"})
flood = [read(first) for _ in range(200)]
report("200 more", flood[-1], refused=sum(1 for m in flood if m["type"] == "error"))
for i, page in enumerate(pages[1:], start=2):
    ws = page.__enter__()
    finished(ws)
    ws.send_json({"type": "review"})
    report(f"page {i}", read(ws), jobs=len(sessions[sid].reviews.jobs))
first.send_json({"type": "review", "cancel": True})
report("first page cancels", read(first), jobs=len(sessions[sid].reviews.jobs))
for page in pages:
    page.__exit__(None, None, None)
deadline = time.monotonic() + 5
while _core.running_searches() and time.monotonic() < deadline:
    time.sleep(0.01)
report("every page left", {}, jobs=len(sessions[sid].reviews.jobs))
"""
    )
    by_label = {line["label"]: line for line in lines}
    started = by_label.pop("started")
    assert started["type"] == "review" and started["status"] == "running"
    assert_refused([by_label.pop("twice")], "running already")
    flood = by_label.pop("200 more")
    assert flood["refused"] == 200 and flood["searches"] <= 1 and flood["tracebacks"] == 0
    for i in range(2, 6):  # another page follows the same review: one search, one job
        line = by_label.pop(f"page {i}")
        assert line["status"] == "running" and line["jobs"] == 1 and line["searches"] <= 1, line
    cancelled = by_label.pop("first page cancels")
    assert cancelled["status"] == "cancelled" and cancelled["jobs"] == 1  # the other pages still follow it
    left = by_label.pop("every page left")
    assert left["jobs"] == 0 and left["searches"] == 0 and left["tracebacks"] == 0


def test_bad_review_messages_get_a_reason_and_the_socket_stays_open():
    lines = run(
        """
sid = new_game(["random", "random"])
with client.websocket_connect(f"/ws/{sid}?seat=0") as ws:
    finished(ws)
    for label, message in [
        ("another seat", {"type": "review", "seat": 1}),
        ("a spectator's", {"type": "review", "seat": None}),
        ("huge positions", {"type": "review", "positions": 2**70}),
        ("huge iterations", {"type": "review", "iterations": 10**30}),
        ("a game", {"type": "review", "game": "helpers.canary_plugin:game"}),
        ("a module", {"type": "review", "agent": "os:system"}),
        ("cancel junk", {"type": "review", "cancel": "yes"}),
        ("cancel number", {"type": "review", "cancel": 1}),
        ("cancel, nothing running", {"type": "review", "cancel": True}),
        ("binary", "BINARY"),
        ("deep", '{"type": "review", "cancel": ' + "[" * 50 + "]" * 50 + "}"),
    ]:
        if message == "BINARY":
            ws.send_bytes(b"\\x00review")
            report(label, read(ws))
        else:
            attack(ws, label, message)
    ws.send_json({"type": "review"})
    report("still reviews", read(ws))
with client.websocket_connect("/ws/no-such-game?seat=0") as ws:
    report("no such game", ws.receive_json())
"""
    )
    by_label = {line["label"]: line for line in lines}
    assert by_label.pop("still reviews")["status"] == "running"
    missing = by_label.pop("no such game")
    assert missing["fatal"] and "no such game" in missing["error"]
    for label in ("another seat", "a spectator's", "huge positions", "huge iterations", "a game", "a module"):
        assert "a review request: unknown field" in by_label[label]["error"], by_label[label]
    assert "cancel must be true or false" in by_label["cancel junk"]["error"]
    assert by_label["cancel, nothing running"]["error"] == "no review is running on this page"
    assert_refused(list(by_label.values()))


def test_a_replay_takes_no_review_message():
    lines = run(
        """
sid = new_game(["random", "random"])
with client.websocket_connect(f"/ws/{sid}") as ws:
    finished(ws)
replay = client.post(f"/api/sessions/{sid}/replay", json={}).json()["id"]
with client.websocket_connect(f"/ws/{replay}") as ws:
    read(ws, ("view",))
    attack(ws, "review of a replay", {"type": "review"})
"""
    )
    assert_refused(lines, "a replay takes messages")
