"""Playing against the AI as on a game site, without a browser (Starlette's test client): endings
with their reason, rematch (seats swapped on request), resign and takeback, forced AI moves
without search time, the thinking kept from a human's own best move, the log one line a turn, the
seats by name ("You", "Medium AI") and connect four's own notation, and the bugs of issue 39 (a
seat of -1, Leduc's check, Gummiland's Selection tile, tic-tac-toe's coordinates). Budget: about
15 s."""

from __future__ import annotations

import random
import time

import pytest

import tablesearch as ts
from tablesearch import render
from tablesearch.render import moves

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]' in the clone")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx")
from starlette.testclient import TestClient  # noqa: E402

from tablesearch.web import endings, movelog, views  # noqa: E402
from tablesearch.web.app import create_app  # noqa: E402
from tablesearch.web.settings import ServerSettings  # noqa: E402


@pytest.fixture
def client(tmp_path):
    sessions = {}
    settings = ServerSettings(hosts=frozenset({"testserver"}), record_dir=str(tmp_path))
    with TestClient(
        create_app(sessions=sessions, settings=settings), headers={"x-tablesearch-token": settings.token}
    ) as c:
        c.sessions = sessions
        yield c


def _new(client, **body) -> str:
    response = client.post("/api/sessions", json=dict(delay=0, **body))
    assert response.status_code == 200, response.json()
    return str(response.json()["id"])


def _view(ws, until=lambda v: True):
    while True:
        message = ws.receive_json()
        if message["type"] == "view" and until(message):
            return message
        assert message["type"] != "error", message


def _until_busy(ws):
    """Reads until the page hears that an AI seat searches (a busy notice, or a view saying so)."""
    while True:
        message = ws.receive_json()
        assert message["type"] != "error", message
        if message["type"] == "busy" or (message["type"] == "view" and message["busy"] is not None):
            return message


def _play_out(ws):
    """Plays the seat's first legal move until the game ends; the final view."""
    while True:
        view = _view(ws, lambda v: (v["your_turn"] and v["automatic"] is None) or v["finished"])
        if view["finished"]:
            return view
        ws.send_json({"type": "move", "action": view["legal"][0]["action"]})


def test_a_seat_out_of_range_names_the_seats(client):
    sid = _new(client, game="tic_tac_toe", seats=["human", "random"])
    for seat in ("-1", "2"):
        with client.websocket_connect(f"/ws/{sid}?seat={seat}") as ws:
            reply = ws.receive_json()
            assert reply["fatal"] and reply["message"] == (
                f"the address names seat={seat}, which this game does not have: seat=0 to seat=1 are its seats 1 to 2"
            )


def test_an_ending_says_why_and_a_rematch_keeps_the_setup(client):
    sid = _new(client, game="tic_tac_toe", seats=["human", {"spec": "mcts", "budget": {"iterations": 50}}], seed=1)
    assert client.post(f"/api/sessions/{sid}/rematch", json={}).status_code == 404  # not over yet
    with client.websocket_connect(f"/ws/{sid}?seat=0") as ws:
        end = _play_out(ws)
    assert end["status"].startswith("game over: ")
    ending = end["ending"]
    assert ending["result"] in ("won", "lost", "drew")
    reason = "the board is full" if ending["result"] == "drew" else "three in a row for "
    assert reason in ending["reason"] and reason in end["status"]
    if ending["result"] == "lost":
        assert end["status"].startswith("game over: mcts won (three in a row for O: ")  # its label: the spec
    again = client.post(f"/api/sessions/{sid}/rematch", json={}).json()
    assert again["id"] != sid and again["seats"] == ["human", "mcts"] and again["humans"] == [0]
    assert client.sessions[again["id"]].seats[1].budget == {"iterations": 50}  # the setup is kept
    assert client.sessions[again["id"]].seed != client.sessions[sid].seed  # a new game
    swapped = client.post(f"/api/sessions/{sid}/rematch", json={"swap": True}).json()
    assert swapped["seats"] == ["mcts", "human"] and swapped["humans"] == [1]
    for body, text in [({"swap": "yes"}, "true or false"), ({"seed": 1}, "unknown field"), ([], "JSON object")]:
        response = client.post(f"/api/sessions/{sid}/rematch", json=body)
        assert response.status_code == 400 and text in response.json()["error"]


