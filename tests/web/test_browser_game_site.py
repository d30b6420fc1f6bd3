"""Playing in the browser as on a good board-game site (issue 39), in a real browser (system
chromium via Playwright): a seeded Gummiland game in few clicks, a whole game by keyboard alone
with the focus kept and the tab title saying "your move", the thinking panel kept from a human's
own move and hideable, the setup form's levels and seats, no layout shift while an AI thinks,
"Which move?" in view on a phone, an ending's reason and a rematch, and the bugs the issue listed.

`python -m pytest tests/web/test_browser_game_site.py -s` prints the measured figures (clicks,
layout shift). Budget: about 45 s.
"""

from __future__ import annotations

import re

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
            move = page.evaluate("() => view.move")
            # The tiles waiting to slide in are drawn, numbered, each clickable to go in next.
            orderable = max(orderable, page.locator("#board .ts-sliding[data-actions]").count())
            page.evaluate(GUMMILAND_CLICK)
            page.locator("[data-pick]").click()
            clicks += 1
            if page.locator("#choice").is_visible():
                page.locator("#choice-buttons button").first.click()
                clicks += 1
            page.wait_for_function(f"() => view.move > {move}")
        decisions = sum(1 for e in session.events if e.player == 0 and len(e.before.legal_actions()) > 1)
        print(f"\ngummiland, 2 players, seed 5: {clicks} clicks for {decisions} decisions with a choice")
        assert session.state.is_terminal()
        assert clicks <= 45 and clicks * 1.5 <= decisions
        assert orderable >= 2


# Arrow keys in a snake over the board: right to the end of a row, down, left to its start, down...
SNAKE = ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowDown"]


FOCUSED = """() => {
  const e = document.activeElement;
  return { board: document.querySelector('#board').contains(e), actions: e.dataset ? e.dataset.actions : undefined,
           role: e.getAttribute('role'), label: e.getAttribute('aria-label'), key: e.outerHTML.slice(0, 200) };
}"""


def _focused(page) -> dict:
    return page.evaluate(FOCUSED)


def test_a_whole_game_by_keyboard_with_the_focus_kept_and_the_title_saying_your_move(page):
    """Tic-tac-toe against the Beginner AI with no mouse: Tab reaches the board, the arrow keys go
    from cell to cell (each a button named for a screen reader), Enter plays; after every move the
    focus stays on the board; the tab's title says "your move" while it is."""
    with background_server() as server:
        info = post_session(server, dict(game="tic_tac_toe", seats=["human", "random"], seed=4, delay=0))
        page.goto(server.page(f"/?session={info['id']}&seat=0"))
        page.wait_for_function("() => view && view.your_turn")
        assert page.title().startswith("(your move) ")
        for _ in range(30):  # Tab until the board has the focus
            page.keyboard.press("Tab")
            if _focused(page)["board"]:
                break
        moves = 0
        while not _your_move_or_end(page):
            assert page.title().startswith("(your move) ")
            here = _focused(page)
            assert here["board"], f"the focus left the board: {here}"
            keys = iter(SNAKE * 10)
            while not here["actions"]:  # an occupied cell: on to the next
                key = next(keys)
                page.keyboard.press(key)
                if _focused(page)["key"] == here["key"] and key in ("ArrowRight", "ArrowLeft"):
                    continue  # the end of a row: the next key goes down
                here = _focused(page)
            assert here["role"] == "button" and re.fullmatch(r"row \d, column \d: empty", here["label"]), here
            move = page.evaluate("() => view.move")
            page.keyboard.press("Enter")
            moves += 1
            page.wait_for_function(f"() => view.move > {move}")
        assert page.evaluate("() => view.finished") and 3 <= moves <= 5
        assert page.title().startswith("(game over) ")


