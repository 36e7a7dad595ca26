"""Home Assistant MQTT discovery for a hub (docs/club.md): three sensors of one device, whose turn,
the round and the leader (with every player's total as attributes), read from the hub's retained
``mexican-train/<hub>/summary``; available while ``mexican-train/<hub>/status`` says online.

``summary(hub, view)`` is that small retained payload (any dashboard may read it); ``configs(hub,
prefix)`` the retained discovery messages, ``[(topic, payload dict)]``.
"""
from __future__ import annotations

from .summary import table_summary

DISCOVERY_PREFIX = "homeassistant"


def summary(hub: str, view: dict) -> dict:
    """``{"v": 1, "hub", "version", "status", "turn" (a name or None), "round" ("3/13" or None),
    "leader" (a name or None), "totals": {name: points}}`` from the hub's public view."""
    game = table_summary(view)
    if game is None:
        return {"v": 1, "hub": hub, "version": view.get("version"), "status": None, "turn": None,
                "round": None, "leader": None, "totals": {}}
    players = game["players"]
    leader = game["standings"][0]["name"] if game["standings"] and game["round"] is not None else None
    return {"v": 1, "hub": hub, "version": view.get("version"), "status": game["status"],
            "turn": players[game["turn"]] if game["turn"] is not None else None,
            "round": f"{game['round'] + 1}/{game['rounds']}" if game["round"] is not None else None,
            "leader": leader, "totals": dict(zip(players, game["totals"]))}


def configs(hub: str, prefix: str) -> list[tuple[str, dict]]:
    """The discovery messages of ``hub`` whose topics start with ``prefix`` (``mexican-train/<hub>``)."""
    device = {"identifiers": [f"mexican_train_{hub}"], "name": f"Mexican Train {hub}",
              "manufacturer": "Mexican Train hub", "model": "hub station"}
    common = {"state_topic": f"{prefix}/summary", "availability_topic": f"{prefix}/status",
              "availability_template": "{{ 'online' if value_json.online else 'offline' }}",
              "device": device}
    sensors = {
        "turn": {"name": "Whose turn", "icon": "mdi:account-arrow-right",
                 "value_template": "{{ value_json.turn or 'nobody' }}"},
        "round": {"name": "Round", "icon": "mdi:counter", "value_template": "{{ value_json.round or '-' }}"},
        "leader": {"name": "Leader", "icon": "mdi:trophy",
                   "value_template": "{{ value_json.leader or '-' }}",
                   "json_attributes_topic": f"{prefix}/summary",
                   "json_attributes_template": "{{ value_json.totals | tojson }}"},
    }
    return [(f"{DISCOVERY_PREFIX}/sensor/mexican_train_{hub}/{key}/config",
             {**common, **body, "unique_id": f"mexican_train_{hub}_{key}",
              "object_id": f"mexican_train_{hub}_{key}"}) for key, body in sensors.items()]
