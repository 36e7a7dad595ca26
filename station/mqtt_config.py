"""Where a hub or the club finds its MQTT broker: the ``--mqtt`` URL, the ``[mqtt]`` table of the
build TOML, or ``STATION_MQTT`` / ``STATION_HUB_NAME`` (docs/club.md).

``mqtt://[USER:PASSWORD@]HOST[:PORT]`` (port 1883) or ``mqtts://...`` (TLS, port 8883; ``ca`` names
a CA file, else the system's). Topic names are ``mexican-train/<hub>/...``: a hub name is 1-64
letters, digits, ``-`` or ``_``.
"""
from __future__ import annotations

import re
import socket
import tomllib
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

TOPIC_ROOT = "mexican-train"
HUB_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")
MQTT_KEYS = {"url", "hub_name", "username", "password", "ca", "ha_discovery"}


class MqttConfigError(ValueError):
    """A broker URL, hub name or ``[mqtt]`` key that cannot be used; the message names it and what
    is allowed."""


@dataclass(frozen=True)
class Broker:
    """A broker: ``host``, ``port``, ``tls`` (bool), ``username``/``password`` (None: anonymous),
    ``ca`` (CA file for TLS, None: the system's)."""
    host: str
    port: int
    tls: bool = False
    username: str | None = None
    password: str | None = None
    ca: str | None = None

    def client_options(self, client) -> None:
        """Pass the credentials and TLS settings to a paho ``Client``."""
        if self.username is not None:
            client.username_pw_set(self.username, self.password)
        if self.tls:
            client.tls_set(ca_certs=self.ca)


def parse_url(url: str, *, username: str | None = None, password: str | None = None,
              ca: str | None = None) -> Broker:
    """``mqtt://[USER:PASS@]HOST[:PORT]`` or ``mqtts://...`` as a ``Broker``; ``username``,
    ``password`` given here win over the URL's. Raises ``MqttConfigError``."""
    parts = urlsplit(url or "")
    if parts.scheme not in ("mqtt", "mqtts") or not parts.hostname:
        raise MqttConfigError(f"--mqtt {url!r}: not a broker address; give mqtt://HOST:PORT "
                              "(or mqtts://HOST:PORT for TLS)")
    try:
        port = parts.port or (8883 if parts.scheme == "mqtts" else 1883)
    except ValueError:
        raise MqttConfigError(f"--mqtt {url!r}: the port is not a number 1-65535") from None
    return Broker(parts.hostname, port, parts.scheme == "mqtts",
                  username if username is not None else (unquote(parts.username) if parts.username else None),
                  password if password is not None else (unquote(parts.password) if parts.password else None),
                  ca)


def hub_name(name: str | None) -> str:
    """The hub's name in topics: ``name``, else this machine's host name made topic-safe.
    Raises ``MqttConfigError`` for a name with other characters."""
    if not name:
        name = re.sub(r"[^A-Za-z0-9_-]", "-", socket.gethostname())[:64] or "hub"
    if not HUB_NAME.fullmatch(name):
        raise MqttConfigError(f"--hub-name {name!r}: use 1-64 letters, digits, '-' or '_' "
                              "(it is part of every topic name)")
    return name


def from_toml(path: str | None) -> dict:
    """The ``[mqtt]`` table of the build TOML at ``path`` ({} when none). Raises ``MqttConfigError``
    for an unknown key or a value that is not text."""
    if not path:
        return {}
    try:
        with open(path, "rb") as f:
            table = tomllib.load(f).get("mqtt") or {}
    except (OSError, tomllib.TOMLDecodeError):
        return {}                      # the build loader reports an unreadable file
    for key, value in table.items():
        if key not in MQTT_KEYS:
            raise MqttConfigError(f"{path}: [mqtt] {key}: unknown key; allowed: {', '.join(sorted(MQTT_KEYS))}")
        if key == "ha_discovery" and isinstance(value, bool):
            table[key] = "true" if value else ""
        elif not isinstance(value, str):
            raise MqttConfigError(f"{path}: [mqtt] {key}: give text in quotes")
    return table
