"""The club's MQTT subscriber: every hub's status, view and journal into a ``Club``.

A persistent session (``clean_session`` false, a fixed client id, QoS 1): while the club is away
the broker keeps the hubs' journal messages for it (with ``persistence true``, across a broker
restart too); paho reconnects every 1-10 s. What still goes missing (a broker killed before it
saved the club's session, a club that came later) is asked for again: every ``CHECK_S`` seconds a
hub whose view is newer than the club's unbroken journal gets ``{"v": 1, "from": seq}`` on
``mexican-train/<hub>/replay`` (at most once per ``ASK_AGAIN_S`` for the same seq).
"""
from __future__ import annotations

import json
import logging
import threading
import time

from station.logs import once_a_minute
from station.mqtt_config import TOPIC_ROOT, Broker

log = logging.getLogger("station.club")
CHECK_S = 1.0
ASK_AGAIN_S = 5.0
TOPICS = [(f"{TOPIC_ROOT}/+/{kind}", 1) for kind in ("status", "view", "journal")]


class ClubListener:
    """Subscribes ``club`` (a ``state.Club``) to ``broker`` as MQTT client ``client_id``."""

    def __init__(self, club, broker: Broker, client_id: str = "mt-club"):
        import paho.mqtt.client as mqtt

        self.club = club
        self.broker = broker
        self.connected = threading.Event()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id, clean_session=False)
        broker.client_options(self.client)
        self.client.reconnect_delay_set(1, 10)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = lambda *a, **k: self.connected.clear()
        self.client.on_message = self._on_message
        self._stop = threading.Event()
        self._asked: dict[tuple[str, int], float] = {}
        self._checker = threading.Thread(target=self._check, name="club-replay", daemon=True)
        club.director.publish = lambda topic, payload, retain: self.client.publish(topic, payload, qos=1, retain=retain)

    def _on_connect(self, client, userdata, flags, reason_code, properties=None):
        if reason_code.is_failure:
            log.warning("MQTT broker %s:%s refused the club: %s", self.broker.host, self.broker.port, reason_code)
            return
        client.subscribe(TOPICS)
        self.connected.set()
        self.club.director.progress()

    def _on_message(self, client, userdata, msg):
        try:
            self.club.handle(msg.topic, msg.payload)
        except Exception as exc:          # one bad message must not stop the subscriber: a bug, one line
            once_a_minute(log, f"failed {msg.topic}", "a message on %s could not be kept: %s: %s",
                          msg.topic[:120], type(exc).__name__, str(exc)[:200])

    def start(self) -> "ClubListener":
        self.client.connect_async(self.broker.host, self.broker.port, keepalive=15)
        self.client.loop_start()
        self._checker.start()
        return self

    def _check(self) -> None:
        while not self._stop.wait(CHECK_S):
            if not self.connected.is_set():
                continue
            try:
                now = time.monotonic()
                for hub, seq in self.club.missing():
                    if now - self._asked.get((hub, seq), -ASK_AGAIN_S) >= ASK_AGAIN_S:
                        self._asked[(hub, seq)] = now
                        log.info("asking %s for its journal again from seq %d", hub, seq)
                        self.client.publish(f"{TOPIC_ROOT}/{hub}/replay",
                                            json.dumps({"v": 1, "from": seq}).encode(), qos=1)
            except Exception:
                log.exception("checking for missed journal entries failed")

    def stop(self) -> None:
        self._stop.set()
        self._checker.join(2)
        self.client.disconnect()
        self.client.loop_stop()
