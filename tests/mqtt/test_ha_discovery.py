"""Home Assistant discovery on a real broker: three retained sensor configs of one device that read
the hub's retained summary (whose turn, round, leader with every total), available while online."""
from __future__ import annotations

from broker import Recorder
from station_helpers import PIN, join_all

from station.mqtt_config import parse_url
from station.mqtt_publish import MqttPublisher
from station.service import Station


def test_discovery_and_the_summary_it_reads(tmp_path, broker):
    st = Station(str(tmp_path / "den"), host_pin=PIN)
    st.mqtt = MqttPublisher(st.store.path, parse_url(broker.url), "den", ha_discovery=True).start(st.view())
    try:
        st.setup_game(PIN, ["Ana", "Ben"], "hub", 9, {})
        tokens = join_all(st, 2)
        st.start_round(PIN)
        st.submit(0, tokens[0], {"play": "9-4", "on": 0}, st.version)
        ha = Recorder(broker.port, "homeassistant/#", "ha", persistent=False)
        ha.wait(lambda: len(ha.messages) == 3, what="three discovery configs")
        configs = {t.split("/")[-2]: (p, r) for t, p, r in ha.messages}
        assert set(configs) == {"turn", "round", "leader"} and all(r for _p, r in configs.values())
        for key, (config, _r) in configs.items():
            assert config["state_topic"] == "mexican-train/den/summary"
            assert config["availability_topic"] == "mexican-train/den/status"
            assert config["unique_id"] == f"mexican_train_den_{key}"
            assert config["device"]["identifiers"] == ["mexican_train_den"]
        ha.close()
        hub = Recorder(broker.port, "mexican-train/den/summary", "dash", persistent=False)
        hub.wait(lambda: hub.messages and hub.messages[-1][1]["version"] == st.version, what="the summary")
        summary = hub.messages[-1][1]
        hub.close()
        assert summary["turn"] == "Ben" and summary["round"] == "1/10"
        assert summary["totals"] == {"Ana": 0, "Ben": 0} and summary["leader"] in ("Ana", "Ben")
    finally:
        st.mqtt.stop()
        st.store.close()


def test_no_discovery_unless_asked(tmp_path, broker):
    st = Station(str(tmp_path / "den"), host_pin=PIN)
    st.mqtt = MqttPublisher(st.store.path, parse_url(broker.url), "den").start(st.view())
    try:
        everything = Recorder(broker.port, "#", "all", persistent=False)
        everything.wait(lambda: any(t.endswith("/summary") for t, _p, _r in everything.messages), what="the summary")
        assert not [t for t, _p, _r in everything.messages if t.startswith("homeassistant/")]
        everything.close()
    finally:
        st.mqtt.stop()
        st.store.close()
