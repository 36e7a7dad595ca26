"""The hub's publisher: its public view, its journal and its status to an MQTT broker
(docs/club.md gives the topics and payloads).

``MqttPublisher(db_path, broker, hub)`` runs on its own thread (plus paho's network thread): the
station only hands it the newest view (``changed``), which never blocks, so the game at the table
never waits on the broker. Journal entries leave from the SQLite journal through ``Outbox`` in
``seq`` order at QoS 1, at most ``WINDOW`` unacknowledged at a time; each PUBACK moves the outbox's
mark, so after an outage or a restart the broker gets what it missed, in order.

Topics under ``mexican-train/<hub>/``: ``status`` (retained; ``online`` false is the last will),
``view`` (retained, QoS 1: the public ``Station.view()``, never a seat's view), ``summary``
(retained: whose turn, the round, the leader), ``journal`` (QoS 1);
it listens on ``replay`` (``{"v": 1, "from": seq}``: a reader that missed entries asks for them again).
"""
from __future__ import annotations

import json
import logging
import queue
import threading
import time

from . import ha_discovery
from .logs import once_a_minute
from .mqtt_config import TOPIC_ROOT, Broker
from .mqtt_schema import SETUP_MAX_BYTES, SMALL_MAX_BYTES, BadMessage, ReplayRequest, SetupProposal, parse
from .outbox import Outbox

log = logging.getLogger("station.mqtt")
WINDOW = 50          # journal messages handed to paho and not yet acknowledged
PAYLOAD_VERSION = 1
REPLAY_MIN_S = 5.0   # seconds: at most one replay request is taken in this time (the club asks every 5 s)


def status_payload(hub: str, online: bool) -> bytes:
    """``{"v": 1, "hub", "online", "at"}`` (``at``: seconds since the epoch, None in the will)."""
    return json.dumps({"v": PAYLOAD_VERSION, "hub": hub, "online": online,
                       "at": time.time() if online else None}).encode()