def test_the_thinking_panel_never_shows_the_humans_own_move_and_can_be_hidden(page):
    """Connect four against a searching AI: its thinking is shown in words (chance to win, how sure,
    what it expects) but nothing it expects from the human; hidden by a click, it stays hidden on
    the next page load, and shows again with another click."""
    with background_server() as server:
        info = post_session(server, dict(game="connect_four", seats=["human", "mcts:iterations=3000"], seed=1))
        page.goto(server.page(f"/?session={info['id']}&seat=0"))
        for column in (3, 3):
            page.wait_for_function("() => view && view.your_turn")
            move = page.evaluate("() => view.move")
            page.locator(f'#board [data-column="{column}"]').first.click()
            page.wait_for_function(f"() => view.move > {move} + 1 && view.your_turn")
            page.wait_for_selector("#thinking:not([hidden])")
            assert page.inner_text("#thinking-head").startswith("Hard AI chose column ")
            assert page.locator("#thinking-table tbody tr").count() >= 1
            assert "% ±" in page.inner_text("#thinking-table tbody tr >> nth=0")
            assert page.inner_text("#thinking-sure").startswith("How sure: ")
            words = page.text_content("#thinking") or ""
            assert "You:" not in words and "P0" not in words, words  # no move of the human's
        page.click("#thinking-toggle")
        assert page.locator("#thinking-body").is_hidden()
        assert page.get_attribute("#thinking-toggle", "aria-expanded") == "false"
        page.reload()
        page.wait_for_selector("#thinking:not([hidden])")
        assert page.locator("#thinking-body").is_hidden() and page.inner_text("#thinking-toggle") == "show"
        page.click("#thinking-toggle")
        assert page.locator("#thinking-body").is_visible()


def test_the_setup_form_offers_levels_and_seats_and_keeps_what_was_typed(page):
    """AI strength as named levels with the Elo measured at the player count chosen, playing second
    chosen from a list, the agent specs still there for programmers, and nothing typed lost when
    Players changes."""
    from tablesearch.web import levels

    with background_server() as server:
        page.goto(server.page("/"))
        page.wait_for_selector('#game option[value="gnomi"]', state="attached")  # the list comes by fetch
        titles = page.locator("#game option").all_inner_texts()
        assert "Connect Four" in titles and "Leduc Poker" in titles and "leduc_poker" not in titles
        page.select_option("#game", "gnomi")
        assert page.locator("#seed").is_hidden() and page.locator("#delay").is_hidden()  # behind "More options"
        # Gnomi's levels were measured at 3 players, the default, and at 2: each shows its own figures.
        for players in ("3", "2"):
            page.fill('[data-param="players"]', players)
            names = page.locator("#level option").all_inner_texts()
            elo = {row["name"]: row["elo"][players]["elo"] for row in levels.for_game("gnomi")}
            assert names == [
                f"{n} · Elo {'+' if elo[n] >= 0 else ''}{elo[n]}" for n in ("Beginner", "Easy", "Medium", "Hard")
            ]
        assert "Measured Elo" in page.inner_text("#level-about") and "95% interval" in page.inner_text("#level-about")
        page.fill('[data-param="players"]', "5")  # not measured at 5: no figure applies
        assert page.locator("#level option").all_inner_texts() == ["Beginner", "Easy", "Medium", "Hard"]
        page.fill('[data-param="players"]', "3")
        page.click("#specs-box summary")
        page.fill('.seat-row input.spec[data-seat="2"]', "mcts:iterations=77")
        page.fill('[data-param="players"]', "5")
        assert page.locator(".seat-row").count() == 5
        assert page.input_value('.seat-row input.spec[data-seat="2"]') == "mcts:iterations=77"  # kept
        page.fill('[data-param="players"]', "")  # a number being typed: nothing changes meanwhile
        assert page.locator(".seat-row").count() == 5
        page.fill('[data-param="players"]', "3")
        assert page.input_value('.seat-row input.spec[data-seat="2"]') == "mcts:iterations=77"
        # Playing second at the Easy level: chosen from lists, nothing typed.
        page.select_option("#game", "connect_four")
        page.select_option("#your-seat", "1")
        page.select_option(
            "#level", label=[n for n in page.locator("#level option").all_inner_texts() if "Easy" in n][0]
        )
        page.click("#start")
        page.wait_for_function("() => view && view.your_turn")
        (session,) = server.sessions.values()
        assert session.names == ["mcts:iterations=30", "human"] and session.humans == [1]
        assert page.inner_text("#title").startswith("Connect Four — you are seat 2")  # counted from 1
        assert page.inner_text("#players") == "Seat 1: Easy AI · Seat 2: You"
        assert page.inner_text("#status") == "your move" and page.inner_text("#log li") == (
            f"Easy AI drops a red disc in column {session.state.history()[0] + 1}"
        )
        assert len(session.state.history()) == 1  # the AI moved first


