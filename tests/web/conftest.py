"""Fixtures of the web tests: the real station (``Station.mock()``, mock hub, temporary data dir)
behind the FastAPI app, driven through httpx's TestClient. The station is started in the app's own
loop (as ``station run`` does), so the mock hub's buttons and slots reach it."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

sys.path.insert(0, str(Path(__file__).parent))
from api_helpers import H, PIN, join_seats  # noqa: E402

from station.service import Station  # noqa: E402
from web.app import create_app  # noqa: E402


@pytest.fixture
def station(tmp_path):
    return Station.mock(str(tmp_path), host_pin=PIN)


@pytest.fixture
def client(station):
    with TestClient(create_app(station, allowed_hosts={"testserver"})) as c:
        c.portal.call(station.start)
        try:
            yield c
        finally:
            c.portal.call(station.stop)


@pytest.fixture
def game(client):
    """A 4-player hidden-hands ``hub`` double-6 game, 2 tiles each, round 1 started (engine 6-6);
    returns the seat tokens."""
    r = client.post("/api/host/setup", json={"players": ["Ana", "Ben", "Chi", "Dee"], "profile": "hub", "set": 6,
                                             "options": {"hand_size": 2}}, headers=H)
    assert r.status_code == 200, r.text
    assert client.post("/api/host/start", headers=H).status_code == 200
    return join_seats(client, 4)
