"""The web app in a real browser (system chromium via Playwright): a whole tic-tac-toe game by
clicks, a Gnomi page holding no face its seat has not seen, a replay stepped forward and back,
and `tablesearch serve tic_tac_toe` serving a page with an SVG board. Budget: about 20 s."""

from __future__ import annotations

import http.server
import logging
import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.request

import tablesearch as ts
from helpers.web_server import background_server, post_session


def wait_status(page, text: str) -> None:
    page.wait_for_function("t => document.querySelector('#status').textContent === t", arg=text)


def test_human_plays_a_whole_tic_tac_toe_game_by_clicks(page):
    with background_server(default_game="tic_tac_toe") as server:
        page.goto(server.page("/"))
        page.select_option("#game", "tic_tac_toe")
        page.click("#specs-box summary")  # the specs, for programmers, are folded
        page.fill('.seat-row input.spec[data-seat="0"]', "human")
        page.fill('.seat-row input.spec[data-seat="1"]', "mcts:iterations=30")  # tic-tac-toe's Medium
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
        # The last search's words may arrive just after the final view (the AI's winning move).
        page.wait_for_function("() => / chose /.test(document.querySelector('#thinking-head').textContent)")
        assert 3 <= clicks <= 5  # x moves first: 3 to 5 of the (at most 9) moves are the human's
        session = next(iter(server.sessions.values()))
        assert session.state.is_terminal()
        assert page.locator("#log li").count() == len(session.state.history())
        # The AI's thinking was shown: a bar chart row and the iterations of its last move.
        assert page.locator("#thinking-table tbody tr").count() >= 1
        # Folded under "numbers"; a search that proves the game's result stops before its budget.
        searched = re.search(r"(\d+) iterations in ", page.text_content("#thinking-summary"))
        assert searched and 1 <= int(searched.group(1)) <= 30
        assert page.inner_text("#thinking-head").startswith("Medium AI chose ")  # a level's spec


def test_an_illegal_click_gets_a_message_on_the_page(page):
    with background_server() as server:
        info = post_session(server, dict(game="tic_tac_toe", seats=["human", "random"], seed=1))
        page.goto(server.page(f"/?session={info['id']}&seat=0"))
        page.wait_for_selector("#board svg.ts-board")
        page.evaluate("() => send({type: 'move', action: 42})")
        page.wait_for_selector("#error:not([hidden])")
        assert "illegal move 42" in page.inner_text("#error")


def test_gnomi_page_shows_no_hidden_face_of_another_seat(page):
    with background_server() as server:
        info = post_session(
            server, dict(game="gnomi", params={"players": 3}, seats=["human", "random", "random"], seed=7, delay=0)
        )
        page.goto(server.page(f"/?session={info['id']}&seat=0"))
        page.wait_for_selector("#board svg.ts-board")
        session = server.sessions[info["id"]]
        # Play a few turns by clicks so that cards move, get revealed and composted unrevealed (not to
        # the end: a finished game shows every face).
        for _ in range(3):
            page.wait_for_function("() => /your move|game over/.test(document.querySelector('#status').textContent)")
            if "game over" in page.inner_text("#status"):
                break
            before = page.evaluate("() => view.move")
            page.eval_on_selector("#moves-box", "box => { box.open = true; }")
            page.locator("#actions button").last.click()
            page.wait_for_function(f"() => view.move > {before}")
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
    from tablesearch.web.records import read_record
    from tablesearch.web.replays import ReplaySession
    from tablesearch.web.settings import ServerSettings

    record = read_record(str(out), "0.1")
    settings = ServerSettings()
    replay = ReplaySession(record, {}, settings)
    with background_server(start=replay, settings=settings) as server:
        page.goto(server.page("/"))
        page.wait_for_selector("#board svg.ts-board")
        total = len(record["actions"])
        assert page.inner_text("#status") == f"move 0 of {total}"
        page.click('[data-step="forward"]')
        wait_status(page, f"move 1 of {total}")
        page.click('[data-step="forward"]')
        wait_status(page, f"move 2 of {total}")
        assert page.locator("#log li:not(.ahead)").count() == 2  # the moves ahead are listed too, lighter
        assert page.locator("#log li").count() == total
        marks_after_two = page.locator("#board svg line, #board svg circle[stroke-width='9']").count()
        page.click('[data-step="back"]')
        wait_status(page, f"move 1 of {total}")
        assert page.locator("#log li:not(.ahead)").count() == 1
        assert page.locator("#board svg line, #board svg circle[stroke-width='9']").count() < marks_after_two
        page.click('[data-step="last"]')
        wait_status(page, f"move {total} of {total}")
        assert page.locator("#log li.ahead").count() == 0
        # The keyboard: Home, End and the arrows step through it; the focused button keeps the focus.
        page.keyboard.press("Home")
        wait_status(page, f"move 0 of {total}")
        page.keyboard.press("ArrowRight")
        wait_status(page, f"move 1 of {total}")
        page.focus('[data-step="forward"]')
        page.keyboard.press("Enter")
        wait_status(page, f"move 2 of {total}")
        assert page.evaluate("() => document.activeElement.dataset.step") == "forward"
        page.keyboard.press("ArrowLeft")
        wait_status(page, f"move 1 of {total}")
        # The scrubber, moved by its own arrow keys, and a click on a line ahead of the position.
        page.focus("#scrubber")
        page.keyboard.press("ArrowRight")
        wait_status(page, f"move 2 of {total}")
        assert page.evaluate("() => document.activeElement.id") == "scrubber"
        page.locator("#log li button.jump").nth(total - 2).click()
        wait_status(page, f"move {total - 1} of {total}")
        assert page.locator("#log li.here button").get_attribute("aria-current") == "step"


