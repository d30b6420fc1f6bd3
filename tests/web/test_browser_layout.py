"""The page fits the window (issue 50), in a real browser (system chromium via Playwright): at a
laptop's 1280x800 and a phone's 390x844, for every game on the page's list, the status (which
says who is to move), the board and, once the game is over, the ending with its Rematch lie inside
the window with the page at its top, so that nobody scrolls to play or to start again (before,
Rematch ended 845-1,581 px down at 1280x800); the long panels (the move log, the AI's thinking)
scroll in themselves and can be scrolled by keyboard.

`python -m pytest tests/web/test_browser_layout.py -s` prints where each game's board and Rematch
end. Budget: about 20 s.
"""

from __future__ import annotations

import json
import urllib.request

import pytest

from helpers.web_server import background_server, post_session
from tablesearch.games.python_games import registered_games

SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
# Beside every game at its defaults, the tallest drawings that still fit a phone at 10 px text:
# Gummiland with 4 players and 3 regions (716 units tall), Gnomi with 5 players (730).
TALL = [
    ("gummiland", {"players": 4, "regions": "pineapple,orange,blackberry"}),
    ("gnomi", {"players": 5, "golden": True}),
]

# Each element's box [left, top, right, bottom] with the page scrolled to its top (null if not shown).
BOXES = """(selectors) => {
  window.scrollTo(0, 0);
  const out = {};
  for (const s of selectors) {
    const e = document.querySelector(s);
    const r = e && e.getClientRects().length ? e.getBoundingClientRect() : null;
    out[s] = r && [r.left, r.top, r.right, r.bottom];
  }
  return out;
}"""

# The log panel beside the board holds all it shows (nothing cut off at its foot) and keeps the
# room of four lines of the log or more.
PANEL = """() => {
  const aside = document.querySelector("aside"), log = document.querySelector("#log");
  return [aside.scrollHeight <= aside.clientHeight + 1, log.clientHeight >= 4 * 18];
}"""

# Ends the game as fast as a player can: resign where the game allows it, else fold (Leduc poker),
# else the first move. Sent as the page sends them (a click would scroll the page to the button).
GIVE_UP = """() => {
  if (!$("resign").hidden) { send({ type: "resign" }); return; }
  const fold = view.legal.find((m) => /fold/i.test(m.label));
  if (view.your_turn) send({ type: "move", action: (fold || view.legal[0]).action });
}"""


def _games(server) -> list[tuple[str, dict]]:
    """Every game of the page's list with its default parameters (but the games other tests
    register), then the TALL ones."""
    request = urllib.request.Request(server.url + "/api/games", headers=server.headers)
    with urllib.request.urlopen(request) as response:
        games = [g for g in json.loads(response.read())["games"] if g["name"] not in registered_games()]
    return [(g["name"], {p["name"]: p["default"] for p in g["params"]}) for g in games] + TALL


def _settled(page) -> None:
    """The page's seat is to move or the game is over, and the page shows it."""
    page.wait_for_function(
        "() => view && (view.your_turn || view.finished) && "
        "document.querySelector('#status').textContent === view.status"
    )


def _outside(boxes: dict, size: dict) -> dict:
    """The boxes that are missing or reach outside the window."""
    return {
        s: box
        for s, box in boxes.items()
        if box is None or box[0] < 0 or box[1] < 0 or box[2] > size["width"] + 0.5 or box[3] > size["height"] + 0.5
    }


