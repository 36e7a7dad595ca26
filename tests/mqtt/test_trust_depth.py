"""Issue 23, 11: the hub's MQTT reader refuses JSON nested deeper than ``MAX_DEPTH``
(station/mqtt_schema.py), before it is decoded. A set-up that is otherwise a good one (the schema
keeps unknown keys, so a deep one would pass it) is offered to the host at ``MAX_DEPTH`` and ignored
one level deeper, through a real Mosquitto; a replay request likewise."""
from __future__ import annotations

import json
import logging
import time

import pytest
from club_support import Evening, rogue

from station import logs
from station.mqtt_schema import MAX_DEPTH, SMALL_MAX_BYTES, BadMessage, ReplayRequest, depth, parse


def proposal(tournament: int, nesting: int) -> bytes:
    """A club set-up whose extra key ``note`` holds ``nesting`` arrays, one in the other: the
    message is ``nesting + 1`` deep (the outer object)."""
    body = {"v": 1, "tournament": tournament, "game": 0, "games": 1, "players": ["Eve", "Mal"],
            "profile": "hub", "note": "x"}
    text = json.dumps(body).replace('"note": "x"', '"note": ' + "[" * nesting + "]" * nesting)
    assert depth(text.encode()) == nesting + 1
    return text.encode()


def test_parse_takes_max_depth_and_refuses_one_deeper():
    ok = b'{"v": 1, "from": 2, "x": ' + b"[" * (MAX_DEPTH - 1) + b"]" * (MAX_DEPTH - 1) + b"}"
    assert parse(ReplayRequest, ok, SMALL_MAX_BYTES).from_ == 2
    deep = b'{"v": 1, "from": 2, "x": ' + b"[" * MAX_DEPTH + b"]" * MAX_DEPTH + b"}"
    with pytest.raises(BadMessage, match=f"nested deeper than {MAX_DEPTH}"):
        parse(ReplayRequest, deep, SMALL_MAX_BYTES)


def test_the_hub_ignores_a_set_up_nested_deeper_than_max_depth(tmp_path, broker, caplog):
    caplog.set_level(logging.INFO)
    logs.forget()
    night = Evening(tmp_path, broker, names=("table1",))
    intruder = rogue(broker.port, "deep-rogue")
    try:
        hub = night.hubs["table1"]
        assert hub.mqtt.connected.wait(10)
        topic = "mexican-train/table1/setup"
        intruder.publish(topic, proposal(8, MAX_DEPTH - 1), qos=1).wait_for_publish(5)
        night.wait(lambda: (hub.view()["club_setup"] or {}).get("tournament") == 8,
                   what="the set-up nested MAX_DEPTH deep, offered to the host")
        intruder.publish(topic, proposal(7, MAX_DEPTH), qos=1).wait_for_publish(5)

        def refused() -> bool:
            return any("nested deeper than" in r.getMessage() for r in caplog.records)
        deadline = time.monotonic() + 10
        while not refused() and (hub.view()["club_setup"] or {}).get("tournament") == 8:
            assert time.monotonic() < deadline, "the hub neither took nor refused the deep set-up"
            time.sleep(0.05)
        assert hub.view()["club_setup"]["tournament"] == 8       # the deep one changed nothing
        assert refused()
        assert hub.mqtt.client.is_connected()
        assert not [r for r in caplog.records if r.exc_info], "a traceback was logged"
    finally:
        intruder.loop_stop()
        night.close()
