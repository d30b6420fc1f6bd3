"""The web app in a real browser (system chromium via Playwright): a whole tic-tac-toe game by
clicks, a Gnomi page holding no face its seat has not seen, a replay stepped forward and back,
and `tablesearch serve tic_tac_toe` serving a page with an SVG board. Budget: about 20 s."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request

import tablesearch as ts


def _server(**kwargs):
    from tablesearch.web.background import BackgroundServer

    return BackgroundServer(**kwargs)


def _post(url: str, body: dict) -> dict:
    request = urllib.request.Request(
        url + "/api/sessions", data=json.dumps(body).encode(), headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def wait_status(page, text: str) -> None:
    page.wait_for_function("t => document.querySelector('#status').textContent === t", arg=text)


def test_human_plays_a_whole_tic_tac_toe_game_by_clicks(page):
    with _server(default_game="tic_tac_toe") as server:
        page.goto(server.url + "/")
        page.select_option("#game", "tic_tac_toe")
        page.fill('.seat-row input.spec[data-seat="0"]', "human")
        page.fill('.seat-row input.spec[data-seat="1"]', "mcts:iterations=300")
        page.click("#start")
        clicks = 0
        for _ in range(20):
            page.wait_for_function("() => /your move|game over/.test(document.querySelector('#status').textContent)")
            if "game over" in page.inner_text("#status"):
                break
            cells = page.locator("#board [data-actions]")
            before = page.locator("#log li").count()
            cells.first.click()
            clicks += 1
            page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}")
        status = page.inner_text("#status")
        assert "game over" in status
        assert 3 <= clicks <= 5  # x moves first: 3 to 5 of the (at most 9) moves are the human's
        session = next(iter(server.sessions.values()))
        assert session.state.is_terminal()
        assert page.locator("#log li").count() == len(session.state.history())
        # The AI's thinking was shown: a bar chart row and the iterations of its last move.
        assert page.locator("#thinking-table tbody tr").count() >= 1
        assert "300 iterations" in page.inner_text("#thinking-summary")


def test_an_illegal_click_gets_a_message_on_the_page(page):
    with _server() as server:
        info = _post(server.url, dict(game="tic_tac_toe", seats=["human", "random"], seed=1))
        page.goto(f"{server.url}/?session={info['id']}&seat=0")
        page.wait_for_selector("#board svg.ts-board")
        page.evaluate("() => send({type: 'move', action: 42})")
        page.wait_for_selector("#error:not([hidden])")
        assert "illegal move 42" in page.inner_text("#error")


def test_gnomi_page_shows_no_hidden_face_of_another_seat(page):
    with _server() as server:
        info = _post(
            server.url, dict(game="gnomi", params={"players": 3}, seats=["human", "random", "random"], seed=7, delay=0)
        )
        page.goto(f"{server.url}/?session={info['id']}&seat=0")
        page.wait_for_selector("#board svg.ts-board")
        session = server.sessions[info["id"]]
        # Play a few turns by clicks so that cards move, get revealed and composted unrevealed.
        for _ in range(6):
            page.wait_for_function("() => /your move|game over/.test(document.querySelector('#status').textContent)")
            if "game over" in page.inner_text("#status"):
                break
            before = page.locator("#log li").count()
            page.locator("#actions button").last.click()
            page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}")
        page.wait_for_function("() => /your move|game over/.test(document.querySelector('#status').textContent)")
        fields = session.state.fields()
        html = page.content()
        faces_shown = dict(
            page.eval_on_selector_all(
                "#board [data-card]", "els => els.map(e => [e.dataset.card, e.dataset.face || null])"
            )
        )
        assert faces_shown, "the page shows the cards"
        hidden_cards = 0
        for kind, prefix in (("m", "mushroom"), ("g", "gnome")):
            for i, holder in enumerate(fields[f"{prefix}_holder"]):
                if holder < 0:
                    continue
                card = f"{kind}{i}"
                knows = bool(fields[f"{prefix}_known"][i] & 1)
                assert card in faces_shown
                if not knows:
                    hidden_cards += 1
                    assert faces_shown[card] is None, f"{card} is drawn face up though seat 0 never saw it"
        assert hidden_cards > 0
        assert 'data-face="' in html  # own cards are face up
        # No thinking of the AI seats reaches this page (their statistics depend on their cards).
        assert page.locator("#thinking").is_hidden()


def test_replay_steps_forward_and_back(page, tmp_path):
    out = tmp_path / "results.jsonl"
    ts.tournament("tic_tac_toe", ["random", "mcts:iterations=50"], games=2, seed=3, workers=1, out=str(out))
    from tablesearch.web.sessions import ReplaySession, read_record

    record = read_record(str(out), "0.1")
    replay = ReplaySession(record, {})
    with _server(start=replay) as server:
        page.goto(server.url + "/")
        page.wait_for_selector("#board svg.ts-board")
        total = len(record["actions"])
        assert page.inner_text("#status") == f"move 0 of {total}"
        page.click('[data-step="forward"]')
        wait_status(page, f"move 1 of {total}")
        page.click('[data-step="forward"]')
        wait_status(page, f"move 2 of {total}")
        assert page.locator("#log li").count() == 2
        marks_after_two = page.locator("#board svg line, #board svg circle[stroke-width='9']").count()
        page.click('[data-step="back"]')
        wait_status(page, f"move 1 of {total}")
        assert page.locator("#log li").count() == 1
        assert page.locator("#board svg line, #board svg circle[stroke-width='9']").count() < marks_after_two
        page.click('[data-step="last"]')
        wait_status(page, f"move {total} of {total}")
        assert page.locator("#log li").count() == total


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_tablesearch_serve_serves_a_page_with_an_svg_board(page):
    port = _free_port()
    command = [
        sys.executable,
        "-c",
        "import sys; from tablesearch.cli import main; sys.exit(main())",
        "serve",
        "tic_tac_toe",
        "--port",
        str(port),
    ]
    server = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        line = server.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in line
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games")
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        page.goto(f"http://127.0.0.1:{port}/")
        assert page.input_value("#game") == "tic_tac_toe"
        page.click("#start")
        page.wait_for_selector("#board svg.ts-board")
        assert page.locator("#board svg.ts-board rect[data-cell]").count() == 9
    finally:
        server.terminate()
        log, _ = server.communicate(timeout=10)
    assert "Traceback" not in log
