"""Fixtures of the web tests: the real station (``Station.mock()``, mock hub, temporary data dir)
behind the FastAPI app, driven through httpx's TestClient. The station is started in the app's own
loop (as ``station run`` does), so the mock hub's buttons and slots reach it."""
from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from station.service import Station
from web.app import create_app

PIN = "2468"
H = {"X-Host-Pin": PIN}


@pytest.fixture
def station(tmp_path):
    return Station.mock(str(tmp_path), host_pin=PIN)


@pytest.fixture
def client(station):
    with TestClient(create_app(station)) as c:
        c.portal.call(station.start)
        try:
            yield c
        finally:
            c.portal.call(station.stop)


def join_seats(client, n: int) -> list[str]:
    """Every seat joins with the code the host page shows; returns the seat tokens."""
    tokens = []
    for seat in range(n):
        code = client.get(f"/api/host/seat/{seat}/code", headers=H).json()["code"]
        r = client.post(f"/api/seat/{seat}/join", json={"code": code})
        assert r.status_code == 200, r.text
        tokens.append(r.json()["token"])
    return tokens


@pytest.fixture
def game(client):
    """A 4-player hidden-hands ``hub`` double-6 game, 2 tiles each, round 1 started (engine 6-6);
    returns the seat tokens."""
    r = client.post("/api/host/setup", json={"players": ["Ana", "Ben", "Chi", "Dee"], "profile": "hub", "set": 6,
                                             "options": {"hand_size": 2}}, headers=H)
    assert r.status_code == 200, r.text
    assert client.post("/api/host/start", headers=H).status_code == 200
    return join_seats(client, 4)
