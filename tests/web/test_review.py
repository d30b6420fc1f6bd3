"""The review of a finished game (web/review.py), without a browser: a tic-tac-toe blunder is
marked with the best move named, in the module and through a page's websocket; on games with
hidden information a seat's review is the same in every world the seat cannot tell apart and
covers only its own moves; Cancel and a page that leaves stop the search at once. Budget: about
15 s."""

from __future__ import annotations

import json

import pytest

import tablesearch as ts
from helpers.hostile import json_lines, run_isolated
from helpers.random_walk import random_steps
from tablesearch import render
from tablesearch.render.moves import action_name

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]' in the clone")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx")
from starlette.testclient import TestClient  # noqa: E402

from tablesearch.web import review  # noqa: E402
from tablesearch.web.app import create_app  # noqa: E402
from tablesearch.web.sessions import Event  # noqa: E402
from tablesearch.web.settings import Limits, ServerSettings  # noqa: E402

# x takes the centre, o a corner, x the opposite corner, o threatens the top row (0, 1, 2) and x
# does not block it at 1 (it plays 3): o wins at 1. Every other move keeps the draw.
BLUNDER_GAME = [4, 0, 8, 2, 3, 1]
BLUNDER_MOVE = 4  # x's move 3, the fifth of the game
BLUNDER_BEST = 1


def _events(name: str, actions: list[int], params: dict | None = None, seed: int = 0) -> list[Event]:
    state = ts.load_game(name, **(params or {})).new_initial_state(seed)
    events = []
    for action in actions:
        player = -1 if state.is_chance_node() else state.current_player()
        events.append(Event.of(len(events), player, action, state.clone()))
        state.apply_action(action)
    return events


def _review(events: list[Event], viewer, seed: int = 7, options=None) -> list[review.Position]:
    game = events[0].before.get_game()
    options = options or review.search_options(Limits())
    scale = review.scale_of(game)
    return [
        review.review_position(e, review.position_seed(seed, e.move), options, scale)
        for e in review.decisions(events, game, viewer)
    ]


def test_a_tic_tac_toe_blunder_is_marked_and_the_best_move_named():
    events = _events("tic_tac_toe", BLUNDER_GAME)
    positions = _review(events, viewer=0)
    assert [p.move for p in positions] == list(range(6))  # every seat's moves: nothing is hidden
    judged = {p.move: p.judgement for p in positions}
    assert judged == {0: None, 1: None, 2: None, 3: None, 4: "blunder", 5: None}
    blunder = positions[BLUNDER_MOVE]
    before = events[BLUNDER_MOVE].before
    assert (blunder.action, blunder.best_action) == (3, BLUNDER_BEST)
    assert (blunder.played, blunder.best) == (action_name(before, 3), action_name(before, BLUNDER_BEST))
    assert blunder.loss >= 0.15 and blunder.played_visits >= review.MIN_VISITS
    # The chart: x's chance to win before each move, then its result (a loss).
    message = review.page_message(
        positions, review.scale_of(before.get_game()), 0, ["Human", "Medium AI"], [-1, 1], "done", 6, 0
    )
    assert [round(p["value"], 1) for p in message["points"]][4:] == [0.5, 0.0] and message["result"] == 0.0
    row = message["moves"][BLUNDER_MOVE]
    assert row["name"] == "You" and row["judgement"] == "blunder" and row["best"] == blunder.best
    assert row["lost"] == f"−{blunder.loss:.0%} chance to win"
    assert message["counts"][0] == dict(seat=0, name="You", blunder=1, mistake=0, inaccuracy=0)
    assert message["counts"][1]["name"] == "Medium AI"
    assert [m["best"] for m in message["moves"]][:2] == [None, None]  # the best move was played


def test_the_thresholds_are_lichess_s_on_a_share_of_the_range():
    assert review.judge(0.16, 0.3, 400) == "blunder"
    assert review.judge(0.12, 0.3, 400) == "mistake"
    assert review.judge(0.07, 0.3, 400) == "inaccuracy"
    assert review.judge(0.04, 0.3, 400) is None
    assert review.judge(0.5, 0.3, review.MIN_VISITS - 1) is None  # looked at too little
    assert review.judge(0.16, 0.5, 25) is None  # within the margin of 25 looks (0.196)
    assert review.judge(0.16, None, 0) is None


@pytest.fixture
def client(tmp_path):
    sessions: dict = {}
    settings = ServerSettings(hosts=frozenset({"testserver"}), record_dir=str(tmp_path))
    with TestClient(
        create_app(sessions=sessions, settings=settings), headers={"x-tablesearch-token": settings.token}
    ) as c:
        c.sessions = sessions
        yield c


