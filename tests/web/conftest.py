import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

sys.path.insert(0, str(Path(__file__).parent))

from fake_station import TEST_PIN as PIN, FakeStation  # noqa: E402

from web.app import create_app  # noqa: E402



@pytest.fixture
def station():
    return FakeStation(host_pin=PIN)


@pytest.fixture
def client(station):
    with TestClient(create_app(station)) as c:
        yield c


@pytest.fixture
def game(client):
    """A 4-player hidden-hands game with round 1 started; returns the seat tokens."""
    h = {"X-Host-Pin": PIN}
    r = client.post("/api/host/setup", json={"players": ["Ana", "Ben", "Chi", "Dee"], "profile": "hub", "set": 6,
                                             "options": {"hand_size": 2}}, headers=h)
    assert r.status_code == 200, r.text
    assert client.post("/api/host/start", headers=h).status_code == 200
    tokens = []
    for seat in range(4):
        code = client.get(f"/api/host/seat/{seat}/code", headers=h).json()["code"]
        tokens.append(client.post(f"/api/seat/{seat}/join", json={"code": code}).json()["token"])
    return tokens
