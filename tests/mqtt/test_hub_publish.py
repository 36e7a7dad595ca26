"""A hub publishing to a real Mosquitto: journal in order with sequence numbers, nothing lost or
doubled across a broker outage, the retained public view, the last will, no secret in any payload."""
from __future__ import annotations

import json

from broker import Recorder
from station_helpers import PIN, join_all

from station.mqtt_config import parse_url
from station.mqtt_publish import MqttPublisher
from station.service import Station


def hub(tmp_path, broker, name="table1", **kw):
    st = Station(str(tmp_path / name), host_pin=PIN)
    st.mqtt = MqttPublisher(st.store.path, parse_url(broker.url), name).start(st.view())
    return st


def close(st):
    st.mqtt.stop()
    st.store.close()


def journal_seqs(st):
    return [seq for seq, _ in st.store.journal(st.game_id)]


def test_moves_leave_in_order_with_their_sequence_numbers(tmp_path, broker):
    rec = Recorder(broker.port)
    st = hub(tmp_path, broker)
    try:
        st.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {})
        tokens = join_all(st, 2)
        st.start_round(PIN)
        st.submit(0, tokens[0], {"play": "9-4", "on": 0}, st.version)
        st.submit(1, tokens[1], {"draw": True}, st.version)
        want = journal_seqs(st)
        rec.wait(lambda: [m["seq"] for m in rec.on("journal")] == want, what=f"journal {want}")
        got = rec.on("journal")
        assert [m["entry"]["type"] for m in got] == ["setup", "round", "event", "event"]
        assert got[2]["entry"]["event"] == {"seat": 0, "play": "9-4", "on": 0}
        assert {m["v"] for m in got} == {1} and {m["hub"] for m in got} == {"table1"}
        assert {m["game"] for m in got} == {st.game_id}
        rec.wait(lambda: st.mqtt.outbox.acked() == want[-1], what="the outbox's mark")
    finally:
        close(st)
        rec.close()


def test_an_outage_loses_nothing_and_doubles_nothing(tmp_path, broker):
    rec = Recorder(broker.port)           # a persistent session: the broker keeps it across restarts
    st = hub(tmp_path, broker)
    try:
        st.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {})
        tokens = join_all(st, 2)
        st.start_round(PIN)
        rec.wait(lambda: st.mqtt.outbox.acked() == st.version, what="the first entries acknowledged")
        # and delivered: an entry the broker had acknowledged to the hub but not yet passed on when it
        # stopped comes back only as the broker's own redelivery (DUP), which first_time leaves out
        rec.wait(lambda: len(rec.on("journal")) == len(journal_seqs(st)), what="the first entries delivered")
        broker.stop()
        rec.wait(lambda: not st.mqtt.connected.is_set(), what="the hub to see the broker gone")
        # the table plays on while the broker is away
        st.submit(0, tokens[0], {"play": "9-4", "on": 0}, st.version)
        st.submit(1, tokens[1], {"draw": True}, st.version)
        st.submit(1, tokens[1], {"pass": True}, st.version)
        away = st.version
        assert st.mqtt.outbox.acked() < away
        broker.start()
        want = journal_seqs(st)
        rec.wait(lambda: st.mqtt.outbox.acked() == away, timeout=60,
                 what="the hub's missed entries acknowledged")   # paho backs off up to 10 s a try
        rec.wait(lambda: len(rec.on("journal", True)) >= len(want), what="the missed entries delivered")
        seqs = [m["seq"] for m in rec.on("journal", first_time=True)]
        assert seqs == want, "the hub sent every entry exactly once, in order"
        assert {m["seq"] for m in rec.on("journal")} == set(want)
        assert [m["entry"].get("event") for m in rec.on("journal")][-2:] == [
            {"seat": 1, "draw": True}, {"seat": 1, "pass": True}]
    finally:
        close(st)
        rec.close()


def test_the_retained_view_is_the_public_view(tmp_path, broker):
    st = hub(tmp_path, broker)
    try:
        st.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {})
        st.start_round(PIN)
        first = Recorder(broker.port, "mexican-train/table1/view", "early", persistent=False)
        first.wait(lambda: any(m["version"] == st.version for m in first.on("view")), what="the view")
        first.close()
        late = Recorder(broker.port, "mexican-train/+/view", "late", persistent=False)   # subscribes after
        late.wait(lambda: late.messages, what="the retained view")
        topic, body, retained = late.messages[-1]
        late.close()
        assert topic == "mexican-train/table1/view" and retained
        public = st.view()
        assert body["v"] == 1 and body["version"] == public["version"]
        for key in ("game", "standings", "seats", "result"):
            assert body["view"][key] == json.loads(json.dumps(public[key])), key
        assert "me" not in body["view"]
    finally:
        close(st)


def test_online_then_offline_when_stopped(tmp_path, broker):
    rec = Recorder(broker.port, "mexican-train/+/status", "status", persistent=False)
    st = hub(tmp_path, broker)
    rec.wait(lambda: [m["online"] for m in rec.on("status")] == [True], what="online")
    close(st)
    rec.wait(lambda: [m["online"] for m in rec.on("status")] == [True, False], what="offline")
    rec.close()


def walk(value, path=""):
    """Every (path, key, value) of a JSON document."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield path, k, v
            yield from walk(v, f"{path}/{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from walk(v, f"{path}/{i}")


def test_no_hand_token_or_pin_ever_leaves_the_hub(tmp_path, broker):
    rec = Recorder(broker.port)
    st = hub(tmp_path, broker)
    try:
        # virtual tiles: the station deals every hand and the boneyard
        st.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {}, hidden_hands=False)
        codes = [st.seat_code(s, PIN) for s in range(2)]
        tokens = [st.join(s, codes[s]) for s in range(2)]
        st.start_round(PIN)
        hands = [st.seat_view(s, tokens[s])["me"]["hand"] for s in range(2)]
        assert all(hands)
        # hidden hands: a hand registered privately
        st.setup_game(PIN, ["Cy", "Di"], "hub", 9, {})
        more = join_all(st, 2)
        st.start_round(PIN)
        st.register_hand(0, more[0], ["9-4", "1-2", "3-3"])
        rec.wait(lambda: [m["seq"] for m in rec.on("journal")][-1:] == [st.version], what="every entry")
        rec.wait(lambda: any(m["version"] == st.version for m in rec.on("view")), what="the last view")
        secrets = {PIN, *codes, *tokens, *more}
        with rec.lock:
            payloads = [p for _t, p, _r in rec.messages]
        for payload in payloads:
            for path, key, value in walk(payload):
                if isinstance(value, str):       # (a time in seconds may hold the PIN's digits)
                    assert not any(secret in value or secret in key for secret in secrets), (path, key)
                assert key not in ("me", "token", "tokens", "pin"), (path, key)
                if isinstance(value, list):      # (the log's facts count the boneyard: a number)
                    assert key not in ("hands", "boneyard"), (path, key)
                    for hand in hands:           # no list holds a whole hand (trains hold tiles played)
                        assert not set(hand) <= {str(v) for v in value}, (path, key)
        register = [m for m in rec.on("journal") if m["entry"]["type"] == "register"]
        assert register and register[0]["entry"] == {"type": "register", "seat": 0}
    finally:
        close(st)
        rec.close()