class MqttPublisher:
    """Publishes one station to ``broker`` as hub ``hub`` (a topic-safe name). ``db_path`` is the
    station's SQLite file (its journal is the outbox). ``start()`` connects in the background
    (retrying every 1-10 s while the broker is away); ``stop()`` says offline and disconnects."""

    def __init__(self, db_path: str, broker: Broker, hub: str, *, client_id: str | None = None,
                 on_setup=None, ha_discovery: bool = False):
        import paho.mqtt.client as mqtt

        self.hub = hub
        self.on_setup = on_setup                   # the club's proposed set-up: Station.propose_setup
        self.ha_discovery = ha_discovery           # Home Assistant discovery messages (station/ha_discovery.py)
        self.prefix = f"{TOPIC_ROOT}/{hub}"
        self.outbox = Outbox(db_path, self.prefix)
        self.client_id = client_id or f"mt-hub-{hub}"
        self.writer = {"client": self.client_id, "user": broker.username}   # named in each journal message
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=self.client_id,
                                  clean_session=True)
        broker.client_options(self.client)
        self.client.will_set(f"{self.prefix}/status", status_payload(hub, False), qos=1, retain=True)
        self.client.reconnect_delay_set(1, 10)
        self.client.max_inflight_messages_set(WINDOW)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_publish = self._on_publish
        self.client.on_message = self._on_replay
        self.broker = broker
        self.connected = threading.Event()
        self.refused: str | None = None            # the broker's reason when it refused the hub
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._view: dict | None = None
        self._view_sent = True
        self._next = self.outbox.acked() + 1       # the next seq to hand to paho
        self._pending: dict[int, int] = {}         # paho mid -> seq, handed over, not acknowledged
        self._done: set[int] = set()               # acknowledged seqs above the outbox's mark
        self._acks: queue.SimpleQueue = queue.SimpleQueue()    # mids paho saw acknowledged
        self._replay_from: int | None = None       # a reader asked for the journal again from this seq
        self._replay_at = -REPLAY_MIN_S            # when the last replay request was taken (monotonic)
        self._thread = threading.Thread(target=self._run, name=f"mqtt-{hub}", daemon=True)

    # ---- the station's side
    def changed(self, view: dict) -> None:
        """The station's newest public view (``Station.view()``); returns at once."""
        with self._lock:
            self._view, self._view_sent = view, False
        self._wake.set()

    def start(self, view: dict | None = None) -> "MqttPublisher":
        if view is not None:
            self.changed(view)
        self.client.connect_async(self.broker.host, self.broker.port, keepalive=15)
        self.client.loop_start()
        self._thread.start()
        return self

    def stop(self, timeout: float = 2.0) -> None:
        """Publish ``online: false`` (retained), wait up to ``timeout`` s for it, disconnect."""
        self._stop.set()
        self._wake.set()
        self._thread.join(timeout)
        self._advance_mark()
        if self.connected.is_set():
            info = self.client.publish(f"{self.prefix}/status", status_payload(self.hub, False), qos=1, retain=True)
            try:
                info.wait_for_publish(timeout)
            except (RuntimeError, ValueError):
                pass
        self.client.disconnect()
        self.client.loop_stop()
        self.outbox.close()

    # ---- paho's thread
    def _on_connect(self, client, userdata, flags, reason_code, properties=None):
        if reason_code.is_failure:
            self.refused = str(reason_code)
            log.warning("MQTT broker %s:%s refused the hub: %s", self.broker.host, self.broker.port, reason_code)
            return
        self.refused = None
        client.publish(f"{self.prefix}/status", status_payload(self.hub, True), qos=1, retain=True)
        client.subscribe([(f"{self.prefix}/replay", 1), (f"{self.prefix}/setup", 1)])
        if self.ha_discovery:
            for topic, body in ha_discovery.configs(self.hub, self.prefix):
                client.publish(topic, json.dumps(body).encode(), qos=1, retain=True)
        with self._lock:
            self._view_sent = False              # a broker without persistence forgot the retained view
        self.connected.set()
        self._wake.set()

    def _on_disconnect(self, client, userdata, flags, reason_code, properties=None):
        self.connected.clear()

    def _on_publish(self, client, userdata, mid, reason_code=None, properties=None):
        self._acks.put(mid)                       # paho holds its own locks here: hand over, nothing more
        self._wake.set()

    def _on_replay(self, client, userdata, msg):
        """``{"v": 1, "from": seq}`` on ``<prefix>/replay``: a reader (the club) missed entries;
        on ``<prefix>/setup`` the club's next set-up for this hub (empty: none) to ``on_setup``."""
        # every payload is checked (size, depth, station/mqtt_schema.py) before use; a bad one is
        # one line a minute, and nothing on this thread may raise (it is paho's network thread)
        try:
            if msg.topic.endswith("/setup"):
                if self.on_setup is not None:
                    proposal = parse(SetupProposal, msg.payload, SETUP_MAX_BYTES) if msg.payload else None
                    self.on_setup(proposal.model_dump(mode="json") if proposal is not None else None)
                return
            start = parse(ReplayRequest, msg.payload, SMALL_MAX_BYTES).from_
        except BadMessage as exc:
            once_a_minute(log, f"bad {msg.topic}", "ignored a message on %s: %s", msg.topic[:120], exc)
            return
        except Exception as exc:          # a bug: one line, the publisher goes on
            once_a_minute(log, f"failed {msg.topic}", "a message on %s failed: %s: %s", msg.topic[:120],
                          type(exc).__name__, str(exc)[:200])
            return
        now = time.monotonic()
        if now - self._replay_at < REPLAY_MIN_S:
            once_a_minute(log, "replay-throttled", "ignored a replay request on %s: one per %.0f s",
                          msg.topic[:120], REPLAY_MIN_S)
            return
        self._replay_at = now
        with self._lock:
            self._replay_from = start if self._replay_from is None else min(start, self._replay_from)
        self._wake.set()

    # ---- the publisher's thread
    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(1.0)
            self._wake.clear()
            if not self.connected.is_set():
                continue
            try:
                self._advance_mark()
                self._send_view()
                self._send_journal()
                self._send_replay()
            except Exception:                      # never let the publisher die: retry on the next wake
                log.exception("MQTT publishing failed; retrying")

    def _advance_mark(self) -> None:
        """File the PUBACKs paho reported and move the outbox's mark over every acknowledged seq
        that follows it without a gap (a view or status PUBACK matches no journal message)."""
        while True:
            try:
                mid = self._acks.get_nowait()
            except queue.Empty:
                break
            seq = self._pending.pop(mid, None)
            if seq is not None:
                self._done.add(seq)
        mark = top = self.outbox.acked()
        while top + 1 in self._done:
            top += 1
            self._done.discard(top)
        if top > mark:
            self.outbox.mark(top)

    def _send_view(self) -> None:
        with self._lock:
            view, sent = self._view, self._view_sent
            self._view_sent = True
        if view is None or sent:
            return
        body = {"v": PAYLOAD_VERSION, "hub": self.hub, "version": view.get("version"), "view": view}
        self.client.publish(f"{self.prefix}/view", json.dumps(body, ensure_ascii=False).encode("utf-8", "backslashreplace"),
                            qos=1, retain=True)
        self.client.publish(f"{self.prefix}/summary", json.dumps(ha_discovery.summary(self.hub, view), ensure_ascii=False)
                            .encode("utf-8", "backslashreplace"), qos=1, retain=True)

    def _encode(self, payload: dict) -> bytes:
        """A journal payload with this hub's name and its writer (``client``: this MQTT client's id,
        ``user``: the broker user it logged in as, None when anonymous), as UTF-8 JSON (a lone
        surrogate escaped)."""
        return json.dumps({**payload, "hub": self.hub, **self.writer},
                          ensure_ascii=False).encode("utf-8", "backslashreplace")

    def _send_replay(self) -> None:
        """Send the journal again from the asked ``seq`` up to the last entry already handed to
        paho (the newer ones leave through ``_send_journal``); the outbox's mark does not move."""
        with self._lock:
            start, self._replay_from = self._replay_from, None
        end = self._next - 1
        while start is not None and start <= end and self.connected.is_set() and not self._stop.is_set():
            batch = [p for p in self.outbox.after(start - 1, 100) if p["seq"] <= end]
            if not batch:
                return
            for payload in batch:
                self.client.publish(f"{self.prefix}/journal", self._encode(payload), qos=1)
            start = batch[-1]["seq"] + 1

    def _send_journal(self) -> None:
        while self.connected.is_set() and not self._stop.is_set():
            self._advance_mark()
            room = WINDOW - len(self._pending)
            if room <= 0:
                return                            # the next PUBACK wakes this thread
            batch = self.outbox.after(self._next - 1, room)
            if not batch:
                return
            for payload in batch:
                info = self.client.publish(f"{self.prefix}/journal", self._encode(payload), qos=1)
                self._pending[info.mid] = payload["seq"]     # its PUBACK is filed on this thread
                self._next = payload["seq"] + 1
