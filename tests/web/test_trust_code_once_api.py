"""Issue 23, 14 through the API: a join code joins once. The second phone with the same code gets
403 ``code-used`` worded for the player (in the phone's language), never 429 however often it
tries; the host's code endpoint answers the seat's new code, which joins; the view counts joins;
the phone the seat was taken from is told so on its socket."""
from __future__ import annotations

import pytest
from api_helpers import H, PIN
from fastapi.testclient import TestClient

from station import throttle
from station.service import Station
from web.app import create_app
from web.i18n import gettext_for
from web.refusals import REASONS


@pytest.fixture
def client(tmp_path):
    st = Station.mock(str(tmp_path), host_pin=PIN)
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 12, {})
    with TestClient(create_app(st, allowed_hosts={"testserver"})) as c:
        yield c
    st.store.close()
    st.hub.close()


def shown(client, seat: int) -> dict:
    """What the host page shows for ``seat``: its code, link and QR code."""
    r = client.get(f"/api/host/seat/{seat}/code", headers=H)
    assert r.status_code == 200, r.text
    return r.json()


@pytest.mark.parametrize("lang", ["en", "so", "ps"])
def test_a_used_code_is_refused_in_the_phones_words(client, lang):
    code = shown(client, 1)["code"]
    assert client.post("/api/seat/1/join", json={"code": code}).status_code == 200
    r = client.post("/api/seat/1/join", json={"code": code}, headers={"Accept-Language": lang})
    assert r.status_code == 403
    body = r.json()
    assert body["code"] == "forbidden" and body["facts"] == {"field": "code", "seat": 1, "why": "code-used"}
    assert body["text"] == gettext_for(lang)(REASONS["seat-code-used"])
    assert body["text"] != gettext_for(lang)(REASONS["wrong-seat-code"])
    assert (body["text"] == REASONS["seat-code-used"]) == (lang == "en")    # translated


def test_the_host_is_shown_the_new_code_and_it_gives_the_seat_to_the_new_phone(client):
    first = shown(client, 0)
    old = client.post("/api/seat/0/join", json={"code": first["code"]}).json()["token"]
    assert [s["joins"] for s in client.get("/api/view").json()["seats"]] == [1, 0]
    again = shown(client, 0)
    assert again["code"] != first["code"]
    assert f"code={again['code']}" in again["link"] and f"code={first['code']}" not in again["link"]
    with client.websocket_connect(f"/ws?seat=0&token={old}") as ws:
        assert ws.receive_json()["type"] == "view"         # the first phone holds the seat
        r = client.post("/api/seat/0/join", json={"code": again["code"]})
        assert r.status_code == 200
        new = r.json()["token"]
        message = ws.receive_json()
        while message["type"] != "error":
            message = ws.receive_json()
        assert message["code"] == "forbidden" and message["facts"]["why"] == "replaced"
    assert new != old
    assert client.get("/api/seat/0/view", headers={"X-Seat-Token": new}).status_code == 200
    refused = client.get("/api/seat/0/view", headers={"X-Seat-Token": old})
    assert refused.status_code == 403 and refused.json()["facts"]["why"] == "replaced"
    assert [s["joins"] for s in client.get("/api/view").json()["seats"]] == [2, 0]


def test_a_used_code_tried_again_and_again_is_never_throttled(client):
    code = shown(client, 1)["code"]
    client.post("/api/seat/1/join", json={"code": code})
    for _ in range(throttle.FREE + 3):
        r = client.post("/api/seat/1/join", json={"code": code})
        assert r.status_code == 403 and r.json()["facts"]["why"] == "code-used"
    assert client.post("/api/seat/1/join", json={"code": shown(client, 1)["code"]}).status_code == 200


@pytest.mark.parametrize("lang", ["en", "so"])
def test_a_refused_seat_token_is_worded_as_the_seat_page_words_it(client, lang):
    """A fresh user's trial: the phone whose seat another phone took was told "Not allowed: wrong
    seat code or host PIN." (the bare "forbidden"), though it sent neither; its text is now the
    seat page's own note for why it must join again, and an unknown token is told to join."""
    from web.refusals import NEEDED, TOKEN_REFUSED
    _ = gettext_for(lang)
    old = client.post("/api/seat/0/join", json={"code": shown(client, 0)["code"]}).json()["token"]
    client.post("/api/seat/0/join", json={"code": shown(client, 0)["code"]})
    r = client.get("/api/seat/0/view", headers={"X-Seat-Token": old, "Accept-Language": lang})
    assert r.status_code == 403 and r.json()["facts"]["why"] == "replaced"
    assert r.json()["text"] == _(TOKEN_REFUSED["replaced"]) != _(REASONS["forbidden"])
    assert r.json()["text"].startswith("Another phone" if lang == "en" else "Telefoon")
    r = client.get("/api/seat/1/view", headers={"X-Seat-Token": "never-given", "Accept-Language": lang})
    assert r.status_code == 403 and r.json()["facts"]["why"] == "not-joined"
    assert r.json()["text"] == _(NEEDED["token"])
    station = client.app.state.station
    token = client.post("/api/seat/1/join", json={"code": shown(client, 1)["code"]}).json()["token"]
    game = station.game_id
    station.setup_game(PIN, ["Ana", "Ben"], "hub", 12, {})             # a new game since
    r = client.get("/api/seat/1/view", headers={"X-Seat-Token": token, "Accept-Language": lang})
    assert r.status_code == 403 and r.json()["facts"]["why"] == "old-game"
    assert r.json()["text"] == _(TOKEN_REFUSED["old-game"]) % {"id": game}
    assert str(game) in r.json()["text"]