# Four arrow presses in one task, quicker than any answer: the page has not yet heard back from
# the first when the last is pressed.
QUICK_PRESSES = """(key) => { for (let i = 0; i < 4; i++)
  document.body.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true })); }"""


def test_quick_presses_in_a_replay_all_count(page, tmp_path):
    """Issue 50: after 4 quick presses of the right arrow, 25 of 28 replays stood at move 1-3 (each
    press stepped from the position shown, not from the one already asked for). Presses and
    clicks on the step buttons quicker than the server answers now all count."""
    out = tmp_path / "results.jsonl"
    ts.tournament("connect_four", ["random", "random"], games=1, seed=5, workers=1, out=str(out))
    from tablesearch.web.records import read_record
    from tablesearch.web.replays import ReplaySession
    from tablesearch.web.settings import ServerSettings

    record = read_record(str(out), "0.0")
    total = len(record["actions"])
    assert total >= 12
    settings = ServerSettings()
    with background_server(start=ReplaySession(record, {}, settings), settings=settings) as server:
        page.goto(server.page("/"))
        wait_status(page, f"move 0 of {total}")
        page.evaluate(QUICK_PRESSES, "ArrowRight")
        wait_status(page, f"move 4 of {total}")
        page.evaluate(QUICK_PRESSES, "ArrowRight")
        wait_status(page, f"move 8 of {total}")
        page.evaluate(QUICK_PRESSES, "ArrowLeft")
        wait_status(page, f"move 4 of {total}")
        page.evaluate("() => { for (let i = 0; i < 3; i++) document.querySelector('[data-step=forward]').click(); }")
        wait_status(page, f"move 7 of {total}")
        page.keyboard.press("End")
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowLeft")
        wait_status(page, f"move {total - 2} of {total}")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_tablesearch_serve_serves_a_page_with_an_svg_board(page, tmp_path):
    port = _free_port()
    command = [
        sys.executable,
        "-c",
        "import sys; from tablesearch.cli import main; sys.exit(main())",
        "serve",
        "tic_tac_toe",
        "--port",
        str(port),
        "--record",
        str(tmp_path),
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
        address = re.search(r"http://\S+", line).group(0)
        assert address.startswith(f"http://127.0.0.1:{port}/?token=")
        token = address.split("token=")[1]
        assert server.stdout.readline().strip() == f"tablesearch: finished games are recorded in {tmp_path}"
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(
                    urllib.request.Request(f"http://127.0.0.1:{port}/api/games", headers={"x-tablesearch-token": token})
                )
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        page.goto(address)
        assert page.url == f"http://127.0.0.1:{port}/"  # the token went into a cookie
        page.wait_for_function("() => document.querySelector('#game').value !== ''")  # the list is fetched after load
        assert page.input_value("#game") == "tic_tac_toe"
        page.click("#start")
        page.wait_for_selector("#board svg.ts-board")
        assert page.locator("#board svg.ts-board rect[data-cell]").count() == 9
    finally:
        server.terminate()
        log, _ = server.communicate(timeout=10)
    assert "Traceback" not in log


ATTACKER_PAGE = """<!doctype html><script>
window.results = {};
const server = "%s";
async function attempt(name, run) {
  try { window.results[name] = await run(); } catch (e) { window.results[name] = "failed: " + e.name; }
}
(async () => {
  const body = JSON.stringify({game: "tic_tac_toe", seats: ["human", "random"]});
  await attempt("post", async () => (await fetch(server + "/api/sessions",
      {method: "POST", mode: "no-cors", credentials: "include", headers: {"content-type": "text/plain"}, body})).type);
  await attempt("read games", async () =>
      (await (await fetch(server + "/api/games", {credentials: "include"})).text()).slice(0, 40));
  await attempt("socket", () => new Promise((resolve) => {
    const ws = new WebSocket(server.replace("http", "ws") + "/ws/%s?seat=0");
    ws.onmessage = (event) => resolve("read: " + event.data.slice(0, 40));
    ws.onclose = () => resolve("closed");
  }));
  window.done = true;
})();
</script>"""


class _AttackerSite:
    """Another site: a page on another loopback address (so the browser's own private-network
    rules let its requests through, and the server's checks are what refuses them)."""

    def __init__(self, html: str) -> None:
        body = html.encode()

        class Page(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                self.send_response(200)
                self.send_header("content-type", "text/html")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args) -> None:
                pass

        self.server = http.server.HTTPServer(("127.0.0.2", 0), Page)
        self.url = f"http://127.0.0.2:{self.server.server_address[1]}/"

    def __enter__(self):
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()


def test_a_page_from_another_site_cannot_create_read_or_play(page, caplog):
    caplog.set_level(logging.INFO, logger="tablesearch.web")
    with background_server() as server:
        info = post_session(server, dict(game="tic_tac_toe", seats=["human", "random"], seed=1))
        page.goto(server.page("/"))  # the user opened the app: the browser holds its cookie
        page.wait_for_selector("#game option", state="attached")
        with _AttackerSite(ATTACKER_PAGE % (server.url, info["id"])) as attacker:
            page.goto(attacker.url)
            page.wait_for_function("() => window.done === true")
        results = page.evaluate("() => window.results")
        assert results["post"] == "opaque"  # sent, but refused at the server:
        assert list(server.sessions) == [info["id"]]  # no new game
        assert results["read games"].startswith("failed")
        assert results["socket"] == "closed"
    refusals = [r.getMessage() for r in caplog.records if r.getMessage().startswith("refused")]
    assert any("POST /api/sessions" in m and "other sites" in m for m in refusals), refusals
    assert any("WEBSOCKET /ws/" in m for m in refusals), refusals
