"""The club's picture of the evening: each hub's status and public view, and the leaderboard.

``Club.handle(topic, payload)`` takes one MQTT message (docs/club.md); ``Club.api()`` is the body
of ``GET /api/club``. Every payload is checked against its documented model first
(station/mqtt_schema.py: size, depth, types); a message that fails, or a journal ``seq`` that is
neither the hub's next nor a replay of one already due, is counted per hub (``rejected`` in
``/api/club``), logged once per hub per minute, and never stored; so is a message that names another
hub than its topic's. Each kept entry keeps its writer (the MQTT client id and broker user the
message names; ``writers`` in ``/api/club``). What is shown is checked again
when read, so garbage stored by an older club cannot break a page. The club never decides a rule:
every table's facts come from the hub's own view.
"""
from __future__ import annotations

import logging
import threading

from station.logs import once_a_minute
from station.mqtt_config import HUB_NAME, TOPIC_ROOT
from station.mqtt_schema import (JOURNAL_MAX_BYTES, SMALL_MAX_BYTES, VIEW_MAX_BYTES, BadMessage, JournalMessage,
                                 PublicView, Standing, StatusMessage, ViewMessage, parse)
from station.summary import table_summary

from .store import ClubStore

log = logging.getLogger("station.club")


def _shown_view(view) -> dict | None:
    """A stored view as the club may show it: ``view`` when it is a ``PublicView``, else None."""
    try:
        return PublicView.model_validate(view).model_dump(mode="json") if isinstance(view, dict) else None
    except ValueError:
        return None


def _shown_game(game) -> bool:
    """Whether a stored finished game can be counted (its standings are ``Standing`` rows)."""
    try:
        return all(Standing.model_validate(s) is not None for s in game["standings"]) and \
            isinstance(game["players"], list) and isinstance(game["totals"], list)
    except (ValueError, TypeError, KeyError):
        return False


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
        self.hubs: dict[str, dict] = {name: {"online": online, "version": version, "view": _shown_view(view)}
                                      for name, online, version, view in store.hubs()}
        self.rejected: dict[str, int] = {}      # hub -> messages refused since the club started
        from .director import Director

        self.director = Director(self)

    def handle(self, topic: str, payload: bytes) -> None:
        """One broker message on ``mexican-train/<hub>/<status|view|journal>``; a bad one is
        counted and logged (``reject``), never stored."""
        parts = topic.split("/")
        if len(parts) != 3 or parts[0] != TOPIC_ROOT or not HUB_NAME.fullmatch(parts[1]) or not payload:
            return
        hub, kind = parts[1], parts[2]
        model, limit = {"status": (StatusMessage, SMALL_MAX_BYTES), "view": (ViewMessage, VIEW_MAX_BYTES),
                        "journal": (JournalMessage, JOURNAL_MAX_BYTES)}.get(kind, (None, 0))
        if model is None:
            return
        try:
            message = parse(model, payload, limit)
            if kind == "journal":
                self._journal(hub, message, payload)
                return
            with self.lock:
                row = self.hubs.setdefault(hub, {"online": False, "version": None, "view": None})
                if kind == "status":
                    row["online"] = message.online
                else:
                    row["version"], row["view"] = message.version, message.model_dump(mode="json")["view"]
                online, version, view = row["online"], row["version"], row["view"]
            self.store.save_hub(hub, online, version, view)
        except BadMessage as exc:
            self.reject(hub, kind, str(exc))

    def _journal(self, hub: str, message: JournalMessage, payload: bytes) -> None:
        """Keep a checked journal message whose ``seq`` is the hub's next or fills a gap below it."""
        if message.hub is not None and message.hub != hub:
            raise BadMessage(f"the message names hub {message.hub[:64]!r}, not the topic's {hub!r}")
        newest = self.store.last_seq(hub)
        if message.seq > newest + 1:
            raise BadMessage(f"seq {message.seq} is not the hub's next ({newest + 1})")
        entry = message.model_dump(mode="json", by_alias=True, exclude_none=True)
        if self.store.add_entry(hub, entry) and message.final is not None:
            self.director.progress()      # every table of a tournament game over: the next

    def reject(self, hub: str, kind: str, why: str) -> None:
        """Count a refused message of ``hub`` and log it (once per hub per minute)."""
        with self.lock:
            self.rejected[hub] = self.rejected.get(hub, 0) + 1
            count = self.rejected[hub]
        once_a_minute(log, f"rejected {hub}", "ignored a %s message of hub %s: %s (%d refused so far)",
                      kind, hub, why, count)

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
        """``GET /api/club``: ``{"hubs": [{"name", "online", "version", "game", "rejected", "writers"}], "leaderboard",
        "tournament" (``Director.summary()``, None without one), "games"}`` (``game``: ``table_summary``; ``writers``:
        ``ClubStore.writers``, who wrote the hub's kept journal; ``games``: the finished games, newest first,
        ``{"hub", "game", "players", "totals", "standings", "rounds", "at"}``)."""
        with self.lock:
            hubs = [{"name": name, "online": row["online"], "version": row["version"],
                     "game": table_summary(row["view"]), "rejected": self.rejected.get(name, 0)}
                    for name, row in sorted(self.hubs.items())]
        for hub in hubs:
            hub["writers"] = self.store.writers(hub["name"])
        finished = [g for g in self.store.games() if _shown_game(g)]
        return {"hubs": hubs, "leaderboard": leaderboard(finished), "tournament": self.director.summary(),
                "games": [{k: g[k] for k in ("hub", "game", "players", "totals", "standings", "rounds", "at")}
                          for g in reversed(finished)]}
