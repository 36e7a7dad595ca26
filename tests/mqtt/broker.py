"""A real Eclipse Mosquitto (Debian's ``mosquitto``) for the tests, and a recording subscriber.

``Mosquitto(folder)`` writes a config for a free loopback port with its persistence file in
``folder`` (a pytest tmp dir), starts ``mosquitto -c``, and can be stopped (SIGTERM: it saves its
sessions), killed (SIGKILL) and started again on the same port. Nothing is left running.
"""
from __future__ import annotations

import getpass
import json
import shutil
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Mosquitto:
    """One broker process on ``127.0.0.1:port`` (``url``: ``mqtt://127.0.0.1:PORT``)."""

    def __init__(self, folder: Path, extra: str = "", anonymous: bool = True):
        self.folder = Path(folder)
        self.port = free_port()
        self.url = f"mqtt://127.0.0.1:{self.port}"
        self.config = self.folder / "mosquitto.conf"
        self.config.write_text(
            f"listener {self.port} 127.0.0.1\nallow_anonymous {str(anonymous).lower()}\npersistence true\n"
            f"persistence_location {self.folder}/\nuser {getpass.getuser()}\n"
            f"log_dest file {self.folder}/mosquitto.log\n{extra}")
        self.process: subprocess.Popen | None = None

    def start(self) -> "Mosquitto":
        self.process = subprocess.Popen([MOSQUITTO, "-c", str(self.config)], stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE)
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return self
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"mosquitto did not start: {self.process.stderr.read().decode()}")
                time.sleep(0.05)

    def stop(self, sig=signal.SIGTERM) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(sig)
            self.process.wait(10)
        self.process = None

    def kill(self) -> None:
        self.stop(signal.SIGKILL)


class Recorder:
    """A paho subscriber to ``topic`` (QoS 1) keeping every message as ``(topic, payload dict,
    retained)``. ``persistent``: a session the broker keeps while it is away (clean_session False)."""

    def __init__(self, url_port: int, topic: str = "mexican-train/#", client_id: str = "recorder",
                 persistent: bool = True, username: str | None = None, password: str | None = None):
        import paho.mqtt.client as mqtt

        self.messages: list[tuple[str, dict, bool]] = []
        self.dups: list[bool] = []
        self.lock = threading.Lock()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id,
                                  clean_session=not persistent)
        self.client.reconnect_delay_set(0.2, 1)
        if username is not None:
            self.client.username_pw_set(username, password)
        self.client.on_connect = lambda c, u, f, rc, p=None: c.subscribe(topic, qos=1)
        self.client.on_message = self._message
        self.client.connect("127.0.0.1", url_port, keepalive=10)
        self.client.loop_start()

    def _message(self, client, userdata, msg):
        with self.lock:
            self.messages.append((msg.topic, json.loads(msg.payload), bool(msg.retain)))
            self.dups.append(bool(msg.dup))       # the broker sending again what it sent before

    def on(self, suffix: str, first_time: bool = False) -> list[dict]:
        """The payloads on topics ending ``/suffix``; ``first_time``: without the broker's own
        redeliveries (DUP: Mosquitto resends a persistent session's messages after a restart)."""
        with self.lock:
            return [p for (t, p, _r), dup in zip(self.messages, self.dups)
                    if t.endswith("/" + suffix) and not (first_time and dup)]

    def wait(self, condition, timeout: float = 15.0, what: str = "messages"):
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what}; got {len(self.messages)} messages")
            time.sleep(0.02)

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()
