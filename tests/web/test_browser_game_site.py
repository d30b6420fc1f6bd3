"""Playing in the browser as on a good board-game site (issue 39), in a real browser (system
chromium via Playwright): a seeded Gummiland game in few clicks, a whole game by keyboard alone,
a rematch from the ending, the thinking panel kept from a human's own move and hideable, the tab
title saying "your move", and the setup form's levels and seats.

`python -m pytest tests/web/test_browser_game_site.py -s` prints the measured figures (clicks).
"""

from __future__ import annotations

from helpers.web_server import background_server, post_session

# A player who wants the game over in few clicks: slide and end the turn with one button, else
# capture from the first pile it can pay for (the first way to pay), else end the turn.
GUMMILAND_CLICK = """() => {
  const cuts = [...document.querySelectorAll('#quick-moves button.shortcut')];
  const pick = cuts.find((b) => /end the turn/.test(b.textContent)) || cuts[0]
    || document.querySelector('#board [data-pile][data-actions]')
    || document.querySelector('#quick-moves button[data-action="0"]')
    || document.querySelector('#quick-moves button, #board [data-actions]');
  pick.setAttribute('data-pick', '');
}"""


def _your_move_or_end(page) -> bool:
    """Waits for the page's seat to move or the game to end; True if it ended."""
    page.wait_for_function(
        "() => view && ((view.your_turn && view.automatic === null) || view.finished) && "
        "document.querySelector('#status').textContent === view.status"
    )
    return bool(page.evaluate("() => view.finished"))


def test_a_seeded_gummiland_game_takes_at_most_45_clicks(page):
    """Two players, the human against the Beginner AI (seeded, so the same game every run): every
    click counted, a "Which move?" answer included. Before grouping, each decision with a choice
    was a click of its own: that count is printed beside."""
    with background_server() as server:
        info = post_session(server, dict(game="gummiland", params={"players": 2}, seats=["human", "random"], seed=5))
        session = server.sessions[info["id"]]
        page.goto(server.page(f"/?session={info['id']}&seat=0"))
        clicks = orderable = 0
        while not _your_move_or_end(page):
            ply = page.evaluate("() => view.ply")
            # The tiles waiting to slide in are drawn, numbered, each clickable to go in next.
            orderable = max(orderable, page.locator("#board .ts-sliding[data-actions]").count())
            page.evaluate(GUMMILAND_CLICK)
            page.locator("[data-pick]").click()
            clicks += 1
            if page.locator("#choice").is_visible():
                page.locator("#choice-buttons button").first.click()
                clicks += 1
            page.wait_for_function(f"() => view.ply > {ply}")
        decisions = sum(1 for e in session.events if e.player == 0 and len(e.before.legal_actions()) > 1)
        print(f"\ngummiland, 2 players, seed 5: {clicks} clicks for {decisions} decisions with a choice")
        assert session.state.is_terminal()
        assert clicks <= 45 and clicks * 1.5 <= decisions
        assert orderable >= 2
