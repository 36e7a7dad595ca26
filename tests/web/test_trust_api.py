"""Trust at the table (issue 13), against the real ``Station.mock()`` in process: guessing the host
PIN or a join code is throttled per client, bodies are capped before authentication, and every bad
request is a 4xx naming the field (never a 500), after which the pages still load."""
from __future__ import annotations

import asyncio
import json
import logging

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from station import logs, throttle
from station.service import Station
from web.app import create_app
from web.limits import MAX_BODY

PIN = "4821"
HOST = {"X-Host-Pin": PIN}


class Clock:
    """An injected monotonic clock (seconds) the test moves by hand: no test sleeps."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def real_station(tmp_path, clock):
    st = Station.mock(str(tmp_path), host_pin=PIN, clock=clock)
    yield st
    st.store.close()
    st.hub.close()


@pytest.fixture
def api(real_station):
    with TestClient(create_app(real_station, allowed_hosts={"testserver"}), raise_server_exceptions=False) as c:
        yield c


@pytest.fixture
def game(api):
    """A hub double-9 game for Ana, Ben and Chi, round 1 started; returns the seat tokens."""
    r = api.post("/api/host/setup", headers=HOST, json={"players": ["Ana", "Ben", "Chi"], "set": 9})
    assert r.status_code == 200, r.text
    assert api.post("/api/host/start", headers=HOST).status_code == 200
    tokens = []
    for seat in range(3):
        code = api.get(f"/api/host/seat/{seat}/code", headers=HOST).json()["code"]
        tokens.append(api.post(f"/api/seat/{seat}/join", json={"code": code}).json()["token"])
    return tokens


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """(client, tokens): one station with a game for the tests that only send refused requests."""
    st = Station.mock(str(tmp_path_factory.mktemp("table")), host_pin=PIN, clock=Clock())
    with TestClient(create_app(st, allowed_hosts={"testserver"}), raise_server_exceptions=False) as c:
        r = c.post("/api/host/setup", headers=HOST, json={"players": ["Ana", "Ben", "Chi"], "set": 9})
        assert r.status_code == 200, r.text
        assert c.post("/api/host/start", headers=HOST).status_code == 200
        tokens = []
        for seat in range(3):
            code = c.get(f"/api/host/seat/{seat}/code", headers=HOST).json()["code"]
            tokens.append(c.post(f"/api/seat/{seat}/join", json={"code": code}).json()["token"])
        yield c, tokens
    st.store.close()
    st.hub.close()


def pages_still_load(api) -> None:
    for path in ("/api/view", "/", "/table", "/host", "/seat/0", "/hub"):
        assert api.get(path).status_code == 200, path


# ----------------------------------------------------------------- guessing the host PIN
def test_200_wrong_pins_get_a_few_verdicts_then_the_right_pin_works_after_the_lockout(api, clock, caplog):
    caplog.set_level(logging.WARNING, logger="station.auth")
    logs.forget()
    verdicts, throttled = 0, []
    for guess in range(200):
        r = api.post("/api/host/check", headers={"X-Host-Pin": f"{guess:04d}" if guess != int(PIN) else "0000"})
        if r.status_code == 403:
            verdicts += 1
        else:
            assert r.status_code == 429, r.text
            throttled.append(r)
    assert verdicts <= 24                       # "at most a few dozen": here the first FREE
    assert verdicts == throttle.FREE and len(throttled) == 200 - throttle.FREE
    first = throttled[0]
    assert int(first.headers["Retry-After"]) >= 1
    body = first.json()
    assert body["code"] == "throttled" and body["facts"]["retry_after"] == int(first.headers["Retry-After"])
    assert body["text"] == f"Too many wrong PINs from this phone: wait {body['facts']['retry_after']} s before the next try."
    # while throttled even the right PIN gets no verdict
    assert api.post("/api/host/check", headers=HOST).status_code == 429

    # a patient guesser who waits out every delay reaches the lockout within LOCKOUT_AFTER tries
    tries = verdicts
    while True:
        r = api.post("/api/host/check", headers={"X-Host-Pin": "9999"})
        if r.status_code == 429:
            wait = int(r.headers["Retry-After"])
            if r.json()["facts"]["lockout"]:
                break
            clock.now += wait
            continue
        assert r.status_code == 403
        tries += 1
    assert tries == throttle.LOCKOUT_AFTER
    assert wait > 60 * 10                       # locked out for many minutes
    clock.now += wait - 1
    assert api.post("/api/host/check", headers=HOST).status_code == 429
    clock.now += 1
    assert api.post("/api/host/check", headers=HOST).status_code == 200
    # the right PIN starts the phone afresh: a slip is answered at once again
    assert api.post("/api/host/check", headers={"X-Host-Pin": "0001"}).status_code == 403
    refusals = [r.getMessage() for r in caplog.records if r.name == "station.auth"]
    assert sum("wrong host PIN" in m for m in refusals) == tries + 1
    # the refusals without a verdict are not a line each: the log cannot be flooded (issue 23)
    assert 1 <= sum("throttled" in m for m in refusals) <= 2


def test_the_throttle_is_per_client_and_guards_every_host_endpoint(real_station, clock):
    app = create_app(real_station, allowed_hosts={"testserver"})
    with TestClient(app, client=("10.0.0.66", 5000)) as guesser, \
            TestClient(app, client=("10.0.0.2", 5000)) as host:
        for _ in range(throttle.FREE):
            assert guesser.get("/api/host/export", headers={"X-Host-Pin": "0000"}).status_code == 403
        for path in ("/api/host/export", "/api/host/games"):
            assert guesser.get(path, headers=HOST).status_code == 429
        assert guesser.post("/api/host/setup", headers=HOST,
                            json={"players": ["A", "B"], "set": 9}).status_code == 429
        assert host.post("/api/host/setup", headers=HOST, json={"players": ["A", "B"], "set": 9}).status_code == 200


def test_join_codes_are_throttled_per_client(api, game):
    codes = 0
    for i in range(100):
        r = api.post("/api/seat/1/join", json={"code": f"ZZ{i:03d}"})
        assert r.status_code in (403, 429), r.text
        codes += r.status_code == 403
    assert codes == throttle.FREE
    r = api.post("/api/seat/1/join", json={"code": "ZZZZZ"})
    assert r.status_code == 429 and r.json()["facts"]["what"] == "code"


def test_throttled_answer_is_worded_in_the_page_language(api):
    for _ in range(throttle.FREE + 1):
        r = api.post("/api/host/check?lang=ps", headers={"X-Host-Pin": "0000"})
    assert r.status_code == 429
    english = api.post("/api/host/check", headers={"X-Host-Pin": "0000"}).json()["text"]
    assert r.json()["text"] != english


# ----------------------------------------------------------------- a longer PIN, changed from the host page
def test_the_host_changes_the_pin_and_it_is_kept(tmp_path, clock):
    st = Station.mock(str(tmp_path), pin_length=8, clock=clock)
    first = st.host_pin
    assert len(first) == 8 and first.isdigit()
    with TestClient(create_app(st, allowed_hosts={"testserver"})) as c:
        bad = c.post("/api/host/pin", headers={"X-Host-Pin": first}, json={"new_pin": "12ab"})
        assert bad.status_code == 400 and bad.json()["facts"]["field"] == "new_pin"
        short = c.post("/api/host/pin", headers={"X-Host-Pin": first}, json={"new_pin": "123"})
        assert short.status_code == 400
        ok = c.post("/api/host/pin", headers={"X-Host-Pin": first}, json={"new_pin": "31415926"})
        assert ok.status_code == 200, ok.text
        assert c.post("/api/host/check", headers={"X-Host-Pin": first}).status_code == 403
        assert c.post("/api/host/check", headers={"X-Host-Pin": "31415926"}).status_code == 200
    st.store.close()
    st.hub.close()
    again = Station.mock(str(tmp_path), pin_length=8, clock=clock)
    assert again.host_pin == "31415926"
    again.store.close()
    again.hub.close()
    longer = Station.mock(str(tmp_path), pin_length=10, clock=clock)   # a shorter stored PIN is replaced
    assert len(longer.host_pin) == 10
    longer.store.close()
    longer.hub.close()


# ----------------------------------------------------------------- bodies capped before authentication
def test_a_100_mb_post_is_refused_before_it_is_read_and_without_a_pin(api):
    r = api.post("/api/host/setup", content=b"{}", headers={"Content-Length": str(100 * 1024 * 1024),
                                                           "Content-Type": "application/json"})
    assert r.status_code == 413
    assert r.json()["facts"] == {"field": "body", "max_bytes": MAX_BODY}
    assert r.json()["text"] == "That request is too large."
    uz = api.post("/api/host/setup?lang=uz", content=b"{}", headers={"Content-Length": str(10 ** 8)})
    assert uz.status_code == 413 and uz.json()["text"] == "Bu so'rov juda katta."


def test_a_streamed_body_is_cut_off_at_the_limit(real_station):
    """A body without Content-Length (chunked) is read only up to the limit: the app never pulls
    the rest of the 100 MB from the client."""
    app = create_app(real_station, allowed_hosts={"testserver"})
    chunk = b"x" * (1024 * 1024)
    pulled, sent = 0, []

    async def receive():
        nonlocal pulled
        pulled += 1
        return {"type": "http.request", "body": chunk, "more_body": pulled < 100}

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
             "scheme": "http", "path": "/api/seat/0/join", "raw_path": b"/api/seat/0/join",
             "query_string": b"", "root_path": "", "headers": [(b"host", b"testserver"), (b"content-type", b"application/json")],
             "client": ("10.0.0.9", 1), "server": ("testserver", 80), "state": {}}
    asyncio.run(app(scope, receive, send))
    assert pulled == 1
    assert sent[0]["status"] == 413


# ----------------------------------------------------------------- every bad request: 4xx naming the field
BAD = [
    ("non-ASCII PIN header", "post", "/api/host/check", {"headers": {"X-Host-Pin": "é".encode()}}, "X-Host-Pin"),
    ("non-ASCII token header", "get", "/api/seat/0/view", {"headers": {"X-Seat-Token": "ü".encode()}}, "X-Seat-Token"),
    ("non-ASCII ?token=", "get", "/api/seat/0/view?token=%F0%9F%98%80", {}, "token"),
    ("huge seat in path", "get", f"/api/seat/{2 ** 64}/view", {"headers": {"X-Seat-Token": "t" * 20}}, "path.seat"),
    ("no seat token", "get", f"/api/seat/{2 ** 64}/view", {}, "X-Seat-Token"),
    ("no host PIN", "post", "/api/host/setup", {"json": {"players": 5}}, "X-Host-Pin"),
    ("huge seat to release", "post", f"/api/host/seat/{2 ** 64}/release", {"headers": HOST}, "path.seat"),
    ("huge seat code", "get", f"/api/host/seat/{2 ** 63}/code", {"headers": HOST}, "path.seat"),
    ("huge game id", "get", f"/api/host/export?game_id={2 ** 64}", {"headers": HOST}, "query.game_id"),
    ("press for a seat the hub lacks", "post", "/api/hub/press", {"json": {"seat": 40}}, "seat"),
    ("a slot the hub lacks", "post", "/api/hub/slot", {"json": {"slot": "seat40", "occupied": True}}, "slot"),
    ("lone surrogate name", "post", "/api/host/setup",
     {"content": '{"players": ["\\ud800", "Ben"], "set": 9}', "headers": {**HOST, "Content-Type": "application/json"}},
     "players.0"),
    ("control character in a name", "post", "/api/host/setup",
     {"json": {"players": ["An\x07a", "Ben"], "set": 9}, "headers": HOST}, "players[0]"),
    ("a 100 kB name", "post", "/api/host/setup",
     {"json": {"players": ["A" * 100_000, "Ben"], "set": 9}, "headers": HOST}, "body"),
    ("a 40 kB name", "post", "/api/host/setup",
     {"json": {"players": ["A" * 40_000, "Ben"], "set": 9}, "headers": HOST}, "players.0"),
    ("a 33-character name", "post", "/api/host/setup",
     {"json": {"players": ["A" * 33, "Ben"], "set": 9}, "headers": HOST}, "players.0"),
    ("unknown set-up key", "post", "/api/host/setup",
     {"json": {"players": ["Ana", "Ben"], "set": 9, "colour": "red"}, "headers": HOST}, "colour"),
]


@pytest.mark.parametrize("case", BAD, ids=[c[0] for c in BAD])
def test_bad_requests_answer_4xx_naming_the_field(table, case):
    api, _tokens = table
    _, method, path, kw, field = case
    r = getattr(api, method)(path, **kw)
    assert 400 <= r.status_code < 500, r.text
    assert r.json()["facts"]["field"] == field
    pages_still_load(api)


def test_a_body_that_is_not_json_is_named_as_the_request_not_a_position(table):
    """pydantic locates a JSON decode error at a character position ("body", 0): the refusal names
    the request's body, not a field "0"."""
    api, _tokens = table
    r = api.post("/api/hub/press", content="seat=0", headers={"Content-Type": "application/json"})
    assert r.status_code == 422
    assert r.json()["facts"] == {"field": "body", "problem": "json_invalid"}
    assert r.json()["text"].startswith("Check “Request”:"), r.json()["text"]
    pages_still_load(api)