def test_the_expert_level_is_offered_where_a_builtin_model_plays(page):
    """Gummiland ships a model for 2 players and one for 4: Expert is offered at both, and keeps its
    name at 4 with the 4-player search; a game of 2 starts with the shipped model in the AI's seat."""
    with background_server() as server:
        page.goto(server.page("/"))
        page.select_option("#game", "gummiland")
        page.fill('[data-param="players"]', "2")
        expert = [n for n in page.locator("#level option").all_inner_texts() if n.startswith("Expert")]
        assert len(expert) == 1
        page.select_option("#level", label=expert[0])
        assert "trained by self-play" in page.inner_text("#level-about")
        page.click("#specs-box summary")
        assert page.input_value('.seat-row input.spec[data-seat="1"]') == "mcts:model=builtin,iterations=1000"
        page.fill('[data-param="players"]', "4")
        assert page.input_value('.seat-row input.spec[data-seat="1"]') == "mcts:model=builtin,iterations=3000"
        page.fill('[data-param="players"]', "2")
        page.select_option("#level", label=expert[0])
        page.click("#start")
        page.wait_for_function("() => view && view.your_turn")
        (session,) = server.sessions.values()
        assert session.names == ["human", "mcts:model=builtin,iterations=1000"]
        assert "Expert AI" in page.inner_text("#players")


def test_wetland_offers_expert_at_3_players_with_the_elo_measured_at_3_players(page):
    """Each level shows the Elo measured at the player count chosen: Wetland's 3-player figures at
    3 players, Expert's among them (a model ships for 3 and 4), its 2-player figures at 2, where a
    seat that had Expert falls back to Medium."""
    from tablesearch.web import levels

    def shown(n: int) -> list[str]:
        figures = levels.measurements("wetland")[n]["elo"]
        keys = [row["key"] for row in levels.for_game("wetland") if row["players"] is None or n in row["players"]]
        names = {row["key"]: row["name"] for row in levels.for_game("wetland")}
        return [f"{names[k]} · Elo {'+' if figures[k][0] >= 0 else ''}{figures[k][0]}" for k in keys]

    with background_server() as server:
        page.goto(server.page("/"))
        page.wait_for_selector('#game option[value="wetland"]', state="attached")
        page.select_option("#game", "wetland")
        page.fill('[data-param="players"]', "3")
        options = page.locator("#level option").all_inner_texts()
        assert options == shown(3) and options[-1].startswith("Expert · Elo +")
        page.select_option("#level", label=options[-1])
        low, high = levels.measurements("wetland")[3]["elo"]["expert"][1:]
        about = page.inner_text("#level-about")
        assert f"(95% interval {low} to {high}) against the other levels at 3 players" in about
        page.fill('[data-param="players"]', "2")
        assert page.locator("#level option").all_inner_texts() == shown(2)  # no Expert, 2-player figures
        medium = next(row.spec for row in levels.ladder("wetland", 2) if row.key == "medium")
        assert page.input_value("#level") == medium


def test_a_level_stays_chosen_when_its_player_count_searches_more(page):
    """Wetland's Easy searches 10 games a move at 2 players and 30 at 4 (10 played like random moves
    there): Easy chosen at 2 is still Easy at 4, with the 4-player search, and the seats are named
    by the 4-player ladder."""
    with background_server() as server:
        page.goto(server.page("/"))
        page.wait_for_selector('#game option[value="wetland"]', state="attached")
        page.select_option("#game", "wetland")
        page.fill('[data-param="players"]', "2")
        page.select_option(
            "#level", label=next(n for n in page.locator("#level option").all_inner_texts() if n.startswith("Easy"))
        )
        assert page.input_value("#level") == "mcts:iterations=10"
        page.fill('[data-param="players"]', "4")
        assert page.input_value("#level") == "mcts:iterations=30"
        assert page.inner_text("#level-about").startswith("Easy: looks 30 simulated games ahead per move.")
        page.click("#start")
        page.wait_for_function("() => view && view.your_turn")
        (session,) = server.sessions.values()
        assert session.names[1:] == ["mcts:iterations=30"] * 3
        assert page.inner_text("#players").count("Easy AI") == 3


PHONE = {"width": 390, "height": 844}
# Layout shifts not caused by a click or a key (the CLS of web vitals counts the same), from the
# page's start, with the elements that moved.
WATCH_SHIFTS = """() => {
  window.shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.hadRecentInput) window.shifts.push({ value: e.value, moved: e.sources.map((s) => s.node && s.node.id) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  window.thoughts = 0;  // how often an AI's clock appeared
  new MutationObserver(() => { if (!document.querySelector('#busy').classList.contains('idle')) window.thoughts++; })
    .observe(document.querySelector('#busy'), { attributes: true });
  window.errors = [];  // what the error box said, if it ever showed
  const box = document.querySelector('#error');
  new MutationObserver(() => { if (!box.hidden) window.errors.push(box.textContent); })
    .observe(box, { attributes: true, childList: true, characterData: true, subtree: true });
}"""


