"""axe-core finds no serious or critical accessibility violation on any page of the web app (issue
50): the setup form (with an error shown), every game as a player at its first move and at its end,
a finished game watched with the AI's thinking, and its replay; at a laptop's and a phone's size.

axe-core's script comes from a package on PyPI (axe-playwright-python ships axe.min.js, axe-core
4.12, MPL-2.0), so no test fetches it from the internet. axe's findings are read as data (rule ids,
impacts, a few CSS selectors), each bounded before it is printed.

`python -m pytest tests/web/test_browser_axe.py -s` prints how many rules passed on each page.
Budget: about 30 s.
"""

from __future__ import annotations

import importlib.resources

import pytest

from helpers.web_server import background_server, post_session

SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
GAMES = [
    ("tic_tac_toe", {}, 2),
    ("connect_four", {}, 2),
    ("candyland", {"players": 2}, 2),
    ("wetland", {"players": 3}, 3),
    ("leduc_poker", {"players": 2}, 2),
    ("gnomi", {"players": 3}, 3),
    ("gummiland", {"players": 2}, 2),
]
SERIOUS = ("serious", "critical")

# axe on the whole document; the answer kept small: each violation's rule, impact, help and the
# first few nodes' selectors.
RUN_AXE = """async () => {
  const found = await axe.run(document, { resultTypes: ["violations"] });
  return {
    passes: found.passes.length,
    violations: found.violations.map((v) => ({
      id: String(v.id), impact: String(v.impact), help: String(v.help).slice(0, 200),
      nodes: v.nodes.length, targets: v.nodes.slice(0, 3).map((n) => String(n.target).slice(0, 120)),
    })),
  };
}"""


def _axe_script() -> str:
    package = pytest.importorskip("axe_playwright_python", reason="pip install axe-playwright-python (axe-core)")
    return importlib.resources.files(package).joinpath("axe.min.js").read_text(encoding="utf-8")


def _check(page, where: str, found: list[str]) -> None:
    result = page.evaluate(RUN_AXE)
    assert isinstance(result, dict) and isinstance(result.get("violations"), list), where
    print(f"{where}: {result['passes']} rules passed, {len(result['violations'])} violated")
    for v in result["violations"]:
        if v["impact"] in SERIOUS:
            found.append(f"{where}: {v['impact']} {v['id']} on {v['nodes']} nodes ({v['help']}): {v['targets']}")


def _settled(page) -> None:
    page.wait_for_function(
        "() => view && (view.your_turn || view.finished) && "
        "document.querySelector('#status').textContent === view.status"
    )


@pytest.mark.parametrize("size", list(SIZES))
def test_no_page_has_a_serious_or_critical_axe_violation(browser, size):
    script = _axe_script()
    context = browser.new_context(viewport=SIZES[size])
    context.add_init_script(script)  # as the browser's own: the page's CSP refuses inline scripts
    page = context.new_page()
    page.set_default_timeout(30_000)
    found: list[str] = []
    try:
        with background_server() as server:
            page.goto(server.page("/"))
            page.wait_for_selector("#setup:not([hidden])")
            page.select_option("#game", "gnomi")
            page.click("#specs-box summary")
            page.click("#more-box summary")
            page.fill('.seat-row input.spec[data-seat="1"]', "nonsense")
            page.click("#start")
            page.wait_for_selector("#error:not([hidden])")
            _check(page, f"{size} setup form", found)
            for name, params, n in GAMES:
                seats = ["human"] + ["random"] * (n - 1)
                info = post_session(server, dict(game=name, params=params, seats=seats, seed=3, delay=0))
                page.goto(server.page(f"/?session={info['id']}&seat=0"))
                _settled(page)
                page.evaluate("() => { document.querySelector('#moves-box').open = true; }")
                _check(page, f"{size} {name} playing", found)
                while not page.evaluate("() => view.finished"):
                    move = page.evaluate("() => view.move")
                    page.evaluate(
                        """() => { if (!$("resign").hidden) send({ type: "resign" });
                                   else if (view.your_turn) send({ type: "move", action: view.legal[0].action }); }"""
                    )
                    page.wait_for_function(f"() => view.finished || view.move > {move}")
                    _settled(page)
                page.wait_for_selector("#rematch")
                _check(page, f"{size} {name} over", found)
            watched = dict(game="connect_four", seats=["mcts:iterations=200", "mcts:iterations=50"], seed=2, delay=0)
            info = post_session(server, watched)
            page.goto(server.page(f"/?session={info['id']}"))
            page.wait_for_selector("#replay-game")
            page.wait_for_function("() => !document.querySelector('#thinking').hidden")
            _check(page, f"{size} a finished game watched", found)
            page.click("#replay-game")
            page.wait_for_function("() => /^move 0 of/.test(document.querySelector('#status').textContent)")
            page.click('[data-step="forward"]')
            page.wait_for_function("() => /^move 1 of/.test(document.querySelector('#status').textContent)")
            _check(page, f"{size} a replay", found)
    finally:
        context.close()
    assert not found, "axe found serious or critical violations:\n" + "\n".join(found[:40])


def test_axe_reports_an_unnamed_button_as_critical(browser):
    """The check above can fail: the same script and reading find a button without a name."""
    context = browser.new_context()
    context.add_init_script(_axe_script())
    page = context.new_page()
    try:
        page.set_content('<html lang="en"><title>t</title><main><h1>t</h1><button></button></main></html>')
        found: list[str] = []
        _check(page, "a page with an unnamed button", found)
    finally:
        context.close()
    assert len(found) == 1 and "critical button-name" in found[0], found
