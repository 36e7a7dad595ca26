"""Browser tests: Debian's chromium through Playwright at phone size, against a live uvicorn.

The station is the real ``station.service.Station`` on the mock hub (temp data dir), started in the
server's loop like ``station run``. Screenshots go to ``build/screenshots/`` (not committed).
Nothing here skips: without Debian's chromium the browser tests fail and say how to get it.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from support import CHROMIUM, Server, make_station  # noqa: E402


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture
def server(tmp_path):
    srv = Server(make_station(tmp_path)).start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser():
    # module scope: Playwright's sync API keeps an asyncio loop running in the main thread while
    # it is open, which would break every later test that calls asyncio.run()
    from playwright.sync_api import sync_playwright
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"the browser tests need Debian's chromium at {CHROMIUM}: `make test` installs it "
                    "(or run `sudo apt-get install chromium`)", pytrace=False)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--no-first-run", "--autoplay-policy=user-gesture-required"])
        yield b
        b.close()


@pytest.fixture
def phone(browser):
    """Make a new phone (browser context) with a language: ``phone("ps")``."""
    made = []

    def make(lang: str = "en"):
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                                  has_touch=True, locale=lang, extra_http_headers={"Accept-Language": lang})
        ctx.set_default_timeout(20_000)
        made.append(ctx)
        return ctx
    yield make
    for ctx in made:
        ctx.close()


