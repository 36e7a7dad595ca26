"""Two hubs and a club on one real broker, in process: Station hubs publishing through
MqttPublisher, the club's ClubListener, Club and web app (Starlette's TestClient)."""
from __future__ import annotations

import time

import httpx
import paho.mqtt.client as mqtt
from station_helpers import PIN, join_all

from club.listener import ClubListener
from club.state import Club
from club.store import ClubStore
from station.mqtt_config import parse_url
from station.mqtt_publish import MqttPublisher
from station.service import Station
from club.web import create_club_app


DIRECTOR_PIN = "135790"


def rogue(port: int, client_id: str = "rogue"):
    """Another client of the broker on 127.0.0.1:``port`` (no ACL: it may publish under any hub's
    topics), its network loop started; ``loop_stop()`` it at the end."""
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id)
    client.connect("127.0.0.1", port)
    client.loop_start()
    return client


class Evening:
    """``hubs``: name -> Station; ``club``; ``api()``: GET /api/club through the club's app."""

    def __init__(self, tmp_path, broker, names=("table1", "table2")):
        self.broker = broker
        self.hubs = {}
        for name in names:
            st = Station.mock(str(tmp_path / name), host_pin=PIN)
            st.mqtt = MqttPublisher(st.store.path, parse_url(broker.url), name,
                                    on_setup=st.propose_setup).start(st.view())
            self.hubs[name] = st
        self.club_dir = str(tmp_path / "club")
        self.start_club()

    def start_club(self, client_id: str = "club-test"):
        self.store = ClubStore(self.club_dir)
        self.club = Club(self.store)
        self.listener = ClubListener(self.club, parse_url(self.broker.url), client_id).start()
        self.app = create_club_app(self.club, DIRECTOR_PIN, allowed_hosts={"club"})

    def stop_club(self):
        self.listener.stop()
        self.store.close()

    def get(self, path: str) -> httpx.Response:
        from fastapi.testclient import TestClient     # (its own thread: works beside Playwright's loop)

        with TestClient(self.app, base_url="http://club") as client:
            return client.get(path)

    def post(self, path: str, body: dict, pin: str | None = "director") -> httpx.Response:
        from fastapi.testclient import TestClient

        headers = {"X-Club-Pin": DIRECTOR_PIN if pin == "director" else pin} if pin else {}
        with TestClient(self.app, base_url="http://club") as client:
            return client.post(path, json=body, headers=headers)

    def api(self) -> dict:
        r = self.get("/api/club")
        assert r.status_code == 200, r.text
        return r.json()

    def hub(self, name: str) -> dict:
        return next((h for h in self.api()["hubs"] if h["name"] == name), None)

    def wait(self, condition, timeout: float = 15.0, what: str = "the club"):
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what}: {self.api()}")
            time.sleep(0.02)

    def all_online(self) -> bool:
        """Every hub seen online by the club."""
        hubs = self.api()["hubs"]
        return sorted(h["name"] for h in hubs if h["online"]) == sorted(self.hubs)

    def caught_up(self) -> bool:
        """Every hub's latest view on /api/club and every journal entry kept by the club."""
        for name, st in self.hubs.items():
            hub = self.hub(name)
            if hub is None or hub["version"] != st.version:
                return False
            if [s for _g, s, _e in self.store.entries(name)] != [s for s, _ in journal(st)]:
                return False
        return True

    def close(self):
        for st in self.hubs.values():
            st.mqtt.stop()
            st.store.close()
            st.hub.close()
        self.stop_club()


def journal(st):
    rows = st.store.db.execute("SELECT seq, entry FROM journal ORDER BY seq").fetchall()
    return rows


OUTS = [0, 1, 2, 0, 1, 2, 0]            # double-6: 7 rounds; the seat to start goes out each round


def quick_game(st, names, pips, rounds=7):
    """Set up a hidden-hands hub game for three (double-6, 1 tile each) and play its first
    ``rounds`` of 7 (``play_rounds``). Returns the seat tokens."""
    st.setup_game(PIN, list(names), "hub", 6, {"hand_size": 1})
    tokens = join_all(st, len(names))
    play_rounds(st, tokens, 0, rounds, pips)
    return tokens


def play_rounds(st, tokens, first, last, pips):
    """Rounds ``first`` to ``last - 1`` (0-based) through the station: in round r seat OUTS[r]
    (the seat to start) plays one tile on its own train and goes out, then each seat shows its
    hand: none for the seat that went out, seat s ``pips[s]`` pips."""
    for r in range(first, last):
        st.start_round(PIN)
        state = st.view()["result"]["state"]
        out = OUTS[r]
        assert state["turn"] == out, f"round {r + 1} starts with seat {state['turn']}, not {out}"
        engine = state["engine"]
        st.submit(out, tokens[out], {"play": f"{engine}-{(engine + 1) % 7}", "on": out}, st.version)
        for seat, token in enumerate(tokens):
            st.reveal(seat, token, [] if seat == out else pips[seat])
