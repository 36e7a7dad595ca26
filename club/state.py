"""The club's picture of the evening: each hub's status and public view, and the leaderboard.

``Club.handle(topic, payload)`` takes one MQTT message (docs/club.md); ``Club.api()`` is the body
of ``GET /api/club``. Messages of another payload version, of no hub or not JSON are ignored (and
logged); the club never decides a rule: every table's facts come from the hub's own view.
"""
from __future__ import annotations

import json
import logging
import threading

from station.mqtt_config import HUB_NAME, TOPIC_ROOT
from station.summary import table_summary

from .store import ClubStore

log = logging.getLogger("station.club")


def leaderboard(games: list[dict]) -> list[dict]:
    """Players over the finished ``games`` (``ClubStore.games()``), best first: ``[{"rank",
    "shared", "name", "games", "wins", "points", "average", "placings"}]``. Most wins first, then
    the lowest average points per game (points count against, rules.md 2); ``placings`` sums
    the ranks each game gave (1 = won). Players are told apart by their name."""
    rows: dict[str, dict] = {}
    for game in games:
        for s in game["standings"]:
            row = rows.setdefault(s["name"], {"name": s["name"], "games": 0, "wins": 0, "points": 0, "placings": 0})
            row["games"] += 1
            row["points"] += int(s["total"])
            row["placings"] += int(s["rank"])
            row["wins"] += s["rank"] == 1
    for row in rows.values():
        row["average"] = round(row["points"] / row["games"], 1)
    key = lambda r: (-r["wins"], r["points"] / r["games"])     # noqa: E731
    order = sorted(rows.values(), key=lambda r: (*key(r), r["name"].casefold()))
    for row in order:
        row["rank"] = 1 + sum(1 for other in order if key(other) < key(row))
        row["shared"] = sum(1 for other in order if key(other) == key(row)) > 1
    return [{"rank": r["rank"], "shared": r["shared"], **{k: r[k] for k in
             ("name", "games", "wins", "points", "average", "placings")}} for r in order]


class Club:
    """Every hub seen on the broker, kept in ``store`` (a ``ClubStore``); thread-safe."""

    def __init__(self, store: ClubStore):
        self.store = store
        self.lock = threading.Lock()
        self.hubs: dict[str, dict] = {name: {"online": online, "version": version, "view": view}
                                      for name, online, version, view in store.hubs()}
        from .director import Director

        self.director = Director(self)

    def handle(self, topic: str, payload: bytes) -> None:
        """One broker message on ``mexican-train/<hub>/<status|view|journal>``."""
        parts = topic.split("/")
        if len(parts) != 3 or parts[0] != TOPIC_ROOT or not HUB_NAME.fullmatch(parts[1]) or not payload:
            return
        hub, kind = parts[1], parts[2]
        try:
            message = json.loads(payload)
        except (ValueError, UnicodeDecodeError):
            log.warning("ignored a message on %s: not JSON", topic)
            return
        if not isinstance(message, dict) or message.get("v") != 1:
            log.warning("ignored a message on %s: payload version %r, this club reads 1", topic,
                        message.get("v") if isinstance(message, dict) else None)
            return
        try:
            if kind == "journal":
                if self.store.add_entry(hub, message) and message.get("final"):
                    self.director.progress()      # every table of a tournament game over: the next
                return
            with self.lock:
                row = self.hubs.setdefault(hub, {"online": False, "version": None, "view": None})
                if kind == "status":
                    row["online"] = bool(message.get("online"))
                elif kind == "view" and isinstance(message.get("view"), dict):
                    row["version"], row["view"] = message.get("version"), message["view"]
                else:
                    return
                online, version, view = row["online"], row["version"], row["view"]
            self.store.save_hub(hub, online, version, view)
        except (KeyError, TypeError, ValueError) as exc:
            log.warning("ignored a message on %s: %s", topic, exc)

    def missing(self) -> list[tuple[str, int]]:
        """``[(hub, seq)]``: online hubs whose latest view is newer than the club's unbroken journal
        (a message lost while the club or the broker was away): ask each again from ``seq``."""
        with self.lock:
            seen = [(name, row["version"]) for name, row in self.hubs.items()
                    if row["online"] and isinstance(row["version"], int)]
        out = []
        for name, version in seen:
            first = self.store.first_missing(name)
            if first <= version:
                out.append((name, first))
        return out

    def api(self) -> dict:
        """``GET /api/club``: ``{"hubs": [{"name", "online", "version", "game"}], "leaderboard",
        "tournament" (``Director.summary()``, None without one), "games"}`` (``game``: ``table_summary``; ``games``: the finished games, newest first,
        ``{"hub", "game", "players", "totals", "standings", "rounds", "at"}``)."""
        with self.lock:
            hubs = [{"name": name, "online": row["online"], "version": row["version"],
                     "game": table_summary(row["view"])} for name, row in sorted(self.hubs.items())]
        finished = self.store.games()
        return {"hubs": hubs, "leaderboard": leaderboard(finished), "tournament": self.director.summary(),
                "games": [{k: g[k] for k in ("hub", "game", "players", "totals", "standings", "rounds", "at")}
                          for g in reversed(finished)]}
