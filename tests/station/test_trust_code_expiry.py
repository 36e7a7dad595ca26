"""Issue 23, 14: a join code no longer stays valid all game. A seat's code is accepted for
``CODE_LIFETIME_S`` after it is made; then the host is shown a new one, a joined phone keeps its
token, and an expired code is refused without counting as a guess (the station's own clock,
injected)."""
from __future__ import annotations

import sqlite3
import threading

import pytest
from fastapi.testclient import TestClient
from station_helpers import PIN

from station import throttle
from station.interface import Forbidden
from station.service import CODE_LIFETIME_S, Station
from web.app import create_app
from web.i18n import gettext_for
from web.refusals import REASONS


def test_a_code_is_refused_once_it_has_expired(timed):
    st, clock = timed
    code = st.seat_code(1, PIN)
    clock.now += CODE_LIFETIME_S - 1
    assert st.seat_code(1, PIN) == code               # still the same code while it lasts
    clock.now += 1
    with pytest.raises(Forbidden) as refused:
        st.join(1, code, client="10.0.0.5")
    assert refused.value.facts == {"field": "code", "seat": 1, "why": "code-expired"}
    assert "expired" in refused.value.message
    assert st.throttle.wrong("10.0.0.5", "code") == 0  # not a guess: the phone had the code


def test_the_host_gets_a_new_code_and_a_joined_phone_keeps_its_seat(timed):
    st, clock = timed
    old = st.seat_code(0, PIN)
    token = st.join(0, old)
    clock.now += CODE_LIFETIME_S
    new, left = st.seat_code_timed(0, PIN)
    assert new != old and left == CODE_LIFETIME_S
    assert st.seat_view(0, token)["me"]["seat"] == 0   # the phone on the seat is still on it
    assert st.join(0, new) != token                     # the new code works, for the same seat
    with pytest.raises(Forbidden):                      # (and moves it to the phone that used it:
        st.join(0, old)                                 # tests/station/test_trust_code_once.py)


def test_wrong_codes_are_still_counted(timed):
    st, clock = timed
    st.seat_code(2, PIN)
    for _ in range(throttle.FREE):
        with pytest.raises(Forbidden) as refused:
            st.join(2, "ZZZZZ", client="10.0.0.6")
        assert refused.value.facts["why"] == "wrong-code"
    assert st.throttle.wrong("10.0.0.6", "code") == throttle.FREE


def test_the_api_says_when_the_code_runs_out(timed):
    st, clock = timed
    with TestClient(create_app(st, allowed_hosts={"testserver"})) as c:
        first = c.get("/api/host/seat/0/code", headers={"X-Host-Pin": PIN}).json()
        assert first["expires_in"] == CODE_LIFETIME_S
        clock.now += 60
        assert c.get("/api/host/seat/0/code", headers={"X-Host-Pin": PIN}).json()["expires_in"] == CODE_LIFETIME_S - 60
        clock.now += CODE_LIFETIME_S
        r = c.post("/api/seat/0/join", json={"code": first["code"]})
        assert r.status_code == 403 and r.json()["facts"]["why"] == "code-expired"
        assert r.json()["text"] == REASONS["seat-code-expired"]          # its own words, not "wrong code"
        r = c.post("/api/seat/0/join", json={"code": first["code"]}, headers={"Accept-Language": "so"})
        assert r.json()["text"] == gettext_for("so")(REASONS["seat-code-expired"]) != REASONS["seat-code-expired"]
        second = c.get("/api/host/seat/0/code", headers={"X-Host-Pin": PIN}).json()
        assert second["code"] != first["code"] and f"code={second['code']}" in second["link"]
        assert c.post("/api/seat/0/join", json={"code": second["code"]}).status_code == 200


def test_a_code_from_a_store_before_expiry_counts_as_expired(tmp_path):
    st = Station.mock(str(tmp_path), host_pin=PIN)
    st.setup_game(PIN, ["Ana", "Ben"], "hub", 12, {})
    st.store.close()
    st.hub.close()
    db = sqlite3.connect(tmp_path / "station.sqlite3")        # the seats table as it was before
    db.executescript("DROP TABLE seats; CREATE TABLE seats (game_id INTEGER NOT NULL, seat INTEGER NOT NULL, "
                     "code TEXT NOT NULL, token TEXT, PRIMARY KEY (game_id, seat));"
                     "INSERT INTO seats (game_id, seat, code) VALUES (1, 0, 'ABCDE');")
    db.close()
    again = Station.mock(str(tmp_path), host_pin=PIN)
    with pytest.raises(Forbidden) as refused:
        again.join(0, "ABCDE")
    assert refused.value.facts["why"] == "code-expired"
    assert again.seat_code(0, PIN) != "ABCDE"
    again.store.close()
    again.hub.close()


def test_two_requests_for_a_code_at_the_same_moment_get_the_same_code(timed):
    """The host page asks for a seat's code while the station is making it for another request
    (CI found a join refused as a wrong code this way): the request that waited for the other
    must not find the code made in its future and replace it."""
    st, clock = timed
    other: dict[str, str] = {}
    calls = 0

    def racing_clock() -> float:
        nonlocal calls
        calls += 1
        reading = clock.now
        if calls == 1:                      # the first request reads the time, and meanwhile a
            clock.now += 1                  # second request comes a second later
            second = threading.Thread(target=lambda: other.update(code=st.seat_code(1, PIN)))
            second.start()
            second.join(timeout=0.5)        # it finishes here unless the first holds the lock
            other["thread"] = second
        return reading

    st.clock = racing_clock
    code = st.seat_code(1, PIN)
    other["thread"].join()
    assert calls >= 2 and other["code"] == code
    assert st.join(1, code)                 # and the code the host shows joins
