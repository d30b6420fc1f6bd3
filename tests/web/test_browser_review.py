"""The review of a finished game in a real browser (system chromium via Playwright): "Review the
game" beside Rematch, its progress with Cancel, a cancelled review resumed, and the blunder marked
in the move log, the chart and the list with the best move named; at 1280x800 and on a phone the
button is in view with Rematch; its texts read at 4.5:1. Budget: about 15 s."""

from __future__ import annotations

import time

import pytest

from helpers.web_server import background_server, post_session
from tablesearch.render.moves import action_name

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]' in the clone")
from tablesearch.web import review  # noqa: E402

# tests/web/test_review.py's game: x's third move (the fifth of the game) leaves o's top row open.
BLUNDER_GAME = [4, 0, 8, 2, 3, 1]
STATUS = "() => document.querySelector('#review-status') ? document.querySelector('#review-status').textContent : ''"


@pytest.fixture
def slow_review(monkeypatch):
    """Each position takes 0.25 s more (the server runs in this process), so the progress shows."""
    search = review.review_position

    def slow(*args, **kwargs):
        time.sleep(0.25)
        return search(*args, **kwargs)

    monkeypatch.setattr(review, "review_position", slow)


def _play(server, page, moves) -> str:
    """A tic-tac-toe game of two human seats, `page` seat 0 and another tab seat 1, played to its end."""
    info = post_session(server, dict(game="tic_tac_toe", seats=["human", "human"], seed=5, delay=0))
    other = page.context.new_page()
    page.goto(server.page(f"/?session={info['id']}&seat=0"))
    other.goto(f"{server.url}/?session={info['id']}&seat=1")  # the first page set the token's cookie
    for k, action in enumerate(moves):
        (page, other)[k % 2].wait_for_function(f"() => view && view.move === {k} && view.your_turn")
        (page, other)[k % 2].evaluate(f"() => send({{type: 'move', action: {action}}})")
    page.wait_for_function("() => view && view.finished")
    other.close()
    return str(info["id"])


def test_a_review_shows_its_progress_can_be_cancelled_and_marks_the_blunder(page, slow_review):
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    with background_server() as server:
        sid = _play(server, page, BLUNDER_GAME)
        button = page.locator("#ending #review-start")
        assert button.inner_text() == "Review the game"
        button.click()
        page.wait_for_function(f"() => /^Reviewing… [0-5] of 6 positions$/.test(({STATUS})())")
        assert page.locator("#review-progress").is_visible() and button.is_disabled()
        page.click("#review-cancel")
        page.wait_for_function(f"() => /^Review cancelled after [0-5] of 6 positions\\.$/.test(({STATUS})())")
        assert page.locator("#review-cancel").is_hidden() and page.locator("#review-progress").is_hidden()
        assert button.inner_text() == "Resume the review"
        assert not server.sessions[sid].reviews.jobs  # the server stopped it
        button.click()
        page.wait_for_function(f"() => /^Reviewed 6 positions: 1 marked\\.$/.test(({STATUS})())")
        before = server.sessions[sid].events[4].before
        # The move log's fifth line (x's third move) carries the blunder's mark, and only it.
        assert page.locator("#log .review-mark").count() == 1
        mark = page.locator("#log li").nth(4).locator(".review-mark.j-blunder")
        assert mark.inner_text() == "??"
        best = action_name(before, 1)
        assert f"best: {best}" in mark.get_attribute("title")
        listed = page.locator("#review-moves li")
        assert listed.count() == 1
        text = listed.inner_text()
        assert text.startswith("?? Line 5: You played ") and "blunder, −" in text and text.endswith(f"best: {best}")
        assert page.locator("#review-chart circle.j-blunder").count() == 1
        assert (
            page.locator("#review-chart svg polyline").get_attribute("points").count(",") == 7
        )  # 6 positions, the end
        assert "your chance to win" in page.locator("#review-chart svg").get_attribute("aria-label")
        assert page.inner_text("#review-counts").startswith("You: 1 blunder, 0 mistakes, 0 inaccuracies")
    assert errors == []


@pytest.mark.parametrize("size", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}])
def test_the_review_button_is_in_view_beside_rematch(browser, size):
    context = browser.new_context(viewport=size)
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        with background_server() as server:
            _play(server, page, BLUNDER_GAME)
            page.wait_for_selector("#rematch")
            for selector in ("#rematch", "#review-start"):
                box = page.locator(selector).bounding_box()
                assert box and 0 <= box["y"] and box["y"] + box["height"] <= size["height"], (selector, box)
    finally:
        context.close()


def test_the_review_reads_at_a_contrast_of_4_5(page):
    """Its texts, marks and folded explanation opened, measured on the pixels as
    tests/web/test_browser_contrast.py measures the rest of the page."""
    pytest.importorskip("PIL", reason="Pillow reads the screenshots (pip install pillow)")
    from helpers.contrast import page_contrasts

    with background_server() as server:
        _play(server, page, BLUNDER_GAME)
        page.click("#review-start")
        page.wait_for_function(f"() => /^Reviewed/.test(({STATUS})())")
        page.click("#review-about summary")
        page.locator("#review").scroll_into_view_if_needed()
        rows = page_contrasts(page)
    ours = [row for row in rows if "review" in row["where"] or "?" in row["text"]]
    assert ours, "the review's texts were measured"
    low = [row for row in rows if row["ratio"] < 4.5]
    assert not low, low