def test_the_page_does_not_move_while_an_ai_thinks(browser):
    """Three moves against an AI that thinks for 0.4 s (its clock shows and goes) in Gnomi, at
    desktop and phone sizes: the layout shift (CLS) stays under 0.1, web vitals' "good", and the
    board never moves."""
    with background_server() as server:
        for viewport in ({"width": 1280, "height": 900}, PHONE):
            context = browser.new_context(viewport=viewport)
            page = context.new_page()
            page.set_default_timeout(30_000)
            seats = ["human", "mcts:time_limit=0.4", "mcts:time_limit=0.4"]
            info = post_session(server, dict(game="gnomi", params={"players": 3}, seats=seats, seed=1))
            page.goto(server.page(f"/?session={info['id']}&seat=0"))
            page.evaluate(WATCH_SHIFTS)
            for _ in range(3):
                _your_move_or_end(page)
                move = page.evaluate("() => view.move")
                page.locator("#board [data-actions]").first.click()
                if page.locator("#choice").is_visible():
                    page.locator("#choice-buttons button").first.click()
                page.wait_for_function(f"() => view.move > {move}")
            _your_move_or_end(page)
            shifts, busy, errors = page.evaluate("() => [window.shifts, window.thoughts, window.errors]")
            total = sum(s["value"] for s in shifts)
            width = viewport["width"]
            print(f"\ngnomi, 3 players, {width} px: layout shift {total:.3f}, the AIs' clock shown {busy} times")
            assert busy >= 2 and total < 0.1, (shifts, errors)
            assert not any("board" in s["moved"] for s in shifts), (shifts, errors)
            context.close()


def test_a_drawing_that_grows_taller_moves_nothing_on_a_wide_screen(browser):
    """When a seat's cards wrap to a new row, Gnomi's drawing grows taller and is drawn narrower:
    the board's box keeps its width, so neither the drawing's corner nor the column beside it moves
    (the AI's moves in the test above do this only in some games)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(30_000)
    with background_server() as server:
        info = post_session(server, dict(game="gnomi", params={"players": 3}, seats=["human"] + ["random"] * 2, seed=1))
        page.goto(server.page(f"/?session={info['id']}&seat=0"))
        _your_move_or_end(page)
        corners = """() => ['#board', '#board svg', '#status-bar'].map((s) => {
            const r = document.querySelector(s).getBoundingClientRect(); return [r.left, r.top, r.width]; })"""
        before = page.evaluate(corners)
        page.evaluate("""() => {
            const svg = document.querySelector('#board svg').cloneNode(true);
            const box = svg.viewBox.baseVal;
            svg.setAttribute('viewBox', `${box.x} ${box.y} ${box.width} ${box.height + 120}`);
            svg.setAttribute('height', box.height + 120);
            showBoard(svg.outerHTML);
        }""")
        after = page.evaluate(corners)
    context.close()
    assert after[1][2] < before[1][2]  # the drawing is narrower...
    assert [c[:2] for c in after] == [c[:2] for c in before]  # ...and nothing moved
    assert after[0][2] == before[0][2] and after[2][2] == before[2][2]


def test_which_move_opens_in_view_on_a_phone(browser):
    """Gnomi with 6 players on a 390 px phone: a card with several moves asks "Which move?" where
    the player sees it, its first answer focused."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(30_000)
    with background_server() as server:
        info = post_session(server, dict(game="gnomi", params={"players": 6}, seats=["human"] + ["random"] * 5, seed=2))
        page.goto(server.page(f"/?session={info['id']}&seat=0"))
        asked = False
        while not asked and not _your_move_or_end(page):
            move = page.evaluate("() => view.move")
            for piece in page.locator("#board [data-actions]").all():
                piece.click()
                if page.locator("#choice").is_visible():
                    asked = True
                    break
                page.wait_for_function(f"() => view.move > {move}")  # one move: played at once
                break
        assert asked, "no card with several moves came up"
        box = page.locator("#choice").bounding_box()
        assert 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"], box
        assert page.evaluate("() => document.activeElement.parentElement.id") == "choice-buttons"
    context.close()