def test_the_lone_human_may_resign_and_the_game_is_recorded_so(client):
    sid = _new(client, game="connect_four", seats=["human", "random"], seed=2)
    with client.websocket_connect(f"/ws/{sid}?seat=0") as ws:
        view = _view(ws, lambda v: v["your_turn"])
        assert view["can_resign"] and not view["can_take_back"]  # nothing to take back yet
        ws.send_json({"type": "resign", "now": True})
        assert "unknown field" in ws.receive_json()["message"]
        ws.send_json({"type": "resign"})
        end = _view(ws, lambda v: v["finished"])
        assert end["status"] == "game over: Beginner AI won (you resigned)"  # random: a level
        assert end["returns"] == [-1.0, 1.0] and end["ending"]["result"] == "lost"
        _view(ws, lambda v: v["recorded"])
    record = client.sessions[sid].record
    assert record["resigned"] == 0 and record["returns"] == [-1.0, 1.0] and record["winners"] == [1]
    # Only a game's one human, and only where a result can be recorded, may resign.
    for game, seats, text in [
        ("connect_four", ["human", "human"], "only the one human player"),
        ("leduc_poker", ["human", "random"], "in games won or lost"),
    ]:
        other = _new(client, game=game, seats=seats, seed=1)
        with client.websocket_connect(f"/ws/{other}?seat=0") as ws:
            assert not _view(ws)["can_resign"]
            ws.send_json({"type": "resign"})
            reply = ws.receive_json()
            while reply["type"] != "error":
                reply = ws.receive_json()
            assert text in reply["message"]


def test_a_move_is_taken_back_after_the_ais_reply_or_while_it_thinks(client):
    sid = _new(client, game="connect_four", seats=["human", {"spec": "mcts", "budget": {"iterations": 100}}], seed=1)
    session = client.sessions[sid]
    with client.websocket_connect(f"/ws/{sid}?seat=0") as ws:
        _view(ws, lambda v: v["your_turn"])
        ws.send_json({"type": "move", "action": 3})
        view = _view(ws, lambda v: v["your_turn"] and v["move"] == 2)
        assert view["can_take_back"]
        ws.send_json({"type": "takeback"})
        view = _view(ws, lambda v: v["move"] == 0)
        assert view["your_turn"] and view["log"] == [] and session.state.history() == []
    slow = _new(client, game="connect_four", seats=["human", "mcts:time_limit=20"], seed=1)
    session = client.sessions[slow]
    with client.websocket_connect(f"/ws/{slow}?seat=0") as ws:
        _view(ws, lambda v: v["your_turn"])
        ws.send_json({"type": "move", "action": 3})
        _until_busy(ws)  # the AI searches
        start = time.monotonic()
        ws.send_json({"type": "takeback"})
        view = _view(ws, lambda v: v["move"] == 0 and v["busy"] is None and v["your_turn"])
        assert time.monotonic() - start < 5  # the search stopped at once
        ws.send_json({"type": "move", "action": 2})  # the game goes on from there
        _until_busy(ws)
        assert session.error is None and session.state.history() == [2]


def test_a_takeback_undoes_a_whole_answer_of_several_moves(client):
    """Issue 50: a Wetland turn's two actions are one answer (a move and its follow-up in one
    click); a takeback went back to the second action only, leaving the first played."""
    sid = _new(client, game="wetland", seats=["human", "random"], seed=4)
    session = client.sessions[sid]
    with client.websocket_connect(f"/ws/{sid}?seat=0") as ws:
        view = _view(ws, lambda v: v["your_turn"])
        first = next(m for m in view["legal"] if m["then"])
        ws.send_json({"type": "move", "action": first["action"], "then": first["then"][0]["actions"]})
        view = _view(ws, lambda v: v["your_turn"] and v["move"] >= 2)  # (an extra action: B on the AI's A tile)
        assert view["can_take_back"]
        played = view["move"]
        ws.send_json({"type": "takeback"})
        view = _view(ws, lambda v: v["move"] < played)
        assert view["move"] == 0 and view["your_turn"] and view["log"] == [], view["log"]
        assert session.state.history() == []


def test_a_forced_ai_move_takes_no_search_time(client):
    """Candy Land has no decision: two AIs with 2 s a move finish a game in moments."""
    sid = _new(client, game="candyland", seats=["mcts:time_limit=2", "mcts:time_limit=2"], seed=3)
    start = time.monotonic()
    with client.websocket_connect(f"/ws/{sid}") as ws:
        _view(ws, lambda v: v["finished"])
    assert time.monotonic() - start < 10
    assert max(client.sessions[sid].seconds) < 2


