"""Browser tests: Debian's chromium through Playwright at phone size, against a live uvicorn.

The station is the real ``station.service.Station`` (mock hardware, temp data dir) when it exists;
until then the web layer's test double stands in. Screenshots go to ``screenshots/``.
"""
from __future__ import annotations

import os
import socket
import sys
import threading
import time
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "screenshots"
PIN = "2468"
sys.path.insert(0, str(ROOT / "tests" / "web"))

pytestmark = pytest.mark.browser


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)
            if not os.path.exists(CHROMIUM):
                item.add_marker(pytest.mark.skip(reason=f"{CHROMIUM} is absent (apt-get install chromium)"))


def make_station(tmp_path):
    """The real station with mock hardware when it exists, else the web layer's test double."""
    try:
        from station.service import Station  # noqa: F401
    except ImportError:
        from fake_station import FakeStation
        return FakeStation(host_pin=PIN)
    return real_station(tmp_path)


def real_station(tmp_path):
    from station.service import Station
    return Station.for_tests(data_dir=tmp_path, host_pin=PIN) if hasattr(Station, "for_tests") else \
        Station(data_dir=tmp_path, host_pin=PIN, mock=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """uvicorn in a background thread on 127.0.0.1:<free port>."""

    def __init__(self, station, port: int | None = None):
        import uvicorn

        from web.app import create_app
        self.station = station
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(create_app(station), host="127.0.0.1", port=self.port, log_level="warning",
                                ws_ping_interval=None)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self):
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.05)
        return self

    def stop(self):
        self.server.should_exit = True
        self.thread.join(timeout=30)


@pytest.fixture
def server(tmp_path):
    srv = Server(make_station(tmp_path)).start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright
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


def shot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def wait_for(predicate, timeout: float = 20.0, what: str = "condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")