@pytest.mark.parametrize("name", SIZES)
def test_the_status_the_board_and_the_rematch_are_in_view_in_every_game(browser, name):
    """Each game as seat 1 against Beginner AIs: the page at the seat's first move, then at the end
    (the seat resigns, or folds at Leduc poker, where nobody resigns)."""
    size = SIZES[name]
    phone = name == "phone"
    context = browser.new_context(viewport=size, is_mobile=phone, has_touch=phone)
    page = context.new_page()
    page.set_default_timeout(30_000)
    with background_server() as server:
        games = _games(server)
        seven = {"tic_tac_toe", "connect_four", "leduc_poker", "candyland", "gummiland", "wetland", "gnomi"}
        assert {g for g, _ in games} >= seven
        for game, params in games:
            seats = ["human"] + ["random"] * (int(params.get("players", 2)) - 1)
            info = post_session(server, dict(game=game, params=params, seats=seats, seed=3, delay=0))
            page.goto(server.page(f"/?session={info['id']}&seat=0"))
            _settled(page)
            where = f"{game} {params} at {size['width']}x{size['height']}"
            playing = page.evaluate(BOXES, ["#status", "#board svg"])
            assert not _outside(playing, size), f"{where}, playing: {playing}"
            assert page.inner_text("#status")  # "your move", or who is to move
            if not phone:  # the page itself does not scroll: its panels do, and keep room for some lines
                assert page.evaluate("() => document.documentElement.scrollHeight") <= size["height"], where
                assert page.evaluate(PANEL) == [True, True], f"{where}: {page.evaluate(PANEL)}"
            while not page.evaluate("() => view.finished"):
                move = page.evaluate("() => view.move")
                page.evaluate(GIVE_UP)
                page.wait_for_function(f"() => view.finished || view.move > {move}")
                _settled(page)
            page.wait_for_selector("#rematch")
            # On a laptop the replay's button too (it started 762-1,498 px down before issue 50).
            ended = page.evaluate(
                BOXES, ["#status", "#board svg", "#ending", "#rematch"] + ([] if phone else ["#replay-game"])
            )
            assert not _outside(ended, size), f"{where}, ended: {ended}"
            assert page.inner_text("#status").startswith("game over")
            print(
                f"\n{where}: the board ends {playing['#board svg'][3]:.0f} px down, "
                f"Rematch {ended['#rematch'][3]:.0f} px down"
            )
    context.close()


@pytest.mark.parametrize("name", SIZES)
def test_the_log_and_the_thinking_scroll_in_themselves_and_by_keyboard(browser, name):
    """The log and the AI's thinking have a name, take the focus and scroll in themselves; on a
    laptop both are in view beside the board (connect four between two AIs). A long Candy Land game
    (over 40 lines): the log keeps a bounded height, and Home and Page Down scroll it."""
    size = SIZES[name]
    context = browser.new_context(viewport=size)
    page = context.new_page()
    page.set_default_timeout(30_000)
    with background_server() as server:
        seats = ["mcts:iterations=30", "mcts:iterations=30"]
        info = post_session(server, dict(game="connect_four", seats=seats, seed=7, delay=0))
        page.goto(server.page(f"/?session={info['id']}"))
        page.wait_for_function("() => view && view.finished && !$('thinking').hidden")
        for panel in ("#log", "#thinking-body"):
            found = page.eval_on_selector(
                panel,
                """(e) => ({ name: e.getAttribute("aria-label"), tab: e.tabIndex,
                            overflow: getComputedStyle(e).overflowY, height: getComputedStyle(e).maxHeight })""",
            )
            bounded = found["height"] != "none" or name == "laptop"  # a laptop's column bounds them
            assert found["name"] and found["tab"] == 0 and found["overflow"] == "auto" and bounded, (panel, found)
        if name == "laptop":
            boxes = page.evaluate(BOXES, ["#status", "#board svg", "#ending", "#log", "#thinking-body"])
            assert not _outside(boxes, size), boxes
            assert page.evaluate(PANEL) == [True, True], page.evaluate(PANEL)

        seats = ["random", "random"]
        info = post_session(server, dict(game="candyland", params={"players": 2}, seats=seats, seed=1, delay=0))
        page.goto(server.page(f"/?session={info['id']}"))
        page.wait_for_function("() => view && view.finished && document.querySelectorAll('#log li').length > 40")
        client, scroll = page.evaluate("() => [$('log').clientHeight, $('log').scrollHeight]")
        assert 0 < client < scroll <= 40 * client, (client, scroll)
        page.focus("#log")
        page.keyboard.press("Home")
        page.wait_for_function("() => $('log').scrollTop === 0")
        page.keyboard.press("PageDown")
        page.wait_for_function("() => $('log').scrollTop > 0")
    context.close()
