"""The REST API and the live socket against the real station (``Station.mock()`` in process):
intents, refusals, tokens, PIN, validation, the virtual hub driving the mock hardware."""
import re

from api_helpers import H, PIN, join_seats, wait_view


def version(client):
    return client.get("/api/view").json()["version"]


def play(client, tokens, seat, tile, on, v=None):
    return client.post(f"/api/seat/{seat}/submit", json={"event": {"play": tile, "on": on},
                                                        "version": version(client) if v is None else v},
                       headers={"X-Seat-Token": tokens[seat]})


def test_view_is_open_to_all(client):
    r = client.get("/api/view")
    assert r.status_code == 200
    assert set(r.json()) >= {"version", "game", "result", "standings", "seats", "leds", "log", "prompt"}


def test_host_actions_need_pin(client, station):
    before = station.view()
    r = client.post("/api/host/setup", json={"players": ["Ana", "Ben"]})
    assert r.status_code == 401 and r.json()["code"] == "forbidden"
    r = client.post("/api/host/setup", json={"players": ["Ana", "Ben"]}, headers={"X-Host-Pin": "0000"})
    assert r.status_code == 403 and r.json()["code"] == "forbidden" and r.json()["text"]
    assert station.view() == before
    assert client.post("/api/host/check", headers={"X-Host-Pin": "9"}).status_code == 403
    assert client.post("/api/host/check", headers=H).json() == {"ok": True}


def test_malformed_body_names_the_field(client):
    r = client.post("/api/host/setup", json={"players": "Ana"}, headers=H)
    assert r.status_code == 422
    assert any(d["loc"][-1] == "players" for d in r.json()["detail"])
    r = client.post("/api/seat/0/submit", json={"event": {"draw": True}}, headers={"X-Seat-Token": "x"})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "version"]


def test_play_and_refusals(client, game, station):
    assert play(client, game, 0, "6-1", 0).status_code == 200
    # wrong seat token: refused, nothing changed
    v = version(client)
    r = client.post("/api/seat/1/submit", json={"event": {"play": "6-2", "on": 1}, "version": v},
                    headers={"X-Seat-Token": game[0]})
    assert r.status_code == 403 and version(client) == v
    r = client.post("/api/seat/1/submit", json={"event": {"play": "6-2", "on": 1}, "version": v})
    assert r.status_code == 401
    # token in the query works too
    r = client.post(f"/api/seat/1/submit?token={game[1]}", json={"event": {"play": "6-2", "on": 0}, "version": v})
    assert r.status_code == 409 and r.json()["code"] == "train-closed"
    assert "closed" in r.json()["text"]
    # not your turn
    r = play(client, game, 2, "6-3", 2)
    assert r.json()["code"] == "not-your-turn"
    # translated reason
    r = client.post("/api/seat/1/submit?lang=so", json={"event": {"play": "5-5", "on": 1}, "version": v},
                    headers={"X-Seat-Token": game[1]})
    assert r.json()["code"] == "no-match" and r.json()["text"] != r.json()["message"]


def test_stale_version_refused_and_changes_nothing(client, game):
    v = version(client)
    assert play(client, game, 0, "6-1", 0, v).status_code == 200
    v2 = version(client)
    r = play(client, game, 1, "6-2", 1, v)
    assert r.status_code == 409 and r.json()["code"] == "stale"
    assert r.json()["text"] == "The table changed, look again."
    assert version(client) == v2


def test_seat_view_only_for_its_token(client, game):
    r = client.get("/api/seat/0/view", headers={"X-Seat-Token": game[0]})
    assert r.status_code == 200 and r.json()["me"]["seat"] == 0
    assert client.get("/api/seat/0/view", headers={"X-Seat-Token": game[1]}).status_code == 403


