"""Issue 23, 7 and 14: the station answers only to its own names, another site's page cannot drive
it, every page sends the security headers and carries no inline script."""
from __future__ import annotations

import html
import re
from urllib.parse import unquote

import pytest
from api_helpers import H, PIN
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from web.app import create_app
from web.i18n import gettext_for
from web.security import script_json

PAGES = ["/", "/table", "/seat/0", "/host", "/hub", "/docs"]


@pytest.mark.parametrize("path", PAGES)
def test_every_page_sends_the_security_headers_and_no_inline_script(client, path):
    r = client.get(path)
    assert r.status_code == 200
    csp = r.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp and "unsafe-inline" not in csp.split(
        "script-src")[1].split(";")[0]
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "no-referrer"
    assert r.headers["x-frame-options"] == "DENY"
    for tag in re.findall(r"<script\b[^>]*>", r.text):      # data blocks or files, never inline code
        assert "src=" in tag or 'type="application/json"' in tag, tag


def test_the_api_sends_the_headers_too(client):
    r = client.get("/api/view")
    assert r.headers["x-content-type-options"] == "nosniff" and "content-security-policy" in r.headers


def test_script_json_leaves_no_html_state():
    for name in ["<!--<script>", "</script>", "<!--", "]]>", "a\u2028b\u2029", "&lt;", "\ud800"]:
        text = script_json({"name": name})
        assert not set(text) & {"<", ">", "&", "\u2028", "\u2029"}, text


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8080", "10.9.9.9", ""])
def test_a_foreign_host_is_refused_naming_the_field(station, host):
    with TestClient(create_app(station, allowed_hosts={"testserver"})) as c:
        r = c.get("/api/view", headers={"host": host})
        assert r.status_code == 400 and r.json()["facts"]["field"] == "Host"
        assert c.get("/", headers={"host": host}).status_code == 400
        with pytest.raises(WebSocketDisconnect) as closed:
            with c.websocket_connect("/ws", headers={"host": host}) as ws:
                ws.receive_json()
        assert closed.value.code == 1008


def test_links_never_come_from_the_request_host(station):
    """Even a name the station answers to: the join link is the station's own address."""
    app = create_app(station, allowed_hosts={"testserver", "hub.example", "10.1.2.3"})
    app.state.addresses = ["http://10.1.2.3:8080/", "http://hub.local:8080/"]
    with TestClient(app, base_url="http://hub.example:9999") as c:
        assert c.post("/api/host/setup", json={"players": ["Ana", "Ben"]}, headers=H).status_code == 200
        link = c.get("/api/host/seat/0/code", headers=H).json()["link"]
        assert link.startswith("http://10.1.2.3:8080/seat/0?code="), link
        assert c.get("/api/hub/address").json()["url"] == "http://10.1.2.3:8080/"


def test_a_loopback_link_takes_the_served_port_not_the_host_headers(station):
    """On loopback alone the link keeps the loopback name it came in on, but its port is the one
    the station serves on, never a forged ``Host: 127.0.0.1:1``."""
    app = create_app(station)
    app.state.addresses = ["http://127.0.0.1:8080/"]
    with TestClient(app, base_url="http://127.0.0.1:8080") as c:
        assert c.post("/api/host/setup", json={"players": ["Ana", "Ben"]}, headers=H).status_code == 200
        link = c.get("/api/host/seat/0/code", headers={**H, "host": "127.0.0.1:1"}).json()["link"]
        assert link.startswith("http://127.0.0.1:8080/seat/0?code="), link


def test_another_sites_page_can_neither_post_nor_open_the_socket(client):
    bad = {"origin": "http://evil.example", **H}
    r = client.post("/api/host/setup", json={"players": ["Ana", "Ben"]}, headers=bad)
    assert r.status_code == 403 and r.json()["facts"]["field"] == "Origin"
    assert client.get("/api/view").json()["game"] is None          # nothing was set up
    with pytest.raises(WebSocketDisconnect) as closed:
        with client.websocket_connect("/ws", headers={"origin": "http://evil.example"}) as ws:
            ws.receive_json()
    assert closed.value.code == 1008
    # the station's own pages (same origin) and non-browser clients (no Origin) go on working
    ok = client.post("/api/host/setup", json={"players": ["Ana", "Ben"]},
                     headers={"origin": "http://testserver", "x-host-pin": PIN})
    assert ok.status_code == 200, ok.text
    with client.websocket_connect("/ws", headers={"origin": "http://testserver"}) as ws:
        assert ws.receive_json()["type"] == "view"


