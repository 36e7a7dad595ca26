"""Issue 23, the Origin check against a real ``station run --mock``: a state-changing request or a
WebSocket upgrade passes only with no ``Origin`` or exactly ``http://`` one of the station's names
and the port it serves on; another scheme, port, a path or two origins in one header are 403
naming the field (a WebSocket upgrade is closed)."""
from __future__ import annotations

import base64
import os
import sys
from pathlib import Path

import httpx
import pytest

sys.path.append(str(Path(__file__).resolve().parents[2] / "bench"))     # after the packages: bench/station.py is no package
from hostile import PIN, connect, free_port, read_head, running_station  # noqa: E402


@pytest.fixture(scope="module")
def station(tmp_path_factory):
    port = free_port()
    with running_station(str(tmp_path_factory.mktemp("origin") / "data"), port):
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=20) as api:
            yield port, api


def foreign(port: int) -> list[str]:
    return [f"https://127.0.0.1:{port}", "http://127.0.0.1:1", f"http://127.0.0.1:{port}/x",
            f"http://127.0.0.1:{port} http://evil.example", f"http://127.0.0.1:{port}/", "http://127.0.0.1",
            f"http://user@127.0.0.1:{port}", f"http://evil.example:{port}", "null"]


def upgrade(port: int, origin: str | None) -> bytes:
    """The head of the answer to a WebSocket handshake on /ws carrying ``origin``."""
    sock = connect(port)
    key = base64.b64encode(os.urandom(16)).decode()
    extra = f"Origin: {origin}\r\n" if origin is not None else ""
    sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n{extra}\r\n").encode())
    try:
        return read_head(sock)
    finally:
        sock.close()


def test_a_post_with_an_origin_not_exactly_the_stations_is_refused(station):
    port, api = station
    check = {"X-Host-Pin": PIN}
    for origin in foreign(port):
        r = api.post("/api/host/check", headers={**check, "Origin": origin})
        assert r.status_code == 403 and r.json()["facts"]["field"] == "Origin", (origin, r.text)
    for origin in (f"http://127.0.0.1:{port}", f"http://localhost:{port}", None):
        headers = check if origin is None else {**check, "Origin": origin}
        r = api.post("/api/host/check", headers=headers)
        assert r.status_code == 200, (origin, r.text)


def test_a_websocket_upgrade_with_another_port_or_scheme_is_refused(station):
    port, _ = station
    for origin in ("http://127.0.0.1:1", f"https://127.0.0.1:{port}", f"http://127.0.0.1:{port}/x"):
        assert not upgrade(port, origin).startswith(b"HTTP/1.1 101"), origin
    for origin in (f"http://127.0.0.1:{port}", None):
        assert upgrade(port, origin).startswith(b"HTTP/1.1 101"), origin