def _read(ws, kind: str, until=lambda m: True) -> dict:
    while True:
        message = ws.receive_json()
        if message["type"] == kind and until(message):
            return message
        assert message["type"] != "error", message


def test_a_page_asks_for_the_review_after_the_game_and_sees_the_blunder(client):
    body = dict(game="tic_tac_toe", seats=["human", "human"], seed=5, delay=0)
    sid = client.post("/api/sessions", json=body).json()["id"]
    with client.websocket_connect(f"/ws/{sid}?seat=0") as x, client.websocket_connect(f"/ws/{sid}?seat=1") as o:
        _read(x, "view")
        _read(o, "view")
        x.send_json({"type": "review"})
        assert "once it is over" in _read(x, "error")["message"]
        for k, action in enumerate(BLUNDER_GAME):
            (x, o)[k % 2].send_json({"type": "move", "action": action})
            _read(x, "view", lambda v, k=k: v["move"] == k + 1)
        x.send_json({"type": "review"})
        first = _read(x, "review")
        assert first["status"] in ("running", "done") and first["total"] == 6
        done = first if first["status"] == "done" else _read(x, "review", lambda m: m["status"] == "done")
        assert done["done"] == done["total"] == 6
        marked = [m for m in done["moves"] if m["judgement"]]
        assert [(m["move"], m["name"], m["judgement"]) for m in marked] == [(BLUNDER_MOVE, "You", "blunder")]
        state = client.sessions[sid].events[BLUNDER_MOVE].before
        assert marked[0]["best"] == action_name(state, BLUNDER_BEST)
        # o's page is shown the same positions, named for o: x is "Human" there.
        o.send_json({"type": "review"})
        seen_by_o = _read(o, "review")
        assert seen_by_o["status"] == "done" and seen_by_o["moves"][BLUNDER_MOVE]["name"] == "Human"
        assert not client.sessions[sid].reviews.jobs  # answered from what was found: no new search


# Hidden information: the variants of tests/web/test_views.py, at a smaller budget.
HIDDEN = [
    ("leduc_poker", {}),
    ("leduc_poker", {"players": 3}),
    ("gnomi", {"players": 3}),
    ("gummiland", {"players": 2}),
]
SMALL = dict(algorithm="auto", iterations=200, time_limit=None, threads=1)


@pytest.mark.parametrize("name,params", HIDDEN)
def test_a_hidden_information_review_is_the_same_in_every_world_the_seat_cannot_tell_apart(name, params):
    """Seat 0's review is made from seat 0's information only: swap every position before its
    moves for another one seat 0 cannot tell apart (resampled from its information) and the
    review, as sent to its page, is byte for byte the same. It covers seat 0's decisions only.
    6 seeds, the first 8 decisions of each."""
    compared = 0
    for seed in range(6):
        steps = list(random_steps(name, params, seed, limit=300))
        actions = [action for _, _, action in steps if action is not None]
        events = _events(name, actions, params, seed)
        chosen = review.decisions(events, events[0].before.get_game(), 0)[:8]
        assert chosen and {e.player for e in chosen} == {0}
        other = [Event(e.move, e.player, e.action, e.before.resample_from_infostate(0, 1000 + e.move)) for e in chosen]
        true_review, other_review = _review(chosen, 0, options=SMALL), _review(other, 0, options=SMALL)
        game = events[0].before.get_game()
        scale = review.scale_of(game)
        labels = ["Human"] + ["Medium AI"] * (game.num_players() - 1)
        returns = [0.0] * len(labels)
        texts = [
            json.dumps(review.page_message(r, scale, 0, labels, returns, "done", len(r), 0), sort_keys=True)
            for r in (true_review, other_review)
        ]
        assert texts[0] == texts[1]
        compared += len(chosen)
    assert compared >= 8


def test_only_the_page_s_own_moves_are_reviewed_in_a_game_with_hidden_information():
    game = ts.load_game("gnomi", players=3)
    steps = list(random_steps("gnomi", {"players": 3}, 2, limit=300))
    events = _events("gnomi", [a for _, _, a in steps if a is not None], {"players": 3}, 2)
    for seat in range(3):
        assert {e.player for e in review.decisions(events, game, seat)} == {seat}
    assert {e.player for e in review.decisions(events, game, None)} == {0, 1, 2}  # a spectator, at the end


