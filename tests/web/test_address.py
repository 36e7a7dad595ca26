"""The join links and the hub address phones are given: never a LAN IP nothing listens on."""
import pytest
from api_helpers import H, PIN
from fastapi.testclient import TestClient

from station.service import Station
from web.app import create_app


@pytest.fixture
def client_for(tmp_path):
    """A client of the real station (phones only) reached at ``base_url``, with a game set up."""
    stations = []

    def make(base_url, addresses=None):
        station = Station(str(tmp_path / str(len(stations))), host_pin=PIN)
        stations.append(station)
        app = create_app(station, allowed_hosts={"127.0.0.1", "localhost", "192.168.1.20"})
        if addresses is not None:
            app.state.addresses = addresses
        c = TestClient(app, base_url=base_url)
        assert c.post("/api/host/setup", json={"players": ["Ana", "Ben"]}, headers=H).status_code == 200
        return c
    yield make
    for station in stations:
        station.store.close()


@pytest.mark.parametrize("base", ["http://127.0.0.1:8123", "http://localhost:8123"])
def test_loopback_request_links_to_where_it_came_in(client_for, base):
    c = client_for(base)
    a = c.get("/api/hub/address").json()
    assert a["url"] == base + "/" and a["loopback"] is True and a["mdns"] is None
    assert a["host"] == base.split("//")[1].split(":")[0]
    link = c.get("/api/host/seat/1/code", headers=H).json()["link"]
    assert link.startswith(base + "/seat/1?code=")


def test_station_on_loopback_alone_said_by_run_command(client_for):
    c = client_for("http://localhost:8080", ["http://127.0.0.1:8080/"])
    a = c.get("/api/hub/address").json()
    assert a["url"] == "http://localhost:8080/" and a["loopback"] and a["mdns"] is None
    assert c.get("/api/host/seat/0/code", headers=H).json()["link"].startswith("http://localhost:8080/seat/0")


def test_station_on_all_interfaces_gives_its_lan_address_and_hub_local(client_for):
    c = client_for("http://127.0.0.1:8080", ["http://10.1.2.3:8080/", "http://hub.local:8080/"])
    a = c.get("/api/hub/address").json()
    assert a["url"] == "http://10.1.2.3:8080/" and a["loopback"] is False
    assert a["mdns"] == "http://hub.local:8080/"
    assert c.get("/api/host/seat/0/code", headers=H).json()["link"].startswith("http://10.1.2.3:8080/seat/0")


def test_phone_on_the_lan_keeps_its_own_address(client_for):
    c = client_for("http://192.168.1.20:8080", ["http://192.168.1.20:8080/", "http://hub.local:8080/"])
    assert c.get("/api/host/seat/0/code", headers=H).json()["link"].startswith("http://192.168.1.20:8080/seat/0")
    assert c.get("/api/hub/address").json()["url"] == "http://192.168.1.20:8080/"