def moves(game, version):
    token = {"X-Seat-Token": game[0]}
    return [
        ("tile as a list", {"event": {"play": [9, 4], "on": 0}, "version": version}, "event.play"),
        ("tile as an object", {"event": {"play": {"a": 9}, "on": 0}, "version": version}, "event.play"),
        ("tile of 5000 digits", {"event": {"play": "9" * 5000 + "-4", "on": 0}, "version": version}, "event.play"),
        ("train above 2^63", {"event": {"play": "9-4", "on": 2 ** 64}, "version": version}, "event.on"),
        ("version above 2^63", {"event": {"draw": True}, "version": 2 ** 64}, "version"),
        ("an unknown key", {"event": {"draw": True, "x" * 1000: 1}, "version": version}, "event." + "x" * 1000),
        ("two actions", {"event": {"draw": True, "pass": True}, "version": version}, "event"),
        ("draw false", {"event": {"draw": False}, "version": version}, "event.draw"),
    ], token


def test_bad_moves_answer_422_naming_the_field_and_change_nothing(api, real_station, game):
    version = api.get("/api/view").json()["version"]
    cases, token = moves(game, version)
    for name, body, field in cases:
        r = api.post("/api/seat/0/submit", json=body, headers=token)
        assert r.status_code == 422, (name, r.text)
        assert r.json()["facts"]["field"] == field, name
    big = api.post("/api/seat/0/submit", headers={**token, "Content-Type": "application/json"},
                   content='{"event": {"play": ' + "9" * 5000 + ', "on": 0}, "version": %d}' % version)
    assert big.status_code in (400, 422) and big.json()["facts"]["field"] in ("body", "event.play")
    assert api.get("/api/view").json()["version"] == version
    journal = real_station.store.journal(real_station.game_id)
    assert all("x" * 100 not in json.dumps(entry) for _, entry in journal)
    # a well-formed move still goes through
    ok = api.post("/api/seat/0/submit", json={"event": {"play": "9-4", "on": 0}, "version": version}, headers=token)
    assert ok.status_code == 200, ok.text