# In a child process: a finished connect four game of two random AIs watched by a spectator page, and
# a review whose every position would search for 20 s (the search options patched).
CANCEL = """
import json, time, warnings
warnings.simplefilter("ignore")
from starlette.testclient import TestClient
from tablesearch import _core
from tablesearch.web import review
from tablesearch.web.app import create_app
from tablesearch.web.settings import ServerSettings

review.search_options = lambda limits: dict(iterations=10**9, time_limit=20.0, threads=1)
settings = ServerSettings(hosts=frozenset({"testserver"}))
client = TestClient(create_app(sessions={}, settings=settings), headers={"x-tablesearch-token": settings.token})
body = {"game": "connect_four", "seats": ["random", "random"], "seed": 4, "delay": 0}
sid = client.post("/api/sessions", json=body).json()["id"]

def read(ws, kind, until=lambda m: True):
    while True:
        message = ws.receive_json()
        if message["type"] == kind and until(message):
            return message

def searching():
    deadline = time.monotonic() + 10
    while _core.running_searches() == 0 and time.monotonic() < deadline:
        time.sleep(0.005)
    return _core.running_searches()

def stopped():
    start = time.monotonic()
    while _core.running_searches() and time.monotonic() - start < 10:
        time.sleep(0.005)
    return time.monotonic() - start

with client.websocket_connect(f"/ws/{sid}") as ws:
    read(ws, "view", lambda v: v["finished"])
    ws.send_json({"type": "review"})
    started = read(ws, "review")
    running = searching()
    ws.send_json({"type": "review", "cancel": True})
    cancelled = read(ws, "review")
    after = stopped()
    time.sleep(0.3)
    print(json.dumps(dict(step="cancel", started=started["status"], total=started["total"], running=running,
                          status=cancelled["status"], done=cancelled["done"], stopped_after=after,
                          later=_core.running_searches())))
    ws.send_json({"type": "review"})
    again = read(ws, "review")
    running = searching()
print(json.dumps(dict(step="leave", status=again["status"], running=running, stopped_after=stopped())))
"""


def test_cancel_and_a_page_leaving_stop_the_review_s_search_at_once():
    cancel, leave = json_lines(run_isolated(CANCEL, timeout=120).stdout)
    assert cancel["started"] == "running" and cancel["total"] >= 7 and cancel["running"] == 1
    assert cancel["status"] == "cancelled" and cancel["done"] == 0
    assert cancel["stopped_after"] < 1.0, cancel  # not the 20 s of the position's search
    assert cancel["later"] == 0  # and no position after it is searched
    assert leave["status"] == "running" and leave["running"] == 1  # asked again: it goes on
    assert leave["stopped_after"] < 1.0, leave


WEB_GAMES = [name for name in ts.list_games() if render.has_drawing(name)]  # the games the page draws


@pytest.mark.parametrize("name", WEB_GAMES)
def test_every_game_is_reviewed(name, tmp_path):
    """A human seat playing its first legal move each time against random players, then the
    review of that page: done, every position reviewed, and on games with hidden information
    the human seat's moves only. (A server capped at 300 iterations a move keeps it quick.)"""
    settings = ServerSettings(hosts=frozenset({"testserver"}), limits=Limits(iterations=300))
    sessions: dict = {}
    app = create_app(sessions=sessions, settings=settings)
    game = ts.load_game(name)
    seats = ["human"] + ["random"] * (game.num_players() - 1)
    with TestClient(app, headers={"x-tablesearch-token": settings.token}) as c:
        sid = c.post("/api/sessions", json=dict(game=name, seats=seats, seed=2, delay=0)).json()["id"]
        with c.websocket_connect(f"/ws/{sid}?seat=0") as ws:
            ws.send_json({"type": "autoplay", "on": False})  # forced moves too are sent here, without a pause
            view = _read(ws, "view")
            while not view["finished"]:  # (a page may be sent only the newest of several views)
                if view["your_turn"]:
                    ws.send_json({"type": "move", "action": view["legal"][0]["action"]})
                    view = _read(ws, "view", lambda v, m=view["move"]: v["move"] > m or v["finished"])
                else:
                    view = _read(ws, "view")
            ws.send_json({"type": "review"})
            done = _read(ws, "review", lambda m: m["status"] != "running")
        assert done["status"] == "done" and done["done"] == done["total"] and not done["error"]
        assert view["can_review"] == (done["total"] > 0)  # the page offers no review of Candy Land's draws
        events = sessions[sid].events
        choices = [e for e in events if e.player >= 0 and len(e.before.legal_actions()) > 1]
        seats_reviewed = {m["seat"] for m in done["moves"]}
        if game.has_hidden_information():
            assert seats_reviewed == {0} and done["total"] == sum(1 for e in choices if e.player == 0)
        else:
            assert done["total"] == len(choices) and seats_reviewed == {e.player for e in choices}
        assert len(done["points"]) == done["total"]
