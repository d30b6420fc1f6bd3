"""Browser tests: Playwright driving the system chromium (never Playwright's own browsers).
They skip, with the reason, when the web extra, Playwright or chromium is missing."""

from __future__ import annotations

import os
import shutil

import pytest


def chromium_path() -> str | None:
    for name in (os.environ.get("TABLESEARCH_CHROMIUM"), "chromium", "chromium-browser", "google-chrome"):
        if name and (path := shutil.which(name)):
            return path
    return None


@pytest.fixture(scope="session")
def browser():
    pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]' in the clone")
    pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install '.[web]' in the clone")
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")
    path = chromium_path()
    if path is None:
        pytest.skip("no chromium on PATH (apt-get install chromium)")
    with sync_api.sync_playwright() as p:
        # The browser is not ours to sanitize: under scripts/sanitize.sh, ASan preloaded into
        # chromium makes it hang at start-up.
        env = {k: v for k, v in os.environ.items() if k not in ("LD_PRELOAD", "ASAN_OPTIONS", "UBSAN_OPTIONS")}
        browser = p.chromium.launch(executable_path=path, args=["--no-sandbox", "--disable-gpu"], env=env)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(30_000)
    yield page
    context.close()
