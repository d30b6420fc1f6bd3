"""Every text the web app shows has a contrast of at least 4.5:1 against what it is painted on
(WCAG AA for normal text), measured in chromium on the pixels (tests/helpers/contrast.py): the
setup form with an error, every game as a player (at the start and after a few moves) and a
finished game watched, its thinking panel and its replay, at desktop and phone sizes; and the
colours issue 39 named (Gummiland's lemon and apple, Gnomi's seat names, Wetland's letters).

`python -m pytest tests/web/test_browser_contrast.py -s` prints the lowest ratio of each page.
Budget: about 30 s.
"""

from __future__ import annotations

import pytest

from helpers.contrast import hex_rgb, page_contrasts, ratio
from helpers.web_server import background_server, post_session
from tablesearch.render._svg import PAPER, SEAT_COLOURS, SEAT_TEXT, ink_on

AA = 4.5
GAMES = [
    ("tic_tac_toe", {}, 2),
    ("connect_four", {}, 2),
    ("candyland", {"players": 4}, 4),
    ("wetland", {"players": 4}, 4),
    ("leduc_poker", {"players": 3}, 3),
    ("gnomi", {"players": 6, "golden": True}, 6),
    ("gummiland", {"players": 4, "regions": "pineapple,orange,blackberry"}, 4),
]
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


def test_the_colours_issue_39_named_read_at_4_5():
    """Gummiland's fruit letters on every tile colour, the seats' names on their panels (Gnomi's
    "P2" was 2.3:1), the letters on a seat's disc (Wetland's white on yellow was 1.95:1)."""
    from tablesearch.games.gummiland.drawing import FRUIT, SPECIAL_FILL

    tiles = [SPECIAL_FILL, "#fef9e7", "#fdebd0"]
    for fruit, colour in FRUIT.items():
        for tile in tiles:
            assert ratio(hex_rgb(colour), hex_rgb(tile)) >= AA, (fruit, colour, tile)
    for seat, colour in enumerate(SEAT_TEXT):
        for panel in ("#f4f6f7", "#fff8e1", PAPER):
            assert ratio(hex_rgb(colour), hex_rgb(panel)) >= AA, (seat, colour, panel)
    for disc in SEAT_COLOURS:
        assert ratio(hex_rgb(ink_on(disc)), hex_rgb(disc)) >= AA, disc


def _your_move(page) -> None:
    page.wait_for_function("() => view && (view.your_turn || view.finished)")  # a forced move clicked too


def _low(page, where: str, found: list[str]) -> None:
    rows = page_contrasts(page)
    assert rows, f"{where}: no text measured"
    print(f"{where}: {len(rows)} texts, lowest {rows[0]['ratio']}:1 ({rows[0]['text']!r})")
    for row in rows:
        if row["ratio"] < AA:
            colours = f"{row['colour']} on {row['background']}"
            found.append(f"{where}: {row['ratio']}:1 {row['text']!r} ({row['where']}) {colours}")


@pytest.mark.parametrize("size", list(SIZES))
def test_every_text_has_a_contrast_of_4_5(browser, size):
    pytest.importorskip("PIL", reason="Pillow reads the screenshots (pip install pillow)")
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    page.set_default_timeout(30_000)
    found: list[str] = []
    try:
        with background_server() as server:
            page.goto(server.page("/"))
            page.select_option("#game", "gnomi")
            page.click("#specs-box summary")
            page.fill('.seat-row input.spec[data-seat="1"]', "nonsense")
            page.click("#start")
            page.wait_for_selector("#error:not([hidden])")
            _low(page, f"{size} setup form", found)
            for name, params, n in GAMES:
                seats = ["human"] + ["random"] * (n - 1)
                info = post_session(server, dict(game=name, params=params, seats=seats, seed=3, delay=0))
                page.goto(server.page(f"/?session={info['id']}&seat=0"))
                for _ in range(3):  # a few moves: the latest move framed, cards shown, the log longer
                    _your_move(page)
                    if page.evaluate("() => view.finished"):
                        break
                    move = page.evaluate("() => view.move")
                    page.evaluate("() => { document.querySelector('#moves-box').open = true; }")
                    page.locator("#actions button").first.click()
                    page.wait_for_function(f"() => view.move > {move}")
                _your_move(page)
                _low(page, f"{size} {name}", found)
            watched = dict(game="connect_four", seats=["mcts:iterations=200", "mcts:iterations=50"], seed=2, delay=0)
            info = post_session(server, watched)
            page.goto(server.page(f"/?session={info['id']}"))
            page.wait_for_selector("#replay-game")  # over, recorded: the ending, the thinking, the controls
            _low(page, f"{size} a finished game watched", found)
            page.click("#replay-game")
            page.wait_for_function("() => /^move 0 of/.test(document.querySelector('#status').textContent)")
            page.click('[data-step="forward"]')
            page.wait_for_function("() => /^move 1 of/.test(document.querySelector('#status').textContent)")
            _low(page, f"{size} a replay", found)
    finally:
        context.close()
    assert not found, "text under 4.5:1:\n" + "\n".join(found[:30])
