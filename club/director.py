"""The club director's tournament: set it up, send each hub its next set-up, rank, export.

``Director(club)`` keeps tournaments in the club's store. ``create`` seats the players
(``tournament.seating``) at the hubs online now and sends game 1's set-ups; each time every table
of a game has finished, the next game's set-ups go out. A set-up is a retained message on
``mexican-train/<hub>/setup``: ``{"v": 1, "tournament", "game" (0-based), "games", "players",
"profile", "set", "options"}``; the hub's host confirms it on the host page (the hub decides the game, the
club only proposes). An empty retained message clears a hub that sits the game out.
"""
from __future__ import annotations

import json
import threading

from station.mqtt_config import TOPIC_ROOT
from .tournament import TournamentError, as_csv, ranking, seating

PROFILES = ("classic", "hub")


class Director:
    """Tournaments of ``club`` (a ``state.Club``); ``publish(topic, payload, retain)`` is the
    listener's (set by ``ClubListener``); without it set-ups are kept and sent once it is set."""

    def __init__(self, club):
        self.club = club
        self.store = club.store
        self.publish = None
        self.lock = threading.Lock()

    def create(self, players: list[str], games: int, by: str = "points", profile: str = "hub",
               set: int | None = None, seed: int = 0, options: dict | None = None) -> dict:
        """Set up a tournament on the hubs online now and send game 1; returns ``summary()``.
        Raises ``TournamentError`` naming the field (players, games, by, profile, hubs)."""
        players = [p.strip() for p in players if isinstance(p, str)]
        if not players or not all(players) or any(len(p) > 40 for p in players):
            raise TournamentError("give every player a name of 1-40 characters", "players")
        if profile not in PROFILES:
            raise TournamentError(f"profile must be one of {', '.join(PROFILES)}", "profile")
        if by not in ("points", "placings"):
            raise TournamentError("rank by 'points' or 'placings'", "by")
        hubs = sorted(h["name"] for h in self.club.api()["hubs"] if h["online"])
        plan = seating(players, hubs, games, seed)
        spec = {"players": players, "games": games, "by": by, "profile": profile, "set": set,
                "options": dict(options or {}), "hubs": hubs, "plan": plan}
        with self.lock:
            tid = self.store.new_tournament(spec)
        self.progress()
        return self.summary(tid)

    def summary(self, tid: int | None = None) -> dict | None:
        """``{"id", "players", "games", "by", "profile", "set", "plan", "current" (0-based game
        being played, None once all are over), "done": [[hubs finished] per game], "standings"}``;
        None without a tournament."""
        found = self.store.tournament(tid)
        if found is None:
            return None
        tid, spec = found
        results = self.store.tournament_results(tid)
        done = [[r["hub"] for r in results if r["game"] == g] for g in range(spec["games"])]
        current = next((g for g, game in enumerate(spec["plan"]) if not set(game) <= set(done[g])), None)
        return {"id": tid, **{k: spec[k] for k in ("players", "games", "by", "profile", "set", "plan")},
                "current": current, "done": done, "standings": ranking(spec["players"], results, spec["by"])}

    def progress(self) -> None:
        """Send the set-ups of the newest tournament's current game, once per game."""
        with self.lock:
            summary = self.summary()
            if summary is None or self.publish is None:
                return
            key = f"tournament:{summary['id']}:sent"
            sent = int(self.store.setting(key, lambda: "-1"))
            game = summary["current"]
            if game is None or game <= sent:
                return
            spec = self.store.tournament(summary["id"])[1]
            for hub in spec["hubs"]:
                seats = summary["plan"][game].get(hub)
                body = b"" if not seats else json.dumps(
                    {"v": 1, "tournament": summary["id"], "game": game, "games": summary["games"], "players": seats,
                     "profile": summary["profile"], "set": summary["set"], "options": spec.get("options", {})},
                    ensure_ascii=False).encode()
                self.publish(f"{TOPIC_ROOT}/{hub}/setup", body, True)
            self.store.set_setting(key, str(game))

    def export(self, tid: int, kind: str) -> tuple[str, str] | None:
        """The tournament as ``("json" | "csv", text)``; None when there is none."""
        summary = self.summary(tid)
        if summary is None:
            return None
        if kind == "csv":
            return "text/csv", as_csv(summary["standings"])
        games = [g for g in self.store.games() if (g["hub"], g["game"]) in self._linked(tid)]
        return "application/json", json.dumps({**summary, "results": games}, ensure_ascii=False, indent=1)

    def _linked(self, tid: int) -> set[tuple[str, int]]:
        with self.store.lock:
            return set(self.store.db.execute("SELECT hub, game FROM links WHERE tournament = ?", (tid,)).fetchall())
