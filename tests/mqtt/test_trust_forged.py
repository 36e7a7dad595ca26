"""Issue 23, 10-12: malformed and forged messages through a real Mosquitto. The club keeps none of
them, counts them, and every page still answers; the hub's MQTT thread survives a 100k-deep
message, refuses a forged set-up that is no set-up, and answers one replay request in its window."""
from __future__ import annotations

import json
import logging
import time

from club_support import Evening, journal, rogue
from station_helpers import PIN, join_all

from station import logs
from club.state import Club

VIEW_OK = {"game": {"players": ["Ana", "Ben"]}}
FORGED = {                                     # topic suffix -> payloads a rogue client sends
    "view": [{"v": 1, "version": 3, "view": {"game": {"players": 5}}},
             {"v": 1, "version": 3, "view": {"result": []}},
             {"v": 1, "version": 3, "view": {"game": {"players": [["x"]]}}},
             {"v": 1, "version": "3", "view": VIEW_OK},
             b"[" * 100_000, b"\xff\xfe", b"{" * 40 + b"}" * 40],
    "journal": [{"v": 1, "seq": 10_000_038, "game": 1, "at": 0, "entry": {"type": "setup"}},
                {"v": 1, "seq": 1, "game": 1, "at": 0, "entry": {}, "final": {"status": "finished", "standings": "x"}},
                {"v": 1, "seq": 1, "game": 1, "at": 0, "entry": {},
                 "final": {"status": "finished", "standings": [{"name": "Eve"}]}},
                {"v": 1, "seq": True, "game": 1, "entry": {}}, {"v": 1, "seq": 2, "game": 1, "entry": []},
                b"x" * 100_000],
    "status": [{"v": 1, "online": "yes"}, {"v": 2, "online": True}, b"null"],
}


def send(client, topic: str, payload) -> None:
    data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    client.publish(topic, data, qos=1).wait_for_publish(5)


def test_forged_messages_are_counted_never_stored_and_the_club_keeps_working(tmp_path, broker, caplog):
    caplog.set_level(logging.INFO)
    logs.forget()
    night = Evening(tmp_path, broker, names=("table1",))
    intruder = rogue(broker.port)
    try:
        hub = night.hubs["table1"]
        hub.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {})
        tokens = join_all(hub, 2)
        hub.start_round(PIN)
        night.wait(night.caught_up, what="the real set-up")
        sent = 0
        for kind, payloads in FORGED.items():
            for payload in payloads:
                send(intruder, f"mexican-train/table1/{kind}", payload)
                sent += 1
        night.wait(lambda: night.hub("table1")["rejected"] >= sent - 1, what="every forged message refused")
        # the real hub goes on, and the club with it
        hub.submit(0, tokens[0], {"play": "9-4", "on": 0}, hub.version)
        night.wait(night.caught_up, what="the real move after the garbage")
        api = night.api()
        table = api["hubs"][0]
        assert table["game"]["players"] == ["Ana", "Ben"] and table["online"] is True
        assert [s for _g, s, _e in night.store.entries("table1")] == [s for s, _ in journal(hub)]
        assert api["games"] == [] and api["leaderboard"] == []
        assert night.get("/club").status_code == 200
        assert not [r for r in caplog.records if r.exc_info], "a traceback was logged"
        lines = [r.getMessage() for r in caplog.records if "table1" in r.getMessage() and "ignored" in r.getMessage()]
        assert 1 <= len(lines) <= 2, lines               # once per hub per minute
    finally:
        intruder.loop_stop()
        night.close()


def test_garbage_already_stored_cannot_break_the_club(tmp_path, broker):
    night = Evening(tmp_path, broker, names=())
    try:
        store = night.store
        store.save_hub("old1", True, 3, {"game": {"players": 5}, "result": []})
        store.save_hub("old2", True, 3, {"game": {"players": ["A", "B"]}})
        store.db.execute("INSERT INTO games (hub, game, status, players, totals, standings, rounds, seq, at) "
                         "VALUES ('old1', 1, 'finished', '[]', '[]', '\"x\"', 1, 1, 0), "
                         "('old1', 2, 'finished', '[]', '[]', '[{\"name\": \"A\"}]', 1, 2, 0)")
        api = Club(store).api()
        assert [h["name"] for h in api["hubs"]] == ["old1", "old2"]
        assert api["hubs"][0]["game"] is None and api["hubs"][1]["game"]["players"] == ["A", "B"]
        assert api["games"] == [] and api["leaderboard"] == []
    finally:
        night.close()


def test_the_hub_survives_a_deep_replay_request_and_refuses_a_forged_setup(tmp_path, broker, caplog):
    caplog.set_level(logging.INFO)
    night = Evening(tmp_path, broker, names=("table1",))
    intruder = rogue(broker.port)
    try:
        hub = night.hubs["table1"]
        hub.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {})
        night.wait(night.caught_up, what="the set-up")
        send(intruder, "mexican-train/table1/replay", b"[" * 100_000)
        deep = {}
        for _ in range(300):
            deep = {"x": deep}
        send(intruder, "mexican-train/table1/setup", {"v": 1, "tournament": 1, "game": 0, "games": 1,
                                                      "players": ["Eve", "Mal"], "profile": "hub", "options": deep})
        send(intruder, "mexican-train/table1/setup", {"v": 1, "tournament": 1, "game": 0, "games": 1,
                                                      "players": ["Eve", "Mal"], "profile": "hub",
                                                      "options": {"big": "x" * 60_000}})
        for _ in range(50):                              # a replay storm: one is answered in the window
            send(intruder, "mexican-train/table1/replay", {"v": 1, "from": 1})
        time.sleep(1.0)
        assert hub.view()["club_setup"] is None          # nothing offered to the host
        hub.end_game(PIN, True)                          # the hub still publishes
        night.wait(night.caught_up, what="the hub's entry after the deep message")
        assert hub.mqtt.client.is_connected()
        assert not [r for r in caplog.records if r.exc_info], "a traceback was logged"
        assert sum("one per" in r.getMessage() for r in caplog.records) >= 1     # the storm was cut
    finally:
        intruder.loop_stop()
        night.close()
