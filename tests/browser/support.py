"""Helpers of the browser tests: the station under test, a live uvicorn, screenshots, waiting."""
from __future__ import annotations

import asyncio
import socket
import threading
import time
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "build" / "screenshots"      # written by the tests, not committed
PIN = "2468"


def make_station(tmp_path):
    """The real station, ``station.service.Station`` on the mock hub, in a temporary data dir."""
    from station.service import Station
    return Station.mock(str(tmp_path), host_pin=PIN)


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
        app = create_app(station)
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning",
                                ws_ping_interval=None)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=lambda: asyncio.run(self._serve()), daemon=True)

    async def _serve(self):
        # like `station run`: the real station starts in the server's loop (hardware events, LEDs)
        await self.station.start()
        try:
            await self.server.serve()
        finally:
            await self.station.stop()

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


def shot(page, name: str, scale: str = "device") -> None:
    """A full-page screenshot ``build/screenshots/<name>.png``; ``scale="css"``: one image pixel per
    CSS pixel (390 wide, small enough to commit a copy to docs/screenshots/)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True, scale=scale)


def wait_for(predicate, timeout: float = 20.0, what: str = "condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def unlock_host(phone, server, lang: str = "en"):
    """A phone page on ``/host`` unlocked with the host PIN, as the host types it."""
    from playwright.sync_api import expect

    host = phone(lang).new_page()
    host.goto(server.url + "/host")
    host.fill("#pin", PIN)
    host.click("#pin-form button[type=submit]")
    expect(host.locator("#host")).to_be_visible()
    return host


def joined(phone, server, seat: int, token: str, lang: str = "en"):
    """A phone page on ``/seat/{seat}`` that already holds the seat's token (as after joining)."""
    from playwright.sync_api import expect

    page = phone(lang).new_page()
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('mt-seat-{seat}', '{token}')")
    page.goto(server.url + f"/seat/{seat}")
    expect(page.locator("#controller")).to_be_visible()
    return page
