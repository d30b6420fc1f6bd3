"""The web app as a player meets it, in a real browser (system chromium via Playwright): every
game readable and playable on a 390 px phone screen, a visible clock while an AI seat searches
in a hidden-information game, the human's own clock on its moves, the latest move highlighted, a
forced move played without a click, a game played in the app and replayed from its recorded
file, and no console error on any page.
Budget: about 40 s."""

from __future__ import annotations

import json
import re

import pytest

from helpers.web_server import background_server, post_session

PHONE = {"width": 390, "height": 844}
GAMES = [
    ("tic_tac_toe", {}, ["human", "random"]),
    ("connect_four", {}, ["human", "random"]),
    ("candyland", {"players": 3}, ["human", "random", "random"]),
    ("wetland", {"players": 4}, ["human", "random", "random", "random"]),
    ("leduc_poker", {}, ["human", "random"]),
    ("gnomi", {"players": 5, "golden": True}, ["human", "random", "random", "random", "random"]),
    ("gummiland", {"players": 4, "regions": "pineapple,orange,blackberry"}, ["human", "random", "random", "random"]),
]

# The smallest text on the page in CSS px: SVG text by its size times the drawing's scale, HTML
# elements by their computed size; only what is shown.
SMALLEST_TEXT = """() => {
  const sizes = [];
  for (const t of document.querySelectorAll('#play svg text')) {
    if (!t.textContent.trim() || !t.getClientRects().length) continue;
    sizes.push([parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a, t.textContent]);
  }
  for (const e of document.querySelectorAll('body *:not(svg):not(svg *)')) {
    const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (own && e.getClientRects().length) sizes.push([parseFloat(getComputedStyle(e).fontSize), e.textContent]);
  }
  sizes.sort((a, b) => a[0] - b[0]);
  return sizes[0];
}"""

# Every move button lies inside the screen's width, and the page itself does not scroll sideways.
REACHABLE = """() => {
  document.querySelector('#moves-box').open = true;
  const width = window.innerWidth;
  const buttons = [...document.querySelectorAll('#actions button')];
  return {
    page: document.documentElement.scrollWidth,
    width,
    buttons: buttons.length,
    outside: buttons.map((b) => b.getBoundingClientRect()).filter((r) => r.left < 0 || r.right > width).length,
    board: document.querySelector('#board').getBoundingClientRect().right,
  };
}"""


def _your_move(page) -> None:
    page.wait_for_function("() => /^your move|game over/.test(document.querySelector('#status').textContent)")


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(30_000)
    yield page
    context.close()


@pytest.fixture
def console_errors(page):
    """Console errors and uncaught exceptions of the page, collected while the test runs."""
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def test_every_game_reads_and_plays_on_a_phone(phone):
    """390 px wide: no text under 10 CSS px (board and page), every legal move a button inside
    the screen, the page never wider than the screen (a wide board scrolls in its own box); after
    a move by button the latest move is highlighted on the board."""
    with background_server() as server:
        for name, params, seats in GAMES:
            info = post_session(server, dict(game=name, params=params, seats=seats, seed=3, delay=0))
            phone.goto(server.page(f"/?session={info['id']}&seat=0"))
            _your_move(phone)
            for _ in range(2):  # a move by button, then the position after the AIs' replies
                smallest, where = phone.evaluate(SMALLEST_TEXT)
                assert smallest >= 10 - 1e-6, f"{name}: text of {smallest:.1f} px: {where!r}"
                reach = phone.evaluate(REACHABLE)
                assert reach["page"] <= PHONE["width"], f"{name}: the page scrolls sideways: {reach}"
                assert reach["buttons"] and not reach["outside"], f"{name}: {reach}"
                assert reach["board"] <= PHONE["width"], f"{name}: {reach}"
                if "game over" in phone.inner_text("#status"):
                    break
                before = phone.evaluate("() => view.move")
                phone.locator("#actions button").first.click()
                phone.wait_for_function(f"() => view.move > {before}")
                _your_move(phone)
            assert phone.locator("#board .ts-last").count() >= 1, f"{name}: no latest move highlighted"