@pytest.mark.parametrize("name", ["\u200b\u200c\u200d", "\u2060\ufeff", "\u3164", " \u3164 ", "\u2800", "Ana\u202e"])
def test_the_preview_refuses_the_names_the_set_up_refuses(client, name):
    """One name check for the host's preview and set-up: a name with nothing visible, or that
    reorders the text, is a 400 naming the player in both, and nothing is set up."""
    body = {"players": ["Ana", name], "profile": "hub", "set": 6}
    preview = client.post("/api/host/preview", json=body, headers=H)
    setup = client.post("/api/host/setup", json=body, headers=H)
    assert preview.status_code == 400, preview.text
    assert preview.json()["facts"]["field"] == "players[1]" and "player 2" in preview.json()["message"]
    assert (setup.status_code, setup.json()) == (preview.status_code, preview.json())
    assert client.get("/api/view").json()["game"] is None
    assert client.post("/api/host/preview", json={**body, "players": ["Ana", "Ben"]}, headers=H).status_code == 200


@pytest.mark.parametrize("path", ["/seat/-1", "/seat/99999999999999999999", "/seat/14", "/seat/abc", "/seat/1e3"])
def test_a_seat_no_game_can_have_is_a_404_page(client, path):
    r = client.get(path, headers={"Accept-Language": "so"})
    assert r.status_code == 404, r.text[:300]
    assert r.headers["content-type"].startswith("text/html") and "content-security-policy" in r.headers
    title = re.search(r"<title>(.*?)</title>", r.text, re.S).group(1)
    assert "Seat" not in title and path.rsplit("/", 1)[1] not in title, title
    assert client.get("/api/view").status_code == 200


@pytest.mark.parametrize("seat", [0, 5, 13])
def test_every_seat_a_game_can_have_has_its_page(client, seat):
    r = client.get(f"/seat/{seat}")
    assert r.status_code == 200 and f"<title>Seat {seat} ·" in r.text


@pytest.mark.parametrize("path", ["/games/999", "/games/0", "/games/abc", "/games/%3Cb%3Ex"])
def test_a_game_the_hub_has_not_is_a_404_page_in_the_players_language(client, path):
    """A stored game's page with no game under its id: the 404 page, in the page's language,
    naming the id (escaped) and linking back to the past games; not a JSON error in a browser."""
    r = client.get(path, headers={"Accept-Language": "so", "Accept": "text/html"})
    assert r.status_code == 404, r.text[:300]
    assert r.headers["content-type"].startswith("text/html")
    why = re.search(r'<p id="missing-why">(.*?)</p>', r.text, re.S).group(1)
    assert why == gettext_for("so")("There is no game %(id)s on this hub.") % {"id": html.escape(unquote(path.rsplit("/", 1)[1]))}
    assert 'href="/games"' in r.text and "<b>" not in r.text


def test_the_api_says_a_stored_game_it_has_not_is_not_found(client):
    """``GET /api/games/999``: 404 (not 409 "no game set up"), the field named, worded for the page."""
    r = client.get("/api/games/999", headers={"Accept-Language": "uz"})
    assert r.status_code == 404, r.text
    body = r.json()
    assert body["code"] == "no-game" and body["facts"] == {"field": "game_id", "game_id": 999}
    assert body["text"] == gettext_for("uz")("There is no game %(id)s on this hub.") % {"id": 999}
    assert client.get("/api/games/999/record").status_code == 404
    # with no game at all set up, a move is still "no game set up": a 409, not a 404
    assert client.post("/api/host/start", json={}, headers=H).status_code == 409


