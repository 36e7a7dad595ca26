"""The club's SQLite store: every journal message of every hub, every finished game, each hub's
latest status and view (so a restarted club shows the tables at once).

Idempotent: a journal message is kept once per (hub, game, seq); a message the broker sends again
(a lost PUBACK, a restarted broker, a restarted hub) changes nothing.
"""
from __future__ import annotations

import json
import os
import sqlite3
import threading
import time

from station.store import read_setting, write_setting

SCHEMA = """
CREATE TABLE IF NOT EXISTS entries (
    hub TEXT NOT NULL, game INTEGER NOT NULL, seq INTEGER NOT NULL,
    at REAL, received REAL NOT NULL, entry TEXT NOT NULL,
    client TEXT, user TEXT,
    PRIMARY KEY (hub, game, seq)
);
CREATE INDEX IF NOT EXISTS entries_by_seq ON entries (hub, seq);
CREATE TABLE IF NOT EXISTS games (
    hub TEXT NOT NULL, game INTEGER NOT NULL, status TEXT NOT NULL,
    players TEXT NOT NULL, totals TEXT NOT NULL, standings TEXT NOT NULL, rounds INTEGER NOT NULL,
    seq INTEGER NOT NULL, at REAL,
    PRIMARY KEY (hub, game)
);
CREATE TABLE IF NOT EXISTS tournaments (
    id INTEGER PRIMARY KEY, created REAL NOT NULL, spec TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS links (
    hub TEXT NOT NULL, game INTEGER NOT NULL, tournament INTEGER NOT NULL, round INTEGER NOT NULL,
    PRIMARY KEY (hub, game)
);
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS hubs (
    name TEXT PRIMARY KEY, online INTEGER NOT NULL, version INTEGER, view TEXT, seen REAL NOT NULL
);
"""