def test_an_ai_searching_in_a_hidden_game_shows_a_clock_to_the_human(page):
    """Gnomi: the human's page never sees the AI's search statistics, but sees that it searches
    and for how long; the clock goes when the AI has moved."""
    with background_server() as server:
        info = post_session(
            server,
            dict(game="gnomi", params={"players": 3}, seats=["mcts:time_limit=2", "human", "random"], seed=4),
        )
        page.goto(server.page(f"/?session={info['id']}&seat=1"))
        page.wait_for_selector("#busy:not([hidden])")
        first = page.inner_text("#busy-text")
        assert first.startswith("mcts:time_limit=2 is thinking")  # a seat named by its spec, not a level
        page.wait_for_timeout(600)
        assert float(page.inner_text("#busy-text").split()[-2]) > float(first.split()[-2])  # the clock runs
        assert page.locator("#thinking").is_hidden()  # its statistics depend on its cards
        page.wait_for_selector("#busy.yours", timeout=15_000)  # the AI has moved: the bar is the human's clock
        assert page.locator("#log li").count() >= 1


def _clock(page) -> tuple[int, int]:
    """This move's seconds and the game's total from the human's clock ("Your move: 0:02 · 1:05 in all")."""
    found = re.fullmatch(r"Your move: (\d+):(\d\d) · (\d+):(\d\d) in all", page.inner_text("#busy-text"))
    assert found, page.inner_text("#busy-text")
    m, s, tm, ts = (int(x) for x in found.groups())
    return 60 * m + s, 60 * tm + ts


def test_your_move_has_a_clock_that_adds_up_over_the_game(page):
    """On the human's move the bar is a clock: this move's time and the game's total. It stops while
    the AI moves, starts again from the total, and goes at the end."""
    with background_server() as server:
        info = post_session(server, dict(game="tic_tac_toe", seats=["human", "random"], seed=1))
        page.goto(server.page(f"/?session={info['id']}&seat=0"))
        page.wait_for_selector("#busy.yours")
        assert page.locator("#busy .spinner").is_hidden()
        page.wait_for_function("() => /^Your move: 0:02/.test(document.querySelector('#busy-text').textContent)")
        move, total = _clock(page)
        assert move == total == 2
        before = page.locator("#log li").count()
        page.locator("#board [data-actions]").first.click()
        page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before + 1}")  # the AI replied
        page.wait_for_selector("#busy.yours")
        move, total = _clock(page)
        assert move <= 1 and total >= 2  # a new move's time, the first move's kept in the total
        while "game over" not in page.inner_text("#status"):
            before = page.locator("#log li").count()
            page.locator("#board [data-actions]").first.click()
            page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}")
            _your_move(page)
        page.wait_for_selector("#busy", state="hidden")


def test_the_latest_move_is_highlighted(page):
    with background_server() as server:
        info = post_session(server, dict(game="connect_four", seats=["human", "mcts:iterations=200"], seed=1))
        session = server.sessions[info["id"]]
        page.goto(server.page(f"/?session={info['id']}&seat=0"))
        _your_move(page)
        assert page.locator("#board .ts-last").count() == 0  # no move yet
        page.locator('#board [data-column="3"]').click()
        page.wait_for_function("() => document.querySelectorAll('#log li').length >= 2")
        _your_move(page)
        column = session.state.history()[-1]  # the AI's reply: the top disc of its column, in blue
        highlighted = page.locator("#board circle.ts-last")
        assert highlighted.count() == 1 and highlighted.get_attribute("fill") == "#337ab7"
        group = highlighted.locator("xpath=..")
        assert group.locator("rect").get_attribute("data-column") == str(column)
        discs_above = group.evaluate(
            "(g, y) => [...g.querySelectorAll('circle')].filter(c => c.getAttribute('fill') !== '#fff' && "
            "+c.getAttribute('cy') < y).length",
            float(highlighted.get_attribute("cy")),
        )
        assert discs_above == 0
        told = page.inner_text("#recent li:last-child")
        assert told == f"mcts:iterations=200 drops a blue disc in column {column + 1}"


