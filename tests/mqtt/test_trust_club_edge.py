"""Issue 23, 13: the club's edge like the hub's: the director PIN is throttled per client (and the
count outlives a restart), a body over the limit is refused unread, every 4xx names its field, and
the club answers only to its own names (the hub's Host and Origin check)."""
from __future__ import annotations

from fastapi.testclient import TestClient

from station import throttle
from club.state import Club
from club.store import ClubStore
from club.web import create_club_app
from web.limits import MAX_BODY

BODY = {"players": ["Ana", "Ben"], "games": 1}


def _app(folder):
    store = ClubStore(str(folder))
    return store, create_club_app(Club(store), "135790", allowed_hosts={"testserver"})


def test_director_pin_guessing_is_throttled_across_a_restart(tmp_path):
    store, app = _app(tmp_path)
    with TestClient(app) as c:
        codes = [c.post("/api/club/tournament", json=BODY, headers={"X-Club-Pin": f"{i:06d}"}).status_code
                 for i in range(throttle.FREE + 3)]
        assert codes[:throttle.FREE] == [403] * throttle.FREE and set(codes[throttle.FREE:]) == {429}
        r = c.post("/api/club/tournament", json=BODY, headers={"X-Club-Pin": "135790"})
        assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
        assert r.json()["facts"]["field"] == "X-Club-Pin"
    store.close()
    store, app = _app(tmp_path)                  # the club restarted: the guesser still waits
    with TestClient(app) as c:
        assert c.post("/api/club/tournament", json=BODY, headers={"X-Club-Pin": "000000"}).status_code == 429
    store.close()


def test_club_bodies_are_capped_and_refusals_name_the_field(tmp_path):
    store, app = _app(tmp_path)
    with TestClient(app) as c:
        big = c.post("/api/club/tournament", content=b"{" + b" " * (MAX_BODY + 10) + b"}",
                     headers={"X-Club-Pin": "135790", "content-type": "application/json"})
        assert big.status_code == 413 and big.json()["facts"]["field"] == "body"
        bad = c.post("/api/club/tournament", json={"players": ["Ana"], "games": 1}, headers={"X-Club-Pin": "135790"})
        assert bad.status_code == 422 and bad.json()["facts"]["field"] == "players"
        assert c.get("/club").headers["x-frame-options"] == "DENY"
    store.close()


def test_the_club_answers_only_to_its_own_names(tmp_path):
    store = ClubStore(str(tmp_path))
    app = create_club_app(Club(store), "135790")         # by default: loopback names only
    with TestClient(app, base_url="http://127.0.0.1:8090") as c:
        assert c.get("/api/club").status_code == 200
        for path in ("/api/club", "/club"):
            forged = c.get(path, headers={"Host": "evil.example:8090"})   # a DNS-rebinding page
            assert forged.status_code == 400 and forged.json()["facts"]["field"] == "Host"
            assert forged.headers["x-frame-options"] == "DENY"
        other_site = c.post("/api/club/tournament", json=BODY,
                            headers={"X-Club-Pin": "135790", "Origin": "http://evil.example"})
        assert other_site.status_code == 403 and other_site.json()["facts"]["field"] == "Origin"
        assert store.tournament() is None                # nothing was set up
    with TestClient(create_club_app(Club(store), "135790", allowed_hosts={"club.lan"}),
                    base_url="http://club.lan") as c:
        assert c.get("/api/club").status_code == 200     # a name the club was given
    store.close()
