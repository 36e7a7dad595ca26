"""Issue 23, 12: the club records which client wrote each journal entry (the MQTT client id and
broker user the message names, beside the topic's hub), lists each hub's writers on /api/club, and
refuses a message that names another hub than its topic's. Through a real Mosquitto."""
from __future__ import annotations

import json

from club_support import Evening, journal, rogue
from station_helpers import PIN


def test_each_entry_keeps_its_writer_and_a_second_writer_shows(tmp_path, broker):
    night = Evening(tmp_path, broker, names=("table1",))
    intruder = rogue(broker.port)
    try:
        hub = night.hubs["table1"]
        hub.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {})
        night.wait(night.caught_up, what="the set-up")
        real = [{"client": "mt-hub-table1", "user": None, "entries": 1, "first": 1, "last": 1}]
        assert night.store.writers("table1") == real
        assert night.hub("table1")["writers"] == real
        # on a broker without the ACL a rogue client can write a well-formed next entry: the club
        # keeps who it says it is, and /api/club shows a second writer of table1's journal
        sent = {"v": 1, "seq": 2, "game": 1, "at": 0, "entry": {"type": "note"}, "hub": "table1", "client": "rogue"}
        intruder.publish("mexican-train/table1/journal", json.dumps(sent).encode(), qos=1).wait_for_publish(5)
        other = {**sent, "seq": 3, "hub": "table2"}                 # another hub's message on this topic
        intruder.publish("mexican-train/table1/journal", json.dumps(other).encode(), qos=1).wait_for_publish(5)
        night.wait(lambda: night.hub("table1")["rejected"] == 1, what="the other hub's message refused")
        writers = night.hub("table1")["writers"]
        assert writers == [*real, {"client": "rogue", "user": None, "entries": 1, "first": 2, "last": 2}]
        assert [s for _g, s, _e in night.store.entries("table1")] == [1, 2] and len(journal(hub)) == 1
    finally:
        intruder.loop_stop()
        night.close()