def test_a_humans_page_never_gets_the_ais_expected_reply(client):
    """Connect four, the human at seat 0: the AI's thinking reaches the human's page without any
    move of seat 0 in it, while a spectator sees the whole expected line."""
    sid = _new(client, game="connect_four", seats=["human", "mcts:iterations=3000"], seed=1)
    with client.websocket_connect(f"/ws/{sid}?seat=0") as mine, client.websocket_connect(f"/ws/{sid}") as watching:
        _view(mine, lambda v: v["your_turn"])
        mine.send_json({"type": "move", "action": 3})
        seen = _thoughts(mine, lambda m: m["type"] == "view" and m["your_turn"])
        assert seen and seen[-1]["done"] and seen[-1]["rows"]
        for thought in seen:
            assert 0 not in thought["pv_seats"] and not any(p.startswith("P0") for p in thought["pv"])
            assert not any(e.startswith(("P0", "You")) for e in thought["expects"])
        spectator = _thoughts(
            watching, lambda m: (m.get("thinking") or m)["type"] == "thinking" and (m.get("thinking") or m)["done"]
        )
        # The expected line in words names the seats as the page does: "Human: column 4".
        assert 0 in spectator[-1]["pv_seats"] and spectator[-1]["expects"][0].startswith("Human: column ")


def test_a_page_opened_after_the_game_ends_sees_the_last_search(client):
    """The game's last view replaces any search update still waiting for a slow page, so it must
    carry the last finished search (a browser test once saw only an unfinished one)."""
    ai = {"spec": "mcts", "budget": {"iterations": 50}}
    sid = _new(client, game="tic_tac_toe", seats=[ai, ai], seed=3)
    session = client.sessions[sid]
    with client.websocket_connect(f"/ws/{sid}") as ws:
        _view(ws, lambda v: v["finished"])
    deadline = time.monotonic() + 30
    while not session.task.done():  # the game loop's last view is sent after the finished one
        assert time.monotonic() < deadline
        time.sleep(0.01)
    with client.websocket_connect(f"/ws/{sid}") as ws:
        end = _view(ws)
    assert end["finished"] and end["thinking"]["done"] and end["thinking"]["rows"]


def _thoughts(ws, last):
    """The thinking a page receives (alone, or within a view) up to the message `last` accepts."""
    seen = []
    while True:
        message = ws.receive_json()
        assert message["type"] != "error", message
        if message["type"] == "thinking":
            seen.append(message)
        if message["type"] == "view" and message.get("thinking"):
            seen.append(message["thinking"])
        if last(message):
            return seen


def test_thinking_in_words():
    from tablesearch.web import explain

    rows = [
        dict(label="x3", visits=900, share=0.9, value=0.5),
        dict(label="x2", visits=100, share=0.1, value=-0.2),
    ]
    words = explain.rows_in_words(rows, explain.win_scale(ts.load_game("connect_four")))
    assert words[0]["win"] == 0.75 and words[0]["text"] == "75% ± 3% to win"  # 1.96 sqrt(.75 .25 / 900)
    assert explain.win_scale(ts.load_game("gnomi", players=3)) == -0.5  # a loser's share of -1
    assert explain.win_scale(ts.load_game("leduc_poker")) is None  # chips: the expected result instead
    assert explain.rows_in_words(rows, None)[1]["text"] == "expected -0.20"
    barely = explain.rows_in_words([dict(rows[1], visits=3)], explain.win_scale(ts.load_game("connect_four")))[0]
    assert barely["text"] == "not looked at enough" and barely["margin"] is None  # no "40% ± 55%"
    assert explain.confidence(rows)["text"] == "sure: 90% of its look-ahead went to x3"
    close = [dict(rows[0], share=0.35), dict(rows[1], share=0.3)]
    assert explain.confidence(close)["text"] == "unsure: 35% of its look-ahead went to x3, 30% to x2"
    assert explain.expected_line(["P1: a", "P0: b", "P1: c"], [1, 0, 1], stop_at=[0]) == []
    assert explain.expected_line(["P1: a", "P2: b", "P0: c"], [1, 2, 0], stop_at=[0]) == ["P2: b"]