def test_a_forced_move_is_played_without_a_click_and_the_toggle_stops_it(page):
    with background_server() as server:
        info = post_session(server, dict(game="candyland", seats=["human", "random"], seed=2))
        session = server.sessions[info["id"]]
        page.goto(server.page(f"/?session={info['id']}&seat=0"))
        page.wait_for_function("() => /played for you/.test(document.querySelector('#status').textContent)")
        page.wait_for_function(
            "() => [...document.querySelectorAll('#log li')].filter(li => /^You draw/.test(li.textContent)).length >= 2"
        )
        page.uncheck("#autoplay")
        page.wait_for_function("() => document.querySelector('#status').textContent === 'your move'")
        waiting = len(session.events)
        page.wait_for_timeout(1500)  # twice the pause: the draw now waits for a click
        assert len(session.events) == waiting
        page.click("#board [data-button='draw']")
        page.wait_for_function(f"() => view.move > {waiting}")


def test_a_game_played_in_the_app_is_replayed_from_its_recorded_file(page, tmp_path, console_errors):
    from tablesearch.web.settings import ServerSettings

    settings = ServerSettings(record_dir=str(tmp_path))
    with background_server(settings=settings) as server:
        page.goto(server.page("/"))
        page.select_option("#game", "tic_tac_toe")
        page.click("#specs-box summary")
        page.fill('.seat-row input.spec[data-seat="1"]', "mcts:iterations=100")
        page.click("#start")
        while True:
            _your_move(page)
            if "game over" in page.inner_text("#status"):
                break
            before = page.locator("#log li").count()
            page.locator("#board [data-actions]").first.click()
            page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}")
        (line,) = [json.loads(raw) for raw in (tmp_path / "tic_tac_toe.jsonl").read_text().splitlines()]
        played = page.locator("#log li").all_inner_texts()
        with page.expect_download() as download:
            page.click("#download")
        assert json.loads(open(download.value.path()).read()) == line
        page.click("#replay-game")
        page.wait_for_function("() => /^move 0 of/.test(document.querySelector('#status').textContent)")
        assert "replay of game web." in page.inner_text("#title")
        assert page.inner_text("#hint") == "" and "Click" not in page.inner_text("#legend")
        page.click('[data-step="last"]')
        total = len(line["actions"])
        page.wait_for_function(f"() => document.querySelector('#status').textContent === 'move {total} of {total}'")
        # A replay is watched from outside: the seat that was "You" in the game is "Human" there.
        assert page.locator("#log li").all_inner_texts() == [t.replace("You put ", "Human puts ") for t in played]
        assert played[0].startswith("You put ")
        # The replay buttons are drawn, not glyphs of a symbol font.
        assert page.locator("#controls button svg path").count() == 5
        assert all(ord(c) < 0x2000 for c in page.inner_text("#controls"))
    assert console_errors == []


def test_no_console_error_on_any_page(page, console_errors):
    """The setup form (no game preselected), a game as a player and as a spectator (with a finished
    game's record links), and a replay: no console error, the icon included."""
    with background_server() as server:
        page.goto(server.page("/"))
        page.wait_for_selector("#game option", state="attached")
        assert page.input_value("#game") == "" and page.is_disabled("#start")  # nothing odd chosen
        page.select_option("#game", "gnomi")
        assert page.locator(".param .help").count() == 3  # each parameter's help is shown
        assert page.locator(".param label").first.inner_text().startswith("Players")
        page.select_option("#level", "random")
        page.click("#start")
        _your_move(page)
        page.locator("#board [data-actions]").first.click()
        if page.locator("#choice").is_visible():
            page.locator("#choice-buttons button").first.click()
        page.wait_for_function("() => document.querySelectorAll('#log li').length >= 1")
        info = post_session(server, dict(game="wetland", seats=["random", "random"], seed=1, delay=0))
        page.goto(server.page(f"/?session={info['id']}"))
        page.wait_for_function("() => /game over/.test(document.querySelector('#status').textContent)")
        page.click("#replay-game")
        page.wait_for_function("() => /^move 0 of/.test(document.querySelector('#status').textContent)")
        page.click('[data-step="forward"]')
        page.wait_for_function("() => /^move 1 of/.test(document.querySelector('#status').textContent)")
        icon = page.request.get(server.url + "/favicon.ico")
        assert icon.status == 200 and icon.headers["content-type"] == "image/x-icon"
    assert console_errors == []