class ClubStore:
    """The SQLite file ``club.sqlite3`` in ``data_dir`` (created when missing). Thread-safe: the
    broker's thread writes, the web's threads read."""

    def __init__(self, data_dir: str):
        os.makedirs(data_dir, exist_ok=True)
        self.path = os.path.join(data_dir, "club.sqlite3")
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.executescript(SCHEMA)
        kept = {row[1] for row in self.db.execute("PRAGMA table_info(entries)")}
        for column in ("client", "user"):            # a store from before writers were kept
            if column not in kept:
                self.db.execute(f"ALTER TABLE entries ADD COLUMN {column} TEXT")
        self.lock = threading.Lock()

    def close(self) -> None:
        self.db.close()

    def add_entry(self, hub: str, message: dict) -> bool:
        """Keep a journal message (docs/club.md) with its writer (the message's ``client`` and
        ``user``); returns False when (hub, game, seq) was already kept. With ``final`` the game is
        recorded as finished or abandoned."""
        game, seq = int(message["game"]), int(message["seq"])
        with self.lock, self.db:
            self.db.execute("BEGIN IMMEDIATE")
            cur = self.db.execute("INSERT OR IGNORE INTO entries (hub, game, seq, at, received, entry, client, user) "
                                  "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                                  (hub, game, seq, message.get("at"), time.time(), json.dumps(message.get("entry")),
                                   message.get("client"), message.get("user")))
            if not cur.rowcount:
                return False
            entry = message.get("entry") or {}
            club = entry.get("club") if entry.get("type") == "setup" else None
            if isinstance(club, dict) and isinstance(club.get("tournament"), int) and isinstance(club.get("game"), int):
                self.db.execute("INSERT OR REPLACE INTO links (hub, game, tournament, round) VALUES (?, ?, ?, ?)",
                                (hub, game, club["tournament"], club["game"]))
            final = message.get("final")
            if isinstance(final, dict):
                self.db.execute(
                    "INSERT INTO games (hub, game, status, players, totals, standings, rounds, seq, at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(hub, game) DO UPDATE SET "
                    "status = excluded.status, players = excluded.players, totals = excluded.totals, "
                    "standings = excluded.standings, rounds = excluded.rounds, seq = excluded.seq, at = excluded.at "
                    "WHERE excluded.seq > games.seq",
                    (hub, game, str(final.get("status")), json.dumps(final.get("players", [])),
                     json.dumps(final.get("totals", [])), json.dumps(final.get("standings", [])),
                     int(final.get("rounds", 0)), seq, message.get("at")))
        return True

    def last_seq(self, hub: str) -> int:
        """The highest journal ``seq`` kept of ``hub`` (0: none)."""
        with self.lock:
            return self.db.execute("SELECT COALESCE(MAX(seq), 0) FROM entries WHERE hub = ?", (hub,)).fetchone()[0]

    def entries(self, hub: str, game: int | None = None) -> list[tuple[int, int, dict]]:
        """A hub's kept journal messages in order: ``[(game, seq, entry)]``."""
        with self.lock:
            rows = self.db.execute("SELECT game, seq, entry FROM entries WHERE hub = ? AND (? IS NULL OR game = ?) "
                                   "ORDER BY seq", (hub, game, game)).fetchall()
        return [(g, s, json.loads(e)) for g, s, e in rows]

    def writers(self, hub: str) -> list[dict]:
        """Who wrote ``hub``'s kept entries: ``[{"client", "user", "entries", "first", "last"}]``
        (``client``/``user`` None: not named; ``first``/``last``: seq), the most entries first."""
        with self.lock:
            rows = self.db.execute("SELECT client, user, COUNT(*), MIN(seq), MAX(seq) FROM entries WHERE hub = ? "
                                   "GROUP BY client, user ORDER BY COUNT(*) DESC, MIN(seq)", (hub,)).fetchall()
        return [{"client": c, "user": u, "entries": n, "first": lo, "last": hi} for c, u, n, lo, hi in rows]

    def first_missing(self, hub: str) -> int:
        """The first journal ``seq`` of ``hub`` the club has not kept (1 when it has none): the
        end of the unbroken run from the lowest kept seq (the hub's first entry is seq 1)."""
        with self.lock:
            row = self.db.execute(
                "SELECT MIN(e.seq) + 1 FROM entries e WHERE e.hub = ? AND NOT EXISTS "
                "(SELECT 1 FROM entries n WHERE n.hub = e.hub AND n.seq = e.seq + 1)", (hub,)).fetchone()
            first = self.db.execute("SELECT MIN(seq) FROM entries WHERE hub = ?", (hub,)).fetchone()[0]
        if first is None or first > 1:
            return 1
        return row[0]

    def games(self, status: str | None = "finished") -> list[dict]:
        """Recorded games (``status`` None: finished and abandoned), oldest first: ``[{"hub",
        "game", "status", "players", "totals", "standings", "rounds", "at"}]``."""
        with self.lock:
            rows = self.db.execute("SELECT hub, game, status, players, totals, standings, rounds, at FROM games "
                                   "WHERE (? IS NULL OR status = ?) ORDER BY at, hub, game", (status, status)).fetchall()
        return [{"hub": h, "game": g, "status": s, "players": json.loads(p), "totals": json.loads(t),
                 "standings": json.loads(st), "rounds": r, "at": at} for h, g, s, p, t, st, r, at in rows]

    # ---- tournaments
    def new_tournament(self, spec: dict) -> int:
        """Store a tournament (``spec``: players, games, by, profile, set, hubs, plan); its id."""
        with self.lock:
            return self.db.execute("INSERT INTO tournaments (created, spec) VALUES (?, ?)",
                                   (time.time(), json.dumps(spec))).lastrowid

    def tournament(self, tid: int | None = None) -> tuple[int, dict] | None:
        """``(id, spec)`` of tournament ``tid`` (None: the newest), or None."""
        with self.lock:
            row = self.db.execute("SELECT id, spec FROM tournaments WHERE (? IS NULL OR id = ?) ORDER BY id DESC LIMIT 1",
                                  (tid, tid)).fetchone()
        return (row[0], json.loads(row[1])) if row else None

    def tournament_results(self, tid: int) -> list[dict]:
        """The finished games of tournament ``tid``: ``[{"game": its round, "hub", "standings"}]``."""
        with self.lock:
            rows = self.db.execute("SELECT l.round, g.hub, g.standings FROM links l JOIN games g "
                                   "ON g.hub = l.hub AND g.game = l.game WHERE l.tournament = ? AND g.status = 'finished' "
                                   "ORDER BY l.round, g.hub", (tid,)).fetchall()
        return [{"game": r, "hub": h, "standings": json.loads(st)} for r, h, st in rows]

    def setting(self, key: str, make) -> str:
        """A stored setting, made with ``make()`` and stored the first time."""
        with self.lock:
            return read_setting(self.db, key, make)

    def set_setting(self, key: str, value: str) -> None:
        """Store (or replace) a setting."""
        with self.lock:
            write_setting(self.db, key, value)

    def save_hub(self, name: str, online: bool, version: int | None, view: dict | None) -> None:
        with self.lock:
            self.db.execute("INSERT INTO hubs (name, online, version, view, seen) VALUES (?, ?, ?, ?, ?) "
                            "ON CONFLICT(name) DO UPDATE SET online = excluded.online, version = excluded.version, "
                            "view = excluded.view, seen = excluded.seen",
                            (name, int(online), version, json.dumps(view) if view is not None else None, time.time()))

    def hubs(self) -> list[tuple[str, bool, int | None, dict | None]]:
        """Every hub seen: ``[(name, online, version, view)]`` by name."""
        with self.lock:
            rows = self.db.execute("SELECT name, online, version, view FROM hubs ORDER BY name").fetchall()
        return [(n, bool(o), v, json.loads(view) if view else None) for n, o, v, view in rows]