def test_the_log_is_one_line_a_turn():
    steps = ["P0 draws", "the card: red; P0 moves from 0 to 1", "P1 draws", "the card: blue; P1 moves from 0 to 4"]
    assert movelog.lines(steps, [0, -1, 1, -1]) == [
        dict(text="P0 draws; the card: red; P0 moves from 0 to 1", move=2),
        dict(text="P1 draws; the card: blue; P1 moves from 0 to 4", move=4),
    ]
    # A reaction inside another seat's turn stays on that turn's line; the name is said once.
    gnomi = ["P0 uses 1 mushroom: blue (m1)", "P0 asks P1 for blue", "P1 does not react", "P1 passes"]
    assert [line["text"] for line in movelog.lines(gnomi, [0, 0, 0, 1])] == [
        "P0 uses 1 mushroom: blue (m1); asks P1 for blue; P1 does not react",
        "P1 passes",
    ]
    assert movelog.lines(["P0 is dealt K", "P1 is dealt a card"], [-1, -1]) == [
        dict(text="P0 is dealt K; P1 is dealt a card", move=2)
    ]


def test_seats_are_named_as_the_page_names_them():
    """Issue 50: "You" for the page's own seat (its verbs agreeing), a seat's label for the others,
    with the seat number counted from 1 where two share a label; no "P0" left."""
    from tablesearch.web.names import named, seat_names

    labels = ["Human", "Medium AI", "Medium AI"]
    names = seat_names(labels, 0)
    assert names == ["You", "Medium AI (seat 2)", "Medium AI (seat 3)"]
    assert seat_names(labels, None) == ["Human", "Medium AI (seat 2)", "Medium AI (seat 3)"]
    assert seat_names(["Human", "Easy AI"], 1) == ["Human", "You"]
    assert named("P0 drops a red disc in column 4", names) == "You drop a red disc in column 4"
    assert named("P1 asks P0 for blue; P0 has no blue to give", names) == (
        "Medium AI (seat 2) asks you for blue; you have no blue to give"
    )
    assert named("P0's A and B joined", names) == "Your A and B joined"
    assert named("P2 folded: P0 takes the pot of 4", names) == "Medium AI (seat 3) folded: you take the pot of 4"
    assert named("P0 passes; P0 reaches the Candy Castle", names) == "You pass; you reach the Candy Castle"
    # The speaker said once in a turn's line, the verb still agreeing with "You".
    gnomi = ["P0 uses 1 mushroom: blue (m1)", "P0 asks P1 for blue", "P1 does not react", "P1 passes"]
    assert [line["text"] for line in movelog.lines(gnomi, [0, 0, 0, 1], names)] == [
        "You use 1 mushroom: blue (m1); ask Medium AI (seat 2) for blue; Medium AI (seat 2) does not react",
        "Medium AI (seat 2) passes",
    ]
    state = ts.load_game("connect_four").new_initial_state()
    for action in [0, 1, 0, 1, 0, 1, 0]:
        state.apply_action(action)
    won = endings.ending(state, ["Human", "Medium AI"], 0, None, list(state.returns()))
    assert won["status"] == "game over: you won (four in a row for red (you))" and won["result"] == "won"
    lost = endings.ending(state, ["Medium AI", "Human"], None, None, list(state.returns()))
    assert lost["status"] == "game over: Medium AI won (four in a row for red (Medium AI))"


def test_connect_four_speaks_of_red_and_blue_discs_and_columns_1_to_7():
    """Issue 50: the log, the move chooser, the board and its legends number the columns from 1
    and name the discs by the colours drawn; the actions stay OpenSpiel's 0-6."""
    from tablesearch.render._svg import SEAT_COLOURS, SEAT_NAMES

    assert SEAT_NAMES[:2] == ["red", "blue"] and SEAT_COLOURS[0] == "#d9534f" and SEAT_COLOURS[1] == "#337ab7"
    state = ts.load_game("connect_four").new_initial_state()
    assert render.moves.describe_move(state, 0, 3) == "P0 drops a red disc in column 4"
    assert views.legal_moves(state, state, 0) == {a: f"column {a + 1}" for a in range(7)}
    state.apply_action(3)
    assert render.moves.describe_move(state, 1, 0) == "P1 drops a blue disc in column 1"
    svg = render.draw(state, actions=views.legal_moves(state, state, 1))
    for column in range(7):
        assert f">{column + 1}</text>" in svg and f"<title>column {column + 1}</title>" in svg
        assert f'data-column="{column}"' in svg  # the action's own number, for the page's code
    assert ">0</text>" not in svg and ">blue to move</text>" in svg and 'data-labels="column 4"' in svg
    legend, text_legend = render.legend("connect_four"), render.text_legend("connect_four")
    assert "Red moves first (seat 1), blue second (seat 2)" in legend and "1-7" in legend
    assert "x red" in text_legend and "o blue" in text_legend and "1-7" in text_legend


