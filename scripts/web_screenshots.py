"""Screenshots of the web app for docs/screenshots/: one page per game, played a few moves by
clicks as seat 0 against the AI, on a laptop's 1280x800 window (<game>.png) and on a phone's
390x844 screen (<game>-phone.png), plus an AI-against-AI game caught while the AI thinks, the end
of a game with its reason and rematch buttons, and the setup form refusing a bad spec. Each shot is
the window as the player sees it, without scrolling (the page fits it: issue 50), stored as a PNG
of at most 256 colours when Pillow is installed, to keep the files small.

    python scripts/web_screenshots.py [--out docs/screenshots] [--chromium /usr/bin/chromium]

Needs the web extra, Playwright (pip) and the system chromium.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import shutil
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

from tablesearch.web import levels
from tablesearch.web.background import BackgroundServer

# (file, game, params, seats: "human" or a level's key, human clicks before the shot)
PAGES = [
    ("tic_tac_toe", "tic_tac_toe", {}, ["human", "hard"], 2),
    ("connect_four", "connect_four", {}, ["human", "hard"], 5),
    ("candyland", "candyland", {"players": 3}, ["human", "beginner", "beginner"], 12),
    ("wetland", "wetland", {"players": 4}, ["human", "medium", "beginner", "beginner"], 3),
    ("leduc_poker", "leduc_poker", {}, ["human", "medium"], 1),
    ("gnomi", "gnomi", {"players": 3}, ["human", "medium", "medium"], 4),
    ("gummiland", "gummiland", {"players": 3, "regions": "pineapple,orange"}, ["human", "easy", "easy"], 6),
]


def specs(game: str, seats: list[str]) -> list[str]:
    """The agent specs of `seats`, each a level's key in `game` (as the setup form offers them) or human."""
    spec = {level.key: level.spec for level in levels.ladder(game)}
    return [seat if seat == "human" else spec[seat] for seat in seats]


LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def shoot(page, path: Path) -> None:
    """The window as shown, in at most 256 colours where Pillow is there (a third of the size)."""
    page.screenshot(path=str(path))
    print(path)
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as image:
        small = image.convert("RGB").quantize(colors=256, method=Image.Quantize.FASTOCTREE)
    small.save(path, optimize=True)


def post(server: BackgroundServer, body: dict) -> dict:
    request = urllib.request.Request(
        server.url + "/api/sessions",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json", **server.headers},
    )
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default="docs/screenshots")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(1)
    with BackgroundServer() as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=args.chromium, args=["--no-sandbox", "--disable-gpu"])
        desktop = browser.new_page(viewport=LAPTOP)
        phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
        for page in (desktop, phone):
            page.set_default_timeout(60_000)
        for (name, game, params, seats, clicks), (page, suffix) in itertools.product(
            PAGES, ((desktop, ""), (phone, "-phone"))
        ):
            info = post(server, dict(game=game, params=params, seats=specs(game, seats), seed=4, delay=0))
            page.goto(server.page(f"/?session={info['id']}&seat=0"))
            for _ in range(clicks):
                page.wait_for_function(
                    "() => /^your move$|game over/.test(document.querySelector('#status').textContent)"
                )
                if "game over" in page.inner_text("#status"):
                    break
                before = page.evaluate("() => view.move")
                clickable = page.locator("#board [data-actions]")
                if clickable.count() and rng.random() < 0.7:
                    clickable.nth(rng.randrange(clickable.count())).click()
                    if page.locator("#choice").is_visible():
                        page.locator("#choice-buttons button").first.click()
                else:
                    page.eval_on_selector("#moves-box", "box => { box.open = true; }")
                    buttons = page.locator("#actions button")
                    buttons.nth(rng.randrange(buttons.count())).click()
                page.wait_for_function(f"() => view.move > {before}")
            page.wait_for_function("() => /^your move$|game over/.test(document.querySelector('#status').textContent)")
            page.evaluate("() => window.scrollTo(0, 0)")
            shoot(page, out / f"{name}{suffix}.png")
        # AI against AI, caught mid-search: connect four with a 3 s budget per move.
        info = post(
            server, dict(game="connect_four", seats=["mcts:time_limit=3", "mcts:time_limit=3"], seed=2, delay=0)
        )
        page = desktop
        page.goto(server.page(f"/?session={info['id']}"))
        page.wait_for_function(
            "() => /looking ahead/.test(document.querySelector('#thinking-head').textContent) && "
            "document.querySelectorAll('#log li').length >= 2"
        )
        page.wait_for_timeout(1200)
        shoot(page, out / "thinking.png")
        # The end of a game: who won and why, and a rematch.
        for page, suffix in ((desktop, ""), (phone, "-phone")):
            info = post(server, dict(game="tic_tac_toe", seats=["human", "random"], seed=3, delay=0))
            page.goto(server.page(f"/?session={info['id']}&seat=0"))
            while True:
                page.wait_for_function("() => view && (view.your_turn || view.finished)")
                if page.evaluate("() => view.finished"):
                    break
                before = page.evaluate("() => view.move")
                page.locator("#board [data-actions]").first.click()
                page.wait_for_function(f"() => view.move > {before}")
            page.wait_for_selector("#rematch")
            page.evaluate("() => window.scrollTo(0, 0)")
            shoot(page, out / f"ending{suffix}.png")
        # The setup form, refusing a bad spec.
        for page, suffix in ((desktop, ""), (phone, "-phone")):
            page.goto(server.page("/"))
            page.select_option("#game", "gnomi")
            page.click("#specs-box summary")
            page.fill('.seat-row input.spec[data-seat="1"]', "mcts:iterationz=2000")
            page.click("#start")
            page.wait_for_selector("#error:not([hidden])")
            shoot(page, out / f"setup_error{suffix}.png")
        browser.close()


if __name__ == "__main__":
    main()