def test_round_score_correct_export(client, game):
    for seat, tile in ((0, "6-1"), (1, "6-2"), (2, "6-3"), (3, "6-4"), (0, "1-2")):
        assert play(client, game, seat, tile, seat).status_code == 200, tile
    for seat, pips in ((0, 0), (1, 9), (2, 4), (3, 11)):
        r = client.post(f"/api/seat/{seat}/reveal", json={"hand": pips}, headers={"X-Seat-Token": game[seat]})
        assert r.status_code == 200
    view = client.get("/api/view").json()
    assert view["result"]["totals"] == [0, 9, 4, 11]
    r = client.post("/api/host/correct", json={"round": 0, "seat": 1, "score": 5, "reason": "miscount"}, headers=H)
    assert r.status_code == 200 and r.json()["result"]["totals"][1] == 5
    r = client.get("/api/host/export", headers=H)
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    assert r.json()["rounds"][0]["corrections"] == [{"seat": 1, "score": 5, "reason": "miscount"}]
    # the PIN in the URL is not taken (it would stay in the history and the logs): header only
    assert client.get(f"/api/host/export?pin={PIN}").status_code == 401
    assert client.get("/api/host/export").status_code == 401


def test_undo_release_end(client, game):
    v = version(client)
    play(client, game, 0, "6-1", 0)
    r = client.post("/api/host/undo", json={"version": v}, headers=H)
    assert r.json()["code"] == "stale"
    r = client.post("/api/host/undo", json={"version": version(client)}, headers=H)
    assert r.status_code == 200 and r.json()["result"]["state"]["trains"][0]["tiles"] == []
    assert client.post("/api/host/seat/2/release", headers=H).status_code == 200
    assert client.get("/api/seat/2/view", headers={"X-Seat-Token": game[2]}).status_code == 403
    r = client.post("/api/host/end", json={"abandon": True}, headers=H)
    assert r.json()["game"]["status"] == "abandoned"


def test_seat_code_qr_and_address(client, game):
    r = client.get("/api/host/seat/1/code", headers=H).json()
    assert r["link"].endswith(f"/seat/1?code={r['code']}") and r["svg"].startswith("<svg")
    a = client.get("/api/hub/address").json()
    assert a["url"].startswith("http://") and "hub.local" in a["mdns"] and "<svg" in a["svg"]
    assert client.get("/api/host/seat/1/code").status_code == 401


def test_virtual_hub_drives_the_mock_hardware(client, game):
    state = lambda v: v["result"]["state"]                       # noqa: E731
    before = client.get("/api/view").json()
    assert state(before)["turn"] == 0 and state(before)["hand_counts"][0] == 2
    # Ana's button, short press: "I drew a tile" (a draw is allowed: the engine only knows the table)
    assert client.post("/api/hub/press", json={"seat": 0}).status_code == 200
    view = wait_view(client, lambda v: state(v)["hand_counts"][0] == 3, "Ana's draw from her button")
    assert state(view)["boneyard"] == state(before)["boneyard"] - 1 and view["log"][-1]["kind"] == "draw"
    # pressed again: "I pass", her train is marked and the turn moves on
    assert client.post("/api/hub/press", json={"seat": 0}).status_code == 200
    view = wait_view(client, lambda v: state(v)["turn"] == 1, "Ana's pass from her button")
    assert view["leds"]["markers"]["seat0"] and view["log"][-1]["kind"] == "pass"
    # Chi presses out of turn: refused on the hub, nothing changed
    assert client.post("/api/hub/press", json={"seat": 2}).status_code == 200
    refused = wait_view(client, lambda v: v["prompt"] is not None, "the refusal of Chi's press")
    assert refused["prompt"]["seat"] == 2 and refused["prompt"]["code"] == "not-your-turn"
    assert state(refused) == state(view)
    # a tile sensed in the empty Mexican slot with no move entered: Ben (to act) is asked which tile
    assert client.post("/api/hub/slot", json={"slot": "mexican", "occupied": True}).status_code == 200
    asked = wait_view(client, lambda v: (v["prompt"] or {}).get("kind") == "start-train", "Ben's prompt")
    assert asked["prompt"]["seat"] == 1 and asked["prompt"]["facts"]["train"] == "mexican"
    assert asked["hardware"]["slots"]["mexican"] is True
    r = client.post("/api/hub/slot", json={"slot": "seat99", "occupied": True})
    assert r.status_code == 400 and "seat99" in r.json()["message"]


def test_virtual_hub_off_without_mock(tmp_path):
    from fastapi.testclient import TestClient

    from station.service import Station
    from web.app import create_app
    station = Station(str(tmp_path), host_pin=PIN)           # no hub: phones only
    with TestClient(create_app(station, allowed_hosts={"testserver"})) as c:
        for path, body in (("/api/hub/press", {"seat": 1}), ("/api/hub/slot", {"slot": "mexican", "occupied": True})):
            r = c.post(path, json=body)
            assert r.status_code == 404, (path, r.text)     # not there at all on real hardware
            assert path not in c.get("/openapi.json").json()["paths"]
        assert "only with the mock hardware" in c.get("/hub").text
    station.store.close()