def test_leduc_calls_nothing_a_check():
    state = ts.load_game("leduc_poker").new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    names = views.legal_moves(state, state, state.current_player())
    assert names[1] == "Check"  # both seats have put in their ante: nothing to call
    before = state.clone()
    state.apply_action(2)  # a raise: now there is something to call
    assert views.legal_moves(state, state, state.current_player())[1] == "Call"
    assert render.moves.describe_move(before, 0, 1) == "P0 checks"
    assert 'data-button="check"' in render.draw(before, viewer=0, actions={1: "Check", 2: "Raise"})


def test_gummiland_draws_the_selection_tile_and_it_can_be_clicked():
    from tablesearch.games.gummiland.drawing import Tile

    tile = Tile.parse("Selection:1")
    assert (tile.cost, tile.reward, tile.tile_class) == ("", "Selection", 10)
    state = ts.load_game("gummiland", players=2, regions="blackberry").new_initial_state(1)
    rng = random.Random(1)
    while 10 not in state.legal_actions():  # until a Selection can be used
        state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    svg = render.draw(state, viewer=seat, actions={a: state.action_to_string(a) for a in state.legal_actions()})
    assert 'data-actions="10' in svg and ">Selection</text>" in svg and ">election<" not in svg


def test_tic_tac_toe_numbers_rows_and_columns_as_its_moves_name_them():
    """From 1, as players count (the native names count from 0: x(1,2) is row 2, column 3)."""
    state = ts.load_game("tic_tac_toe").new_initial_state()
    assert moves.action_name(state, 5) == "row 2, column 3" and state.action_to_string(5) == "x(1,2)"
    assert moves.describe_move(state, 0, 5) == "P0 puts an X in row 2, column 3"
    state.apply_action(5)
    svg = render.draw(state)
    assert "<title>row 2, column 3: X</title>" in svg
    for k in "123":
        assert svg.count(f">{k}</text>") == 2  # a row number and a column number


def _random_end(game, seed):
    state, rng = game.new_initial_state(seed), random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_wetland_and_gnomi_endings_say_why_and_wetland_marks_the_joined_pair():
    import re

    from tablesearch.games.wetland import drawing as wetland_drawing
    from tablesearch.web import endings

    for seed in range(3):
        state = _random_end(ts.load_game("wetland", players=3), seed)
        winner = max(range(3), key=lambda p: state.returns()[p])
        assert endings.reason(state) == f"P{winner}'s A and B are side by side"
        planes = wetland_drawing._Planes(state)
        (r1, c1), (r2, c2) = planes.token(winner, 0), planes.token(winner, 1)
        assert abs(r1 - r2) + abs(c1 - c2) == 1  # orthogonal neighbours
        assert render.draw(state).count('class="ts-deciding"') == 1
    capped = _random_end(ts.load_game("wetland", players=2, max_rounds=1), 0)
    assert (
        capped.returns() == [0.0, 0.0] and endings.reason(capped) == "the round cap is reached with no A and B joined"
    )
    assert 'class="ts-deciding"' not in render.draw(capped)
    state = _random_end(ts.load_game("gnomi", players=3), 1)
    winner = state.returns().index(1.0)
    assert endings.reason(state) == f"P{winner} is the last with a card right side up"
    state = _random_end(ts.load_game("gnomi", players=4, max_rounds=2), 0)
    assert re.fullmatch(
        r"the round cap \(2\) is reached; cards right side up: P0 \d, P1 \d, P2 \d, P3 \d", endings.reason(state)
    )
    state = _random_end(ts.load_game("gnomi", players=3, golden=True), 1)
    assert endings.reason(state) == "the most gold after three games: " + ", ".join(
        f"P{p} {s:g}" for p, s in enumerate(state.scores())
    )