@pytest.mark.parametrize("hand,field", [(["x"], "hand.0"), ([[1, 2]], "hand.0"), ({"a": 1}, "hand"),
                                        (2 ** 64, "hand"), ("12", "hand")])
def test_bad_reveals_answer_422(table, hand, field):
    api, game = table
    r = api.post("/api/seat/0/reveal", json={"hand": hand}, headers={"X-Seat-Token": game[0]})
    assert r.status_code == 422, r.text
    assert r.json()["facts"]["field"] == field
    pages_still_load(api)


@pytest.mark.parametrize("pips,says", [(100_001, "give 100000 or less"), (-1, "give 0 or more"),
                                       ("abc", "give a whole number"), (2.5, "give a whole number")])
def test_a_bad_pip_count_is_worded_for_the_count_not_for_a_list_of_tiles(table, pips, says):
    """A reveal's "hand" is the tiles or a pip count: a bad count is told what the count needs (a
    fresh user's trial saw "Input should be a valid list", from the other shape's error)."""
    api, game = table
    r = api.post("/api/seat/0/reveal", json={"hand": pips}, headers={"X-Seat-Token": game[0]})
    assert r.status_code == 422, r.text
    assert r.json()["facts"]["field"] == "hand"
    assert r.json()["text"] == f"Check “Pip count”: {says}.", r.json()["text"]
    fr = api.post("/api/seat/0/reveal?lang=ps", json={"hand": pips}, headers={"X-Seat-Token": game[0]})
    assert "list" not in fr.json()["text"] and "Pip count" not in fr.json()["text"], fr.json()["text"]