def test_virtual_tiles_seat_sees_its_dealt_hand_and_plays_from_it(client):
    r = client.post("/api/host/setup", json={"players": ["Ana", "Ben", "Chi"], "profile": "hub", "set": 6,
                                             "options": {"hand_size": 5}, "hidden_hands": False}, headers=H)
    assert r.status_code == 200 and r.json()["game"]["deal"] == {"hand_size": 5, "boneyard": 27 - 15}
    tokens = join_seats(client, 3)
    assert client.post("/api/host/start", headers=H).status_code == 200
    hands = [client.get(f"/api/seat/{s}/view", headers={"X-Seat-Token": tokens[s]}).json()["me"]["hand"]
             for s in range(3)]
    assert [len(h) for h in hands] == [5, 5, 5]
    dealt = [t for h in hands for t in h]
    assert len(set(dealt)) == 15 and "6-6" not in dealt              # three hands from one set, engine aside
    assert "hand" not in str(client.get("/api/view").json()["seats"])  # nobody else sees them
    me = client.get("/api/seat/0/view", headers={"X-Seat-Token": tokens[0]}).json()["me"]
    offered = {t for tiles in me["options"]["play"].values() for t in tiles}
    assert offered <= {str(t) for t in hands[0]} | {"-".join(reversed(t.split("-"))) for t in hands[0]}
    assert all("6" in t.split("-") for t in offered)                 # every offered tile fits the engine
    if offered:
        on, tiles = next(iter(me["options"]["play"].items()))
        r = play(client, tokens, 0, tiles[0], on if on == "mexican" else int(on))
        assert r.status_code == 200, r.text
        after = client.get("/api/seat/0/view", headers={"X-Seat-Token": tokens[0]}).json()["me"]["hand"]
        assert sorted(after + [t for t in hands[0] if t not in after]) == sorted(hands[0]) and len(after) == 4
    else:
        assert me["options"]["draw"] and not me["options"]["pass"]
        r = client.post("/api/seat/0/submit", json={"event": {"draw": True}, "version": version(client)},
                        headers={"X-Seat-Token": tokens[0]})
        assert r.status_code == 200
        after = client.get("/api/seat/0/view", headers={"X-Seat-Token": tokens[0]}).json()["me"]["hand"]
        assert len(after) == 6 and set(hands[0]) < set(after)
    # the seat to act plays a tile of another seat's hand: refused (not in hand), nothing changes
    v = client.get("/api/view").json()
    turn = v["result"]["state"]["turn"]
    theirs = hands[(turn + 1) % 3][0]
    r = play(client, tokens, turn, theirs, turn, v["version"])
    assert r.status_code == 409 and r.json()["code"] == "not-in-hand", r.text
    after = client.get("/api/view").json()
    assert (after["version"], after["result"]) == (v["version"], v["result"])


def test_websocket_pushes_each_view(client, game):
    with client.websocket_connect("/ws") as ws:
        first = ws.receive_json()
        assert first["type"] == "view"
        play(client, game, 0, "6-1", 0)
        msg = ws.receive_json()
        assert msg["view"]["version"] == first["view"]["version"] + 1
    with client.websocket_connect(f"/ws?seat=1&token={game[1]}") as ws:
        msg = ws.receive_json()
        assert msg["view"]["me"]["seat"] == 1
        assert "1" in msg["view"]["me"]["options"]["play"]
    with client.websocket_connect("/ws?seat=1&token=bad") as ws:
        assert ws.receive_json()["code"] == "forbidden"
        assert "me" not in ws.receive_json()["view"]


def test_pages_and_assets(client):
    for path in ("/", "/table", "/seat/0", "/host", "/hub", "/docs", "/openapi.json", "/static/css/app.css",
                 "/static/js/live.js", "/static/media/wake.webm", "/static/swagger/swagger-ui-bundle.js"):
        assert client.get(path).status_code == 200, path
    for path in ("/", "/table", "/seat/0", "/host", "/hub", "/docs"):
        html = client.get(path).text
        assert "cdn" not in html.lower() and "https://" not in html, path


