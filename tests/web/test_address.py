"""The join links and the hub address phones are given: never a LAN IP nothing listens on."""
import pytest
from fastapi.testclient import TestClient
from fake_station import TEST_PIN as PIN, FakeStation

from web.app import create_app

H = {"X-Host-Pin": PIN}


def client_for(base_url, addresses=None):
    app = create_app(FakeStation(host_pin=PIN))
    if addresses is not None:
        app.state.addresses = addresses
    c = TestClient(app, base_url=base_url)
    c.post("/api/host/setup", json={"players": ["Ana", "Ben"]}, headers=H)
    return c


@pytest.mark.parametrize("base", ["http://127.0.0.1:8123", "http://localhost:8123"])
def test_loopback_request_links_to_where_it_came_in(base):
    c = client_for(base)
    a = c.get("/api/hub/address").json()
    assert a["url"] == base + "/" and a["loopback"] is True and a["mdns"] is None
    assert a["host"] == base.split("//")[1].split(":")[0]
    link = c.get("/api/host/seat/1/code", headers=H).json()["link"]
    assert link.startswith(base + "/seat/1?code=")


def test_station_on_loopback_alone_said_by_run_command():
    c = client_for("http://localhost:8080", ["http://127.0.0.1:8080/"])
    a = c.get("/api/hub/address").json()
    assert a["url"] == "http://localhost:8080/" and a["loopback"] and a["mdns"] is None
    assert c.get("/api/host/seat/0/code", headers=H).json()["link"].startswith("http://localhost:8080/seat/0")


def test_station_on_all_interfaces_gives_its_lan_address_and_hub_local():
    c = client_for("http://127.0.0.1:8080", ["http://10.1.2.3:8080/", "http://hub.local:8080/"])
    a = c.get("/api/hub/address").json()
    assert a["url"] == "http://10.1.2.3:8080/" and a["loopback"] is False
    assert a["mdns"] == "http://hub.local:8080/"
    assert c.get("/api/host/seat/0/code", headers=H).json()["link"].startswith("http://10.1.2.3:8080/seat/0")


def test_phone_on_the_lan_keeps_its_own_address():
    c = client_for("http://192.168.1.20:8080", ["http://192.168.1.20:8080/", "http://hub.local:8080/"])
    assert c.get("/api/host/seat/0/code", headers=H).json()["link"].startswith("http://192.168.1.20:8080/seat/0")
    assert c.get("/api/hub/address").json()["url"] == "http://192.168.1.20:8080/"