@pytest.mark.parametrize("lang", ["en", "ps"])
def test_an_address_with_nothing_behind_it(client, lang):
    """An unknown address: a browser gets the hub's 404 page in its language with the way back to the
    scoreboard; the API (or a script) a refusal with a code, the field and a sentence, never bare
    ``{"detail": "Not Found"}``."""
    _ = gettext_for(lang)
    page = client.get("/nosuch", headers={"Accept-Language": lang, "Accept": "text/html,*/*"})
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    assert re.search(r'<p id="missing-why">(.*?)</p>', page.text, re.S).group(1) == _("The hub has nothing at this address.")
    assert 'href="/"' in page.text
    for path, accept in (("/api/nosuch", "text/html"), ("/nosuch", "application/json"), ("/static/nosuch.css", "text/css,*/*")):
        r = client.get(path, headers={"Accept-Language": lang, "Accept": accept})
        assert r.status_code == 404 and r.headers["content-type"].startswith("application/json"), (path, r.text[:200])
        body = r.json()
        assert (body["code"], body["facts"]["field"], body["text"]) == ("not-found", "path", _("The hub has nothing at this address."))


@pytest.mark.parametrize("path, body", [("/api/seat/0/reveal", {}), ("/api/seat/0/submit", {"version": "x"}),
                                        ("/api/seat/0/hand", {"tiles": 5})])
def test_a_phone_that_has_not_joined_is_told_so_before_its_body_is_read(client, path, body):
    """No seat token at all: 401 saying the phone has not joined (in the page's language), before
    any problem of the body, and not "wrong seat code or host PIN" (nothing wrong was sent)."""
    assert client.post("/api/host/setup", json={"players": ["Ana", "Ben"], "profile": "hub", "set": 6},
                       headers=H).status_code == 200
    r = client.post(path, json=body, headers={"Accept-Language": "sn"})
    assert r.status_code == 401, r.text
    assert r.json()["facts"] == {"need": "token", "field": "X-Seat-Token"}
    assert r.json()["text"] == gettext_for("sn")("This phone has not joined the seat: scan the seat's code, or type it.")
    # with a token (a wrong one), the body's problem is named as before
    bad = client.post(path, json=body, headers={"X-Seat-Token": "t" * 20})
    assert bad.status_code in (403, 422), bad.text


@pytest.mark.parametrize("path, headers, need", [("/api/seat/0/submit", {}, "token"), ("/api/seat/0/reveal", {"X-Seat-Token": ""}, "token"),
                                                ("/api/host/setup", {}, "pin"), ("/api/host/setup", {"X-Host-Pin": ""}, "pin")])
def test_a_body_that_is_not_json_without_credentials_is_told_the_credentials_first(client, path, headers, need):
    """FastAPI reads the body before any dependency: a body that is not JSON from a phone that never
    joined (or with no PIN) is still the 401 about the token or PIN, not the body's 422."""
    r = client.post(path, content=b"{", headers={**headers, "Content-Type": "application/json"})
    assert r.status_code == 401, r.text
    assert r.json()["facts"]["need"] == need
    # with the credential there, the body's fault is named
    given = {"X-Seat-Token": "t" * 20} if need == "token" else H
    r = client.post(path, content=b"{", headers={**given, "Content-Type": "application/json"})
    assert r.status_code == 422 and r.json()["facts"]["field"] == "body", r.text


def test_a_host_action_without_the_pin_asks_for_it_before_reading_the_body(client):
    r = client.post("/api/host/setup", json={"players": "nobody"}, headers={"Accept-Language": "si"})
    assert r.status_code == 401, r.text
    assert r.json()["text"] == gettext_for("si")("Enter the host PIN first.")
    r = client.post("/api/host/setup", json={"players": "nobody"}, headers=H)
    assert r.status_code == 422 and r.json()["facts"]["field"] == "players", r.text


def test_a_wrong_method_is_refused_naming_the_methods_taken(client):
    """A fresh user's trial: ``GET /api/seat/1/photo`` answered bare ``{"detail": "Method Not
    Allowed"}``; a 405 is a refusal like the others: its code, the field ("method"), the methods
    the route takes (in ``Allow`` too) and a sentence."""
    r = client.get("/api/seat/1/photo")
    assert r.status_code == 405 and r.headers["allow"] == "POST"
    body = r.json()
    assert (body["code"], body["facts"]) == ("bad-request", {"field": "method", "allowed": ["POST"]})
    assert body["message"] == "GET is not taken at /api/seat/1/photo: use POST" and body["text"]