def test_websocket_says_when_the_seat_is_released(client, game):
    with client.websocket_connect(f"/ws?seat=2&token={game[2]}") as ws:
        assert ws.receive_json()["view"]["me"]["seat"] == 2
        assert client.post("/api/host/seat/2/release", headers=H).status_code == 200
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["code"] == "forbidden"
        view = ws.receive_json()
        assert view["type"] == "view" and "me" not in view["view"]
        play(client, game, 0, "6-1", 0)           # then on as everyone's socket, no error again
        msg = ws.receive_json()
        assert msg["type"] == "view" and "me" not in msg["view"]


def test_wrong_seat_code_says_so(client, game):
    r = client.post("/api/seat/1/join", json={"code": "NOPE"})
    assert r.status_code == 403 and r.json()["code"] == "forbidden"
    assert r.json()["text"] == "That is not this seat's code: ask the host."
    r = client.post("/api/seat/1/join?lang=ps", json={"code": "NOPE"})
    assert r.json()["text"] not in ("That is not this seat's code: ask the host.", "")
    # a wrong host PIN keeps its own wording, which says nothing of seat codes
    assert client.post("/api/host/start", headers={"X-Host-Pin": "0"}).json()["text"] == \
        "That is not the host PIN."


def test_websocket_gives_a_seat_its_own_hand_and_nobody_else_any(client):
    r = client.post("/api/host/setup", json={"players": ["Ana", "Ben", "Chi"], "profile": "hub", "set": 6,
                                             "options": {"hand_size": 5}, "hidden_hands": False}, headers=H)
    assert r.status_code == 200
    tokens = join_seats(client, 3)
    assert client.post("/api/host/start", headers=H).status_code == 200
    hands = [client.get(f"/api/seat/{s}/view", headers={"X-Seat-Token": tokens[s]}).json()["me"]["hand"]
             for s in range(3)]

    def tiles_in(message):
        """Every tile named in a value of ``message`` (keys such as the pip table's are no hand)."""
        found = set()

        def walk(o):
            if isinstance(o, dict):
                for v in o.values():
                    walk(v)
            elif isinstance(o, list):
                for v in o:
                    walk(v)
            elif isinstance(o, str):
                found.update(tuple(sorted(map(int, t.split("-")))) for t in re.findall(r"\b\d+-\d+\b", o))
        walk(message)
        return found

    def pairs(hand):
        return {tuple(sorted(map(int, t.split("-")))) for t in hand}
    with client.websocket_connect(f"/ws?seat=0&token={tokens[0]}") as ws:
        msg = ws.receive_json()
        assert msg["view"]["me"]["hand"] == hands[0]
        assert not tiles_in(msg) & (pairs(hands[1]) | pairs(hands[2]))
    with client.websocket_connect("/ws") as ws:
        msg = ws.receive_json()
        assert "me" not in msg["view"]
        assert not tiles_in(msg) & (pairs(hands[0]) | pairs(hands[1]) | pairs(hands[2]))


def test_virtual_hub_drives_only_a_mock_hub(tmp_path):
    """A station on a plain Hub (here on MockFactory pins, as a real one would be on lgpio) has no
    virtual hub: only a hardware.mockdrive.MockHub carries the controls the page presses."""
    from fastapi.testclient import TestClient
    from gpiozero.pins.mock import MockFactory

    from hardware.config import default_build
    from hardware.hub import Hub
    from hardware.strip import RecordingStrip
    from station.service import Station
    from web.app import create_app
    build = default_build()
    station = Station(str(tmp_path), hub=Hub(build, pin_factory=MockFactory(), strip=RecordingStrip(build.strip.count)),
                      host_pin=PIN)
    assert not station.is_mock
    with TestClient(create_app(station, allowed_hosts={"testserver"})) as c:
        r = c.post("/api/hub/press", json={"seat": 1})
        assert r.status_code == 404                  # the mock-only endpoint is not there at all
    station.hub.close()
    station.store.close()
    (tmp_path / "m").mkdir()
    mocked = Station.mock(str(tmp_path / "m"), host_pin=PIN)
    assert mocked.is_mock and type(mocked.hub).__name__ == "MockHub"
    mocked.hub.close()
    mocked.store.close()