def test_a_count_sent_while_the_round_is_in_play_is_told_so(table):
    """A reveal before the round's end is refused "round-over" (the record format's code), and
    worded for what is so: the round is in play, not over (a fresh user's trial was told "The
    round is over.")."""
    api, game = table
    assert api.get("/api/view").json()["result"]["state"]["turn"] is not None    # a round in play
    r = api.post("/api/seat/0/reveal", json={"hand": 5}, headers={"X-Seat-Token": game[0]})
    assert r.status_code == 409 and r.json()["code"] == "round-over", r.text
    assert r.json()["text"] == "A round is in play.", r.json()["text"]
    ps = api.post("/api/seat/0/reveal?lang=ps", json={"hand": 5}, headers={"X-Seat-Token": game[0]})
    assert ps.json()["text"] not in ("A round is in play.", "The round is over."), ps.json()["text"]


def test_a_malformed_websocket_query_closes_with_a_reason(api, game):
    for query, field in (("seat=0&token=%C3%A9", "token"), (f"seat={2 ** 64}&token=x", "seat"),
                         ("seat=x&token=y", "seat")):
        with api.websocket_connect(f"/ws?{query}") as ws:
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
        assert closed.value.code == 1008
        assert closed.value.reason.startswith(field)
    with api.websocket_connect(f"/ws?seat=0&token={game[0]}") as ws:     # a good one still works
        assert ws.receive_json()["view"]["me"]["seat"] == 0


def test_a_name_stored_before_names_were_checked_does_not_break_any_page(tmp_path, clock):
    st = Station.mock(str(tmp_path), host_pin=PIN, clock=clock)
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {})
    game_id, setup = st.store.db.execute("SELECT id, setup FROM games").fetchone()
    setup = json.loads(setup)
    setup["players"][0] = "\ud800Ana"                 # as an older station let it in
    st.store.db.execute("UPDATE games SET setup = ? WHERE id = ?", (json.dumps(setup), game_id))
    st.store.db.execute("UPDATE journal SET entry = ? WHERE seq = (SELECT MIN(seq) FROM journal)",
                        (json.dumps(setup),))
    st.store.close()
    st.hub.close()
    st = Station.mock(str(tmp_path), host_pin=PIN, clock=clock)
    try:
        with TestClient(create_app(st, allowed_hosts={"testserver"})) as c:
            pages_still_load(c)
            assert c.get("/api/view").json()["game"]["players"][0] == "\ud800Ana"
            assert c.get("/api/host/export", headers=HOST).status_code == 200
            with c.websocket_connect("/ws") as ws:
                assert ws.receive_json()["type"] == "view"
    finally:
        st.store.close()
        st.hub.close()