def _play_out_by_clicks(page) -> None:
    while not _your_move_or_end(page):
        move = page.evaluate("() => view.move")
        page.locator("#board [data-actions]").first.click()
        page.wait_for_function(f"() => view.move > {move}")


def test_an_ending_says_why_and_a_rematch_swaps_the_seats(page):
    """Tic-tac-toe against the Beginner AI to the end: the ending says who won and why (or a draw
    on a full board), in the player's words; "Rematch, seats swapped" starts a new game with the
    same setup where the AI moves first."""
    with background_server() as server:
        info = post_session(server, dict(game="tic_tac_toe", seats=["human", "random"], seed=6, delay=0))
        page.goto(server.page(f"/?session={info['id']}&seat=0"))
        _play_out_by_clicks(page)
        page.wait_for_selector("#rematch-swap")
        ending = page.inner_text("#ending-text")
        won = r"game over: (you won|Beginner AI won) \(three in a row for .+\)"
        assert re.fullmatch(won + r"|game over: a draw.*", ending)
        assert "(you)" not in ending and "human" not in ending.lower()
        page.click("#rematch-swap")
        page.wait_for_function(f"() => view && view.session.id !== {info['id']!r} && view.your_turn")
        assert "you are seat 2" in page.inner_text("#title") and "seat=1" in page.url
        again = server.sessions[page.evaluate("() => view.session.id")]
        assert again.names == ["random", "human"] and len(again.state.history()) == 1  # the AI moved first
        assert page.locator("#ending").is_hidden()


# For the log's line i: the width its number needs ("100."), the width of the number column, where
# the line starts and where its text starts.
NUMBER_ROOM = """(i) => {
  const li = document.querySelectorAll('#log li')[i];
  const number = getComputedStyle(li, '::before');
  const probe = document.createElement('span');
  probe.textContent = `${i + 1}.`.padStart(5, '0');
  probe.style.font = number.font;
  document.body.appendChild(probe);
  const range = document.createRange();
  range.selectNodeContents(li.lastChild);
  const out = { number: probe.getBoundingClientRect().width, column: parseFloat(number.minWidth),
                left: li.getBoundingClientRect().left, text: range.getBoundingClientRect().left };
  probe.remove();
  return out;
}"""


def test_the_bugs_of_issue_39_stay_fixed_in_the_browser(page):
    """A seat of -1 named as such; Leduc's "Check" where there is nothing to call; Candy Land's
    hint saying its draws are played for the player; tic-tac-toe's rows and columns numbered as
    its moves name them; a log of more than 99 lines keeping every digit of its numbers."""
    with background_server() as server:
        info = post_session(server, dict(game="tic_tac_toe", seats=["human", "random"], seed=1))
        page.goto(server.page(f"/?session={info['id']}&seat=-1"))
        page.wait_for_selector("#error:not([hidden])")
        assert page.inner_text("#error").startswith("the address names seat=-1, which this game does not have")
        page.goto(server.page(f"/?session={info['id']}&seat=0"))
        _your_move_or_end(page)
        assert page.locator("#board svg text", has_text="3").count() == 2  # row 3 and column 3
        assert "row 2, column 3" in page.get_attribute('#board [data-actions="5"]', "aria-label")

        info = post_session(server, dict(game="leduc_poker", seats=["human", "random"], seed=1))
        page.goto(server.page(f"/?session={info['id']}&seat=0"))
        _your_move_or_end(page)
        labels = [m["label"] for m in page.evaluate("() => view.legal")]
        assert "Check" in labels and "Call" not in labels and "Fold" not in labels

        info = post_session(
            server, dict(game="candyland", params={"players": 4}, seats=["human"] + ["random"] * 3, seed=7)
        )
        page.goto(server.page(f"/?session={info['id']}&seat=0"))
        page.wait_for_function("() => view && view.your_turn")
        assert page.inner_text("#hint").startswith("Drawing is your only move, so it is played for you")
        info = post_session(
            server, dict(game="candyland", params={"players": 4}, seats=["random"] * 4, seed=7, delay=0)
        )
        page.goto(server.page(f"/?session={info['id']}"))
        page.wait_for_function("() => view && view.finished")
        lines = page.locator("#log li").count()
        assert lines >= 100
        # The numbers are a counter in a column wide enough for 4 digits: the 100th line shows all of
        # "100." before its text (the numbers of an ordered list's margin lost their first digit).
        room = page.evaluate(NUMBER_ROOM, 99)
        assert room["number"] <= room["column"] and room["left"] + room["number"] <= room["text"], room
